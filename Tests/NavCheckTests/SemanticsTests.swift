import Foundation
import Testing

@testable import NavCheck

// Every rule of SEMANTICS.md §2–§7 on a small spec whose counts are derived by hand in the
// comment above the assertion. States are written as stacks: `[A, B ⟶ C]` is A and B in the
// root stack, B presenting a sheet whose stack is [C]; `{t}` marks pending async work.

@Suite struct ExampleSpecTests {
  /// The examples of the shared contract, with the counts SEMANTICS.md gives for them.
  /// The last ten are NavCheck's own, for SEMANTICS v3 (Examples/README.md).
  @Test(arguments: [
    "notes", "onboarding", "tabs", "cascade", "stackwork", "appwork", "linkstack", "linktab",
    "signin", "tabbutton", "toast", "itemsheet", "keeptab", "broadcast", "windowprompt",
    "apppresenter",
    "onappear",
  ])
  func exampleMatchesItsExpectedCounts(name: String) throws {
    let result = try check(example(name))
    let url = testsFolder.appendingPathComponent("Examples/\(name).expected.json")
    let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    #expect(result.states == expected["states"] as? Int)
    #expect(result.transitions == expected["transitions"] as? Int)
    #expect(result.pruned == expected["pruned"] as? Int)
    #expect(result.depth == expected["depth"] as? Int)
    let violationCounts = Dictionary(
      uniqueKeysWithValues: result.violationCounts.map { ($0.key.rawValue, $0.value) })
    #expect(violationCounts == expected["violationCounts"] as? [String: Int])
    var shortest: [String: Int] = [:]
    for violation in result.violations {
      shortest[violation.kind.rawValue] = min(
        shortest[violation.kind.rawValue] ?? .max, violation.trace.count)
    }
    #expect(shortest == expected["shortestTrace"] as? [String: Int])
    let unreachable = result.warnings.filter { $0.kind == .unreachableDestination }
    #expect(unreachable.count == (expected["unreachableDestinations"] as? [String])?.count)
  }

  /// The hand derivation of examples/README.md: the orphan of "Cancel" while "Create" is
  /// pending is found first (S0 → S2 → S5, then Cancel), in three events.
  @Test func notesOrphanTraceIsTheShortestOne() throws {
    let result = try check(example("notes"))
    #expect(
      trace(result, .orphanedCompletion) == [
        "Folders: tap 'New folder' → sheet NewFolder",
        "NewFolder: async 'Create' starts",
        "NewFolder: tap 'Cancel' → dismiss",
      ])
    #expect(result.violations.map(\.declaration?.location?.line) == [74, 54])
  }
}

@Suite struct ShowActionTests {
  /// S0 [A] → push → S1 [A, A] → push → S2 [A, A, A]; a fourth screen exceeds maxStackDepth 3:
  /// pruned, no violation. Swipe back: S1 → S0, S2 → S1.
  /// 3 states; transitions S0 1 + S1 2 + S2 1 = 4; pruned 1; depth 2.
  @Test func pushPastMaxStackDepthIsPruned() throws {
    let spec = NavigationSpec("Stack", root: "A") { Destination("A") { Push("A") } }
      .bounds(maxStackDepth: 3)
    #expect(try counts(check(spec)) == "states 3, transitions 4, pruned 1, depth 2")
  }

  /// The largest stack bound: stacks of 1…255 screens, each pushing (but the last, pruned)
  /// and swiping back (but the first): 255 states, 254 + 254 transitions, depth 254.
  @Test func theLargestStackBoundIsExplored() throws {
    let spec = NavigationSpec("Deep", root: "A") { Destination("A") { Push("A") } }
      .bounds(maxStackDepth: 255, maxPresentationDepth: 1)
    #expect(try counts(check(spec)) == "states 255, transitions 508, pruned 1, depth 254")
  }

