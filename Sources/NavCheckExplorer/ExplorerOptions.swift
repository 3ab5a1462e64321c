import Foundation

/// How to run an exploration. NavCheck's `ExplorationOptions` holds one, with what only a
/// navigation spec has (the tabs reduction); its fields are documented there.
///
/// ```swift
/// // Fragment: a model explored on its own
/// var options = ExplorerOptions()
/// options.maxStates = 100_000
/// let exploration = Explorer.explore(model, options: options)
/// ```
public struct ExplorerOptions: Sendable {
  /// Worker threads; default: the active processors. Results never depend on it.
  public var threads: Int = ProcessInfo.processInfo.activeProcessorCount
  /// Past this many distinct states the run stops with an incomplete result. Default: no cap
  /// but the state ids' (2³² − 1); `memoryLimit` stops a run first.
  public var maxStates: Int = ExplorerOptions.noStateCap
  /// Bytes the explorer's tables (visited set, parent links, return records, the levels' states) may
  /// grow to. Before a batch that could take them past it, the run stops with an incomplete
  /// result (`ExplorationCutoff.memoryLimit`), never an out-of-memory kill. Default: three
  /// quarters of the machine's memory.
  public var memoryLimit: Int = ExplorerOptions.defaultMemoryLimit
  /// Whether to run the return analysis (traps). It marks states that reach a home state in the
  /// visited set as they are expanded, and keeps the edges of the few others.
  public var analyzesReturns: Bool = true
  /// Whether to store every state in full and compare states byte for byte, so that no
  /// fingerprint collision can hide a state. Costs the states' encodings in memory and about a
  /// third more time; see the benchmark.
  public var exact: Bool = false
  /// Called after each batch of states with the progress so far (on the exploring thread).
  public var progress: (@Sendable (ExplorerProgress) -> Void)?
  /// Stops the run early (with an incomplete result) when cancelled.
  public var cancellation: CancellationToken?
  /// States a worker expands as one unit; a batch is 32 chunks. Results do not depend on it
  /// either; tests make it small to exercise many batches on small specs.
  package var chunkSize = 256
  /// Bytes of each BFS level kept in memory: past them, a level's states go to a temporary file
  /// and are read back a chunk at a time (`Level`). The parent links are kept the same way
  /// (`ParentLinks`). Tests make it small.
  package var levelMemory = 1 << 18
  /// The bits of each fingerprint the visited set keeps (1...63); tests narrow it to force
  /// collisions, which exact mode must survive.
  package var fingerprintBits = 63
  /// The return records' count past which they are first settled (`ReturnRecords.settle`),
  /// then each time they double. Results do not depend on it; tests make it 1 to settle after
  /// every batch.
  package var settlesRecordsAt = 1 << 16
  /// Whether to keep every state's encoding, by id (`Exploration.stateEncodings`): for small
  /// graphs that are drawn, not for checks.
  package var recordsStates = false

  /// The default `maxStates`: as many states as 32-bit ids can number.
  public static let noStateCap = Int(UInt32.max) - 1

  /// The default `memoryLimit`: three quarters of the machine's physical memory.
  public static let defaultMemoryLimit = Int(
    min(ProcessInfo.processInfo.physicalMemory / 4 * 3, UInt64(Int.max)))

  /// Default options.
  public init() {}
}
