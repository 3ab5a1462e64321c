/// Compiles a spec that `validate()` accepted into a `CompiledSpec`: every name resolved to an
/// index, every declaration numbered (`DeclarationReference`) in the order a reader meets them
/// — each destination's transitions with what they nest (onDismiss, alert buttons, outcomes),
/// then flow steps, deep-link actions and invariants — and every sequence's actions laid out
/// back to back in `steps`.
struct SpecCompiler {
  /// What is compiled so far.
  private(set) var compiled: CompiledSpec
  private let source: NavigationSpec
  private var destinationIndex: [String: Int] = [:]
  private var flowIndex: [String: Int] = [:]
  private var flagIndex: [String: Int] = [:]
  private var moduleIndex: [String: Int] = [:]
  /// Declarations numbered so far, by kind (a declaration's index among its kind).
  private var counts: [DeclarationReference.Kind: Int] = [:]

  /// Resolves the spec's names and compiles its header (flags, modules, tabs).
  init(_ spec: NavigationSpec) {
    source = spec
    compiled = CompiledSpec(uncompiled: spec)
    for (i, d) in spec.destinations.enumerated() { destinationIndex[d.name] = i }
    for (i, f) in spec.flows.enumerated() { flowIndex[f.name] = i }
    for (i, f) in spec.flags.enumerated() { flagIndex[f.name] = flagIndex[f.name] ?? i }
    compiled.flagCount = UInt16(clamping: spec.flags.count)
    for (i, f) in spec.flags.enumerated() where f.initially && i < 64 {
      compiled.initialFlags |= 1 << UInt64(i)
    }
    for (i, m) in spec.startModules.enumerated() {
      moduleIndex[m.name] = moduleIndex[m.name] ?? i
      compiled.modules.append(
        CompiledSpec.ModuleDecl(
          name: m.name, roots: m.roots.map { UInt16(destination($0)) }, hasTabs: !m.tabs.isEmpty))
    }
    compiled.moduleCount = UInt8(clamping: compiled.modules.count)
    compiled.maxTabs = UInt8(clamping: compiled.modules.map(\.roots.count).max() ?? 1)
  }

  /// Compiles everything after the header, in declaration order.
  mutating func compileAll() {
    for (di, destination) in source.destinations.enumerated() {
      compileDestination(di, destination)
    }
    placeStackWorkAndPendingGuards()
    compileFlows()
    for link in source.deepLinks {
      let sequence = compile(link.actions, site: "deep link '\(link.name)'", declaration: nil) {
        compiler, i, a in
        compiler.declare(
          .deepLinkAction, "deep link '\(link.name)' action \(i + 1): \(a.action.name)",
          a.location ?? link.location)
      }
      var decl = CompiledSpec.DeepLinkDecl(
        name: link.name, start: link.start, guards: flagGuards(link.guards), sequence: sequence)
      decl.tabInModule = tabInModule(link.start, link.tab)
      compiled.deepLinks.append(decl)
    }
    // Tab buttons (§11.5), module by module, after the deep links: a spec without them numbers
    // its declarations as before.
    for (m, module) in source.startModules.enumerated() {
      for button in module.tabButtons {
        let declaration = declare(
          .tabButton,
          "tab button '\(button.name)': "
            + button.actions.map(\.action.declarationWords).joined(separator: "; "),
          button.location ?? module.location)
        let sequence = compile(
          button.actions, site: "tab button '\(button.name)'", declaration: declaration)
        compiled.modules[m].tabButtons.append(
          CompiledSpec.TabButtonDecl(
            name: button.name, guards: flagGuards(button.guards), sequence: sequence,
            declaration: declaration))
      }
    }
    // Broadcasts (§11.7), observer by observer, after the tab buttons: a spec without them
    // numbers its declarations as before.
    for broadcast in source.broadcasts {
      var decl = CompiledSpec.BroadcastDecl(
        name: broadcast.name, guards: flagGuards(broadcast.guards), observers: [],
        observerOf: Array(repeating: -1, count: source.destinations.count), declared: broadcast)
      for observer in broadcast.observers {
        let declaration = declare(
          .broadcastObserver,
          "broadcast '\(broadcast.name)': \(observer.destination) observer",
          observer.location ?? broadcast.location)
        let sequence = compile(
          observer.actions, site: "broadcast '\(broadcast.name)': \(observer.destination) observer",
          declaration: declaration)
        let d = destination(observer.destination)
        if decl.observerOf[d] < 0 { decl.observerOf[d] = decl.observers.count }
        decl.observers.append(
          CompiledSpec.ObserverDecl(
            destination: d, actsOnStack: observer.actsOn == .stack, sequence: sequence,
            declaration: declaration))
      }
      compiled.broadcasts.append(decl)
    }
    for invariant in source.invariants {
      compiled.invariantDeclarations.append(
        declare(.invariant, "invariant '\(invariant.name)'", invariant.location))
    }
  }

