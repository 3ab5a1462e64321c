import NavCheck

let app = NavigationSpec("App", root: "Home") {
  Destination("Home") {
    Pusj("Detail")
  }
  Destination("Detail")
}
