import Foundation
import NavCheckSpecs
import Testing

@testable import NavCheck

// SEMANTICS v3 (Docs/Semantics.md §11), one construct at a time, on small specs whose counts
// are derived by hand (Examples/README.md). States are written as the tab stacks, `*` on the
// selected one; `⟶` presents.

/// §11.1: a deep link or external event names the router it acts on.
@Suite struct ExternalEventTests: SpecJSONChecks {
  /// `Examples/linkstack.json` in the DSL: a link handled by the selected tab's router.
  static let linkStack = NavigationSpec("LinkOnTheSelectedStack", tabs: ["Feed", "Inbox"]) {
    Destination("Feed") {
      Push("Post").label("Open")
      Sheet("Composer").label("Compose")
    }
    Destination("Inbox")
    Destination("Post")
    Destination("Composer")
    DeepLink("post", start: .stack) { Push("Post") }
  }
  .bounds(maxStackDepth: 2, maxPresentationDepth: 1)

  /// `Examples/linktab.json` in the DSL: a link handled by the Inbox tab's router.
  static let linkTab = NavigationSpec("LinkOnATab", tabs: ["Feed", "Inbox"]) {
    Destination("Feed") { Sheet("Composer").label("Compose") }
    Destination("Inbox")
    Destination("Composer")
    Destination("Thread")
    DeepLink("reply", tab: "Inbox") { Push("Thread") }
  }
  .bounds(maxStackDepth: 2, maxPresentationDepth: 1)

  /// The JSON examples (their hand-derived counts: `ExampleSpecTests`) are these DSL specs,
  /// round-trip, and check the same from either form.
  @Test(arguments: [("linkstack", linkStack), ("linktab", linkTab)])
  func theExamplesAreTheirDSLForms(name: String, dsl: NavigationSpec) throws {
    let json = try example(name)
    #expect(json == dsl)
    #expect(try read(json.jsonValue.text()) == json)
    let (a, b) = (try check(json), try check(dsl))
    #expect(counts(a) == counts(b))
    #expect(a.violations.map(\.trace.count) == b.violations.map(\.trace.count))
  }

  /// A `stack` link acts from the top of the selected stack: above a pushed screen it pushes in
  /// plain view, where a `root` link acts from the root the pushed screen covers (the false
  /// alarm of v2), and under a sheet it lands behind the sheet (the real bug) either way.
  @Test func aStackLinkIsCoveredOnlyByWhatItsTopPresents() throws {
    var root = Self.linkStack
    root.deepLinks[0].start = .root
    // Root: also covered in *[Feed, Post] | [Inbox] and *[Inbox, Post] (twice each): 2 + 4.
    #expect(try check(root).violationCounts == [.actionFromCoveredScreen: 6])
    let stack = try check(Self.linkStack)
    #expect(stack.violationCounts == [.actionFromCoveredScreen: 2])
    #expect(
      trace(stack, .actionFromCoveredScreen) == [
        "Feed: tap 'Compose' → sheet Composer",
        "deep link 'post' arrives (on the selected stack's top)",
      ])
    // The step points at the screen it acts from, the top of the selected stack.
    let step = stack.violations[0].trace[1]
    #expect(step.screen.index == 0)
  }

  /// A `tab` link acts from its tab's top whether that tab is selected or not: from a hidden tab
  /// a show action is covered (it lands where the user cannot see it); in the selected tab it
  /// pushes there. At the first state, Inbox is hidden: one event.
  @Test func aTabLinkActsOnItsTabSelectedOrNot() throws {
    let result = try check(Self.linkTab)
    #expect(
      trace(result, .actionFromCoveredScreen) == ["deep link 'reply' arrives (on tab 'Inbox')"])
    // Selected, the link pushes Thread on Inbox: *[Inbox, Thread] is reached by it.
    let selected = try Self.linkTab.replay([
      .selectTab("Inbox"), .deepLink("reply"),
    ])
    #expect(selected.ending == .state)
    #expect(selected.steps.last?.state?.tabs[1].stack.map(\.destination) == ["Inbox", "Thread"])
  }

  /// A team's router is told where the link acts: `NavigationStep.screen` is the top of the
  /// named tab's stack, or of the selected stack.
  @Test func aRouterIsToldWhichRouterTheLinkActsOn() throws {
    var reference = try ReferenceRouter(Self.linkTab)
    // *[Feed] | [Inbox]: the link is covered, so it is no step a router performs.
    #expect(!reference.steps().contains { $0.navigation.event.kind == .deepLink })
    _ = reference.perform(try reference.step(.selectTab("Inbox")).get())
    let reply = try #require(reference.steps().first { $0.navigation.event.kind == .deepLink })
    #expect(reply.navigation.screen.tab == 1 && reply.navigation.screen.destination == "Inbox")
    var stack = try ReferenceRouter(Self.linkStack)
    _ = stack.perform(try stack.step(.transition(screen: "Feed", transition: .label("Open"))).get())
    // *[Feed, Post] | [Inbox]: the link would push a third screen (pruned); back on Inbox it
    // acts from Inbox, the selected stack's top.
    _ = stack.perform(try stack.step(.selectTab("Inbox")).get())
    let post = try #require(stack.steps().first { $0.navigation.event.kind == .deepLink })
    #expect(post.navigation.screen.tab == 1 && post.navigation.screen.destination == "Inbox")
  }

  /// Where the module shows no tab the link names, it acts through no router: `tabMissing`,
  /// naming its first action, before any action is performed. Hand-derived: Login (one state
  /// with the link violating, "Log in" to Main), Main *[Feed] | [Inbox] (the link is covered:
  /// Inbox is hidden; select Inbox), Main [Feed] | *[Inbox] (the link pushes Thread),
  /// [Feed] | *[Inbox, Thread] (pruned; swipe back, reselect, select Feed),
  /// *[Feed] | [Inbox, Thread]: 5 states.
  @Test func aTabLinkInAModuleWithoutItsTabIsTabMissing() throws {
    let spec = NavigationSpec("SignedOut") {
      Module("Out", root: "Login")
      Module("Main", tabs: ["Feed", "Inbox"])
      Destination("Login") { ShowModule("Main").label("Log in") }
      Destination("Feed")
      Destination("Inbox")
      Destination("Thread")
      DeepLink("reply", tab: "Inbox") { Push("Thread") }
    }
    .bounds(maxStackDepth: 2, maxPresentationDepth: 1)
    let result = try check(spec)
    #expect(result.states == 5)
    // Login: Log in, (link: tabMissing); *[Feed]|[Inbox]: select Inbox, (link: covered);
    // [Feed]|*[Inbox]: select Feed, link; [Feed]|*[Inbox, Thread]: swipe back, reselect,
    // select Feed, (link: pruned); *[Feed]|[Inbox, Thread]: select Inbox, (link: covered).
    #expect(result.transitions == 1 + 1 + 2 + 3 + 1)
    #expect(result.pruned == 1)
    #expect(result.violationCounts == [.tabMissing: 1, .actionFromCoveredScreen: 2])
    let missing = try #require(result.violations.first { $0.kind == .tabMissing })
    #expect(missing.trace.map(\.description) == ["deep link 'reply' arrives (on tab 'Inbox')"])
    #expect(missing.declaration?.kind == .deepLinkAction)
  }

  /// The JSON form: `"start": "stack"`; `"start": "tab"` with `"tab"`; each without the other
  /// is a problem at the link's `tab`, as is a tab no module has.
  @Test func theJSONFormNamesTheTab() throws {
    func spec(_ link: String) -> String {
      """
      {"name": "A", "tabs": ["Feed", "Inbox"], "destinations": [{"name": "Feed"},
       {"name": "Inbox"}, {"name": "Thread"}],
       "deepLinks": [{"name": "reply", \(link), "actions": [{"action": "push", "destination": "Thread"}]}]}
      """
    }
    let tab = try roundTrip(spec(#""start": "tab", "tab": "Inbox""#))
    #expect(tab.deepLinks[0].start == .tab && tab.deepLinks[0].tab == "Inbox")
    #expect(try roundTrip(spec(#""start": "stack""#)).deepLinks[0].start == .stack)
    #expect(
      try validationProblems(spec(#""start": "tab""#)) == [
        "deepLinks[0].tab @3: deep link 'reply' starts at a tab but names none; name the tab whose router it acts on (\"tab\": its root destination)"
      ])
    #expect(
      try validationProblems(spec(#""tab": "Inbox""#)) == [
        "deepLinks[0].tab @3: deep link 'reply' names tab 'Inbox' but starts at 'root'; give \"start\": \"tab\" to act on that tab's router, or remove \"tab\""
      ])
    #expect(
      try validationProblems(spec(#""start": "tab", "tab": "Inbx""#)) == [
        "deepLinks[0].tab @3: deep link 'reply' names no tab 'Inbx'; did you mean 'Inbox'?"
      ])
    #expect(
      readingProblems(spec(#""start": "tabs""#)).first?.hasPrefix("deepLinks[0].start @3:")
        == true)
  }

  /// A link on a hidden tab is fixed by selecting the tab first, not by closing what the
  /// selected tab presents (which would only move the push to another tab): the candidate that
  /// selects first is rejected where a sheet can be up, the one that closes it first is kept.
  @Test func aTabLinkIsFixedBySelectingItsTabFirst() throws {
    let result = Self.linkTab.suggestingFixes(for: try check(Self.linkTab))
    let violation = try #require(result.violations.first)
    #expect(
      violation.fixes.map(\.change) == [
        "close what is open and select the tab first: DismissAll(), SelectTab(\"Inbox\") as deep link 'reply''s first actions, from the app root (start: .root)"
      ])
    guard case .searched(let rejected) = violation.fixSearch else {
      Issue.record("fixes were not searched")
      return
    }
    #expect(
      rejected.map(\.change) == [
        "select the tab first: SelectTab(\"Inbox\") as deep link 'reply''s first action, from the app root (start: .root)"
      ])
  }
}

