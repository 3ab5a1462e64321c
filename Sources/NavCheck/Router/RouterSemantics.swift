import NavCheckSupport

/// The reference router: the events of a state and what each does (SEMANTICS §4, §5).
///
/// The rules are written against `StateEditor`, the state's queries and changes named by what
/// they mean; the explorer runs them on a `StateBuffer` (in place, allocating nothing and
/// counting no references), everything else on a `RouterState`. Only `RouterModel` uses it:
/// checks, traces, replays, walks and graphs go through the model.
///
/// It holds the compiled spec's tables, not the compiled spec: the expander hands it to the
/// rules for every event, and what it holds is what that costs.
struct RouterSemantics: Sendable {
  let destinations: [CompiledSpec.Dest]
  let transitions: [CompiledSpec.Trans]
  let steps: [CompiledSpec.Step]
  let alerts: [CompiledSpec.AlertDecl]
  let flows: [CompiledSpec.FlowDecl]
  let deepLinks: [CompiledSpec.DeepLinkDecl]
  let toasts: [CompiledSpec.ToastDecl]
  let maxStackDepth: Int
  let maxPresentationDepth: Int
  /// The most screens a state has: a full stack in the root environment and in each of the
  /// most environments presented (the capacity of a `StateBuffer`).
  let maxScreens: Int
  /// Whether a module has tabs (tab events exist).
  let hasTabs: Bool
  /// Whether a show action carries an onDismiss (removals record callbacks).
  let recordsDismissals: Bool
  /// Whether the spec declares broadcasts (§11.7): their events, and the marks they set.
  let hasBroadcasts: Bool
  /// Whether a destination declares onAppear (§11.11): every event ends with the appearances,
  /// and the start state follows the launch's.
  let hasOnAppear: Bool
  /// Whether guards, outcomes, stack or app work, or router-free work are used.
  let hasGuards: Bool
  let hasScopedWork: Bool
  /// The tables of modules, flags, guards, outcomes, scoped work and onDismiss behind one
  /// reference: the expander hands the semantics to the rules for every event, and what it
  /// holds is what that costs (a spec that uses none of those features reads none of it).
  let features: FeatureTables

  init(_ spec: CompiledSpec) {
    destinations = spec.destinations
    transitions = spec.transitions
    steps = spec.steps
    alerts = spec.alerts
    flows = spec.flows
    deepLinks = spec.deepLinks
    toasts = spec.toasts
    maxStackDepth = spec.spec.bounds.maxStackDepth
    maxPresentationDepth = spec.spec.bounds.maxPresentationDepth
    maxScreens = Self.maxScreens(spec)
    hasTabs = spec.isTabbed
    recordsDismissals = !spec.onDismisses.isEmpty
    hasBroadcasts = !spec.broadcasts.isEmpty
    hasOnAppear = !spec.onAppears.isEmpty
    hasGuards = spec.hasGuards
    hasScopedWork = spec.hasScopedWork
    features = FeatureTables(spec)
  }

  /// The most screens a state of `spec` has.
  static func maxScreens(_ spec: CompiledSpec) -> Int {
    let bounds = spec.spec.bounds
    // Every tab's stack full, and the selected one's presentations.
    return (Int(spec.maxTabs) + bounds.maxPresentationDepth) * bounds.maxStackDepth
  }

  /// The initial state (§2): the first module's stacks, the first selected, the flags at
  /// their initial values.
  var initialState: RouterState {
    var state = RouterState(
      stacks: features.modules[0].roots.map {
        [RouterState.Screen(fields: ScreenState(destination: $0))]
      }
    )
    state.flags = features.initialFlags
    return state
  }

  // MARK: - Events (§4)

  /// Appends the events of `s`, in canonical order, to `events`.
  func events<State: StateEditor>(of s: State, into events: PodBuffer<RouterEvent>) {
    let a = s.active
    let active = s[a]
    if s.prompt != 0 {
      // A window prompt takes every touch (§11.8): its buttons in place of items 1–6.
      promptEvents(of: s, into: events)
    } else if active.alert == 0 {
      let range = destinations[Int(active.destination)].transitions
      if hasGuards || hasScopedWork {
        for t in range {
          if transitions[t].isAsync && (!features.scopes[t].isTapped || isPending(t, for: a, s)) {
            continue
          }
          let guards = features.scopes[t].guards
          if !guards.isEmpty && !holds(guards, for: a, s) { continue }
          events.append(.transition(t))
        }
      } else if active.pending == 0 {
        // Nothing pending on the screen: every transition is an event.
        events.reserve(range.count)
        for t in range { events.append(.transition(t)) }
      } else {
        for t in range {
          let transition = transitions[t]
          if transition.isAsync && active.pending & (1 << UInt64(transition.pendingBit)) != 0 {
            continue
          }
          events.append(.transition(t))
        }
      }
      let stack = s.stack(upTo: a)
      if stack.count > 1 { events.append(.gesture(.swipeBack)) }
      if stack.style == .sheet,
        destinations[Int(s[stack.bottom].destination)].swipeToDismiss,
        !hasGuards || swipeHolds(at: stack.bottom, s)
      {
        events.append(.gesture(.swipeDown))
      }
      if stack.style == .modal && s.dismissesOnBackgroundTap(environmentOf: a) {
        events.append(.gesture(.backgroundTap))
      }
      if hasTabs && stack.style == .root {
        let module = features.modules[s.module]
        if module.hasTabs {
          for tab in module.roots.indices where tab != s.selectedTab {
            events.append(.selectTab(tab))
          }
          if stack.count > 1 { events.append(.gesture(.reselectTab)) }
          // Tab bar items that act instead of selecting (§11.5), where their guards hold.
          for (b, button) in module.tabButtons.enumerated()
          where button.guards.isEmpty || holds(button.guards, for: a, s) {
            events.append(.tabButton(b))
          }
        }
      }
    } else {
      // Read in place: a copy of the alert would retain its strings and arrays.
      let alert = active.shownAlert!
      if hasGuards {
        for b in alerts[alert].buttons.indices where buttonHolds(alert, b, for: a, s) {
          events.append(.alertButton(b))
        }
      } else {
        for b in alerts[alert].buttons.indices { events.append(.alertButton(b)) }
      }
      if alerts[alert].style == .confirmationDialog { events.append(.gesture(.dismissDialog)) }
    }
    for i in 0..<s.screenCount {
      let screen = s[s.position(preOrder: i)]
      guard screen.pending != 0 else { continue }
      let d = Int(screen.destination)
      if hasScopedWork {
        completions(of: screen.pending, d, screen: i, into: events)
        continue
      }
      for bit in PendingBits(screen.pending) {
        // Without outcomes, the one implicit outcome: its index is not needed.
        events.append(
          .complete(
            holder: .screen(i), transition: destinations[d].asyncTransitions[bit], outcome: 0))
      }
    }
    if hasScopedWork {
      // The app's work, in declaration order (its bits are).
      for bit in PendingBits(s.appPending) {
        let t = features.appWork[bit]
        for o in features.scopes[t].outcomes {
          events.append(.complete(holder: .app, transition: t, outcome: o))
        }
      }
    }
    if s.toast != 0 {
      if s.prompt == 0 {
        toastEvents(of: s, into: events)
      } else if toasts[s.toast - 1].expires {
        // Under a window prompt the toast cannot be tapped; it still goes away (§11.8).
        events.append(.toastExpires)
      }
    }
    if hasGuards {
      for l in deepLinks.indices {
        let guards = deepLinks[l].guards
        if guards.isEmpty || holds(guards, for: a, s) { events.append(.deepLink(l)) }
      }
    } else {
      for l in deepLinks.indices { events.append(.deepLink(l)) }
    }
    if hasBroadcasts { broadcastEvents(of: s, into: events) }
  }

