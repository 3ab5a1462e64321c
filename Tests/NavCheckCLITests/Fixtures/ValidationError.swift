import NavCheck

let app = NavigationSpec("App", root: "Home") {
  Destination("Home") {
    Push("Detial")
  }
  Destination("Detail")
}
