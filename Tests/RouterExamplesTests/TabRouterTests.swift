import NavCheck
import Testing

@testable import NavCheckTesting

/// A value-type router for a TabView with one path per tab (IceCubesApp keeps one `RouterPath`
/// per tab), an overlay modal and a confirmation dialog on the selected tab's router.
/// `sharesOnePath` is its bug: one path for every tab, so a screen pushed in one tab shows in
/// the other after a tab switch.
struct TabRouter: RouterAdapter, Codable, Equatable {
  var paths: [[String]] = [[], []]
  var selected = 0
  var modal: String?
  var dialog: String?
  var sharesOnePath = false

  static let tabs = ["Inbox", "Search"]

  private var path: Int { sharesOnePath ? 0 : selected }

  mutating func perform(_ step: NavigationStep) throws {
    switch step.event {
    case .transition(.push(let destination), _): paths[path].append(destination)
    case .transition(.modal(let destination, _), _): modal = destination
    case .transition(.dismiss(nil), _) where modal != nil: modal = nil
    case .backgroundTap: modal = nil
    case .transition(.alert(let name, _, _), _): dialog = name
    case .alertButton, .dismissDialog: dialog = nil
    case .swipeBack: paths[path].removeLast()
    case .selectTab(let tab): selected = Self.tabs.firstIndex(of: tab)!
    case .reselectTab: paths[path] = []
    default: throw RouterAdapterError.unsupported(step)
    }
  }

  func snapshot() -> RouterSnapshot {
    RouterSnapshot(
      tabs: Self.tabs.indices.map { i in
        .init(
          screen: Self.tabs[i], path: paths[sharesOnePath ? 0 : i],
          modal: modal.flatMap { i == selected ? .init(screen: $0) : nil },
          alert: i == selected ? dialog : nil)
      }, selectedTab: selected)
  }
}

/// Two tabs, each pushing Thread; Inbox shows a toast modal and a sort dialog.
let tabAppSpec = NavigationSpec(
  name: "TabApp", tabs: ["Inbox", "Search"],
  destinations: [
    Destination(
      name: "Inbox",
      transitions: [
        Transition(action: .push(destination: "Thread")),
        Transition(action: .modal(destination: "Toast", dismissOnBackgroundTap: true)),
        Transition(
          action: .alert(
            name: "Sort", style: .confirmationDialog, buttons: [AlertButton(label: "Newest")])),
      ]),
    Destination(name: "Search", transitions: [Transition(action: .push(destination: "Thread"))]),
    Destination(name: "Thread"),
    Destination(name: "Toast", transitions: [Transition(action: .dismiss(destination: nil))]),
  ],
  bounds: Bounds(maxStackDepth: 2, maxPresentationDepth: 1))

@Suite struct TabRouterTests {
  /// The router with one path per tab shows what the reference shows in every reachable state:
  /// tab switches, reselects, the modal, its background tap and the dialog reach it in readable
  /// form.
  @Test func aRouterWithAPathPerTabPasses() throws {
    let result = checkRouterExhaustively(tabAppSpec) { TabRouter() }
    #expect(result.failure == nil && result.complete)
    #expect(result.states == (try tabAppSpec.check().states))
    let fuzzed = fuzzRouter(tabAppSpec, options: exampleOptions(runs: 100)) { TabRouter() }
    #expect(fuzzed.passed)
    for kind: NavigationEvent.Kind in [.selectTab, .reselectTab, .backgroundTap, .dismissDialog] {
      #expect(fuzzed.statistics.eventsByKind[kind, default: 0] > 0, "\(kind) never reached it")
    }
  }

  /// One path shared by the tabs: push Thread in Inbox, and the Search tab's stack shows it
  /// too. Every tab's stack is compared, so the shortest failure is that one step.
  @Test func aPathSharedByTheTabsIsFound() throws {
    var result: RouterExhaustiveResult?
    withExpectedNavigationFailures {
      result = checkRouterExhaustively(tabAppSpec) { TabRouter(sharesOnePath: true) }
    }
    let failure = try #require(result?.failure)
    #expect(failure.events == [.transition(screen: "Inbox", transition: .index(0))])
    #expect(
      failure.description.contains(
        "expected [tabs: ▸ Inbox › Thread | Search; Inbox › Thread], the router shows [tabs: ▸ Inbox › Thread | Search › Thread; Inbox › Thread]"
      ))
  }

  /// A router without tabs' events says so: the fuzzer leaves them out and reports it.
  @Test func tabEventsAnAdapterDoesNotSupportAreLeftOut() {
    struct NoTabs: RouterAdapter {
      static var unsupportedEvents: Set<NavigationEvent.Kind> { [.selectTab, .reselectTab] }
      var router = TabRouter()
      mutating func perform(_ step: NavigationStep) throws { try router.perform(step) }
      func snapshot() -> RouterSnapshot { router.snapshot() }
    }
    let result = fuzzRouter(tabAppSpec, options: exampleOptions(runs: 30)) { NoTabs() }
    #expect(result.passed)
    #expect(result.statistics.eventsByKind[.selectTab] == nil)
    #expect(
      result.statistics.description.contains("left out (unsupported): selectTab, reselectTab"))
  }

  /// "One active sheet per router" counts a modal as a presentation.
  @Test func aModalBesideASheetBreaksOneActiveSheetPerRouter() {
    let snapshot = RouterSnapshot(routers: [
      .init(id: "root", screen: "Inbox", sheet: "s", modal: "m"),
      .init(id: "s", screen: "Compose", parent: "root", slot: .sheet),
      .init(id: "m", screen: "Toast", parent: "root", slot: .modal),
    ])
    let context = RouterInvariant.Context(
      after: nil, reference: try! ReferenceRouter(tabAppSpec))
    #expect(
      RouterInvariant.oneActiveSheetPerRouter.violation(snapshot, context)
        == "router root has a sheet (s) and a modal (m) set at once")
  }
}
