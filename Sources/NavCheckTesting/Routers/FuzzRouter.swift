import NavCheck

/// What fuzzing a router found: the minimal failing sequence, if any, and what was covered.
public struct RouterFuzzResult: Sendable, CustomStringConvertible {
  /// The seed of the run; `NAVCHECK_SEED=<seed>` or `RouterFuzzOptions.seed` runs it again.
  public var seed: UInt64
  /// The minimal failing sequence, shrunk; `nil` where every walk passed.
  public var failure: RouterFailure?
  /// Steps of the failing walk before shrinking.
  public var originalLength: Int
  /// Why the minimal sequence is flaky, where running it again gave another outcome.
  public var flakiness: String?
  /// Where each walk was written before it ran.
  public var journal: String
  /// What the walks covered.
  public var statistics: RouterStatistics
  /// The report a failing test shows: the failure, shrinking, seed, statistics and the tests to
  /// paste.
  public var report: String

  /// Whether every walk passed.
  public var passed: Bool { failure == nil }

  public var description: String { report }
}

/// Fuzzes a team's router against a spec: seeded random walks of the events the spec allows,
/// each run on a fresh router with its snapshot checked after every step (the product's
/// invariants, `invariants`, and the screens the reference router shows); a failure is shrunk
/// to a minimal sequence and reported as a test failure, with the seed and a test to paste.
///
/// ```swift
/// @Test func routerFollowsTheSpec() {
///   fuzzRouter(todoApp) { TodoRouterAdapter() }
/// }
/// ```
///
/// - Parameters:
///   - spec: The spec the router implements.
///   - options: Walks, steps, seed, swarm testing, shrinking, the journal.
///   - invariants: The team's own invariants over the snapshot, checked after the product's.
///   - makeRouter: Makes a fresh router for each walk.
/// - Returns: The result, for further assertions.
@discardableResult
public func fuzzRouter<Adapter: RouterAdapter>(
  _ spec: NavigationSpec, options: RouterFuzzOptions = RouterFuzzOptions(),
  invariants: [RouterInvariant] = [], fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
  makeRouter: @escaping () throws -> Adapter
) -> RouterFuzzResult {
  let call = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let seed = options.seed(for: spec.name)
  let journal = RouterJournal(path: options.journalPath(for: spec.name))
  let reference: ReferenceRouter
  do { reference = try ReferenceRouter(spec) } catch {
    for failure in NavigationFailure.failures(of: error, spec: spec.name) {
      failure.record(at: call)
    }
    return RouterFuzzResult(
      seed: seed, failure: nil, originalLength: 0, flakiness: nil, journal: journal.path,
      statistics: RouterStatistics(), report: "invalid spec '\(spec.name)'")
  }
  let runner = RouterRunner(
    reference: reference, invariants: RouterInvariant.productInvariants + invariants,
    makeRouter: makeRouter)
  let fuzzer = RouterFuzzer(runner: runner, options: options, seed: seed, journal: journal)
  let found = fuzzer.fuzz()
  var result = RouterFuzzResult(
    seed: seed, failure: found.failure, originalLength: found.originalLength,
    flakiness: found.flakiness, journal: journal.path, statistics: found.statistics, report: "")
  result.report = report(
    result, spec: options.specExpression,
    router: options.routerExpression ?? "\(Adapter.self)()")
  if found.failure != nil || found.flakiness != nil {
    NavigationFailure(message: result.report, location: nil).record(at: call)
  }
  return result
}

/// The report of a fuzzing run.
func report(_ result: RouterFuzzResult, spec: String?, router: String) -> String {
  guard let failure = result.failure else {
    return "\(result.statistics); seed \(result.seed)"
  }
  var lines = [failure.description]
  let shrunk =
    result.originalLength > failure.steps.count
    ? "shrunk from \(result.originalLength) to \(failure.steps.count) steps"
    : "\(failure.steps.count) steps, not shrunk further"
  lines.append(
    "\(shrunk); seed \(result.seed) (NAVCHECK_SEED=\(result.seed) runs the same walks); journal \(result.journal)"
  )
  if let flakiness = result.flakiness { lines.append("flaky: \(flakiness)") }
  lines.append("statistics: \(result.statistics)")
  lines.append("Paste to reproduce, in XCTest:")
  lines += failure.xcTestMethod(spec: spec, router: router).split(separator: "\n").map { "  " + $0 }
  lines.append("or in Swift Testing:")
  lines += failure.swiftTestingTest(spec: spec, router: router).split(separator: "\n").map {
    "  " + $0
  }
  return lines.joined(separator: "\n")
}

/// Runs one sequence of events on a fresh router, checking it after every step as
/// `fuzzRouter` does; what a pasted failure calls. A sequence the spec does not allow is a
/// failure too, naming the step.
///
/// ```swift
/// func testSheetThenCover() {
///   assertRouterSequence(todoApp, [
///     .transition(screen: "TodoList", transition: .label("Add")),
///     .gesture(.swipeDown),
///   ]) { TodoRouterAdapter() }
/// }
/// ```
///
/// - Returns: The failure, or `nil` where every step passed.
@discardableResult
public func assertRouterSequence<Adapter: RouterAdapter>(
  _ spec: NavigationSpec, _ events: [EventReference], invariants: [RouterInvariant] = [],
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column, makeRouter: @escaping () throws -> Adapter
) -> RouterFailure? {
  let call = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let reference: ReferenceRouter
  do { reference = try ReferenceRouter(spec) } catch {
    for failure in NavigationFailure.failures(of: error, spec: spec.name) {
      failure.record(at: call)
    }
    return nil
  }
  let runner = RouterRunner(
    reference: reference, invariants: RouterInvariant.productInvariants + invariants,
    makeRouter: makeRouter)
  switch runner.run(events) {
  case .passed:
    return nil
  case .impossible(let step, let reason):
    NavigationFailure(
      message:
        "\(spec.name): step \(step + 1) (\(events[step].swiftLiteral)) is not possible: \(reason)",
      location: nil
    ).record(at: call)
    return nil
  case .failed(let failure):
    NavigationFailure(message: failure.description, location: nil).record(at: call)
    return failure
  }
}
