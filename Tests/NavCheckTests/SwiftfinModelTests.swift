import Foundation
import NavCheckTestSupport
import Testing

@testable import NavCheck

/// The model of Swiftfin's iOS navigation (`Tests/RealApps/swiftfin.json`, graded in
/// `Docs/RealApps.md`, "# Swiftfin"), jellyfin/Swiftfin at
/// 3944680cf13d7c2c6bb8658ab8d79c151a4b045e. Its own bounds (6/3) are far past what a test
/// explores, so its places are replayed at its own bounds and the whole model is checked at 1/1
/// (a few seconds in a debug build). Each expectation is derived from the app's source, named in
/// the comment above it (paths relative to the app's repository), and from `Docs/Semantics.md`.
@Suite struct SwiftfinModelTests: RealAppModel {
  static let file = "swiftfin.json"

  func complete(
    _ screen: String, _ work: String, _ outcome: String, actsOn: ActsOn = .screen,
    at: Int? = nil
  ) -> EventReference {
    .complete(screen: screen, transition: .label(work), outcome: outcome, actsOn: actsOn, at: at)
  }

  /// The tab's stack, as destinations, after the last step.
  func stack(_ replay: Replay, tab: Int) -> [String] {
    guard let state = replay.steps.last?.state, tab < state.tabs.count else { return [] }
    return state.tabs[tab].stack.map(\.destination)
  }

  /// A first server connected (ConnectToServerView.swift:37-40), a saved user without an access
  /// policy tapped (SelectUserView.swift:129-145) and signed in: the signed-in tabs
  /// (UserSessionRootView.swift:30-34), the first tab selected (TabCoordinator.swift:46).
  var signIn: [EventReference] {
    [
      tap("SelectUser", "ConnectToServer"), tap("ConnectToServer", "Connect"),
      complete("ConnectToServer", "Connect", "connected"),
      tap("SelectUser", "SelectUser"),
      complete("SelectUser", "SignInWithPin", "signedIn", actsOn: .stack),
    ]
  }

  /// The copy reads and is valid, starts signed out at SelectUser (UserSessionRootView.swift:26-29)
  /// with the iOS tabs of the signed-in module (MainTabView.swift:28-32), and writes back to the
  /// same spec (its `$comment` notes are not part of it).
  @Test func itReadsIsValidAndRoundTrips() throws {
    let spec = try Self.spec()
    #expect(spec.problems.isEmpty)
    #expect(spec.modules.map(\.name) == ["SignedOut", "SignedIn"])
    #expect(spec.modules.first?.root == "SelectUser")
    #expect(spec.modules.last?.tabs == ["Home", "Search", "Media"])
    let written = spec.jsonValue.text()
    #expect(try NavigationSpec(json: Data(written.utf8), file: "swiftfin.json") == spec)
  }