  // MARK: - Names and declarations

  private func destination(_ name: String) -> Int { destinationIndex[name] ?? 0 }

  /// Numbers a declaration; returns its id.
  private mutating func declare(
    _ kind: DeclarationReference.Kind, _ title: String, _ location: SourceLocation?
  ) -> Int {
    let index = counts[kind, default: 0]
    counts[kind] = index + 1
    compiled.declarations.append(
      DeclarationReference(kind: kind, index: index, title: title, location: location))
    return compiled.declarations.count - 1
  }

  /// The flag guards of `guards` (`when`, `unless`), resolved.
  private mutating func flagGuards(_ guards: Guards) -> CompiledSpec.CompiledGuards {
    var resolved = CompiledSpec.CompiledGuards()
    if let f = guards.when { resolved.when = flagIndex[f] ?? -1 }
    if let f = guards.unless { resolved.unless = flagIndex[f] ?? -1 }
    if !guards.isEmpty { compiled.hasGuards = true }
    return resolved
  }

  // MARK: - Sequences and actions

  /// Compiles `actions` into consecutive steps; each performs for `declaration`, or, where it
  /// is `nil` (a deep link), for a declaration of its own. Nested sequences (buttons,
  /// onDismiss) are compiled first, so a sequence's steps stay consecutive.
  private mutating func compile(
    _ actions: [SequenceAction], site: String, declaration: Int?,
    ownDeclaration: (inout SpecCompiler, Int, SequenceAction) -> Int = { _, _, _ in 0 }
  ) -> Range<Int> {
    var steps: [CompiledSpec.Step] = []
    for (i, item) in actions.enumerated() {
      let decl = declaration ?? ownDeclaration(&self, i, item)
      var onDismiss: UInt16 = 0
      if let callback = item.onDismiss {
        let callbackDecl = declare(
          .onDismiss, "\(site): onDismiss of \(item.action.declarationWords)",
          callback.location ?? item.location ?? compiled.declarations[decl].location)
        let index = compiled.onDismisses.count
        compiled.onDismisses.append(
          CompiledSpec.OnDismissDecl(
            sequence: 0..<0, actsOn: callback.actsOn, declaration: callbackDecl,
            declared: callback))
        let sequence = compile(callback.actions, site: site, declaration: callbackDecl)
        compiled.onDismisses[index].sequence = sequence
        compiled.onDismisses[index].isRouterFree = CompiledSpec.isRouterFree(
          compiled.steps[sequence].map(\.act))
        onDismiss = UInt16(index + 1)
      }
      for act in compile(
        item.action, site: site, declaration: decl, at: item.location, isItem: item.isItem,
        keepsTab: item.keepsTab, onApp: item.presenter == .app)
      {
        steps.append(CompiledSpec.Step(act: act, onDismiss: onDismiss, declaration: decl))
      }
    }
    let start = compiled.steps.count
    compiled.steps += steps
    return start..<compiled.steps.count
  }

