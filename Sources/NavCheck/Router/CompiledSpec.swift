/// A validated spec with every name resolved to an index: what the semantics runs on.
///
/// Declarations (transitions, alert buttons, flow steps, deep-link actions, invariants) are
/// numbered so that violations and coverage can name them with an integer.
struct CompiledSpec: Sendable {
  /// An action with its names resolved.
  enum Act: Sendable, Equatable {
    case push(Int), sheet(Int), fullScreenCover(Int)
    case alert(Int)
    case startFlow(Int), next, nextOrDismissEnvironment
    case dismiss(Int?), dismissTo(Int), dismissCount(Int), dismissStack, dismissEnvironment
    case popTo(Int), dismissAll, dismissPresented, dismissAlert
  }

  struct Dest: Sendable {
    var name: String
    var navigation: Bool
    var swipeToDismiss: Bool
    /// Global transition ids, in declaration order (a destination's are consecutive).
    var transitions: Range<Int>
    /// The pending bit of each async transition is its index here.
    var asyncTransitions: [Int]
    /// Pending bits of the async transitions that are *not* cancelled with the screen.
    var orphaningMask: UInt64
  }

  struct Trans: Sendable {
    var destination: Int
    var index: Int
    var act: Act
    var isAsync: Bool
    var pendingBit: Int
    var declaration: Int
  }

  struct AlertDecl: Sendable {
    var name: String
    /// Each button: its label, action and declaration. An alert without buttons has one
    /// "OK" whose declaration is the alert's own.
    var buttons: [(label: String, act: Act?, declaration: Int)]
    /// The buttons as declared (with their actions by name), for routers under test.
    var declared: [AlertButton]
  }

  struct FlowDecl: Sendable {
    var name: String
    var steps: [(style: PresentationStyle, destination: Int, declaration: Int)]
  }

  struct DeepLinkDecl: Sendable {
    var name: String
    var start: DeepLink.Start
    var actions: [(act: Act, declaration: Int)]
  }

  let spec: NavigationSpec
  var destinations: [Dest] = []
  /// Plain values, so the hot loop copies them without reference counting; the labels are
  /// kept apart, by transition id.
  var transitions: [Trans] = []
  var transitionLabels: [String?] = []
  var alerts: [AlertDecl] = []
  var flows: [FlowDecl] = []
  var deepLinks: [DeepLinkDecl] = []
  /// Every declaration but the destinations, by id: transitions, alert buttons, flow steps,
  /// deep-link actions, invariants.
  var declarations: [DeclarationReference] = []
  /// The destinations as declarations, by destination index.
  var destinationReferences: [DeclarationReference] = []
  /// Declaration ids of the custom invariants, in order.
  var invariantDeclarations: [Int] = []
  var root: Int = 0
  var maxAsyncPerDestination = 0
  /// What the state's header holds (SEMANTICS v2 §2), sized for the codec: the modules, the
  /// most tabs of a module, the flags, the async transitions the app may hold. A v1 spec has
  /// one module of one stack, no flags and no app-level work.
  /// (In bytes: the semantics reads the compiled spec for every event, and a smaller one is
  /// cheaper to hand it.)
  var moduleCount: UInt8 = 1
  var maxTabs: UInt8 = 1
  var flagCount: UInt16 = 0
  var appWorkCount: UInt16 = 0

  /// Whether a state's root environment may hold several stacks (tabs).
  var isTabbed: Bool { maxTabs > 1 }

