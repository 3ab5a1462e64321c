import Foundation
import Testing

@testable import NavCheck

/// §11.8: window-level prompts, above every sheet, and the work waiting for their answer.
@Suite struct WindowPromptTests: SpecJSONChecks {
  /// `Examples/windowprompt.json` in the DSL: Swiftfin's sign-in suspended on its PIN prompt,
  /// a link that pushes (covered under the prompt) and a link that shows a prompt halfway.
  static let signIn = NavigationSpec("WindowPrompt", root: "Login") {
    Destination("Login") { Sheet("SignIn").label("Sign in") }
    Destination("SignIn", navigation: false, swipeToDismiss: false) {
      Alert("PIN", level: .window) {
        Button("Done") { StartWork("Finish sign in") }
        Button("Cancel")
      }.async().label("Sign in")
      DismissEnvironment().async(tap: false).actsOn(.app).label("Finish sign in")
    }
    Destination("Detail")
    DeepLink("open") { Push("Detail") }
    DeepLink("unlock") {
      Alert("Unlock", level: .window) {
        Button("Done") { Push("Detail") }
        Button("Cancel")
      }
    }
  }
  .bounds(maxStackDepth: 2, maxPresentationDepth: 1)

  /// The hand derivation of Examples/README.md, from the JSON and from the DSL, at one and
  /// three threads.
  @Test func theExampleKeepsItsHandDerivedCounts() throws {
    let json = try example("windowprompt")
    #expect(json == Self.signIn)
    #expect(try read(json.jsonValue.text()) == json)
    for spec in [json, Self.signIn] {
      for threads in [1, 3] {
        let result = try check(spec, threads: threads)
        #expect(
          counts(result)
            == "states 19, transitions 37, pruned 2, depth 10, duplicateAlert 13, actionFromCoveredScreen 17, pushWithoutNavigation 4, dismissEnvironmentAtRoot 4, orphanedCompletion 2"
        )
        #expect(
          result.violations.map { "\($0.kind.rawValue) \($0.trace.count)" } == [
            "duplicateAlert 2", "duplicateAlert 4", "actionFromCoveredScreen 2",
            "pushWithoutNavigation 3", "dismissEnvironmentAtRoot 9", "orphanedCompletion 6",
          ])
        #expect(result.warnings.isEmpty)
        #expect(result.violationCounts[.trap] == nil)
      }
    }
  }

  /// The sign-in that finishes after its sheet is gone: a second PIN was up when the first
  /// 'Finish sign in' closed the sheet under it, and its Done started the work again from Login.
  @Test func theWorkWaitingForThePromptResumesFromTheActiveScreen() throws {
    let result = try check(Self.signIn)
    #expect(
      trace(result, .dismissEnvironmentAtRoot) == [
        "Login: tap 'Sign in' → sheet SignIn",
        "SignIn: async 'Sign in' starts",
        "SignIn: async 'Sign in' completes → alert 'PIN' (window)",
        "SignIn: window prompt 'PIN', tap 'Done' → start 'Finish sign in'",
        "SignIn: async 'Sign in' starts",
        "SignIn: async 'Sign in' completes → alert 'PIN' (window)",
        "SignIn: async 'Finish sign in' completes → dismiss environment (on the active screen)",
        "Login: window prompt 'PIN', tap 'Done' → start 'Finish sign in'",
        // A completion names the destination that declares the work; it acts from Login.
        "SignIn: async 'Finish sign in' completes → dismiss environment (on the active screen)",
      ])
    let pin = result.violations.first { $0.kind == .dismissEnvironmentAtRoot }?.trace[6].state
    #expect(pin?.prompt == "PIN")
    #expect(pin?.description == "Login\n⧉ window prompt 'PIN' over every screen")
  }

  /// Decision 2: a prompt's button acts from the active screen at tap time, not from the
  /// screen that showed it: Unlock, shown from Login, pushes from the SignIn sheet above it.
  @Test func aPromptButtonActsFromTheActiveScreen() throws {
    let result = try check(Self.signIn)
    #expect(
      trace(result, .pushWithoutNavigation) == [
        "Login: tap 'Sign in' → sheet SignIn",
        "deep link 'unlock' arrives",
        "SignIn: window prompt 'Unlock', tap 'Done' → push Detail",
      ])
    let done = result.violations.first { $0.kind == .pushWithoutNavigation }?.declaration
    #expect(done?.title == "deep link 'unlock': alert 'Unlock' button 'Done'")
    #expect(done?.kind == .alertButton)
  }

  /// Decision 4: while a prompt shows every screen is covered, the active one too: a link that
  /// pushes from an uncovered Login is actionFromCoveredScreen under the prompt, and says so.
  /// Decision 10: no fix is offered in a spec with a window prompt.
  @Test func aDeepLinkUnderAPromptIsCovered() throws {
    let replay = try Self.signIn.replay([.deepLink("unlock"), .deepLink("open")])
    guard case .violation(1, .actionFromCoveredScreen, _) = replay.ending else {
      Issue.record("\(replay.ending)")
      return
    }
    let spec = NavigationSpec("Covered", root: "Login") {
      Destination("Login") {}
      Destination("Detail")
      DeepLink("unlock") { Alert("Unlock", level: .window) }
      DeepLink("open") { Push("Detail") }
    }
    let result = try check(spec)
    // [Login], [Login] ‹U›, [Login, Detail], [Login, Detail] ‹U›: 'open' is covered in the
    // three but the first, 'unlock' a duplicate in the two with the prompt.
    #expect(
      counts(result)
        == "states 4, transitions 6, pruned 0, depth 2, duplicateAlert 2, actionFromCoveredScreen 3"
    )
    let covered = result.violations.first { $0.kind == .actionFromCoveredScreen }
    #expect(
      covered?.trace.map(\.description) == [
        "deep link 'unlock' arrives", "deep link 'open' arrives",
      ])
    #expect(
      covered?.why == [
        "the screen it acts from, Login, is covered by the window prompt 'Unlock' above every screen"
      ])
    let checked = spec.suggestingFixes(for: result)
    #expect(checked.violations.allSatisfy { $0.fixes.isEmpty })
    #expect(checked.violations.allSatisfy { $0.fixSearch == .searched(rejected: []) })
  }

  /// Decision 1 and 6: while a prompt shows, its buttons are the state's first events, in
  /// place of the user's; the step of a button is an alert button's, and replay reads it.
  @Test func aWindowPromptTakesEveryTouch() throws {
    let spec = NavigationSpec("Touch", root: "Home") {
      Destination("Home") {
        Push("Detail")
        Alert("Sign out?", style: .confirmationDialog, level: .window) {
          Button("Sign out") { ShowModule("Touch") }
        }.label("Ask")
      }
      Destination("Detail")
      DeepLink("ping") { SetFlag("pinged", true) }
      DeepLink("reset") { ShowModule("Touch") }
      Flag("pinged")
    }
    // After Ask: the prompt's button, its tap outside, the link; no push, no second Ask.
    let graph = try spec.stateGraph(maxStates: 100)
    let prompted = try #require(graph.states.firstIndex { $0.prompt == "Sign out?" })
    #expect(
      graph.edges.filter { $0.from == prompted }.map(\.event) == [
        "Home: window prompt 'Sign out?', tap 'Sign out' → show module Touch",
        "user taps outside the 'Sign out?' dialog",
        "deep link 'ping' arrives", "deep link 'reset' arrives",
      ])
    let replay = try spec.replay([
      .transition(screen: "Home", transition: .label("Ask")), .alertButton("Sign out"),
    ])
    #expect(replay.ending == .state)
    #expect(replay.steps.last?.state?.prompt == nil)
    // A transition named while the prompt shows, and a button it lacks, are explained.
    let blocked = try spec.replay([
      .transition(screen: "Home", transition: .label("Ask")),
      .transition(screen: "Home", transition: .index(0)),
    ])
    #expect(
      blocked.ending
        == .impossible(
          step: 1,
          reason:
            "window prompt 'Sign out?' is shown above every screen; only its buttons can be tapped")
    )
    let missing = try spec.replay([
      .transition(screen: "Home", transition: .label("Ask")), .alertButton("Cancel"),
    ])
    #expect(
      missing.ending
        == .impossible(
          step: 1, reason: "window prompt 'Sign out?' has no button 'Cancel' (it has 'Sign out')"))
    let none = try spec.replay([.alertButton("Sign out")])
    #expect(
      none.ending
        == .impossible(step: 0, reason: "Home shows no alert, and no window prompt is shown"))
    // Decision 8: the prompt survives a module switch (a link's, under the prompt: the screens
    // are reset, the prompt stays).
    let reset = try spec.replay([
      .transition(screen: "Home", transition: .label("Ask")), .deepLink("reset"),
    ])
    #expect(reset.ending == .state)
    #expect(
      reset.steps.last?.state?.description == "Home\n⧉ window dialog 'Sign out?' over every screen")
    #expect(graph.states.contains { $0.prompt == "Sign out?" && $0.flags == ["pinged"] })
  }

  /// Decision 3: a prompt is router-free only where its buttons are. With a Done that starts
  /// nothing, closing the sheet with 'Sign in' pending orphans nothing: its entry joins the app's
  /// work, and the prompt shows over Login.
  @Test func aPromptThatResumesWorkIsNotRouterFree() throws {
    func spec(resumes: Bool) -> NavigationSpec {
      NavigationSpec("Resume", root: "Login") {
        Destination("Login") { Sheet("SignIn") }
        Destination("SignIn", navigation: false) {
          Alert("PIN", level: .window) {
            if resumes {
              Button("Done") { StartWork("Finish") }
            } else {
              Button("Done") { SetFlag("signedIn", true) }
            }
          }.async().label("Sign in")
          SetFlag("signedIn", true).async(tap: false).actsOn(.app).label("Finish")
        }
        Flag("signedIn")
      }
    }
    let resuming = try check(spec(resumes: true))
    #expect(
      trace(resuming, .orphanedCompletion) == [
        "Login: sheet SignIn", "SignIn: async 'Sign in' starts",
        "user swipes the SignIn sheet down",
      ])
    let free = try check(spec(resumes: false))
    #expect(free.violationCounts[.orphanedCompletion] == nil)
    // The entry completes from the app: the prompt shows over Login, the sheet gone.
    let replay = try spec(resumes: false).replay([
      .transition(screen: "Login", transition: .index(0)),
      .transition(screen: "SignIn", transition: .label("Sign in")), .gesture(.swipeDown),
      .complete(screen: "SignIn", transition: .label("Sign in"), outcome: nil, at: nil),
    ])
    #expect(replay.ending == .state)
    #expect(
      replay.steps.last?.state?.description == "Login\n⧉ window prompt 'PIN' over every screen")
  }

  /// Decision 7: a second window prompt while one shows is duplicateAlert, not a replacement;
  /// a window prompt over a screen that shows its own alert is not covered by it.
  @Test func aSecondWindowPromptIsDuplicateAlert() throws {
    let spec = NavigationSpec("Twice", root: "Home") {
      Destination("Home") {
        Alert("Local") { Button("OK") { Alert("Global", level: .window) } }.label("Local")
        Alert("Global", level: .window).label("Global")
      }
      DeepLink("again") { Alert("Global", level: .window) }
    }
    // Three declarations of 'Global', three states that show it (§2); 'again' over each.
    let result = try check(spec)
    #expect(result.states == 6)
    #expect(result.violationCounts[.duplicateAlert] == 4)
    #expect(result.violationCounts[.actionFromCoveredScreen] == nil)
    #expect(
      trace(result, .duplicateAlert) == [
        "Home: tap 'Global' → alert 'Global' (window)", "deep link 'again' arrives",
      ])
    // The words say the app's prompt is shown, not the screen's alert.
    let violation = try #require(result.violations.first { $0.kind == .duplicateAlert })
    #expect(
      violation.message
        == "deep link 'again' arrives: the window prompt 'Global' is already shown above every screen and a second one is requested"
    )
    // A screen's alert over the screen's own alert keeps its words.
    let local = try #require(
      try check(
        NavigationSpec("Local", root: "Home") {
          Destination("Home") { Alert("A") { Button("OK") { Alert("B") } }.label("A") }
          DeepLink("b", start: .active) { Alert("B") }
        }
      ).violations.first { $0.kind == .duplicateAlert })
    #expect(
      local.message.hasSuffix(": the screen already shows an alert and a second one is requested"))
  }

  /// Decision 5: a state that shows a prompt is no home state, so a prompt that cannot be
  /// closed is a trap.
  @Test func aPromptWithoutAWayOutIsATrap() throws {
    let spec = NavigationSpec("Stuck", root: "Home") {
      Destination("Home") {
        Alert("Update required", level: .window) { Button("Update").when("updated") }.label("Check")
      }
      Flag("updated")
    }
    let result = try check(spec)
    #expect(result.violationCounts[.trap] == 1)
  }

  /// Invalid specs: a bad level, a level on an action that takes none, a prompt's button that
  /// starts work held by a screen (it acts from the active screen) or waits for pending work.
  @Test func invalidLevelsAreSpecProblems() throws {
    func spec(_ action: String) -> String {
      #"{"name": "A", "root": "Home", "destinations": [{"name": "Home", "transitions": [\#(action)]}]}"#
    }
    #expect(
      readingProblems(spec(#"{"action": "alert", "alert": "PIN", "level": "app"}"#)) == [
        "destinations[0].transitions[0].level @1: 'app' is not one of 'screen', 'window'"
      ])
    #expect(
      readingProblems(spec(#"{"action": "push", "destination": "Home", "level": "window"}"#)) == [
        "destinations[0].transitions[0].level @1: 'level' is an alert's (\"window\": a window prompt, SEMANTICS v3 §11.8) or a toast's, not a 'push' action's; remove it"
      ])
    let screenWork = try validationProblems(
      spec(
        #"{"action": "alert", "alert": "PIN", "level": "window", "buttons": [{"label": "Done", "action": {"action": "start", "work": "Finish"}}]}, {"action": "dismiss", "trigger": "async", "tap": false, "label": "Finish"}"#
      ))
    #expect(screenWork.count == 1)
    #expect(
      screenWork.first?.hasPrefix(
        "destinations[0].transitions[0].buttons[0].action @1: start 'Finish' may be performed from a screen that does not show 'Home'"
      ) == true)
    // The same button on a screen-level alert is valid (it acts from the screen that shows it).
    #expect(
      try validationProblems(
        spec(
          #"{"action": "alert", "alert": "PIN", "buttons": [{"label": "Done", "action": {"action": "start", "work": "Finish"}}]}, {"action": "dismiss", "trigger": "async", "tap": false, "label": "Finish"}"#
        )) == [])
    #expect(
      try roundTrip(spec(#"{"action": "alert", "alert": "PIN", "level": "screen"}"#))
        .destinations[0].transitions[0].action == .alert(name: "PIN", buttons: []))
    // A prompt's button has no screen of its own whose work it could wait for.
    #expect(
      try validationProblems(
        spec(
          #"{"action": "alert", "alert": "PIN", "level": "window", "buttons": [{"label": "Done", "unlessPending": "Load"}]}, {"action": "dismiss", "trigger": "async", "label": "Load"}"#
        )) == [
          "destinations[0].transitions[0].buttons[0].unlessPending @1: window prompt 'PIN' button 'Done' has unlessPending; a window prompt has no screen of its own, so no pending work to wait for: use when or unless"
        ])
  }

  /// The JSON and Swift forms: `level` after `style`, only where `window`.
  @Test func theJSONAndSwiftFormsCarryTheLevel() throws {
    let text = Self.signIn.jsonValue.text()
    let style = try #require(text.range(of: #""alert": "PIN""#))
    let level = try #require(text.range(of: #""level": "window""#))
    let buttons = try #require(text.range(of: #""buttons""#))
    #expect(style.upperBound < level.lowerBound && level.upperBound < buttons.lowerBound)
    #expect(try read(text) == Self.signIn)
    let swift = Self.signIn.swiftSource()
    #expect(swift.contains(#"Alert("PIN", level: .window) {"#))
    #expect(
      Action.windowAlert(name: "Sure?", style: .confirmationDialog, buttons: []).words
        == "confirmation dialog 'Sure?' (window)")
  }

  /// The state's header gains a prompt field only where the spec declares a window prompt.
  @Test func thePromptTakesNoBytesWithoutWindowPrompts() throws {
    let plain = NavigationSpec("Plain", root: "Home") {
      Destination("Home") { Alert("Local").label("Local") }
    }
    #expect(StateCodec(CompiledSpec(plain)).promptBytes == 0)
    #expect(StateCodec(CompiledSpec(Self.signIn)).promptBytes == 1)
  }

  /// The tabs reduction is refused, naming the declaration that shows the prompt.
  @Test func theTabsReductionIsRefused() throws {
    let spec = NavigationSpec("Tabs", tabs: ["A", "B"]) {
      Destination("A") { Alert("PIN", level: .window).label("Ask") }
      Destination("B")
    }
    let obstacle = TabReduction.obstacle(CompiledSpec(spec))
    #expect(
      obstacle?.reason
        == "A: alert 'PIN' (window) 'Ask' shows window prompt 'PIN': a window prompt covers every tab"
    )
  }
}
