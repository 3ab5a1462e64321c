import Foundation
import NavCheck

/// The second pass of a draft: walks every body of every type and collects the places that
/// navigate (`NavigationSite`), the modifiers that bind presentations, the `TabView`s, the
/// deep-link handlers, which views each type shows and which view each route case leads to.
struct SiteCollector {
  let index: AppIndex
  /// Router methods by name, with what they do (inferred from their bodies).
  let routerMethods: [String: RouterMethod]

  var sites: [NavigationSite] = []
  var bindings: [PresentationBinding] = []
  var tabViews: [TabDeclaration] = []
  var deepLinks: [DeepLinkHandler] = []
  /// Route members (by name, type unknown until resolved) and the views they lead to.
  var memberViews: [(member: String, type: String?, view: String)] = []
  /// `navigationDestination(for: T.self)` types.
  var destinationTypes: [(type: String, place: AppIndex.Place)] = []
  /// Type → the capitalized names it calls (the views it shows, the types it makes).
  var references: [String: Set<String>] = [:]
  /// Types whose code calls `interactiveDismissDisabled()`.
  var swipeDisabled: Set<String> = []
  /// Views presented or pushed by name (`NavigationLink(destination:)`, `sheet(isPresented:)`).
  var rootViews: [(view: String, place: AppIndex.Place)] = []
  /// In a `WindowGroup`, each view that wraps another in its closure: `Outer { Inner() }`.
  var wrapped: [String: String] = [:]
  /// The views `WindowGroup { … }` shows: the app's root.
  var windowViews: [(view: String, place: AppIndex.Place)] = []
  /// `router.navigate(to: x)` with a value the draft cannot name.
  var unnamed: [(text: String, place: AppIndex.Place, method: String?)] = []

  struct Context {
    var owner: String
    var file: Int
    var scope: Range<Int>
    var isAsync = false
    var cancelsOnDismiss = false
    var deepLink: String?
    var method: String?
    /// Inside a router method's own body: its pushes are the router's mechanics, not sites.
    var inRouter = false
  }

  init(index: AppIndex, routerMethods: [String: RouterMethod]) {
    self.index = index
    self.routerMethods = routerMethods
    for (fileIndex, file) in index.files.enumerated() {
      let whole = 0..<file.text.count
      for item in file.tree["items"]?.elements ?? [] {
        walkDeclaration(item, Context(owner: "", file: fileIndex, scope: whole))
      }
    }
  }

  static let typeDeclarations: Set<String> = [
    "enum_decl", "struct_decl", "class_decl", "actor_decl", "protocol_decl", "extension_decl",
  ]

  private mutating func walkDeclaration(_ node: JSONValue, _ context: Context) {
    var context = context
    if let range = node.byteRange { context.scope = range }
    switch node.nodeKind {
    case let kind? where Self.typeDeclarations.contains(kind):
      var name = node.declName ?? ""
      if kind == "extension_decl" {
        name = AppIndex.lastComponent(node["extended_type"]?.stringValue ?? "")
      }
      context.owner = name
      context.deepLink = nil
      context.isAsync = false
      for member in node["members"]?.elements ?? [] { walkDeclaration(member, context) }
    case "func_decl":
      let name = node.declName ?? ""
      context.method = name
      context.inRouter =
        routerMethods[name].map { $0.owner == context.owner && $0.direct } ?? false
      let method = index.types[context.owner]?.methods.first {
        $0.name == name && $0.place.offset == node.byteRange?.lowerBound
      }
      context.isAsync = method?.isAsync ?? false
      let handles = ["handle", "deeplink", "openurl", "route"].contains {
        name.lowercased().contains($0)
      }
      if let method, handles, method.parameters.contains(where: { $0.type.hasSuffix("URL") }),
        method.body != nil
      {
        let handler = (context.owner.isEmpty ? "" : context.owner + "_") + name
        context.deepLink = handler
        deepLinks.append(
          DeepLinkHandler(
            name: handler,
            place: AppIndex.Place(file: context.file, offset: context.scope.lowerBound)))
      }
      if let body = node["body"] { walk(body, context) }
    default:
      walk(node, context)
    }
  }

