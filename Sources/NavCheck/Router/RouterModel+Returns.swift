import NavCheckExplorer

/// Traps of single states (SEMANTICS §6), by the explorer's return analysis.
extension RouterModel {
  /// Whether no home state can be reached from `state` by events other than deep links: the
  /// explorer's return analysis, run from `state`, the same one `check` runs from the initial
  /// state. A state that breaks a custom invariant is no trap (it is not expanded, as in a
  /// check).
  ///
  /// - Returns: `nil` where more than `maxStates` states are reachable from `state`.
  /// - Complexity: O(states and transitions reachable from `state`)
  func isTrap(_ state: RouterState, maxStates: Int = 1_000_000) -> Bool? {
    var model = self
    model.start = state
    var options = ExplorerOptions()
    options.maxStates = maxStates
    let exploration = Explorer.explore(model, options: options)
    guard exploration.isComplete else { return nil }
    // The state is the exploration's first; the first trap in BFS order is it where it is one.
    return exploration.firstTrapPath == []
  }
}
