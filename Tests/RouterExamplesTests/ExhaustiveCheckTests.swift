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
    // The first field that differs, by its path in the router: the sheet's router's id.
    let lines = report.split(separator: "\n")
    #expect(
      lines[0].hasSuffix(
        #"after 1 step and after 49. `sheetRouter.id` differs ("root.1" → "root.33"): ids that only grow? Compare by a projection that leaves `sheetRouter.id` out: `state: { … }`."#
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
    #expect(
      reports.first?.hasSuffix(
        "after 2 steps and after 34. `nextNumber` differs (2 → 34): ids that only grow? Leave `nextNumber` out of the router's == and hash(into:), or compare by a projection that leaves it out: `state: { $0.stack }`."
      ) == true)
  }

  /// The projection the message above gives: one value, the router's stack.
  @Test func theHashableRouterComparedByItsStackAlonePasses() throws {
    let result = checkRouterExhaustively(composeSpec, state: { $0.stack }) { NumberingRouter() }
    #expect(result.failure == nil && result.complete)
    #expect(result.states == (try composeSpec.check().states))
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

/// A list that pushes a note, each with a sheet to compose: 2 stacks × 2 sheets, 4 states.
let notesSpec = NavigationSpec("Notes", root: "List") {
  Destination("List") {
    Push("Note")
    Sheet("Compose")
  }
  Destination("Note") { Sheet("Compose") }
  Destination("Compose") { Dismiss() }
}
.bounds(maxStackDepth: 2, maxPresentationDepth: 1)

/// A value-type router that numbers every screen it shows, as an app numbering its screens
/// for analytics: `nextID` only grows, so its state never repeats.
struct CountingRouter: RouterAdapter {
  var path: [String] = []
  var sheet: String?
  var nextID = 0

  mutating func perform(_ step: NavigationStep) throws {
    switch step.event {
    case .transition(.push(let destination), _): path.append(destination)
    case .transition(.sheet(let destination), _): sheet = destination
    case .transition(.dismiss(nil), _), .swipeDown: sheet = nil
    case .swipeBack: path.removeLast()
    default: throw RouterAdapterError.unsupported(step)
    }
    nextID += 1
  }

  func snapshot() -> RouterSnapshot {
    RouterSnapshot(
      coordinator: .init(screen: "List", path: path, sheet: sheet.map { .init(screen: $0) }))
  }
}

/// A router whose coordinator queues an analytics event for every step and never sends them.
struct QueueingRouter: RouterAdapter {
  struct Coordinator {
    var router = CountingRouter()
    var queue: [String] = []
  }
  var coordinator = Coordinator()

  mutating func perform(_ step: NavigationStep) throws {
    try coordinator.router.perform(step)
    coordinator.router.nextID = 0
    coordinator.queue.append(step.description)
  }

  func snapshot() -> RouterSnapshot { coordinator.router.snapshot() }
}

/// A router that keeps the letters of the screens it showed in one string.
struct TrailRouter: RouterAdapter {
  var router = CountingRouter()
  var trail = ""

  mutating func perform(_ step: NavigationStep) throws {
    try router.perform(step)
    router.nextID = 0
    trail += router.sheet == nil ? "n" : "s"
  }

  func snapshot() -> RouterSnapshot { router.snapshot() }
}

/// A token a router holds, equal only to itself.
final class Token {}

/// A `Hashable` router equal only to a router holding the same token, a new one after each
/// step: reflection sees every token alike.
struct TokenRouter: RouterAdapter, Hashable {
  var router = CountingRouter()
  var token = Token()

  mutating func perform(_ step: NavigationStep) throws {
    try router.perform(step)
    router.nextID = 0
    token = Token()
  }

  func snapshot() -> RouterSnapshot { router.snapshot() }

  static func == (a: Self, b: Self) -> Bool {
    a.router.path == b.router.path && a.token === b.token
  }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(token)) }
}

