import Foundation

/// How to run an exploration.
///
/// ```swift
/// var options = ExplorationOptions()
/// options.threads = 2
/// options.maxStates = 100_000
/// options.exact = true   // states stored in full: no fingerprint collision possible
/// let result = try spec.check(options: options)
/// ```
public struct ExplorationOptions: Sendable {
  /// Worker threads; default: the active processors. Results never depend on it.
  public var threads: Int = ProcessInfo.processInfo.activeProcessorCount
  /// Past this many distinct states the run stops with an incomplete result. Default: no cap
  /// but the state ids' (2³² − 1); `memoryLimit` stops a run first.
  public var maxStates: Int = ExplorationOptions.noStateCap
  /// Bytes the explorer's tables (visited set, parent links, return records, the levels' states) may
  /// grow to. Before a batch that could take them past it, the run stops with an incomplete
  /// result (`ExplorationCutoff.memoryLimit`), never an out-of-memory kill. Default: three
  /// quarters of the machine's memory.
  public var memoryLimit: Int = ExplorationOptions.defaultMemoryLimit
  /// Whether to run the return analysis (traps). It marks states that reach a home state in the
  /// visited set as they are expanded, and keeps the edges of the few others.
  public var analyzesReturns: Bool = true
  /// Whether to store every state in full and compare states byte for byte, so that no
  /// fingerprint collision can hide a state. Costs the states' encodings in memory and about a
  /// third more time; see the benchmark.
  public var exact: Bool = false
  /// Whether a spec with tabs is explored without the product of its tabs' stacks, where the
  /// model can do so without changing a finding (see `Reduction`). Default: `.auto`.
  public var reduction: Reduction = .auto
  /// Called after each batch of states with the progress so far (on the exploring thread).
  public var progress: (@Sendable (ExplorationProgress) -> Void)?
  /// Stops the run early (with an incomplete result) when cancelled.
  public var cancellation: CancellationToken?
  /// States a worker expands as one unit; a batch is 32 chunks. Results do not depend on it
  /// either; tests make it small to exercise many batches on small specs.
  var chunkSize = 256
  /// Bytes of each BFS level kept in memory: past them, a level's states go to a temporary file
  /// and are read back a chunk at a time (`Level`). The parent links are kept the same way
  /// (`ParentLinks`). Tests make it small.
  var levelMemory = 1 << 18
  /// The bits of each fingerprint the visited set keeps (1...63); tests narrow it to force
  /// collisions, which exact mode must survive.
  var fingerprintBits = 63
  /// Whether to keep every state's encoding, by id (`Exploration.stateEncodings`): for small
  /// graphs that are drawn, not for checks.
  package var recordsStates = false

  /// How many states `Reduction.auto` explores in full before it switches to the reduced
  /// graph; tests make it small.
  package var reductionThreshold = 2_000_000

  /// The default `maxStates`: as many states as 32-bit ids can number.
  public static let noStateCap = Int(UInt32.max) - 1

  /// The default `memoryLimit`: three quarters of the machine's physical memory.
  public static let defaultMemoryLimit = Int(
    min(ProcessInfo.processInfo.physicalMemory / 4 * 3, UInt64(Int.max)))

  /// Default options.
  public init() {}
}

/// Whether to explore a spec with tabs without enumerating the product of its tabs' stacks.
///
/// A reduced run explores the states in which at most one tab differs from its initial stack
/// (plus what the trap analysis needs): its violations, shortest traces, traps, unreachable
/// destinations and dead transitions are the full product's, but its counts (states,
/// transitions, pruned, depth, how often each violation happens) are of the reduced graph, and
/// say so. It applies only where tabs cannot act on each other (`Docs/Performance.md` says
/// when, and why it is sound); elsewhere the full product is explored whatever is asked.
///
/// ```swift
/// var options = ExplorationOptions()
/// options.reduction = .never   // SEMANTICS §7's counts, whatever the size
/// let result = try spec.check(options: options)
/// ```
public enum Reduction: String, Sendable, CaseIterable {
  /// The full product first; where it passes two million states and the reduction applies,
  /// the reduced graph instead. Small specs keep SEMANTICS §7's counts exactly.
  case auto
  /// The reduced graph wherever the reduction applies.
  case always
  /// Always the full product.
  case never
}
