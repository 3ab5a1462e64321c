/// A validated spec with every name resolved to an index: what the semantics runs on.
///
/// Declarations (transitions, alert buttons, flow steps, deep-link actions, invariants) are
/// numbered so that violations and coverage can name them with an integer.
struct CompiledSpec: Sendable {
  /// An action with its names resolved. `pushStack` compiles to its pushes.
  enum Act: Sendable, Equatable {
    case push(Int)
    /// Present the destination in a new environment of the style (for a modal, whether a tap
    /// on its background dismisses it).
    case present(EnvironmentStyle, Int, dismissOnBackgroundTap: Bool)
    case alert(Int)
    case startFlow(Int), next, nextOrDismissEnvironment
    case dismiss(Int?), dismissTo(Int), dismissCount(Int), dismissStack, dismissEnvironment
    case popTo(Int), dismissAll, dismissPresented, dismissAlert
    /// Select the tab whose root is this destination.
    case selectTab(Int)
    case showModule(Int)
    /// Set flag `index` to the value.
    case setFlag(Int, Bool)

    var isSetFlag: Bool { if case .setFlag = self { true } else { false } }
  }

  /// Whether a sequence of these goes through no router (SEMANTICS §1: only `setFlag`).
  static func isRouterFree(_ acts: some Sequence<Act>) -> Bool {
    acts.allSatisfy(\.isSetFlag)
  }

  /// One action of a sequence: the action, the onDismiss the screen it shows carries (its
  /// index + 1; 0: none) and the declaration it performs for (a transition's, a button's, a
  /// deep-link action's, an onDismiss's).
  struct Step: Sendable {
    var act: Act
    var onDismiss: UInt16
    var declaration: Int
  }

  struct Dest: Sendable {
    var name: String
    var navigation: Bool
    var swipeToDismiss: Bool
    /// Global transition ids, in declaration order (a destination's are consecutive).
    var transitions: Range<Int>
    /// The pending bit of each async transition is its index here.
    var asyncTransitions: [Int]
    /// Pending bits of its own async transitions that orphan when the screen goes: not
    /// cancelled with it, not router-free.
    var orphaningMask: UInt64
    /// Pending bits of its own async transitions that move to the app's pending work when the
    /// screen goes: router-free, not cancelled with it (SEMANTICS §5).
    var routerFreeMask: UInt64 = 0
    /// Whether `name` is ASCII (what the views' screens tell `StateView.count(of:)`).
    var asciiName = false
  }

  /// Which pending set holds an async transition's entry (SEMANTICS §2).
  enum Holder: UInt8, Sendable {
    /// The starting screen's own `pending` (acts on its screen, or cancelled with it).
    case screen
    /// The `pending` of the bottom of the starting screen's stack.
    case stack
    /// The app's pending work.
    case app
  }

  /// Guards, resolved: flag indices (-1: none) and the async transitions `unlessPending` names
  /// (a range of `guardTransitions`).
  struct CompiledGuards: Sendable {
    var when = -1
    var unless = -1
    var unlessPending: Range<Int> = 0..<0
    /// The label `unlessPending` gives, for a button (looked up in the screen that shows the
    /// alert, SEMANTICS §1).
    var hasUnlessPending = false
    var isEmpty: Bool { when < 0 && unless < 0 && !hasUnlessPending }
  }

  /// One outcome of async work: its label (`nil`: the one implicit outcome), sequence and
  /// declaration.
  struct OutcomeDecl: Sendable {
    var label: String?
    var sequence: Range<Int>
    var declaration: Int
  }

  struct Trans: Sendable {
    var destination: Int
    var index: Int
    /// Its actions: a range of `steps`.
    var sequence: Range<Int>
    /// Its first action, and whether it is the only one: the hot loop performs a transition of
    /// one action without reading `steps`.
    var first: Act
    var isSingle: Bool
    var isAsync: Bool
    /// Its bit among its destination's own async transitions (-1: not async).
    var pendingBit: Int
    var declaration: Int
  }

