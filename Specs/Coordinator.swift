import NavCheck

/// A TabView app after "SwiftUI Coordinator, Part 3: Router": each tab has one coordinator that
/// keeps one `NavigationPath` and one sheet item, and the screens of a tab ask that
/// coordinator to navigate. An article loads its comments asynchronously; the completion calls
/// the tab's coordinator, which pushes on the tab's path *as it is when the answer arrives*
/// (`.actsOn(.stack)`), not on the article that asked.
///
/// **The bugs it carries, on purpose** (`actionFromCoveredScreen`):
///
/// - "Pushed behind the sheet": the user opens an article, the comments start loading, the
///   user opens the Share sheet, and the answer arrives: the coordinator appends the comments
///   to the tab's path, under the sheet the user is looking at (the failure alert lands there
///   too). Shortest trace: open the article, start loading, share, loaded.
/// - The same answer while the user is on the Profile tab: the comments are pushed on the
///   Feed tab's hidden path, and the user finds them there, unasked, on coming back.
///
/// Going back while loading is no bug: the work belongs to the tab's coordinator, which
/// outlives the article (no orphan).
///
/// **The fix** (`coordinatorFixed`, which holds every rule): the answer navigates nowhere; it
/// sets a flag, and the article offers its comments once they are loaded
/// (`Push("Comments").when("commentsLoaded")`).
public let coordinator = coordinatorSpec(fixed: false)

/// `coordinator` fixed: the answer sets a flag, and the article offers its comments then.
public let coordinatorFixed = coordinatorSpec(fixed: true)

private func coordinatorSpec(fixed: Bool) -> NavigationSpec {
  NavigationSpec(fixed ? "CoordinatorFixed" : "Coordinator", tabs: [Route.feed, Route.profile]) {
    Flag("commentsLoaded")
    Destination(Route.feed) {
      Push(Route.article).label("Open article")
    }
    Destination(Route.article) {
      if fixed {
        Async("Load comments") {
          Outcome("loaded") { SetFlag("commentsLoaded", true) }
          Outcome("failed") {}
        }
        .actsOn(.stack)
        Push(Route.comments).label("Comments").when("commentsLoaded")
      } else {
        Async("Load comments") {
          Outcome("loaded") { Push(Route.comments) }
          Outcome("failed") { Alert("LoadFailed") }
        }
        .actsOn(.stack)
      }
      Sheet(Route.share).label("Share")
    }
    Destination(Route.comments)
    Destination(Route.share) {
      Dismiss().label("Done")
    }
    Destination(Route.profile) {
      Push(Route.settings).label("Settings")
    }
    Destination(Route.settings)
  }
  .bounds(maxStackDepth: 4, maxPresentationDepth: 1)
}

/// The app's screens.
private enum Route: String {
  case feed = "Feed"
  case article = "Article"
  case comments = "Comments"
  case share = "Share"
  case profile = "Profile"
  case settings = "Settings"
}
