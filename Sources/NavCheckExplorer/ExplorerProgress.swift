/// Where a running exploration is, reported after each batch of states (NavCheck's
/// `ExplorationProgress` adds whether the graph is the tabs reduction's).
public struct ExplorerProgress: Sendable {
  /// Distinct states found so far.
  public var states: Int
  /// (state, event) pairs that led to a state so far.
  public var transitions: Int
  /// The BFS level being expanded.
  public var depth: Int
  /// States found but not expanded yet.
  public var queued: Int
  /// Seconds since the run began.
  public var seconds: Double
}
