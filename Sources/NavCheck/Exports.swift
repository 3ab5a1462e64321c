import NavCheckExplorer

// The explorer's public types are part of NavCheck's API: a spec author imports NavCheck
// alone. (The explorer module is not a product; its other public symbols are for NavCheck's
// own modules, not API.)

/// Options of an exploration: threads, limits, exact mode. See `NavCheckExplorer`'s
/// declaration for every field.
///
/// ```swift
/// var options = ExplorationOptions()
/// options.maxStates = 100_000
/// ```
public typealias ExplorationOptions = NavCheckExplorer.ExplorationOptions

/// Why an exploration stopped before its end, if it did.
///
/// ```swift
/// if result.cutoff == .maxStates { print("raise maxStates") }
/// ```
public typealias ExplorationCutoff = NavCheckExplorer.ExplorationCutoff

/// Whether a spec with tabs is explored without the product of its tabs' stacks.
///
/// ```swift
/// options.reduction = .never   // the full product: SEMANTICS §7's counts
/// ```
public typealias Reduction = NavCheckExplorer.Reduction

/// A snapshot of a running exploration, for progress reports.
///
/// ```swift
/// options.progress = { progress in print(progress.states) }
/// ```
public typealias ExplorationProgress = NavCheckExplorer.ExplorationProgress

/// Stops a running exploration from another thread.
///
/// ```swift
/// let token = CancellationToken()
/// options.cancellation = token
/// token.cancel()
/// ```
public typealias CancellationToken = NavCheckExplorer.CancellationToken
