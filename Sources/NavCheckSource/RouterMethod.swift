import NavCheck

/// A method of the app's router and what it does to navigation, inferred from its body: it
/// appends its parameter to a path (`navigate(to:)`), assigns it to a presentation property
/// (`present(_:)`), does either by the route (a coordinator's `route(to:)`), pops, or calls
/// another router method with its parameter.
struct RouterMethod {
  enum Effect: Equatable {
    case push
    case present(NavigationSite.Style?)
    /// By the route: a coordinator that pushes or presents as the route says.
    case route
    case dismiss
    case popToRoot
  }

  var effect: Effect
  /// The type that declares it.
  var owner: String
  /// Whether its own body navigates (not only through another router method).
  var direct = true
  /// The type of the parameter it navigates with, as written.
  var parameterType: String?

  /// The router methods of an app, by name. Methods of `routerTypes` (a hint) that take a
  /// parameter count as routing by the route where their body says nothing the draft reads.
  static func infer(_ index: AppIndex, routerTypes: Set<String>) -> [String: RouterMethod] {
    var methods: [String: RouterMethod] = [:]
    let presentationProperties = Set(
      index.types.values.flatMap { type in
        type.properties.filter { isPresentation($0.name) && $0.type.hasSuffix("?") }.map(\.name)
      })
    // Direct effects first, then calls to router methods with the parameter, until nothing
    // changes.
    var calls: [(name: String, owner: String, callee: String, type: String?)] = []
    for type in index.types.values {
      for method in type.methods where !method.isStatic {
        guard let body = method.body else { continue }
        let parameters = Set(method.parameters.map(\.name))
        var facts = Facts()
        scan(body, parameters: parameters, presentation: presentationProperties, into: &facts)
        let parameterType = method.parameters.first?.type
        if let effect = facts.effect(hasParameter: !parameters.isEmpty) {
          merge(
            &methods, method.name,
            RouterMethod(effect: effect, owner: type.name, parameterType: parameterType))
        } else if routerTypes.contains(type.name), !parameters.isEmpty {
          merge(
            &methods, method.name,
            RouterMethod(effect: .route, owner: type.name, parameterType: parameterType))
        }
        for callee in facts.calls where callee != method.name {
          calls.append((method.name, type.name, callee, parameterType))
        }
      }
    }
    var changed = true
    while changed {
      changed = false
      for call in calls where methods[call.name] == nil {
        if let callee = methods[call.callee] {
          methods[call.name] = RouterMethod(
            effect: callee.effect, owner: call.owner, direct: false, parameterType: call.type)
          changed = true
        }
      }
    }
    for name in ["append", "removeLast", "removeAll", "popLast", "init", "callAsFunction"] {
      methods[name] = nil
    }
    return methods
  }

  private static func merge(
    _ methods: inout [String: RouterMethod], _ name: String, _ method: RouterMethod
  ) {
    guard let existing = methods[name] else {
      methods[name] = method
      return
    }
    if existing.effect != method.effect {
      methods[name]?.effect = .route
    }
  }

  static func isPresentation(_ property: String) -> Bool {
    let lower = property.lowercased()
    return ["sheet", "cover", "fullscreen", "presented", "modal", "popover"].contains {
      lower.contains($0)
    }
  }

  static func style(of property: String) -> NavigationSite.Style {
    let lower = property.lowercased()
    if lower.contains("fullscreen") || lower.contains("cover") { return .fullScreenCover }
    if lower.contains("popover") { return .popover }
    return .sheet
  }

  struct Facts {
    var pushes = false
    var presents: [NavigationSite.Style] = []
    var pops = false
    var popsToRoot = false
    var calls: [String] = []

    func effect(hasParameter: Bool) -> Effect? {
      if hasParameter && pushes && !presents.isEmpty { return .route }
      if hasParameter && pushes { return .push }
      if hasParameter && !presents.isEmpty {
        return Set(presents).count == 1 ? .present(presents[0]) : .route
      }
      if pops { return .dismiss }
      if popsToRoot { return .popToRoot }
      return nil
    }
  }

  /// Whether an expression uses one of the parameters.
  static func uses(_ node: JSONValue, _ parameters: Set<String>) -> Bool {
    if node.nodeKind == "unresolved_decl_ref_expr", let name = node["name"]?.stringValue,
      parameters.contains(name)
    {
      return true
    }
    return node.childNodes.contains { uses($0, parameters) }
  }

  static func scan(
    _ node: JSONValue, parameters: Set<String>, presentation: Set<String>, into facts: inout Facts
  ) {
    switch node.nodeKind {
    case "closure_expr" where node.byteRange == nil:
      break
    case "call_expr":
      if let (name, base) = SiteCollector.callee(node) {
        let arguments = SiteCollector.arguments(node)
        let baseName = SiteCollector.lastName(base)
        if let baseName, SiteCollector.isPath(baseName) {
          switch name {
          case "append" where arguments.contains { uses($0.expr, parameters) }: facts.pushes = true
          case "removeLast", "popLast": facts.pops = true
          case "removeAll": facts.popsToRoot = true
          default: break
          }
        } else if arguments.contains(where: { uses($0.expr, parameters) }) {
          facts.calls.append(name)
        }
      }
    case "sequence_expr":
      let elements = node["elements"]?.elements ?? []
      if elements.count == 3, elements[1].nodeKind == "assign_expr",
        let property = SiteCollector.lastName(elements[0])
      {
        if presentation.contains(property) && uses(elements[2], parameters) {
          facts.presents.append(style(of: property))
        } else if SiteCollector.isPath(property) && elements[2].nodeKind == "array_expr"
          && elements[2].childNodes.isEmpty
        {
          facts.popsToRoot = true
        }
      }
    default: break
    }
    for child in node.childNodes {
      scan(child, parameters: parameters, presentation: presentation, into: &facts)
    }
  }
}
