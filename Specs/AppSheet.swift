import NavCheck

/// IceCubesApp's sheets presented by the app, above the tabs (SEMANTICS v3, `Docs/Semantics.md`
/// §11.10): the app router's sheet and the scene's media viewer cover every tab, survive the
/// account switch and cannot appear while a tab presents its own sheet.
///
/// From the source (Dimillian/IceCubesApp): `AppView` attaches
/// `.withSheetDestinations(sheetDestinations: $appRouterPath.presentedSheet)`, a
/// `sheet(item:)`, to the `TabView` itself (`AppView.swift:129-132`), not to a tab's
/// `NavigationStack`; the post intent (and the Post tab) set `appRouterPath.presentedSheet`
/// to the status editor. The `TabView` is rebuilt on an account switch by
/// `.id(appAccountsManager.currentClient.id)` (`AppView.swift:127-128`), and the sheet on it
/// stays up. The scene presents the media viewer with its own
/// `.sheet(item: $quickLook.selectedMediaAttachment)` (`IceCubesApp+Scene.swift:29`): a status
/// opens it from any tab. Here both are presentations on the app (`presenter: .app`) of item
/// sheets: the post intent over the media viewer replaces it, over the editor changes nothing;
/// the editor's account switch keeps the tab and the editor.
///
/// **The bug it carries, on purpose** (`duplicatePresentation`): the Timeline tab's own router
/// presents a sheet (its filter, `RouterPath.presentedSheet` on the tab's stack); a post intent
/// arriving then sets the app's sheet while the window's root already presents: SwiftUI logs
/// "already presenting" and the editor never appears. Shortest trace: open the filter, the post
/// intent.
public let appSheet = NavigationSpec("AppSheet") {
  Module("Main", tabs: ["Timeline", "Notifications"])
  Destination("Timeline") {
    Push("StatusDetail").label("Open post")
    Sheet("TimelineFilter").label("Filter")
  }
  Destination("Notifications") {
    Push("StatusDetail").label("Open mention")
  }
  Destination("StatusDetail") {
    Sheet("MediaViewer", presenter: .app).asItem().label("Open media")
  }
  Destination("TimelineFilter") {
    DismissEnvironment().label("Done")
  }
  Destination("MediaViewer") {
    Dismiss().label("Close")
  }
  Destination("StatusEditor") {
    Dismiss().label("Cancel")
    ShowModule("Main", keepingTab: true).label("Switch account")
  }
  DeepLink("postIntent") { Sheet("StatusEditor", presenter: .app).asItem() }
}
.bounds(maxStackDepth: 2, maxPresentationDepth: 1)
