import NavCheck

let mistakes = NavigationSpec("Mistakes", root: "Home") {
  Push("Detail")
  Destination("Home") {
    "Detail"
    TabButton("Post") { Sheet("Composer") }
  }
  Flow("Steps") { Dismiss() }
  TabButton("Post") { Sheet("Composer") }.unlessPending("Send")
}
