import NavCheckSupport

/// Steps in words and with the declarations that fired, and traces rebuilt by replaying events.
extension RouterModel {
  /// What one event does to a state: the one function behind every trace step (check, replay,
  /// simulate, the state graph, router testing).
  struct Step {
    /// The event, and the state it acted on.
    var event: RouterEvent
    var before: RouterState
    /// What the event led to.
    var outcome: EventOutcome
    /// The state after it; meaningful only where `outcome` is `.state`.
    var state: RouterState
    /// The declarations that fired, in the order a trace step lists them (`TraceStep`).
    var declarations: [DeclarationReference]
    /// The onDismiss callbacks that ran, by declaration id, in order.
    var onDismisses: [Int]
    /// What ran after the event's own part, by declaration id, in order: its onDismiss
    /// callbacks and its appearances' onAppear (§11.11), with the callbacks each recorded.
    var afterwards: [Int] = []
    /// The destinations whose onAppear performed in the step, in order (§11.11).
    var appearances: [Int] = []
    /// The destination the step is about: the acting screen's, or the selected tab's root.
    var subject: Int
    /// Where the outcome is `actionFromCoveredScreen`, the screen that acted, in `state` (the
    /// state as it was when the action broke the rule).
    var coveredScreen: ScreenPath?
    /// Whether that action selected a tab.
    var coveredSelectingTab = false
    /// Where the outcome is `duplicateAlert` of a window alert, the window prompt already
    /// shown (§11.8).
    var shownPrompt: String?
    /// Where the outcome is `duplicatePresentation` of a presentation on the app (§11.10), what
    /// is wrong: "the app presents sheet Editor while the window already shows sheet Settings".
    var appConflict: String?
    /// Where the step walked past an orphan (`step(_:from:walkingPastOrphans:)`), the
    /// declaration whose work or callback it orphaned: the spec's own `orphanedCompletion`.
    var walkedPast: DeclarationReference?
  }

  /// Performs `event` in `state`. The step in words (`words(of:)`, `trace(of:)`) is built only
  /// where it is read: router testing and the state graph take thousands of steps per second
  /// and read their declarations only.
  ///
  /// Walking past orphans, a removal that orphans pending work or a waiting onDismiss goes on
  /// (the work goes with its screen, the callback does nothing) and `walkedPast` names it.
  func step(_ event: RouterEvent, from state: RouterState, walkingPastOrphans: Bool = false)
    -> Step
  {
    var next = state
    let fired = PodBuffer<Int>(capacity: 16)
    let callbacks = Callbacks()
    callbacks.walksPastOrphans = walkingPastOrphans
    let outcome = semantics.apply(event, to: &next, fired: fired, callbacks: callbacks)
    let screen: ScreenPath
    switch event {
    case .complete(let holder, _, _):
      screen = holder.screen.map(state.position(preOrder:)) ?? state.active
    case .deepLink(let l):
      // A link that acts on a stack points at that stack's top (§11.1); `root` and `active`
      // links at the active screen, as before v3.
      switch spec.deepLinks[l].start {
      case .root, .active: screen = state.active
      case .stack, .tab: screen = semantics.actingScreen(ofLink: l, in: state) ?? state.active
      }
    case .tapToast:
      // A tap that acts points at the screen its first action is performed from (§11.4).
      screen = semantics.actingScreen(ofToast: state.toast - 1, in: state) ?? state.active
    case .broadcast(let b):
      // The first observer screen (§11.7).
      screen = semantics.firstObserverScreen(b, state) ?? state.active
    case .transition, .alertButton, .gesture, .selectTab, .tabButton, .toastExpires:
      screen = state.active
    }
    var declarations = (0..<fired.count).map { spec.declarations[fired[$0]] }
    // A completion acts through its outcome: the step is declared where the violation it
    // breaks is (the outcome's line), then the work's transition.
    if case .complete = event, declarations.count > 1, declarations[1].kind == .outcome {
      declarations.swapAt(0, 1)
    }
    // A tab selection is declared by the tab it selects, not by the screen it leaves.
    var subject = Int(state[screen].destination)
    if case .selectTab(let tab) = event { subject = Int(spec.modules[state.module].roots[tab]) }
    var step = Step(
      event: event, before: state, outcome: outcome, state: next, declarations: declarations,
      onDismisses: (min(callbacks.ownPartFired, fired.count)..<fired.count).map { fired[$0] }
        .filter { spec.declarations[$0].kind == .onDismiss },
      subject: subject)
    if semantics.hasOnAppear {
      let ids = (min(callbacks.ownPartFired, fired.count)..<fired.count).map { fired[$0] }
      step.afterwards = ids.filter {
        spec.declarations[$0].kind == .onDismiss || spec.declarations[$0].kind == .onAppear
      }
      step.appearances = ids.compactMap { id in
        spec.onAppears.first { $0.declaration == id }?.destination
      }
    }
    if callbacks.walkedPastOrphan >= 0 {
      step.walkedPast = spec.declarations[callbacks.walkedPastOrphan]
    }
    if case .violation(.actionFromCoveredScreen, _) = outcome, callbacks.coveredScreen >= 0 {
      step.coveredScreen = next.position(preOrder: callbacks.coveredScreen)
      step.coveredSelectingTab = callbacks.coveredSelectingTab
    }
    if case .violation(.duplicateAlert, _) = outcome, callbacks.shownPrompt >= 0 {
      step.shownPrompt = spec.alerts[callbacks.shownPrompt].name
    }
    if case .violation(.duplicatePresentation, _) = outcome, let conflict = callbacks.appConflict {
      step.appConflict = appConflictWords(conflict, in: next)
    }
    return step
  }