/// §11.2: work started by an action (a dialog's button, an outcome), and cancelled.
@Suite struct WorkStartedByActionsTests: SpecJSONChecks {
  /// `Examples/signin.json` in the DSL.
  static let signIn = NavigationSpec("SignInFromADialog", root: "Home") {
    Destination("Home") { Sheet("SignIn").label("Add account") }
    Destination("SignIn") {
      Alert("Duplicate") {
        Button("Replace") { StartWork("Sign in") }
        Button("Cancel")
      }
      .label("Sign in")
      Work("Sign in") {
        Outcome("ok") { DismissEnvironment() }
        Outcome("failed")
      }
      Actions {
        CancelWork("Sign in")
        DismissEnvironment()
      }
      .label("Cancel")
    }
  }
  .bounds(maxStackDepth: 2, maxPresentationDepth: 1)

  /// The hand derivation of Examples/README.md, from the JSON and from the DSL; the work is no
  /// tap (SignIn offers 'Sign in' the tap, never "async 'Sign in' starts").
  @Test func theExampleKeepsItsHandDerivedCounts() throws {
    let json = try example("signin")
    #expect(json == Self.signIn)
    #expect(try read(json.jsonValue.text()) == json)
    for spec in [json, Self.signIn] {
      let result = try check(spec)
      #expect(counts(result) == "states 5, transitions 14, pruned 0, depth 4, orphanedCompletion 1")
      #expect(
        trace(result, .orphanedCompletion) == [
          "Home: tap 'Add account' → sheet SignIn",
          "SignIn: tap 'Sign in' → alert 'Duplicate'",
          "SignIn: alert 'Duplicate', tap 'Replace' → start 'Sign in'",
          "user swipes the SignIn sheet down",
        ])
      #expect(result.warnings.isEmpty)
      #expect(result.coveredDeclarations == result.totalDeclarations)
    }
    #expect(try events(of: Self.signIn, state: 1).contains { $0.contains("starts") } == false)
  }

  /// Cancelling the pending request before closing the sheet orphans nothing; without the
  /// cancel, Cancel orphans it as the swipe does (one more violating event, S3's Cancel).
  @Test func cancellingTheRequestBeforeClosingOrphansNothing() throws {
    var uncancelled = Self.signIn
    uncancelled.destinations[1].transitions[2].actions.removeFirst()
    let result = try check(uncancelled)
    #expect(result.violationCounts == [.orphanedCompletion: 2])
  }

  /// An outcome that starts the next request of a chain: 'Load' completes and starts
  /// 'Refresh' from the same screen; 'Refresh' pushes. Three events to Detail.
  @Test func anOutcomeStartsTheNextRequest() throws {
    let spec = NavigationSpec("Chain", root: "Feed") {
      Destination("Feed") {
        Async("Load") {
          Outcome("loaded") { StartWork("Refresh") }
          Outcome("failed")
        }
        Work("Refresh") { Outcome("done") { Push("Detail") } }
      }
      Destination("Detail")
    }
    let replay = try spec.replay([
      .transition(screen: "Feed", transition: .label("Load")),
      .complete(screen: "Feed", transition: .label("Load"), outcome: "loaded", at: nil),
      .complete(screen: "Feed", transition: .label("Refresh"), outcome: "done", at: nil),
    ])
    #expect(replay.ending == .state)
    #expect(
      replay.steps.map(\.description) == [
        "Feed: async 'Load' starts",
        "Feed: async 'Load' completes: loaded → start 'Refresh'",
        "Feed: async 'Refresh' completes: done → push Detail",
      ])
    #expect(
      replay.steps.last?.state?.environments[0].stack.map(\.destination) == ["Feed", "Detail"])
  }

  /// `Work` is a transition noun, so a sequence's builder takes it; it is no action, and the
  /// problem says how to start it there.
  @Test func aWorkInsideASequenceSaysToStartIt() {
    let actions = Actions { Work("Sync") { Outcome("done") } }
    #expect(actions.transition.actions == [])
    #expect(
      actions.transition.buildProblems.map(\.message) == [
        "Work(\"Sync\") { … } is a transition of its own, not an action of a sequence: declare it in a Destination, and start it here with StartWork(\"Sync\")"
      ])
  }

  /// Validation: the work must exist; screen-held work only where the performing screen shows
  /// its destination; a deep link names the destination; `"tap": false` only on async work, and
  /// without guards.
  @Test func misplacedStartsAndCancelsAreSpecProblems() throws {
    func problems(_ destinations: String, links: String = "[]") throws -> [String] {
      try validationProblems(
        """
        {"name": "A", "root": "Feed", "destinations": [\(destinations),
         {"name": "Detail", "transitions": [{"trigger": "async", "tap": false, "label": "Sync",
           "action": "dismiss"}]}],
         "deepLinks": \(links)}
        """)
    }
    #expect(
      try problems(#"{"name": "Feed", "transitions": [{"action": "start", "work": "Snyc"}]}"#)
        == [
          "destinations[0].transitions[0].work @1: start names no async work 'Snyc' of 'Feed'; 'Feed' declares no labelled async work: declare it (Work(\"Snyc\") { … })"
        ])
    #expect(
      try problems(
        #"{"name": "Feed", "transitions": [{"actions": [{"action": "push", "destination": "Detail"}, {"action": "start", "work": "Sync", "destination": "Detail"}]}]}"#
      ) == [
        "destinations[0].transitions[0].actions[1] @1: start 'Sync' may be performed from a screen that does not show 'Detail', and that work is held by its screen (SEMANTICS v3 §11.2); perform it first in a sequence of 'Detail' (or after setFlag, start, cancel, a toast or an alert), or make the work act on its stack (.actsOn(.stack))"
      ])
    #expect(
      try problems(
        #"{"name": "Feed"}"#,
        links: #"[{"name": "l", "actions": [{"action": "cancel", "work": "Sync"}]}]"#)
        == [
          "deepLinks[0].actions[0].destination @4: cancel 'Sync' names no destination, and a deep link declares no work of its own; name the destination whose work it is (\"destination\")"
        ])
    #expect(
      try problems(#"{"name": "Feed", "transitions": [{"action": "dismiss", "tap": false}]}"#)
        == [
          "destinations[0].transitions[0].tap @1: transition 1 of 'Feed' is a user transition with \"tap\": false; only async work can be left to actions to start: make it async, or remove \"tap\""
        ])
  }
}