  /// One action as steps (`pushStack` is several); `declaration` is the declaration
  /// performing it; an alert without buttons gives its implicit "OK" that declaration.
  private mutating func compile(
    _ action: Action, site: String, declaration: Int, at location: SourceLocation?,
    isItem: Bool = false, keepsTab: Bool = false, onApp: Bool = false
  ) -> [CompiledSpec.Act] {
    let d = destination
    switch action {
    case .push(let n): return [.push(d(n))]
    case .sheet(let n), .fullScreenCover(let n), .modal(let n, _):
      // Every presentation: its style is its kind's (`Action.Kind.presentation`).
      if onApp {
        compiled.hasAppPresentations = true
        return [
          .presentOnApp(
            d(n), EnvironmentStyle(action.kind.presentation!)!,
            dismissOnBackgroundTap: action.arguments.dismissOnBackgroundTap ?? true, item: isItem)
        ]
      }
      return [
        .present(
          d(n), EnvironmentStyle(action.kind.presentation!)!,
          dismissOnBackgroundTap: action.arguments.dismissOnBackgroundTap ?? true, item: isItem)
      ]
    case .pushStack(let names): return names.map { .push(d($0)) }
    case .alert(let name, let style, let buttons):
      return [.alert(compileAlert(name, style, buttons, site: site, declaration: declaration))]
    case .windowAlert(let name, let style, let buttons):
      let k = compileAlert(name, style, buttons, site: site, declaration: declaration)
      compiled.alerts[k].isWindow = true
      let routerFree = compiled.alerts[k].buttons.allSatisfy {
        CompiledSpec.isRouterFree(compiled.steps[$0.sequence].map(\.act))
      }
      return [.prompt(k, routerFree: routerFree)]
    case .startFlow(let f): return [.startFlow(flowIndex[f] ?? 0)]
    case .next: return [.next]
    case .nextOrDismissEnvironment: return [.nextOrDismissEnvironment]
    case .dismiss(let n): return [.dismiss(n.map(d))]
    case .dismissTo(let n): return [.dismissTo(d(n))]
    case .dismissCount(let c): return [.dismissCount(c)]
    case .dismissStack: return [.dismissStack]
    case .dismissEnvironment: return [.dismissEnvironment]
    case .popTo(let n): return [.popTo(d(n))]
    case .dismissAll: return [.dismissAll]
    case .dismissPresented: return [.dismissPresented]
    case .dismissAlert: return [.dismissAlert]
    case .selectTab(let tab): return [.selectTab(d(tab))]
    case .showModule(let m): return [.showModule(moduleIndex[m] ?? 0, keepTab: keepsTab)]
    case .setFlag(let f, let v): return [.setFlag(flagIndex[f] ?? 0, v)]
    case .startWork(let work, let named): return [.start(workID(work, named ?? site))]
    case .cancelWork(let work, let named): return [.cancel(workID(work, named ?? site))]
    case .toast(let toast):
      let at = location ?? compiled.declarations[declaration].location
      return [.toast(compileToast(toast, site: site, at: at))]
    case .dismissToast: return [.dismissToast]
    }
  }

  /// The id of destination `owner`'s async transition labelled `label` (§11.2: `owner` is the
  /// destination named, or the one that declares the action, whose name is the site). A valid
  /// spec has one; 0 otherwise (validation reports it).
  private func workID(_ label: String, _ owner: String) -> Int {
    guard let d = destinationIndex[owner] else { return 0 }
    let base = source.destinations[..<d].reduce(0) { $0 + $1.transitions.count }
    let index = source.destinations[d].transitions.firstIndex {
      $0.trigger.isAsync && $0.label == label
    }
    return index.map { base + $0 } ?? 0
  }

  /// A toast and its tap (one declaration, whose actions act from the toast's start); returns
  /// the toast's index.
  private mutating func compileToast(_ toast: Toast, site: String, at location: SourceLocation?)
    -> Int
  {
    let tap = declare(.toastTap, "\(site): toast '\(toast.name)' tap", location)
    var decl = CompiledSpec.ToastDecl(
      name: toast.name, start: toast.start, level: toast.level, expires: toast.expires,
      sequence: 0..<0, declaration: tap, declared: toast)
    decl.tabInModule = tabInModule(toast.start, toast.tab)
    let index = compiled.toasts.count
    compiled.toasts.append(decl)
    compiled.toasts[index].sequence = compile(toast.actions, site: site, declaration: tap)
    return index
  }

  /// For a start at a tab: that tab's index in each module, `nil` where the module has none.
  private func tabInModule(_ start: DeepLink.Start, _ tab: String?) -> [Int?] {
    guard start == .tab else { return [] }
    // One entry per module, whatever the spec holds (a valid one names a tab).
    let d = tab.flatMap { destinationIndex[$0] }
    return compiled.modules.map { module in
      d.flatMap { module.hasTabs ? module.roots.firstIndex(of: UInt16($0)) : nil }
    }
  }