  /// The broadcasts (§11.7) whose guards hold and that have an observer screen in `s`, in
  /// declaration order.
  @inline(never)
  private func broadcastEvents<State: StateEditor>(
    of s: State, into events: PodBuffer<RouterEvent>
  ) {
    for (b, broadcast) in features.broadcasts.enumerated() {
      if !broadcast.guards.isEmpty && !holds(broadcast.guards, for: s.active, s) { continue }
      if hasObserverScreen(b, s) { events.append(.broadcast(b)) }
    }
  }

  /// Whether some screen of `s` shows a destination that observes broadcast `b`.
  func hasObserverScreen<State: StateEditor>(_ b: Int, _ s: State) -> Bool {
    firstObserverScreen(b, s) != nil
  }

  /// The first observer screen of broadcast `b` in `s`, in pre-order: the screen its step
  /// points at (§11.7).
  func firstObserverScreen<State: StateEditor>(_ b: Int, _ s: State) -> State.Position? {
    let observerOf = features.broadcasts[b].observerOf
    for i in 0..<s.screenCount {
      let p = s.position(preOrder: i)
      if observerOf[Int(s[p].destination)] >= 0 { return p }
    }
    return nil
  }

  /// The events of the window prompt shown (§11.8): its buttons whose guards hold (read for the
  /// active screen), in order, then, for a confirmation dialog, the tap outside it.
  @inline(never)
  private func promptEvents<State: StateEditor>(of s: State, into events: PodBuffer<RouterEvent>) {
    let alert = s.prompt - 1
    let a = s.active
    for b in alerts[alert].buttons.indices where !hasGuards || buttonHolds(alert, b, for: a, s) {
      events.append(.alertButton(b))
    }
    if alerts[alert].style == .confirmationDialog { events.append(.gesture(.dismissDialog)) }
  }

  /// The events of the toast shown (§11.4): its tap, where it can be touched, then its expiry.
  @inline(never)
  private func toastEvents<State: StateEditor>(of s: State, into events: PodBuffer<RouterEvent>) {
    let toast = toasts[s.toast - 1]
    let a = s.active
    if s[a].alert == 0 && (toast.level == .window || s.environmentStyle(of: a) == .root) {
      events.append(.tapToast)
    }
    if toast.expires { events.append(.toastExpires) }
  }

  /// The completions of a screen's pending work (own and stack work), in declaration order,
  /// each outcome in order.
  @inline(never)
  private func completions(
    of pending: UInt64, _ d: Int, screen i: Int, into events: PodBuffer<RouterEvent>
  ) {
    // Its own work and its stack's work are each in declaration order: merge the two.
    let layout = PendingWorkLayout(stackBase: features.stackBase)
    var own = layout.own(pending)
    var stack = layout.stack(pending)
    while own != 0 || stack != 0 {
      let ownT = own != 0 ? destinations[d].asyncTransitions[own.trailingZeroBitCount] : .max
      let stackT = stack != 0 ? features.stackWork[stack.trailingZeroBitCount] : .max
      let t: Int
      if ownT < stackT {
        t = ownT
        own &= own - 1
      } else {
        t = stackT
        stack &= stack - 1
      }
      for o in features.scopes[t].outcomes {
        events.append(.complete(holder: .screen(i), transition: t, outcome: o))
      }
    }
  }

  /// Whether button `b` of alert `alert`, shown by `x`, has its guards hold; its
  /// `unlessPending` names async transitions of `x`'s destination (§1).
  @inline(never)
  private func buttonHolds<State: StateEditor>(
    _ alert: Int, _ b: Int, for x: State.Position, _ s: State
  ) -> Bool {
    // The fields it needs, not the button (its strings would be copied and released).
    let guards = alerts[alert].buttons[b].guards
    guard !guards.isEmpty else { return true }
    guard holds(guards, for: x, s) else { return false }
    guard let label = alerts[alert].buttons[b].unlessPending else { return true }
    return !destinations[Int(s[x].destination)].transitions.contains {
      transitions[$0].isAsync && features.transitionLabels[$0] == label && isPending($0, for: x, s)
    }
  }

  /// The screen deep link `l`'s first action is performed from (§4.8, §11.1): the app root, the
  /// active screen, the top of the selected stack or of the named tab's stack; `nil` where the
  /// module has no such tab.
  func actingScreen<State: StateEditor>(ofLink l: Int, in s: State) -> State.Position? {
    actingScreen(deepLinks[l].start, deepLinks[l].tabInModule, in: s)
  }

  /// The screen the tap of toast `k` acts from (§11.4): as a deep link's with its start; the
  /// active screen for a tap without actions (it only closes the toast).
  func actingScreen<State: StateEditor>(ofToast k: Int, in s: State) -> State.Position? {
    guard !toasts[k].sequence.isEmpty else { return s.active }
    return actingScreen(toasts[k].start, toasts[k].tabInModule, in: s)
  }

  private func actingScreen<State: StateEditor>(
    _ start: DeepLink.Start, _ tabInModule: [Int?], in s: State
  ) -> State.Position? {
    switch start {
    case .root: return s.appRoot
    case .active: return s.active
    case .stack: return s.top(ofStackOf: s.appRoot)
    case .tab: return tabInModule[s.module].map { s.top(ofStackOf: s.tabRoot($0)) }
    }
  }

  /// Whether the swipe conditions of the sheet whose root is `root` hold (§11.3).
  @inline(never)
  private func swipeHolds<State: StateEditor>(at root: State.Position, _ s: State) -> Bool {
    let guards = features.swipeGuards[Int(s[root].destination)]
    return guards.isEmpty || holds(guards, for: root, s)
  }

  /// Whether transition `t` is pending for screen `x` (its holder for `x` has an entry for it).
  @inline(never)
  private func isPending<State: StateEditor>(
    _ t: Int, for x: State.Position, _ s: State
  ) -> Bool {
    let scope = features.scopes[t]
    let bit = UInt64(1) << UInt64(scope.holderBit)
    switch scope.holder {
    case .screen: return s[x].pending & bit != 0
    case .stack: return s[s.bottom(of: x)].pending & bit != 0
    case .app: return s.appPending & bit != 0
    }
  }

