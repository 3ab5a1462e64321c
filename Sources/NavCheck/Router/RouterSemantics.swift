/// The reference router: the events of a state and what each does (SEMANTICS §4, §5).
///
/// Everything works in place on a `ScreenBuffer`, so the explorer's hot loop allocates nothing
/// and counts no references. Only `RouterModel` uses it: everything else (checks, traces,
/// replays, walks, graphs) goes through the model.
struct RouterSemantics: Sendable {
  let spec: CompiledSpec
  let maxStackDepth: Int
  let maxPresentationDepth: Int

  init(_ spec: CompiledSpec) {
    self.spec = spec
    maxStackDepth = spec.spec.bounds.maxStackDepth
    maxPresentationDepth = spec.spec.bounds.maxPresentationDepth
  }

  /// The most screens a state has: a full stack in the root environment and in each of the
  /// most environments presented (the capacity of a `ScreenBuffer`).
  var maxScreens: Int { (maxPresentationDepth + 1) * maxStackDepth }

  var initialState: RouterState { RouterState(root: spec.root) }

  // MARK: - Events (§4)

  /// Appends the events of `s`, in canonical order, to `events`.
  func events(of s: ScreenBuffer, into events: PodBuffer<RouterEvent>) {
    let a = s.activeIndex
    let active = s[a]
    if active.alert == 0 {
      for t in spec.destinations[Int(active.destination)].transitions {
        let transition = spec.transitions[t]
        if transition.isAsync && active.pending & (1 << UInt64(transition.pendingBit)) != 0 {
          continue
        }
        events.append(.transition(t))
      }
      let start = s.environmentStart(of: a)
      if start < a { events.append(.swipeBack) }
      if s[start].style == .sheet,
        spec.destinations[Int(s[start].destination)].swipeToDismiss
      {
        events.append(.swipeDown)
      }
    } else {
      for b in spec.alerts[Int(active.alert) - 1].buttons.indices { events.append(.alertButton(b)) }
    }
    for i in 0..<s.count where s[i].pending != 0 {
      let d = Int(s[i].destination)
      var bits = s[i].pending
      while bits != 0 {
        let bit = bits.trailingZeroBitCount
        bits &= bits - 1
        events.append(
          .completion(screen: i, transition: spec.destinations[d].asyncTransitions[bit]))
      }
    }
    for l in spec.deepLinks.indices { events.append(.deepLink(l)) }
  }

  /// Applies `event` to `s` in place. Where the outcome is not `.state`, `s` is left in an
  /// unspecified state. Screens change only through `ScreenBuffer`'s changes, which record the
  /// lowest screen they touched (the expander encodes and restores from there). `fired`
  /// receives the declarations the event performed, in order (for coverage and trace steps);
  /// coverage counts them only where the outcome is `.state`.
  func apply(
    _ event: RouterEvent, to s: inout ScreenBuffer, fired: PodBuffer<Int>
  ) -> Outcome {
    let a = s.activeIndex
    switch event {
    case .transition(let t):
      let transition = spec.transitions[t]
      fired.append(transition.declaration)
      if transition.isAsync {
        s.setPending(s[a].pending | 1 << UInt64(transition.pendingBit), at: a)
        return .state
      }
      return perform(transition.act, from: a, declaration: transition.declaration, &s, fired)
    case .alertButton(let b):
      let button = spec.alerts[Int(s[a].alert) - 1].buttons[b]
      s.setAlert(0, at: a)
      fired.append(button.declaration)
      guard let act = button.act else { return .state }
      return perform(act, from: a, declaration: button.declaration, &s, fired)
    case .swipeBack:
      return remove(from: a, &s)
    case .swipeDown:
      return remove(from: s.environmentStart(of: a), &s)
    case .completion(let i, let t):
      let transition = spec.transitions[t]
      s.setPending(s[i].pending & ~(1 << UInt64(transition.pendingBit)), at: i)
      fired.append(transition.declaration)
      return perform(transition.act, from: i, declaration: transition.declaration, &s, fired)
    case .deepLink(let l):
      let link = spec.deepLinks[l]
      var from = link.start == .root ? 0 : a
      for (act, declaration) in link.actions {
        fired.append(declaration)
        let outcome = perform(act, from: from, declaration: declaration, &s, fired)
        guard outcome == .state else { return outcome }
        // After a show action the next one starts from the new screen (after an alert, the
        // same screen); after any other action from the active screen. Both are the active
        // screen: a show action succeeds only from the active screen.
        from = s.activeIndex
      }
      return .state
    }
  }

  // MARK: - Actions (§5)

