import NavCheck

// A spec file as an app kept in an Xcode project has it: NavSpecs/App.swift.

enum Route: String {
  case home, detail, compose
}

let app = NavigationSpec("App", root: Route.home) {
  Destination(Route.home) {
    Push(Route.detail)
    Sheet(Route.compose).label("Compose")
  }
  Destination(Route.detail) {
    Push(Route.detail).label("Related")
    DismissEnvironment().label("Close")
  }
  Destination(Route.compose) {
    Dismiss().async().label("Send")
  }
  Invariant("one detail at most") { state in state.count(of: Route.detail) <= 1 }
}
.bounds(maxStackDepth: 3, maxPresentationDepth: 1)

public let settings: NavigationSpec = NavigationSpec("Settings", root: "General") {
  Destination("General") { Push("About") }
  Destination("About")
}
