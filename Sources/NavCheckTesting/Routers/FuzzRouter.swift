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
  /// Every sequence shorter than this passes (the shrinker's search covered them): the
  /// failure is minimal where it equals its length. `nil` where the search ran out of budget
  /// before length 1 was done, or did not run.
  public var minimalBelow: Int? = nil
  /// Where a previous run of the test crashed the process, what became of its journal.
  public var crash: String? = nil
  /// Where each step was written before it ran.
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
  let testCase = TestCaseArguments.current
  let journal = RouterJournal(
    path: options.journalPath(for: spec.name, call: call, testCase: testCase))
  var result = RouterFuzzResult(
    seed: seed, failure: nil, originalLength: 0, flakiness: nil, journal: journal.path,
    statistics: RouterStatistics(), report: "")
  guard
    var runner = RouterRunner.checking(
      spec, invariants: invariants, call: call, makeRouter: makeRouter)
  else {
    result.report = "invalid spec '\(spec.name)'"
    return result
  }
  runner.reference.walksPastOrphans = options.walksPastSpecFindings
  if let destination = runner.reference.firstOnAppear, !Adapter.supportsAppearances {
    // Every step would miss what the app's screens do when they appear (§11.11).
    result.report = appearancesRefused(spec.name, destination, Adapter.self)
    NavigationFailure(message: result.report, location: nil).record(at: call)
    return result
  }
  let reproduction = Reproduction(
    spec: spec, adapter: Adapter.self, call: call, function: "fuzzRouter",
    specExpression: options.specExpression, routerExpression: options.routerExpression,
    hasInvariants: !invariants.isEmpty, testCase: testCase)
  let test = RouterJournal.testName(call: call, testCase: testCase)
  // A crash a previous run left: reported first, and nothing else runs.
  let recovered = (try? journal.read()).flatMap { entry in
    entry.spec == spec.name
      ? CrashRecovery(runner: runner, budget: options.shrinkBudget / 10).recover(entry) : nil
  }
  if let recovered, let crash = recovered.failure {
    result.failure = crash
    result.originalLength = recovered.originalLength
    result.minimalBelow = recovered.minimalBelow
    result.crash = recovered.note
    journal.write(.init(spec: spec.name, test: test, state: .failed, events: crash.events))
  } else {
    if let recovered { print("NavCheck: \(recovered.note)") }
    let fuzzer = RouterFuzzer(
      runner: runner, options: options, seed: seed, journal: journal, test: test)
    let found = fuzzer.fuzz()
    result.failure = found.failure
    result.originalLength = found.originalLength
    result.flakiness = found.flakiness
    result.minimalBelow = found.minimalBelow
    result.statistics = found.statistics
  }
  result.report = report(result, reproduction: reproduction)
  if result.failure != nil || result.flakiness != nil {
    NavigationFailure(message: result.report, location: nil).record(at: call)
  }
  return result
}

/// Why a spec with onAppear is not fuzzed with an adapter that does not perform appearances.
func appearancesRefused<Adapter: RouterAdapter>(
  _ spec: String, _ destination: String, _ adapter: Adapter.Type
) -> String {
  "spec '\(spec)' declares onAppear (destination '\(destination)'), and \(Adapter.self) does not perform appearances (supportsAppearances is false): every step would miss what the app's screens do when they appear; perform each step's NavigationStep.appearances and set supportsAppearances to true"
}

/// The report of a fuzzing run.
func report(_ result: RouterFuzzResult, reproduction: Reproduction) -> String {
  guard let failure = result.failure else {
    // The seed on the first line, after the counts; warnings and notes below.
    var lines = result.statistics.description.split(separator: "\n").map(String.init)
    lines[0] += "; seed \(result.seed)"
    return lines.joined(separator: "\n")
  }
  var lines = [failure.description]
  if let crash = result.crash { lines.append(crash) }
  let length = failure.steps.count
  var shrunk =
    result.originalLength > length
    ? "shrunk from \(result.originalLength) to \(length) steps"
    : "\(length) step\(length == 1 ? "" : "s"), not shrunk further"
  if let below = result.minimalBelow {
    shrunk +=
      below >= length
      ? ", minimal: no shorter sequence fails"
      : ", minimal up to length \(below - 1): no sequence of \(below - 1) steps or fewer fails"
  }
  lines.append(
    "\(shrunk); seed \(result.seed) (NAVCHECK_SEED=\(result.seed) runs the same walks); journal \(result.journal)"
  )
  if let flakiness = result.flakiness { lines.append("flaky: \(flakiness)") }
  if result.crash == nil { lines.append("statistics: \(result.statistics)") }
  lines += failure.pasteable(reproduction)
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
  guard
    let runner = RouterRunner.checking(
      spec, invariants: invariants, call: call, makeRouter: makeRouter)
  else { return nil }
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