  /// Whether `guards` hold for screen `x` (the flags, and the work `unlessPending` names).
  @inline(never)
  private func holds<State: StateEditor>(
    _ guards: CompiledSpec.CompiledGuards, for x: State.Position, _ s: State
  ) -> Bool {
    if guards.when >= 0 && s.flags & (1 << UInt64(guards.when)) == 0 { return false }
    if guards.unless >= 0 && s.flags & (1 << UInt64(guards.unless)) != 0 { return false }
    // Most guards name no work: the slice (which retains the array) is taken only where one does.
    guard !guards.unlessPending.isEmpty else { return true }
    for t in features.guardTransitions[guards.unlessPending] where isPending(t, for: x, s) {
      return false
    }
    return true
  }

  /// Applies `event` to `s` in place. Where the outcome is not `.state`, `s` is left in an
  /// unspecified state. `fired` receives the declarations the event performed, in order (for
  /// coverage and trace steps); coverage counts them only where the outcome is `.state`.
  /// `callbacks` is scratch space for the onDismiss callbacks the event's removals record
  /// (empty before and after).
  func apply<State: StateEditor>(
    _ event: RouterEvent, to s: inout State, fired: PodBuffer<Int>, callbacks: Callbacks
  ) -> EventOutcome {
    // Checked once per event: a spec without onAppear runs the event as before.
    if hasOnAppear {
      return applyWithAppearances(event, to: &s, fired: fired, callbacks: callbacks)
    }
    let outcome = applyOwnPart(event, to: &s, fired: fired, callbacks: callbacks)
    // (A broadcast marks its observer screens, §11.7: the marks are cleared here too.)
    guard (recordsDismissals || hasBroadcasts) && callbacks.isUsed else { return outcome }
    // What fires from here on is the callbacks' (a button of an alert a callback showed fires
    // that callback's declaration in the own part: no callback runs).
    callbacks.ownPartFired = fired.count
    // Every event ends with the onDismiss callbacks of the screens it removed (§5).
    let result = outcome == .state ? runCallbacks(&s, fired, callbacks) : outcome
    s.clearMarks()
    callbacks.reset()
    return result
  }

  // MARK: - Appearances (§11.11)

  /// An event of a spec with onAppear: the screens shown at its start are `seen`; then its own
  /// part, the callbacks it recorded, and the appearances in rounds.
  @inline(never)
  private func applyWithAppearances<State: StateEditor>(
    _ event: RouterEvent, to s: inout State, fired: PodBuffer<Int>, callbacks: Callbacks
  ) -> EventOutcome {
    var seen = Set<UInt16>()
    for p in shownScreens(s) { seen.insert(markedScreen(p, &s, callbacks)) }
    var outcome = applyOwnPart(event, to: &s, fired: fired, callbacks: callbacks)
    // What fired from here on ran after the own part: a button of an alert an onAppear showed
    // fires that onAppear's declaration in the own part, and is no appearance.
    callbacks.ownPartFired = fired.count
    if outcome == .state { outcome = runCallbacks(&s, fired, callbacks) }
    if outcome == .state { outcome = appearances(&s, seen: &seen, fired, callbacks) }
    s.clearMarks()
    callbacks.reset()
    return outcome
  }

  /// The launch (§11.11): the appearances of §2's initial state, with `seen` empty; `s`
  /// becomes the start state where the outcome is `.state`.
  func launch<State: StateEditor>(
    _ s: inout State, fired: PodBuffer<Int>, callbacks: Callbacks
  ) -> EventOutcome {
    var seen = Set<UInt16>()
    let outcome = appearances(&s, seen: &seen, fired, callbacks)
    s.clearMarks()
    callbacks.reset()
    return outcome
  }

  /// The shown screens of `s` (§11.11), in pre-order: the top of the selected stack, then the
  /// top of the environment it presents, and so on; then, where the app presents (§11.10), the
  /// top of its presentation and of each environment presented from there, to the active
  /// environment (a presentation does not hide its presenter).
  func shownScreens<State: StateEditor>(_ s: State) -> [State.Position] {
    var shown: [State.Position] = []
    func walk(from root: State.Position) {
      var p = s.top(ofStackOf: root)
      shown.append(p)
      while let presented = s.presented(by: p) {
        p = s.top(ofStackOf: presented)
        shown.append(p)
      }
    }
    walk(from: s.appRoot)
    if let app = s.appPresentation { walk(from: app) }
    return shown
  }

  /// The mark of the screen at `p`, given one where it has none (its identity in the event).
  private func markedScreen<State: StateEditor>(
    _ p: State.Position, _ s: inout State, _ callbacks: Callbacks
  ) -> UInt16 {
    let mark = s[p].mark
    if mark != 0 { return mark }
    let new = callbacks.newMark()
    s.setMark(new, at: p)
    return new
  }

  /// The appearances (§11.11): round after round, the shown screens not yet `seen`, in
  /// pre-order, each performing its destination's onAppear where it is still in the state and
  /// its guards hold then, the callbacks its removals record right after it. Past
  /// `S × (P + 1)` rounds that take screens, the event is pruned.
  @inline(never)
  private func appearances<State: StateEditor>(
    _ s: inout State, seen: inout Set<UInt16>, _ fired: PodBuffer<Int>, _ callbacks: Callbacks
  ) -> EventOutcome {
    let rounds = maxStackDepth * (maxPresentationDepth + 1)
    var round = 0
    while true {
      var taken: [UInt16] = []
      for p in shownScreens(s) {
        let mark = markedScreen(p, &s, callbacks)
        if seen.insert(mark).inserted { taken.append(mark) }
      }
      if taken.isEmpty { return .state }
      round += 1
      if round > rounds { return .pruned }
      for mark in taken {
        // Removed by an earlier appearance of the round: it went before its turn.
        guard let x = s.find(mark: mark) else { continue }
        let k = features.onAppearOf[Int(s[x].destination)]
        guard k >= 0 else { continue }
        let onAppear = features.onAppears[k]
        if !onAppear.guards.isEmpty && !holds(onAppear.guards, for: x, s) { continue }
        fired.append(onAppear.declaration)
        // Its removals record callbacks after those already run; they run right after it.
        let first = callbacks.resume()
        let outcome = run(onAppear.sequence, from: x, &s, fired, callbacks)
        guard outcome == .state else { return outcome }
        let after = runCallbacks(&s, fired, callbacks, from: first)
        guard after == .state else { return after }
      }
    }
  }

