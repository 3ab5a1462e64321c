/// Where a running exploration is, reported after each batch of states.
///
/// ```swift
/// var options = ExplorationOptions()
/// options.progress = { p in
///   print("\(p.states) states\(p.reduced ? " (reduced graph)" : ""), level \(p.depth)")
/// }
/// let result = try spec.check(options: options)
/// ```
public struct ExplorationProgress: Sendable {
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
  /// Whether these are the counts of the tabs reduction's graph (`Reduction`): under `.auto`,
  /// the full product's run comes first and, past its threshold, the reduced graph's counts
  /// start again from the first state.
  public var reduced = false
}