  /// S0 [A] → S1 [A ⟶ A] → S2 [A ⟶ A ⟶ A]; a third sheet exceeds maxPresentationDepth 2.
  /// Swipe down: S1 → S0, S2 → S1. Transitions 1 + 2 + 1 = 4, pruned 1.
  @Test func sheetPastMaxPresentationDepthIsPruned() throws {
    let spec = NavigationSpec("Sheets", root: "A") { Destination("A") { Sheet("A") } }
      .bounds(maxPresentationDepth: 2)
    #expect(try counts(check(spec)) == "states 3, transitions 4, pruned 1, depth 2")
  }

  /// A: t0 sheet B, t1 async sheet B. S0 [A]: t0 → S1 [A ⟶ B]; t1 starts → S2 [A{t1}].
  /// S1: swipe down → S0. S2: t0 → S3 [A{t1} ⟶ B]; t1 completes → sheet from A → S1.
  /// S3: swipe down → S2; t1 completes while A presents B → duplicatePresentation.
  /// 4 states, 2 + 1 + 2 + 1 = 6 transitions, depth 2; the trace is t1, t0, completion.
  @Test func secondSheetFromAPresentingScreenIsDuplicatePresentation() throws {
    let spec = NavigationSpec("Sheets", root: "A") {
      Destination("A") {
        Sheet("B")
        Sheet("B").async().label("Load")
      }
      Destination("B")
    }
    let result = try check(spec)
    #expect(counts(result) == "states 4, transitions 6, pruned 0, depth 2, duplicatePresentation 1")
    #expect(
      trace(result, .duplicatePresentation) == [
        "A: async 'Load' starts", "A: sheet B", "A: async 'Load' completes → sheet B",
      ])
  }

  /// A: t0 alert X, t1 async alert Y. S0: t0 → S1 [A(X)]; t1 → S2 [A{t1}].
  /// S1: OK → S0. S2: t0 → S3 [A{t1}(X)]; completion → S4 [A(Y)].
  /// S3: OK → S2; completion while X shows → duplicateAlert. S4: OK → S0.
  /// 5 states, 2 + 1 + 2 + 1 + 1 = 7 transitions, depth 2.
  @Test func secondAlertIsDuplicateAlert() throws {
    let spec = NavigationSpec("Alerts", root: "A") {
      Destination("A") {
        Alert("X")
        Alert("Y").async()
      }
    }
    #expect(
      try counts(check(spec)) == "states 5, transitions 7, pruned 0, depth 2, duplicateAlert 1")
  }

  /// A: t0 async(cancelsOnDismiss) push B, t1 push B; maxStackDepth 2.
  /// S0: t0 → S1 [A{t0}]; t1 → S2 [A, B]. S1: t1 → S3 [A{t0}, B]; completion → S2.
  /// S2: swipe back → S0. S3: swipe back → S1; completion pushes from A, which is under B:
  /// actionFromCoveredScreen (checked before the bound, which would also cut it).
  /// 4 states, 2 + 2 + 1 + 1 = 6 transitions, depth 2.
  @Test func pushFromAScreenUnderAnotherIsActionFromCoveredScreen() throws {
    let spec = NavigationSpec("Covered", root: "A") {
      Destination("A") {
        Push("B").async(cancelsOnDismiss: true)
        Push("B")
      }
      Destination("B")
    }
    .bounds(maxStackDepth: 2)
    #expect(
      try counts(check(spec))
        == "states 4, transitions 6, pruned 0, depth 2, actionFromCoveredScreen 1")
  }

  /// S0 [A] → sheet → S1 [A ⟶ B]; B has navigation false: its push is pushWithoutNavigation;
  /// swipe down → S0. The root environment always has navigation: C pushes fine.
  @Test func pushInAPresentedEnvironmentWithoutNavigationIsAViolation() throws {
    let spec = NavigationSpec("Nav", root: "A") {
      Destination("A", navigation: false) {
        Sheet("B")
        Push("C")
      }
      Destination("B", navigation: false) { Push("C") }
      Destination("C")
    }
    .bounds(maxStackDepth: 2)
    // S0: sheet → S1, push → S2 [A, C]. S1: push C ✗, swipe down → S0. S2: swipe back → S0.
    #expect(
      try counts(check(spec))
        == "states 3, transitions 4, pruned 0, depth 1, pushWithoutNavigation 1")
  }

  /// An alert without buttons has one "OK" that only closes it.
  @Test func alertWithoutButtonsHasOneOK() throws {
    let spec = NavigationSpec("OK", root: "A") { Destination("A") { Alert("Saved") } }
    #expect(try counts(check(spec)) == "states 2, transitions 2, pruned 0, depth 1")
    #expect(try events(of: spec, state: 1) == ["A: alert 'Saved', tap 'OK'"])
  }

  /// AlertRef names the alert's declaration: two declarations of "X" are two states.
  /// S0 → S1 [A(X#0)], S0 → S2 [A(X#1)], each OK → S0: 3 states, 4 transitions.
  @Test func alertsAreIdentifiedByTheirDeclaration() throws {
    let spec = NavigationSpec("Twice", root: "A") {
      Destination("A") {
        Alert("X")
        Alert("X")
      }
    }
    #expect(try counts(check(spec)) == "states 3, transitions 4, pruned 0, depth 1")
  }
}