  /// The event's own part: its sequence, a start, a gesture.
  @inline(__always)
  private func applyOwnPart<State: StateEditor>(
    _ event: RouterEvent, to s: inout State, fired: PodBuffer<Int>, callbacks: Callbacks
  ) -> EventOutcome {
    let a = s.active
    switch event {
    case .transition(let t):
      // The row's fields are read where they are used: a copy of the whole row would be spilled.
      let declaration = transitions[t].declaration
      fired.append(declaration)
      if transitions[t].isAsync {
        start(t, from: a, &s)
        return .state
      }
      if transitions[t].isSingle {
        return perform(transitions[t].first, 0, declaration, from: a, &s, fired, callbacks)
      }
      return run(transitions[t].sequence, from: a, &s, fired, callbacks)
    case .alertButton(let b) where s.prompt != 0:
      // A window prompt's button (§11.8): the prompt closes, then the sequence runs from the
      // active screen.
      let alert = s.prompt - 1
      let declaration = alerts[alert].buttons[b].declaration
      let sequence = alerts[alert].buttons[b].sequence
      s.setPrompt(0)
      fired.append(declaration)
      return run(sequence, from: a, &s, fired, callbacks)
    case .alertButton(let b):
      // The fields it needs, not the button (its strings would be copied and released).
      let alert = s[a].shownAlert!
      let declaration = alerts[alert].buttons[b].declaration
      let sequence = alerts[alert].buttons[b].sequence
      s.setAlert(nil, at: a)
      fired.append(declaration)
      return run(sequence, from: a, &s, fired, callbacks)
    case .gesture(.swipeBack):
      return remove(a, &s, callbacks)
    case .gesture(.swipeDown), .gesture(.backgroundTap):
      return remove(s.bottom(of: a), &s, callbacks)
    case .gesture(.dismissDialog) where s.prompt != 0:
      s.setPrompt(0)
      return .state
    case .gesture(.dismissDialog):
      s.setAlert(nil, at: a)
      return .state
    case .gesture(.reselectTab):
      return remove(s.above(s.appRoot)!, &s, callbacks)
    case .selectTab(let tab):
      s.selectTab(tab)
      return .state
    case .tabButton(let b):
      // From the top of the selected stack, which is the active screen while the tab bar is in
      // view (§11.5).
      let button = features.modules[s.module].tabButtons[b]
      fired.append(button.declaration)
      return run(button.sequence, from: a, &s, fired, callbacks)
    case .complete(let holder, let t, let o):
      let declaration = transitions[t].declaration
      fired.append(declaration)
      if hasScopedWork { return complete(holder, t, o, &s, fired, callbacks) }
      // Without scoped work, every entry is a screen's own.
      let x = s.position(preOrder: holder.screen!)
      s.setPending(s[x].pending & ~(1 << UInt64(transitions[t].pendingBit)), at: x)
      if transitions[t].isSingle {
        return perform(transitions[t].first, 0, declaration, from: x, &s, fired, callbacks)
      }
      return run(transitions[t].sequence, from: x, &s, fired, callbacks)
    case .deepLink(let l):
      let link = deepLinks[l]
      // A link on a tab the module lacks acts through no router (§11.1).
      guard let from = actingScreen(ofLink: l, in: s) else {
        let first = steps[link.sequence.lowerBound].declaration
        fired.append(first)
        return .violation(.tabMissing, declaration: first)
      }
      return run(link.sequence, from: from, &s, fired, callbacks, firesSteps: true)
    case .tapToast:
      let k = s.toast - 1
      let toast = toasts[k]
      s.setToast(0)
      fired.append(toast.declaration)
      guard !toast.sequence.isEmpty else { return .state }
      // A tap on a tab the module lacks acts through no router (§11.4, as §11.1).
      guard let from = actingScreen(ofToast: k, in: s) else {
        return .violation(.tabMissing, declaration: toast.declaration)
      }
      return run(toast.sequence, from: from, &s, fired, callbacks)
    case .toastExpires:
      s.setToast(0)
      return .state
    case .broadcast(let b):
      return broadcast(b, &s, fired, callbacks)
    }
  }

  /// Broadcast `b` (§11.7): its observer screens at the event's start, in pre-order, each
  /// marked; then each that is still in the state performs its observer's sequence, from itself
  /// or from its stack's top; one that is gone is skipped. `note` hears, for each observer
  /// screen in order, its observer's index and whether it acted (for the trace's words).
  @inline(never)
  func broadcast<State: StateEditor>(
    _ b: Int, _ s: inout State, _ fired: PodBuffer<Int>, _ callbacks: Callbacks,
    note: (_ observer: Int, _ acted: Bool) -> Void = { _, _ in }
  ) -> EventOutcome {
    let broadcast = features.broadcasts[b]
    var observers: [(mark: UInt16, observer: Int)] = []
    for i in 0..<s.screenCount {
      let p = s.position(preOrder: i)
      let o = broadcast.observerOf[Int(s[p].destination)]
      guard o >= 0 else { continue }
      var mark = s[p].mark
      if mark == 0 {
        mark = callbacks.newMark()
        s.setMark(mark, at: p)
      }
      observers.append((mark, o))
    }
    for (mark, o) in observers {
      // Removed by an earlier observer's actions: it went with its view (skipped).
      guard let x = s.find(mark: mark) else {
        note(o, false)
        continue
      }
      note(o, true)
      let observer = broadcast.observers[o]
      fired.append(observer.declaration)
      let from = observer.actsOnStack ? s.top(ofStackOf: x) : x
      let outcome = run(observer.sequence, from: from, &s, fired, callbacks)
      guard outcome == .state else { return outcome }
    }
    return .state
  }

  /// A completion where the spec has scoped work (outcomes, stack or app work, router-free
  /// work): the entry goes, then its outcome's sequence.
  @inline(never)
  private func complete<State: StateEditor>(
    _ holder: WorkHolder, _ t: Int, _ o: Int, _ s: inout State, _ fired: PodBuffer<Int>,
    _ callbacks: Callbacks
  ) -> EventOutcome {
    let transition = transitions[t]
    // The entry goes; the outcome is performed from the active screen (app work), the top of
    // the holder's stack (stack work) or the holder (its screen's work).
    let outcome = features.outcomes[o]
    if outcome.declaration != transition.declaration { fired.append(outcome.declaration) }
    let from: State.Position
    let scope = features.scopes[t]
    if let i = holder.screen {
      let x = s.position(preOrder: i)
      s.setPending(s[x].pending & ~(1 << UInt64(scope.holderBit)), at: x)
      // From what it acts on (cancelled-with-its-screen work is held by its screen, but may
      // act on its stack or the app): the holder, the top of the holder's stack, the active
      // screen.
      switch scope.actsOn {
      case .screen: from = x
      case .stack: from = s.top(ofStackOf: x)
      case .app: from = s.active
      }
    } else {
      s.setAppPending(s.appPending & ~(1 << UInt64(scope.appBit)))
      from = s.active
    }
    return run(outcome.sequence, from: from, &s, fired, callbacks)
  }

  /// Cancels async transition `t` for screen `x`: its entry leaves its holder, if there (§11.2).
  @inline(never)
  private func cancel<State: StateEditor>(_ t: Int, from x: State.Position, _ s: inout State) {
    guard hasScopedWork else {
      s.setPending(s[x].pending & ~(1 << UInt64(transitions[t].pendingBit)), at: x)
      return
    }
    let scope = features.scopes[t]
    let bit = UInt64(1) << UInt64(scope.holderBit)
    switch scope.holder {
    case .screen: s.setPending(s[x].pending & ~bit, at: x)
    case .stack:
      let bottom = s.bottom(of: x)
      s.setPending(s[bottom].pending & ~bit, at: bottom)
    case .app: s.setAppPending(s.appPending & ~bit)
    }
  }

