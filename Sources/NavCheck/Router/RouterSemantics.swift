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
  let alerts: [CompiledSpec.AlertDecl]
  let flows: [CompiledSpec.FlowDecl]
  let deepLinks: [CompiledSpec.DeepLinkDecl]
  let root: Int
  let maxStackDepth: Int
  let maxPresentationDepth: Int
  /// The most screens a state has: a full stack in the root environment and in each of the
  /// most environments presented (the capacity of a `StateBuffer`).
  let maxScreens: Int

  init(_ spec: CompiledSpec) {
    destinations = spec.destinations
    transitions = spec.transitions
    alerts = spec.alerts
    flows = spec.flows
    deepLinks = spec.deepLinks
    root = spec.root
    maxStackDepth = spec.spec.bounds.maxStackDepth
    maxPresentationDepth = spec.spec.bounds.maxPresentationDepth
    maxScreens = Self.maxScreens(spec)
  }

  /// The most screens a state of `spec` has.
  static func maxScreens(_ spec: CompiledSpec) -> Int {
    let bounds = spec.spec.bounds
    // Every tab's stack full, and the selected one's presentations.
    return (Int(spec.maxTabs) + bounds.maxPresentationDepth) * bounds.maxStackDepth
  }

  var initialState: RouterState { RouterState(root: root) }

  // MARK: - Events (§4)

  /// Appends the events of `s`, in canonical order, to `events`.
  func events<State: StateEditor>(of s: State, into events: PodBuffer<RouterEvent>) {
    let a = s.active
    let active = s[a]
    if active.alert == 0 {
      let range = destinations[Int(active.destination)].transitions
      if active.pending == 0 {
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
        destinations[Int(s[stack.bottom].destination)].swipeToDismiss
      {
        events.append(.gesture(.swipeDown))
      }
    } else {
      for b in alerts[Int(active.alert) - 1].buttons.indices { events.append(.alertButton(b)) }
    }
    for i in 0..<s.screenCount {
      let screen = s[s.position(preOrder: i)]
      guard screen.pending != 0 else { continue }
      let d = Int(screen.destination)
      var bits = screen.pending
      while bits != 0 {
        let bit = bits.trailingZeroBitCount
        bits &= bits - 1
        events.append(
          .completion(screen: i, transition: destinations[d].asyncTransitions[bit]))
      }
    }
    for l in deepLinks.indices { events.append(.deepLink(l)) }
  }

  /// Applies `event` to `s` in place. Where the outcome is not `.state`, `s` is left in an
  /// unspecified state. `fired` receives the declarations the event performed, in order (for
  /// coverage and trace steps); coverage counts them only where the outcome is `.state`.
  func apply<State: StateEditor>(
    _ event: RouterEvent, to s: inout State, fired: PodBuffer<Int>
  ) -> Outcome {
    let a = s.active
    switch event {
    case .transition(let t):
      let transition = transitions[t]
      fired.append(transition.declaration)
      if transition.isAsync {
        s.setPending(s[a].pending | 1 << UInt64(transition.pendingBit), at: a)
        return .state
      }
      return perform(transition.act, from: a, declaration: transition.declaration, &s, fired)
    case .alertButton(let b):
      let button = alerts[Int(s[a].alert) - 1].buttons[b]
      s.setAlert(0, at: a)
      fired.append(button.declaration)
      guard let act = button.act else { return .state }
      return perform(act, from: a, declaration: button.declaration, &s, fired)
    case .gesture(.swipeBack):
      return remove(a, &s)
    case .gesture(.swipeDown):
      return remove(s.bottom(of: a), &s)
    case .completion(let i, let t):
      let transition = transitions[t]
      let x = s.position(preOrder: i)
      s.setPending(s[x].pending & ~(1 << UInt64(transition.pendingBit)), at: x)
      fired.append(transition.declaration)
      return perform(transition.act, from: x, declaration: transition.declaration, &s, fired)
    case .deepLink(let l):
      let link = deepLinks[l]
      var from = link.start == .root ? s.appRoot : a
      for (act, declaration) in link.actions {
        fired.append(declaration)
        let outcome = perform(act, from: from, declaration: declaration, &s, fired)
        guard outcome == .state else { return outcome }
        // After a show action the next one starts from the new screen (after an alert, the
        // same screen); after any other action from the active screen. Both are the active
        // screen: a show action succeeds only from the active screen.
        from = s.active
      }
      return .state
    }
  }

  // MARK: - Actions (§5)

  /// Performs `act` from screen `x`.
  func perform<State: StateEditor>(
    _ act: CompiledSpec.Act, from x: State.Position, declaration: Int, _ s: inout State,
    _ fired: PodBuffer<Int>
  ) -> Outcome {
    switch act {
    case .push(let d):
      return show(.push, d, from: x, cursor: (0, 0), declaration, &s)
    case .sheet(let d):
      return show(.sheet, d, from: x, cursor: (0, 0), declaration, &s)
    case .fullScreenCover(let d):
      return show(.fullScreenCover, d, from: x, cursor: (0, 0), declaration, &s)
    case .alert(let alert):
      if s[x].alert != 0 { return .violation(.duplicateAlert, declaration: declaration) }
      if s.isCovered(x) { return .violation(.actionFromCoveredScreen, declaration: declaration) }
      s.setAlert(UInt16(alert + 1), at: x)
      return .state
    case .startFlow(let f):
      return performStep(flow: f, step: 0, from: x, declaration, &s, fired)
    case .next, .nextOrDismissEnvironment:
      let screen = s[x]
      let flow = Int(screen.flow) - 1
      if flow >= 0 && Int(screen.flowNext) < flows[flow].steps.count {
        return performStep(flow: flow, step: Int(screen.flowNext), from: x, declaration, &s, fired)
      }
      if act == .next { return .violation(.flowExhausted, declaration: declaration) }
      return perform(.dismissEnvironment, from: x, declaration: declaration, &s, fired)
    case .dismiss(nil):
      if s.below(x) == nil { return .violation(.dismissAtRoot, declaration: declaration) }
      return remove(x, &s)
    case .dismiss(let d?):
      guard let y = nearest(d, atOrBelow: x, s) else {
        return .violation(.dismissTargetMissing, declaration: declaration)
      }
      if s.below(y) == nil { return .violation(.dismissAtRoot, declaration: declaration) }
      return remove(y, &s)
    case .dismissTo(let d):
      guard let start = s.below(x), let y = nearest(d, atOrBelow: start, s) else {
        return .violation(.dismissTargetMissing, declaration: declaration)
      }
      return removeAbove(y, &s)
    case .dismissCount(let n):
      // The n-th screen at or below `x`, counting `x` as the first.
      var target = x
      for _ in 1..<n {
        guard let next = s.below(target) else {
          return .violation(.dismissTargetMissing, declaration: declaration)
        }
        target = next
      }
      if s.below(target) == nil { return .violation(.dismissAtRoot, declaration: declaration) }
      return remove(target, &s)
    case .dismissStack:
      guard let second = s.above(s.bottom(of: x)) else { return .state }
      return remove(second, &s)
    case .dismissEnvironment:
      if s.environmentStyle(of: x) == .root {
        return .violation(.dismissEnvironmentAtRoot, declaration: declaration)
      }
      return remove(s.bottom(of: x), &s)
    case .popTo(let d):
      let bottom = s.bottom(of: x)
      guard x != bottom, let y = nearest(d, atOrBelow: s.below(x)!, s, within: bottom) else {
        return .violation(.popTargetMissing, declaration: declaration)
      }
      return removeAbove(y, &s)
    case .dismissAll:
      let root = s.appRoot
      let outcome = removeAbove(root, &s)
      if outcome == .state { s.setAlert(0, at: root) }
      return outcome
    case .dismissPresented:
      guard let presented = s.presented(by: x) else { return .state }
      return remove(presented, &s)
    case .dismissAlert:
      s.setAlert(0, at: x)
      return .state
    }
  }

  /// Performs step `step` of flow `flow` from `x`; the new screen's cursor is (flow, step + 1).
  private func performStep<State: StateEditor>(
    flow: Int, step: Int, from x: State.Position, _ declaration: Int, _ s: inout State,
    _ fired: PodBuffer<Int>
  ) -> Outcome {
    let flowStep = flows[flow].steps[step]
    fired.append(flowStep.declaration)
    return show(
      flowStep.style, flowStep.destination, from: x,
      cursor: (UInt16(flow + 1), UInt8(step + 1)), declaration, &s)
  }

  /// A show action (push, sheet, cover) from `x`, checked in the order of §5.
  @inline(__always)
  private func show<State: StateEditor>(
    _ style: PresentationStyle, _ destination: Int, from x: State.Position,
    cursor: (UInt16, UInt8), _ declaration: Int, _ s: inout State
  ) -> Outcome {
    if style != .push && s.presented(by: x) != nil {
      return .violation(.duplicatePresentation, declaration: declaration)
    }
    if s.isCovered(x) { return .violation(.actionFromCoveredScreen, declaration: declaration) }
    let screen = ScreenState(destination: UInt16(destination), flow: cursor.0, flowNext: cursor.1)
    switch style {
    case .push:
      // `x` is not covered, so it is its stack's top.
      let stack = s.stack(upTo: x)
      if stack.style.isPresented
        && !destinations[Int(s[stack.bottom].destination)].navigation
      {
        return .violation(.pushWithoutNavigation, declaration: declaration)
      }
      if stack.count + 1 > maxStackDepth { return .pruned }
      s.push(screen, onto: x)
    case .sheet, .fullScreenCover:
      // `x` is not covered, so it is the active screen.
      if s.presentationDepth + 1 > maxPresentationDepth { return .pruned }
      s.present(style == .sheet ? .sheet : .fullScreenCover, screen, from: x)
    }
    return .state
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

  /// Removes `p` and everything above it, unless that orphans pending work.
  @inline(__always)
  private func remove<State: StateEditor>(_ p: State.Position, _ s: inout State) -> Outcome {
    orphans(s.remove(p)).map { .violation(.orphanedCompletion, declaration: $0) } ?? .state
  }

  /// Removes everything above `y`, across environments: the environment it presents and the
  /// screens above it in its stack (in pre-order).
  private func removeAbove<State: StateEditor>(_ y: State.Position, _ s: inout State) -> Outcome {
    if let presented = s.presented(by: y) {
      let outcome = remove(presented, &s)
      guard outcome == .state else { return outcome }
    }
    guard let above = s.above(y) else { return .state }
    return remove(above, &s)
  }

  /// The declaration of the first async transition, in pre-order and declaration order, that
  /// the removal of `removed` orphans (SEMANTICS §5): pending work not cancelled with its screen.
  @inline(__always)
  private func orphans(_ removed: some Collection<ScreenState>) -> Int? {
    for screen in removed {
      let d = Int(screen.destination)
      let orphaned = screen.pending & destinations[d].orphaningMask
      if orphaned != 0 {
        let t = destinations[d].asyncTransitions[orphaned.trailingZeroBitCount]
        return transitions[t].declaration
      }
    }
    return nil
  }
}