@Suite struct FlowTests {
  /// A: startFlow F (step 0 pushes B with cursor (F, 1)). B: next — (F, 1) is past F's only
  /// step: flowExhausted. S0 → S1 [A, B(F,1)]; S1: next ✗, swipe back → S0.
  @Test func nextPastTheLastStepIsFlowExhausted() throws {
    let spec = NavigationSpec("Flow", root: "A") {
      Destination("A") { StartFlow("F") }
      Destination("B") { Next() }
      Flow("F") { Push("B") }
    }
    #expect(
      try counts(check(spec)) == "states 2, transitions 2, pruned 0, depth 1, flowExhausted 1")
  }

  /// A screen without a cursor has no flow to continue.
  @Test func nextWithoutACursorIsFlowExhausted() throws {
    let spec = NavigationSpec("Flow", root: "A") { Destination("A") { Next() } }
    #expect(
      try counts(check(spec)) == "states 1, transitions 0, pruned 0, depth 0, flowExhausted 1")
  }

  /// A cursor past the last step is not "no cursor": S0 [A] startFlow → S1 [A, B(F,1)] and
  /// push → S2 [A, B] are two states; each swipes back to S0. 3 states, 4 transitions.
  @Test func cursorPastTheLastStepDiffersFromNoCursor() throws {
    let spec = NavigationSpec("Cursor", root: "A") {
      Destination("A") {
        StartFlow("F")
        Push("B")
      }
      Destination("B")
      Flow("F") { Push("B") }
    }
    .bounds(maxStackDepth: 2)
    #expect(try counts(check(spec)) == "states 3, transitions 4, pruned 0, depth 1")
  }

  /// The screen keeps its own cursor: back then next shows the same step again.
  /// S0 [A] → S1 [A, W(F,1)] → next → S2 [A, W(F,1), P(F,2)] → back → S1 (same state).
  /// 3 states, 1 + 2 + 1 = 4 transitions.
  @Test func backThenNextShowsTheSameStepAgain() throws {
    let spec = NavigationSpec("Again", root: "A") {
      Destination("A") { StartFlow("F") }
      Destination("W") { Next() }
      Destination("P")
      Flow("F") {
        Push("W")
        Push("P")
      }
    }
    let graph = try spec.stateGraph()
    #expect(graph.states.count == 3)
    #expect(graph.edges.filter { $0.from == 2 }.map(\.to) == [1])
    #expect(graph.states[1].screens.map(\.destination) == ["A", "W"])
    #expect(graph.states[1].screens[1].flow?.next == 1)
  }

  /// Exhausted, nextOrDismissEnvironment dismisses the environment; at the root that is
  /// dismissEnvironmentAtRoot.
  @Test func nextOrDismissEnvironmentAtTheRootIsDismissEnvironmentAtRoot() throws {
    let spec = NavigationSpec("Done", root: "A") { Destination("A") { NextOrDismissEnvironment() } }
    #expect(
      try counts(check(spec))
        == "states 1, transitions 0, pruned 0, depth 0, dismissEnvironmentAtRoot 1")
  }

  /// A flow step that presents from a screen that already presents is duplicatePresentation,
  /// even though the step was resolved: the checks of the show action follow.
  @Test func flowStepsFollowTheShowActionChecks() throws {
    let spec = NavigationSpec("Steps", root: "A") {
      Destination("A") {
        Sheet("B")
        StartFlow("F").async()
      }
      Destination("B")
      Flow("F") { Sheet("B") }
    }
    let result = try check(spec)
    #expect(result.violationCounts == [.duplicatePresentation: 1])
  }
}

