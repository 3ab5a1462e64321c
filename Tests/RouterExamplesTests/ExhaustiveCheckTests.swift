import NavCheck
import NavCheckTestSupport
import NavCheckTesting
import Testing

/// The storefront's fixed router compared by what it holds, its ids and counters aside: the
/// few lines a class router needs to be checked exhaustively when its ids only grow.
final class StorefrontRouterByShape: RouterAdapter, Hashable {
  let adapter = RoutingPatternAdapter(.onePresentationAtATime)

  func perform(_ step: NavigationStep) throws { try adapter.perform(step) }
  func snapshot() -> RouterSnapshot { adapter.snapshot() }

  /// Each router's screen, path, slot and alert, in order: everything but ids.
  private var shape: [[String]] {
    snapshot().routers.map { [$0.screen, "\($0.slot)", $0.alert ?? ""] + $0.path }
  }
  static func == (a: StorefrontRouterByShape, b: StorefrontRouterByShape) -> Bool {
    a.shape == b.shape
  }
  func hash(into hasher: inout Hasher) { hasher.combine(shape) }
}

/// A value-type router that numbers every screen it shows, and counts the numbers in its
/// state: it never returns to a state it left.
struct NumberingRouter: RouterAdapter, Hashable {
  var stack = StackRouter()
  var nextNumber = 0

  mutating func perform(_ step: NavigationStep) throws {
    try stack.perform(step)
    nextNumber += 1
  }
  func snapshot() -> RouterSnapshot { stack.snapshot() }
}

/// A value-type router with two bugs: it keeps a dismissed sheet's path, and it pushes nothing
/// from a pushed Attachments screen.
struct TwoBugRouter: RouterAdapter, Hashable {
  var stack = StackRouter(keepsDismissedPath: true)

  mutating func perform(_ step: NavigationStep) throws {
    if case .transition(.push, _) = step.event, step.screen.destination == "Attachments" { return }
    try stack.perform(step)
  }
  func snapshot() -> RouterSnapshot { stack.snapshot() }
}

@Suite struct ExhaustiveCheckTests {
  /// A class router, checked with no Codable and no Hashable: each state is rebuilt by replaying
  /// its sequence, and states compare by reflection.
  @Test func aClassRouterIsCheckedWithoutCodable() throws {
    var result: RouterExhaustiveResult?
    withExpectedNavigationFailures {
      result = checkRouterExhaustively(storefront) { RoutingPatternAdapter(.published) }
    }
    let failure = try #require(result?.failure)
    #expect(failure.events == deepLinkDuringTheTour)
    #expect(failure.rule == .invariant("one active sheet per router"))
    #expect(result?.complete == false, "it stops at the first failure")
  }

  @Test func aRouterWhoseIdsOnlyGrowGetsTheMessage() throws {
    var result: RouterExhaustiveResult?
    withExpectedNavigationFailures {
      result = checkRouterExhaustively(storefront) {
        RoutingPatternAdapter(.onePresentationAtATime)
      }
    }
    let report = try #require(result?.report)
    #expect(result?.failure == nil && result?.complete == false)
    #expect(report.hasPrefix("Storefront: the router's state never repeats"))
    #expect(report.contains(#"They differ in: - id: "root.1" → - id: "root."#))
    let lines = report.split(separator: "\n")
    #expect(
      lines[0].hasSuffix(
        "Ids that only grow? Make the router Hashable, leaving ids, counters and UUIDs out of its == and hash(into:)"
      ))
    // The storefront's own finding (leaving Checkout while Pay runs), noted once after it.
    #expect(
      lines.dropFirst().map { $0.prefix(48) } == [
        "note: the spec breaks its own rule orphanedCompl"
      ])
  }

  @Test func theSameRouterHashableWithoutItsIdsPasses() {
    let result = checkRouterExhaustively(storefront) { StorefrontRouterByShape() }
    #expect(result.failure == nil && result.complete)
    // The spec's reachable states, each once: the router holds nothing the screens do not show.
    #expect(result.states == (try? storefront.check().states))
  }

  @Test func aHashableRouterWithACounterGetsTheMessage() {
    let reports = withExpectedNavigationFailures {
      checkRouterExhaustively(composeSpec) { NumberingRouter() }
    }
    #expect(reports.count == 1)
    #expect(reports.first?.contains("They differ in: - nextNumber: 2 → - nextNumber: 34.") == true)
    #expect(
      reports.first?.hasSuffix(
        "Leave ids, counters and UUIDs out of the router's == and hash(into:)") == true)
  }

  @Test func everyDistinctFailureWithItsShortestSequence() throws {
    var first: RouterExhaustiveResult?
    var all: RouterExhaustiveResult?
    withExpectedNavigationFailures {
      first = checkRouterExhaustively(composeSpec) { TwoBugRouter() }
      all = checkRouterExhaustively(composeSpec, allFailures: true) { TwoBugRouter() }
    }
    #expect(first?.failures.count == 1)
    let failures = try #require(all?.failures)
    // The push that does nothing (two steps: Write, then push from Attachments after one
    // push), and the path kept past the sheet (four steps), each its shortest.
    #expect(
      failures.map(\.rule) == [
        .showsWhatTheReferenceShows, .invariant("dismissEnvironment clears pushed children"),
      ])
    #expect(failures.map(\.steps.count) == [3, 4])
    #expect(failures[1].events == composeMinimal)
    #expect(
      all?.report.contains("2 distinct failures, each the shortest of its rule and declaration")
        == true)
  }
}

/// A value-type adapter around a class router: its copies share the router, so the check
/// rebuilds each state by replaying, as it does for a class.
struct WrappedStorefront: RouterAdapter {
  let adapter = RoutingPatternAdapter(.published)
  func perform(_ step: NavigationStep) throws { try adapter.perform(step) }
  func snapshot() -> RouterSnapshot { adapter.snapshot() }
}

@Suite struct SharedStateTests {
  @Test func aStructAroundAClassRouterIsCheckedByReplaying() throws {
    var result: RouterExhaustiveResult?
    withExpectedNavigationFailures {
      result = checkRouterExhaustively(storefront) { WrappedStorefront() }
    }
    // The same shortest failure as the class router's own.
    #expect(result?.failure?.events == deepLinkDuringTheTour)
    #expect(result?.failure?.rule == .invariant("one active sheet per router"))
  }
}
