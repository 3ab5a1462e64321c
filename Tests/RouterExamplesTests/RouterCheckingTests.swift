import NavCheck
import Testing

@testable import NavCheckTesting

/// A value-type router with one stack per environment; `forgetsPathOnDismiss` is its bug: a
/// dismissed sheet's stack is kept and shown again with the next sheet.
struct StackRouter: RouterAdapter, Codable, Hashable {
  var stacks: [[String]] = [["Home"]]
  var kept: [String] = []
  var keepsDismissedPath = false

  mutating func perform(_ step: NavigationStep) throws {
    let e = step.screen.environment
    switch step.event {
    case .transition(.push(let destination), _): stacks[e].append(destination)
    case .transition(.sheet(let destination), _): stacks.append([destination] + kept)
    case .transition(.dismissEnvironment, _), .swipeDown:
      if keepsDismissedPath { kept = Array(stacks[e].dropFirst()) }
      stacks.removeSubrange(e...)
    case .swipeBack: stacks[e].removeLast()
    default: throw RouterAdapterError.unsupported(step)
    }
  }

  func snapshot() -> RouterSnapshot {
    RouterSnapshot(
      routers: stacks.indices.map { i in
        RouterSnapshot.Router(
          id: "\(i)", screen: stacks[i][0], parent: i == 0 ? nil : "\(i - 1)",
          slot: i == 0 ? .root : .sheet, path: Array(stacks[i].dropFirst()),
          sheet: i + 1 < stacks.count ? "\(i + 1)" : nil)
      })
  }
}

let composeSpec = NavigationSpec("Compose", root: "Home") {
  Destination("Home") { Sheet("Compose").label("Write") }
  Destination("Compose") {
    Push("Attachments")
    DismissEnvironment().label("Send")
  }
  Destination("Attachments") { Push("Attachments") }
}
.bounds(maxStackDepth: 3, maxPresentationDepth: 1)

/// The minimal failure of `StackRouter(keepsDismissedPath: true)`.
let composeMinimal: [EventReference] = [
  .transition(screen: "Home", transition: .label("Write")),
  .transition(screen: "Compose", transition: .index(0)),
  .gesture(.swipeDown),
  .transition(screen: "Home", transition: .label("Write")),
]