  /// Starts async transition `t` from screen `a` (the active screen for a tap; the performing
  /// screen for a `start` action): an entry in its holder (§2).
  @inline(never)
  private func start<State: StateEditor>(_ t: Int, from a: State.Position, _ s: inout State) {
    guard hasScopedWork else {
      s.setPending(s[a].pending | 1 << UInt64(transitions[t].pendingBit), at: a)
      return
    }
    let scope = features.scopes[t]
    let bit = UInt64(1) << UInt64(scope.holderBit)
    switch scope.holder {
    case .screen: s.setPending(s[a].pending | bit, at: a)
    case .stack:
      let bottom = s.bottom(of: a)
      s.setPending(s[bottom].pending | bit, at: bottom)
    case .app: s.setAppPending(s.appPending | bit)
    }
  }

  /// Performs a sequence (§1): the first action from `x`; after a show action the next from
  /// the new screen (after an alert, the same screen); after any other action from the active
  /// screen. Both are the active screen: a show action succeeds only from the active screen.
  /// `firesSteps`: each action fires its own declaration (a deep link's).
  @inline(__always)
  private func run<State: StateEditor>(
    _ sequence: Range<Int>, from x: State.Position, _ s: inout State, _ fired: PodBuffer<Int>,
    _ callbacks: Callbacks, firesSteps: Bool = false
  ) -> EventOutcome {
    if sequence.count == 1 && !firesSteps {
      let step = steps[sequence.lowerBound]
      return perform(step.act, step.onDismiss, step.declaration, from: x, &s, fired, callbacks)
    }
    var from = x
    for i in sequence {
      let step = steps[i]
      if firesSteps && (i == sequence.lowerBound || steps[i - 1].declaration != step.declaration) {
        fired.append(step.declaration)
      }
      let outcome = perform(
        step.act, step.onDismiss, step.declaration, from: from, &s, fired, callbacks)
      guard outcome == .state else { return outcome }
      // After setFlag, start and cancel from the same screen (they change no navigation).
      if i + 1 < sequence.upperBound, !step.act.keepsTheActingScreen { from = s.active }
    }
    return .state
  }

  // MARK: - Actions (§5)

  /// Performs `act` from screen `x`, for `declaration`; a screen it shows carries `onDismiss`.
  func perform<State: StateEditor>(
    _ act: CompiledSpec.Act, _ onDismiss: UInt16, _ declaration: Int, from x: State.Position,
    _ s: inout State, _ fired: PodBuffer<Int>, _ callbacks: Callbacks
  ) -> EventOutcome {
    switch act {
    case .push(let d):
      return show(nil, d, from: x, cursor: (0, 0), onDismiss, declaration, &s, callbacks)
    case .present(let d, let style, let tap, let item):
      if item, let shown = s.presented(by: x), s.environmentStyle(of: shown) == style {
        // The screen's item slot of this style (§11.6): the same item shown is no change;
        // another is dismissed, then this one presented.
        if Int(s[shown].destination) == d { return .state }
        let removal = remove(shown, &s, callbacks)
        guard removal == .state else { return removal }
      }
      return show(
        style, d, from: x, cursor: (0, 0), onDismiss, declaration, &s, callbacks,
        dismissOnBackgroundTap: tap)
    case .presentOnApp(let d, let style, let tap, let item):
      return presentOnApp(style, d, tap, item: item, onDismiss, declaration, &s, callbacks)
    case .alert(let alert):
      if s[x].alert != 0 { return .violation(.duplicateAlert, declaration: declaration) }
      if s.isCovered(x) { return covered(x, declaration, s, callbacks) }
      s.setAlert(alert, at: x)
      return .state
    case .startFlow(let f):
      return performStep(flow: f, step: 0, from: x, declaration, &s, fired, callbacks)
    case .next, .nextOrDismissEnvironment:
      let screen = s[x]
      let flow = Int(screen.flow) - 1
      if flow >= 0 && Int(screen.flowNext) < flows[flow].steps.count {
        return performStep(
          flow: flow, step: Int(screen.flowNext), from: x, declaration, &s, fired, callbacks)
      }
      if act == .next { return .violation(.flowExhausted, declaration: declaration) }
      return dismissEnvironment(from: x, declaration, &s, callbacks)
    case .dismiss(nil):
      if isRootEnvironmentBottom(x, s) {
        return .violation(.dismissAtRoot, declaration: declaration)
      }
      return remove(x, &s, callbacks)
    case .dismiss(let d?):
      guard let y = nearest(d, atOrBelow: x, s) else {
        return .violation(.dismissTargetMissing, declaration: declaration)
      }
      if isRootEnvironmentBottom(y, s) {
        return .violation(.dismissAtRoot, declaration: declaration)
      }
      return remove(y, &s, callbacks)
    case .dismissTo(let d):
      guard let start = s.below(x), let y = nearest(d, atOrBelow: start, s) else {
        return .violation(.dismissTargetMissing, declaration: declaration)
      }
      return removeAbove(y, &s, callbacks)
    case .dismissCount(let n):
      // The n-th screen at or below `x`, counting `x` as the first.
      var target = x
      for _ in 1..<n {
        guard let next = s.below(target) else {
          return .violation(.dismissTargetMissing, declaration: declaration)
        }
        target = next
      }
      if isRootEnvironmentBottom(target, s) {
        return .violation(.dismissAtRoot, declaration: declaration)
      }
      return remove(target, &s, callbacks)
    case .dismissStack:
      guard let second = s.above(s.bottom(of: x)) else { return .state }
      return remove(second, &s, callbacks)
    case .dismissEnvironment:
      return dismissEnvironment(from: x, declaration, &s, callbacks)
    case .popTo(let d):
      let bottom = s.bottom(of: x)
      guard x != bottom, let y = nearest(d, atOrBelow: s.below(x)!, s, within: bottom) else {
        return .violation(.popTargetMissing, declaration: declaration)
      }
      return removeAbove(y, &s, callbacks)
    case .dismissAll:
      // The app's presentation first, with all it holds (§11.10).
      if let app = s.appPresentation {
        let outcome = remove(app, &s, callbacks)
        guard outcome == .state else { return outcome }
      }
      let root = s.appRoot
      let outcome = removeAbove(root, &s, callbacks)
      if outcome == .state { s.setAlert(nil, at: root) }
      return outcome
    case .dismissPresented:
      guard let presented = s.presented(by: x) else { return .state }
      return remove(presented, &s, callbacks)
    case .dismissAlert:
      s.setAlert(nil, at: x)
      return .state
    case .selectTab(let destination):
      // The tab bar must be in view, and the screen in the selected stack (a screen below its
      // top may select: the tab bar is in plain view).
      if !s.tabBarIsVisible || s.environmentStyle(of: x) != .root || s.bottom(of: x) != s.appRoot {
        return covered(x, declaration, s, callbacks, selectingTab: true)
      }
      let module = features.modules[s.module]
      guard module.hasTabs, let tab = module.roots.firstIndex(of: UInt16(destination)) else {
        return .violation(.tabMissing, declaration: declaration)
      }
      s.selectTab(tab)
      return .state
    case .setFlag(let flag, let value):
      s.setFlag(flag, to: value)
      return .state
    case .start(let t):
      // Already pending there: the set holds it once (§11.2).
      start(t, from: x, &s)
      return .state
    case .cancel(let t):
      cancel(t, from: x, &s)
      return .state
    case .toast(let k):
      // Drawn above the screens, never covered; it replaces the toast shown (§11.4).
      s.setToast(k + 1)
      return .state
    case .dismissToast:
      s.setToast(0)
      return .state
    case .prompt(let alert, _):
      // Above everything: never covered, never pruned; the app shows one (§11.8).
      if s.prompt != 0 {
        callbacks.shownPrompt = s.prompt - 1
        return .violation(.duplicateAlert, declaration: declaration)
      }
      s.setPrompt(alert + 1)
      return .state
    case .showModule(let m, let keepTab):
      // The root of the tab selected before, where the switch keeps it (§11.9).
      let before = features.modules[s.module]
      let kept = keepTab && before.hasTabs ? before.roots[s.selectedTab] : nil
      // Every screen goes, with the orphan rule and no onDismiss; the callbacks waiting go too
      // (the presentations that would call them are torn down).
      let removed = s.switchModule(m, roots: features.modules[m].roots)
      if let orphan = hasScopedWork
        ? settle(removed, &s, callbacks) : orphans(removed, callbacks)
      {
        return .violation(.orphanedCompletion, declaration: orphan)
      }
      callbacks.dropWaiting()
      if let kept, features.modules[m].hasTabs,
        let tab = features.modules[m].roots.firstIndex(of: kept), tab != 0
      {
        s.selectTab(tab)
      }
      return .state
    }
  }

