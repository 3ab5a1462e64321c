import NavCheck

/// IceCubesApp's sheet slot (SEMANTICS v3, `Docs/Semantics.md` §11.6): a tab's `RouterPath`
/// presents its sheets through one `presentedSheet` item (`.sheet(item:)`), and every status
/// editor it presents (new, reply, quote, prefilled) has the same identity, `"statusEditor"`
/// (`SheetDestination.id`, `Packages/Env/Sources/Env/Router.swift:87-91`, at
/// Dimillian/IceCubesApp 0fc41d2). So asking for the editor while it is shown changes nothing,
/// and asking for it while the settings sheet is shown replaces that sheet.
///
/// The post intent (`IceCubesApp+Scene.swift:146`, "post" from Shortcuts or Siri) sets the
/// editor; it is modelled on the selected tab's router (`start: .stack`), where the app sets the
/// app router's slot over the `TabView` (a second slot, not said yet).
///
/// No bug: without `.asItem()`, the intent arriving while the editor or the settings are shown
/// would be three false duplicatePresentation findings (the editor over the editor, over the
/// settings, over the reply's editor).
public let editorSlot = NavigationSpec("EditorSlot", root: "Timeline") {
  Destination("Timeline") {
    Sheet("Composer").asItem().label("New post")
    Sheet("Settings").asItem().label("Settings")
    Push("StatusDetail").label("Open post")
  }
  Destination("StatusDetail") {
    Sheet("Composer").asItem().label("Reply")
  }
  Destination("Composer")
  Destination("Settings")
  DeepLink("postIntent", start: .stack) { Sheet("Composer").asItem() }
}
.bounds(maxStackDepth: 2, maxPresentationDepth: 1)