  private func place(_ context: Context, _ offset: Int?) -> AppIndex.Place {
    AppIndex.Place(file: context.file, offset: offset ?? context.scope.lowerBound)
  }

  /// The offset of a call named `name`: just before its first closure where it has one, else
  /// the first occurrence in the enclosing scope.
  private func offset(of name: String, _ call: JSONValue, _ context: Context) -> Int {
    let file = index.files[context.file]
    if let closure = Self.firstRange(in: call["args"]),
      let found = file.find(name, in: context.scope, before: closure)
    {
      return found
    }
    return file.find(name, in: context.scope) ?? context.scope.lowerBound
  }

  /// The first byte range inside a node (a closure's parameters or body).
  static func firstRange(in node: JSONValue?) -> Int? {
    guard let node else { return nil }
    if let range = node.byteRange { return range.lowerBound }
    for child in node.childNodes {
      if let found = firstRange(in: child) { return found }
    }
    return nil
  }

  static func containsAwait(_ node: JSONValue) -> Bool {
    if node.nodeKind == "await_expr" { return true }
    if node.nodeKind == "closure_expr" { return false }
    return node.childNodes.contains(where: containsAwait)
  }

  mutating func walk(_ node: JSONValue, _ context: Context) {
    var context = context
    if let range = node.byteRange { context.scope = range }
    switch node.nodeKind {
    case let kind? where Self.typeDeclarations.contains(kind) || kind == "func_decl":
      walkDeclaration(node, context)
      return
    case "brace_stmt":
      for element in node["elements"]?.elements ?? [] {
        walk(element, context)
        if Self.containsAwait(element) { context.isAsync = true }
      }
      return
    case "await_expr":
      context.isAsync = true
    case "call_expr":
      if call(node, context) { return }
    case "sequence_expr":
      assignment(node, context)
    case "switch_stmt":
      switchCases(node)
    default: break
    }
    for child in node.childNodes { walk(child, context) }
  }

  // MARK: - Calls

  /// The called name and its base of a call: `a.b(…)` → ("b", a), `f(…)` → ("f", nil).
  static func callee(_ call: JSONValue) -> (name: String, base: JSONValue?)? {
    guard let fn = call["fn"] else { return nil }
    switch fn.nodeKind {
    case "unresolved_dot_expr": return fn["field"]?.stringValue.map { ($0, fn["base"]) }
    case "unresolved_decl_ref_expr", "unresolved_member_expr":
      return fn["name"]?.stringValue.map { ($0, nil) }
    case "unresolved_specialize_expr":
      return fn["sub_expr"]?["name"]?.stringValue.map { ($0, nil) }
    default: return nil
    }
  }

  static func arguments(_ call: JSONValue) -> [(label: String, expr: JSONValue)] {
    (call["args"]?["args"]?.elements ?? []).compactMap { argument in
      argument["expr"].map { (argument["label"]?.stringValue ?? "", $0) }
    }
  }

  /// The last name of an expression: `$router.presentedSheet` → `presentedSheet`.
  static func lastName(_ expr: JSONValue?) -> String? {
    guard let expr else { return nil }
    switch expr.nodeKind {
    case "unresolved_decl_ref_expr":
      return expr["name"]?.stringValue.map { $0.hasPrefix("$") ? String($0.dropFirst()) : $0 }
    case "unresolved_dot_expr": return expr["field"]?.stringValue
    case "paren_expr", "inout_expr", "force_value_expr", "bind_optional_expr",
      "optional_evaluation_expr":
      return lastName(expr["sub_expr"])
    default: return nil
    }
  }