/// §11.3: a sheet's swipe that holds only while its conditions do.
@Suite struct ConditionalSwipeTests: SpecJSONChecks {
  /// Hand-derived: [Home], [Home ⟶ SignIn], [Home ⟶ SignIn{Sign in}] (no swipe there: the
  /// request is pending), 3 states; Add account, start, swipe, ok, failed: 5 transitions, and
  /// no orphan. Without the condition, the swipe in the last state orphans the request.
  @Test func aSwipeIsOfferedOnlyWhileItsConditionsHold() throws {
    func spec(_ swipe: SwipeToDismiss?) -> NavigationSpec {
      NavigationSpec("SignIn", root: "Home") {
        Destination("Home") { Sheet("SignIn").label("Add account") }
        if let swipe {
          Destination("SignIn", swipeToDismiss: swipe) { signIn }
        } else {
          Destination("SignIn") { signIn }
        }
        Destination("Help")
      }
      .bounds(maxStackDepth: 2, maxPresentationDepth: 1)
    }
    @TransitionBuilder var signIn: [Transition] {
      Async("Sign in") {
        Outcome("ok") { DismissEnvironment() }
        Outcome("failed")
      }
      Push("Help").label("Help")
    }
    let guarded = try check(spec(.unlessPending("Sign in")))
    // [Home ⟶ SignIn, Help] with and without the request: 5 states; the swipe is offered in
    // the two where the root's request is not pending, whatever is pushed above it.
    #expect(counts(guarded) == "states 5, transitions 12, pruned 0, depth 3")
    let plain = try check(spec(nil))
    #expect(plain.violationCounts == [.orphanedCompletion: 2])
    let pushed = try spec(.unlessPending("Sign in")).replay([
      .transition(screen: "Home", transition: .label("Add account")),
      .transition(screen: "SignIn", transition: .label("Sign in")),
      .transition(screen: "SignIn", transition: .label("Help")),
      .gesture(.swipeDown),
    ])
    guard case .impossible(let step, _) = pushed.ending else {
      Issue.record("the swipe was possible: \(pushed.ending)")
      return
    }
    #expect(step == 3)
  }

  /// A flag condition: "Type" makes the draft dirty, and the sheet cannot be swiped down until
  /// "Discard" clears it. [Home], [Home ⟶ Composer], the same dirty: 3 states; Compose, Type,
  /// Discard, swipe; Type again, Discard: 6 transitions.
  @Test func aDirtyDraftKeepsTheSheetUp() throws {
    let spec = NavigationSpec("Drafts", root: "Home") {
      Flag("dirty")
      Destination("Home") { Sheet("Composer").label("Compose") }
      Destination("Composer", swipeToDismiss: .unless("dirty")) {
        SetFlag("dirty", true).label("Type")
        Actions {
          SetFlag("dirty", false)
          DismissEnvironment()
        }
        .label("Discard")
      }
    }
    #expect(counts(try check(spec)) == "states 3, transitions 6, pruned 0, depth 2")
  }

