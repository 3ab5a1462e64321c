import NavCheck

func makeSpec() -> NavigationSpec {
  NavigationSpec("App", root: "Home") { Destination("Home") }
}