/// Where the router's state never repeats, the message names the field that differs between
/// two states with the same screens, by its path, and says what to do by what changed.
@Suite struct NeverRepeatsTests {
  /// The message's start, for `notesSpec`: then the steps of the two states compared.
  let never =
    "Notes: the router's state never repeats: the same reference state and screens (router ids aside) were reached with 33 different router states, "

  @Test func aCounterIsNamedWithAProjectionThatLeavesItOut() throws {
    let reports = withExpectedNavigationFailures {
      checkRouterExhaustively(notesSpec) { CountingRouter() }
    }
    #expect(
      reports == [
        never
          + #"after 1 step and after 65. `nextID` differs (1 → 65): ids that only grow? Compare by a projection that leaves `nextID` out: `state: { ($0.path, $0.sheet) }`."#
      ])
  }

  @Test func aRouterComparedByAProjectionWithoutItsCounterIsCheckedCompletely() throws {
    let result = checkRouterExhaustively(notesSpec, state: { ($0.path, $0.sheet) }) {
      CountingRouter()
    }
    // 2 stacks (List, List › Note) × 2 sheets (none, Compose).
    #expect(result.failure == nil && result.complete)
    #expect(result.states == 4)
    #expect(try notesSpec.check().states == 4)
  }

  @Test func aProjectionThatKeepsTheCounterIsToldToLeaveItOut() throws {
    let reports = withExpectedNavigationFailures {
      checkRouterExhaustively(notesSpec, state: { ($0.path, $0.nextID) }) { CountingRouter() }
    }
    #expect(
      reports == [
        never
          + #"after 1 step and after 65. `state.1` differs (1 → 65): ids that only grow? Leave it out of what `state:` returns."#
      ])
  }

  @Test func anArrayThatGrowsIsNamedByItsPath() throws {
    let reports = withExpectedNavigationFailures {
      checkRouterExhaustively(notesSpec) { QueueingRouter() }
    }
    #expect(
      reports == [
        never
          + #"after 2 steps and after 6. `coordinator.queue` grows (2 → 6 entries): entries are added and never removed?"#
      ])
  }

  @Test func anotherValueIsNamedWithItsTwoValues() throws {
    let reports = withExpectedNavigationFailures {
      checkRouterExhaustively(notesSpec) { TrailRouter() }
    }
    #expect(reports == [never + #"after 1 step and after 7. `trail` differs ("n" → "snsnsnn")."#])
  }

  @Test func aHashableRouterThatReflectionCannotTellApartGetsTheGeneralAdvice() throws {
    let reports = withExpectedNavigationFailures {
      checkRouterExhaustively(notesSpec) { TokenRouter() }
    }
    #expect(
      reports == [
        never
          + #"after 2 steps and after 6. Ids that only grow? Leave ids, counters and UUIDs out of the router's == and hash(into:)."#
      ])
  }
  /// Compared by a projection that gives the router itself, equal by identity: the same.
  @Test func aProjectionThatReflectionCannotTellApartGetsTheGeneralAdvice() throws {
    let reports = withExpectedNavigationFailures {
      checkRouterExhaustively(notesSpec, state: { $0 }) { TokenRouter() }
    }
    #expect(
      reports == [
        never
          + "after 2 steps and after 6. Ids that only grow? Leave ids, counters and UUIDs out of what `state:` returns."
      ])
  }

  /// Where the two routers cannot be made again to compare them (here the factory throws after
  /// its first two routers), the message gives the general advice.
  @Test func routersThatCannotBeMadeAgainGetTheGeneralAdvice() throws {
    final class Factory {
      var made = 0
    }
    struct Stop: Error {}
    let factory = Factory()
    let reports = withExpectedNavigationFailures {
      checkRouterExhaustively(notesSpec) {
        factory.made += 1
        if factory.made > 2 { throw Stop() }
        return CountingRouter()
      }
    }
    #expect(
      reports == [
        never
          + "after 1 step and after 65. Ids that only grow? Compare by a projection that leaves ids, counters and UUIDs out (`state:`)."
      ])
  }

}