  /// The JSON form: an object of conditions in place of the boolean, round-tripped; an empty
  /// one, an unknown flag and work the destination does not declare are problems at
  /// `swipeToDismiss`.
  @Test func theJSONFormGivesTheConditions() throws {
    func spec(_ swipe: String) -> String {
      """
      {"name": "A", "root": "Home", "flags": [{"name": "dirty"}], "destinations": [
       {"name": "Home", "swipeToDismiss": \(swipe),
        "transitions": [{"trigger": "async", "label": "Send", "action": "dismiss"}]}]}
      """
    }
    let read = try roundTrip(spec(#"{"unless": "dirty", "unlessPending": "Send"}"#))
    #expect(read.destinations[0].swipeConditions == Guards(unless: "dirty", unlessPending: "Send"))
    #expect(
      readingProblems(spec("{}")) == [
        "destinations[0].swipeToDismiss @2: swipeToDismiss has no conditions; give 'when', 'unless' or 'unlessPending', or true or false"
      ])
    #expect(
      try validationProblems(spec(#"{"when": "dirt"}"#)) == [
        "destinations[0].swipeToDismiss.when @2: no flag named 'dirt'; did you mean 'dirty'?"
      ])
    #expect(
      try validationProblems(spec(#"{"unlessPending": "Sned"}"#)).first?.hasPrefix(
        "destinations[0].swipeToDismiss.unlessPending @2: unlessPending names no async transition 'Sned' of 'Home'"
      ) == true)
  }
}

/// §11.4: toasts, overlays that block nothing.
@Suite struct ToastTests: SpecJSONChecks {
  /// `Examples/toast.json` in the DSL.
  static let posted = NavigationSpec("PostedToast", root: "Feed") {
    Destination("Feed") { Sheet("Composer").label("Compose") }
    Destination("Composer") {
      Async("Post") {
        Outcome("posted") { ShowToast("Posted", start: .stack) { Push("Status") } }
      }
      DismissEnvironment().label("Close")
    }
    Destination("Status")
  }
  .bounds(maxStackDepth: 2, maxPresentationDepth: 1)