  /// Compiles a spec that `validate()` accepted.
  init(_ spec: NavigationSpec) {
    self.spec = spec
    var destinationIndex: [String: Int] = [:]
    for (i, d) in spec.destinations.enumerated() { destinationIndex[d.name] = i }
    var flowIndex: [String: Int] = [:]
    for (i, f) in spec.flows.enumerated() { flowIndex[f.name] = i }
    root = destinationIndex[spec.root] ?? 0

    var counts: [DeclarationReference.Kind: Int] = [:]
    func declare(
      _ kind: DeclarationReference.Kind, _ title: String, _ location: SourceLocation?
    ) -> Int {
      let index = counts[kind, default: 0]
      counts[kind] = index + 1
      declarations.append(
        DeclarationReference(kind: kind, index: index, title: title, location: location))
      return declarations.count - 1
    }
    /// `declaration` is the declaration performing the action; an alert without buttons gives
    /// its implicit "OK" that declaration.
    func compile(_ action: Action, site: String, declaration: Int) -> Act {
      let d = { (name: String) in destinationIndex[name] ?? 0 }
      switch action {
      case .push(let n): return .push(d(n))
      case .sheet(let n): return .sheet(d(n))
      case .fullScreenCover(let n): return .fullScreenCover(d(n))
      case .alert(let name, let buttons):
        let alertIndex = alerts.count
        alerts.append(AlertDecl(name: name, buttons: [], declared: buttons))
        var compiled: [(String, Act?, Int)] = []
        for b in buttons {
          let decl = declare(
            .alertButton, "\(site): alert '\(name)' button '\(b.label)'",
            b.location ?? declarations[declaration].location)
          compiled.append(
            (b.label, b.action.map { compile($0, site: site, declaration: decl) }, decl))
        }
        if buttons.isEmpty { compiled.append(("OK", nil, declaration)) }
        alerts[alertIndex].buttons = compiled
        return .alert(alertIndex)
      case .startFlow(let f): return .startFlow(flowIndex[f] ?? 0)
      case .next: return .next
      case .nextOrDismissEnvironment: return .nextOrDismissEnvironment
      case .dismiss(let n): return .dismiss(n.map(d))
      case .dismissTo(let n): return .dismissTo(d(n))
      case .dismissCount(let c): return .dismissCount(c)
      case .dismissStack: return .dismissStack
      case .dismissEnvironment: return .dismissEnvironment
      case .popTo(let n): return .popTo(d(n))
      case .dismissAll: return .dismissAll
      case .dismissPresented: return .dismissPresented
      case .dismissAlert: return .dismissAlert
      }
    }

    for (di, destination) in spec.destinations.enumerated() {
      destinationReferences.append(
        DeclarationReference(
          kind: .destination, index: di, title: "destination \(destination.name)",
          location: destination.location))
      var dest = Dest(
        name: destination.name, navigation: destination.navigation,
        swipeToDismiss: destination.swipeToDismiss,
        transitions: transitions.count..<transitions.count + destination.transitions.count,
        asyncTransitions: [],
        orphaningMask: 0)
      for (ti, t) in destination.transitions.enumerated() {
        let decl = declare(
          .transition, "\(destination.name): \(Self.describe(t))", t.location)
        let act = compile(t.action, site: destination.name, declaration: decl)
        var pendingBit = -1
        if case .async(let cancels) = t.trigger {
          pendingBit = dest.asyncTransitions.count
          dest.asyncTransitions.append(transitions.count)
          if !cancels { dest.orphaningMask |= 1 << UInt64(pendingBit) }
        }
        transitions.append(
          Trans(
            destination: di, index: ti, act: act, isAsync: t.trigger.isAsync,
            pendingBit: pendingBit, declaration: decl))
        transitionLabels.append(t.label)
      }
      maxAsyncPerDestination = max(maxAsyncPerDestination, dest.asyncTransitions.count)
      destinations.append(dest)
    }
    for flow in spec.flows {
      var steps: [(PresentationStyle, Int, Int)] = []
      for (i, step) in flow.steps.enumerated() {
        let decl = declare(
          .flowStep,
          "flow '\(flow.name)' step \(i + 1): \(step.style.rawValue) \(step.destination)",
          step.location)
        steps.append((step.style, destinationIndex[step.destination] ?? 0, decl))
      }
      flows.append(FlowDecl(name: flow.name, steps: steps))
    }
    for link in spec.deepLinks {
      var actions: [(Act, Int)] = []
      for (i, a) in link.actions.enumerated() {
        let decl = declare(
          .deepLinkAction, "deep link '\(link.name)' action \(i + 1): \(a.action.name)",
          a.location ?? link.location)
        actions.append(
          (compile(a.action, site: "deep link '\(link.name)'", declaration: decl), decl))
      }
      deepLinks.append(DeepLinkDecl(name: link.name, start: link.start, actions: actions))
    }
    for invariant in spec.invariants {
      invariantDeclarations.append(
        declare(.invariant, "invariant '\(invariant.name)'", invariant.location))
    }
  }

  /// A transition in words: "Sheet AddTodo 'Add'", "async DismissEnvironment 'Save'".
  static func describe(_ t: Transition) -> String {
    var text = ""
    if case .async(let cancels) = t.trigger {
      text += cancels ? "async(cancelsOnDismiss) " : "async "
    }
    text += t.action.declarationWords
    if let label = t.label { text += " '\(label)'" }
    return text
  }

  /// Transition `id`'s action as declared (with its names, for words).
  func declaredAction(_ id: Int) -> Action {
    let transition = transitions[id]
    return spec.destinations[transition.destination].transitions[transition.index].action
  }

  /// A transition's plain name: its label, or `#` and its index in its destination.
  func transitionName(_ id: Int) -> String {
    transitionLabels[id] ?? "#\(transitions[id].index)"
  }
}