  /// Performs `act` from screen `x`.
  func perform(
    _ act: CompiledSpec.Act, from x: Int, declaration: Int, _ s: inout ScreenBuffer,
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
      if flow >= 0 && Int(screen.flowNext) < spec.flows[flow].steps.count {
        return performStep(flow: flow, step: Int(screen.flowNext), from: x, declaration, &s, fired)
      }
      if act == .next { return .violation(.flowExhausted, declaration: declaration) }
      return perform(.dismissEnvironment, from: x, declaration: declaration, &s, fired)
    case .dismiss(nil):
      if x == 0 { return .violation(.dismissAtRoot, declaration: declaration) }
      return remove(from: x, &s)
    case .dismiss(let d?):
      guard let y = nearest(d, atOrBelow: x, s) else {
        return .violation(.dismissTargetMissing, declaration: declaration)
      }
      if y == 0 { return .violation(.dismissAtRoot, declaration: declaration) }
      return remove(from: y, &s)
    case .dismissTo(let d):
      guard x > 0, let y = nearest(d, atOrBelow: x - 1, s) else {
        return .violation(.dismissTargetMissing, declaration: declaration)
      }
      return remove(from: y + 1, &s)
    case .dismissCount(let n):
      let target = x - (n - 1)
      if target == 0 { return .violation(.dismissAtRoot, declaration: declaration) }
      if target < 0 { return .violation(.dismissTargetMissing, declaration: declaration) }
      return remove(from: target, &s)
    case .dismissStack:
      let start = s.environmentStart(of: x)
      guard s.environmentEnd(from: start) - start > 1 else { return .state }
      return remove(from: start + 1, &s)
    case .dismissEnvironment:
      let start = s.environmentStart(of: x)
      if start == 0 { return .violation(.dismissEnvironmentAtRoot, declaration: declaration) }
      return remove(from: start, &s)
    case .popTo(let d):
      let start = s.environmentStart(of: x)
      guard x > start, let y = nearest(d, atOrBelow: x - 1, s), y >= start else {
        return .violation(.popTargetMissing, declaration: declaration)
      }
      return remove(from: y + 1, &s)
    case .dismissAll:
      let outcome = s.count > 1 ? remove(from: 1, &s) : .state
      if outcome == .state { s.setAlert(0, at: 0) }
      return outcome
    case .dismissPresented:
      guard s.presents(x) else { return .state }
      return remove(from: x + 1, &s)
    case .dismissAlert:
      s.setAlert(0, at: x)
      return .state
    }
  }

  /// Performs step `step` of flow `flow` from `x`; the new screen's cursor is (flow, step + 1).
  private func performStep(
    flow: Int, step: Int, from x: Int, _ declaration: Int, _ s: inout ScreenBuffer,
    _ fired: PodBuffer<Int>
  ) -> Outcome {
    let flowStep = spec.flows[flow].steps[step]
    fired.append(flowStep.declaration)
    return show(
      flowStep.style, flowStep.destination, from: x,
      cursor: (UInt16(flow + 1), UInt8(step + 1)), declaration, &s)
  }

  /// A show action (push, sheet, cover) from `x`, checked in the order of §5.
  private func show(
    _ style: PresentationStyle, _ destination: Int, from x: Int, cursor: (UInt16, UInt8),
    _ declaration: Int, _ s: inout ScreenBuffer
  ) -> Outcome {
    if style != .push && s.presents(x) {
      return .violation(.duplicatePresentation, declaration: declaration)
    }
    if s.isCovered(x) { return .violation(.actionFromCoveredScreen, declaration: declaration) }
    // `x` is not covered, so it is the active screen, the last one.
    let start = s.environmentStart(of: x)
    if style == .push && start > 0
      && !spec.destinations[Int(s[start].destination)].navigation
    {
      return .violation(.pushWithoutNavigation, declaration: declaration)
    }
    var screen = ScreenState(destination: UInt16(destination), flow: cursor.0, flowNext: cursor.1)
    switch style {
    case .push:
      if s.count - start + 1 > maxStackDepth { return .pruned }
    case .sheet:
      if s.presentationDepth + 1 > maxPresentationDepth { return .pruned }
      screen.style = .sheet
    case .fullScreenCover:
      if s.presentationDepth + 1 > maxPresentationDepth { return .pruned }
      screen.style = .fullScreenCover
    }
    s.append(screen)
    return .state
  }

  /// The nearest screen showing `destination` at or below pre-order index `x`, walking down
  /// across environments.
  private func nearest(_ destination: Int, atOrBelow x: Int, _ s: ScreenBuffer) -> Int? {
    var i = x
    while i >= 0 {
      if Int(s[i].destination) == destination { return i }
      i -= 1
    }
    return nil
  }

  /// Removes the screen at `k` and everything above it, unless that orphans pending work.
  private func remove(from k: Int, _ s: inout ScreenBuffer) -> Outcome {
    for i in k..<s.count {
      let screen = s[i]
      let d = Int(screen.destination)
      let orphaned = screen.pending & spec.destinations[d].orphaningMask
      if orphaned != 0 {
        let t = spec.destinations[d].asyncTransitions[orphaned.trailingZeroBitCount]
        return .violation(.orphanedCompletion, declaration: spec.transitions[t].declaration)
      }
    }
    s.truncate(at: k)
    return .state
  }
}
