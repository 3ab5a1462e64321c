import NavCheckExplorer

// The explorer's public types are part of NavCheck's API: a spec author imports NavCheck
// alone. (The explorer module is not a product; its other public symbols are for NavCheck's
// own modules, not API.)

/// Why an exploration stopped before its end, if it did.
///
/// ```swift
/// if result.cutoff == .maxStates { print("raise maxStates") }
/// ```
public typealias ExplorationCutoff = NavCheckExplorer.ExplorationCutoff

/// Stops a running exploration from another thread.
///
/// ```swift
/// let token = CancellationToken()
/// options.cancellation = token
/// token.cancel()
/// ```
public typealias CancellationToken = NavCheckExplorer.CancellationToken