@Suite struct RouterCheckingTests {
  @Test func theFuzzerFindsAndShrinksTheBug() throws {
    var result: RouterFuzzResult?
    var options = exampleOptions()
    options.routerExpression = "StackRouter(keepsDismissedPath: true)"
    options.specExpression = "composeSpec"
    withExpectedNavigationFailures {
      result = fuzzRouter(composeSpec, options: options) {
        StackRouter(keepsDismissedPath: true)
      }
    }
    let failure = try #require(result?.failure)
    #expect(failure.rule == .invariant("dismissEnvironment clears pushed children"))
    #expect(failure.events == composeMinimal)
    #expect(failure.declaration?.title == "Home: sheet Compose 'Write'")
    #expect(failure.description.contains("the last step is declared at \(#filePath):"))
    #expect(try #require(result).originalLength >= failure.steps.count)
    #expect(result?.flakiness == nil)
    // The statistics count what the router ran: the walks before, and the failing walk up to
    // its failure.
    let statistics = try #require(result?.statistics)
    #expect(statistics.eventsByKind.values.reduce(0, +) == statistics.events)
    #expect(statistics.longestRun <= max(40, statistics.events))
    #expect(result?.report.contains("NAVCHECK_SEED=1") == true)
    #expect(result?.report.contains("assertRouterSequence(") == true)
    #expect(result?.report.contains("{ StackRouter(keepsDismissedPath: true) }") == true)
    #expect(result?.report.contains("assertRouterSequence(\n      composeSpec,") == true)
    // The pasted events are Swift that names the same events as `composeMinimal`.
    #expect(
      failure.events.map(\.swiftLiteral) == [
        #".transition(screen: "Home", transition: .label("Write"))"#,
        #".transition(screen: "Compose", transition: .index(0))"#,
        ".gesture(.swipeDown)",
        #".transition(screen: "Home", transition: .label("Write"))"#,
      ])
  }

  @Test func theSameSeedGivesTheSameWalksAndTheSameShrunkFailure() {
    func run(_ seed: UInt64) -> (RouterFailure?, Int, Int) {
      var result: RouterFuzzResult?
      withExpectedNavigationFailures {
        result = fuzzRouter(composeSpec, options: exampleOptions(seed: seed)) {
          StackRouter(keepsDismissedPath: true)
        }
      }
      return (result?.failure, result?.originalLength ?? 0, result?.statistics.events ?? 0)
    }
    for seed: UInt64 in [1, 99] {
      let (first, length, events) = run(seed)
      let (second, lengthAgain, eventsAgain) = run(seed)
      #expect(first?.events == second?.events)
      #expect(length == lengthAgain && events == eventsAgain)
    }
  }

  @Test func theFixedRouterPassesAndCoversTheSpec() {
    let options = exampleOptions()
    let result = fuzzRouter(composeSpec, options: options) { StackRouter() }
    #expect(result.passed)
    #expect(result.statistics.coveredDeclarations == result.statistics.totalDeclarations)
    #expect(result.statistics.runs == options.runs)
  }

  /// Breadth-first over (reference, router) pairs: the shortest failure, whatever the threads.
  @Test func theExhaustiveCheckFindsTheShortestFailureOnEveryThreadCount() throws {
    var results: [RouterExhaustiveResult] = []
    for threads in [1, 2, 3] {
      withExpectedNavigationFailures {
        results.append(
          checkRouterExhaustively(composeSpec, threads: threads) {
            StackRouter(keepsDismissedPath: true)
          })
      }
    }
    let first = try #require(results.first?.failure)
    #expect(first.events == composeMinimal)
    #expect(results.allSatisfy { $0.failure?.events == first.events })
    #expect(Set(results.map(\.states)).count == 1)
  }

  @Test func theExhaustiveCheckPassesTheFixedRouter() {
    let result = checkRouterExhaustively(composeSpec) { StackRouter() }
    #expect(result.failure == nil && result.complete)
    // Home; + Compose sheet with 0…2 attachments: the same as the spec's reachable states.
    #expect(result.states == (try? composeSpec.check().states))
  }

  /// Under Swift Testing the failure is an issue at the call's line.
  @Test func aFailureIsAnIssueAtTheCall() throws {
    let line = #line + 3
    let expected = ExpectedFailures()
    ExpectedFailures.$current.withValue(expected) {
      assertRouterSequence(composeSpec, composeMinimal) {
        StackRouter(keepsDismissedPath: true)
      }
    }
    let (failure, call) = try #require(expected.failures.first)
    #expect(call.line == UInt(line))
    #expect(failure.sourceLocation(at: call).line == line)
    #expect(failure.sourceLocation(at: call).fileID.hasSuffix("RouterCheckingTests.swift"))
    #expect(failure.message.contains("dismissEnvironment clears pushed children"))
  }

  @Test func aSequenceTheSpecDoesNotAllowIsAFailureNamingTheStep() {
    let failures = withExpectedNavigationFailures {
      assertRouterSequence(composeSpec, [.gesture(.swipeBack)]) { StackRouter() }
    }
    #expect(
      failures == [
        "Compose: step 1 (.gesture(.swipeBack)) is not possible: cannot swipeBack: Home is the only screen of its stack"
      ])
  }

  @Test func unsupportedKindsAreLeftOutAndSaidSo() {
    struct NoGestures: RouterAdapter {
      static var unsupportedEvents: Set<NavigationEvent.Kind> { [.swipeBack, .swipeDown] }
      var router = StackRouter()
      mutating func perform(_ step: NavigationStep) throws { try router.perform(step) }
      func snapshot() -> RouterSnapshot { router.snapshot() }
    }
    let result = fuzzRouter(composeSpec, options: exampleOptions(runs: 20)) { NoGestures() }
    #expect(result.passed)
    #expect(result.statistics.eventsByKind[.swipeBack] == nil)
    #expect(result.statistics.eventsByKind[.swipeDown] == nil)
    #expect(result.statistics.description.contains("left out (unsupported): swipeBack, swipeDown"))
  }
}
