import NavCheckExplorer

/// How to run a check: the explorer's options (threads, limits, exact mode, progress,
/// cancellation) and the tabs reduction, which only a navigation spec has.
///
/// ```swift
/// var options = ExplorationOptions()
/// options.threads = 2
/// options.maxStates = 100_000
/// options.exact = true   // states stored in full: no fingerprint collision possible
/// let result = try spec.check(options: options)
/// ```
public struct ExplorationOptions: Sendable {
  /// What the navigation-free explorer is given (every field but the reduction's).
  package var explorer = ExplorerOptions()

  /// Worker threads; default: the active processors. Results never depend on it.
  public var threads: Int {
    get { explorer.threads }
    set { explorer.threads = newValue }
  }
  /// Past this many distinct states the run stops with an incomplete result. Default: no cap
  /// but the state ids' (2³² − 1); `memoryLimit` stops a run first.
  public var maxStates: Int {
    get { explorer.maxStates }
    set { explorer.maxStates = newValue }
  }
  /// Bytes the explorer's tables (visited set, parent links, return records, the levels'
  /// states) may grow to. Before a batch that could take them past it, the run stops with an
  /// incomplete result (`ExplorationCutoff.memoryLimit`), never an out-of-memory kill.
  /// Default: three quarters of the machine's memory.
  public var memoryLimit: Int {
    get { explorer.memoryLimit }
    set { explorer.memoryLimit = newValue }
  }
  /// Whether to run the return analysis (traps). It marks states that reach a home state in
  /// the visited set as they are expanded, and keeps the edges of the few others.
  public var analyzesReturns: Bool {
    get { explorer.analyzesReturns }
    set { explorer.analyzesReturns = newValue }
  }
  /// Whether to store every state in full and compare states byte for byte, so that no
  /// fingerprint collision can hide a state. Costs the states' encodings in memory and about a
  /// third more time; see the benchmark.
  public var exact: Bool {
    get { explorer.exact }
    set { explorer.exact = newValue }
  }
  /// Whether a spec with tabs is explored without the product of its tabs' stacks, where the
  /// model can do so without changing a finding (see `Reduction`). Default: `.auto`.
  public var reduction: Reduction = .auto
  /// Called after each batch of states with the progress so far (on the exploring thread).
  public var progress: (@Sendable (ExplorationProgress) -> Void)?
  /// Stops the run early (with an incomplete result) when cancelled.
  public var cancellation: CancellationToken? {
    get { explorer.cancellation }
    set { explorer.cancellation = newValue }
  }

  /// How many states `Reduction.auto` explores in full before it switches to the reduced
  /// graph; tests make it small.
  package var reductionThreshold = 2_000_000
  /// States a worker expands as one unit (`ExplorerOptions.chunkSize`); tests make it small.
  package var chunkSize: Int {
    get { explorer.chunkSize }
    set { explorer.chunkSize = newValue }
  }
  /// Bytes of each BFS level kept in memory (`ExplorerOptions.levelMemory`); tests make it
  /// small.
  package var levelMemory: Int {
    get { explorer.levelMemory }
    set { explorer.levelMemory = newValue }
  }
  /// The return records' count past which they are settled (`ExplorerOptions.settlesRecordsAt`);
  /// tests make it 1.
  package var settlesRecordsAt: Int {
    get { explorer.settlesRecordsAt }
    set { explorer.settlesRecordsAt = newValue }
  }
  /// The bits of each fingerprint the visited set keeps (`ExplorerOptions.fingerprintBits`).
  package var fingerprintBits: Int {
    get { explorer.fingerprintBits }
    set { explorer.fingerprintBits = newValue }
  }
  /// Whether to keep every state's encoding, by id (`ExplorerOptions.recordsStates`).
  package var recordsStates: Bool {
    get { explorer.recordsStates }
    set { explorer.recordsStates = newValue }
  }

  /// The default `maxStates`: as many states as 32-bit ids can number.
  public static let noStateCap = ExplorerOptions.noStateCap
  /// The default `memoryLimit`: three quarters of the machine's physical memory.
  public static let defaultMemoryLimit = ExplorerOptions.defaultMemoryLimit

  /// Default options.
  public init() {}

  /// What the explorer runs with: `progress` reports whether the graph is the `reduced` one.
  func explorer(reduced: Bool) -> ExplorerOptions {
    var options = explorer
    options.progress = nil
    if let report = progress {
      options.progress = { @Sendable update in
        report(ExplorationProgress(update, reduced: reduced))
      }
    }
    return options
  }

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

/// Where a running check is, reported after each batch of states.
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

  /// The explorer's progress, on the graph that is `reduced` or not.
  init(_ progress: ExplorerProgress, reduced: Bool) {
    states = progress.states
    transitions = progress.transitions
    depth = progress.depth
    queued = progress.queued
    seconds = progress.seconds
    self.reduced = reduced
  }
}
