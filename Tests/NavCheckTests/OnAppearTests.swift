import Foundation
import Testing

@testable import NavCheck

// SEMANTICS v3 §11.11: work started when a screen appears (Docs/Semantics.md). States are
// written as stacks: `[A, B ⟶ C]` is A and B in the root stack, B presenting a sheet [C].

/// §11.11: onAppear and `.task` (IceCubesApp's signed-out timeline, a detail page's load).
@Suite struct OnAppearTests: SpecJSONChecks {
  /// `Examples/onappear.json` in the DSL.
  static let signIn = NavigationSpec("SignInOnAppear") {
    Module("SignedOut", root: "Timeline")
    Module("Main", root: "Timeline")
    Flag("signedIn")
    Destination("Timeline") {
      Push("Detail").label("Open")
      OnAppear { Sheet("AddAccount") }.unless("signedIn")
    }
    Destination("AddAccount") {
      Actions {
        SetFlag("signedIn", true)
        ShowModule("Main")
      }
      .label("Sign in")
    }
    Destination("Detail") {
      Push("Thread").async(tap: false).label("Load")
      OnAppear { StartWork("Load") }
    }
    Destination("Thread") { PopTo("Timeline").label("Home") }
  }
  .bounds(maxStackDepth: 3, maxPresentationDepth: 1)