  /// What an expression names as a route: `.detail(id: 1)`, `Route.detail`, `DetailView()`.
  static func target(_ expr: JSONValue?) -> NavigationSite.Target? {
    guard let expr else { return nil }
    switch expr.nodeKind {
    case "unresolved_member_expr":
      return expr["name"]?.stringValue.map { .member(type: nil, name: $0) }
    case "unresolved_dot_expr":
      guard let field = expr["field"]?.stringValue else { return nil }
      let base = expr["base"]
      if base?.nodeKind == "unresolved_decl_ref_expr", let type = base?["name"]?.stringValue,
        type.first?.isUppercase == true
      {
        return .member(type: type, name: field)
      }
      return nil
    case "call_expr":
      guard let fn = expr["fn"] else { return nil }
      if fn.nodeKind == "unresolved_decl_ref_expr", let name = fn["name"]?.stringValue,
        name.first?.isUppercase == true
      {
        return .view(name)
      }
      return target(fn)
    case "paren_expr", "await_expr", "try_expr":
      return target(expr["sub_expr"])
    default: return nil
    }
  }

  /// The first view a closure shows: the innermost base of its first capitalized call chain.
  static func firstView(_ node: JSONValue?) -> String? {
    guard let node else { return nil }
    if node.nodeKind == "call_expr", let fn = node["fn"] {
      if fn.nodeKind == "unresolved_decl_ref_expr", let name = fn["name"]?.stringValue,
        name.first?.isUppercase == true,
        ![
          "Group", "NavigationStack", "NavigationView", "ZStack", "VStack", "HStack", "Text",
          "Label", "Image", "Task", "AnyView", "ScrollView", "List", "Section", "ForEach",
          "Button", "EmptyView", "Color", "Spacer", "Divider",
        ].contains(name)
      {
        return name
      }
      if fn.nodeKind == "unresolved_dot_expr", let base = fn["base"], let view = firstView(base) {
        return view
      }
    }
    for child in node.childNodes {
      if let view = firstView(child) { return view }
    }
    return nil
  }

  /// Records `Outer { Inner() }` pairs along the first view chain of a closure.
  static func recordWrappers(_ node: JSONValue?, into wrapped: inout [String: String]) {
    guard let node else { return }
    if node.nodeKind == "call_expr", let fn = node["fn"], fn.nodeKind == "unresolved_decl_ref_expr",
      let name = fn["name"]?.stringValue,
      let closure = arguments(node).last(where: { $0.expr.nodeKind == "closure_expr" })?.expr,
      let inner = firstView(closure)
    {
      wrapped[name] = inner
      recordWrappers(closure, into: &wrapped)
      return
    }
    for child in node.childNodes { recordWrappers(child, into: &wrapped) }
  }

  static func stringLiteral(_ expr: JSONValue?) -> String? {
    guard let expr else { return nil }
    if expr.nodeKind == "string_literal_expr" { return expr["value"]?.stringValue }
    if expr.nodeKind == "interpolated_string_literal_expr" { return nil }
    if expr.nodeKind == "call_expr",
      let name = expr["fn"]?["name"]?.stringValue,
      ["Text", "LocalizedStringKey", "String"].contains(name)
    {
      return stringLiteral(arguments(expr).first?.expr)
    }
    return nil
  }

  private mutating func reference(_ name: String, from owner: String) {
    guard name.first?.isUppercase == true, name != owner else { return }
    references[owner, default: []].insert(name)
  }