  /// The hand derivation of Examples/README.md, from the JSON and from the DSL: the tap under
  /// the sheet pushes behind it, four times; the Composer closed with 'Post' pending orphans
  /// nothing (its outcome only shows a toast).
  @Test func tappingAToastActsFromItsStart() throws {
    let json = try example("toast")
    #expect(json == Self.posted)
    #expect(try read(json.jsonValue.text()) == json)
    for spec in [json, Self.posted] {
      let result = try check(spec)
      #expect(
        counts(result)
          == "states 15, transitions 47, pruned 1, depth 7, actionFromCoveredScreen 4")
      #expect(
        trace(result, .actionFromCoveredScreen) == [
          "Feed: tap 'Compose' → sheet Composer",
          "Composer: async 'Post' starts",
          "Composer: async 'Post' completes: posted → toast 'Posted'",
          "user taps toast 'Posted' (on the selected stack's top) → push Status",
        ])
      let violation = result.violations.first { $0.kind == .actionFromCoveredScreen }
      #expect(violation?.declaration?.kind == .toastTap)
      #expect(violation?.declaration?.title == "Composer: toast 'Posted' tap")
      #expect(violation?.trace.last?.screen.title == "destination Feed")
      #expect(result.warnings.isEmpty)
    }
  }

  /// Decision 3: a toast drawn on the root environment cannot be tapped under the sheet: the
  /// same states and transitions (the violating taps yielded none), no violation.
  @Test func aRootLevelToastIsNotTappableUnderASheet() throws {
    var spec = Self.posted
    guard
      case .toast(var toast) = spec.destinations[1].transitions[0].outcomes![0].actions[0].action
    else { Issue.record("the outcome shows no toast"); return }
    toast.level = .root
    spec.destinations[1].transitions[0].outcomes![0].actions[0].action = .toast(toast)
    let result = try check(spec)
    #expect(counts(result) == "states 15, transitions 47, pruned 1, depth 7")
    // Replaying to S5 (the toast over the sheet): no tap, only the expiry.
    let replay = try spec.replay([
      .transition(screen: "Feed", transition: .label("Compose")),
      .transition(screen: "Composer", transition: .label("Post")),
      .complete(screen: "Composer", transition: .label("Post"), outcome: "posted", at: nil),
    ])
    #expect(replay.steps.last?.state?.toast == "Posted")
    let tapped = try spec.replay(replay.steps.map(\.event) + [.tapToast("Posted")])
    #expect(
      tapped.ending
        == .impossible(
          step: 3,
          reason: "toast 'Posted' is drawn on the root environment, under what is presented"
        ))
    let expired = try spec.replay(replay.steps.map(\.event) + [.toastExpires("Posted")])
    #expect(expired.steps.last?.state?.toast == nil)
  }

  /// Decision 1: a toast shown over another replaces it; `DismissToast` removes it; a toast
  /// that does not expire has no expiry event.
  @Test func aNewToastReplacesTheOneShown() throws {
    let spec = NavigationSpec("Toasts", root: "Feed") {
      Destination("Feed") {
        ShowToast("Posting", expires: false).label("Post")
        ShowToast("Posted").label("Done")
        DismissToast().label("Hide")
      }
    }
    let result = try check(spec)
    // [Feed], ‹Posting›, ‹Posted›: 3 states. Each state offers Post, Done, Hide (3 × 3 = 9),
    // the taps (2: ‹Posting› and ‹Posted›) and one expiry (‹Posted›): 12 transitions.
    #expect(counts(result) == "states 3, transitions 12, pruned 0, depth 1")
    let shown = try spec.replay([
      .transition(screen: "Feed", transition: .label("Post")),
      .transition(screen: "Feed", transition: .label("Done")),
    ])
    #expect(shown.steps.map { $0.state?.toast } == ["Posting", "Posted"])
    #expect(
      try events(of: spec, state: 1) == [
        "Feed: tap 'Post' → toast 'Posting'", "Feed: tap 'Done' → toast 'Posted'",
        "Feed: tap 'Hide' → dismiss toast", "user taps toast 'Posting'",
      ])
  }

  /// Decision 4: work whose outcome only shows a toast outlives its screen (router-free);
  /// the same outcome with a push is orphaned by the swipe.
  @Test func workThatOnlyShowsAToastOutlivesItsScreen() throws {
    var spec = NavigationSpec("Post", root: "Feed") {
      Destination("Feed") { Sheet("Composer").label("Compose") }
      Destination("Composer") { Async("Post") { Outcome("posted") { ShowToast("Posted") } } }
    }
    #expect(try check(spec).violationCounts.isEmpty)
    spec.destinations[1].transitions[0].outcomes![0].actions = [
      SequenceAction(.push(destination: "Feed"))
    ]
    let pushing = try check(spec)
    #expect(
      trace(pushing, .orphanedCompletion) == [
        "Feed: tap 'Compose' → sheet Composer", "Composer: async 'Post' starts",
        "user swipes the Composer sheet down",
      ])
  }

  /// Decision 5: the toast is the app's, kept across a module switch.
  @Test func aToastSurvivesAModuleSwitch() throws {
    let spec = NavigationSpec("LogOut") {
      Module("In", root: "Feed")
      Module("Out", root: "Welcome")
      Destination("Feed") {
        Actions {
          ShowToast("Signed out")
          ShowModule("Out")
        }
        .label("Sign out")
      }
      Destination("Welcome")
    }
    let replay = try spec.replay([.transition(screen: "Feed", transition: .label("Sign out"))])
    #expect(replay.steps.last?.state?.module == "Out")
    #expect(replay.steps.last?.state?.toast == "Signed out")
    #expect(
      replay.steps.last?.state?.description == "module Out: Welcome {toast 'Signed out'}")
  }

  /// A toast's tap on a tab the module lacks is tabMissing; a toast without actions is tapped
  /// all the same, and closes.
  @Test func aToastTapOnAMissingTabIsTabMissing() throws {
    let spec = NavigationSpec("Mention") {
      Module("Out", root: "Welcome")
      Module("In", tabs: ["Home", "Inbox"])
      Destination("Welcome") {
        ShowToast("Mentioned", tab: "Inbox") { Push("Status") }.label("Ping")
      }
      Destination("Home")
      Destination("Inbox")
      Destination("Status")
    }
    let result = try check(spec)
    #expect(result.violationCounts == [.tabMissing: 1])
    #expect(
      trace(result, .tabMissing) == [
        "Welcome: tap 'Ping' → toast 'Mentioned'",
        "user taps toast 'Mentioned' (on tab 'Inbox') → push Status",
      ])
  }

  /// The JSON form: keys in order, defaults left out; malformed toasts are reading or
  /// validation problems naming their path.
  @Test func toastsReadWriteAndValidate() throws {
    let text = """
      {"name": "A", "tabs": ["Feed", "Inbox"], "destinations": [
        {"name": "Feed", "transitions": [{"action": "toast", "toast": "Posted", "start": "tab",
          "tab": "Inbox", "level": "root", "expires": false,
          "onTap": [{"action": "push", "destination": "Feed"}]},
          {"action": "dismissToast"}]},
        {"name": "Inbox"}]}
      """
    let spec = try roundTrip(text)
    #expect(
      spec.destinations[0].transitions[0].action
        == .toast(
          Toast(
            name: "Posted", start: .tab, tab: "Inbox", level: .root, expires: false,
            actions: [SequenceAction(.push(destination: "Feed"))])))
    guard case .object(let members) = spec.destinations[0].transitions[0].jsonValue.kind else {
      Issue.record("a transition is written as an object")
      return
    }
    #expect(members.map(\.key) == ["action", "toast", "start", "tab", "level", "expires", "onTap"])
    #expect(
      readingProblems(
        #"{"name": "A", "root": "Feed", "destinations": [{"name": "Feed", "transitions": [{"action": "toast", "toast": "X", "level": "sheet"}]}]}"#
      ).first?.contains("destinations[0].transitions[0].level") == true)
    #expect(
      try validationProblems(
        #"{"name": "A", "root": "Feed", "destinations": [{"name": "Feed", "transitions": [{"action": "toast", "toast": "X", "start": "tab"}, {"action": "toast", "toast": "", "tab": "Feed"}]}]}"#
      ) == [
        "destinations[0].transitions[0].tab @1: toast 'X' starts at a tab but names none; name the tab whose router its tap acts on (\"tab\": its root destination)",
        "destinations[0].transitions[1].toast @1: a toast has an empty name; name it",
        "destinations[0].transitions[1].tab @1: toast '' names tab 'Feed' but starts at 'active'; give \"start\": \"tab\" to act on that tab's router, or remove \"tab\"",
      ])
  }

  /// The Swift form `navcheck export --format swift` writes reads back as the same spec.
  @Test func theSwiftFormSaysTheToast() throws {
    let source = Self.posted.swiftSource()
    #expect(source.contains(#"ShowToast("Posted", start: .stack) {"#))
    #expect(source.contains(#"Push("Status")"#))
  }

  /// The tabs reduction is refused, naming the toast.
  @Test func theTabsReductionIsRefusedForToasts() throws {
    let spec = NavigationSpec("Tabs", tabs: ["Feed", "Inbox"]) {
      Destination("Feed") { ShowToast("Hi").label("Greet") }
      Destination("Inbox")
    }
    let obstacle = TabReduction.obstacle(CompiledSpec(spec))
    #expect(obstacle?.reason.contains("a toast is app-wide") == true)
  }
}

/// §11.5: a tab bar item that acts instead of selecting (IceCubesApp's "Post" item presents the
/// status editor).
@Suite struct TabButtonTests: SpecJSONChecks {
  /// `Examples/tabbutton.json` in the DSL.
  static let tabButton = NavigationSpec("TabItemThatPresents", tabs: ["Feed", "Alerts"]) {
    TabButton("Post") { Sheet("Composer") }
    Destination("Feed") { Sheet("Welcome").async().label("Load") }
    Destination("Alerts")
    Destination("Composer")
    Destination("Welcome")
  }

