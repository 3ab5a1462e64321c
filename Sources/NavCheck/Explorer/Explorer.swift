import Dispatch

/// The breadth-first explorer.
///
/// Each BFS level is expanded in batches of a fixed size, so results are identical for every
/// thread count: workers expand the chunks of a batch in parallel, looking successors up in the
/// visited set (read-only during that phase); then one thread merges the chunks in order,
/// giving new states consecutive ids in BFS order. The visited set holds 64-bit fingerprints;
/// each state keeps only its parent's id and the event index, and traces are rebuilt by
/// replaying those events.
package enum Explorer {
  static let chunksPerBatch = 32

  /// Explores every reachable state of `model`.
  ///
  /// ```swift
  /// let exploration = Explorer.explore(myModel, options: ExplorationOptions())
  /// print(exploration.states, exploration.findings.count)
  /// ```
  ///
  /// - Complexity: O(transitions) time; O(states) memory for the visited set and parent links,
  ///   plus O(transitions) for the return analysis, plus the widest level's encodings.
  package static func explore<Model: ExplorationModel>(
    _ model: Model, options: ExplorationOptions = ExplorationOptions()
  ) -> Exploration {
    let run = Run(model: model, options: options)
    return run.explore()
  }
}