  /// Whether `p` is the bottom of a stack of the root environment (a tab's root): nothing is
  /// below it, and it is no presented environment's root (the app's presentation's root has
  /// nothing below it either, §11.10, but a dismissal removes it).
  @inline(__always)
  private func isRootEnvironmentBottom<State: StateEditor>(_ p: State.Position, _ s: State)
    -> Bool
  {
    s.below(p) == nil && s.environmentStyle(of: p) == .root
  }

  /// A presentation of `destination` in `style` on the app's presenter, above the tabs
  /// (§11.10), from `x`: in place of rules 1–3 of §5, the app's slot (an item presentation's
  /// rule, else one at a time), then what the window already shows; never covered.
  @inline(never)
  private func presentOnApp<State: StateEditor>(
    _ style: EnvironmentStyle, _ destination: Int, _ dismissOnBackgroundTap: Bool, item: Bool,
    _ onDismiss: UInt16, _ declaration: Int, _ s: inout State, _ callbacks: Callbacks
  ) -> EventOutcome {
    // 1. The app's slot holds one presentation.
    if let shown = s.appPresentation {
      guard item && s.environmentStyle(of: shown) == style else {
        callbacks.appConflict = AppConflict(destination: destination, style: style, slot: true)
        return .violation(.duplicatePresentation, declaration: declaration)
      }
      // The item shown again: no change; another: replaced (removed as a dismissal removes
      // it), then presented.
      if Int(s[shown].destination) == destination { return .state }
      let removal = remove(shown, &s, callbacks)
      guard removal == .state else { return removal }
    } else {
      // 2. The window's root already presents: the selected stack's top presents or shows an
      // alert, or a window prompt shows.
      let top = s.top(ofStackOf: s.appRoot)
      if s.prompt != 0 || s.presented(by: top) != nil || s[top].alert != 0 {
        callbacks.appConflict = AppConflict(destination: destination, style: style, slot: false)
        return .violation(.duplicatePresentation, declaration: declaration)
      }
    }
    // 3. Rules 4–6: a presentation pushes nothing; the app's presentation is one environment,
    // within every bound (they are at least 1), and its stack is one screen.
    var screen = ScreenState(destination: UInt16(destination))
    screen.onDismiss = onDismiss
    s.presentOnApp(style, screen, dismissOnBackgroundTap: dismissOnBackgroundTap)
    return .state
  }

  /// `dismissEnvironment` from `x` (also `nextOrDismissEnvironment` past its flow's end).
  @inline(__always)
  private func dismissEnvironment<State: StateEditor>(
    from x: State.Position, _ declaration: Int, _ s: inout State, _ callbacks: Callbacks
  ) -> EventOutcome {
    if s.environmentStyle(of: x) == .root {
      return .violation(.dismissEnvironmentAtRoot, declaration: declaration)
    }
    return remove(s.bottom(of: x), &s, callbacks)
  }

  /// Performs step `step` of flow `flow` from `x`; the new screen's cursor is (flow, step + 1).
  private func performStep<State: StateEditor>(
    flow: Int, step: Int, from x: State.Position, _ declaration: Int, _ s: inout State,
    _ fired: PodBuffer<Int>, _ callbacks: Callbacks
  ) -> EventOutcome {
    let flowStep = flows[flow].steps[step]
    fired.append(flowStep.declaration)
    return show(
      flowStep.style, flowStep.destination, from: x, cursor: (UInt16(flow + 1), UInt8(step + 1)), 0,
      declaration, &s, callbacks)
  }

  /// A show action from `x`, checked in the order of §5: a push (`style` nil) or a
  /// presentation of `style`.
  @inline(__always)
  private func show<State: StateEditor>(
    _ style: EnvironmentStyle?, _ destination: Int, from x: State.Position,
    cursor: (UInt16, UInt8), _ onDismiss: UInt16, _ declaration: Int, _ s: inout State,
    _ callbacks: Callbacks, dismissOnBackgroundTap: Bool = true
  ) -> EventOutcome {
    if style != nil && s.presented(by: x) != nil {
      return .violation(.duplicatePresentation, declaration: declaration)
    }
    if s.isCovered(x) { return covered(x, declaration, s, callbacks) }
    var screen = ScreenState(destination: UInt16(destination), flow: cursor.0, flowNext: cursor.1)
    screen.onDismiss = onDismiss
    if let style {
      // `x` is not covered, so it is the active screen.
      if s.presentationDepth + 1 > maxPresentationDepth { return .pruned }
      s.present(style, screen, from: x, dismissOnBackgroundTap: dismissOnBackgroundTap)
    } else {
      // `x` is not covered, so it is its stack's top.
      let stack = s.stack(upTo: x)
      if !stack.style.hasNavigation
        || (stack.style.isPresented && !destinations[Int(s[stack.bottom].destination)].navigation)
      {
        return .violation(.pushWithoutNavigation, declaration: declaration)
      }
      if stack.count + 1 > maxStackDepth { return .pruned }
      s.push(screen, onto: x)
    }
    return .state
  }

  /// Violation `actionFromCoveredScreen` of an action from `x`; the screen is noted for the
  /// report's "why" (what covers it).
  @inline(never)
  private func covered<State: StateEditor>(
    _ x: State.Position, _ declaration: Int, _ s: State, _ callbacks: Callbacks,
    selectingTab: Bool = false
  ) -> EventOutcome {
    callbacks.coveredScreen = s.preOrderIndex(of: x)
    callbacks.coveredSelectingTab = selectingTab
    return .violation(.actionFromCoveredScreen, declaration: declaration)
  }

