import NavCheck
import Testing

@testable import NavCheckTesting

/// The builders' routers, written out by hand: who is bound to which slot of whom, which id
/// each gets, and that the checks see through them what they see in a hand-built snapshot.
@Suite struct RouterSnapshotBuildersTests {
  typealias Router = RouterSnapshot.Router

  static let work = AsyncWork.ID(screen: 2, transition: 0)

  @Test func framesBindPushesToTheirEnvironmentAndPresentationsToTheFrameBefore() {
    let snapshot = RouterSnapshot(frames: [
      .root("TripList"),
      .push("Trip", alert: "DeleteTrip"),
      .sheet("EditTrip", id: "EditTrip-2", pendingWork: [Self.work]),
      .push("PlacePicker"),
      .fullScreenCover("Map"),
    ])
    #expect(
      snapshot.routers == [
        Router(id: "TripList", screen: "TripList", path: ["Trip"]),
        Router(
          id: "TripList/Trip", screen: "Trip", parent: "TripList", slot: .path(0),
          sheet: "EditTrip-2", alert: "DeleteTrip"),
        Router(
          id: "EditTrip-2", screen: "EditTrip", parent: "TripList/Trip", slot: .sheet,
          path: ["PlacePicker"], pendingWork: [Self.work]),
        Router(
          id: "TripList/Trip/sheet:EditTrip/PlacePicker", screen: "PlacePicker",
          parent: "EditTrip-2", slot: .path(0),
          fullScreenCover: "TripList/Trip/sheet:EditTrip/PlacePicker/fullScreenCover:Map"),
        Router(
          id: "TripList/Trip/sheet:EditTrip/PlacePicker/fullScreenCover:Map", screen: "Map",
          parent: "TripList/Trip/sheet:EditTrip/PlacePicker", slot: .fullScreenCover),
      ])
    #expect(
      snapshot.shown.inline
        == "[TripList › Trip ⤷ sheet: EditTrip › PlacePicker ⤷ fullScreenCover: Map, alert 'DeleteTrip']"
    )
  }

  /// The first frame is the root whatever its style (SwiftfulRouting's root has the segue of a
  /// cover); a root frame after it is bound to a slot nothing holds, and reported.
  @Test func onlyTheFirstFrameIsARoot() throws {
    let snapshot = RouterSnapshot(frames: [.sheet("Home"), .modal("Toast")])
    #expect(snapshot.routers.map(\.slot) == [.root, .modal])
    #expect(snapshot["Home"]?.modal == "Home/modal:Toast")
    let twoRoots = RouterSnapshot(frames: [.root("Home"), .root("Other")])
    #expect(
      RouterInvariant.noOrphanBindings.violation(twoRoots, try context())
        == "router Home/root:Other is bound to root of Home, which does not hold it")
  }

  @Test func tabsOfFramesAreRootedInTheirTabsAndPassTheModuleAndFlagsOn() {
    let snapshot = RouterSnapshot(
      tabs: [[.root("Inbox"), .push("Thread")], [.root("Search"), .modal("Filters")]],
      selectedTab: 1, module: "Main", flags: ["signedIn"],
      retained: [.init("a cached child", for: "Search")])
    #expect(
      snapshot.routers.map(\.id) == ["Inbox", "Inbox/Thread", "Search", "Search/modal:Filters"])
    #expect(snapshot.routers.map(\.slot) == [.tab(0), .path(0), .tab(1), .modal])
    #expect(snapshot["Search"]?.modal == "Search/modal:Filters")
    #expect(
      snapshot.selectedTab == 1 && snapshot.module == "Main" && snapshot.flags == ["signedIn"])
    #expect(snapshot.retained == [.init("a cached child", for: "Search")])
    #expect(
      snapshot.shown.inline
        == "[module Main: tabs: Inbox › Thread | ▸ Search; Search ⤷ modal: Filters {signedIn}]")
  }

  /// A coordinator's child is presented from the top of its stack, and a sheet without a
  /// coordinator of its own is its screen alone.
  @Test func coordinatorsNestTheirPresentations() {
    let snapshot = RouterSnapshot(
      coordinator: .init(
        id: "app", screen: "RecipeList", path: ["Recipe"],
        fullScreenCover: .init(screen: "CookingMode", sheet: .init(screen: "Timer")),
        alert: "Rate", pendingWork: [Self.work]))
    #expect(
      snapshot.routers == [
        Router(
          id: "app", screen: "RecipeList", path: ["Recipe"],
          fullScreenCover: "RecipeList/Recipe/fullScreenCover:CookingMode", alert: "Rate",
          pendingWork: [Self.work]),
        Router(
          id: "RecipeList/Recipe/fullScreenCover:CookingMode", screen: "CookingMode",
          parent: "app", slot: .fullScreenCover,
          sheet: "RecipeList/Recipe/fullScreenCover:CookingMode/sheet:Timer"),
        Router(
          id: "RecipeList/Recipe/fullScreenCover:CookingMode/sheet:Timer", screen: "Timer",
          parent: "RecipeList/Recipe/fullScreenCover:CookingMode", slot: .sheet),
      ])
  }

  /// Two presentations at once are both reported, and the rule names them.
  @Test func aCoordinatorWithASheetAndACoverBreaksOneActiveSheetPerRouter() throws {
    let snapshot = RouterSnapshot(
      coordinator: .init(
        screen: "Home", sheet: .init(id: "s", screen: "Compose"),
        fullScreenCover: .init(id: "c", screen: "Welcome")))
    #expect(
      RouterInvariant.oneActiveSheetPerRouter.violation(snapshot, try context())
        == "router Home has a sheet (s) and a full-screen cover (c) set at once")
  }

  @Test func tabsOfCoordinators() {
    var search = RouterSnapshot.Coordinator(screen: "Search", path: ["Thread"])
    search.modal = .init(screen: "Toast")
    let snapshot = RouterSnapshot(
      tabs: [.init(screen: "Inbox"), search], selectedTab: 1, flags: [])
    #expect(snapshot.routers.map(\.id) == ["Inbox", "Search", "Search/Thread/modal:Toast"])
    #expect(snapshot.routers.map(\.slot) == [.tab(0), .tab(1), .modal])
    #expect(snapshot["Search"]?.modal == "Search/Thread/modal:Toast")
    #expect(
      snapshot.shown.inline == "[tabs: Inbox | ▸ Search › Thread; Search › Thread ⤷ modal: Toast]")
  }

  /// Each environment router is presented by the one before it, unless it names its presenter.
  @Test func environmentRoutersChainUnlessTheyNameTheirPresenter() throws {
    let snapshot = RouterSnapshot(environments: [
      .init(id: "root", screen: "Catalog", path: ["Product"]),
      .init(id: "root.2", screen: "Cart", presentedIn: .sheet, alert: "Empty"),
      .init(screen: "Checkout", presentedIn: .fullScreenCover),
      .init(id: "root.1", screen: "Onboarding", presentedIn: .fullScreenCover, by: "root"),
    ])
    #expect(
      snapshot.routers == [
        Router(
          id: "root", screen: "Catalog", path: ["Product"], sheet: "root.2",
          fullScreenCover: "root.1"),
        Router(
          id: "root.2", screen: "Cart", parent: "root", slot: .sheet,
          fullScreenCover: "Catalog/Product/sheet:Cart/fullScreenCover:Checkout", alert: "Empty"),
        Router(
          id: "Catalog/Product/sheet:Cart/fullScreenCover:Checkout", screen: "Checkout",
          parent: "root.2", slot: .fullScreenCover),
        Router(id: "root.1", screen: "Onboarding", parent: "root", slot: .fullScreenCover),
      ])
    #expect(
      RouterInvariant.oneActiveSheetPerRouter.violation(snapshot, try context())
        == "router root has a sheet (root.2) and a full-screen cover (root.1) set at once")
  }

  @Test func tabsOfEnvironmentRouters() {
    let snapshot = RouterSnapshot(
      tabs: [[.init(screen: "Inbox")], [.init(screen: "Search"), .init(screen: "Filters")]],
      selectedTab: 1, module: "Main")
    #expect(snapshot.routers.map(\.id) == ["Inbox", "Search", "Search/sheet:Filters"])
    #expect(snapshot.routers.map(\.parent) == [nil, nil, "Search"])
    #expect(
      snapshot.shown.inline == "[module Main: tabs: Inbox | ▸ Search; Search ⤷ sheet: Filters]")
  }

  // MARK: - Identity

  /// A frame's place changes when what lies below it is replaced, so a sheet shown again over
  /// another screen is another router: a place is not an index.
  @Test func aPlaceNamesWhatLiesBelow() {
    let before = RouterSnapshot(frames: [.root("Feed"), .push("Post"), .sheet("Share")])
    let after = RouterSnapshot(frames: [.root("Feed"), .push("Profile"), .sheet("Share")])
    #expect(before.routers.last?.id == "Feed/Post/sheet:Share")
    #expect(after.routers.last?.id == "Feed/Profile/sheet:Share")
  }

  /// A router the app keeps after its environment is dismissed and binds to the next one in
  /// the same event is caught where the caller gives its identity; its place alone would name
  /// a new router.
  @Test func aRouterKeptAcrossADismissalIsCaughtByItsIdentity() throws {
    let before = RouterSnapshot(frames: [.root("Catalog"), .sheet("Cart", id: "router-7")])
    let context = try context(removing: 1..<2, before: before)
    let rule = RouterInvariant.dismissEnvironmentClearsPushedChildren
    let reused = RouterSnapshot(frames: [.root("Catalog"), .sheet("OrderStatus", id: "router-7")])
    #expect(
      rule.violation(reused, context)
        == "router router-7 of the dismissed Cart environment remains (its path: empty)")
    let fresh = RouterSnapshot(frames: [.root("Catalog"), .sheet("OrderStatus", id: "router-8")])
    #expect(rule.violation(fresh, context) == nil)
    let byPlace = RouterSnapshot(frames: [.root("Catalog"), .sheet("OrderStatus")])
    #expect(rule.violation(byPlace, context) == nil)
  }

  /// A context after a step that removed `removed` environments of `before`.
  private func context(removing removed: Range<Int> = 0..<0, before: RouterSnapshot? = nil)
    throws -> RouterInvariant.Context
  {
    RouterInvariant.Context(
      after: nil,
      reference: try ReferenceRouter(
        NavigationSpec(name: "Any", root: "Home", destinations: [Destination(name: "Home")])),
      removed: removed, before: before)
  }
}
