import NavCheck

/// IceCubesApp's external events (SEMANTICS v3, `Docs/Semantics.md` §11.1): a status URL that
/// the selected tab's `RouterPath` opens, and a mention notification that `NotificationsTab`
/// pushes on its own router, each acting on a router that belongs to a tab, not to the screen
/// the user is looking at.
///
/// **The bugs it carries, on purpose** (`actionFromCoveredScreen`):
///
/// - "Pushed behind the composer": the user is writing a post (a sheet) when a status URL
///   arrives; the selected tab's router pushes the status under the sheet. Shortest trace: tap
///   'Post', the URL arrives.
/// - "Pushed on a tab the user is not in": a mention arrives while the user reads the
///   timeline; the Notifications tab's router pushes the status on its hidden stack, where the
///   user finds it unasked on switching tabs. Shortest trace: the notification arrives.
///
/// The URL above a pushed status is no bug: the selected tab's router pushes on its top, in
/// plain view (a v2 `root` link would have been flagged there).
public let externalEvents = NavigationSpec(
  "ExternalEvents", tabs: [Screen.timeline, Screen.notifications]
) {
  Destination(Screen.timeline) {
    Push(Screen.status).label("Open")
    Sheet(Screen.composer).label("Post")
  }
  Destination(Screen.notifications) {
    Push(Screen.status).label("Open")
  }
  Destination(Screen.status) {
    Push(Screen.account).label("Author")
  }
  Destination(Screen.account)
  Destination(Screen.composer) {
    Dismiss().label("Cancel")
  }
  DeepLink("statusURL", start: .stack) { Push(Screen.status) }
  DeepLink("mention", tab: Screen.notifications.rawValue) { Push(Screen.status) }
}
.bounds(maxStackDepth: 3, maxPresentationDepth: 1)

/// The app's screens.
private enum Screen: String {
  case timeline = "Timeline"
  case notifications = "Notifications"
  case status = "Status"
  case account = "Account"
  case composer = "Composer"
}