  /// What a presentation on the app met (§11.10), in `s`, the state as it was then: the app's
  /// slot taken, or what the window already shows (the selected stack's top's presentation or
  /// alert, or the window prompt).
  func appConflictWords(_ conflict: AppConflict, in s: RouterState) -> String {
    let requested = "\(conflict.style.style.words) \(spec.destinations[conflict.destination].name)"
    func environment(_ root: ScreenPath) -> String {
      "\(s.environmentStyle(of: root).style.words) \(screenName(root, s))"
    }
    if conflict.slot, let app = s.appPresentation {
      return
        "the app presents \(requested) while it already presents \(environment(app)) (the app presents one thing at a time)"
    }
    let top = s.top(ofStackOf: s.appRoot)
    let shown: String
    if s.prompt != 0 {
      shown = "the window prompt '\(spec.alerts[s.prompt - 1].name)'"
    } else if let presented = s.presented(by: top) {
      shown = environment(presented)
    } else if let alert = s[top].shownAlert {
      let declared = spec.alerts[alert]
      shown = "\(declared.style == .confirmationDialog ? "dialog" : "alert") '\(declared.name)'"
    } else {
      shown = "something"
    }
    return
      "the app presents \(requested) while the window already shows \(shown) (the window's root presents one thing at a time)"
  }

  /// The step in words: "TodoList: tap 'Add' → sheet AddTodo", with the onDismiss callbacks it
  /// ran (SEMANTICS §4: every event ends with them).
  func words(of step: Step) -> String {
    let description = describe(step.event, in: step.before)
    // With onAppear, the callbacks and appearances in the order they ran (§11.11).
    return description
      + afterwards(semantics.hasOnAppear ? step.afterwards : step.onDismisses)
  }

  /// The words of what ran after an event's own part: "; then onDismiss: …" for a callback,
  /// "; then Timeline appears: sheet AddAccount" for an appearance (§11.11), in order.
  func afterwards(_ declarations: [Int]) -> String {
    var description = ""
    for declaration in declarations {
      if let callback = spec.onDismisses.first(where: { $0.declaration == declaration }) {
        description += "; then onDismiss: \(CompiledSpec.words(callback.declared.actions))"
        if callback.actsOn != .screen { description += " (on the \(callback.actsOn.rawValue))" }
      } else if let onAppear = spec.onAppears.first(where: { $0.declaration == declaration }) {
        description +=
          "; then \(spec.destinations[onAppear.destination].name) appears: "
          + CompiledSpec.words(onAppear.declared.actions)
      }
    }
    return description
  }

  /// The launch as a trace step (§11.11): "the app launches", then its appearances' words; its
  /// declarations those that fired; the state §2's initial one where it broke a rule, else the
  /// start state.
  func launchStep() -> TraceStep {
    TraceStep(
      event: .launch, description: EventWords.launch + afterwards(launch.fired),
      declarations: launch.fired.map { spec.declarations[$0] },
      screen: spec.destinationReferences[spec.root],
      state: StateView(launch.state, spec))
  }

  /// The step as reports show it: the event, its words, its declarations, the state after it.
  func trace(of step: Step) -> TraceStep {
    TraceStep(
      event: reference(step.event, in: step.before), description: words(of: step),
      declarations: step.declarations, screen: spec.destinationReferences[step.subject],
      state: step.outcome == .state ? StateView(step.state, spec) : nil)
  }

  /// Replays event indices (positions in each state's canonical event list) from `start` into
  /// trace steps; a step that breaks a rule or is pruned has no state, and ends the trace.
  func trace(_ path: [Int]) -> [TraceStep] {
    var state = start
    var steps: [TraceStep] = []
    for index in path {
      let step = step(events(of: state)[index], from: state)
      steps.append(trace(of: step))
      guard step.outcome == .state else { break }
      state = step.state
    }
    return steps
  }

  /// The events of `state`, in canonical order.
  func events(of state: RouterState) -> [RouterEvent] {
    let events = PodBuffer<RouterEvent>(capacity: 64)
    semantics.events(of: state, into: events)
    return (0..<events.count).map { events[$0] }
  }

  // MARK: - Words

  /// The name of the destination the screen at `p` shows.
  func screenName(_ p: ScreenPath, _ s: RouterState) -> String {
    spec.destinations[Int(s[p].destination)].name
  }

