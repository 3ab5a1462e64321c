import Testing

@testable import NavCheck

/// The router model is the one owner of meaning: trace steps carry the declarations that
/// fired, and replay, simulate and the state graph agree with a check.
@Suite struct RouterModelTests {
  /// A transition that starts a flow fires the transition, then the flow step; a gesture fires
  /// nothing and points at the destination it acts on; a deep link fires its actions in order.
  @Test func traceStepsCarryTheDeclarationsThatFired() throws {
    let spec = NavigationSpec("Steps", root: "A") {
      Destination("A") { StartFlow("F") }
      Destination("B") { Dismiss() }
      Flow("F") { Push("B") }
      DeepLink("home") {
        DismissAll()
        Push("B")
      }
    }
    let replay = try spec.replay([
      .transition(screen: "A", transition: .index(0)),
      .gesture(.swipeBack),
      .deepLink("home"),
    ])
    #expect(replay.ending == .state)
    let steps = replay.steps
    #expect(steps[0].declarations.map(\.kind) == [.transition, .flowStep])
    #expect(steps[0].declarations.map(\.title) == ["A: startFlow 'F'", "flow 'F' step 1: push B"])
    #expect(steps[0].location == spec.destinations[0].transitions[0].location)
    #expect(steps[1].declarations.isEmpty)
    #expect(steps[1].screen.kind == .destination && steps[1].screen.title == "destination B")
    #expect(steps[1].location == spec.destinations[1].location)
    #expect(steps[2].declarations.map(\.kind) == [.deepLinkAction, .deepLinkAction])
    #expect(steps[2].declarations.map(\.index) == [0, 1])
  }

  /// Two alerts named alike, one shown by a transition, one by a deep link: each tap of a
  /// button points at that button's own line, and so do the annotations of the reports.
  @Test func sameNamedAlertsKeepTheirOwnButtons() throws {
    let spec = twoConfirmAlerts
    let result = try check(spec)
    guard case .alert(_, _, let transitionButtons) = spec.destinations[0].transitions[0].action,
      case .alert(_, _, let deepLinkButtons) = spec.deepLinks[0].actions[0].action
    else {
      Issue.record("the spec's alerts moved")
      return
    }
    let transitionButton = try #require(transitionButtons[0].location?.line)
    let deepLinkButton = try #require(deepLinkButtons[0].location?.line)
    let dismiss = try #require(spec.destinations[1].transitions[0].location?.line)
    #expect(Set([transitionButton, deepLinkButton, dismiss]).count == 3)

    let atRoot = try #require(result.violations.first { $0.kind == .dismissEnvironmentAtRoot })
    let alert = spec.destinations[0].transitions[0].location?.line
    #expect(atRoot.trace.map(\.location?.line) == [alert, transitionButton, dismiss])
    let trap = try #require(result.violations.first { $0.kind == .trap })
    #expect(
      trap.trace.map(\.description) == [
        "deep link 'confirm' arrives", "A: alert 'Confirm', tap 'Go' → full-screen cover Cage",
      ])
    try #require(trap.trace.count == 2)
    #expect(trap.trace[1].declarations.map(\.kind) == [.alertButton])
    #expect(trap.location?.line == deepLinkButton)

    // The JSON report carries the same declarations on each step.
    let json = try JSONReader.read(
      Array(
        CheckResult.jsonReport(
          [SpecCheck(spec: spec, result: result, maxStates: 0)], paths: .unchanged
        ).utf8))
    guard case .array(let results) = json["results"]?.kind,
      case .array(let violations) = results.first?["violations"]?.kind,
      let trapJSON = violations.first(where: {
        if case .string("trap") = $0["kind"]?.kind { return true } else { return false }
      }),
      case .array(let steps) = trapJSON["trace"]?.kind,
      case .array(let declarations) = steps.last?["declarations"]?.kind
    else {
      Issue.record("the JSON report has no trap trace with declarations")
      return
    }
    #expect(declarations.count == 1)
    #expect(declarations.first?["kind"] == .string("alertButton"))
    #expect(declarations.first?["line"] == .int(deepLinkButton))

