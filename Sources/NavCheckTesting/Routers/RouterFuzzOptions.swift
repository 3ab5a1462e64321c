import Foundation
import NavCheck
import NavCheckSupport

/// How to fuzz a router.
///
/// ```swift
/// var options = RouterFuzzOptions()
/// options.runs = 500
/// options.seed = 42                    // or NAVCHECK_SEED=42 in the environment
/// fuzzRouter(todoApp, options: options) { TodoRouterAdapter() }
/// ```
public struct RouterFuzzOptions: Sendable {
  /// The seed of the whole run: the same seed gives the same sequences and the same shrunk
  /// failure. `nil`: the `NAVCHECK_SEED` environment variable, else a seed fixed by the spec's
  /// name (so a test is reproducible by default).
  public var seed: UInt64?
  /// Random walks, each from the first screen.
  public var runs = 200
  /// Events in one walk at most.
  public var maxSteps = 40
  /// Whether each walk leaves out a random part of the event kinds and transitions (swarm
  /// testing), so walks reach states that a uniform choice rarely does.
  public var swarm = true
  /// Whether a failing sequence is shrunk to a minimal one.
  public var shrinks = true
  /// Router steps the shrinker's search for a shorter failing sequence may perform, after
  /// deleting loops and chunks; the report says "minimal" where the search covered every
  /// shorter sequence.
  public var shrinkBudget = 20_000
  /// Whether walks also fire the completion of work the reference router no longer holds
  /// (cancelled with its screen, or kept past it), and require that it changes nothing: the
  /// way a task that outlives its screen is caught even when the snapshot does not report it.
  public var injectsStaleCompletions = true
  /// Whether walks go on past the spec's own `orphanedCompletion` (a screen removed while its
  /// work is pending): the removal happens, the work goes stale (its completion, fired later,
  /// must change nothing) and an orphaned onDismiss does nothing; the report notes the spec's
  /// finding once. Where this is `false`, walks never take such a step.
  public var walksPastSpecFindings = true
  /// Where each step is written before it runs, so a router that crashes the test process
  /// leaves its sequence behind, and the next run reports it. `nil`: the `NAVCHECK_JOURNAL`
  /// environment variable, else `navcheck-<spec>-<file>-<line>.journal.json` in the temporary
  /// directory (one per test; a parameterised test's case adds its arguments before
  /// `.journal.json`).
  public var journal: String?

  /// The Swift expression that makes the router in the test a failure prints to paste, e.g.
  /// `TodoRouterAdapter(variant: .shipped)`. `nil`: the adapter's type name and `()`.
  public var routerExpression: String?
  /// The Swift expression of the spec in that test, e.g. `shopCheckout`. `nil`: the spec's name
  /// in lower camel case.
  public var specExpression: String?

  /// Default options.
  public init() {}

  /// The seed to use for `spec`: the option, the environment's `NAVCHECK_SEED`, or one fixed
  /// by the spec's name.
  func seed(for spec: String) -> UInt64 {
    if let seed { return seed }
    if let text = ProcessInfo.processInfo.environment["NAVCHECK_SEED"], let seed = UInt64(text) {
      return seed
    }
    return stableHash(spec) % 1_000_000
  }

  /// The journal's path for the test (case) at `call` checking `spec`.
  func journalPath(for spec: String, call: TestLocation, testCase: TestCaseArguments? = nil)
    -> String
  {
    if let journal { return journal }
    if let path = ProcessInfo.processInfo.environment["NAVCHECK_JOURNAL"], !path.isEmpty {
      return path
    }
    return RouterJournal.defaultPath(spec: spec, call: call, testCase: testCase)
  }
}
