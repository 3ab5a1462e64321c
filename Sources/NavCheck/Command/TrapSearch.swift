/// Whether the state a trace ends in is a trap (SEMANTICS §6): no home state is reachable from
/// it by events other than deep links. `replay` uses it so a trap's counterexample replays to
/// the violation it shows.
enum TrapSearch {
  /// `nil` where a step is not possible or breaks a rule, or the search passed `limit` states.
  ///
  /// - Complexity: O(states and transitions reachable from the trace's last state)
  static func endsInTrap(_ spec: NavigationSpec, _ events: [EventReference], limit: Int = 1_000_000)
    -> Bool?
  {
    guard (try? spec.validate()) != nil else { return nil }
    let compiled = CompiledSpec(spec)
    let semantics = RouterSemantics(compiled)
    var walk = Walk(semantics)
    for (n, reference) in events.enumerated() {
      guard case .success(let event) = walk.match(reference), walk.perform(event, step: n) == nil
      else { return nil }
    }
    let codec = StateCodec(compiled)
    var seen: Set<[UInt8]> = []
    var queue = [walk.state]
    var bytes: [UInt8] = []
    codec.encode(walk.state, into: &bytes)
    seen.insert(bytes)
    var head = 0
    var events: [RouterEvent] = []
    var fired: [Int] = []
    while head < queue.count {
      let state = queue[head]
      head += 1
      let view = StateView(state, compiled)
      if isHome(view, root: spec.root) { return false }
      if spec.invariants.contains(where: { !$0.holds(view) }) { continue }
      events.removeAll()
      semantics.events(of: state, into: &events)
      for event in events {
        if case .deepLink = event { continue }
        var next = state
        guard semantics.apply(event, to: &next, fired: &fired) == .state else { continue }
        bytes.removeAll()
        codec.encode(next, into: &bytes)
        if seen.insert(bytes).inserted {
          guard seen.count <= limit else { return nil }
          queue.append(next)
        }
      }
    }
    return true
  }

  /// The root alone: the root environment's stack is [root], nothing presented, no alert.
  static func isHome(_ state: StateView, root: String) -> Bool {
    state.environments.count == 1 && state.environments[0].stack.count == 1
      && state.environments[0].stack[0].destination == root
      && state.environments[0].stack[0].alert == nil
  }
}