  /// The hand derivation of Examples/README.md, from the JSON and from the DSL, with its
  /// shortest traces.
  @Test func theExampleKeepsItsHandDerivedCounts() throws {
    let json = try example("tabbutton")
    #expect(json == Self.tabButton)
    #expect(try read(json.jsonValue.text()) == json)
    for spec in [json, Self.tabButton] {
      let result = try check(spec)
      #expect(
        counts(result)
          == "states 9, transitions 15, pruned 0, depth 3, duplicatePresentation 1, actionFromCoveredScreen 2"
      )
      #expect(
        trace(result, .duplicatePresentation) == [
          "Feed: async 'Load' starts",
          "user taps tab item 'Post' → sheet Composer",
          "Feed: async 'Load' completes → sheet Welcome",
        ])
      #expect(result.warnings.isEmpty)
    }
  }

  /// The item is offered only where the tab bar is in view, after the tab selections and the
  /// reselection, in declaration order, where its guards hold; covered, it is no event (no
  /// violation: the user cannot tap it). It acts from the selected stack's top, a pushed screen
  /// too.
  @Test func aTabButtonIsOfferedWhereTheTabBarShows() throws {
    let spec = NavigationSpec("Items", tabs: ["Feed", "Alerts"]) {
      Flag("loggedIn")
      TabButton("Post") { Sheet("Composer") }.when("loggedIn")
      TabButton("SignIn") { Sheet("Login") }.unless("loggedIn")
      TabButton("Search") { Push("Search") }
      Destination("Feed") { Push("Status") }
      Destination("Alerts")
      Destination("Status")
      Destination("Composer") { SetFlag("loggedIn", true).label("Done") }
      Destination("Login") {
        Actions {
          SetFlag("loggedIn", true)
          DismissEnvironment()
        }
        .label("Sign in")
      }
      Destination("Search")
    }
    #expect(
      try events(of: spec) == [
        "Feed: push Status", "user selects tab 'Alerts'",
        "user taps tab item 'SignIn' → sheet Login",
        "user taps tab item 'Search' → push Search",
      ])
    let signedIn = try spec.replay([
      .tabButton("SignIn"), .transition(screen: "Login", transition: .label("Sign in")),
      .transition(screen: "Feed", transition: .index(0)),
    ])
    #expect(signedIn.ending == .state)
    // From the pushed Status, Post presents from Status, the selected stack's top.
    let posted = try spec.replay([
      .tabButton("SignIn"), .transition(screen: "Login", transition: .label("Sign in")),
      .transition(screen: "Feed", transition: .index(0)), .tabButton("Post"),
    ])
    let state = try #require(posted.steps.last?.state)
    #expect(state.tabs[0].stack.map(\.destination) == ["Feed", "Status"])
    #expect(state.environments.last?.stack.first?.destination == "Composer")
    // Under the sheet the tab bar is covered: Post is no event, and a replay says why.
    let covered = try spec.replay([.tabButton("SignIn"), .tabButton("Search")])
    #expect(covered.ending != .state)
    let model = RouterModel(CompiledSpec(spec))
    guard
      case .failure(let hidden) = model.match(.tabButton("Search"), in: try next(model, "SignIn"))
    else {
      Issue.record("a tab button is offered under a sheet")
      return
    }
    #expect(hidden.message == "the tab bar is not in view: Login is covered or presented")
    guard case .failure(let guarded) = model.match(.tabButton("Post"), in: model.initialState)
    else {
      Issue.record("a guarded-out tab button is offered")
      return
    }
    #expect(guarded.message == "tab button 'Post' is guarded out: its guards do not hold")
    guard case .failure(let unknown) = model.match(.tabButton("Pots"), in: model.initialState)
    else {
      Issue.record("an unknown tab button is offered")
      return
    }
    #expect(unknown.message == "module 'Items' has no tab button 'Pots'; did you mean 'Post'?")
  }

  /// The state after tapping tab button `name` from the first state.
  private func next(_ model: RouterModel, _ name: String) throws -> RouterState {
    let event = try model.match(.tabButton(name), in: model.initialState).get()
    return model.step(event, from: model.initialState).state
  }

  /// A tab button is one declaration, whatever its sequence: a rule its sequence breaks names
  /// it, with the acting screen as the step's screen; no fix is offered (none is known to hold).
  @Test func aViolationInATabButtonNamesIt() throws {
    let spec = NavigationSpec("Items", tabs: ["Feed", "Alerts"]) {
      TabButton("Post") {
        Sheet("Composer")
        DismissEnvironment()
        DismissEnvironment()
      }
      Destination("Feed")
      Destination("Alerts")
      Destination("Composer")
    }
    let result = spec.suggestingFixes(for: try check(spec))
    #expect(result.violationCounts == [.dismissEnvironmentAtRoot: 2])
    let violation = try #require(result.violations.first)
    #expect(violation.declaration?.kind == .tabButton)
    #expect(
      violation.declaration?.title
        == "tab button 'Post': sheet Composer; dismissEnvironment; dismissEnvironment")
    #expect(
      violation.trace.map(\.description) == [
        "user taps tab item 'Post' → sheet Composer, dismiss environment, dismiss environment"
      ])
    #expect(violation.trace[0].screen.index == 0)
    #expect(violation.fixes.isEmpty)
    // Dead: the tab button never leads to a state, and its warning says which rule it breaks.
    #expect(
      result.warnings.map(\.message).contains {
        $0.hasPrefix("tab button 'Post'") && $0.contains("dismissEnvironmentAtRoot")
      })
  }

  /// Invalid tab buttons: on a module without tabs, without actions, twice, malformed, with an
  /// undeclared flag, with unlessPending, declared on a spec of modules, starting work held by a
  /// screen; each at its JSON path.
  @Test func invalidTabButtonsAreSpecProblems() throws {
    func spec(_ start: String, _ buttons: String) -> String {
      """
      {"name": "A", \(start), "tabButtons": [\(buttons)], "flags": [{"name": "loggedIn"}],
       "destinations": [{"name": "Feed", "transitions": [{"trigger": "async", "label": "Load", "action": "dismiss"}]},
       {"name": "Inbox"}, {"name": "Composer"}]}
      """
    }
    let tabs = #""tabs": ["Feed", "Inbox"]"#
    let post = #"{"name": "Post", "actions": [{"action": "sheet", "destination": "Composer"}]}"#
    #expect(try validationProblems(spec(tabs, post)) == [])
    #expect(
      try validationProblems(spec(#""root": "Feed""#, post)) == [
        "tabButtons @1: the spec has tab buttons but no tabs; a tab button is an item of a tab bar: give it tabs, or make the button a transition of its root"
      ])
    #expect(
      try validationProblems(spec(tabs, #"{"name": "Post", "actions": []}"#)) == [
        "tabButtons[0].actions @1: tab button 'Post' has no actions; add at least one (a tab item that only selects its tab is a tab)"
      ])
    #expect(
      try validationProblems(spec(tabs, post + ", " + post)) == [
        "tabButtons[1].name @1: tab button 'Post' is declared twice (first declared at App.json:1 (tabButtons[0])); rename or remove one"
      ])
    #expect(
      try validationProblems(
        spec(tabs, #"{"name": "New post", "actions": [{"action": "dismissAll"}]}"#)) == [
          "tabButtons[0].name @1: tab button name 'New post' is malformed; use letters, digits and '_', not starting with a digit"
        ])
    #expect(
      try validationProblems(
        spec(tabs, #"{"name": "Post", "when": "logedIn", "actions": [{"action": "dismissAll"}]}"#))
        == ["tabButtons[0].when @1: no flag named 'logedIn'; did you mean 'loggedIn'?"])
    #expect(
      try validationProblems(
        spec(
          tabs, #"{"name": "Post", "unlessPending": "Load", "actions": [{"action": "dismissAll"}]}"#
        )) == [
          "tabButtons[0].unlessPending @1: tab button 'Post' has unlessPending; a tab bar item has no screen of its own, so no pending work to wait for: use when or unless"
        ])
    #expect(
      try validationProblems(
        spec(tabs, #"{"name": "Post", "actions": [{"action": "start", "work": "Load"}]}"#)) == [
          "tabButtons[0].actions[0].destination @1: start 'Load' names no destination, and a tab button declares no work of its own; name the destination whose work it is (\"destination\")"
        ])
    #expect(
      try validationProblems(
        spec(
          tabs,
          #"{"name": "Post", "actions": [{"action": "start", "work": "Load", "destination": "Feed"}]}"#
        )
      ).first?.hasPrefix(
        "tabButtons[0].actions[0] @1: start 'Load' may be performed from a screen that does not show 'Feed'"
      ) == true)
    let modules = """
      {"name": "A", "modules": [{"name": "Out", "root": "Feed", "tabButtons": [\(post)]},
       {"name": "Main", "tabs": ["Feed", "Inbox"], "tabButtons": [\(post)]}],
       "tabButtons": [\(post)],
       "destinations": [{"name": "Feed"}, {"name": "Inbox"}, {"name": "Composer"}]}
      """
    #expect(
      try validationProblems(modules) == [
        "tabButtons @3: the spec starts with modules but declares tab buttons of its own; declare each in the Module whose tab bar shows it (Module(\"Main\", tabs: […]) { TabButton(…) { … } })",
        "modules[0].tabButtons @1: module 'Out' has tab buttons but no tabs; a tab button is an item of a tab bar: give it tabs, or make the button a transition of its root",
      ])
    #expect(readingProblems(spec(tabs, #"{"name": "Post", "actions": [], "tab": "x"}"#)).count == 1)
  }

  /// The JSON form round-trips on the spec and on a module, and the Swift form says the same:
  /// `TabButton("Post") { … }` in the spec's body or the module's.
  @Test func theJSONAndSwiftFormsCarryTheTabButtons() throws {
    let text = """
      {"name": "A", "modules": [{"name": "Out", "root": "Feed"},
       {"name": "Main", "tabs": ["Feed", "Inbox"], "tabButtons": [
         {"name": "Post", "when": "loggedIn", "actions": [{"action": "sheet", "destination": "Composer"}]}]}],
       "flags": [{"name": "loggedIn"}],
       "destinations": [{"name": "Feed"}, {"name": "Inbox"}, {"name": "Composer"}]}
      """
    let spec = try roundTrip(text)
    #expect(spec.modules[1].tabButtons.map(\.name) == ["Post"])
    #expect(spec.modules[1].tabButtons[0].guards.when == "loggedIn")
    let dsl = NavigationSpec("A") {
      Module("Out", root: "Feed")
      Module("Main", tabs: ["Feed", "Inbox"]) {
        TabButton("Post") { Sheet("Composer") }.when("loggedIn")
      }
      Flag("loggedIn")
      Destination("Feed")
      Destination("Inbox")
      Destination("Composer")
    }
    #expect(dsl == spec)
    let swift = spec.swiftSource()
    #expect(
      swift.contains(
        "  Module(\"Main\", tabs: [\"Feed\", \"Inbox\"]) {\n    TabButton(\"Post\") {\n      Sheet(\"Composer\")\n    }.when(\"loggedIn\")\n  }\n"
      ))
    #expect(try Self.tabButton.jsonValue.text() == example("tabbutton").jsonValue.text())
    #expect(
      Self.tabButton.swiftSource().contains(
        "  TabButton(\"Post\") {\n    Sheet(\"Composer\")\n  }\n"))
  }

  /// The trace step names the tab button (`{"tabButton": "Post"}`, `.tabButton("Post")`), and
  /// a trace file replays through it.
  @Test func theTraceStepNamesTheTabButton() throws {
    let reference = EventReference.tabButton("Post")
    guard case .object(let members) = reference.jsonValue.kind else {
      Issue.record("a tab button's step is not an object")
      return
    }
    #expect(members.map(\.key) == ["tabButton"])
    #expect(try EventReference(jsonValue: reference.jsonValue) == reference)
    #expect(reference.swiftLiteral == #".tabButton("Post")"#)
    let result = try check(Self.tabButton)
    let step = try #require(result.violations.first?.trace[1])
    #expect(step.event == reference)
    // The step's screen is the acting screen, the selected stack's top.
    #expect(step.screen.index == 0)
    let replay = try Self.tabButton.replay([.tabButton("Post"), .gesture(.swipeDown)])
    #expect(replay.ending == .state)
  }

  /// A team's router performs the tap as `.tabButton(name:actions:)` from the selected stack's
  /// top; an adapter that leaves the kind out leaves the event out.
  @Test func aRouterPerformsTheTabButton() throws {
    var reference = try ReferenceRouter(Self.tabButton)
    _ = reference.perform(try reference.step(.selectTab("Alerts")).get())
    let post = try #require(
      reference.steps().first { $0.navigation.event.kind == .tabButton })
    #expect(
      post.navigation.event
        == .tabButton(name: "Post", actions: [SequenceAction(.sheet(destination: "Composer"))]))
    #expect(post.navigation.screen.tab == 1 && post.navigation.screen.destination == "Alerts")
    #expect(post.navigation.event.description == "tap tab item 'Post' → sheet Composer")
    #expect(
      !reference.steps(leavingOut: [.tabButton]).contains { $0.navigation.event.kind == .tabButton }
    )
    #expect(NavigationEvent.Kind.allCases.contains(.tabButton))
    // A fuzzer draws per kind the spec can produce: a spec without tab buttons draws as before.
    #expect(reference.eventKinds.contains(.tabButton))
    #expect(!(try ReferenceRouter(ExternalEventTests.linkStack)).eventKinds.contains(.tabButton))
  }

  /// The tabs reduction treats a tab button as a tap of the selected stack's top: the example
  /// reduces to the product's findings; a tab button guarded by a flag a tab sets refuses it.
  @Test func theTabsReductionCoversTabButtons() throws {
    #expect(TabReduction.obstacle(CompiledSpec(Self.tabButton)) == nil)
    var options = ExplorationOptions()
    options.reduction = .always
    let reduced = try Self.tabButton.check(options: options)
    #expect(reduced.reduced)
    let full = try check(Self.tabButton)
    #expect(reduced.violations.map(\.kind) == full.violations.map(\.kind))
    #expect(reduced.violations.map(\.trace.count) == full.violations.map(\.trace.count))
    var guarded = Self.tabButton
    guarded.flags = [Flag(name: "drafted")]
    guarded.tabButtons[0].guards.unless = "drafted"
    guarded.destinations[1].transitions = [
      t(.setFlag(flag: "drafted", value: true), label: "Draft")
    ]
    let obstacle = try #require(TabReduction.obstacle(CompiledSpec(guarded)))
    #expect(obstacle.declaration?.kind == .tabButton)
    #expect(obstacle.reason.contains("reads flag 'drafted'"))
  }
}