  /// An alert and its buttons, each button a declaration with its sequence; returns the
  /// alert's index.
  private mutating func compileAlert(
    _ name: String, _ style: AlertStyle, _ buttons: [AlertButton], site: String, declaration: Int
  ) -> Int {
    let alertIndex = compiled.alerts.count
    compiled.alerts.append(
      CompiledSpec.AlertDecl(name: name, style: style, buttons: [], declared: buttons))
    var compiledButtons: [(String, Range<Int>, Int, CompiledSpec.CompiledGuards, String?)] = []
    for b in buttons {
      let decl = declare(
        .alertButton,
        "\(site): \(style == .confirmationDialog ? "dialog" : "alert") '\(name)' button '\(b.label)'",
        b.location ?? compiled.declarations[declaration].location)
      var guards = flagGuards(b.guards)
      guards.hasUnlessPending = b.guards.unlessPending != nil
      compiledButtons.append(
        (
          b.label, compile(b.actions, site: site, declaration: decl), decl, guards,
          b.guards.unlessPending
        ))
    }
    if buttons.isEmpty {
      compiledButtons.append(("OK", 0..<0, declaration, CompiledSpec.CompiledGuards(), nil))
    }
    compiled.alerts[alertIndex].buttons = compiledButtons
    return alertIndex
  }

  // MARK: - Destinations and their transitions

  private mutating func compileDestination(_ di: Int, _ destination: Destination) {
    compiled.destinationReferences.append(
      DeclarationReference(
        kind: .destination, index: di, title: "destination \(destination.name)",
        location: destination.location))
    let first = compiled.transitions.count
    var dest = CompiledSpec.Dest(
      name: destination.name, navigation: destination.navigation,
      swipeToDismiss: destination.swipeToDismiss,
      transitions: first..<first + destination.transitions.count, asyncTransitions: [],
      orphaningMask: 0, asciiName: destination.name.utf8.allSatisfy { $0 < 0x80 })
    for (ti, t) in destination.transitions.enumerated() {
      let decl = declare(
        .transition, "\(destination.name): \(CompiledSpec.describe(t))", t.location)
      let sequence = compile(t.actions, site: destination.name, declaration: decl)
      let head = sequence.isEmpty ? nil : compiled.steps[sequence.lowerBound]
      var trans = CompiledSpec.Trans(
        destination: di, index: ti, sequence: sequence, first: head?.act ?? .dismissAlert,
        isSingle: sequence.count == 1 && head?.onDismiss == 0,
        isAsync: t.trigger.isAsync, pendingBit: -1, declaration: decl)
      var scope = CompiledSpec.Scope(actsOn: t.actsOn)
      scope.guards = flagGuards(t.guards)
      if t.trigger.isAsync && !t.isStartedByTap {
        // Offered by the general loop only, which reads the scopes.
        scope.isTapped = false
        compiled.hasScopedWork = true
      }
      if case .async(let cancels) = t.trigger {
        trans.pendingBit = dest.asyncTransitions.count
        dest.asyncTransitions.append(compiled.transitions.count)
        compileWork(
          t, cancels: cancels, of: destination.name, declaration: decl, sequence: sequence,
          bit: trans.pendingBit, into: &scope, &dest)
      }
      compiled.transitions.append(trans)
      compiled.scopes.append(scope)
      compiled.transitionLabels.append(t.label)
    }
    compiled.maxAsyncPerDestination = max(
      compiled.maxAsyncPerDestination, dest.asyncTransitions.count)
    compiled.destinations.append(dest)
    // Its onAppear (§11.11), numbered after its transitions and what they nest: a spec without
    // one numbers its declarations as before.
    if let onAppear = destination.onAppear {
      let declaration = declare(
        .onAppear, "\(destination.name): onAppear", onAppear.location ?? destination.location)
      let sequence = compile(onAppear.actions, site: destination.name, declaration: declaration)
      if compiled.onAppearOf.isEmpty {
        compiled.onAppearOf = Array(repeating: -1, count: source.destinations.count)
      }
      compiled.onAppearOf[di] = compiled.onAppears.count
      compiled.onAppears.append(
        CompiledSpec.OnAppearDecl(
          destination: di, guards: flagGuards(onAppear.guards), sequence: sequence,
          declaration: declaration, declared: onAppear))
    }
  }