  /// The hand derivation of Examples/README.md, from the JSON and from the DSL, at 1 and 3
  /// threads: 7 states, 10 transitions, depth 3, the orphaned load twice.
  @Test func theExampleKeepsItsHandDerivedCounts() throws {
    let json = try example("onappear")
    #expect(json == Self.signIn)
    #expect(try read(json.jsonValue.text()) == json)
    for spec in [json, Self.signIn] {
      for threads in [1, 3] {
        let result = try check(spec, threads: threads)
        #expect(
          counts(result) == "states 7, transitions 10, pruned 0, depth 3, orphanedCompletion 2")
        #expect(result.violations.count == 1)
        #expect(
          result.violations.first?.declaration?.title == "Detail: async push Thread 'Load'")
        #expect(
          trace(result, .orphanedCompletion) == [
            "AddAccount: tap 'Sign in' → set signedIn to true, show module Main",
            "Timeline: tap 'Open' → push Detail; then Detail appears: start 'Load'",
            "user swipes back from Detail",
          ])
        #expect(result.warnings.isEmpty)
        #expect(result.coveredDeclarations == result.totalDeclarations)
      }
    }
  }

  /// The declaration is numbered after its destination's transitions and titled
  /// "Timeline: onAppear"; a violation inside an appearance names it. (The first spec is the
  /// signed-out loop: once `again` is set, Home pushes Detail every time it appears.)
  @Test func aViolationInsideAnAppearanceNamesItsOnAppear() throws {
    let spec = NavigationSpec("Covered", root: "Home") {
      Destination("Home") {
        Push("Detail")
        OnAppear { Push("Detail") }.when("again")
      }
      Destination("Detail") {
        Actions {
          SetFlag("again", true)
          Dismiss()
        }
        .label("Back")
      }
      Flag("again")
      Destination("Modal", navigation: false)
    }
    let compiled = CompiledSpec(spec)
    #expect(
      compiled.declarations.map { "\($0.kind) \($0.index) \($0.title)" } == [
        "transition 0 Home: push Detail", "onAppear 0 Home: onAppear",
        "transition 1 Detail: setFlag again true; dismiss 'Back'",
      ])
    let result = try check(spec)
    // S0 [Home]: push → S1 [Home, Detail]; S1: Back sets again, dismisses, Home appears and
    // pushes Detail → S2 [Home, Detail] with again; swipe back → S0. S2: Back → S2; swipe back:
    // Home appears, pushes Detail → S2. 3 states, 1 + 2 + 2 transitions, depth 2; S2 never
    // gets home: a trap.
    #expect(counts(result) == "states 3, transitions 5, pruned 0, depth 2, trap 1")
    #expect(
      try spec.replay([
        .transition(screen: "Home", transition: .index(0)),
        .transition(screen: "Detail", transition: .label("Back")),
      ]).steps.last?.description
        == "Detail: tap 'Back' → set again to true, dismiss; then Home appears: push Detail")
    let failing = NavigationSpec("Failing", root: "Home") {
      Destination("Home") { Sheet("Editor") }
      Destination("Editor", navigation: false) { OnAppear { Push("Detail") } }
      Destination("Detail")
    }
    let failed = try check(failing)
    #expect(counts(failed) == "states 1, transitions 0, pruned 0, depth 0, pushWithoutNavigation 1")
    #expect(failed.violations.first?.declaration?.kind == .onAppear)
    #expect(failed.violations.first?.declaration?.title == "Editor: onAppear")
    #expect(
      trace(failed, .pushWithoutNavigation) == [
        "Home: sheet Editor; then Editor appears: push Detail"
      ])
    // Its picture draws nothing on the state before the event: Editor is not in it.
    let violation = try #require(failed.violations.first)
    let picture = TracePicture(
      violation, initial: HTMLReport.initialState(failing), spec: failing)
    #expect(
      (picture.leading + picture.trailing).last?.frame?.failure
        == PhoneFrame.Failure(
          landing: .nothing, environment: 0, title: nil,
          caption: ["Editor appears after this event,", "and its onAppear breaks it"]))
  }

  /// Decision 1: a presentation does not hide its presenter; dismissing a sheet or a cover
  /// makes nothing appear.
  @Test func aDismissedSheetRevealsNothingNew() throws {
    // Signed out: S0 is the timeline under the add-account sheet; swiping it down leaves the
    // timeline alone (it was shown under the sheet), not under a new sheet.
    let swiped = try Self.signIn.replay([.gesture(.swipeDown)])
    #expect(swiped.ending == .state)
    #expect(swiped.initial.environments.map(\.stack.count) == [1, 1])
    #expect(swiped.steps.map(\.description) == ["user swipes the AddAccount sheet down"])
    #expect(swiped.steps[0].state?.environments.map(\.stack.count) == [1])
    let cover = NavigationSpec("Cover", root: "Home") {
      Destination("Home") {
        FullScreenCover("Player")
        OnAppear { Alert("Welcome") }
      }
      Destination("Player") { Dismiss().label("Close") }
    }
    let closed = try cover.replay([
      .alertButton("OK"), .transition(screen: "Home", transition: .index(0)),
      .transition(screen: "Player", transition: .label("Close")),
    ])
    #expect(closed.ending == .state)
    #expect(closed.initial.screens.map(\.alert) == ["Welcome"])
    #expect(closed.steps.last?.description == "Player: tap 'Close' → dismiss")
    #expect(closed.steps.last?.state?.screens.map(\.alert) == [nil])
  }

  /// The app's presentation (§11.10) is walked after the selected stack (§11.11, shown
  /// screens): the editor the app presents appears, and so does a screen pushed in it; the tab
  /// under it stays shown (a presentation does not hide its presenter), so closing the editor
  /// makes nothing appear.
  @Test func theAppsPresentationAppears() throws {
    let spec = NavigationSpec("AppEditor", tabs: ["Home", "Inbox"]) {
      Flag("draft")
      Destination("Home") {
        Sheet("Editor", presenter: .app).label("Compose")
        OnAppear { SetFlag("draft", false) }
      }
      Destination("Inbox")
      Destination("Editor") {
        Push("Picker").label("Pick")
        DismissEnvironment().label("Close")
        OnAppear { SetFlag("draft", true) }
      }
      Destination("Picker") { OnAppear { Alert("Choose") } }
    }
    let replay = try spec.replay([
      .transition(screen: "Home", transition: .label("Compose")),
      .transition(screen: "Editor", transition: .label("Pick")),
      .alertButton("OK"), .gesture(.swipeBack),
      .transition(screen: "Editor", transition: .label("Close")),
    ])
    #expect(replay.ending == .state)
    #expect(
      replay.steps.map(\.description) == [
        "Home: tap 'Compose' → sheet Editor (on the app); then Editor appears: set draft to true",
        "Editor: tap 'Pick' → push Picker; then Picker appears: alert 'Choose'",
        "Picker: alert 'Choose', tap 'OK'",
        "user swipes back from Picker; then Editor appears: set draft to true",
        "Editor: tap 'Close' → dismiss environment",
      ])
    #expect(replay.steps.last?.state?.flags == ["draft"])
    var onScreen = spec
    onScreen.destinations[0].transitions[0].actions[0].presenter = .screen
    let sheet = try onScreen.replay([
      .transition(screen: "Home", transition: .label("Compose")),
      .transition(screen: "Editor", transition: .label("Pick")),
      .alertButton("OK"),
    ])
    #expect(sheet.steps.map(\.description).last == "Picker: alert 'Choose', tap 'OK'")
  }

  /// Decision 2: a screen appears at most once in an event, and never where it was shown at
  /// the event's start, even if hidden in between.
  @Test func aScreenAppearsOncePerEvent() throws {
    let spec = NavigationSpec("Once", root: "Home") {
      Flag("back")
      Destination("Home") {
        Actions {
          SetFlag("back", true)
          Push("Detail")
          Dismiss()
        }
        .label("Bounce")
        Push("Detail").label("Open")
        OnAppear { Alert("Again") }.when("back")
      }
      Destination("Detail") { OnAppear { Push("Child") } }
      Destination("Child") { OnAppear { Dismiss() } }
    }
    // Bounce: Home was shown at the start and after; Detail was shown only inside the event's
    // own part, then removed: nothing appears.
    let bounced = try spec.replay([.transition(screen: "Home", transition: .label("Bounce"))])
    #expect(bounced.ending == .state)
    #expect(
      bounced.steps.map(\.description) == [
        "Home: tap 'Bounce' → set back to true, push Detail, dismiss"
      ])
    #expect(bounced.steps[0].state?.screens.map(\.alert) == [nil])
    // Open: Detail pushes Child, Child dismisses itself, Detail is shown again but has
    // appeared already: [Home, Detail].
    let opened = try spec.replay([.transition(screen: "Home", transition: .label("Open"))])
    #expect(
      opened.steps.map(\.description) == [
        "Home: tap 'Open' → push Detail; then Detail appears: push Child; then Child appears: dismiss"
      ])
    #expect(opened.steps[0].state?.screens.map(\.destination) == ["Home", "Detail"])
  }

  /// Decision 3: rounds, in pre-order; each guard read when its screen's turn comes.
  @Test func appearancesRunInRounds() throws {
    let spec = NavigationSpec("Rounds", root: "Home") {
      Flag("ready")
      Destination("Home") {
        Actions {
          Push("A")
          Sheet("B")
        }
        .label("Open")
      }
      Destination("A") { OnAppear { SetFlag("ready", true) } }
      Destination("B") { OnAppear { Push("C") }.when("ready") }
      Destination("C") { OnAppear { Alert("Hi") } }
    }
    // Round 1 takes A and B (pre-order): A sets ready, so B's guard holds at its turn and B
    // pushes C; round 2 takes C.
    let opened = try spec.replay([.transition(screen: "Home", transition: .label("Open"))])
    #expect(
      opened.steps.map(\.description) == [
        "Home: tap 'Open' → push A, sheet B; then A appears: set ready to true; then B appears: push C; then C appears: alert 'Hi'"
      ])
    #expect(
      opened.steps[0].declarations.map(\.title) == [
        "Home: push A; sheet B 'Open'", "A: onAppear", "B: onAppear", "C: onAppear",
      ])
    #expect(opened.steps[0].state?.screens.map(\.destination) == ["Home", "A", "B", "C"])
    #expect(opened.steps[0].state?.screens.last?.alert == "Hi")
  }

  /// Decision 4: a chain of appearances that keeps creating screens is pruned after
  /// `S × (P + 1)` rounds.
  @Test func aRunawayAppearanceChainIsPruned() throws {
    let spec = NavigationSpec("Runaway", root: "Home") {
      Destination("Home") { Push("A") }
      Destination("A") {
        OnAppear {
          Dismiss()
          Push("A")
        }
      }
    }
    .bounds(maxStackDepth: 2, maxPresentationDepth: 1)
    let result = try check(spec)
    #expect(counts(result) == "states 1, transitions 0, pruned 1, depth 0")
    #expect(
      try spec.replay([.transition(screen: "Home", transition: .index(0))]).ending
        == .pruned(step: 0))
    // The bound exactly: S × (P + 1) = 4 rounds that take screens. Home pushes A1; each Ai
    // replaces itself by the next. Up to A4 the rounds take A1, A2, A3, A4: 4, then none.
    // Up to A5 a fifth round would take A5: pruned.
    func chain(_ length: Int) -> NavigationSpec {
      NavigationSpec("Chain", root: "Home") {
        Destination("Home") { Push("A1") }
        for i in 1..<length {
          Destination("A\(i)") {
            OnAppear {
              Dismiss()
              Push("A\(i + 1)")
            }
          }
        }
        Destination("A\(length)")
      }
      .bounds(maxStackDepth: 2, maxPresentationDepth: 1)
    }
    #expect(counts(try check(chain(4))) == "states 2, transitions 2, pruned 0, depth 1")
    #expect(counts(try check(chain(5))) == "states 1, transitions 0, pruned 1, depth 0")
  }

  /// Decision 5: `.task` is onAppear plus `start`; a push that hides its screen does not cancel
  /// it, and starting it again where it is pending does nothing.
  @Test func aTaskStartsWhenItsScreenAppears() throws {
    let spec = NavigationSpec("Task", root: "Home") {
      Flag("loaded")
      Destination("Home") { Push("Detail") }
      Destination("Detail") {
        Push("Info").label("Info")
        SetFlag("loaded", true).async(cancelsOnDismiss: true, tap: false).label("Load")
        OnAppear { StartWork("Load") }
      }
      Destination("Info")
    }
    let replay = try spec.replay([
      .transition(screen: "Home", transition: .index(0)),
      .transition(screen: "Detail", transition: .label("Info")),
      .gesture(.swipeBack), .gesture(.swipeBack),
    ])
    #expect(replay.ending == .state)
    #expect(
      replay.steps.map(\.description) == [
        "Home: push Detail; then Detail appears: start 'Load'", "Detail: tap 'Info' → push Info",
        "user swipes back from Info; then Detail appears: start 'Load'",
        "user swipes back from Detail",
      ])
    // Pending through the push and the return; cancelled with its screen, no orphan.
    #expect(replay.steps[1].state?.screens[1].pending == ["Load"])
    #expect(replay.steps[2].state?.screens[1].pending == ["Load"])
    let result = try check(spec)
    #expect(result.violations.isEmpty)
  }

  /// Decision 6: the launch is an appearance; a launch that breaks a rule gives no states and
  /// the violation once, with the one step "the app launches".
  @Test func theLaunchRunsTheFirstAppearances() throws {
    let result = try check(Self.signIn)
    let start = try Self.signIn.replay([])
    #expect(start.initial.environments.map(\.stack.count) == [1, 1])
    #expect(result.depth == 3)
    let failing = NavigationSpec("Launch", root: "Home") {
      Destination("Home") { OnAppear { Dismiss() } }
    }
    let failed = try check(failing)
    #expect(counts(failed) == "states 0, transitions 0, pruned 0, depth 0, dismissAtRoot 1")
    let violation = try #require(failed.violations.first)
    #expect(violation.count == 1)
    #expect(violation.declaration?.title == "Home: onAppear")
    #expect(violation.trace.map(\.description) == ["the app launches; then Home appears: dismiss"])
    #expect(violation.trace.map(\.event) == [.launch])
    #expect(violation.trace.first?.state?.screens.map(\.destination) == ["Home"])
    let replay = try failing.replay(violation.trace.map(\.event))
    guard case .violation(step: -1, kind: .dismissAtRoot, _) = replay.ending else {
      Issue.record("the replay of the launch ends \(replay.ending)")
      return
    }
    let runaway = NavigationSpec("LaunchLoop", root: "Home") {
      Destination("Home") { OnAppear { Sheet("A") } }
      Destination("A") { OnAppear { Dismiss() } }
    }
    // Home presents A, A dismisses itself, Home has appeared already: the start is [Home].
    #expect(counts(try check(runaway)) == "states 1, transitions 0, pruned 0, depth 0")
  }

  /// Reading and validation: the JSON form round-trips; two onAppear, an empty one,
  /// unlessPending and an action's problems are reported at `destinations[i].onAppear`.
  @Test func invalidOnAppearsAreReported() throws {
    try roundTrip(
      #"{"name": "A", "root": "Home", "flags": [{"name": "f"}], "destinations": [{"name": "Home", "transitions": [], "onAppear": {"actions": [{"action": "push", "destination": "Home"}], "when": "f"}}]}"#
    )
    #expect(
      try validationProblems(
        #"{"name": "A", "root": "Home", "destinations": [{"name": "Home", "transitions": [], "onAppear": {"actions": [], "unlessPending": "Load"}}]}"#
      ) == [
        "destinations[0].onAppear.unlessPending @1: the onAppear of 'Home' has unlessPending; starting work that is already pending does nothing, so there is nothing to wait for: remove it, or use when or unless",
        "destinations[0].onAppear.actions @1: the onAppear of 'Home' has no actions; add at least one, or remove it",
      ])
    #expect(
      try validationProblems(
        #"{"name": "A", "root": "Home", "destinations": [{"name": "Home", "transitions": [], "onAppear": {"actions": [{"action": "push", "destination": "Nowhere"}], "when": "f"}}]}"#
      ).map { $0.components(separatedBy: ":")[0] } == [
        "destinations[0].onAppear.when @1", "destinations[0].onAppear.actions[0].destination @1",
      ])
    let second = #line + 4
    let twice = NavigationSpec("Twice", root: "Home") {
      Destination("Home") {
        OnAppear { Push("Home") }
        OnAppear { Push("Home") }
      }
    }
    #expect(
      twice.problems.map(\.message) == [
        "destination 'Home' has two onAppear; merge their actions into one OnAppear { … }"
      ])
    #expect(twice.problems.first?.location?.line == second)
  }

  /// JSON writes `"onAppear"` after `transitions` (a spec without one writes nothing new);
  /// Swift writes `OnAppear { … }.unless(…)` in the destination's body, and the two agree; the
  /// destination graph draws its actions from its destination.
  @Test func theJSONSwiftAndGraphFormsCarryOnAppear() throws {
    let json = Self.signIn.jsonValue.text(indent: nil)
    #expect(
      json.contains(
        #""label":"Open"}],"onAppear":{"actions":[{"action":"sheet","destination":"AddAccount"}],"unless":"signedIn"}}"#
      ))
    var plain = Self.signIn
    for d in plain.destinations.indices { plain.destinations[d].onAppear = nil }
    #expect(!plain.jsonValue.text(indent: nil).contains("onAppear"))
    let source = Self.signIn.swiftSource()
    #expect(
      source.contains("    OnAppear {\n      Sheet(\"AddAccount\")\n    }.unless(\"signedIn\")"))
    #expect(source.contains("    OnAppear {\n      StartWork(\"Load\")\n    }"))
    let graph = GraphReport(language: .dot).destinationGraph(Self.signIn)
    #expect(
      graph.contains(#"d_Timeline -> d_AddAccount [label="[unless signedIn] onAppear: sheet""#))
  }

  /// The launch's trace step: `{"launch": true}`, `.launch` in Swift; a replay leaves a first
  /// launch step out, and no state offers it.
  @Test func theLaunchStepReadsWritesAndReplays() throws {
    #expect(EventReference.launch.jsonValue.text(indent: nil) == #"{"launch":true}"#)
    #expect(try EventReference(jsonValue: EventReference.launch.jsonValue) == .launch)
    #expect(EventReference.launch.swiftLiteral == ".launch")
    let replay = try Self.signIn.replay([.launch, .gesture(.swipeDown)])
    #expect(replay.ending == .state)
    #expect(replay.steps.map(\.description) == ["user swipes the AddAccount sheet down"])
    #expect(
      try Self.signIn.replay([.gesture(.swipeDown), .launch]).ending
        == .impossible(
          step: 1,
          reason:
            "the app launches once, before the first state (SEMANTICS v3 §11.11): no state offers it; a replay starts after the launch"
        ))
  }

  /// The tabs reduction is refused where a destination declares onAppear.
  @Test func theTabsReductionIsRefused() throws {
    let spec = NavigationSpec("Tabs", tabs: ["Home", "Search"]) {
      Destination("Home") { OnAppear { SetFlag("seen", true) } }
      Destination("Search")
      Flag("seen")
    }
    var options = ExplorationOptions()
    options.reduction = .always
    let result = try spec.check(options: options)
    #expect(
      result.fullProductReason
        == "Home: onAppear: onAppear performs when a screen appears, which selecting a tab makes happen"
    )
  }
}

/// The words of a button of an alert that a callback showed: the callback's declaration fires
/// again for the button (the alert is its), which is no callback run by the tap.
@Suite struct CallbackAlertWordsTests {
  @Test func aButtonOfACallbacksAlertIsNoCallback() throws {
    let spec = NavigationSpec("Saved", root: "Home") {
      Destination("Home") { Push("Item").onDismiss { Alert("Removed") } }
      Destination("Item") { Dismiss().label("Delete") }
    }
    let replay = try spec.replay([
      .transition(screen: "Home", transition: .index(0)),
      .transition(screen: "Item", transition: .label("Delete")), .alertButton("OK"),
    ])
    #expect(
      replay.steps.map(\.description) == [
        "Home: push Item",
        "Item: tap 'Delete' → dismiss; then onDismiss: alert 'Removed'",
        "Home: alert 'Removed', tap 'OK'",
      ])
  }
}
