import NavCheck

/// IceCubesApp's status URLs (SEMANTICS v3, `Docs/Semantics.md` §11.7): a status link is handled
/// by every loaded tab's router, not by the tab the user is in.
///
/// From the source (Dimillian/IceCubesApp at 0fc41d2): `withSafariRouter()` attaches
/// `.onOpenURL` to each tab's `NavigationStack` (`SafariRouter.swift:38`, applied at
/// `TimelineTab.swift:116`, `NotificationTab.swift:57`, …), and its handler calls the tab's own
/// `RouterPath.handle(url:)`, which navigates to the status. SwiftUI delivers the URL to every
/// `onOpenURL` in the view hierarchy, the hidden tabs' included: every tab's router pushes the
/// status. Here the URL is a broadcast whose observers are the tab roots, each acting on its
/// stack's top (`actsOn: .stack`, the tab's `RouterPath`). The editor is opened from the Timeline
/// tab.
///
/// **The bug it carries, on purpose** (`actionFromCoveredScreen`): the status is pushed onto the
/// tab the user is not in (one event from the first state: Timeline pushes it in plain view,
/// Notifications in its hidden tab), and onto Timeline behind the editor's sheet.
public let urlBroadcast = NavigationSpec("URLBroadcast", tabs: ["Timeline", "Notifications"]) {
  Destination("Timeline") {
    Push("StatusDetail").label("Open post")
    Sheet("Composer").label("New post")
  }
  Destination("Notifications") {
    Push("StatusDetail").label("Open mention")
  }
  Destination("StatusDetail")
  Destination("Composer") {
    DismissEnvironment().label("Cancel")
  }
  Broadcast("openURL") {
    Observer("Timeline", actsOn: .stack) { Push("StatusDetail") }
    Observer("Notifications", actsOn: .stack) { Push("StatusDetail") }
  }
}
.bounds(maxStackDepth: 3, maxPresentationDepth: 1)
