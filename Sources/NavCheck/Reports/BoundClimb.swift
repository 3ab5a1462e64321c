/// How `navcheck check --bounds auto` reached a spec's one result: every bounds it checked, in
/// the order it climbed them, which complete ones are the largest, and what the others found
/// that the result does not show.
///
/// ```swift
/// for rung in climb.largest { print(rung.bounds.words, rung.verdict) }   // 4/2 84 states, …
/// ```
package struct BoundClimb: Sendable {
  /// One bounds checked.
  package struct Rung: Sendable {
    package var bounds: Bounds
    package var states: Int
    /// Why its run is incomplete (`SpecCheck.incompleteReason`); `nil` where it is complete.
    package var incompleteReason: String?
    package var cutoff: ExplorationCutoff?
    package var violations: Int
    /// Complete, and no other complete rung is as large in both bounds.
    package var isLargest: Bool
    /// `84 states, every rule holds`, `30 states, 1 violation`.
    package var verdict: String {
      "\(counted(states, "state")), "
        + (violations == 0 ? "every rule holds" : counted(violations, "violation"))
    }
    /// The findings it has that the result lacks (another rule, or another declaration).
    package var unshown: [Violation]

    package init(_ check: SpecCheck, isLargest: Bool, unshown: [Violation]) {
      bounds = check.spec.bounds
      states = check.result.states
      incompleteReason = check.incompleteReason
      cutoff = check.result.cutoff
      violations = check.result.violations.count
      self.isLargest = isLargest
      self.unshown = unshown
    }
  }

  /// The rungs in the order they were checked.
  package var rungs: [Rung]
  /// The rung whose findings and counts are the result.
  package var result: Bounds
  /// The spec's own bounds, the top of the climb.
  package var target: Bounds

  package init(rungs: [Rung], result: Bounds, target: Bounds) {
    self.rungs = rungs
    self.result = result
    self.target = target
  }

  /// The complete rungs no other complete rung dominates, in climbing order.
  package var largest: [Rung] { rungs.filter(\.isLargest) }

  /// Where the climb stopped below the spec's own bounds, how far it got and why, in words:
  /// `complete up to bounds 4/2 and 2/3, not at its own 4/3: at 3/3 maxStates 100 reached; …`.
  package var shortfall: String? {
    guard !rungs.contains(where: { $0.bounds == target && $0.incompleteReason == nil }) else {
      return nil
    }
    let largest = largest.map(\.bounds.words)
    let stopped = rungs.first { $0.incompleteReason != nil }
    return
      (largest.isEmpty
      ? "complete at no bounds" : "complete up to bounds \(listed(largest))")
      + ", not at its own \(target.words): "
      + (stopped.map { "at \($0.bounds.words) \($0.incompleteReason!)" } ?? "the run was cancelled")
  }
}

extension Bounds {
  /// `4/2`: the stack depth, then the presentation depth, as `--bounds` takes them.
  package var words: String { "\(maxStackDepth)/\(maxPresentationDepth)" }
}
