import NavCheck
import Testing

@testable import NavCheckTesting

/// A value-type app whose account switch rebuilds the tabs but keeps the app's selected tab
/// (IceCubesApp's `selectedTab`, SEMANTICS v3 §11.9). `resetsTheTab` is the bug of an app that
/// keeps the selection in the tab view it rebuilds: the switch lands on the first tab. Each
/// switch builds new tab routers (`generation`, 0 or 1, names them apart from the ones before).
struct AccountSwitchRouter: RouterAdapter, Equatable {
  var module = "Main"
  var selected = 0
  var generation = 0
  var resetsTheTab = false

  static let tabs = ["Main": ["Timeline", "Notifications"], "Guest": ["Explore", "Timeline"]]

  mutating func perform(_ step: NavigationStep) throws {
    switch step.event {
    case .selectTab(let tab): selected = Self.tabs[module]!.firstIndex(of: tab)!
    case .sequence(let actions, _):
      guard actions.count == 1, case .showModule(let next) = actions[0].action else {
        throw RouterAdapterError.unsupported(step)
      }
      let kept = Self.tabs[module]![selected]
      module = next
      generation = 1 - generation
      selected =
        actions[0].keepsTab && !resetsTheTab
        ? Self.tabs[next]!.firstIndex(of: kept) ?? 0 : 0
    default: throw RouterAdapterError.unsupported(step)
    }
  }

  func snapshot() -> RouterSnapshot {
    let tabs = Self.tabs[module]!
    return RouterSnapshot(
      tabs: tabs.map { .init(id: "\(generation).\($0)", screen: $0) }, selectedTab: selected,
      module: module)
  }
}

/// `Examples/keeptab.json`: every switch keeps the tab.
let accountSwitchSpec = NavigationSpec("AccountSwitch") {
  Module("Main", tabs: ["Timeline", "Notifications"])
  Module("Guest", tabs: ["Explore", "Timeline"])
  Destination("Timeline") {
    ShowModule("Main", keepingTab: true).label("Switch account")
    ShowModule("Guest", keepingTab: true).label("Browse as guest")
  }
  Destination("Notifications") {
    ShowModule("Main", keepingTab: true).label("Switch account")
    ShowModule("Guest", keepingTab: true).label("Browse as guest")
  }
  Destination("Explore") { ShowModule("Main", keepingTab: true).label("Sign in") }
}
.bounds(maxStackDepth: 1, maxPresentationDepth: 1)

@Suite struct AccountSwitchRouterTests {
  /// The switch reaches the router as a sequence whose action keeps the tab; the app that keeps
  /// it shows what the reference shows in every state.
  @Test func anAppThatKeepsTheTabPasses() throws {
    let result = checkRouterExhaustively(accountSwitchSpec) { AccountSwitchRouter() }
    #expect(result.failure == nil && result.complete)
    // Each of the spec's 4 states, with either generation of tab routers (a switch to the
    // module shown flips it too).
    #expect(try accountSwitchSpec.check().states == 4)
    #expect(result.states == 8)
  }

  /// The app that lands on the first tab is found at the first switch from a second tab: Guest's
  /// Timeline is its second tab.
  @Test func aSwitchThatResetsTheTabIsFound() throws {
    var result: RouterExhaustiveResult?
    withExpectedNavigationFailures {
      result = checkRouterExhaustively(accountSwitchSpec) {
        AccountSwitchRouter(resetsTheTab: true)
      }
    }
    let failure = try #require(result?.failure)
    #expect(
      failure.events == [.transition(screen: "Timeline", transition: .label("Browse as guest"))])
  }
}
