import NavCheck
import Testing

@testable import NavCheckTesting

/// A value-type app with IceCubesApp's shape (SEMANTICS v3 §11.10): one router per tab, the
/// Timeline's with a path and a sheet slot, and one sheet slot on the app, above the tabs
/// (`appRouterPath.presentedSheet` on the `TabView`), which the media viewer and the post
/// intent's editor set. An account switch rebuilds the tab routers (`generation` names them
/// apart) and keeps the selected tab. `dropsTheAppSheet` is the bug of an app whose sheet
/// modifier sits inside the view that the switch rebuilds (`.id(currentClient.id)` above it):
/// the editor goes with the tabs.
struct AppSheetRouter: RouterAdapter, Equatable {
  static var supportsAppPresenter: Bool { true }

  var selected = 0
  var timelinePath: [String] = []
  var timelineSheet: String?
  var appSheet: String?
  var generation = 0
  var dropsTheAppSheet = false

  static let tabs = ["Timeline", "Notifications"]

  mutating func perform(_ step: NavigationStep) throws {
    switch step.event {
    case .transition(.push(let destination), _): timelinePath.append(destination)
    case .transition(.sheet(let destination), _): timelineSheet = destination
    case .transition(.dismiss(nil), _), .swipeDown:
      // The sheet on top: the app's (above everything), else the Timeline's.
      if appSheet != nil { appSheet = nil } else { timelineSheet = nil }
    case .swipeBack: timelinePath.removeLast()
    case .reselectTab: timelinePath = []
    case .selectTab(let tab): selected = Self.tabs.firstIndex(of: tab)!
    case .deepLink("postIntent", _, _):
      // The app's item slot: the editor replaces the media viewer; shown again, no change.
      appSheet = "Composer"
    case .sequence(let actions, _):
      guard actions.count == 1 else { throw RouterAdapterError.unsupported(step) }
      switch actions[0].action {
      case .sheet(let destination) where actions[0].presenter == .app:
        appSheet = destination
      case .showModule:
        generation = 1 - generation
        timelinePath = []
        timelineSheet = nil
        if dropsTheAppSheet { appSheet = nil }
      default: throw RouterAdapterError.unsupported(step)
      }
    default: throw RouterAdapterError.unsupported(step)
    }
  }

  func snapshot() -> RouterSnapshot {
    let timeline = "\(generation).Timeline"
    var routers: [RouterSnapshot.Router] = [
      .init(
        id: timeline, screen: "Timeline", slot: .tab(0), path: timelinePath,
        sheet: timelineSheet.map { _ in "\(generation).sheet" }),
      .init(id: "\(generation).Notifications", screen: "Notifications", slot: .tab(1)),
    ]
    routers += timelinePath.indices.map {
      .init(id: "\(timeline).\($0)", screen: timelinePath[$0], parent: timeline, slot: .path($0))
    }
    if let timelineSheet {
      routers.append(
        .init(id: "\(generation).sheet", screen: timelineSheet, parent: timeline, slot: .sheet))
    }
    var snapshot = RouterSnapshot(routers: routers, selectedTab: selected)
    if let appSheet {
      // A router per item: the editor replacing the viewer is another router.
      snapshot.routers.append(.init(id: "app.\(appSheet)", screen: appSheet, slot: .app))
      snapshot.app = .init(router: "app.\(appSheet)", style: .sheet)
    }
    return snapshot
  }
}

/// `Examples/apppresenter.json`, whose editor and media viewer the app presents.
let appSheetSpec = NavigationSpec("AppPresenter") {
  Module("Main", tabs: ["Timeline", "Notifications"])
  Destination("Timeline") {
    Push("Status").label("Open")
    Sheet("Settings").label("Settings")
  }
  Destination("Notifications")
  Destination("Status") { Sheet("Media", presenter: .app).asItem().label("Media") }
  Destination("Media")
  Destination("Settings") { Dismiss().label("Done") }
  Destination("Composer") {
    Dismiss().label("Cancel")
    ShowModule("Main", keepingTab: true).label("Switch account")
  }
  DeepLink("postIntent") { Sheet("Composer", presenter: .app).asItem() }
}
.bounds(maxStackDepth: 2, maxPresentationDepth: 1)

/// The same app, for an adapter that does not say it presents on the app.
struct TabsOnlyRouter: RouterAdapter, Equatable {
  var router = AppSheetRouter()
  mutating func perform(_ step: NavigationStep) throws { try router.perform(step) }
  func snapshot() -> RouterSnapshot { router.snapshot() }
}

@Suite struct AppSheetRouterTests {
  /// The media viewer reaches the router as a sequence whose action presents on the app; the
  /// app that keeps its sheet above the rebuilt tabs shows what the reference shows in every
  /// state.
  @Test func anAppSheetAboveTheTabsPasses() throws {
    let result = checkRouterExhaustively(appSheetSpec) { AppSheetRouter() }
    #expect(result.failure == nil && result.complete)
    // Each of the spec's 10 states with either generation of tab routers: a switch flips it,
    // and every state is reached again from the editor after a switch.
    #expect(try appSheetSpec.check().states == 10)
    #expect(result.states == 20)
  }

  /// The app whose sheet is rebuilt with the tabs loses the editor at the first account
  /// switch: the post intent, then the switch.
  @Test func aSheetRebuiltWithTheTabsIsFound() throws {
    var result: RouterExhaustiveResult?
    withExpectedNavigationFailures {
      result = checkRouterExhaustively(appSheetSpec) { AppSheetRouter(dropsTheAppSheet: true) }
    }
    let failure = try #require(result?.failure)
    #expect(
      failure.events == [
        .deepLink("postIntent"),
        .transition(screen: "Composer", transition: .label("Switch account")),
      ])
  }

  /// An adapter without `supportsAppPresenter` has every event that presents on the app left
  /// out: the media viewer and the post intent never reach it, so its sheet is never set.
  @Test func anAdapterWithoutTheAppPresenterHasThemLeftOut() throws {
    let result = checkRouterExhaustively(appSheetSpec) { TabsOnlyRouter() }
    #expect(result.failure == nil && result.complete)
    // [T] and [T›St] with either tab selected, and Timeline's Settings: 5 states.
    #expect(result.states == 5)
    #expect(result.leftOut.contains(.appPresentation))
    #expect(!result.report.contains("left out"))
  }
}
