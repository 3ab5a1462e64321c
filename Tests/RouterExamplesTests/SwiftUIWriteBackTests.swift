import NavCheck
import NavCheckTesting
import Testing

/// A step of `event` on a screen of the first sheet.
private func step(_ event: NavigationEvent) -> NavigationStep {
  NavigationStep(
    event: event, screen: ScreenLocation(environment: 1, position: 1, destination: "Picker"),
    reference: .gesture(.swipeBack))
}

private let tap = step(.transition(.push(destination: "Detail"), label: nil))

@Suite struct SwiftUIWriteBackTests {
  @Test func aSwipeBackPopsThePathAndAReselectEmptiesIt() {
    var path = ["Recipe", "Recipe"]
    #expect(SwiftUIWriteBack.path(&path, for: step(.swipeBack)))
    #expect(path == ["Recipe"])
    #expect(SwiftUIWriteBack.path(&path, for: step(.reselectTab)))
    #expect(path == [])
    #expect(SwiftUIWriteBack.path(&path, for: step(.swipeBack)))  // nothing to pop: no trap
    path = ["Recipe"]
    #expect(!SwiftUIWriteBack.path(&path, for: tap))
    #expect(!SwiftUIWriteBack.path(&path, for: step(.swipeDown)))
    #expect(path == ["Recipe"])
  }

  @Test func aSwipeDownOrABackgroundTapSetsThePresentationToNilWithItsContent() {
    var sheet: String? = "NewRecipe"
    var child: [String]? = ["IngredientPicker"]
    var isPresented = true
    #expect(!SwiftUIWriteBack.presentation(&sheet, content: &child, for: step(.swipeBack)))
    #expect(sheet == "NewRecipe" && child != nil)
    #expect(SwiftUIWriteBack.presentation(&sheet, content: &child, for: step(.swipeDown)))
    #expect(sheet == nil && child == nil)
    sheet = "Toast"
    #expect(SwiftUIWriteBack.presentation(&sheet, for: step(.backgroundTap)))
    #expect(sheet == nil)
    #expect(!SwiftUIWriteBack.presentation(&isPresented, for: tap))
    #expect(SwiftUIWriteBack.presentation(&isPresented, for: step(.swipeDown)))
    #expect(!isPresented)
  }

  @Test func theContentIsMadeOncePerPresentationAndGoesWithIt() {
    var made = 0
    var router: String?
    let make = { (item: String) -> String in
      made += 1
      return "\(item)-\(made)"
    }
    SwiftUIWriteBack.content(&router, of: "Cart", make)
    SwiftUIWriteBack.content(&router, of: "Cart", make)
    #expect(router == "Cart-1")
    SwiftUIWriteBack.content(&router, of: String?.none, make)
    #expect(router == nil)
    SwiftUIWriteBack.content(&router, of: "Cart", make)
    #expect(router == "Cart-2")
  }

  @Test func anAlertsButtonClosesItAndLeavesItsActionToTheApp() {
    var alert: String? = "Delete"
    let delete = step(
      .alertButton(alert: "Delete", label: "Delete", action: .dismiss(destination: nil)))
    #expect(!SwiftUIWriteBack.alert(&alert, for: delete))
    #expect(alert == nil)
    alert = "Delete"
    #expect(
      SwiftUIWriteBack.alert(
        &alert, for: step(.alertButton(alert: "Delete", label: "Cancel", action: nil))))
    #expect(alert == nil)
    alert = "Sort"
    #expect(SwiftUIWriteBack.alert(&alert, for: step(.dismissDialog)))
    #expect(alert == nil)
    alert = "Sort"
    #expect(!SwiftUIWriteBack.alert(&alert, for: step(.swipeBack)))
    #expect(alert == "Sort")
  }

  @Test func aRoutesArrayLosesItsTopRouteOrItsTopPresentation() {
    struct Route: Equatable {
      var screen: String
      var isPush: Bool
      var alert: String?
    }
    let all = [
      Route(screen: "Show", isPush: true), Route(screen: "Plans", isPush: false),
      Route(screen: "Checkout", isPush: true, alert: "Pay"),
    ]
    var routes = all
    #expect(SwiftUIWriteBack.routes(&routes, for: step(.swipeBack), isPush: \.isPush))
    #expect(routes == Array(all.prefix(2)))
    routes = all
    #expect(SwiftUIWriteBack.routes(&routes, for: step(.swipeDown), isPush: \.isPush))
    #expect(routes == Array(all.prefix(1)))
    routes = all
    let cancel = step(.alertButton(alert: "Pay", label: "Cancel", action: nil))
    #expect(!SwiftUIWriteBack.routes(&routes, for: cancel, isPush: \.isPush))
    #expect(routes == all)
    #expect(SwiftUIWriteBack.routes(&routes, for: cancel, isPush: \.isPush, alert: \.alert))
    #expect(routes.last?.alert == nil && routes.count == 3)
    #expect(!SwiftUIWriteBack.routes(&routes, for: tap, isPush: \.isPush, alert: \.alert))
    routes = []
    #expect(SwiftUIWriteBack.routes(&routes, for: step(.swipeBack), isPush: \.isPush))
  }

  @Test func aTabSelectionSetsTheSelectedIndex() {
    var selected = 0
    #expect(
      SwiftUIWriteBack.tab(
        &selected, tabs: ["Inbox", "Search"], for: step(.selectTab(tab: "Search"))))
    #expect(selected == 1)
    #expect(
      !SwiftUIWriteBack.tab(
        &selected, tabs: ["Inbox", "Search"], for: step(.selectTab(tab: "Nope"))))
    #expect(!SwiftUIWriteBack.tab(&selected, tabs: ["Inbox", "Search"], for: step(.reselectTab)))
    #expect(selected == 1)
  }
}