  /// A transition's guards, outcomes and holder (what it acts on, where its entries go), kept
  /// apart from `Trans` (the hot loop copies a transition's row for every event; a spec without
  /// guards or scoped work reads none of this).
  struct Scope: Sendable {
    /// The router its completions act through (a `cancelsOnDismiss` transition is held by its
    /// screen whatever it acts on).
    var actsOn: ActsOn = .screen
    /// Where its entries go, and its bit there: the own bit for a screen, `stackBase` + its
    /// index among stack work for a stack, its index among app work for the app.
    var holder: Holder = .screen
    var holderBit: Int = -1
    /// Its bit in the app's pending work, where its entries may be there (app work, and
    /// router-free work not cancelled with its screen); -1 otherwise.
    var appBit: Int = -1
    /// Whether all its outcomes are router-free.
    var isRouterFree = false
    /// Its outcomes: a range of `outcomes` (one, unlabeled, where it declares none).
    var outcomes: Range<Int> = 0..<0
    var guards = CompiledGuards()
  }

  struct AlertDecl: Sendable {
    var name: String
    var style: AlertStyle
    /// Each button: its label, actions (a range of `steps`, maybe empty), declaration and
    /// guards (with its `unlessPending` label). An alert without buttons has one "OK" whose
    /// declaration is the alert's own.
    var buttons:
      [(
        label: String, sequence: Range<Int>, declaration: Int, guards: CompiledGuards,
        unlessPending: String?
      )]
    /// The buttons as declared (with their actions by name), for words and routers under test.
    var declared: [AlertButton]
  }

  struct FlowDecl: Sendable {
    var name: String
    /// Each step: the style it presents (`nil`: a push), its destination and declaration.
    var steps: [(style: EnvironmentStyle?, destination: Int, declaration: Int)]
  }

  struct DeepLinkDecl: Sendable {
    var name: String
    var start: DeepLink.Start
    var guards: CompiledGuards
    /// Its actions: a range of `steps`, each with its own declaration.
    var sequence: Range<Int>
  }

  struct OnDismissDecl: Sendable {
    var sequence: Range<Int>
    var actsOn: ActsOn
    /// Whether it only sets flags: it needs no screen, so it is never orphaned.
    var isRouterFree = false
    var declaration: Int
    /// The onDismiss as declared.
    var declared: OnDismiss
  }

  struct ModuleDecl: Sendable {
    var name: String
    /// The roots of its root environment's stacks (its tabs, or its one root).
    var roots: [UInt16]
    var hasTabs: Bool
  }

  let spec: NavigationSpec
  var destinations: [Dest] = []
  /// Plain values, so the hot loop copies them without reference counting; the labels are
  /// kept apart, by transition id.
  var transitions: [Trans] = []
  /// Each transition's guards, outcomes and holder, by transition id.
  var scopes: [Scope] = []
  var transitionLabels: [String?] = []
  /// Every sequence's actions, back to back: transitions, buttons, deep links and onDismiss
  /// name ranges of it.
  var steps: [Step] = []
  var alerts: [AlertDecl] = []
  var flows: [FlowDecl] = []
  var deepLinks: [DeepLinkDecl] = []
  var onDismisses: [OnDismissDecl] = []
  var modules: [ModuleDecl] = []
  var outcomes: [OutcomeDecl] = []
  /// The async transitions guards name, back to back.
  var guardTransitions: [Int] = []
  /// The async transitions held by a stack's bottom, by their index (in declaration order).
  var stackWork: [Int] = []
  /// The async transitions whose entries may be in the app's pending work, by their bit.
  var appWork: [Int] = []
  /// The first pending bit of stack work in a screen's `pending` (after the most own bits a
  /// destination has).
  var stackBase = 0
  /// Whether the spec has guards, outcomes, stack or app work, or router-free work (the rules
  /// skip all of it where not).
  var hasGuards = false
  var hasScopedWork = false
  /// Every declaration but the destinations, by id: transitions, alert buttons, flow steps,
  /// deep-link actions, onDismiss, invariants.
  var declarations: [DeclarationReference] = []
  /// The destinations as declarations, by destination index.
  var destinationReferences: [DeclarationReference] = []
  /// Declaration ids of the custom invariants, in order.
  var invariantDeclarations: [Int] = []
  var maxAsyncPerDestination = 0
  /// What the state's header holds (SEMANTICS §2), sized for the codec: the modules, the
  /// most tabs of a module, the flags, the async transitions the app may hold. A spec without
  /// modules, tabs, flags or app-level work has one module of one stack and none of the rest.
  /// (In bytes: the semantics reads the compiled spec for every event, and a smaller one is
  /// cheaper to hand it.)
  var moduleCount: UInt8 = 1
  var maxTabs: UInt8 = 1
  var flagCount: UInt16 = 0
  var appWorkCount: UInt16 = 0
  /// The flags true in the first state, one bit per flag.
  var initialFlags: UInt64 = 0