/// §11.6: a presenter's item slot (`sheet(item:)`).
@Suite struct ItemPresentationTests: SpecJSONChecks {
  /// `Examples/itemsheet.json` in the DSL.
  static let itemSheets = NavigationSpec("ItemSheets", root: "Feed") {
    Destination("Feed") {
      Sheet("Profile").asItem().label("Profile")
      Sheet("Settings").asItem().label("Settings")
      Sheet("Profile").asItem().async().label("Refresh")
    }
    Destination("Profile")
    Destination("Settings") { DismissEnvironment().async().label("Save") }
  }
  .bounds(maxStackDepth: 1, maxPresentationDepth: 1)

  /// The hand derivation of Examples/README.md, from the JSON and from the DSL.
  @Test func theExampleKeepsItsHandDerivedCounts() throws {
    let json = try example("itemsheet")
    #expect(json == Self.itemSheets)
    #expect(try read(json.jsonValue.text()) == json)
    for spec in [json, Self.itemSheets] {
      let result = try check(spec)
      #expect(counts(result) == "states 8, transitions 16, pruned 0, depth 3, orphanedCompletion 3")
      #expect(
        trace(result, .orphanedCompletion) == [
          "Feed: tap 'Settings' → sheet Settings (item)", "Settings: async 'Save' starts",
          "user swipes the Settings sheet down",
        ])
      #expect(result.warnings.isEmpty)
    }
  }

  /// Decisions 1 and 3: Refresh completing while Profile is shown (S5) changes nothing but the
  /// pending entry; the step's words say the item.
  @Test func anItemPresentedAgainIsNoChange() throws {
    let replay = try Self.itemSheets.replay([
      .transition(screen: "Feed", transition: .label("Refresh")),
      .transition(screen: "Feed", transition: .label("Profile")),
      .complete(screen: "Feed", transition: .label("Refresh"), at: nil),
    ])
    #expect(replay.ending == .state)
    #expect(
      replay.steps.last?.description == "Feed: async 'Refresh' completes → sheet Profile (item)")
    #expect(replay.steps.last?.state?.description == "Feed\n  ⤷ sheet: Profile")
  }

  /// Decision 2: Refresh completing while Settings is shown replaces it (S6 → S2); with Save
  /// pending on Settings (S8), the replacement's removal orphans it.
  @Test func anotherItemReplacesTheShownOne() throws {
    let replaced = try Self.itemSheets.replay([
      .transition(screen: "Feed", transition: .label("Refresh")),
      .transition(screen: "Feed", transition: .label("Settings")),
      .complete(screen: "Feed", transition: .label("Refresh"), at: nil),
    ])
    #expect(replaced.steps.last?.state?.description == "Feed\n  ⤷ sheet: Profile")
    let orphaned = try Self.itemSheets.replay([
      .transition(screen: "Feed", transition: .label("Refresh")),
      .transition(screen: "Feed", transition: .label("Settings")),
      .transition(screen: "Settings", transition: .label("Save")),
      .complete(screen: "Feed", transition: .label("Refresh"), at: nil),
    ])
    guard case .violation(step: 3, kind: .orphanedCompletion, message: _) = orphaned.ending else {
      Issue.record("\(orphaned.ending)")
      return
    }
  }

  /// Without the item slot, v2's rule 1 holds (the README's derivation): three duplicate
  /// presentations, two orphans.
  @Test func withoutItemsV2sRuleHolds() throws {
    var spec = Self.itemSheets
    for t in spec.destinations[0].transitions.indices {
      spec.destinations[0].transitions[t].actions[0].isItem = false
    }
    let result = try check(spec)
    #expect(
      counts(result)
        == "states 8, transitions 14, pruned 0, depth 3, duplicatePresentation 3, orphanedCompletion 2"
    )
    #expect(
      trace(result, .duplicatePresentation) == [
        "Feed: async 'Refresh' starts", "Feed: tap 'Profile' → sheet Profile",
        "Feed: async 'Refresh' completes → sheet Profile",
      ])
  }

  /// `item` on an action that is no sheet or cover is a validation problem at its path; the
  /// Swift form writes `.asItem()`.
  @Test func itemIsOnSheetsAndCoversOnly() throws {
    #expect(
      try validationProblems(
        #"{"name": "A", "root": "Feed", "destinations": [{"name": "Feed", "transitions": [{"action": "push", "destination": "Feed", "item": true}]}]}"#
      ) == [
        "destinations[0].transitions[0].item @1: push cannot be an item presentation: only sheet and fullScreenCover set a screen's item slot (SEMANTICS v3 §11.6); remove \"item\""
      ])
    #expect(Self.itemSheets.swiftSource().contains(#"Sheet("Profile").asItem().label("Profile")"#))
  }
}

/// §11.4 in the destination graph: a toast is a note of the screen that shows it, its tap drawn
/// from the note (it acts from its start, not from that screen), its name's spaces kept out of
/// the node's id.
@Suite struct ToastGraphTests {
  @Test func aToastIsANoteWhoseTapIsDrawnFromIt() {
    let dot = GraphReport(language: .dot).destinationGraph(posting)
    #expect(
      dot.contains(#"t_Composer_Posted [label="toast Posted (on tab Timeline)", shape=note];"#))
    #expect(dot.contains(#"t_Composer_Posted -> d_StatusDetail [label="push 'tap'"];"#))
    #expect(
      dot.contains(#"t_Composer_Saved_to_drafts [label="toast Saved to drafts", shape=note];"#))
    // A toast's tab is where its tap acts, not a tab the screen selects.
    #expect(!dot.contains("select tab"))
  }
}
