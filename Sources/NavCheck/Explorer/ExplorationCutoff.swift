/// Why an exploration ended before every reachable state was explored.
///
/// ```swift
/// if result.cutoff == .maxStates { print("raise maxStates") }
/// ```
public enum ExplorationCutoff: String, Sendable, Codable {
  /// The `maxStates` limit.
  case maxStates
  /// A `CancellationToken` or the task was cancelled.
  case cancelled
}
