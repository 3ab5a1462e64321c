import NavCheck
import Testing

@testable import NavCheckTesting

/// A value-type router for a TabView with one path per tab, whose item pages observe a
/// "deleted" notification (SEMANTICS v3 §11.7): every live Post, in every tab, dismisses itself.
/// `onlySelectedTab` is its bug: the notification reaches the selected tab's router alone (an
/// observer registered on the visible view only), so a deleted Post stays in a hidden tab.
struct BroadcastRouter: RouterAdapter, Equatable {
  var paths: [[String]] = [[], []]
  var selected = 0
  var onlySelectedTab = false

  static let tabs = ["Feed", "Inbox"]

  mutating func perform(_ step: NavigationStep) throws {
    switch step.event {
    case .transition(.push(let destination), _): paths[selected].append(destination)
    case .swipeBack: paths[selected].removeLast()
    case .selectTab(let tab): selected = Self.tabs.firstIndex(of: tab)!
    case .reselectTab: paths[selected] = []
    case .broadcast("deleted"):
      // Each live Post dismisses itself: its path is cut at the first Post.
      for tab in paths.indices where !onlySelectedTab || tab == selected {
        if let post = paths[tab].firstIndex(of: "Post") { paths[tab].removeSubrange(post...) }
      }
    default: throw RouterAdapterError.unsupported(step)
    }
  }

  func snapshot() -> RouterSnapshot {
    RouterSnapshot(
      tabs: Self.tabs.indices.map { .init(screen: Self.tabs[$0], path: paths[$0]) },
      selectedTab: selected)
  }
}

/// Two tabs, each pushing Post (and Post its Comments); "deleted" dismisses every live Post.
let broadcastSpec = NavigationSpec("Deleted", tabs: ["Feed", "Inbox"]) {
  Destination("Feed") { Push("Post") }
  Destination("Inbox") { Push("Post") }
  Destination("Post") { Push("Comments") }
  Destination("Comments")
  Broadcast("deleted") { Observer("Post") { Dismiss() } }
}
.bounds(maxStackDepth: 3)

@Suite struct BroadcastRouterTests {
  /// The router that delivers the notification to every tab shows what the reference shows in
  /// every state.
  @Test func aRouterThatNotifiesEveryTabPasses() throws {
    let result = checkRouterExhaustively(broadcastSpec) { BroadcastRouter() }
    #expect(result.failure == nil && result.complete)
    #expect(result.states == (try broadcastSpec.check().states))
    let fuzzed = fuzzRouter(broadcastSpec, options: exampleOptions(runs: 60)) {
      BroadcastRouter()
    }
    #expect(fuzzed.passed)
    #expect(fuzzed.statistics.eventsByKind[.broadcast, default: 0] > 0)
  }

  /// A router that acts on the selected tab alone is found: the Post left in the hidden tab.
  @Test func aRouterThatNotifiesOnlyTheSelectedTabIsFound() throws {
    var result: RouterExhaustiveResult?
    withExpectedNavigationFailures {
      result = checkRouterExhaustively(broadcastSpec) { BroadcastRouter(onlySelectedTab: true) }
    }
    let failure = try #require(result?.failure)
    #expect(
      failure.events == [
        .transition(screen: "Feed", transition: .index(0)), .selectTab("Inbox"),
        .broadcast("deleted"),
      ])
  }

  /// An adapter without broadcasts says so: the fuzzer leaves them out, and a spec without
  /// broadcasts draws none.
  @Test func broadcastsAnAdapterDoesNotSupportAreLeftOut() {
    struct NoBroadcasts: RouterAdapter {
      static var unsupportedEvents: Set<NavigationEvent.Kind> { [.broadcast] }
      var router = BroadcastRouter()
      mutating func perform(_ step: NavigationStep) throws { try router.perform(step) }
      func snapshot() -> RouterSnapshot { router.snapshot() }
    }
    let result = fuzzRouter(broadcastSpec, options: exampleOptions(runs: 30)) { NoBroadcasts() }
    #expect(result.passed)
    #expect(result.statistics.eventsByKind[.broadcast] == nil)
    #expect(result.statistics.description.contains("left out (unsupported): broadcast"))
    var plain = broadcastSpec
    plain.broadcasts = []
    let walks = fuzzRouter(plain, options: exampleOptions(runs: 30)) { BroadcastRouter() }
    #expect(walks.passed)
    #expect(!walks.statistics.description.contains("broadcast"))
  }
}