  /// Handles a call; `true` where it walked what it needed itself.
  private mutating func call(_ node: JSONValue, _ context: Context) -> Bool {
    guard let (name, base) = Self.callee(node) else { return false }
    let arguments = Self.arguments(node)
    if base == nil { reference(name, from: context.owner) }
    let closures = arguments.filter { $0.expr.nodeKind == "closure_expr" }
    switch name {
    case "Task", "detached", "task", "refreshable":
      if let base { walk(base, context) }
      var inner = context
      inner.isAsync = true
      inner.cancelsOnDismiss = name == "task"
      for argument in arguments { walk(argument.expr, inner) }
      return true
    case "navigationDestination":
      if let type = arguments.first(where: { $0.label == "for" })?.expr,
        type.nodeKind == "dot_self_expr", let typeName = Self.lastName(type["sub_expr"])
      {
        destinationTypes.append((typeName, place(context, offset(of: name, node, context))))
      } else if let view = Self.firstView(closures.first?.expr) {
        let at = place(context, offset(of: name, node, context))
        rootViews.append((view, at))
        add(.push(.view(view)), at: at, context)
      }
      return false
    case "sheet", "fullScreenCover", "popover":
      guard !arguments.isEmpty, closures.count <= 2 else { return false }
      let style: NavigationSite.Style =
        name == "sheet" ? .sheet : name == "popover" ? .popover : .fullScreenCover
      let at = place(context, offset(of: name, node, context))
      let view = Self.firstView(closures.last?.expr)
      if let item = arguments.first(where: { $0.label == "item" }),
        let property = Self.lastName(item.expr)
      {
        bindings.append(
          PresentationBinding(
            property: property, owner: context.owner, style: style, view: view, place: at,
            isAsync: context.isAsync))
      } else if arguments.contains(where: { $0.label == "isPresented" }) {
        if let view {
          rootViews.append((view, at))
          add(.present(style, .view(view)), at: at, context)
        } else {
          unnamed.append(("a .\(name)(isPresented:) whose content the draft cannot name", at, nil))
        }
      }
      return false
    case "alert", "confirmationDialog":
      guard !closures.isEmpty || arguments.contains(where: { $0.label == "isPresented" }) else {
        return false
      }
      if let base { walk(base, context) }
      let at = place(context, offset(of: name, node, context))
      var title = Self.stringLiteral(arguments.first { $0.label.isEmpty }?.expr)
      title = title?.split(whereSeparator: \.isNewline).joined(separator: " ")
      if title?.isEmpty != false,
        let binding = arguments.first(where: { ["isPresented", "item"].contains($0.label) })
      {
        title = Self.lastName(binding.expr)
      }
      var buttons: [(label: String, sites: [NavigationSite])] = []
      for closure in closures {
        collectButtons(closure.expr, context, into: &buttons)
      }
      add(
        .alert(
          title: title ?? "Alert", style: name == "alert" ? .alert : .confirmationDialog,
          buttons: buttons), at: at, context)
      return true
    case "TabView":
      tabView(node, arguments, context)
      return false
    case "WindowGroup":
      if let view = Self.firstView(closures.last?.expr) {
        windowViews.append((view, place(context, offset(of: name, node, context))))
        Self.recordWrappers(closures.last?.expr, into: &wrapped)
      }
      return false
    case "onOpenURL", "OpenURLAction":
      if let base { walk(base, context) }
      let at = place(context, offset(of: name, node, context))
      let handler = "openURL"
      var inner = context
      inner.deepLink = handler + "_\(index.files[context.file].line(at: at.offset))"
      deepLinks.append(DeepLinkHandler(name: inner.deepLink!, place: at))
      for argument in arguments { walk(argument.expr, inner) }
      return true
    case "dismiss",
      "callAsFunction" where arguments.isEmpty:
      let baseName = Self.lastName(base)
      if name == "dismiss"
        && (base == nil || baseName == "wrappedValue" || baseName == "presentationMode")
        || name == "callAsFunction" && baseName == "dismiss"
      {
        add(.dismiss, at: place(context, offset(of: name, node, context)), context)
      }
      return false
    case "interactiveDismissDisabled":
      let literal = arguments.first?.expr["value"]?.stringValue
      if literal == nil || literal == "true" { swipeDisabled.insert(context.owner) }
      return false
    case "NavigationLink":
      let at = place(context, offset(of: name, node, context))
      if let value = arguments.first(where: { $0.label == "value" }) {
        if let target = Self.target(value.expr) {
          add(.push(target), at: at, context)
        }
      } else if let destination = arguments.first(where: { $0.label == "destination" }) {
        if let view = Self.firstView(destination.expr)
          ?? Self.target(destination.expr).flatMap({
            if case .view(let v) = $0 { v } else { nil }
          })
        {
          rootViews.append((view, at))
          add(.push(.view(view)), at: at, context)
        }
      } else if let first = arguments.first, first.label.isEmpty,
        first.expr.nodeKind == "closure_expr", let view = Self.firstView(first.expr)
      {
        rootViews.append((view, at))
        add(.push(.view(view)), at: at, context)
      }
      return false
    case "append", "removeLast", "popLast", "removeAll":
      guard let baseName = Self.lastName(base), Self.isPath(baseName) else { break }
      let at = place(context, offset(of: name, node, context))
      if name == "append" {
        if let target = Self.target(arguments.first?.expr) {
          add(.push(target), at: at, context)
        }
      } else {
        add(name == "removeAll" ? .popToRoot : .dismiss, at: at, context)
      }
      return false
    default: break
    }
    if let method = routerMethods[name], base != nil || index.types[context.owner] != nil {
      let at = place(context, offset(of: name, node, context))
      switch method.effect {
      case .push, .present, .route:
        if let target = Self.target(arguments.first?.expr) {
          switch method.effect {
          case .push: add(.route(target, via: name), at: at, context)
          case .present(let style): add(.present(style, target), at: at, context)
          default: add(.route(target, via: name), at: at, context)
          }
        } else if let first = arguments.first, context.deepLink == nil,
          index.types[context.owner]?.methods.contains(where: { $0.name == name }) != true
        {
          unnamed.append(
            (
              "\(name)(…) with a value the draft cannot name: \(Self.describe(first.expr))", at,
              name
            ))
        }
      case .dismiss: add(.dismiss, at: at, context)
      case .popToRoot: add(.popToRoot, at: at, context)
      }
    }
    return false
  }