  /// Every destination and every transition names the source it models (the brief's rule, kept
  /// by the file, not by the reader, which ignores `$comment`): a `.swift` file, or, for the
  /// grouped pages and the admin sheets, the file of each page the group stands for.
  @Test func everyPlaceNamesItsSource() throws {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.url))
    let destinations = try #require((object as? [String: Any])?["destinations"] as? [[String: Any]])
    var unnamed: [String] = []
    for destination in destinations {
      let name = destination["name"] as? String ?? "?"
      if (destination["$comment"] as? String)?.isEmpty != false { unnamed.append(name) }
      for (index, transition) in (destination["transitions"] as? [[String: Any]] ?? []).enumerated()
      where (transition["$comment"] as? String)?.isEmpty != false {
        unnamed.append("\(name).transitions[\(index)]")
      }
    }
    #expect(unnamed.isEmpty, "\(unnamed)")
    let text = try String(contentsOf: Self.url, encoding: .utf8)
    // §11.10 is not built in this checkout: the model must not use it (Docs/RealApps.md lists
    // where it would apply).
    #expect(!text.contains("\"presenter\""))
  }

  // MARK: The sign-in sheet (§11.3, §11.2)

  /// UserSignInView.swift:302-304 disables Close and :336 the swipe while `state == .signingIn`
  /// (the sign-in request, UserSignInViewModel.swift:69-70 `.loop(.signingIn)`): neither is an
  /// event while SignIn is pending (§11.3 `unlessPending`, the Close's guard).
  @Test func theSignInSheetCannotBeClosedWhileSigningIn() throws {
    let open = signIn.prefix(3) + [tap("SelectUser", "AddUser"), tap("UserSignIn", "SignIn")]
    for close in [tap("UserSignIn", "Close"), EventReference.gesture(.swipeDown)] {
      let replay = try replay(Array(open) + [close])
      guard case .impossible(step: 5, reason: _) = replay.ending else {
        Issue.record("\(close): \(replay.ending)")
        continue
      }
    }
  }

  /// The real gap: the save that follows a connected sign-in (UserSignInView.swift:56-69,
  /// UserSignInViewModel.swift:188-240) is no `.signingIn` state (`.save` transitions `.none`,
  /// :65-66), so Close and the swipe are enabled while it runs. Closing then removes the sheet's
  /// stack, which holds the save (§2: stack work, held by its bottom), while it is pending: the
  /// `.saved` event's handler (UserSignInView.swift:73-81, which signs the user in) is gone with
  /// the view, so the saved user is never signed in: orphanedCompletion (§5), at the close.
  @Test func closingTheSignInSheetWhileSavingOrphansTheSave() throws {
    let saving =
      Array(signIn.prefix(3)) + [
        tap("SelectUser", "AddUser"), tap("UserSignIn", "SignIn"),
        complete("UserSignIn", "SignIn", "connected", actsOn: .stack),
      ]
    for close in [tap("UserSignIn", "Close"), EventReference.gesture(.swipeDown)] {
      let replay = try replay(saving + [close])
      guard
        case .violation(step: 6, kind: .orphanedCompletion, message: let message) = replay.ending
      else {
        Issue.record("\(close): \(replay.ending)")
        continue
      }
      #expect(message.contains("'Save'"))
    }
  }

  /// The sheet's PIN alert is its own (the route wraps the view in its own
  /// WithUserAuthentication, NavigationRoute+User.swift:52-54): a screen alert of UserSignIn, not
  /// a window prompt. Done resumes the save (SavePin), whose success switches to the signed-in
  /// root (UserSignInView.swift:73-81): the Home tab, the sheet torn down with the module.
  @Test func theSignInSheetsPinIsItsOwnAlertAndDoneSignsIn() throws {
    let replay = try replay(
      Array(signIn.prefix(3)) + [
        tap("SelectUser", "AddUser"), tap("UserSignIn", "SignIn"),
        complete("UserSignIn", "SignIn", "connected", actsOn: .stack),
        complete("UserSignIn", "Save", "pin", actsOn: .stack),
        .alertButton("Done"),
        complete("UserSignIn", "SavePin", "saved", actsOn: .stack),
      ])
    #expect(replay.ending == .state)
    let pinShown = replay.steps[6].state
    #expect(pinShown?.prompt == nil)
    #expect(pinShown?.activeScreen.alert == "PIN")
    #expect(replay.steps.last?.state?.module == "SignedIn")
    #expect(replay.steps.last?.state?.depth == 0)
    #expect(stack(replay, tab: 0) == ["Home"])
  }

  // MARK: The app-level PIN prompt (§11.8)

  /// Tapping a saved user with a PIN policy shows the app-level alert (SwiftfinApp.swift:31,
  /// WithUserAuthentication.swift:92-111) above every screen (§11.8): the state's prompt, and no
  /// screen's alert; while it shows, SelectUser's own transitions are no events.
  @Test func aUsersPinIsAWindowPromptThatTakesEveryTouch() throws {
    let connected = Array(signIn.prefix(3))
    let shown = try replay(connected + [tap("SelectUser", "SelectUserWithPin")])
    #expect(shown.ending == .state)
    #expect(shown.steps.last?.state?.prompt == "PIN")
    #expect(shown.steps.last?.state?.activeScreen.alert == nil)
    let blocked = try replay(
      connected + [tap("SelectUser", "SelectUserWithPin"), tap("SelectUser", "AddUser")])
    guard case .impossible(step: 4, reason: _) = blocked.ending else {
      Issue.record("\(blocked.ending)")
      return
    }
  }

  /// WithUserAuthentication keeps one alert and one continuation (:35-40, 50-56): a URL for a
  /// user with a PIN (UserSessionManager.swift:157-161, the same app-level action) arriving while
  /// that prompt shows asks for a second one, which SwiftUI does not show (and the first
  /// continuation is overwritten): duplicateAlert (§11.8 decision 7), at the link.
  @Test func aLinksPinWhileAUsersPinShowsIsDuplicateAlert() throws {
    let replay = try replay(
      Array(signIn.prefix(3)) + [
        tap("SelectUser", "SelectUserWithPin"), .deepLink("openItemURLOtherUserPin"),
      ])
    guard case .violation(step: 4, kind: .duplicateAlert, message: _) = replay.ending else {
      Issue.record("\(replay.ending)")
      return
    }
  }

  // MARK: The tab coordinator's routes (§11.1)

  /// A URL for the signed-in user is pushed by TabCoordinator.route (TabCoordinator.swift:49-52)
  /// on the selected tab's coordinator (`stack`, §11.1): on the Search tab when it is selected,
  /// above what it shows (an item already pushed there: v2's `root` link would act from the
  /// tab's root, under the pushed item, and be covered).
  @Test func aURLPushesOnTheSelectedTab() throws {
    let replay = try replay(
      signIn + [.selectTab("Search"), tap("Search", "OpenItem"), .deepLink("openItemURL")])
    #expect(replay.ending == .state)
    #expect(stack(replay, tab: 1) == ["Search", "Item", "Item"])
    #expect(stack(replay, tab: 0) == ["Home"])
  }

  /// NavigationCoordinator.push appends to `path` whatever `presentedSheet` holds
  /// (NavigationCoordinator.swift:54-56): with the settings sheet up on the Home tab
  /// (MainTabView.swift:133), the item is pushed behind it: actionFromCoveredScreen, at the link.
  @Test func aURLUnderTheSettingsSheetLandsBehindIt() throws {
    let replay = try replay(signIn + [tap("Home", "Settings"), .deepLink("openItemURL")])
    guard case .violation(step: 6, kind: .actionFromCoveredScreen, message: _) = replay.ending
    else {
      Issue.record("\(replay.ending)")
      return
    }
  }

  /// A remote Play (UserSessionManager+SocketCommands.swift:154-190) routes `.videoPlayer` to the
  /// selected tab's `presentedFullScreen` while its `presentedSheet` shows Settings: two
  /// presentations asked of one coordinator's view (NavigationInjectionView.swift:77-112), the
  /// second does not appear: duplicatePresentation (§11.6: a cover is another slot than a sheet).
  @Test func aRemotePlayOverASheetIsDuplicatePresentation() throws {
    let replay = try replay(
      signIn + [
        .deepLink("remotePlay"), tap("Home", "Settings"),
        complete("Home", "RemotePlayFetch", "present", actsOn: .stack),
      ])
    guard case .violation(step: 7, kind: .duplicatePresentation, message: _) = replay.ending else {
      Issue.record("\(replay.ending)")
      return
    }
  }

  // MARK: Settings and the admin dashboard

  /// ResetUserPasswordView.swift:116 disables the swipe while resetting (§11.3), but its close
  /// button is not disabled (:120-122): closing the sheet while the reset runs removes the screen
  /// whose `.success` handler (:130-138) would show the confirmation: orphanedCompletion.
  @Test func closingThePasswordSheetWhileResettingOrphansTheReset() throws {
    let resetting =
      signIn + [
        tap("Home", "Settings"), tap("Settings", "User"), tap("LocalUserSettings", "Password"),
        tap("ResetUserPassword", "Reset"),
      ]
    let swipe = try replay(resetting + [.gesture(.swipeDown)])
    guard case .impossible(step: 9, reason: _) = swipe.ending else {
      Issue.record("\(swipe.ending)")
      return
    }
    let cancel = try replay(resetting + [tap("ResetUserPassword", "Cancel")])
    guard case .violation(step: 9, kind: .orphanedCompletion, message: _) = cancel.ending else {
      Issue.record("\(cancel.ending)")
      return
    }
  }

  /// A new server user (AddServerUserView.swift:105-112) closes its sheet, and the users list,
  /// on didAddServerUser, pushes the new user's page (ServerUsersView.swift:158-161): the
  /// settings sheet's stack ends with the list and the user's page, nothing presented above it.
  /// The administrator's pages are pushed in the settings sheet (SettingsView.swift:79-84,
  /// AdminDashboardView.swift:38): five deep with the user's page, within the model's bounds.
  @Test func aNewServerUserOpensItsPageOnTheList() throws {
    let replay = try replay(
      signIn + [
        tap("Home", "Settings"), tap("Settings", "Dashboard"), tap("AdminDashboard", "Users"),
        tap("Users", "AddUser"), tap("AddServerUser", "Create"),
        complete("AddServerUser", "Create", "created"), tap("UserDetails", "AccessTags"),
      ])
    #expect(replay.ending == .state)
    let created = try #require(replay.steps[10].state)
    #expect(created.depth == 1)
    #expect(
      created.environments.last?.stack.map(\.destination) == [
        "Settings", "AdminDashboard", "Users", "UserDetails",
      ])
  }

  // MARK: The item deleted (§11.7, §11.2)

  /// ItemEditorViewModel.delete (ItemEditorViewModel.swift:71-79) posts didDeleteItem, and every
  /// live item page's edit menu calls router.dismiss() on it without looking at the id
  /// (EditItemMenu.swift:68-73): an item page open on another tab is popped too. The request
  /// is started by the dialog's Confirm (ItemEditorView.swift:101-110, §11.2) and is the menu's
  /// view model's, so it outlives the editor sheet: swiping the editor away is no orphan (its
  /// outcome only sets a flag: router-free, §5). The broadcast then pops both item pages.
  @Test func aDeletedItemPopsEveryItemPageEvenOnAnotherTab() throws {
    let replay = try replay(
      signIn + [
        tap("Home", "OpenItem"), .selectTab("Search"), tap("Search", "OpenItem"),
        tap("Item", "Edit"), tap("ItemEditor", "Delete"), .alertButton("Confirm"),
        .gesture(.swipeDown),
        complete("ItemEditor", "DeleteItem", "deleted", at: EventReference.app),
        .broadcast("didDeleteItem"),
      ])
    #expect(replay.ending == .state)
    #expect(stack(replay, tab: 0) == ["Home"])
    #expect(stack(replay, tab: 1) == ["Search"])
    #expect(replay.steps.last?.state?.flags.contains("itemDeleted") == false)
  }

  // MARK: The player (full screen)

  /// The full-screen presentation is interactive only while the overlay shows without a
  /// supplement (VideoPlayerContainerState.swift:74-92 → VideoPlayer.swift:91-94 →
  /// NavigationInjectionView.swift:103-105): no swipe right after Play; after a tap shows the
  /// overlay it dismisses the player; with a supplement open it does not exist.
  @Test func thePlayerSwipesDownOnlyWithItsOverlay() throws {
    let playing = signIn + [tap("Home", "OpenItem"), tap("Item", "Play")]
    let bare = try replay(playing + [tap("VideoPlayer", "SwipeDown")])
    guard case .impossible(step: 7, reason: _) = bare.ending else {
      Issue.record("\(bare.ending)")
      return
    }
    let overlay = try replay(
      playing + [tap("VideoPlayer", "ShowOverlay"), tap("VideoPlayer", "SwipeDown")])
    #expect(overlay.ending == .state)
    #expect(overlay.steps.last?.state?.depth == 0)
    #expect(overlay.steps.last?.state?.flags.contains("playerOverlay") == false)
    let supplement = try replay(
      playing + [
        tap("VideoPlayer", "ShowOverlay"), tap("VideoPlayer", "OpenSupplement"),
        tap("VideoPlayer", "SwipeDown"),
      ])
    guard case .impossible(step: 9, reason: _) = supplement.ending else {
      Issue.record("\(supplement.ending)")
      return
    }
  }

  // MARK: The whole model at 1/1

  /// At 1/1 nothing is pushed: the roots, one presentation, alerts, the window prompt, flags and
  /// pending work. Derived from the places above: the sign-in sheet's save orphaned by its Close
  /// (UserSignIn's 'Save'), the link's PIN over the user's PIN (duplicateAlert naming the link),
  /// the remote play over the Settings sheet (duplicatePresentation); and no trap: every
  /// presentation has a close, a swipe or a dismissing outcome, and every PIN prompt a Cancel.
  @Test func theWholeModelChecksAtOneOne() throws {
    var spec = try Self.spec()
    spec.bounds = Bounds(maxStackDepth: 1, maxPresentationDepth: 1)
    let result = try check(spec)
    #expect(result.complete)
    #expect(result.violationCounts[.trap] == nil)
    let orphans = result.violations.filter { $0.kind == .orphanedCompletion }
    #expect(orphans.contains { $0.message.contains("UserSignIn: async 'Save'") })
    #expect(
      result.violations.contains {
        $0.kind == .duplicateAlert && $0.message.contains("openItemURLOtherUserPin")
      })
    #expect(
      result.violations.contains {
        $0.kind == .duplicatePresentation && $0.message.contains("RemotePlayFetch")
      })
  }
}
