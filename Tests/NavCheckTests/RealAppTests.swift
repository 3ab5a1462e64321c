import Foundation
import NavCheckTestSupport
import Testing

@testable import NavCheck

/// The project's copy of the IceCubesApp model (`Tests/RealApps/icecubes.json`, graded in
/// `Docs/RealApps.md`), rewritten with SEMANTICS v3 §11.1–§11.9 where the app does what they
/// say. Its own bounds (4/2) are far past what a test explores, so it is checked whole at 1/1
/// (a long test) and its v3 places are replayed at its own bounds. Each expectation is
/// derived from `Docs/Semantics.md`, in the comment above it.
@Suite struct IceCubesModelTests: RealAppModel {
  static let file = "icecubes.json"

  /// The copy with v2's form of the status URL: one `active` link that pushes the status from
  /// the active screen, in place of the broadcast.
  static func withV2URLLink(_ spec: NavigationSpec) -> NavigationSpec {
    var v2 = spec
    v2.broadcasts.removeAll()
    v2.deepLinks.insert(
      DeepLink(
        name: "openStatusURL", start: .active,
        actions: [SequenceAction(.push(destination: "StatusDetail"))]),
      at: 0)
    v2.deepLinks[0].guards = Guards(when: "loggedIn")
    return v2
  }

  /// The selected tab's stack, as destinations, after the last step.
  func selectedStack(_ replay: Replay) -> [String] {
    guard let state = replay.steps.last?.state else { return [] }
    return state.tabs[state.selectedTab].stack.map(\.destination)
  }