  /// The nearest screen showing `destination` at or below `x`, walking down across
  /// environments, or only down to `bottom` where it is given.
  private func nearest<State: StateEditor>(
    _ destination: Int, atOrBelow x: State.Position, _ s: State,
    within bottom: State.Position? = nil
  ) -> State.Position? {
    var p = x
    while true {
      if Int(s[p].destination) == destination { return p }
      guard p != bottom, let next = s.below(p) else { return nil }
      p = next
    }
  }

  /// Removes `p` and everything above it, unless that orphans pending work; records the
  /// onDismiss callbacks of the screens removed.
  @inline(__always)
  private func remove<State: StateEditor>(
    _ p: State.Position, _ s: inout State, _ callbacks: Callbacks
  ) -> EventOutcome {
    if recordsDismissals { record(removing: p, &s, callbacks) }
    if hasScopedWork {
      let removed = s.remove(p)
      return settle(removed, &s, callbacks).map {
        .violation(.orphanedCompletion, declaration: $0)
      } ?? .state
    }
    return orphans(s.remove(p), callbacks).map {
      .violation(.orphanedCompletion, declaration: $0)
    } ?? .state
  }

  /// Removes everything above `y`, across environments: the environment it presents and the
  /// screens above it in its stack (in pre-order).
  private func removeAbove<State: StateEditor>(
    _ y: State.Position, _ s: inout State, _ callbacks: Callbacks
  ) -> EventOutcome {
    if let presented = s.presented(by: y) {
      let outcome = remove(presented, &s, callbacks)
      guard outcome == .state else { return outcome }
    }
    guard let above = s.above(y) else { return .state }
    return remove(above, &s, callbacks)
  }

  /// The declaration of the first async transition, in pre-order and declaration order, that
  /// the removal of `removed` orphans (SEMANTICS §5): pending work not cancelled with its screen.
  @inline(__always)
  private func orphans(_ removed: some Collection<ScreenState>, _ callbacks: Callbacks) -> Int? {
    for screen in removed where screen.pending != 0 {
      let d = Int(screen.destination)
      let orphaned = screen.pending & destinations[d].orphaningMask
      if orphaned != 0 {
        let t = destinations[d].asyncTransitions[orphaned.trailingZeroBitCount]
        guard callbacks.walksPastOrphans else { return transitions[t].declaration }
        callbacks.walkedPast(transitions[t].declaration)
      }
    }
    return nil
  }

  /// Settles the pending entries of removed screens (SEMANTICS §5): cancelled with their
  /// screen, moved to the app's pending work where router-free, else orphaned: returns the
  /// declaration of the first orphan, in pre-order and declaration order.
  @inline(never)
  private func settle<State: StateEditor>(
    _ removed: some Collection<ScreenState>, _ s: inout State, _ callbacks: Callbacks
  ) -> Int? {
    var moved: UInt64 = 0
    for screen in removed where screen.pending != 0 {
      var orphan = Int.max
      forEachEntryOutliving(screen.pending, of: Int(screen.destination)) { _, t in
        if features.scopes[t].isRouterFree {
          moved |= UInt64(1) << UInt64(features.scopes[t].appBit)
        } else {
          orphan = min(orphan, t)
        }
      }
      if orphan != .max {
        guard callbacks.walksPastOrphans else { return transitions[orphan].declaration }
        callbacks.walkedPast(transitions[orphan].declaration)
      }
    }
    if moved != 0 { s.setAppPending(s.appPending | moved) }
    return nil
  }

  /// What a removal reads of `pending`, the work of a screen of destination `d` (`settle`):
  /// `kept`, the router-free entries, which move to the app's pending work, and the first
  /// orphan in declaration order, which the violation names (not the work cancelled with the
  /// screen, nor the later orphans); `orphans`, whether it orphans any. The tabs reduction
  /// keeps only `kept` of a parked holder's root (issue 33), whose work never completes in its
  /// graph and goes only with a module switch.
  func pendingARemovalReads(_ pending: UInt64, of d: Int) -> (kept: UInt64, orphans: Bool) {
    var kept: UInt64 = 0
    var orphan = (transition: Int.max, mask: UInt64(0))
    forEachEntryOutliving(pending, of: d) { mask, t in
      if features.scopes[t].isRouterFree {
        kept |= mask
      } else if t < orphan.transition {
        orphan = (t, mask)
      }
    }
    return (kept | orphan.mask, orphan.mask != 0)
  }

  /// Calls `body` with each entry of `pending`, the work of a screen of destination `d`, that
  /// outlives the screen (SEMANTICS §5: not cancelled with it): its bit, and its transition.
  @inline(__always)
  private func forEachEntryOutliving(
    _ pending: UInt64, of d: Int, _ body: (_ mask: UInt64, _ transition: Int) -> Void
  ) {
    var bits = pending
    while bits != 0 {
      let bit = bits.trailingZeroBitCount
      bits &= bits - 1
      let mask = UInt64(1) << UInt64(bit)
      if bit < features.stackBase {
        guard mask & (destinations[d].orphaningMask | destinations[d].routerFreeMask) != 0
        else { continue }  // cancelled with its screen
        body(mask, destinations[d].asyncTransitions[bit])
      } else {
        body(mask, features.stackWork[bit - features.stackBase])
      }
    }
  }

  // MARK: - onDismiss (§5)

  /// Records the callbacks of the screens that removing `p` takes out, topmost first (the
  /// reverse of pre-order), each with the screen it will act from marked: its shower (the
  /// screen below it, or its presenter), or the bottom of its shower's stack. A mark on a
  /// screen the removal takes out goes with it: that callback's router is gone.
  @inline(never)
  private func record<State: StateEditor>(
    removing p: State.Position, _ s: inout State, _ callbacks: Callbacks
  ) {
    // The removed screens in reverse pre-order, without collecting them: what is above a
    // screen, then what it presents, then the screen itself.
    func visit(_ x: State.Position) {
      if let up = s.above(x) { visit(up) }
      if let presented = s.presented(by: x) { visit(presented) }
      let index = s[x].onDismiss
      guard index != 0 else { return }
      // Only a stack bottom of the root environment has no shower, and it is never removed
      // but by showModule, which records nothing; and the root of the app's presentation,
      // which the app shows: its callback acts from the active screen (§11.10).
      let shower = s.below(x)
      var target: State.Position?
      let onDismiss = features.onDismisses[Int(index) - 1]
      switch onDismiss.isRouterFree || shower == nil ? .app : onDismiss.actsOn {
      case .screen: target = shower
      case .stack: target = s.bottom(of: shower!)
      case .app: target = nil
      }
      var mark: UInt16 = 0
      if let target {
        mark = s[target].mark
        if mark == 0 {
          mark = callbacks.newMark()
          s.setMark(mark, at: target)
        }
      }
      callbacks.record(Callback(onDismiss: index, mark: mark, onApp: shower == nil))
    }
    visit(p)
  }

