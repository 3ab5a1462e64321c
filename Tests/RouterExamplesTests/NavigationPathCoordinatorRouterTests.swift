import NavCheck
import NavCheckTestSupport
import NavCheckTesting
import Testing

/// A recipe book: recipes pushed on the list, a cooking mode over a recipe, and a new-recipe
/// sheet with a stack of its own (the ingredient picker), saved by a network call.
let recipeBook = NavigationSpec("RecipeBook", root: "RecipeList") {
  Destination("RecipeList") {
    Push("Recipe")
    Sheet("NewRecipe").label("New recipe")
  }
  Destination("Recipe") {
    Push("Recipe").label("Related recipe")
    FullScreenCover("CookingMode").label("Start cooking")
  }
  Destination("CookingMode") { DismissEnvironment().label("Done") }
  Destination("NewRecipe") {
    Push("IngredientPicker").label("Add ingredient")
    DismissEnvironment().label("Cancel")
    DismissEnvironment().async().label("Save")
  }
  Destination("IngredientPicker") { Dismiss().label("Choose") }
}
.bounds(maxStackDepth: 3, maxPresentationDepth: 1)

/// The coordinator as the articles publish it: the sheet's content shares it.
func sharedCoordinator() -> NavigationPathCoordinator {
  NavigationPathCoordinator(design: .sharedCoordinator, root: "RecipeList")
}

/// The fix: a child coordinator per presented sheet or cover.
func childCoordinators() -> NavigationPathCoordinator {
  NavigationPathCoordinator(design: .childCoordinatorPerPresentation, root: "RecipeList")
}

/// The shortest sequence that shows the bug: open the sheet, push from it.
let pushFromTheSheet: [EventReference] = [
  .transition(screen: "RecipeList", transition: .label("New recipe")),
  .transition(screen: "NewRecipe", transition: .label("Add ingredient")),
]

@Suite struct NavigationPathCoordinatorRouterTests {
  @Test func theFuzzerFindsThePushThatLandsUnderTheSheet() throws {
    var result: RouterFuzzResult?
    withExpectedNavigationFailures {
      result = fuzzRouter(recipeBook, options: exampleOptions()) { sharedCoordinator() }
    }
    let failure = try #require(result?.failure)
    #expect(failure.rule == .showsWhatTheReferenceShows)
    #expect(failure.steps.count == 2)
    #expect(failure.events == pushFromTheSheet)
    // The third walk fails at its second step: nothing to shrink.
    #expect(result?.statistics.runs == 3)
    #expect(result?.originalLength == 2)
    #expect(
      failure.message
        == "expected [RecipeList ⤷ sheet: NewRecipe › IngredientPicker], "
        + "the router shows [RecipeList › IngredientPicker ⤷ sheet: NewRecipe]"
    )
  }

  @Test func childCoordinatorsPassTheFuzzerCoveringTheSpec() {
    let result = fuzzRouter(recipeBook, options: exampleOptions(runs: 100)) { childCoordinators() }
    #expect(result.passed)
    #expect(result.statistics.coveredDeclarations == result.statistics.totalDeclarations)
    #expect(result.statistics.totalDeclarations == 9)
    #expect(result.statistics.distinctStates == 9)
    #expect(result.statistics.eventsByKind[.completeAsync, default: 0] > 0)
  }

  @Test func theExhaustiveCheckFindsTheSameTwoSteps() throws {
    var result: RouterExhaustiveResult?
    withExpectedNavigationFailures {
      result = checkRouterExhaustively(recipeBook) { sharedCoordinator() }
    }
    let failure = try #require(result?.failure)
    #expect(failure.rule == .showsWhatTheReferenceShows)
    #expect(failure.steps.count == 2)
    #expect(failure.events == pushFromTheSheet)
  }

  @Test func childCoordinatorsPassEverySequence() {
    let result = checkRouterExhaustively(recipeBook) { childCoordinators() }
    #expect(result.failure == nil)
    #expect(result.complete)
    #expect(result.states == 9)
    // 21 steps the spec allows, and 3 past its own orphanedCompletion: closing the sheet while
    // Save runs (Cancel or a swipe on NewRecipe, a swipe on the picker above it), which lead to
    // states the spec reaches anyway.
    #expect(result.transitions == 24)
    #expect(result.specFindings.count == 1)
  }

  @Test func theMinimalSequenceReproducesTheFailure() {
    var failure: RouterFailure?
    withExpectedNavigationFailures {
      failure = assertRouterSequence(recipeBook, pushFromTheSheet) { sharedCoordinator() }
    }
    #expect(failure?.rule == .showsWhatTheReferenceShows)
    #expect(failure?.steps.count == 2)
    #expect(failure?.snapshot?["RecipeList"]?.path == ["IngredientPicker"])
    #expect(assertRouterSequence(recipeBook, pushFromTheSheet) { childCoordinators() } == nil)
  }
}

#if canImport(XCTest)
  import XCTest

  final class NavigationPathCoordinatorRouterXCTests: RecordingTestCase {
    func testTheFuzzersFailureIsReportedAtTheCall() {
      let callLine = #line + 2
      let recorded = recordingFailures {
        fuzzRouter(recipeBook, options: exampleOptions()) { sharedCoordinator() }
      }
      XCTAssertEqual(recorded.count, 1)
      XCTAssertEqual(recorded.first?.file, "\(#filePath)")
      XCTAssertEqual(recorded.first?.line, callLine)
      XCTAssertTrue(
        recorded.first?.description.contains("breaks 'shows what the reference router shows'")
          == true)
    }

    func testTheExhaustiveCheckReportsAtTheCall() {
      let callLine = #line + 2
      let recorded = recordingFailures {
        checkRouterExhaustively(recipeBook) { sharedCoordinator() }
      }
      XCTAssertEqual(recorded.map(\.line), [callLine])
      XCTAssertEqual(recorded.first?.file, "\(#filePath)")
    }

    func testChildCoordinatorsRecordNothing() {
      let recorded = recordingFailures {
        fuzzRouter(recipeBook, options: exampleOptions(runs: 100)) { childCoordinators() }
        checkRouterExhaustively(recipeBook) { childCoordinators() }
      }
      XCTAssertEqual(recorded.map(\.description), [])
    }
  }
#endif