@Suite struct DismissActionTests {
  /// From the app root: dismiss, dismiss(A) and dismissCount(1) would remove the root
  /// (dismissAtRoot); dismissCount(2), dismiss(B) and dismissTo(A) find no target
  /// (dismissTargetMissing). Push B → S1 [A, B]; swipe back → S0.
  @Test func dismissesAtTheRootAreViolations() throws {
    let spec = NavigationSpec("Root", root: "A") {
      Destination("A") {
        Dismiss()
        Dismiss("A")
        DismissCount(1)
        DismissCount(2)
        Dismiss("B")
        DismissTo("A")
        Push("B")
      }
      Destination("B")
    }
    let result = try check(spec)
    #expect(
      counts(result)
        == "states 2, transitions 2, pruned 0, depth 1, dismissAtRoot 3, dismissTargetMissing 3")
    #expect(result.violations.count == 6)
  }

  /// S3 = [A, B ⟶ C, D]. From D: dismissTo(A) → [A] (S0); dismiss(B) → [A] (S0);
  /// dismissCount(2) removes D and C, the sheet's root, so the sheet goes → [A, B] (S1);
  /// dismiss → [A, B ⟶ C] (S2); swipe back → S2; swipe down → S1.
  /// S0 1, S1 2, S2 2, S3 6: 11 transitions, 4 states, depth 3.
  @Test func dismissesWalkDownAcrossEnvironments() throws {
    let spec = NavigationSpec("Across", root: "A") {
      Destination("A") { Push("B") }
      Destination("B") { Sheet("C") }
      Destination("C") { Push("D") }
      Destination("D") {
        DismissTo("A")
        Dismiss("B")
        DismissCount(2)
        Dismiss()
      }
    }
    #expect(try counts(check(spec)) == "states 4, transitions 11, pruned 0, depth 3")
    let graph = try spec.stateGraph()
    #expect(graph.edges.filter { $0.from == 3 }.map(\.to) == [0, 0, 1, 2, 2, 1])
  }

  /// S2 = [A, B, C]: popTo(A) → S0; popTo(C) finds no C below C: popTargetMissing; sheet D →
  /// S3; swipe back → S1. In S3 [.., C ⟶ D], popTo(A) looks only in D's own stack:
  /// popTargetMissing. 4 states, 1 + 2 + 3 + 1 = 7 transitions, depth 3.
  @Test func popToLooksOnlyInTheScreensStack() throws {
    let spec = NavigationSpec("Pop", root: "A") {
      Destination("A") { Push("B") }
      Destination("B") { Push("C") }
      Destination("C") {
        PopTo("A")
        PopTo("C")
        Sheet("D")
      }
      Destination("D") { PopTo("A") }
    }
    .bounds(maxStackDepth: 3)
    let result = try check(spec)
    #expect(counts(result) == "states 4, transitions 7, pruned 0, depth 3, popTargetMissing 2")
  }

  /// dismissStack on a one-screen stack removes nothing and yields the same state; the root
  /// keeps its presentation. S0: push → S1, dismissStack → S0, sheet → S2 [A ⟶ C].
  /// S1: dismissStack → S0, swipe back → S0. S2: dismissStack → S2, swipe down → S0.
  @Test func dismissStackKeepsTheEnvironmentRoot() throws {
    let spec = NavigationSpec("Stack", root: "A") {
      Destination("A") {
        Push("B")
        DismissStack()
        Sheet("C")
      }
      Destination("B") { DismissStack() }
      Destination("C") { DismissStack() }
    }
    .bounds(maxStackDepth: 2)
    #expect(try counts(check(spec)) == "states 3, transitions 7, pruned 0, depth 1")
  }

  /// dismissAll clears the root's alert and presentation; the deep link works from any state.
  /// S0: alert → S1, sheet → S2, link → S0. S1: Reset → S0, link → S0.
  /// S2: dismissAll → S0, swipe down → S0, link → S0. 3 states, 8 transitions.
  @Test func dismissAllReturnsToTheFirstStatesShape() throws {
    let spec = NavigationSpec("Reset", root: "A") {
      Destination("A") {
        Alert("X") { Button("Reset") { DismissAll() } }
        Sheet("B")
      }
      Destination("B") { DismissAll() }
      DeepLink("reset") { DismissAll() }
    }
    #expect(try counts(check(spec)) == "states 3, transitions 8, pruned 0, depth 1")
  }

  /// A: t0 sheet B, t1 async dismissPresented. S0: t0 → S1, t1 → S2 [A{t1}].
  /// S1: swipe down → S0. S2: t0 → S3 [A{t1} ⟶ B]; completion with nothing presented → S0.
  /// S3: swipe down → S2; completion dismisses B → S0. 4 states, 7 transitions, depth 2.
  @Test func dismissPresentedClosesOnlyWhatTheScreenPresents() throws {
    let spec = NavigationSpec("Presented", root: "A") {
      Destination("A") {
        Sheet("B")
        DismissPresented().async()
      }
      Destination("B")
    }
    #expect(try counts(check(spec)) == "states 4, transitions 7, pruned 0, depth 2")
  }

  /// Closing an alert that is not shown is a removal that removes nothing: a transition to
  /// the same state.
  @Test func noOpDismissesYieldTheSameState() throws {
    let spec = NavigationSpec("NoOp", root: "A") {
      Destination("A") {
        DismissPresented()
        DismissAlert()
      }
    }
    #expect(try counts(check(spec)) == "states 1, transitions 2, pruned 0, depth 0")
  }

  @Test func dismissEnvironmentAtTheRootIsAViolation() throws {
    let spec = NavigationSpec("Root", root: "A") { Destination("A") { DismissEnvironment() } }
    let result = try check(spec)
    #expect(
      counts(result) == "states 1, transitions 0, pruned 0, depth 0, dismissEnvironmentAtRoot 1")
    #expect(trace(result, .dismissEnvironmentAtRoot) == ["A: dismiss environment"])
  }
}

