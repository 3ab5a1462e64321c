import NavCheckSupport

extension NavigationSpec {
  /// Replays events from the first screen, naming the first one that is not possible.
  ///
  /// ```swift
  /// let replay = try spec.replay(result.violations[0].trace.map(\.event))
  /// ```
  ///
  /// - Throws: `SpecError` where the spec is invalid.
  public func replay(_ events: [EventReference]) throws(SpecError) -> Replay {
    try replay(events, trapLimit: Self.replayTrapLimit)
  }

  /// The most states a replay explores from its last state to tell whether it is a trap.
  package static let replayTrapLimit = 1_000_000

  /// `replay(_:)`, settling whether the last state is a trap only where at most `trapLimit`
  /// states are reachable from it.
  func replay(_ events: [EventReference], trapLimit: Int) throws(SpecError) -> Replay {
    try validate()
    var walk = Walk(RouterModel(CompiledSpec(self)))
    if let ending = walk.checkInitialState() { return ending }
    for (n, reference) in events.enumerated() {
      // A trace's first step may be the launch (§11.11): the walk has launched already.
      if n == 0 && reference == .launch { continue }
      switch walk.model.match(reference, in: walk.state) {
      case .failure(let reason): return walk.end(.impossible(step: n, reason: reason.message))
      case .success(let event):
        if let ending = walk.perform(event, step: n) { return ending }
      }
    }
    guard !events.isEmpty else { return walk.end(.state) }
    switch walk.model.isTrap(walk.state, maxStates: trapLimit) {
    case true?:
      let message = CheckReport.message(.trap, title: root, event: "")
      return walk.end(
        .violation(step: events.count - 1, kind: .trap, message: message),
        violation: Violation(
          kind: .trap, message: message, declaration: nil, count: 1, trace: walk.steps))
    case false?:
      return walk.end(.state)
    case nil:
      var replay = walk.end(.state)
      replay.trapUnsettled = true
      return replay
    }
  }

  /// Walks `steps` random events from the first screen, reproducibly for a seed; stops at the
  /// first violation (custom invariants included), or where no event is possible. Events a
  /// bound cuts are not chosen.
  ///
  /// ```swift
  /// let walk = try spec.simulate(steps: 20, seed: 42)
  /// for step in walk.steps { print(step.description) }
  /// ```
  public func simulate(steps: Int, seed: UInt64) throws(SpecError) -> Replay {
    try validate()
    var walk = Walk(RouterModel(CompiledSpec(self)))
    if let ending = walk.checkInitialState() { return ending }
    var random = SplitMix64(seed: seed)
    for n in 0..<steps {
      // Keep the events a bound does not cut.
      let events = walk.model.events(of: walk.state).filter {
        walk.model.step($0, from: walk.state).outcome != .pruned
      }
      guard !events.isEmpty else { break }
      let event = events[Int(random.next() % UInt64(events.count))]
      if let ending = walk.perform(event, step: n) { return ending }
    }
    return walk.end(.state)
  }
}