  static func describe(_ expr: JSONValue) -> String {
    lastName(expr) ?? expr.nodeKind?.replacingOccurrences(of: "_", with: " ") ?? "an expression"
  }

  static func isPath(_ name: String) -> Bool {
    let lower = name.lowercased()
    return lower.hasSuffix("path") || lower.hasSuffix("stack") || lower.hasSuffix("routes")
  }

  private mutating func add(
    _ effect: NavigationSite.Effect, at place: AppIndex.Place, _ context: Context
  ) {
    guard !context.inRouter else { return }
    sites.append(
      NavigationSite(
        effect: effect, owner: context.owner, place: place, isAsync: context.isAsync,
        cancelsOnDismiss: context.cancelsOnDismiss, deepLink: context.deepLink))
  }

  /// The buttons of an alert's closure, each with the sites its action holds.
  private mutating func collectButtons(
    _ node: JSONValue, _ context: Context,
    into buttons: inout [(label: String, sites: [NavigationSite])]
  ) {
    var context = context
    if let range = node.byteRange { context.scope = range }
    if node.nodeKind == "call_expr", let (name, base) = Self.callee(node), name == "Button",
      base == nil
    {
      let arguments = Self.arguments(node)
      let label =
        Self.stringLiteral(arguments.first { $0.label.isEmpty }?.expr)
        ?? arguments.compactMap { Self.stringLiteral(Self.firstStringIn($0.expr)) }.first
        ?? "Button \(buttons.count + 1)"
      let before = sites.count
      for argument in arguments where argument.label != "label" {
        walk(argument.expr, context)
      }
      let actions = Array(sites[before...])
      sites.removeSubrange(before...)
      buttons.append((label, actions))
      return
    }
    for child in node.childNodes { collectButtons(child, context, into: &buttons) }
  }

  static func firstStringIn(_ node: JSONValue) -> JSONValue? {
    if node.nodeKind == "string_literal_expr" { return node }
    for child in node.childNodes {
      if let found = firstStringIn(child) { return found }
    }
    return nil
  }

  // MARK: - Assignments, switches, tabs