@Suite struct AsyncTests {
  /// S0 → S1 [A, B]; S1: start → S2 [A, B{t}], back → S0; S2: back removes B with pending
  /// work: orphanedCompletion; completion dismisses B → S0. The async start is not offered
  /// while pending. 3 states, 1 + 2 + 1 = 4 transitions.
  @Test func removingAScreenWithPendingWorkIsOrphanedCompletion() throws {
    let spec = NavigationSpec("Orphan", root: "A") {
      Destination("A") { Push("B") }
      Destination("B") { Dismiss().async().label("Save") }
    }
    let result = try check(spec)
    #expect(counts(result) == "states 3, transitions 4, pruned 0, depth 2, orphanedCompletion 1")
    #expect(
      try events(of: spec, state: 2) == [
        "user swipes back from B", "B: async 'Save' completes → dismiss",
      ])
    #expect(result.violations.first?.declaration?.title == "B: async dismiss 'Save'")
  }

  /// With cancelsOnDismiss the work dies with its screen: S2's swipe back → S0.
  @Test func cancelledWorkIsNoOrphan() throws {
    let spec = NavigationSpec("Cancel", root: "A") {
      Destination("A") { Push("B") }
      Destination("B") { Dismiss().async(cancelsOnDismiss: true) }
    }
    #expect(try counts(check(spec)) == "states 3, transitions 5, pruned 0, depth 2")
  }

  /// The completing transition leaves `pending` before its action: an async dismiss of its
  /// own screen is no orphan. Completions run wherever the screen is, in pre-order.
  @Test func completionsRunInTreePreOrderWhereverTheScreenIs() throws {
    let spec = NavigationSpec("Order", root: "A") {
      Destination("A") {
        DismissAlert().async().label("a")
        Push("B")
      }
      Destination("B") {
        DismissAlert().async().label("b1")
        DismissAlert().async().label("b2")
      }
    }
    .bounds(maxStackDepth: 2)
    var walk = Walk(RouterModel(CompiledSpec(spec)))
    for step: EventReference in [
      .transition(screen: "A", transition: .label("a")),
      .transition(screen: "A", transition: .index(1)),
      .transition(screen: "B", transition: .label("b2")),
      .transition(screen: "B", transition: .label("b1")),
    ] {
      guard case .success(let event) = walk.model.match(step, in: walk.state) else {
        Issue.record("\(step) is not possible")
        return
      }
      #expect(walk.perform(event, step: 0) == nil)
    }
    #expect(
      walk.model.events(of: walk.state).map { walk.model.describe($0, in: walk.state) } == [
        "user swipes back from B",
        "A: async 'a' completes → dismiss alert",
        "B: async 'b1' completes → dismiss alert",
        "B: async 'b2' completes → dismiss alert",
      ])
  }
}