    // GitHub annotations: the trap at the deep link's button, the other at its declaration.
    let annotations = GitHubReport(paths: .unchanged).render([
      SpecCheck(spec: spec, result: result, maxStates: 1000)
    ]).split(separator: "\n").filter { $0.hasPrefix("::error") }
    #expect(annotations.count == result.violations.count)
    #expect(annotations.contains { $0.contains("line=\(deepLinkButton),") && $0.contains("trap") })
    #expect(
      annotations.contains {
        $0.contains("line=\(dismiss),") && $0.contains("dismissEnvironmentAtRoot")
      })
  }

  /// The GitHub summary line counts in words a reader can take as written: one state, one
  /// transition; thousands grouped.
  @Test func theGitHubSummaryCountsInWords() throws {
    let one = NavigationSpec("One", root: "A") { Destination("A") }
    let result = try check(one)
    #expect(result.states == 1 && result.transitions == 0)
    let summary = GitHubReport(paths: .unchanged).render([
      SpecCheck(spec: one, result: result, maxStates: 1000)
    ])
    #expect(summary.contains("One: every rule holds; 1 state, 0 transitions, "), "\(summary)")
    var large = result
    large.states = 46_057
    large.transitions = 1
    let grouped = GitHubReport(paths: .unchanged).render([
      SpecCheck(spec: one, result: large, maxStates: 100_000)
    ])
    #expect(grouped.contains("46,057 states, 1 transition, "), "\(grouped)")
  }

  /// Every trap that a check finds replays as a trap, through the explorer's return analysis
  /// (with custom invariants, whose breaking states are not expanded in either).
  @Test func everyTrapOfACheckReplaysAsATrap() throws {
    let spec = NavigationSpec("Traps", root: "A") {
      Destination("A") {
        FullScreenCover("Cage")
        Sheet("S")
      }
      Destination("Cage") { Push("Cage") }
      Destination("S") {
        Alert("Lock") { Button("Stay") { FullScreenCover("Cage") } }
      }
      Invariant("at most two cages") { $0.count(of: "Cage") <= 2 }
    }
    .bounds(maxStackDepth: 3)
    let result = try check(spec)
    let trap = try #require(result.violations.first { $0.kind == .trap })
    let replay = try spec.replay(trap.trace.map(\.event))
    guard case .violation(let step, .trap, _) = replay.ending else {
      Issue.record("expected a trap, got \(replay.ending)")
      return
    }
    #expect(step == trap.trace.count - 1)
    #expect(replay.violation?.kind == .trap)
    #expect(!replay.trapUnsettled)
    // A state that can still get home is no trap.
    let home = try spec.replay([.transition(screen: "A", transition: .index(1))])
    #expect(home.ending == .state)
    #expect(!home.trapUnsettled)
  }

  /// Where more states are reachable from a replay's last state than it explores, whether that
  /// state is a trap is unknown, and the replay says so rather than ending as if it were none.
  @Test func aTrapVerdictPastTheLimitIsUnsettled() throws {
    let spec = NavigationSpec("Traps", root: "A") {
      Destination("A") { FullScreenCover("Cage") }
      Destination("Cage") { Push("Cage") }
    }
    .bounds(maxStackDepth: 3)
    let trace: [EventReference] = [.transition(screen: "A", transition: .index(0))]
    // From the cage, 3 states are reachable (1, 2 and 3 cages deep), none of them home.
    let settled = try spec.replay(trace, trapLimit: 3)
    #expect(settled.violation?.kind == .trap)
    #expect(!settled.trapUnsettled)
    let unsettled = try spec.replay(trace, trapLimit: 2)
    #expect(unsettled.ending == .state)
    #expect(unsettled.violation == nil)
    #expect(unsettled.trapUnsettled)
    // No step: the first state is never judged.
    #expect(!(try spec.replay([], trapLimit: 1).trapUnsettled))
  }

  /// The state graph is the explorer's: the same states as a check, and a state that breaks an
  /// invariant is marked and not expanded.
  @Test func theStateGraphSeesInvariantsAndMatchesTheCheck() throws {
    let spec = NavigationSpec("Graph", root: "A") {
      Destination("A") { Push("B") }
      Destination("B") { Push("B") }
      Invariant("at most one B") { $0.count(of: "B") <= 1 }
    }
    let graph = try spec.stateGraph()
    let result = try check(spec)
    #expect(graph.complete)
    #expect(graph.states.count == result.states)
    #expect(graph.brokenInvariants == [2: "at most one B"])
    #expect(graph.edges.filter { $0.from == 2 }.isEmpty)
    #expect(graph.edges.filter { $0.to != nil }.count == result.transitions)
  }

  /// A replay that breaks a rule says which declaration broke it.
  @Test func aReplayedViolationNamesItsDeclaration() throws {
    let spec = twoConfirmAlerts
    let replay = try spec.replay([
      .transition(screen: "A", transition: .index(0)), .alertButton("Go"),
      .transition(screen: "B", transition: .index(0)),
    ])
    #expect(replay.violation?.kind == .dismissEnvironmentAtRoot)
    #expect(replay.violation?.declaration?.title == "B: dismissEnvironment")
    #expect(replay.violation?.declaration?.location == spec.destinations[1].transitions[0].location)
    #expect(replay.violation?.trace.count == 3)
  }
}

/// A transition and a deep link each show an alert named "Confirm"; the transition's "Go"
/// pushes a screen that breaks a rule, the deep link's "Go" covers the app with no way out.
let twoConfirmAlerts = NavigationSpec("Confirm", root: "A") {
  Destination("A") {
    Alert("Confirm") {
      Button("Go") { Push("B") }
    }
  }
  Destination("B") { DismissEnvironment() }
  Destination("Cage") { Push("Cage") }
  DeepLink("confirm", start: .active) {
    Alert("Confirm") {
      Button("Go") { FullScreenCover("Cage") }
      Button("Cancel")
    }
  }
}
.bounds(maxStackDepth: 2)
