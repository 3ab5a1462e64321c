import NavCheck

/// HEADER-PLACEHOLDER
public let iceCubes = NavigationSpec("IceCubes") {
  Flag("signedIn")
  Module("SignedOut", tabs: [Route.timeline, Route.settings])
  Module("Main", tabs: [Route.timeline, Route.notifications, Route.explore, Route.links, Route.profile])
  tabRoots
  content
  presented
  // A push notification selects the notifications tab, and the tab's router pushes the post.
  DeepLink("notification", start: .root) {
    SelectTab(Route.notifications)
    Push(Route.statusDetail)
  }
  .when("signedIn")
}
.bounds(maxStackDepth: 3, maxPresentationDepth: 2)

/// IceCubes' screens.
private enum Route: String {
  case timeline = "Timeline"
  case notifications = "Notifications"
  case explore = "Explore"
  case links = "Links"
  case profile = "Profile"
  case settings = "Settings"
  case statusDetail = "StatusDetail"
  case accountDetail = "AccountDetail"
  case hashtag = "Hashtag"
  case composer = "Composer"
  case addAccount = "AddAccount"
  case displaySettings = "DisplaySettings"
}

/// The roots of the tabs, signed out and signed in.
@SpecBuilder private var tabRoots: [SpecNode] {
  Destination(Route.timeline) {
    Push(Route.statusDetail).label("Open post")
    Sheet(Route.addAccount).label("Add account").unless("signedIn")
    Sheet(Route.composer).label("New post").when("signedIn")
    Sheet(Route.settings).label("Settings").when("signedIn")
  }
  Destination(Route.notifications) {
    Push(Route.statusDetail).label("Open notification")
    Sheet(Route.composer).label("New post")
  }
  Destination(Route.explore) {
    Push(Route.hashtag).label("Open tag")
  }
  Destination(Route.links)
  Destination(Route.profile) {
    Sheet(Route.settings).label("Settings")
  }
}

/// What the tabs' routers push.
@SpecBuilder private var content: [SpecNode] {
  Destination(Route.statusDetail) {
    Push(Route.accountDetail).label("Open author")
    Sheet(Route.composer).label("Reply").when("signedIn")
    // A tapped @mention is looked up on the server, then pushed by the tab's router.
    Async("Open mention", actsOn: .stack) {
      Outcome("found") { Push(Route.accountDetail) }
      Outcome("notFound")
    }
  }
  Destination(Route.accountDetail) {
    Push(Route.statusDetail).label("Open post")
    Alert("Block user", style: .confirmationDialog) {
      Button("Block")
    }
    .when("signedIn")
  }
  Destination(Route.hashtag)
}

/// The sheets: the composer, settings, adding an account.
@SpecBuilder private var presented: [SpecNode] {
  Destination(Route.composer, swipeToDismiss: false) {
    DismissEnvironment().label("Send")
    Alert("Discard post?", style: .confirmationDialog) {
      Button("Delete draft") { DismissEnvironment() }
      Button("Save draft") { DismissEnvironment() }
      Button("Cancel")
    }
  }
  Destination(Route.settings) {
    Push(Route.displaySettings).label("Display")
    Sheet(Route.addAccount).label("Add account")
    Dismiss().label("Done").when("signedIn")
    Async("Log out", actsOn: .app) {
      Outcome("removed") {
        SetFlag("signedIn", false)
        ShowModule("SignedOut")
      }
    }
    .when("signedIn")
  }
  Destination(Route.displaySettings)
  Destination(Route.addAccount) {
    Async("Sign in") {
      Outcome("ok") {
        SetFlag("signedIn", true)
        ShowModule("Main")
      }
      Outcome("failed")
    }
    Dismiss().label("Cancel")
  }
}
