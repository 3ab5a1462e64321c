/// What an exploration found, in the model's terms (event indices and finding keys).
public struct Exploration: Sendable {
  /// Why a run ended before it was complete.
  public enum Cutoff: String, Sendable, Codable {
    /// The `maxStates` limit.
    case maxStates
    /// A `CancellationToken` or the task was cancelled.
    case cancelled
  }

  /// One finding key: how often it happened and its first occurrence in BFS order.
  public struct Finding: Sendable {
    /// The model's key.
    public var key: UInt32
    /// How many (state, event) pairs, or new states, reported it.
    public var count: Int
    /// The events from the initial state: for an event finding, the last one is the event that
    /// broke the rule; for a state finding (`endsInState`), they lead to the breaking state.
    public var path: [Int]
    /// Whether the finding is a state (an invariant) rather than an event.
    public var endsInState: Bool
  }

  /// Distinct reachable states, the initial one included.
  public var states = 0
  /// (state, event) pairs that led to a state.
  public var transitions = 0
  /// (state, event) pairs cut by a bound.
  public var pruned = 0
  /// The largest BFS distance of a reachable state.
  public var depth = 0
  /// Why the run stopped early, if it did.
  public var cutoff: Cutoff?
  /// Findings, in the order of their first occurrence.
  public var findings: [Finding] = []
  /// The coverage marks seen.
  public var covered: [Bool] = []
  /// States from which no home state can be reached (complete runs with a return analysis).
  public var trapStates = 0
  /// The events that lead to the first trap state in BFS order.
  public var firstTrapPath: [Int]?
  /// Threads used.
  public var threads = 1
  /// Wall-clock seconds.
  public var seconds = 0.0
  /// The memory the visited set, parent links and edges took at the end, in bytes.
  public var memoryBytes = 0
  /// The part of `memoryBytes` that the return analysis (edges) took.
  public var returnAnalysisBytes = 0

  /// Every state's encoding by id, in BFS order, where `ExplorationOptions.recordsStates`.
  var stateEncodings: [[UInt8]] = []

  /// Whether every reachable state was explored.
  public var isComplete: Bool { cutoff == nil }
}
