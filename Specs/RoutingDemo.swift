import NavCheck

/// The demo app of the "Routing" library (the Router-pattern blog series): a home screen that
/// pushes a detail screen, presents a sheet with its own navigation stack and a full-screen
/// cover; every presented screen has a way back (`router.dismiss()`, `navigateBack()`,
/// `navigateToRoot()`).
///
/// **No bug**: the spec holds — no violation, no trap. It is the clean example the other specs
/// compare against.
public let routingDemo = NavigationSpec("RoutingDemo", root: "Home") {
  Destination("Home") {
    Push("Detail").label("Push")
    Sheet("SheetScreen").label("Sheet")
    FullScreenCover("CoverScreen").label("Cover")
  }
  Destination("Detail") {
    Push("Detail").label("Push another")
    Dismiss().label("Back")
    DismissStack().label("Back to root")
  }
  Destination("SheetScreen") {
    Push("Detail").label("Push in sheet")
    Dismiss().label("Close")
  }
  Destination("CoverScreen", navigation: false) {
    Dismiss().label("Close")
  }
}
.bounds(maxStackDepth: 3, maxPresentationDepth: 1)