@Suite struct EventOrderTests {
  /// §4's order: the active screen's transitions, swipe back, swipe down, completions,
  /// deep links.
  @Test func eventsComeInCanonicalOrder() throws {
    let spec = NavigationSpec("Order", root: "A") {
      Destination("A") { Sheet("C") }
      Destination("C") {
        Push("D")
        Dismiss().async(cancelsOnDismiss: true).label("Close")
      }
      Destination("D") { Push("D") }
      DeepLink("home") { DismissAll() }
    }
    let replay = try spec.replay([
      .transition(screen: "A", transition: .index(0)),
      .transition(screen: "C", transition: .label("Close")),
      .transition(screen: "C", transition: .index(0)),
    ])
    #expect(replay.ending == .state)
    var walk = Walk(RouterModel(CompiledSpec(spec)))
    for step in replay.steps {
      guard case .success(let event) = walk.model.match(step.event, in: walk.state) else { return }
      _ = walk.perform(event, step: 0)
    }
    #expect(
      walk.model.events(of: walk.state).map { walk.model.describe($0, in: walk.state) } == [
        "D: push D",
        "user swipes back from D",
        "user swipes the C sheet down",
        "C: async 'Close' completes → dismiss",
        "deep link 'home' arrives",
      ])
  }

  /// Swipe down needs a sheet whose root destination has swipeToDismiss; a full-screen cover
  /// never swipes down; an alert blocks both gestures.
  @Test func swipeDownOnlyDismissesSwipeableSheets() throws {
    let spec = NavigationSpec("Swipe", root: "A") {
      Destination("A") {
        Sheet("Locked")
        FullScreenCover("Cover")
        Sheet("Open")
      }
      Destination("Locked", swipeToDismiss: false) { DismissEnvironment() }
      Destination("Cover") { DismissEnvironment() }
      Destination("Open") { Alert("Hi") }
    }
    #expect(try events(of: spec, state: 1) == ["Locked: dismiss environment"])
    #expect(try events(of: spec, state: 2) == ["Cover: dismiss environment"])
    #expect(
      try events(of: spec, state: 3) == ["Open: alert 'Hi'", "user swipes the Open sheet down"])
    #expect(try events(of: spec, state: 4) == ["Open: alert 'Hi', tap 'OK'"])
  }
}

