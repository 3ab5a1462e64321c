import NavCheck

/// IceCubesApp's posting flow (SEMANTICS v3, `Docs/Semantics.md` §11.4): the editor closes as
/// soon as the user posts, a "Posting" toast stays while the request runs, and the request's
/// outcome replaces it: "Posted", whose tap opens the new status, or "Saved to drafts". The
/// toasts block nothing: the user goes on using the app under them.
///
/// From the source (Dimillian/IceCubesApp at 0fc41d2): `StatusEditor.ToolbarItems.startPosting()`
/// shows the progress toast, calls `close()`, then posts in a `Task`; its result updates the
/// toast (`ToastCenter.update`, gone after 3 s), and the success toast's action is
/// `routerPath.navigate(to: .statusDetailWithStatus(status:))` on the `RouterPath` of the tab the
/// editor was presented from. `ToastOverlayView` is an overlay of each tab's content, so a sheet
/// covers it (`level: .root`). The editor here is opened from the Timeline tab only, whose
/// router the toast's tap then acts on (`tab: "Timeline"`).
///
/// **The bug it carries, on purpose** (`actionFromCoveredScreen`): the user posts, switches to
/// Notifications while the request runs, and taps "Posted": the status is pushed on the Timeline
/// tab, which the user is not in. Shortest trace: new post, post, posted, select Notifications,
/// tap the toast. Closing the editor with the request in flight is no orphan: its outcomes only
/// show toasts, which go through the app's toast centre, not the closed editor's router.
public let posting = NavigationSpec("Posting", tabs: ["Timeline", "Notifications"]) {
  Destination("Timeline") {
    Sheet("Composer").label("New post")
    Push("StatusDetail").label("Open post")
  }
  Destination("Notifications") {
    Push("StatusDetail").label("Open mention")
  }
  Destination("Composer") {
    Actions {
      ShowToast("Posting", expires: false)
      StartWork("Post")
      DismissEnvironment()
    }
    .label("Post")
    Work("Post") {
      Outcome("posted") {
        ShowToast("Posted", tab: "Timeline", level: .root) { Push("StatusDetail") }
      }
      Outcome("failed") { ShowToast("Saved to drafts", level: .root) }
    }
    DismissEnvironment().label("Cancel")
  }
  Destination("StatusDetail")
}
.bounds(maxStackDepth: 2, maxPresentationDepth: 1)