  /// An async transition's outcomes and who holds its pending work (SEMANTICS §2): its screen
  /// (own bit `bit`), its stack, or the app; work that only sets flags is router-free.
  private mutating func compileWork(
    _ t: Transition, cancels: Bool, of destination: String, declaration: Int,
    sequence: Range<Int>, bit: Int, into scope: inout CompiledSpec.Scope,
    _ dest: inout CompiledSpec.Dest
  ) {
    // Its outcomes: those declared, or the one implicit outcome, its sequence.
    let first = compiled.outcomes.count
    if let declared = t.outcomes {
      for outcome in declared {
        let outcomeDecl = declare(
          .outcome,
          "\(destination): \(t.label.map { "'\($0)'" } ?? "async") outcome '\(outcome.label)'",
          outcome.location ?? t.location)
        let actions = compile(outcome.actions, site: destination, declaration: outcomeDecl)
        compiled.outcomes.append(
          CompiledSpec.OutcomeDecl(
            label: outcome.label, sequence: actions, declaration: outcomeDecl))
      }
    } else {
      compiled.outcomes.append(
        CompiledSpec.OutcomeDecl(label: nil, sequence: sequence, declaration: declaration))
    }
    scope.outcomes = first..<compiled.outcomes.count
    scope.isRouterFree = compiled.outcomes[scope.outcomes].allSatisfy {
      CompiledSpec.isRouterFree(compiled.steps[$0.sequence].map(\.act))
    }
    let mask = UInt64(1) << UInt64(bit)
    if cancels || t.actsOn == .screen {
      scope.holder = .screen
      scope.holderBit = bit
      if !cancels {
        if scope.isRouterFree {
          dest.routerFreeMask |= mask
        } else {
          dest.orphaningMask |= mask
        }
      }
    } else if t.actsOn == .stack {
      scope.holder = .stack
      scope.holderBit = compiled.stackWork.count  // offset by stackBase later
      compiled.stackWork.append(compiled.transitions.count)
    } else {
      scope.holder = .app
    }
    if !cancels && (scope.holder == .app || scope.isRouterFree) {
      scope.appBit = compiled.appWork.count
      compiled.appWork.append(compiled.transitions.count)
      if scope.holder == .app { scope.holderBit = scope.appBit }
    }
    if t.outcomes != nil || t.actsOn != .screen || (scope.isRouterFree && !cancels) {
      compiled.hasScopedWork = true
    }
  }

  /// Stack work's bits follow the most own bits a destination has; `unlessPending` resolves to
  /// the async transitions of the declaring destination with that label.
  private mutating func placeStackWorkAndPendingGuards() {
    compiled.stackBase = compiled.maxAsyncPerDestination
    for t in compiled.scopes.indices where compiled.scopes[t].holder == .stack {
      compiled.scopes[t].holderBit += compiled.stackBase
    }
    compiled.appWorkCount = UInt16(clamping: compiled.appWork.count)
    for (di, destination) in source.destinations.enumerated() {
      var swipe = flagGuards(destination.swipeConditions)
      if let label = destination.swipeConditions.unlessPending {
        let start = compiled.guardTransitions.count
        compiled.guardTransitions += compiled.pendingTransitions(labelled: label, of: di)
        swipe.unlessPending = start..<compiled.guardTransitions.count
        swipe.hasUnlessPending = true
      }
      compiled.swipeGuards.append(swipe)
      for (ti, t) in destination.transitions.enumerated() {
        guard let label = t.guards.unlessPending else { continue }
        let id = compiled.destinations[di].transitions.lowerBound + ti
        let start = compiled.guardTransitions.count
        compiled.guardTransitions += compiled.pendingTransitions(labelled: label, of: di)
        compiled.scopes[id].guards.unlessPending = start..<compiled.guardTransitions.count
        compiled.scopes[id].guards.hasUnlessPending = true
      }
    }
  }

  private mutating func compileFlows() {
    for flow in source.flows {
      var steps: [(EnvironmentStyle?, Int, Int)] = []
      for (i, step) in flow.steps.enumerated() {
        let decl = declare(
          .flowStep,
          "flow '\(flow.name)' step \(i + 1): \(step.style.rawValue) \(step.destination)",
          step.location)
        steps.append(
          (
            step.style.environment.map { EnvironmentStyle($0)! }, destination(step.destination),
            decl
          )
        )
      }
      compiled.flows.append(CompiledSpec.FlowDecl(name: flow.name, steps: steps))
    }
  }
}