  /// The copy reads, is valid, keeps v2's shape (61 destinations, 5 + 2 tabs, 6 links, 4/2)
  /// and writes back to the same spec (the `$comment` notes are not part of it).
  @Test func itReadsIsValidAndRoundTrips() throws {
    let spec = try Self.spec()
    #expect(spec.problems.isEmpty)
    #expect(spec.destinations.count == 61)
    #expect(spec.deepLinks.count == 5)
    #expect(spec.broadcasts.map(\.name) == ["openStatusURL"])
    #expect(
      spec.broadcasts.first?.observers.map(\.destination) == [
        "Timeline", "Notifications", "Explore", "TrendingLinks", "Profile",
      ])
    #expect(spec.bounds == Bounds(maxStackDepth: 4, maxPresentationDepth: 2))
    let written = spec.jsonValue.text()
    #expect(try NavigationSpec(json: Data(written.utf8), file: "icecubes.json") == spec)
  }

  // MARK: §11.1 and §11.2: the push notification

  /// The scene selects the Notifications tab (its first action) while Timeline presents the
  /// composer: §5 `selectTab` with the tab bar not visible (§3: the selected stack's top
  /// presents) is actionFromCoveredScreen, at the link's step.
  @Test func aNotificationSelectsItsTabUnderASheet() throws {
    let replay = try replay([tap("Timeline", "NewPost"), .deepLink("pushNotificationMention")])
    guard case .violation(step: 1, kind: .actionFromCoveredScreen, message: _) = replay.ending
    else {
      Issue.record("\(replay.ending)")
      return
    }
  }

  /// With nothing presented, the link selects Notifications and starts the tab's 0.3 s push,
  /// held by the bottom of the stack it is started from (§11.2, stack work: Notifications'
  /// root); its completion pushes from that stack's top, in plain view.
  @Test func theNotifiedStatusIsPushedOnTheNotificationsTab() throws {
    let replay = try replay([
      .deepLink("pushNotificationMention"),
      .complete(
        screen: "Notifications", transition: .label("ShowNotifiedStatus"), outcome: "shown",
        actsOn: .stack, at: nil),
    ])
    #expect(replay.ending == .state)
    #expect(replay.steps.first?.state?.selectedTab == 1)
    // Stack work held by a stack's bottom is named with its destination (StateView).
    #expect(
      replay.steps.first?.state?.tabs[1].stack.first?.pending == [
        "Notifications.ShowNotifiedStatus"
      ])
    #expect(selectedStack(replay) == ["Notifications", "StatusDetail"])
  }

  /// The real bug of issue 34 item 1: the user opens a sheet from the Notifications tab before
  /// the delayed push runs; the push acts from the stack's top (§1 actsOn `stack`), which
  /// presents the sheet, so it is covered (§5 rule 3): the status lands behind the sheet.
  @Test func theNotifiedStatusLandsBehindASheetOpenedMeanwhile() throws {
    let replay = try replay([
      .deepLink("pushNotificationMention"),
      tap("Notifications", "Bell"),
      .complete(
        screen: "Notifications", transition: .label("ShowNotifiedStatus"), outcome: "shown",
        actsOn: .stack, at: nil),
    ])
    guard case .violation(step: 2, kind: .actionFromCoveredScreen, message: _) = replay.ending
    else {
      Issue.record("\(replay.ending)")
      return
    }
  }

  /// The user switches to another tab before the push: its stack's top is in a tab that is not
  /// selected, so covered (§3): the status lands in a hidden tab.
  @Test func theNotifiedStatusLandsInAHiddenTabAfterASwitch() throws {
    let replay = try replay([
      .deepLink("pushNotificationFollow"),
      .selectTab("Timeline"),
      .complete(
        screen: "Notifications", transition: .label("ShowNotifiedAccount"), outcome: "shown",
        actsOn: .stack, at: nil),
    ])
    guard case .violation(step: 2, kind: .actionFromCoveredScreen, message: _) = replay.ending
    else {
      Issue.record("\(replay.ending)")
      return
    }
  }

  /// The chain for another account's notification: the link switches module and starts app
  /// work; its outcome (from the active screen, §1 actsOn `app`) selects Notifications and
  /// starts the tab's push; that completes onto Notifications. Three events.
  @Test func anotherAccountsNotificationIsAChainOfTwoDelays() throws {
    let spec = try Self.spec()
    var multi = spec
    multi.flags = spec.flags.map { flag in
      var flag = flag
      if flag.name == "multiAccount" { flag.initially = true }
      return flag
    }
    let replay = try multi.replay(
      [
        .deepLink("pushNotificationOtherAccount"),
        .complete(
          screen: "Notifications", transition: .label("ReopenNotificationAfterSwitch"),
          outcome: "switched", actsOn: .app, at: EventReference.app),
        .complete(
          screen: "Notifications", transition: .label("ShowNotifiedStatus"), outcome: "shown",
          actsOn: .stack, at: nil),
      ], trapLimit: 0)
    #expect(replay.ending == .state)
    #expect(replay.steps.first?.state?.appPending == ["ReopenNotificationAfterSwitch"])
    #expect(replay.steps.first?.state?.selectedTab == 0)
    #expect(selectedStack(replay) == ["Notifications", "StatusDetail"])
  }

  // MARK: §11.1: a URL on the selected tab's router

  /// The URL is a broadcast (§11.7) observed by the five tab roots, each on its stack's top:
  /// from the first state Timeline, the selected tab, pushes the status in plain view, then
  /// Notifications pushes it onto its hidden tab: covered (§3: a screen of a tab that is not
  /// selected), so the event is actionFromCoveredScreen at the Notifications observer, the
  /// second in pre-order. Under the copy's earlier `stack` link the same URL pushed onto the
  /// selected tab alone, in plain view.
  @Test func aStatusURLIsPushedOnEveryTab() throws {
    let replay = try replay([.broadcast("openStatusURL")])
    guard case .violation(step: 0, kind: .actionFromCoveredScreen, let message) = replay.ending
    else {
      Issue.record("\(replay.ending)")
      return
    }
    // The event's words stop at the observer that broke the rule: Timeline's push went through.
    #expect(
      message.hasPrefix(
        "broadcast 'openStatusURL' arrives → Timeline: push StatusDetail (on the stack's top); "
          + "Notifications: push StatusDetail (on the stack's top): the screen it acts from is covered"
      ))
  }

  /// Under the composer the first observer's push already lands behind it: Timeline's top
  /// presents, so covered (§11.7 observers act on their stacks' tops, §3). v2's `active` link
  /// pushed inside the composer, which has no navigation (pushWithoutNavigation, a false alarm:
  /// the app's routers are the tabs').
  @Test func aStatusURLUnderTheComposerIsCoveredNotPushedInside() throws {
    let events: [EventReference] = [tap("Timeline", "NewPost"), .broadcast("openStatusURL")]
    guard
      case .violation(step: 1, kind: .actionFromCoveredScreen, let message) = try replay(events)
        .ending
    else {
      Issue.record("broadcast under the composer")
      return
    }
    #expect(message.contains("Timeline"))
    let v2Events: [EventReference] = [tap("Timeline", "NewPost"), .deepLink("openStatusURL")]
    guard
      case .violation(step: 1, kind: .pushWithoutNavigation, message: _) = try Self.withV2URLLink(
        Self.spec()
      ).replay(v2Events, trapLimit: 0).ending
    else {
      Issue.record("v2's active link no longer pushes inside the composer")
      return
    }
  }

  // MARK: §11.10: the app's presenter

  /// The post intent sets `appRouterPath.presentedSheet`, the app's `sheet(item:)` on the
  /// `TabView`: §11.10 rule 3 presents the composer on the app, above the tabs, the selected
  /// stack untouched (v2's nested sheet, the copy's earlier `stack` sheet, are gone).
  @Test func thePostIntentPresentsOnTheApp() throws {
    let replay = try replay([tap("Timeline", "OpenStatus"), .deepLink("postIntent")])
    #expect(replay.ending == .state)
    let state = try #require(replay.steps.last?.state)
    #expect(state.appPresents)
    #expect(state.environments.count == 2)
    #expect(state.environments.last?.stack.map(\.destination) == ["Composer"])
    #expect(selectedStack(replay) == ["Timeline", "StatusDetail"])
  }

  /// With the tab's own composer up, the window's root is already presenting: §11.10 rule 2,
  /// duplicatePresentation (the app's sheet does not appear), not actionFromCoveredScreen.
  @Test func thePostIntentDoesNotAppearOverATabsSheet() throws {
    let replay = try replay([tap("Timeline", "NewPost"), .deepLink("postIntent")])
    guard case .violation(step: 1, kind: .duplicatePresentation, message: _) = replay.ending
    else {
      Issue.record("\(replay.ending)")
      return
    }
  }

  /// The media viewer is the scene's `sheet(item:)`: from a bare tab it presents on the app
  /// (§11.10 rule 3), above the tabs, the tab's stack untouched.
  @Test func theMediaViewerIsTheAppsItem() throws {
    let open = try replay([tap("Timeline", "OpenMedia")])
    #expect(open.ending == .state)
    #expect(open.steps.last?.state?.appPresents == true)
    #expect(open.steps.last?.state?.environments.last?.stack.map(\.destination) == ["MediaViewer"])
    #expect(selectedStack(open) == ["Timeline"])
  }

  /// An account switch for a notification of the other account (a `showModule`) while the app's
  /// composer is up: the `TabView` is rebuilt under it and the composer stays (§11.10, kept by
  /// `showModule`); the delayed re-handling then selects the Notifications tab under it, a tab
  /// switch under a sheet (actionFromCoveredScreen, §3: the app presents, the tab bar is hidden).
  @Test func anAccountSwitchKeepsTheAppsComposer() throws {
    var spec = try Self.spec()
    let multi = try #require(spec.flags.firstIndex { $0.name == "multiAccount" })
    spec.flags[multi].initially = true
    let events: [EventReference] = [
      .deepLink("postIntent"), .deepLink("pushNotificationOtherAccount"),
    ]
    let switched = try spec.replay(events, trapLimit: 0)
    #expect(switched.ending == .state)
    let state = try #require(switched.steps.last?.state)
    #expect(state.appPresents)
    #expect(state.environments.last?.stack.map(\.destination) == ["Composer"])
    let reopen: EventReference = .complete(
      screen: "Notifications", transition: .label("ReopenNotificationAfterSwitch"),
      outcome: "switched", actsOn: .app, at: EventReference.app)
    guard
      case .violation(step: 2, kind: .actionFromCoveredScreen, message: _) = try spec.replay(
        events + [reopen], trapLimit: 0
      ).ending
    else {
      Issue.record("the re-handling's tab selection under the app's composer")
      return
    }
  }

  // MARK: §11.11: the signed-out timeline's onAppear

  /// Signed out, the timeline presents the add-account sheet each time it appears
  /// (`TimelineTab.swift:62-74`, §11.11). Logging out from the Profile tab's settings switches
  /// to the signed-out module keeping the tab, which it lacks, so on its first tab (§11.9): the
  /// new Timeline root appears and presents the sheet, in the same step. Dismissed, then left
  /// for the Settings tab and selected again, it appears again and presents it again.
  @Test func signedOutTheTimelinePresentsAddAccountEachTimeItAppears() throws {
    let logOut: [EventReference] = [
      .selectTab("Profile"), tap("Profile", "Settings"), tap("SettingsSheet", "CurrentAccountRow"),
      tap("AccountSettings", "Logout"),
      .complete(
        screen: "AccountSettings", transition: .label("Logout"), outcome: "loggedOut",
        actsOn: .screen, at: nil),
    ]
    let out = try replay(logOut)
    #expect(out.ending == .state)
    #expect(
      out.steps.last?.description.hasSuffix("; then Timeline appears: sheet AddAccount (item)")
        == true)
    #expect(out.steps.last?.state?.selectedTab == 0)
    #expect(out.steps.last?.state?.environments.last?.stack.map(\.destination) == ["AddAccount"])
    let again = try replay(
      logOut + [.gesture(.swipeDown), .selectTab("SettingsTab"), .selectTab("Timeline")])
    #expect(again.ending == .state)
    #expect(
      again.steps.last?.description
        == "user selects tab 'Timeline'; then Timeline appears: sheet AddAccount (item)")
  }

  // MARK: §11.3 and §11.2: the composer

  /// `swipeToDismiss: {unless: draftDirty}` (§11.3): a fresh composer can be swiped down;
  /// once text is typed (draftDirty set) the swipe is no event.
  @Test func theComposerSwipesOnlyWhileItsDraftIsClean() throws {
    let clean = try replay([tap("Timeline", "NewPost"), .gesture(.swipeDown)])
    #expect(clean.ending == .state)
    #expect(selectedStack(clean) == ["Timeline"])
    #expect(clean.steps.last?.state?.depth == 0)
    let dirty = try replay([
      tap("Timeline", "NewPost"), tap("Composer", "TypeText"), .gesture(.swipeDown),
    ])
    guard case .impossible(step: 2, reason: _) = dirty.ending else {
      Issue.record("\(dirty.ending)")
      return
    }
  }

  /// Send shows the "Posting" toast, closes the composer at once and the request outlives it
  /// (§11.2 `start` of app work): after the tap nothing is presented and the app holds the
  /// request; its failure replaces the toast by "SavedToDrafts" (§11.4: one toast, replaced).
  @Test func sendClosesTheComposerAndThePostOutlivesIt() throws {
    let replay = try replay([
      tap("Timeline", "NewPost"), tap("Composer", "TypeText"), tap("Composer", "Post"),
      .complete(
        screen: "Composer", transition: .label("PostRequest"), outcome: "failed", actsOn: .app,
        at: EventReference.app),
    ])
    #expect(replay.ending == .state)
    let afterSend = replay.steps[2].state
    #expect(afterSend?.depth == 0)
    #expect(afterSend?.appPending == ["PostRequest"])
    #expect(afterSend?.flags.contains("draftDirty") == false)
    #expect(afterSend?.toast == "Posting")
    #expect(replay.steps.last?.state?.appPending == [])
    #expect(replay.steps.last?.state?.toast == "SavedToDrafts")
  }

  /// "Posted" is drawn on the tabs' content (`level: root`): under a sheet opened meanwhile it
  /// cannot be tapped (§11.4 tapToast needs the root environment active); with nothing
  /// presented its tap closes it and pushes the status on the selected tab's top (`start:
  /// stack`), in plain view.
  @Test func thePostedToastOpensThePostOnTheSelectedTab() throws {
    let posted: [EventReference] = [
      tap("Timeline", "NewPost"), tap("Composer", "TypeText"), tap("Composer", "Post"),
      .complete(
        screen: "Composer", transition: .label("PostRequest"), outcome: "posted", actsOn: .app,
        at: EventReference.app),
    ]
    let underSheet = try replay(posted + [tap("Timeline", "NewPost"), .tapToast("Posted")])
    guard case .impossible(step: 5, reason: _) = underSheet.ending else {
      Issue.record("\(underSheet.ending)")
      return
    }
    let tapped = try replay(posted + [.tapToast("Posted")])
    #expect(tapped.ending == .state)
    #expect(tapped.steps.last?.state?.toast == nil)
    #expect(selectedStack(tapped) == ["Timeline", "StatusDetail"])
  }

  /// The language dialog's buttons start the post (§11.2 `start` from a dialog's button,
  /// performed from the composer that shows the dialog), then close the composer.
  @Test func aLanguageButtonStartsThePost() throws {
    let replay = try replay([
      tap("Timeline", "NewPost"), tap("Composer", "TypeText"),
      tap("Composer", "PostWithLanguageCheck"), .alertButton("UseDetected"),
    ])
    #expect(replay.ending == .state)
    #expect(replay.steps.last?.state?.depth == 0)
    #expect(replay.steps.last?.state?.appPending == ["PostRequest"])
  }

  // MARK: The sign-in, as the app has it

  /// The add-account sheet's Cancel only dismisses (the app does not cancel the sign-in task),
  /// so the pending sign-in, held by the sheet's screen and acting through it, is orphaned when
  /// the sheet goes (§5 Orphans): the app's real finding, kept.
  @Test func cancellingTheAddAccountSheetStillOrphansTheSignIn() throws {
    let replay = try replay([
      tap("Timeline", "Avatar"), tap("AccountsSelector", "AddAccount"),
      tap("AddAccount", "SignInAnother"), tap("AddAccount", "Cancel"),
    ])
    guard case .violation(step: 3, kind: .orphanedCompletion, message: _) = replay.ending else {
      Issue.record("\(replay.ending)")
      return
    }
  }

  // MARK: The whole model at 1/1

  /// At 1/1 no screen can be pushed, so what remains is the tabs, one presentation, alerts,
  /// flags and pending work. The v3 places show: the notification's tab selection under a
  /// sheet and the status URL's push onto a hidden tab or behind a sheet (both
  /// actionFromCoveredScreen; where Timeline is selected and bare, its observer's push is pruned
  /// by the bound first), the orphaned sign-in; and none of v2's
  /// pushWithoutNavigation, which only the `active` URL link gave (inside the composer and the
  /// other sheets without navigation). Two checks of 262,416 states: about four minutes in a
  /// debug build, so a long test.
  @Test(.long) func theWholeModelChecksAtOneOne() throws {
    var spec = try Self.spec()
    spec.bounds = Bounds(maxStackDepth: 1, maxPresentationDepth: 1)
    let result = try check(spec)
    #expect(result.complete)
    #expect(result.violationCounts[.pushWithoutNavigation] == nil)
    let covered = result.violations.filter { $0.kind == .actionFromCoveredScreen }
    #expect(
      covered.contains {
        $0.trace.last?.description.contains("pushNotificationMention") == true
      })
    #expect(result.violationCounts[.orphanedCompletion, default: 0] > 0)
    #expect(
      covered.contains {
        $0.trace.last?.description.contains("openStatusURL") == true
      })
    #expect(
      try check(Self.withV2URLLink(spec)).violationCounts[.pushWithoutNavigation, default: 0] > 0)
  }
}