  /// Runs the recorded callbacks in order; those a callback records run right after it.
  @inline(never)
  private func runCallbacks<State: StateEditor>(
    _ s: inout State, _ fired: PodBuffer<Int>, _ callbacks: Callbacks, from first: Int = 0
  ) -> EventOutcome {
    var k = first
    while k < callbacks.count {
      let callback = callbacks.start(k)
      let onDismiss = features.onDismisses[Int(callback.onDismiss) - 1]
      fired.append(onDismiss.declaration)
      let from: State.Position
      // A router-free callback needs no screen: it only sets flags.
      switch onDismiss.isRouterFree || callback.onApp ? .app : onDismiss.actsOn {
      case .screen, .stack:
        guard let shower = s.find(mark: callback.mark) else {
          guard callbacks.walksPastOrphans else {
            return .violation(.orphanedCompletion, declaration: onDismiss.declaration)
          }
          // Walking past: the callback acts through a router that is gone, so it does
          // nothing.
          callbacks.walkedPast(onDismiss.declaration)
          fired.setCount(fired.count - 1)
          k += 1
          continue
        }
        from = onDismiss.actsOn == .stack ? s.top(ofStackOf: shower) : shower
      case .app:
        from = s.active
      }
      let outcome = run(onDismiss.sequence, from: from, &s, fired, callbacks)
      guard outcome == .state else { return outcome }
      k += 1
    }
    return .state
  }
}

/// The compiled tables of the features a spec may leave out (modules, flags, guards, outcomes,
/// stack and app work, onDismiss callbacks) that the rules read, behind one reference.
final class FeatureTables: Sendable {
  let onDismisses: [CompiledSpec.OnDismissDecl]
  let swipeGuards: [CompiledSpec.CompiledGuards]
  let modules: [CompiledSpec.ModuleDecl]
  let outcomes: [CompiledSpec.OutcomeDecl]
  let guardTransitions: [Int]
  let stackWork: [Int]
  let appWork: [Int]
  let transitionLabels: [String?]
  let stackBase: Int
  let initialFlags: UInt64
  let scopes: [CompiledSpec.Scope]
  let broadcasts: [CompiledSpec.BroadcastDecl]
  let onAppears: [CompiledSpec.OnAppearDecl]
  let onAppearOf: [Int]

  init(_ spec: CompiledSpec) {
    onAppears = spec.onAppears
    onAppearOf = spec.onAppearOf
    broadcasts = spec.broadcasts
    scopes = spec.scopes
    onDismisses = spec.onDismisses
    swipeGuards = spec.swipeGuards
    modules = spec.modules
    outcomes = spec.outcomes
    guardTransitions = spec.guardTransitions
    stackWork = spec.stackWork
    appWork = spec.appWork
    transitionLabels = spec.transitionLabels
    stackBase = spec.stackBase
    initialFlags = spec.initialFlags
  }
}

/// An onDismiss callback waiting to run: which one, and the mark of the screen it acts from
/// (its shower, or its shower's stack's bottom; 0 for one that acts on the app).
struct Callback: Sendable {
  var onDismiss: UInt16
  var mark: UInt16
  /// Whether it is the callback of the app's presentation's root (§11.10): the app showed it,
  /// so it acts from the active screen.
  var onApp = false
}

/// Where a presentation on the app broke `duplicatePresentation` (§11.10): what it presents,
/// and whether the app's slot was taken (else the window showed something).
struct AppConflict: Sendable, Equatable {
  var destination: Int
  var style: EnvironmentStyle
  var slot: Bool
}

/// The callbacks an event's removals record, in the order they run (SEMANTICS §5), and the
/// marks that name screens within the event. One per thread, reused for every event.
final class Callbacks {
  private let queue = PodBuffer<Callback>(capacity: 16)
  /// Where the next recorded callback goes: the end, or right after the running one.
  // Only its thread uses it, one event at a time.
  @exclusivity(unchecked) private var insertAt = 0
  /// The running callback's index; -1 during the event's own part.
  @exclusivity(unchecked) private var running = -1
  @exclusivity(unchecked) private var marks: UInt16 = 0
  /// Where an action broke `actionFromCoveredScreen`, the acting screen's pre-order index in
  /// the state as it was then: what a report's "why" describes. Set by the last such
  /// violation; `reset` keeps it (it is read after the event).
  @exclusivity(unchecked) var coveredScreen = -1
  /// Whether that action selected a tab (the tab bar must be in view, SEMANTICS §5).
  @exclusivity(unchecked) var coveredSelectingTab = false
  /// Where a window alert broke `duplicateAlert`, the window prompt already shown (its alert
  /// index): the report says so rather than "the screen already shows an alert" (§11.8).
  @exclusivity(unchecked) var shownPrompt = -1
  /// Where a presentation on the app broke `duplicatePresentation`, what it presented and what
  /// was in the way (§11.10); `reset` keeps it (it is read after the event).
  @exclusivity(unchecked) var appConflict: AppConflict?
  /// Whether a removal that orphans pending work or a waiting onDismiss goes on (a router
  /// check walking past the spec's own `orphanedCompletion`, Docs/RouterTesting.md): the
  /// orphaned work goes with its screen, stale, and the orphaned callback does nothing.
  /// Exploration never sets it.
  @exclusivity(unchecked) var walksPastOrphans = false
  /// Where `walksPastOrphans` went past an orphan, the first orphan's declaration; -1 where
  /// none. `reset` keeps it (it is read after the event).
  @exclusivity(unchecked) var walkedPastOrphan = -1
  /// How many declarations the event's own part fired, where callbacks or appearances may have
  /// run after it: those after them are theirs (§5, §11.11). `Int.max` where none ran (every
  /// declaration fired is the own part's: an event that records no callback leaves it, so the
  /// explorer's common path stores nothing). `reset` keeps it (it is read after the event).
  @exclusivity(unchecked) var ownPartFired = Int.max

  /// Notes an orphan the event went past (the first one counts).
  func walkedPast(_ declaration: Int) {
    if walkedPastOrphan < 0 { walkedPastOrphan = declaration }
  }

  init() {}

  /// Whether the event recorded a callback or set a mark.
  var isUsed: Bool { queue.count > 0 || marks > 0 }

  var count: Int { queue.count }

  func newMark() -> UInt16 {
    marks += 1
    return marks
  }

  func record(_ callback: Callback) {
    queue.append(callback)
    // Move it from the end to its place.
    var i = queue.count - 1
    while i > insertAt {
      queue[i] = queue[i - 1]
      i -= 1
    }
    queue[insertAt] = callback
    insertAt += 1
  }

  /// Starts callback `k`: those it records go right after it.
  func start(_ k: Int) -> Callback {
    running = k
    insertAt = k + 1
    return queue[k]
  }

  /// Ends the callbacks run so far (they stay, run): those recorded next go at the end and a
  /// `showModule` drops only those. Returns the index of the next one recorded (an
  /// appearance's, §11.11).
  func resume() -> Int {
    running = queue.count - 1
    insertAt = queue.count
    return queue.count
  }

  /// Drops every callback still waiting (a `showModule`).
  func dropWaiting() {
    queue.setCount(running + 1)
    insertAt = queue.count
  }

  func reset() {
    queue.removeAll()
    insertAt = 0
    running = -1
    marks = 0
  }
}
