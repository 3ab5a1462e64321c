/// What an exploration found, in the model's terms (event indices and finding keys).
package struct Exploration: Sendable {
  /// Why a run ended before it was complete.
  package typealias Cutoff = ExplorationCutoff

  /// One finding key: how often it happened and its first occurrence in BFS order.
  package struct Finding: Sendable {
    /// The model's key.
    package var key: UInt32
    /// How many (state, event) pairs, or new states, reported it.
    package var count: Int
    /// The events from the initial state: for an event finding, the last one is the event that
    /// broke the rule; for a state finding (`endsInState`), they lead to the breaking state.
    package var path: [Int]
    /// Whether the finding is a state (an invariant) rather than an event.
    package var endsInState: Bool
  }

  /// Distinct reachable states, the initial one included.
  package var states = 0
  /// (state, event) pairs that led to a state.
  package var transitions = 0
  /// (state, event) pairs cut by a bound.
  package var pruned = 0
  /// The largest BFS distance of a reachable state.
  package var depth = 0
  /// Why the run stopped early, if it did.
  package var cutoff: Cutoff?
  /// Findings, in the order of their first occurrence.
  package var findings: [Finding] = []
  /// The coverage marks seen.
  package var covered: [Bool] = []
  /// States from which no home state can be reached (complete runs with a return analysis).
  package var trapStates = 0
  /// The events that lead to the first trap state in BFS order.
  package var firstTrapPath: [Int]?
  /// Whether states were stored in full (no fingerprint collisions).
  package var exact = false
  /// Threads used.
  package var threads = 1
  /// Wall-clock seconds.
  package var seconds = 0.0
  /// The memory the visited set, parent links and return records took at the end, in bytes.
  package var memoryBytes = 0
  /// The part of `memoryBytes` that the return analysis's records took.
  package var returnAnalysisBytes = 0
  /// The most bytes of the two levels kept in a temporary file at once
  /// (`ExplorerOptions.levelMemory`).
  package var levelFileBytes = 0
  /// The bytes of the parent links kept in a temporary file at the end
  /// (`ExplorerOptions.levelMemory`).
  package var linkFileBytes = 0

  /// Every state's encoding by id, in BFS order, where `ExplorerOptions.recordsStates`.
  package var stateEncodings: [[UInt8]] = []

  /// Whether every reachable state was explored.
  package var isComplete: Bool { cutoff == nil }
}