@Suite struct DeepLinkTests {
  /// A root deep link acts from the app root even where it is covered: from S1 [A, B] its
  /// push lands under B (actionFromCoveredScreen). S0: push → S1, link → S1. S1: back → S0.
  @Test func rootDeepLinkPushingUnderAScreenIsAViolation() throws {
    let spec = NavigationSpec("Links", root: "A") {
      Destination("A") { Push("B") }
      Destination("B")
      DeepLink("detail") { Push("B") }
    }
    let result = try check(spec)
    #expect(
      counts(result) == "states 2, transitions 3, pruned 0, depth 1, actionFromCoveredScreen 1")
    #expect(trace(result, .actionFromCoveredScreen) == ["A: push B", "deep link 'detail' arrives"])
  }

  /// After a show action the next action starts from the new screen: sheet C then push D
  /// lands in the sheet. After dismissAll, from the active screen.
  @Test func deepLinkActionsChainFromTheNewScreen() throws {
    let spec = NavigationSpec("Chain", root: "A") {
      Destination("A")
      Destination("C")
      Destination("D")
      DeepLink("open", start: .active) {
        DismissAll()
        Sheet("C")
        Push("D")
      }
    }
    let replay = try spec.replay([.deepLink("open"), .deepLink("open")])
    #expect(replay.ending == .state)
    #expect(replay.steps.last?.state?.description == "A\n  ⤷ sheet: C › D")
  }

  /// A pruned or violating action anywhere makes the whole event pruned or that violation.
  @Test func aPrunedOrViolatingActionDecidesTheWholeEvent() throws {
    let pruned = NavigationSpec("Pruned", root: "A") {
      Destination("A")
      DeepLink("deep") {
        Push("A")
        Push("A")
      }
    }
    .bounds(maxStackDepth: 2)
    #expect(try counts(check(pruned)) == "states 1, transitions 0, pruned 1, depth 0")
    let violating = NavigationSpec("Violating", root: "A") {
      Destination("A")
      DeepLink("deep") {
        Push("A")
        DismissEnvironment()
      }
    }
    #expect(
      try counts(check(violating))
        == "states 1, transitions 0, pruned 0, depth 0, dismissEnvironmentAtRoot 1")
  }
}

@Suite struct InvariantAndGraphTests {
  /// S2 [A, A, A] breaks the invariant: it counts as a state but is not expanded (so its
  /// push is neither a transition nor pruned) and is no trap.
  /// S0 → S1; S1 → S2, back → S0: 3 states, 3 transitions, invariant 1.
  @Test func invariantBreakingStatesCountButAreNotExpanded() throws {
    let spec = NavigationSpec("Invariant", root: "A") {
      Destination("A") { Push("A") }
      Invariant("at most two A") { $0.count(of: "A") <= 2 }
    }
    .bounds(maxStackDepth: 4)
    let result = try check(spec)
    #expect(counts(result) == "states 3, transitions 3, pruned 0, depth 2, invariant 1")
    #expect(result.violations.first?.message == "the state breaks invariant 'at most two A'")
    #expect(trace(result, .invariant) == ["A: push A", "A: push A"])
  }

