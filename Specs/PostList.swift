import NavCheck

/// The post list of the coordinator article: a coordinator owns one `NavigationPath` and one
/// `sheet` item; the post list pushes post details, and both screens open a menu sheet; post
/// details prepares a share link in the background and presents the share sheet when it is
/// ready.
///
/// **The bug it carries** (`duplicatePresentation`): the user taps Share on a post, then opens
/// the menu while the link is still being prepared; when the link is ready the coordinator sets
/// its `sheet` to the share sheet while the menu sheet is up — a second sheet from one router,
/// which SwiftUI refuses ("Currently, only presenting a single sheet is supported") or shows in
/// place of the menu. Shortest trace: open a post, start Share, open the menu, Share completes.
///
/// **The fix**: present the share sheet only where nothing is presented (dismiss the menu
/// first, or present the share sheet from the menu's own router), or cancel the preparation
/// when the menu opens.
public let postList = NavigationSpec("PostList", root: "PostList") {
  Destination("PostList") {
    Push("PostDetails").label("Open post")
    Sheet("Menu").label("Menu")
  }
  Destination("PostDetails") {
    Sheet("Menu").label("More")
    // `.task` work: cancelled when the details screen is popped, but not when the menu opens.
    Sheet("ShareSheet").async(cancelsOnDismiss: true).label("Share")
    Dismiss().label("Back")
  }
  Destination("Menu", navigation: false) {
    DismissEnvironment().label("Close")
    Alert("Report") {
      Button("Report") { DismissEnvironment() }
      Button("Cancel")
    }
  }
  Destination("ShareSheet", navigation: false) {
    DismissEnvironment().label("Done")
  }
}
.bounds(maxStackDepth: 3, maxPresentationDepth: 2)