  /// Whether a state's root environment may hold several stacks (tabs).
  var isTabbed: Bool { maxTabs > 1 }

  /// The first module's first root (the root of a spec without modules or tabs).
  var root: Int { Int(modules[0].roots[0]) }

  /// Compiles a spec that `validate()` accepted.
  init(_ spec: NavigationSpec) {
    self.spec = spec
    var destinationIndex: [String: Int] = [:]
    for (i, d) in spec.destinations.enumerated() { destinationIndex[d.name] = i }
    var flowIndex: [String: Int] = [:]
    for (i, f) in spec.flows.enumerated() { flowIndex[f.name] = i }
    var flagIndex: [String: Int] = [:]
    for (i, f) in spec.flags.enumerated() { flagIndex[f.name] = flagIndex[f.name] ?? i }
    flagCount = UInt16(clamping: spec.flags.count)
    for (i, f) in spec.flags.enumerated() where f.initially && i < 64 {
      initialFlags |= 1 << UInt64(i)
    }
    let d = { (name: String) in destinationIndex[name] ?? 0 }
    let startModules = spec.startModules
    var moduleIndex: [String: Int] = [:]
    for (i, m) in startModules.enumerated() {
      moduleIndex[m.name] = moduleIndex[m.name] ?? i
      modules.append(
        ModuleDecl(name: m.name, roots: m.roots.map { UInt16(d($0)) }, hasTabs: !m.tabs.isEmpty))
    }
    moduleCount = UInt8(clamping: modules.count)
    maxTabs = UInt8(clamping: modules.map(\.roots.count).max() ?? 1)

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
    /// Compiles `actions` into consecutive steps; each performs for `declaration`, or, where it
    /// is `nil` (a deep link), for a declaration of its own. Nested sequences (buttons,
    /// onDismiss) are compiled first, so a sequence's steps stay consecutive.
    func compile(
      _ actions: [SequenceAction], site: String, declaration: Int?,
      ownDeclaration: (Int, SequenceAction) -> Int = { _, _ in 0 }
    ) -> Range<Int> {
      var compiled: [Step] = []
      for (i, item) in actions.enumerated() {
        let decl = declaration ?? ownDeclaration(i, item)
        var onDismiss: UInt16 = 0
        if let callback = item.onDismiss {
          let callbackDecl = declare(
            .onDismiss, "\(site): onDismiss of \(item.action.declarationWords)",
            callback.location ?? item.location ?? declarations[decl].location)
          let index = onDismisses.count
          onDismisses.append(
            OnDismissDecl(
              sequence: 0..<0, actsOn: callback.actsOn, declaration: callbackDecl,
              declared: callback))
          onDismisses[index].sequence = compile(
            callback.actions, site: site, declaration: callbackDecl)
          onDismisses[index].isRouterFree = Self.isRouterFree(
            steps[onDismisses[index].sequence].map(\.act))
          onDismiss = UInt16(index + 1)
        }
        for act in compile(item.action, site: site, declaration: decl) {
          compiled.append(Step(act: act, onDismiss: onDismiss, declaration: decl))
        }
      }
      let start = steps.count
      steps += compiled
      return start..<steps.count
    }
    /// One action as steps (`pushStack` is several); `declaration` is the declaration
    /// performing it; an alert without buttons gives its implicit "OK" that declaration.
    func compile(_ action: Action, site: String, declaration: Int) -> [Act] {
      switch action {
      case .push(let n): return [.push(d(n))]
      case .sheet(let n), .fullScreenCover(let n), .modal(let n, _):
        // Every presentation: its style is its kind's (`Action.Kind.presentation`).
        return [
          .present(
            EnvironmentStyle(action.kind.presentation!)!, d(n),
            dismissOnBackgroundTap: action.arguments.dismissOnBackgroundTap ?? true)
        ]
      case .pushStack(let names): return names.map { .push(d($0)) }
      case .alert(let name, let style, let buttons):
        let alertIndex = alerts.count
        alerts.append(AlertDecl(name: name, style: style, buttons: [], declared: buttons))
        var compiled: [(String, Range<Int>, Int, CompiledGuards, String?)] = []
        for b in buttons {
          let decl = declare(
            .alertButton,
            "\(site): \(style == .confirmationDialog ? "dialog" : "alert") '\(name)' button '\(b.label)'",
            b.location ?? declarations[declaration].location)
          var guards = flagGuards(b.guards)
          guards.hasUnlessPending = b.guards.unlessPending != nil
          compiled.append(
            (
              b.label, compile(b.actions, site: site, declaration: decl), decl, guards,
              b.guards.unlessPending
            ))
        }
        if buttons.isEmpty { compiled.append(("OK", 0..<0, declaration, CompiledGuards(), nil)) }
        alerts[alertIndex].buttons = compiled
        return [.alert(alertIndex)]
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
      case .showModule(let m): return [.showModule(moduleIndex[m] ?? 0)]
      case .setFlag(let f, let v): return [.setFlag(flagIndex[f] ?? 0, v)]
      }
    }

    /// The flag guards of `guards` (`when`, `unless`), resolved.
    func flagGuards(_ guards: Guards) -> CompiledGuards {
      var compiled = CompiledGuards()
      if let f = guards.when { compiled.when = flagIndex[f] ?? -1 }
      if let f = guards.unless { compiled.unless = flagIndex[f] ?? -1 }
      if !guards.isEmpty { hasGuards = true }
      return compiled
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
        orphaningMask: 0, asciiName: destination.name.utf8.allSatisfy { $0 < 0x80 })
      for (ti, t) in destination.transitions.enumerated() {
        let decl = declare(
          .transition, "\(destination.name): \(Self.describe(t))", t.location)
        let sequence = compile(t.actions, site: destination.name, declaration: decl)
        var trans = Trans(
          destination: di, index: ti, sequence: sequence,
          first: sequence.isEmpty ? .dismissAlert : steps[sequence.lowerBound].act,
          isSingle: sequence.count == 1 && steps[sequence.lowerBound].onDismiss == 0,
          isAsync: t.trigger.isAsync, pendingBit: -1, declaration: decl)
        var scope = Scope(actsOn: t.actsOn)
        scope.guards = flagGuards(t.guards)
        if case .async(let cancels) = t.trigger {
          trans.pendingBit = dest.asyncTransitions.count
          dest.asyncTransitions.append(transitions.count)
          // Its outcomes: those declared, or the one implicit outcome, its sequence.
          let first = outcomes.count
          if let declared = t.outcomes {
            for outcome in declared {
              let outcomeDecl = declare(
                .outcome,
                "\(destination.name): \(t.label.map { "'\($0)'" } ?? "async") outcome '\(outcome.label)'",
                outcome.location ?? t.location)
              outcomes.append(
                OutcomeDecl(
                  label: outcome.label,
                  sequence: compile(
                    outcome.actions, site: destination.name, declaration: outcomeDecl),
                  declaration: outcomeDecl))
            }
          } else {
            outcomes.append(OutcomeDecl(label: nil, sequence: sequence, declaration: decl))
          }
          scope.outcomes = first..<outcomes.count
          scope.isRouterFree = outcomes[scope.outcomes].allSatisfy {
            Self.isRouterFree(steps[$0.sequence].map(\.act))
          }
          let bit = UInt64(1) << UInt64(trans.pendingBit)
          if cancels || t.actsOn == .screen {
            scope.holder = .screen
            scope.holderBit = trans.pendingBit
            if !cancels {
              if scope.isRouterFree {
                dest.routerFreeMask |= bit
              } else {
                dest.orphaningMask |= bit
              }
            }
          } else if t.actsOn == .stack {
            scope.holder = .stack
            scope.holderBit = stackWork.count  // offset by stackBase below
            stackWork.append(transitions.count)
          } else {
            scope.holder = .app
          }
          if !cancels && (scope.holder == .app || scope.isRouterFree) {
            scope.appBit = appWork.count
            appWork.append(transitions.count)
            if scope.holder == .app { scope.holderBit = scope.appBit }
          }
          if t.outcomes != nil || t.actsOn != .screen || (scope.isRouterFree && !cancels) {
            hasScopedWork = true
          }
        }
        transitions.append(trans)
        scopes.append(scope)
        transitionLabels.append(t.label)
      }
      maxAsyncPerDestination = max(maxAsyncPerDestination, dest.asyncTransitions.count)
      destinations.append(dest)
    }
    // Stack work's bits follow the most own bits a destination has; `unlessPending` resolves
    // to the async transitions of the declaring destination with that label.
    stackBase = maxAsyncPerDestination
    for t in scopes.indices where scopes[t].holder == .stack {
      scopes[t].holderBit += stackBase
    }
    appWorkCount = UInt16(clamping: appWork.count)
    for (di, destination) in spec.destinations.enumerated() {
      for (ti, t) in destination.transitions.enumerated() {
        guard let label = t.guards.unlessPending else { continue }
        let id = destinations[di].transitions.lowerBound + ti
        let start = guardTransitions.count
        guardTransitions += pendingTransitions(labelled: label, of: di)
        scopes[id].guards.unlessPending = start..<guardTransitions.count
        scopes[id].guards.hasUnlessPending = true
      }
    }
    for flow in spec.flows {
      var steps: [(EnvironmentStyle?, Int, Int)] = []
      for (i, step) in flow.steps.enumerated() {
        let decl = declare(
          .flowStep,
          "flow '\(flow.name)' step \(i + 1): \(step.style.rawValue) \(step.destination)",
          step.location)
        steps.append(
          (
            step.style.environment.map { EnvironmentStyle($0)! },
            destinationIndex[step.destination] ?? 0, decl
          ))
      }
      flows.append(FlowDecl(name: flow.name, steps: steps))
    }
    for link in spec.deepLinks {
      let sequence = compile(link.actions, site: "deep link '\(link.name)'", declaration: nil) {
        i, a in
        declare(
          .deepLinkAction, "deep link '\(link.name)' action \(i + 1): \(a.action.name)",
          a.location ?? link.location)
      }
      deepLinks.append(
        DeepLinkDecl(
          name: link.name, start: link.start, guards: flagGuards(link.guards), sequence: sequence))
    }
    for invariant in spec.invariants {
      invariantDeclarations.append(
        declare(.invariant, "invariant '\(invariant.name)'", invariant.location))
    }
  }

  /// The async transitions of destination `d` labelled `label`, in declaration order (what an
  /// `unlessPending` names).
  func pendingTransitions(labelled label: String, of d: Int) -> [Int] {
    destinations[d].transitions.filter { transitions[$0].isAsync && transitionLabels[$0] == label }
  }

  /// A transition in words: "Sheet AddTodo 'Add'", "async DismissEnvironment 'Save'".
  static func describe(_ t: Transition) -> String {
    var text = ""
    if case .async(let cancels) = t.trigger {
      text += cancels ? "async(cancelsOnDismiss) " : "async "
    }
    if let outcomes = t.outcomes {
      // The work's name, then how it ends: `async 'Save' with outcomes 'saved', 'failed'`.
      let names = outcomes.map { "'\($0.label)'" }.joined(separator: ", ")
      return text + (t.label.map { "'\($0)' " } ?? "") + "with outcomes " + names
    } else {
      text += t.actions.map(\.action.declarationWords).joined(separator: "; ")
    }
    if let label = t.label { text += " '\(label)'" }
    return text
  }

  /// Transition `id` as declared (with its names, for words).
  func declaredTransition(_ id: Int) -> Transition {
    let transition = transitions[id]
    return spec.destinations[transition.destination].transitions[transition.index]
  }

  /// Transition `id`'s actions in words: `sheet AddTodo`, `dismiss environment, sheet Editor`.
  func actionWords(_ id: Int) -> String {
    Self.words(declaredTransition(id).actions)
  }

  /// A sequence in words.
  static func words(_ actions: [SequenceAction]) -> String {
    actions.map(\.action.words).joined(separator: ", ")
  }

  /// A transition's plain name: its label, or `#` and its index in its destination.
  func transitionName(_ id: Int) -> String {
    transitionLabels[id] ?? "#\(transitions[id].index)"
  }
}