  /// A full-screen cover with no way out: S1 [A ⟶ B] and S2 [A ⟶ B, C] cannot reach [A] by
  /// taps, swipes or completions; a deep link does not count. Two trap states.
  @Test func aCoverWithNoWayOutIsATrap() throws {
    let spec = NavigationSpec("Trap", root: "A") {
      Destination("A") { FullScreenCover("B") }
      Destination("B") { Push("C") }
      Destination("C")
      DeepLink("home") { DismissAll() }
    }
    let result = try check(spec)
    #expect(counts(result) == "states 3, transitions 6, pruned 0, depth 2, trap 2")
    #expect(trace(result, .trap) == ["A: full-screen cover B"])
  }

  /// Pending work and flow cursors do not matter for home: [A{t}] is home.
  @Test func homeIgnoresPendingWork() throws {
    let spec = NavigationSpec("Home", root: "A") {
      Destination("A") { Sheet("B").async(cancelsOnDismiss: true) }
      Destination("B") { DismissEnvironment() }
    }
    #expect(try check(spec).violationCounts[.trap] == nil)
  }

  @Test func unreachableDestinationsAndDeadTransitionsAreWarnings() throws {
    let spec = NavigationSpec("Dead", root: "A") {
      Destination("A") {
        Push("B")
        PopTo("A")
      }
      Destination("B")
      Destination("C") { Push("A") }
    }
    let result = try check(spec)
    #expect(
      result.warnings.map(\.message) == [
        "no reachable state shows destination 'C'",
        "A: popTo A never fires: no event that performs it leads to a state; it breaks popTargetMissing, reported as a violation",
        "C: push A never fires",
      ])
    #expect(result.coveredDeclarations == 1 && result.totalDeclarations == 3)
  }
}

@Suite struct ReplayTests {
  /// A report's counterexample replays to the same violation; an impossible step says why.
  @Test func aCounterexampleReplaysToItsViolation() throws {
    let notes = try example("notes")
    let violation = try #require(try check(notes).violations.first)
    let replay = try notes.replay(violation.trace.map(\.event))
    #expect(
      replay.ending == .violation(step: 2, kind: .orphanedCompletion, message: violation.message))
    let impossible = try notes.replay([.gesture(.swipeBack)])
    #expect(
      impossible.ending
        == .impossible(step: 0, reason: "cannot swipeBack: Folders is the only screen of its stack")
    )
  }

  /// Replay and simulate check custom invariants on every state, as a check does.
  @Test func replayAndSimulateStopAtABrokenInvariant() throws {
    let spec = NavigationSpec("Invariant", root: "A") {
      Destination("A") { Push("A") }
      Invariant("at most two A") { $0.count(of: "A") <= 2 }
    }
    let step = EventReference.transition(screen: "A", transition: .index(0))
    #expect(
      try spec.replay([step, step]).ending
        == .violation(
          step: 1, kind: .invariant, message: "the state breaks invariant 'at most two A'"))
    let walk = try spec.simulate(steps: 50, seed: 7)
    if case .violation(_, let kind, _) = walk.ending {
      #expect(kind == .invariant)
    } else {
      Issue.record("the walk should stop at the invariant, ended \(walk.ending)")
    }
  }

  /// A trap's counterexample replays into the trap.
  @Test func aReplayEndingInATrapSaysSo() throws {
    let spec = NavigationSpec("Trap", root: "A") {
      Destination("A") { FullScreenCover("B") }
      Destination("B")
    }
    let trap = try #require(try check(spec).violations.first { $0.kind == .trap })
    let replay = try spec.replay(trap.trace.map(\.event))
    if case .violation(0, .trap, _) = replay.ending {
    } else {
      Issue.record("expected a trap at step 1, got \(replay.ending)")
    }
  }

  /// The same seed walks the same way.
  @Test func simulationIsReproducibleForASeed() throws {
    let a = try todoApp.simulate(steps: 30, seed: 42).steps.map(\.description)
    let b = try todoApp.simulate(steps: 30, seed: 42).steps.map(\.description)
    #expect(a == b && !a.isEmpty)
  }
}