  /// `presentedSheet = .settings`, `router.path = []`.
  private mutating func assignment(_ node: JSONValue, _ context: Context) {
    let elements = node["elements"]?.elements ?? []
    guard elements.count == 3, elements[1].nodeKind == "assign_expr",
      let property = Self.lastName(elements[0])
    else { return }
    let at = place(context, index.files[context.file].find(property, in: context.scope))
    if Self.isPath(property) {
      if elements[2].nodeKind == "array_expr" {
        let values = elements[2].childNodes.compactMap(Self.target)
        if values.isEmpty { add(.popToRoot, at: at, context) }
        for value in values { add(.push(value), at: at, context) }
      }
      return
    }
    guard let target = Self.target(elements[2]) else { return }
    if case .member(_, let name) = target, ["init", "none", "some"].contains(name) { return }
    let lower = property.lowercased()
    let style: NavigationSite.Style? =
      lower.contains("fullscreen") || lower.contains("cover")
      ? .fullScreenCover
      : lower.contains("popover")
        ? .popover
        : lower.contains("sheet") || lower.contains("presented") || lower.contains("modal")
          ? .sheet : nil
    // A property bound by `.sheet(item:)` is resolved later; the others by their names.
    add(.present(style, target), at: at, context)
    sites[sites.count - 1].guess = style == nil ? "presentation:\(property)" : nil
  }

  /// `switch route { case .detail: DetailView() … }`: which view each member leads to.
  private mutating func switchCases(_ node: JSONValue) {
    for caseNode in node["cases"]?.elements ?? [] {
      let members = (caseNode["case_label_items"]?.elements ?? []).flatMap { Self.members(in: $0) }
      guard !members.isEmpty, let view = Self.firstView(caseNode["body"]) else { continue }
      for member in members { memberViews.append((member.name, member.type, view)) }
    }
  }

  static func members(in node: JSONValue) -> [(name: String, type: String?)] {
    if node.nodeKind == "unresolved_member_expr", let name = node["name"]?.stringValue {
      return [(name, nil)]
    }
    if node.nodeKind == "unresolved_dot_expr", let field = node["field"]?.stringValue,
      let type = node["base"]?["name"]?.stringValue, type.first?.isUppercase == true
    {
      return [(field, type)]
    }
    return node.childNodes.flatMap { members(in: $0) }
  }

  private mutating func tabView(
    _ node: JSONValue, _ arguments: [(label: String, expr: JSONValue)], _ context: Context
  ) {
    var tabs: [TabDeclaration.Tab] = []
    if let selection = arguments.first(where: { $0.label == "selection" }),
      let property = Self.lastName(selection.expr)
    {
      for type in index.types.values {
        if let found = type.properties.first(where: { $0.name == property }) {
          let written = AppIndex.elementType(found.type)
          if index.types[written]?.declaration == "enum" { tabs.append(.cases(of: written)) }
          break
        }
      }
    }
    func visit(_ node: JSONValue, _ scope: Range<Int>) {
      var scope = scope
      if let range = node.byteRange { scope = range }
      if node.nodeKind == "call_expr", let (name, base) = Self.callee(node) {
        let args = Self.arguments(node)
        if name == "tabItem" || name == "tag" && base != nil,
          let view = Self.firstView(base)
        {
          if name == "tabItem"
            || !tabs.contains(where: { if case .view(_, view, _) = $0 { true } else { false } })
          {
            if name == "tabItem" {
              let offset = index.files[context.file].find(view, in: scope)
              tabs.append(.view(title: nil, view: view, place: place(context, offset)))
            }
          }
          return
        }
        if name == "Tab", base == nil {
          let title = Self.stringLiteral(args.first { $0.label.isEmpty }?.expr)
          let view = Self.firstView(args.last { $0.expr.nodeKind == "closure_expr" }?.expr)
          if let view {
            let offset = index.files[context.file].find("Tab", in: scope)
            tabs.append(.view(title: title, view: view, place: place(context, offset)))
          }
          return
        }
        if name == "ForEach", let first = args.first?.expr,
          first.nodeKind == "unresolved_dot_expr", first["field"]?.stringValue == "allCases",
          let type = Self.lastName(first["base"])
        {
          tabs.append(.cases(of: type))
        }
      }
      for child in node.childNodes { visit(child, scope) }
    }
    for argument in arguments where argument.expr.nodeKind == "closure_expr" {
      visit(argument.expr, context.scope)
    }
    tabViews.append(
      TabDeclaration(
        tabs: tabs, place: place(context, offset(of: "TabView", node, context)),
        owner: context.owner))
  }
}
