import NavCheck

/// Ice Cubes, the open-source Mastodon client for iOS, modelled from its public source:
/// https://github.com/Dimillian/IceCubesApp at commit 0fc41d2ced2e3e735bd9c42d5ae6dea16e63d618
/// (6 March 2026). Paths below are in that repository.
///
/// **What it models.** The app is one `TabView` (`App/Main/AppView.swift:76-134`) whose tabs
/// depend on the account: signed out, Timeline and Settings (`App/Tabs/Tabs.swift:114-116`,
/// `AppView.swift:55-58`); signed in, on an iPhone, the five default tabs Timeline,
/// Notifications, Explore, Links and Profile (`Tabs.swift:364-368`). The `TabView` carries
/// `.id(appAccountsManager.currentClient.id)` (`AppView.swift:128`), so signing in, adding an
/// account or logging out rebuilds every tab: a `ShowModule`. Each tab owns one `RouterPath`
/// (a `path` and one `presentedSheet`, `Packages/Env/Sources/Env/Router.swift:137-150`), so
/// each tab has its own stack and presents at most one sheet.
///
/// It uses SEMANTICS v3 (`Docs/Semantics.md` §11) where the app does what v3 says: the
/// notification's delayed push as the tab's stack work (§11.2), the composer's conditional swipe
/// (§11.3), the status URL as a broadcast to every tab (§11.7), the account switches keeping the
/// tab (§11.9). `Tests/RealApps/icecubes.json` is the full model (61 destinations), graded in
/// `Docs/RealApps.md`; this one is the bundled example, small enough to check in seconds.
///
/// - Faithful: the two tab sets and the `signedIn` flag; the timeline's Add-account button
///   signed out (`App/Tabs/Timeline/TimelineTab.swift:134-141`) and its composer and account
///   selector signed in (`App/Tabs/ToolbarTab.swift:19-38`, the selector's Settings sheet at
///   `Packages/AppAccount/Sources/AppAccount/AppAccountsSelectorView.swift:195-201`); settings
///   as a tab signed out and as a sheet with Done signed in
///   (`App/Tabs/Settings/SettingsTab.swift:54-61`);
///   the sign-in request in an unstructured `Task` that the sheet's Cancel does not cancel and
///   whose success adds the account and then calls `dismiss()` on the sheet
///   (`App/Tabs/Settings/AddAccountsView.swift:92`, `173-180`, `298-322`); the selected tab kept
///   across signing in and out (`App/Main/IceCubesApp.swift:33`, the `TabView` rebuilt by
///   `.id(currentClient.id)`: `ShowModule(…, keepingTab: true)`); the push-notification
///   handling, which sets `selectedTab = .notifications` without closing anything
///   (`App/Main/IceCubesApp+Scene.swift:44-61`), after which the notifications tab's router
///   pushes the post 0.3 s later, on its top as it is by then (`App/Tabs/NotificationTab.swift:62-76`:
///   `Work("Show notified post", actsOn: .stack)`, started by the link); the `@mention` link,
///   looked up in a `Task` that then calls `navigate(to:)` on the tab's router, wherever its top
///   is by then (`Router.swift:206-214`, `279-293`): `.actsOn(.stack)`, "not found" opens Safari
///   (no navigation); status URLs, which reach the `.onOpenURL` of every tab
///   (`App/Router/SafariRouter.swift:38-45`), each tab's router pushing the post on its own top
///   (`Router.swift:228-238`; signed out, Safari opens it): a `Broadcast`; the composer, whose
///   swipe is disabled once text is typed (`Editor/MainView.swift:114`, `draftDirty`), whose
///   close button asks through a confirmation dialog only then (delete draft, save draft,
///   cancel), and whose Send (enabled once there is text) closes the sheet at once, the post
///   going out in a detached task (`Packages/StatusKit/Sources/StatusKit/Editor/ToolbarItems.swift:67-146`);
///   the block-user confirmation dialog
///   (`Packages/Account/Sources/Account/Detail/Components/AccountDetailToolbar.swift:92-105`;
///   the same toolbar opens the profile tab's settings sheet, line 176).
/// - Approximate: the signed-out timeline presents the Add-account sheet by itself in
///   `.onAppear` (`TimelineTab.swift:72-74`); here the user opens it. Logging out
///   (`SettingsTab.swift:118-121`, `149-159`) is app-level work (`.actsOn(.app)`) with one
///   outcome, and one account only: with a second account the app would stay signed in as it.
///   The Sign-in button stays tappable while signing in, so the app can start a second request;
///   here a pending request cannot be started again. SwiftUI builds a tab's content when it is
///   first selected, so a tab never shown has no `.onOpenURL` yet; here every tab root observes
///   the URL from the start. The posting toasts (said by `Specs/Posting.swift`, §11.4) are left
///   out: with them this model has more than seven times the states. Each tab pushes a few
///   representative screens, not the 27 `RouterDestination`s: a post, its author, a tag; the
///   Links tab pushes nothing (its rows open Safari); the profile tab only opens settings. The
///   account selector also sits in the Notifications and Explore toolbars; only the timeline's
///   is modelled, and only the timeline and a post's detail open the composer (plus the
///   notifications tab). Bounds: stacks of 3 screens, two presentations; 28,308 states.
/// - Not at all: the iPad/Mac sidebar and secondary column, visionOS windows, the app-level
///   `RouterPath` on the `TabView` (the Post tab and the post/image App Intents,
///   `IceCubesApp+Scene.swift:138-160`), the tab intent, the quick-look media sheet, the in-app
///   Safari, reselecting a tab (the app scrolls to top; the checker's `reselectTab` pops, as iOS
///   does by default).
///
/// **What the checker finds** (28,308 states; 80,656 `actionFromCoveredScreen` and 20,020
/// `orphanedCompletion` pairs):
///
/// - `actionFromCoveredScreen`, the `notification` link: sign in, open the composer, a push
///   notification is tapped. `IceCubesApp+Scene.swift:44-61` switches to the notifications tab
///   under the open sheet. A real bug: the user sees nothing until they close the sheet, and
///   then lands in another tab. Fix: close the presented sheet first
///   (`routerPath.presentedSheet = nil` on every tab).
/// - `actionFromCoveredScreen`, the notification's delayed push: the link selects the
///   notifications tab, and the user opens the composer there within the 0.3 s: the post is
///   pushed behind it (`NotificationTab.swift:64-73`). Real, if narrow. Fix: push only when the
///   tab presents nothing, or present the post.
/// - `actionFromCoveredScreen`, the status URL: signed in, on the timeline, a status link
///   arrives. The timeline pushes it in plain view, and the notifications tab's router pushes it
///   too, in a tab the user is not in (and behind the composer, where one is open). Real: the
///   post waits in every other tab the user opens. Fix: handle the URL in one place (the
///   selected tab's router, or the app's).
/// - `actionFromCoveredScreen`, the `@mention` lookup: open a post, tap a mention, switch tab
///   (or open the reply composer) before the search answers. `Router.swift:288-289` appends the
///   account to the tab's path anyway: in a tab the user left, or under the sheet. Real
///   behaviour (the page appears where the user is not looking); a mild bug. Fix: navigate only
///   when the tab is selected and presents nothing, or show the result from the active screen.
/// - `orphanedCompletion`, the sign-in request: start signing in, tap Cancel. The `Task` of
///   `AddAccountsView.swift:178-180` is not cancelled with the sheet; when the server answers,
///   `AddAccountsView.swift:308-312` still adds the account and switches the whole app to it,
///   and `dismiss()` (line 318) acts on a sheet that is gone. Real: a cancelled sign-in still
///   signs in (the `dismiss()` itself is harmless). Fix: keep the task and cancel it on
///   disappear, or check `Task.isCancelled` before adding the account.
/// - `orphanedCompletion`, the `@mention` lookup again: tap a mention, then sign in (or log
///   out, or add an account) before the search answers. The module switch rebuilds the tabs,
///   so the lookup later calls `navigate(to:)` on a `RouterPath` no view uses. Harmless in the
///   real app (the push goes nowhere), so closer to a modelling artefact: the model cannot
///   tell a router that silently drops the push from one that misroutes it.
/// - `orphanedCompletion`, the notification's push: signed in, a log-out under way, a
///   notification arrives, and the log-out completes within the 0.3 s: the `TabView` is rebuilt
///   and the push acts on a `RouterPath` no view uses. Harmless, like the lookup's.
public let iceCubes = NavigationSpec("IceCubes") {
  Flag("signedIn")
  Flag("draftDirty")
  Module("SignedOut", tabs: [Route.timeline, Route.settings])
  Module(
    "Main", tabs: [Route.timeline, Route.notifications, Route.explore, Route.links, Route.profile])
  tabRoots
  content
  presented
  // A push notification selects the notifications tab (the scene, under whatever is open); the
  // tab's router pushes the post 0.3 s later, on that tab's top (`NotificationTab.swift:62-76`).
  DeepLink("notification", start: .root) {
    SelectTab(Route.notifications)
    StartWork("Show notified post", of: Route.notifications.rawValue)
  }
  .when("signedIn")
  // A status URL reaches every tab's `.onOpenURL` (`SafariRouter.swift:38-45`): each tab's router
  // pushes the post on its own top (`Router.swift:228-238`); signed out, Safari opens it.
  Broadcast("status URL") {
    Observer(Route.timeline.rawValue, actsOn: .stack) { Push(Route.statusDetail) }
    Observer(Route.notifications.rawValue, actsOn: .stack) { Push(Route.statusDetail) }
    Observer(Route.explore.rawValue, actsOn: .stack) { Push(Route.statusDetail) }
    Observer(Route.links.rawValue, actsOn: .stack) { Push(Route.statusDetail) }
    Observer(Route.profile.rawValue, actsOn: .stack) { Push(Route.statusDetail) }
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
    Work("Show notified post", actsOn: .stack) {
      Outcome("shown") { Push(Route.statusDetail) }
    }
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
  // Swipe and Close ask first once text is typed (`Editor/MainView.swift:114`,
  // `ToolbarItems.swift:67-101`); Send closes the editor at once (`ToolbarItems.swift:131-145`).
  Destination(Route.composer.rawValue, swipeToDismiss: .unless("draftDirty")) {
    SetFlag("draftDirty", true).label("Type").unless("draftDirty")
    Actions {
      SetFlag("draftDirty", false)
      DismissEnvironment()
    }
    .label("Send").when("draftDirty")
    DismissEnvironment().label("Close").unless("draftDirty")
    Alert("Discard post?", style: .confirmationDialog) {
      Button("Delete draft") {
        SetFlag("draftDirty", false)
        DismissEnvironment()
      }
      Button("Save draft") {
        SetFlag("draftDirty", false)
        DismissEnvironment()
      }
      Button("Cancel")
    }
    .when("draftDirty")
  }
  Destination(Route.settings) {
    Push(Route.displaySettings).label("Display")
    Sheet(Route.addAccount).label("Add account")
    Dismiss().label("Done").when("signedIn")
    Async("Log out", actsOn: .app) {
      Outcome("removed") {
        SetFlag("signedIn", false)
        ShowModule("SignedOut", keepingTab: true)
      }
    }
    .when("signedIn")
  }
  Destination(Route.displaySettings)
  Destination(Route.addAccount) {
    Async("Sign in") {
      Outcome("ok") {
        SetFlag("signedIn", true)
        ShowModule("Main", keepingTab: true)
      }
      Outcome("failed")
    }
    Dismiss().label("Cancel")
  }
}
