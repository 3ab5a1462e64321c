import Foundation
import NavCheckExplorer
import NavCheckSpecs
import NavCheckTestSupport
import Testing

@testable import NavCheck

/// The bundled specs of `Specs/` carry exactly the bugs their doc comments claim, with the
/// shortest traces SEMANTICS.md gives for them, and the counts CI compares against
/// `Specs/expected.json`.
///
/// Every expectation below was derived from SEMANTICS.md by hand first (the comments), then
/// confirmed with the checker.
@Suite struct BundledSpecsTests {
  // MARK: - Every spec

  @Test func bundledSpecsAreListedInOrder() {
    #expect(
      BundledSpecs.all.map(\.name) == [
        "TodoApp", "PostList", "SwiftfulApp", "RoutingDemo", "Shop", "Mail", "IceCubes",
        "Coordinator", "ExternalEvents", "AddAccount", "PostTab", "Posting", "EditorSlot",
        "URLBroadcast",
        "PinPrompt", "AppSheet", "SignInOnAppear",
      ])
  }

  @Test(arguments: BundledSpecs.all.map(\.name))
  func specValidates(_ name: String) throws {
    let spec = try #require(BundledSpecs.all.first { $0.name == name })
    #expect(spec.problems.isEmpty, "\(spec.problems)")
    try spec.validate()
  }

  @Test(arguments: BundledSpecs.all.map(\.name))
  func specIsCompleteAndFullyCovered(_ name: String) throws {
    let result = try Self.result(name)
    #expect(result.complete)
    // Faithful models: every destination is reachable and every declaration fires. But the
    // observers of a URL that every tab handles (URLBroadcast's two, IceCubes' five): with
    // several tabs all but one are hidden, so the URL always pushes onto a hidden tab (the bug
    // each carries, reported as violations) and no arrival yields a state.
    let dead: [String] =
      switch name {
      case "URLBroadcast":
        ["broadcast 'openURL': Timeline observer", "broadcast 'openURL': Notifications observer"]
      case "IceCubes":
        ["Timeline", "Notifications", "Explore", "Links", "Profile"].map {
          "broadcast 'status URL': \($0) observer"
        }
      default: []
      }
    #expect(result.warnings.map { $0.message.components(separatedBy: " never fires")[0] } == dead)
    #expect(result.coveredDeclarations == result.totalDeclarations - dead.count)
  }

  @Test(arguments: BundledSpecs.all.map(\.name))
  func countsEqualExpectedJSON(_ name: String) throws {
    let result = try Self.result(name)
    let expected = try #require(try Self.expectedCounts()[name], "no entry for \(name)")
    #expect(result.states == expected.states)
    #expect(result.transitions == expected.transitions)
    #expect(result.pruned == expected.pruned)
    #expect(result.depth == expected.depth)
    #expect(
      Dictionary(uniqueKeysWithValues: result.violationCounts.map { ($0.key.rawValue, $0.value) })
        == expected.violationCounts)
  }

  /// (The largest specs in a long run.)
  @Test(arguments: Self.oneThread)
  func resultsAreTheSameForOneAndTwoThreads(_ name: String) throws {
    let one = try Self.result(name, threads: 1)
    let two = try Self.result(name, threads: 2)
    #expect(one.states == two.states)
    #expect(one.transitions == two.transitions)
    #expect(one.pruned == two.pruned)
    #expect(one.depth == two.depth)
    #expect(one.violationCounts == two.violationCounts)
    #expect(Self.summary(one.violations) == Self.summary(two.violations))
    #expect(one.warnings == two.warnings)
  }

  // MARK: - TodoApp

  /// States by hand (TodoList = L, TodoDetails = D, AddTodo = A, `{Save}` = pending):
  ///
  /// | state | shows | events → result |
  /// |---|---|---|
  /// | S0 | [L] | 'Open todo' → S1; 'Add' → S2 |
  /// | S1 | [L, D] | 'Back' → S0; swipe back → S0 |
  /// | S2 | [L ⟶ sheet A] | 'Save' starts → S3; swipe down → S0 |
  /// | S3 | [L ⟶ sheet A{Save}] | ('Save' is pending, not enabled); swipe down removes A with Save pending and not cancelsOnDismiss → **orphanedCompletion**; Save completes → dismiss environment → S0 |
  ///
  /// 4 states, 2 + 2 + 2 + 1 = 7 transitions, 0 pruned, depth 2 (S3), orphanedCompletion 1.
  /// The only violating event is S3's swipe-down, so the shortest trace is the path to S3 and
  /// the swipe.
  @Test func todoAppOrphansTheSaveWhenTheSheetIsSwipedDown() throws {
    let result = try Self.result("TodoApp")
    #expect(result.states == 4)
    #expect(result.transitions == 7)
    #expect(result.pruned == 0)
    #expect(result.depth == 2)
    #expect(result.violationCounts == [.orphanedCompletion: 1])
    try Self.expectTrace(
      result, .orphanedCompletion, declaration: "AddTodo: async dismissEnvironment 'Save'",
      [
        "TodoList: tap 'Add' → sheet AddTodo",
        "AddTodo: async 'Save' starts",
        "user swipes the AddTodo sheet down",
      ])
  }

  // MARK: - PostTab

  /// IceCubes' Post tab item opens the editor on the app (§11.10), over every tab; what the app
  /// then does behind it (the notification handler, a mention lookup) lands under the sheet. The
  /// item is not offered while the editor covers the tab bar.
  @Test func postTabPresentsTheEditorOverTheSelectedTab() throws {
    let spec = try #require(BundledSpecs.all.first { $0.name == "PostTab" })
    let opened = try spec.replay([.tabButton("Post")])
    #expect(opened.steps.last?.state?.appPresents == true)
    #expect(
      opened.steps.last?.description
        == "user taps tab item 'Post' → sheet Composer (item, on the app)")
    let notified = try spec.replay([.tabButton("Post"), .deepLink("notification")])
    guard case .violation(1, .actionFromCoveredScreen, _) = notified.ending else {
      Issue.record("the notification under the editor is \(notified.ending)")
      return
    }
    let mention = try spec.replay([
      .transition(screen: "Timeline", transition: .label("Open post")),
      .transition(screen: "StatusDetail", transition: .label("Open mention")),
      .tabButton("Post"),
      .complete(
        screen: "StatusDetail", transition: .label("Open mention"), outcome: "found",
        actsOn: .stack, at: nil),
    ])
    guard case .violation(3, .actionFromCoveredScreen, _) = mention.ending else {
      Issue.record("the mention under the Post editor is \(mention.ending)")
      return
    }
    let twice = try spec.replay([.tabButton("Post"), .tabButton("Post")])
    guard case .impossible(1, let reason) = twice.ending else {
      Issue.record("Post is offered under its own editor")
      return
    }
    #expect(reason.contains("the tab bar is not in view"))
  }

  // MARK: - PostList

  /// States by hand (PostList = L, PostDetails = D, Menu = M, ShareSheet = S, `{Share}` =
  /// pending, `!` = the Report alert):
  ///
  /// | state | shows | events → result |
  /// |---|---|---|
  /// | 1 | [L] | 'Open post' → 2; 'Menu' → 3 |
  /// | 2 | [L, D] | 'More' → 6; 'Share' starts → 5; 'Back' → 1; swipe back → 1 |
  /// | 3 | [L ⟶ M] | 'Close' → 1; alert → 4; swipe down → 1 |
  /// | 4 | [L ⟶ M!] | 'Report' → 1; 'Cancel' → 3 |
  /// | 5 | [L, D{Share}] | 'More' → 8; 'Back' → 1 (cancelled); swipe back → 1; Share completes → 10 |
  /// | 6 | [L, D ⟶ M] | 'Close' → 2; alert → 7; swipe down → 2 |
  /// | 7 | [L, D ⟶ M!] | 'Report' → 2; 'Cancel' → 6 |
  /// | 8 | [L, D{Share} ⟶ M] | 'Close' → 5; alert → 9; swipe down → 5; Share completes: D already presents M → **duplicatePresentation** |
  /// | 9 | [L, D{Share} ⟶ M!] | 'Report' → 5; 'Cancel' → 8; Share completes → **duplicatePresentation** |
  /// | 10 | [L, D ⟶ S] | 'Done' → 2; swipe down → 2 |
  ///
  /// 10 states, 27 transitions, depth 4 (state 9), duplicatePresentation 2. The first
  /// violating state is 8, at depth 3: Open post, Share starts, More; then the completion.
  @Test func postListPresentsASecondSheetOverTheMenu() throws {
    let result = try Self.result("PostList")
    #expect(result.states == 10)
    #expect(result.transitions == 27)
    #expect(result.depth == 4)
    #expect(result.violationCounts == [.duplicatePresentation: 2])
    try Self.expectTrace(
      result, .duplicatePresentation,
      declaration: "PostDetails: async(cancelsOnDismiss) sheet ShareSheet 'Share'",
      [
        "PostList: tap 'Open post' → push PostDetails",
        "PostDetails: async 'Share' starts",
        "PostDetails: tap 'More' → sheet Menu",
        "PostDetails: async 'Share' completes → sheet ShareSheet",
      ])
  }

  // MARK: - SwiftfulApp

  /// Settings is pushed onto the root stack by Home's second transition; in [Home, Settings]
  /// its first transition, Done, is `dismissEnvironment` in the root environment →
  /// **dismissEnvironmentAtRoot**. That is the only state where Settings is active in the root
  /// environment without its alert, so the count is 1 and the trace has 2 events. In the
  /// profile sheet ([Home ⟶ Profile, Settings]) the same Done closes the sheet, no violation.
  ///
  /// 14 states: [Home] and its alert; [Home, Settings] and its alert; the sheet's [Profile],
  /// [Profile, EditProfile], [Profile, EditProfile, ChangePhoto] and its alert,
  /// [Profile, Settings] and its alert; the cover's [Welcome], [Welcome, Notifications],
  /// its alert, [Welcome, Notifications, CreateAccount].
  @Test func swiftfulAppDismissesAnEnvironmentFromTheRootStack() throws {
    let result = try Self.result("SwiftfulApp")
    #expect(result.states == 14)
    #expect(result.violationCounts == [.dismissEnvironmentAtRoot: 1])
    try Self.expectTrace(
      result, .dismissEnvironmentAtRoot, declaration: "Settings: dismissEnvironment 'Done'",
      [
        "Home: tap 'Settings' → push Settings",
        "Settings: tap 'Done' → dismiss environment",
      ])
  }

  // MARK: - RoutingDemo

  /// States by hand (Home = H, Detail = D, SheetScreen = S, CoverScreen = C; bounds: stacks of
  /// 3, one presentation):
  ///
  /// | state | shows | events → result |
  /// |---|---|---|
  /// | A0 | [H] | 'Push' → A1; 'Sheet' → B0; 'Cover' → C |
  /// | A1 | [H, D] | 'Push another' → A2; 'Back' → A0; 'Back to root' → A0; swipe back → A0 |
  /// | A2 | [H, D, D] | 'Push another' pruned (4 > 3); 'Back' → A1; 'Back to root' → A0; swipe back → A1 |
  /// | B0 | [H ⟶ S] | 'Push in sheet' → B1; 'Close' → A0; swipe down → A0 |
  /// | B1 | [H ⟶ S, D] | 'Push another' → B2; 'Back' → B0; 'Back to root' → B0; swipe back → B0; swipe down → A0 |
  /// | B2 | [H ⟶ S, D, D] | pruned; 'Back' → B1; 'Back to root' → B0; swipe back → B1; swipe down → A0 |
  /// | C | [H ⟶ cover C] | 'Close' → A0 |
  ///
  /// 7 states, 3 + 4 + 3 + 3 + 5 + 4 + 1 = 23 transitions, 2 pruned, depth 3 (B2); every
  /// state leads back to A0, so no trap, and no event is a violation.
  @Test func routingDemoHolds() throws {
    let result = try Self.result("RoutingDemo")
    #expect(result.holds)
    #expect(result.violations.isEmpty)
    #expect(result.violationCounts.isEmpty)
    #expect(result.states == 7)
    #expect(result.transitions == 23)
    #expect(result.pruned == 2)
    #expect(result.depth == 3)
  }

  // MARK: - Shop

  /// - actionFromCoveredScreen: the `order` deep link selects the account tab from the app
  ///   root without dismissing anything: covered exactly where the tab bar is hidden (a sheet
  ///   or cover is up, or the selected stack's top shows an alert), counted on the state graph,
  ///   independently of the checker. The first such state in BFS order is the cart sheet,
  ///   Catalog's first presentation.
  /// - orphanedCompletion: Payment is the third step of the Checkout flow, started from the
  ///   cart sheet, which only Catalog's Cart reaches in one event. So [Catalog ⟶ Cart ⟶ cover
  ///   ShippingAddress, PaymentMethod, Payment{Pay}] is at depth 5 and the only such state
  ///   there; its first event, Close checkout, removes Payment with Pay pending.
  @Test func shopCarriesItsTwoBugs() throws {
    let result = try Self.result("Shop")
    #expect((20_000...500_000).contains(result.states))
    #expect(Set(result.violationCounts.keys) == [.actionFromCoveredScreen, .orphanedCompletion])
    try Self.expectTrace(
      result, .actionFromCoveredScreen, declaration: "deep link 'order' action 1: selectTab",
      [
        "Catalog: tap 'Cart' → sheet Cart",
        "deep link 'order' arrives",
      ])
    try Self.expectTrace(
      result, .orphanedCompletion,
      declaration: "Payment: async 'Pay' with outcomes 'authorised', 'declined'",
      [
        "Catalog: tap 'Cart' → sheet Cart",
        "Cart: tap 'Checkout' → start flow 'Checkout'",
        "ShippingAddress: tap 'Continue' → next flow step",
        "PaymentMethod: tap 'Continue' → next flow step",
        "Payment: async 'Pay' starts",
        "Payment: tap 'Close checkout' → dismiss environment",
      ])
  }

  /// The link breaks the rule in every state whose tab bar is hidden (something is presented,
  /// or the selected stack's top shows an alert): counted on the explored states,
  /// independently of the checker's count. Long: 46,057 states.
  @Test(.long)
  func theShopsCoveredLinkIsCountedOnItsStates() throws {
    let result = try Self.result("Shop")
    let states = try Self.states(of: shop, as: result)
    #expect(
      result.violationCounts[.actionFromCoveredScreen] == states.filter(Self.tabBarHidden).count)
  }

  // MARK: - Mail

  /// - tabMissing: the `compose` link selects the Inbox tab; the signed-out module, a plain
  ///   root, has none. It is the link's first violation in every signed-out state with no
  ///   sign-in pending (with one pending, its DismissAll orphans it first), one event from the
  ///   first state. Counted on the state graph.
  /// - actionFromCoveredScreen: the `message` link (signed in only) selects the Inbox tab from
  ///   the app root without dismissing anything: covered exactly where the tab bar is hidden
  ///   (a sheet or modal is up, or the selected stack's top shows a dialog). Counted on the
  ///   state graph, independently of the checker's count.
  /// - orphanedCompletion: the sign-in request left by a swipe back, the compose link closing a
  ///   sheet that is sending, and the same link removing the message whose attachment viewer's
  ///   onDismiss then has no screen.
  @Test func mailCarriesItsBugs() throws {
    let result = try Self.result("Mail")
    let graph = try Self.graph(of: mail, as: result, maxStates: 10_000)
    let signedOutIdle = graph.states.filter { state in
      state.module == "SignedOut" && state.screens.allSatisfy(\.pending.isEmpty)
    }
    #expect(result.violationCounts[.tabMissing] == signedOutIdle.count)
    let tabBarHidden = graph.states.filter { state in
      state.module == "Main" && state.flags.contains("signedIn") && Self.tabBarHidden(state)
    }
    #expect(result.violationCounts[.actionFromCoveredScreen] == tabBarHidden.count)
    #expect(
      result.violations.filter { $0.kind == .tabMissing }.map { $0.trace.map(\.description) }
        == [["deep link 'compose' arrives"]])
    let orphans = result.violations.filter { $0.kind == .orphanedCompletion }
    #expect(
      orphans.map { $0.declaration?.title ?? "" }.sorted() == [
        "Compose: async dismissEnvironment 'Send'", "Message: onDismiss of modal Attachment",
        "SignIn: async 'Log in' with outcomes 'ok', 'failed'",
      ])
    #expect(
      orphans.first { $0.declaration?.title.hasPrefix("SignIn") == true }?.trace.map(
        \.description)
        == [
          "Welcome: tap 'Sign in' → push SignIn", "SignIn: async 'Log in' starts",
          "user swipes back from SignIn",
        ])
    try Self.expectTrace(
      result, .actionFromCoveredScreen, declaration: "deep link 'message' action 1: selectTab",
      [
        "Welcome: tap 'Sign in' → push SignIn",
        "SignIn: async 'Log in' starts",
        "SignIn: async 'Log in' completes: ok → set signedIn to true, show module Main",
        "Inbox: tap 'Compose' → sheet Compose",
        "deep link 'message' arrives",
      ])
  }

  // MARK: - Coordinator

  /// The tab coordinator's comments land under the Share sheet ("pushed behind the sheet"), in
  /// four events, and on the hidden Feed tab; going back while loading is no orphan (the work
  /// belongs to the tab's coordinator). The fixed spec holds every rule.
  @Test func coordinatorPushesBehindTheSheet() throws {
    let result = try Self.result("Coordinator")
    #expect(Set(result.violationCounts.keys) == [.actionFromCoveredScreen])
    #expect(result.violationCounts[.orphanedCompletion] == nil)
    try #require(result.violations.count == 2)
    #expect(
      result.violations[0].trace.map(\.description) == [
        "Feed: tap 'Open article' → push Article",
        "Article: async 'Load comments' starts",
        "Article: tap 'Share' → sheet Share",
        "Article: async 'Load comments' completes: loaded → push Comments (on the stack's top)",
      ])
    let fixed = try coordinatorFixed.check()
    #expect(fixed.violations.map(\.kind.rawValue) == [])
  }

  // MARK: - ExternalEvents

  /// A status URL on the selected tab's router lands under the composer sheet (two events);
  /// a mention on the Notifications tab's router lands on that tab while it is hidden (one
  /// event). The URL above a pushed status is in plain view: of Timeline's 5 shapes only the
  /// one presenting the composer is covered (4 states: Notifications' 4 shapes), and with
  /// Notifications selected its top never presents: 4 violating states. The mention is covered
  /// in the 20 states with Timeline selected.
  @Test func externalEventsLandBehindTheSheetAndOnAHiddenTab() throws {
    let result = try Self.result("ExternalEvents")
    #expect(result.violationCounts == [.actionFromCoveredScreen: 24])
    let traces = Dictionary(
      uniqueKeysWithValues: result.violations.map {
        ($0.declaration?.title ?? "", $0.trace.map(\.description))
      })
    #expect(
      traces == [
        "deep link 'mention' action 1: push": [
          "deep link 'mention' arrives (on tab 'Notifications')"
        ],
        "deep link 'statusURL' action 1: push": [
          "Timeline: tap 'Post' → sheet Composer",
          "deep link 'statusURL' arrives (on the selected stack's top)",
        ],
      ])
  }

  // MARK: - AddAccount

  /// The sign-in request started by the dialog's "Replace" is orphaned by a swipe down (four
  /// events); the sheet's Cancel cancels it first, so it orphans nothing. Hand-derived: the
  /// sheet, its dialog, the request pending, the failure's alert, and the first screen: 5 states.
  @Test func addAccountOrphansTheSignInOnASwipeOnly() throws {
    let result = try Self.result("AddAccount")
    #expect(counts(result) == "states 5, transitions 11, pruned 0, depth 4, orphanedCompletion 1")
    #expect(
      trace(result, .orphanedCompletion) == [
        "Timeline: tap 'Add account' → sheet SignIn",
        "SignIn: tap 'Sign in' → confirmation dialog 'AlreadySignedIn'",
        "SignIn: dialog 'AlreadySignedIn', tap 'Replace' → start 'Sign in'",
        "user swipes the SignIn sheet down",
      ])
  }

  // MARK: - URLBroadcast

  /// The status URL reaches every tab's router (§11.7). Hand-derived: 10 states (with Timeline
  /// selected, Timeline's stack is its root, a status above it, or its root under the editor's
  /// sheet, 3, times Notifications' 2 stacks; with Notifications selected, 2 × 2), and the URL
  /// breaks a rule in every one: Notifications' push is in a hidden tab where Timeline is
  /// selected in plain view (2 × 2 = 4 states); Timeline's own push is covered in the other 6
  /// (its tab hidden, or its top under the sheet). Its observers never fire.
  @Test func urlBroadcastPushesOntoTheHiddenTab() throws {
    let result = try Self.result("URLBroadcast")
    #expect(result.violationCounts == [.actionFromCoveredScreen: 10])
    #expect(result.violations.map(\.count) == [4, 6])
    #expect(
      trace(result, .actionFromCoveredScreen) == [
        "broadcast 'openURL' arrives → Timeline: push StatusDetail (on the stack's top); Notifications: push StatusDetail (on the stack's top)"
      ])
    #expect(
      result.violations.first?.declaration?.title == "broadcast 'openURL': Notifications observer")
  }

  // MARK: - Posting

  /// The "Posted" toast's tap pushes the status on the Timeline tab's router while the user is
  /// in Notifications (five events). Hand-derived, the violating states: "Posted" shown, which
  /// means no post pending (every post shows "Posting" first, which it replaces), Notifications
  /// selected with nothing presented; Timeline's stack and Notifications' stack each hold their
  /// root or the root and a status: 2 × 2 = 4. Closing the editor with the post in flight is no
  /// orphan: the outcomes only show toasts.
  @Test func postingPushesOnTheTimelineTabWhileTheUserIsElsewhere() throws {
    let result = try Self.result("Posting")
    #expect(result.violationCounts == [.actionFromCoveredScreen: 4])
    #expect(
      trace(result, .actionFromCoveredScreen) == [
        "Timeline: tap 'New post' → sheet Composer",
        "Composer: tap 'Post' → toast 'Posting', start 'Post', dismiss environment",
        "user selects tab 'Notifications'",
        "Composer: async 'Post' completes: posted → toast 'Posted'",
        "user taps toast 'Posted' (on tab 'Timeline') → push StatusDetail",
      ])
    #expect(result.violations.first?.trace.dropLast().last?.state?.toast == "Posted")
  }

  // MARK: - PinPrompt

  /// The sign-in whose outcome shows the window PIN prompt is orphaned when its sheet closes
  /// while it runs (three events): Close and the swipe from the two states that hold it pending
  /// (alone, or with the app's "Save user" pending), and the module switch of "Save user"
  /// completing from the second: 5. The prompt's Done resumes it, so it is not router-free
  /// (§11.8, decision 3). A
  /// prompt whose Done resumes nothing (and a failure that shows nothing) orphans nothing.
  @Test func pinPromptOrphansTheSignInThatWaitsForThePin() throws {
    let result = try Self.result("PinPrompt")
    #expect(counts(result) == "states 13, transitions 27, pruned 0, depth 8, orphanedCompletion 5")
    #expect(
      trace(result, .orphanedCompletion) == [
        "SelectUser: tap 'Add user' → sheet UserSignIn",
        "UserSignIn: async 'Sign in' starts",
        "UserSignIn: tap 'Close' → dismiss environment",
      ])
    var routerFree = pinPrompt
    routerFree.destinations[1].transitions[0].outcomes![0].actions[0].action = .windowAlert(
      name: "PIN", style: .alert, buttons: [AlertButton(label: "Done")])
    routerFree.destinations[1].transitions[0].outcomes![1].actions = []
    #expect(try routerFree.check().violationCounts[.orphanedCompletion] == nil)
  }

  // MARK: - AppSheet

  /// Hand-derived: without the app's sheet, Timeline shows T, T›StatusDetail or T with its
  /// filter sheet (only while selected: the sheet hides the tab bar), Notifications N or
  /// N›StatusDetail: 3×2 states with Timeline selected, 2×2 with Notifications, 10. The media
  /// viewer on the app opens from a StatusDetail on top of the selected tab: 2 with each tab
  /// selected, 4. The editor on the app comes wherever the window shows nothing (the filter
  /// is the one thing that blocks it), over any stacks: 2×2×2, 8. 22 states, depth 5 (the
  /// viewer over Timeline with both stacks pushed: select Notifications, open mention, select
  /// Timeline, open post, open media). The intent over the filter is duplicatePresentation,
  /// from 2 states (Notifications at N or N›StatusDetail), shortest trace 2.
  @Test func theAppSheetCannotAppearOverATabsSheet() throws {
    let result = try Self.result("AppSheet")
    #expect(
      counts(result)
        == "states 22, transitions 82, pruned 0, depth 5, duplicatePresentation 2")
    #expect(
      trace(result, .duplicatePresentation) == [
        "Timeline: tap 'Filter' → sheet TimelineFilter", "deep link 'postIntent' arrives",
      ])
    #expect(
      result.violations.first?.message
        == "deep link 'postIntent' arrives: the app presents sheet StatusEditor while the window already shows sheet TimelineFilter (the window's root presents one thing at a time)"
    )
    // The editor survives the account switch, with the tab kept.
    let replay = try appSheet.replay([
      .selectTab("Notifications"),
      .transition(screen: "Notifications", transition: .label("Open mention")),
      .deepLink("postIntent"),
      .transition(screen: "StatusEditor", transition: .label("Switch account")),
    ])
    #expect(
      replay.steps.last?.state?.description
        == "Timeline | ▸ Notifications\n  ⤷ app presents sheet: StatusEditor")
  }

  // MARK: - SignInOnAppear

  /// Hand-derived as Examples/README.md's onappear.json, with the load cancelled with its
  /// page: the swipe back from a loading Detail is no orphan but a transition, to the signed-in
  /// timeline (S3 → S1) or to the signed-out one, whose appearance presents the sheet again
  /// (S4 → S0): 7 states, 10 + 2 transitions, depth 3, no finding.
  @Test func signInOnAppearPresentsTheSheetOnEveryAppearance() throws {
    let result = try Self.result("SignInOnAppear")
    #expect(counts(result) == "states 7, transitions 12, pruned 0, depth 3")
    let back = try signInOnAppear.replay([
      .gesture(.swipeDown), .transition(screen: "Timeline", transition: .label("Open")),
      .gesture(.swipeBack),
    ])
    #expect(
      back.steps.map(\.description) == [
        "user swipes the AddAccount sheet down",
        "Timeline: tap 'Open' → push Detail; then Detail appears: start 'Load'",
        "user swipes back from Detail; then Timeline appears: sheet AddAccount",
      ])
    #expect(back.steps.last?.state?.environments.map(\.style) == [.root, .sheet])
  }

  // MARK: - EditorSlot

  /// Hand-derived: [Timeline] (New post, Settings, Open post, the intent: 4), [Timeline ⟶
  /// Composer] (swipe; the intent, no change: 2), [Timeline ⟶ Settings] (swipe; the intent
  /// replaces Settings: 2), [Timeline, StatusDetail] (Reply, swipe back, the intent: 3),
  /// [Timeline, StatusDetail ⟶ Composer] (swipe; the intent, no change: 2): 5 states, 13
  /// transitions, depth 2, no finding. Without the item slot the three intents over a sheet
  /// are duplicatePresentation (10 transitions).
  @Test func theEditorSlotTakesTheIntentWithoutADuplicate() throws {
    let result = try Self.result("EditorSlot")
    #expect(counts(result) == "states 5, transitions 13, pruned 0, depth 2")
    var v2 = editorSlot
    for d in v2.destinations.indices {
      for t in v2.destinations[d].transitions.indices {
        v2.destinations[d].transitions[t].actions[0].isItem = false
      }
    }
    v2.deepLinks[0].actions[0].isItem = false
    let unslotted = try v2.check()
    #expect(
      counts(unslotted) == "states 5, transitions 10, pruned 0, depth 2, duplicatePresentation 3")
    // One finding, the intent's, from the three states that show a sheet.
    #expect(unslotted.violations.map(\.count) == [3])
  }

  // MARK: - IceCubes

  /// IceCubesApp (Dimillian/IceCubesApp at 0fc41d2): the notification link switches tabs under
  /// an open sheet, and its delayed push (the Notifications tab's stack work, §11.2) lands behind
  /// a sheet opened meanwhile; a status URL is pushed by every tab's router (a broadcast, §11.7),
  /// onto hidden tabs and behind sheets; an @mention lookup pushes on a tab's router that is
  /// covered or hidden; the sign-in request outlives its sheet (Cancel), and the lookup and the
  /// notification's push outlive a module switch.
  @Test func iceCubesCarriesItsBugs() throws {
    let result = try Self.result("IceCubes")
    #expect(
      Set(result.violationCounts.keys) == [.actionFromCoveredScreen, .orphanedCompletion])
    let signIn = [
      "Timeline: tap 'Add account' → sheet AddAccount",
      "AddAccount: async 'Sign in' starts",
      "AddAccount: async 'Sign in' completes: ok → set signedIn to true, show module Main (keeping the tab)",
    ]
    let covered = result.violations.filter { $0.kind == .actionFromCoveredScreen }
    #expect(
      covered.map { $0.declaration?.title ?? "" }.sorted() == [
        "Notifications: 'Show notified post' outcome 'shown'",
        "StatusDetail: 'Open mention' outcome 'found'",
        "broadcast 'status URL': Notifications observer",
        "broadcast 'status URL': Timeline observer",
        "deep link 'notification' action 1: selectTab",
      ])
    func trace(_ title: String) -> [String]? {
      covered.first { $0.declaration?.title == title }?.trace.map(\.description)
    }
    #expect(
      trace("deep link 'notification' action 1: selectTab")
        == signIn + [
          "Timeline: tap 'New post' → sheet Composer", "deep link 'notification' arrives",
        ])
    // The delayed push: the link selects Notifications and starts the push; a sheet opened
    // from Notifications before it runs covers the tab's top.
    #expect(
      trace("Notifications: 'Show notified post' outcome 'shown'")
        == signIn + [
          "deep link 'notification' arrives", "Notifications: tap 'New post' → sheet Composer",
          "Notifications: async 'Show notified post' completes: shown → push StatusDetail (on the stack's top)",
        ])
    // Signed in on Timeline, a URL: Timeline pushes in plain view, then Notifications, hidden.
    let url = try #require(
      covered.first { $0.declaration?.title == "broadcast 'status URL': Notifications observer" })
    #expect(url.trace.count == 4)
    #expect(
      url.why == [
        "the screen it acts from, Notifications, is covered by tab 'Timeline', which is selected while Notifications is in tab 'Notifications'"
      ])
    #expect(
      trace("StatusDetail: 'Open mention' outcome 'found'") == [
        "Timeline: tap 'Open post' → push StatusDetail",
        "StatusDetail: async 'Open mention' starts",
        "user selects tab 'Settings'",
        "StatusDetail: async 'Open mention' completes: found → push AccountDetail (on the stack's top)",
      ])
    let orphans = result.violations.filter { $0.kind == .orphanedCompletion }
    #expect(
      orphans.map { $0.declaration?.title ?? "" }.sorted() == [
        "AddAccount: async 'Sign in' with outcomes 'ok', 'failed'",
        "Notifications: async 'Show notified post' with outcomes 'shown'",
        "StatusDetail: async 'Open mention' with outcomes 'found', 'notFound'",
      ])
    #expect(
      orphans.first { $0.declaration?.title.hasPrefix("AddAccount") == true }?.trace.map(
        \.description)
        == [
          "Timeline: tap 'Add account' → sheet AddAccount", "AddAccount: async 'Sign in' starts",
          "AddAccount: tap 'Cancel' → dismiss",
        ])
    // The notification's push is started by the link's `start` action, not by a tap: the why
    // names the step whose state first holds it, the link's.
    let notified = try #require(
      orphans.first { $0.declaration?.title.hasPrefix("Notifications") == true })
    let link = try #require(
      notified.trace.lastIndex { $0.description == "deep link 'notification' arrives" })
    #expect(
      notified.why == [
        "it starts at step \(link + 1) (deep link 'notification' arrives), and it is still pending at step \(notified.trace.count), which removes its screen"
      ])
    #expect(notified.trace.last?.description.contains("show module SignedOut") == true)
  }

  /// The notification link breaks the rule in every signed-in state whose tab bar is hidden:
  /// something is presented, or the selected tab's top shows a dialog. Counted on the explored
  /// states. Long: the IceCubes.
  @Test(.long)
  func iceCubesNotificationLinkIsCountedOnItsStates() throws {
    let result = try Self.result("IceCubes")
    let states = try Self.states(of: iceCubes, as: result)
    let tabBarHidden = states.filter { state in
      state.module == "Main" && state.flags.contains("signedIn") && Self.tabBarHidden(state)
    }
    let notification = try #require(
      result.violations.first {
        $0.declaration?.title == "deep link 'notification' action 1: selectTab"
      })
    #expect(notification.count == tabBarHidden.count)
  }

  // MARK: - Helpers

  /// The specs also checked on one thread: the largest only in a long run.
  static let oneThread = BundledSpecs.all.map(\.name).filter {
    LongTests.enabled || !LongTests.largestBundledSpecs.contains($0)
  }

  /// Results of every bundled spec for two threads, and of `oneThread` for one, computed once
  /// (the shop takes a few seconds in a debug build).
  private static let results: [Int: [String: CheckResult]] = {
    var results: [Int: [String: CheckResult]] = [:]
    for spec in BundledSpecs.all {
      results[2, default: [:]][spec.name] = try? BundledResults.checked(spec.name)
      if oneThread.contains(spec.name) {
        results[1, default: [:]][spec.name] = try? spec.check(threads: 1)
      }
    }
    return results
  }()

  private static func result(_ name: String, threads: Int = 2) throws -> CheckResult {
    try #require(results[threads]?[name], "\(name) did not check")
  }

  /// The state graph of `spec`, whose states must be the check's, to count findings on
  /// independently of the checker.
  private static func graph(
    of spec: NavigationSpec, as result: CheckResult, maxStates: Int,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> StateGraph {
    let graph = try spec.stateGraph(maxStates: maxStates)
    #expect(graph.states.count == result.states, sourceLocation: sourceLocation)
    return graph
  }

  /// The states a check of `spec` explores, whose count must be the check's, to count findings
  /// on independently of the checker (without the graph's edges: every event's step and words
  /// take most of the time on the largest specs).
  private static func states(
    of spec: NavigationSpec, as result: CheckResult,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> [StateView] {
    let model = RouterModel(CompiledSpec(spec))
    var options = ExplorerOptions()
    options.recordsStates = true
    options.analyzesReturns = false
    let exploration = Explorer.explore(model, options: options)
    #expect(exploration.isComplete, sourceLocation: sourceLocation)
    let states = exploration.stateEncodings.map { bytes in
      StateView(bytes.withUnsafeBytes { model.codec.decode($0) }, model.spec)
    }
    #expect(states.count == result.states, sourceLocation: sourceLocation)
    return states
  }

  /// Whether a state hides the tab bar: something is presented, or the selected stack's top
  /// shows an alert or a dialog.
  private static func tabBarHidden(_ state: StateView) -> Bool {
    state.depth > 0 || state.environments[0].stack.last?.alert != nil
  }

  /// Asserts that the violation of `kind` through `declaration` is the only one of its kind
  /// and that its shortest trace is `events`; the last event breaks the rule, so it has no
  /// state after it.
  private static func expectTrace(
    _ result: CheckResult, _ kind: ViolationKind, declaration: String, _ events: [String],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let violations = result.violations.filter { $0.kind == kind }
    #expect(violations.count == 1, sourceLocation: sourceLocation)
    let violation = try #require(violations.first, sourceLocation: sourceLocation)
    #expect(violation.declaration?.title == declaration, sourceLocation: sourceLocation)
    #expect(violation.count == result.violationCounts[kind], sourceLocation: sourceLocation)
    #expect(violation.trace.count == events.count, sourceLocation: sourceLocation)
    #expect(violation.trace.map(\.description) == events, sourceLocation: sourceLocation)
    #expect(violation.trace.last?.state == nil, sourceLocation: sourceLocation)
    #expect(
      violation.trace.dropLast().allSatisfy { $0.state != nil }, sourceLocation: sourceLocation)
  }

  private static func summary(_ violations: [Violation]) -> [String] {
    violations.map { violation in
      "\(violation.kind) \(violation.declaration?.title ?? "-") \(violation.count): "
        + violation.trace.map(\.description).joined(separator: " / ")
    }
  }

  /// The counts of `Specs/expected.json`, by spec name.
  private struct ExpectedCounts: Decodable {
    var states: Int
    var transitions: Int
    var pruned: Int
    var depth: Int
    var violationCounts: [String: Int]
  }

  private static func expectedCounts() throws -> [String: ExpectedCounts] {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // NavCheckTests
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()  // the package
      .appendingPathComponent("Specs/expected.json")
    return try JSONDecoder().decode([String: ExpectedCounts].self, from: Data(contentsOf: url))
  }
}
