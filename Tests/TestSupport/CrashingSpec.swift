import NavCheck

/// The spec of `navcheck-crashing-router`, whose router dies on a sheet over a pushed screen;
/// the journal test checks the walk the program leaves against it.
public let crashingSpec = NavigationSpec("Crashing", root: "Home") {
  Destination("Home") {
    Push("Detail")
    Sheet("Compose")
  }
  Destination("Detail") { Sheet("Compose") }
  Destination("Compose") { Dismiss() }
}
