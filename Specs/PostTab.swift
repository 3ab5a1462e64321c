import NavCheck

/// IceCubesApp's "Post" tab item (SEMANTICS v3, `Docs/Semantics.md` §11.5), signed in, on an
/// iPhone: https://github.com/Dimillian/IceCubesApp, `App/Main/AppView.swift`. Tapping the item
/// selects no tab: `updateTab(with:)` sets `appRouterPath.presentedSheet = .newStatusEditor(…)`
/// and returns, so the status editor comes up over whatever the selected tab shows, and the
/// selection stays.
///
/// - Faithful: the five tabs (Timeline, Notifications, Explore, Links, Profile) and the Post
///   item presenting the editor from any screen of the selected tab; the editor that cannot be
///   swiped down, whose Send closes it at once and whose close button asks through a
///   confirmation dialog (as in the bundled `IceCubes`); a post's Reply opening the editor on the
///   tab's router; the push-notification handler that selects the Notifications tab without
///   closing anything and pushes the post on that tab's router (`IceCubesApp+Scene.swift`,
///   `NotificationTab.swift`); the `@mention` lookup, a `Task` that then pushes the account on
///   the tab's router wherever its top is by then (`Router.swift`, `.actsOn(.stack)`).
///   The editor is presented by the app (`Docs/Semantics.md` §11.10): `appRouterPath` is the
///   app's `RouterPath`, whose `presentedSheet` is a `sheet(item:)` attached to the `TabView`, so
///   the editor covers every tab, is an item of the app's one slot, and is not the tab's Reply
///   sheet.
/// - Approximate: each tab pushes a post and its author only; Links and Profile push nothing.
///   Bounds: stacks of 3 screens, one presentation.
///
/// **What the checker finds** (both `actionFromCoveredScreen`, real behaviour, not invented):
///
/// - The notification arrives while the editor that the Post item opened is up: the handler
///   selects the Notifications tab under the sheet and pushes the post there, where the user
///   does not see it. Shortest trace: tap Post, the notification arrives (2 events).
/// - A mention lookup answers after the editor came up: the account is pushed on the tab's stack
///   behind it. Shortest trace: open a post, tap the mention, tap Reply (or the Post item, as
///   long a trace; Reply comes first in the canonical order), the lookup answers (4 events).
public let postTab = NavigationSpec(
  "PostTab", tabs: ["Timeline", "Notifications", "Explore", "Links", "Profile"]
) {
  // `if newTab == .post { appRouterPath.presentedSheet = .newStatusEditor(…); return }`
  TabButton("Post") { Sheet("Composer", presenter: .app).asItem() }
  Destination("Timeline") { Push("StatusDetail").label("Open post") }
  Destination("Notifications") { Push("StatusDetail").label("Open notification") }
  Destination("Explore")
  Destination("Links")
  Destination("Profile")
  Destination("StatusDetail") {
    Push("AccountDetail").label("Open author")
    Sheet("Composer").label("Reply")
    // A tapped @mention is looked up on the server, then pushed by the tab's router.
    Async("Open mention", actsOn: .stack) {
      Outcome("found") { Push("AccountDetail") }
      Outcome("notFound")
    }
  }
  Destination("AccountDetail")
  Destination("Composer", swipeToDismiss: false) {
    DismissEnvironment().label("Send")
    Alert("Discard post?", style: .confirmationDialog) {
      Button("Delete draft") { DismissEnvironment() }
      Button("Save draft") { DismissEnvironment() }
      Button("Cancel")
    }
  }
  // A push notification selects the notifications tab, and the tab's router pushes the post.
  DeepLink("notification", start: .root) {
    SelectTab("Notifications")
    Push("StatusDetail")
  }
}
.bounds(maxStackDepth: 3, maxPresentationDepth: 1)