  /// The event in words: "TodoList: tap 'Add' → sheet AddTodo".
  func describe(_ event: RouterEvent, in s: RouterState) -> String {
    let active = screenName(s.active, s)
    switch event {
    case .transition(let t):
      let transition = spec.transitions[t]
      let label = spec.transitionLabels[t].map { "'\($0)'" }
      if transition.isAsync {
        return "\(active): " + EventWords.asyncStarts(label ?? spec.actionWords(t))
      }
      if let label { return "\(active): tap \(label) → \(spec.actionWords(t))" }
      return "\(active): \(spec.actionWords(t))"
    case .alertButton(let b):
      // A window prompt's button where one shows (§11.8); it acts from the active screen.
      let alert = spec.alerts[s.prompt != 0 ? s.prompt - 1 : s[s.active].shownAlert!]
      let button = alert.buttons[b]
      let declared = alert.declared.indices.contains(b) ? alert.declared[b].actions : []
      let then = declared.isEmpty ? "" : " → \(CompiledSpec.words(declared))"
      let kind =
        (alert.isWindow ? "window " : "")
        + (alert.isWindow ? "prompt" : alert.style == .confirmationDialog ? "dialog" : "alert")
      return "\(active): "
        + EventWords.alertButton(kind, alert: alert.name, button: button.label) + then
    case .gesture(let gesture):
      let subject: String
      switch gesture {
      case .dismissDialog:
        subject = spec.alerts[s.prompt != 0 ? s.prompt - 1 : s[s.active].shownAlert!].name
      case .reselectTab: subject = screenName(s.appRoot, s)
      case .swipeBack, .swipeDown, .backgroundTap: subject = screenName(s.bottom(of: s.active), s)
      }
      return gesture.reference.words(active, subject)
    case .selectTab(let tab):
      return "user selects tab '\(spec.destinations[Int(spec.modules[s.module].roots[tab])].name)'"
    case .complete(_, let t, let o):
      // Unlabelled work is named by what it does, as its start is.
      let name = spec.transitionLabels[t].map { "'\($0)'" } ?? spec.actionWords(t)
      let declared = spec.declaredTransition(t)
      let destination = spec.destinations[spec.transitions[t].destination].name
      let outcome = declared.outcomes.map { $0[o - spec.scopes[t].outcomes.lowerBound] }
      var words = "\(destination): " + EventWords.asyncCompletes(name, outcome: outcome?.label)
      let actions = outcome?.actions ?? declared.actions
      if !actions.isEmpty { words += " → \(CompiledSpec.words(actions))" }
      switch spec.scopes[t].actsOn {
      case .stack: words += " (on the stack's top)"
      case .app: words += " (on the active screen)"
      case .screen: break
      }
      return words
    case .tabButton(let b):
      // "user taps tab item 'Post' → sheet Composer", from the selected stack's top (§11.5).
      let button = spec.spec.startModules[s.module].tabButtons[b]
      return EventWords.tabButton(button.name) + " → \(CompiledSpec.words(button.actions))"
    case .deepLink(let l):
      let link = spec.deepLinks[l]
      let words = EventWords.deepLink(link.name) + " arrives"
      switch link.start {
      case .root, .active: return words
      case .stack: return words + " (on the selected stack's top)"
      case .tab: return words + " (on tab '\(spec.spec.deepLinks[l].tab ?? "")')"
      }
    case .tapToast:
      let toast = spec.toasts[s.toast - 1].declared
      var words = EventWords.tapToast(toast.name)
      if !toast.actions.isEmpty {
        words += EventWords.toastStart(toast.start, tab: toast.tab)
        words += " → \(CompiledSpec.words(toast.actions))"
      }
      return words
    case .toastExpires:
      return EventWords.toastExpires(spec.toasts[s.toast - 1].name)
    case .broadcast(let b):
      return broadcastWords(b, in: s)
    }
  }

  /// "broadcast 'deleted' arrives → Item: dismiss; Editor: gone, skipped" (§11.7): each observer
  /// screen of the start, in pre-order, with what its observer did, up to the one that broke a
  /// rule, if one did. The broadcast is performed again on a copy to learn which were skipped.
  func broadcastWords(_ b: Int, in s: RouterState) -> String {
    let broadcast = spec.broadcasts[b]
    var copy = s
    let fired = PodBuffer<Int>(capacity: 16)
    let callbacks = Callbacks()
    var parts: [String] = []
    _ = semantics.broadcast(b, &copy, fired, callbacks) { o, acted in
      let observer = broadcast.declared.observers[o]
      let name = spec.destinations[broadcast.observers[o].destination].name
      guard acted else {
        parts.append("\(name): gone, skipped")
        return
      }
      parts.append(
        "\(name): \(CompiledSpec.words(observer.actions))"
          + (observer.actsOn == .stack ? " (on the stack's top)" : ""))
    }
    return EventWords.broadcast(broadcast.name) + " arrives → " + parts.joined(separator: "; ")
  }
}
