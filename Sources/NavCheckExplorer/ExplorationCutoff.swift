/// Why an exploration ended before every reachable state was explored.
///
/// ```swift
/// if result.cutoff == .maxStates { print("raise maxStates") }
/// ```
public enum ExplorationCutoff: String, Sendable, Codable {
  /// The `maxStates` limit.
  case maxStates
  /// The `memoryLimit`: the next batch could have taken the explorer's tables past it.
  case memoryLimit
  /// A `CancellationToken` or the task was cancelled.
  case cancelled
}
