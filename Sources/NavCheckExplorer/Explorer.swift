import Dispatch

/// The breadth-first explorer.
///
/// Each BFS level is expanded in batches of a fixed size, so results are identical for every
/// thread count: workers expand the chunks of a batch in parallel; the visited set's shards,
/// each owned by one thread, take their candidates in batch order, so the first occurrence of
/// a state in BFS order is the one kept; new states get consecutive ids chunk by chunk, and
/// workers commit them (parent links, the next level, invariant checks) in parallel. The
/// visited set holds 63-bit fingerprints (or, in exact mode, the states themselves); each
/// state keeps only its parent's id and the event index, and traces are rebuilt by replaying
/// those events. `Run` has the phases.
package enum Explorer {
  static let chunksPerBatch = 32

  /// Explores every reachable state of `model`.
  ///
  /// ```swift
  /// let exploration = Explorer.explore(myModel, options: ExplorerOptions())
  /// print(exploration.states, exploration.findings.count)
  /// ```
  ///
  /// - Complexity: O(transitions) time; O(states) memory for the visited set and parent links,
  ///   plus the widest two levels (prefix-compressed), plus the return records (the states
  ///   not known to reach home when expanded, and their returning transitions).
  package static func explore<Model: ExplorationModel>(
    _ model: Model, options: ExplorerOptions = ExplorerOptions()
  ) -> Exploration {
    let run = Run(model: model, options: options)
    return run.explore()
  }
}
