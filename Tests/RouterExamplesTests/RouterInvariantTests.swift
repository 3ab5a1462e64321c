import NavCheck
import NavCheckTestSupport
import NavCheckTesting
import Testing

/// A coordinator that keeps its sheets' child coordinators in a cache by destination, as apps
/// with a `[Route: Coordinator]` dictionary do. `keepsDismissedChildren` is the bug of leaving
/// a dismissed sheet's child in the cache: nothing shows it, but the cache (and whatever the
/// child holds: its path, its tasks) outlives the sheet.
final class CachingCoordinator: RouterAdapter {
  /// A sheet's child coordinator.
  struct Child {
    let id: String
    var path: [String] = []
  }

  let keepsDismissedChildren: Bool
  var path: [String] = []
  var sheet: String?
  private(set) var children: [String: Child] = [:]
  private var made = 0

  init(keepsDismissedChildren: Bool = false) {
    self.keepsDismissedChildren = keepsDismissedChildren
  }

  func perform(_ step: NavigationStep) throws {
    switch step.event {
    case .transition(.sheet(let destination), _):
      made += 1
      children[destination] = Child(id: "\(destination)-\(made)")
      sheet = destination
    case .transition(.push(let destination), _) where step.screen.environment == 1:
      children[sheet!]!.path.append(destination)
    case .swipeBack where step.screen.environment == 1: children[sheet!]!.path.removeLast()
    case .transition(.dismissEnvironment, _), .swipeDown:
      if !keepsDismissedChildren { children[sheet!] = nil }
      sheet = nil
    default: throw RouterAdapterError.unsupported(step)
    }
  }

  func snapshot() -> RouterSnapshot {
    RouterSnapshot(
      coordinator: .init(
        id: "root", screen: "Home", path: path,
        sheet: sheet.map { .init(id: children[$0]!.id, screen: $0, path: children[$0]!.path) }),
      retained: children.values.map { .init("a cached child coordinator", for: $0.id) })
  }
}

@Suite struct RouterInvariantTests {
  /// Write, then Send: the cache still holds Compose's coordinator, which no router is now.
  static let writeThenSend: [EventReference] = [
    .transition(screen: "Home", transition: .label("Write")),
    .transition(screen: "Compose", transition: .label("Send")),
  ]

  @Test func aCoordinatorThatKeepsADismissedChildIsCaught() throws {
    var result: RouterFuzzResult?
    withExpectedNavigationFailures {
      result = fuzzRouter(composeSpec, options: exampleOptions()) {
        CachingCoordinator(keepsDismissedChildren: true)
      }
    }
    let failure = try #require(result?.failure)
    #expect(failure.rule == .invariant("no orphan bindings"))
    #expect(failure.steps.count == 2)
    #expect(
      failure.steps.last?.event.kind == .transition || failure.steps.last?.event == .swipeDown)
    #expect(
      failure.message
        == "the router keeps a cached child coordinator for router Compose-1, which is gone")
    #expect(failure.snapshot?.retained == [.init("a cached child coordinator", for: "Compose-1")])
    #expect(failure.description.contains("retained: a cached child coordinator for Compose-1"))
  }

  /// Docs/RouterTesting.md's "the team's own", as it is written there: no stack of the fixed
  /// podcast router ever holds more than one screen above its root (the check reports a
  /// failure otherwise). Long: the 200 walks of the default options.
  @Test(.long) func theTeamsOwnInvariantOfTheDocsHoldsForTheFixedPodcastRouter() {
    let shallow = RouterInvariant("no path deeper than 1") {
      $0.routers.allSatisfy { $0.path.count <= 1 }
    }
    fuzzRouter(podcasts, invariants: [shallow]) { PodcastAdapter(.goBackToRoot) }
  }

  @Test func aCoordinatorThatDropsItsChildPasses() {
    let result = fuzzRouter(composeSpec, options: exampleOptions(runs: 100)) {
      CachingCoordinator()
    }
    #expect(result.passed)
    #expect(result.statistics.coveredDeclarations == result.statistics.totalDeclarations)
    #expect(result.statistics.eventsByKind[.swipeDown, default: 0] > 0)
  }

  /// What is kept for a live router is fine: the cache may hold the sheet that is up.
  @Test func whatIsKeptForALiveRouterIsNoViolation() {
    #expect(
      assertRouterSequence(composeSpec, Array(Self.writeThenSend.prefix(1))) {
        CachingCoordinator(keepsDismissedChildren: true)
      } == nil)
    var failure: RouterFailure?
    withExpectedNavigationFailures {
      failure = assertRouterSequence(composeSpec, Self.writeThenSend) {
        CachingCoordinator(keepsDismissedChildren: true)
      }
    }
    #expect(failure?.rule == .invariant("no orphan bindings"))
    #expect(assertRouterSequence(composeSpec, Self.writeThenSend) { CachingCoordinator() } == nil)
  }
}
