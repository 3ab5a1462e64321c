import NavCheck

let mistakes = NavigationSpec("Mistakes", root: "Home") {
  Push("Detail")
  Destination("Home") {
    "Detail"
  }
  Flow("Steps") { Dismiss() }
}
