/// The outcome of checking a spec: the counts of SEMANTICS §7, the violations with their
/// shortest traces, and the whole-graph warnings.
///
/// ```swift
/// let result = try todoApp.check()
/// if !result.holds {
///   for violation in result.violations { print(violation.kind, violation.trace.count) }
/// }
/// ```
public struct CheckResult: Sendable {
  /// The spec's name.
  public var spec: String
  /// Whether every reachable state was explored.
  public var complete: Bool { cutoff == nil }
  /// Why the run stopped early, if it did.
  public var cutoff: ExplorationCutoff?
  /// Distinct reachable states, the initial one included.
  public var states: Int
  /// (state, event) pairs that led to a state, new or already seen.
  public var transitions: Int
  /// (state, event) pairs cut by a bound.
  public var pruned: Int
  /// The largest BFS distance of a reachable state from the initial one.
  public var depth: Int
  /// (state, event) pairs and invariant-breaking states by kind, and trap states.
  public var violationCounts: [ViolationKind: Int]
  /// One violation per distinct (kind, declaration), each with its first trace in BFS order (a
  /// shortest one); sorted by kind, then by trace length.
  public var violations: [Violation]
  /// Unreachable destinations and dead transitions (complete runs only).
  public var warnings: [Warning]
  /// Declarations (transitions, alert buttons, flow steps, deep-link actions) that fired.
  public var coveredDeclarations: Int
  /// Declarations in the spec.
  public var totalDeclarations: Int
  /// Worker threads used.
  public var threads: Int
  /// Wall-clock seconds of the exploration.
  public var seconds: Double
  /// Bytes the explorer's visited set, parent links and return records took at the end.
  public var memoryBytes: Int
  /// The part of `memoryBytes` the trap analysis's records took (states not known to reach
  /// home when they were expanded, with their returning events' targets).
  public var returnAnalysisBytes: Int
  /// The most bytes of the BFS levels' states that were kept in a temporary file rather than in
  /// memory at once (0 where the levels fit in memory).
  package var levelFileBytes = 0
  /// The bytes of the parent links kept in a temporary file at the end.
  package var linkFileBytes = 0
  /// Whether states were stored in full and compared byte for byte (`ExplorationOptions.exact`).
  public var exact = false
  /// Whether the tabs reduction was used (`ExplorationOptions.reduction`): the counts
  /// (`states`, `transitions`, `pruned`, `depth`, `violationCounts`) are then of the reduced
  /// graph, while the violations, their shortest traces, the traps and the warnings are the
  /// full product's.
  public var reduced = false
  /// Where the spec has tabs but they were explored as their full product, why, in words: the
  /// first way its tabs act on each other (`'Go' acts in the tab it selects …`), or that every
  /// tab can get stuck, that the product fits within the threshold of `Reduction.auto`, that
  /// the reduction is off.
  public var fullProductReason: String?
  /// The declaration `fullProductReason` names, where it names one: what to change for the
  /// reduction to apply.
  ///
  /// ```swift
  /// if let declaration = result.fullProductDeclaration {
  ///   print(declaration.title, declaration.location?.line ?? 0)
  /// }
  /// ```
  public var fullProductDeclaration: DeclarationReference?

  /// Whether the run is complete and found no violation.
  public var holds: Bool { complete && violations.isEmpty }

  /// The estimated probability that two distinct states shared a 63-bit fingerprint, so that
  /// one of them was taken for the other and never explored (hash compaction, as TLC reports
  /// it): about n²/2⁶⁴ for n states, below 10⁻⁶ up to 4 million states; 0 in exact mode.
  ///
  /// ```swift
  /// print(result.fingerprintCollisionProbability)   // 4.8e-11 for 29,625 states
  /// ```
  public var fingerprintCollisionProbability: Double {
    guard !exact else { return 0 }
    let n = Double(states)
    return min(1, n * n / 0x1p64)
  }

  /// Distinct states per second.
  public var statesPerSecond: Double { seconds > 0 ? Double(states) / seconds : 0 }
}
