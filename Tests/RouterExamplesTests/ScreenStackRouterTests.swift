import NavCheck
import NavCheckTestSupport
import NavCheckTesting
import Testing

/// A trip planner: a trip pushed on the list, edited on a screen that saves over the network
/// and then closes itself, a place picker pushed while editing, an alert to delete the trip,
/// and an onboarding flow (a full-screen cover, then a sheet that cannot be swiped away) that
/// ends back on the list.
let tripPlanner = NavigationSpec("TripPlanner", root: "TripList") {
  Destination("TripList") {
    Push("Trip")
    StartFlow("Onboarding").label("Take the tour")
  }
  Destination("Trip") {
    Push("EditTrip").label("Edit")
    Alert("DeleteTrip") {
      Button("Delete") { Dismiss() }
      Button("Cancel")
    }
    .label("Delete")
  }
  Destination("EditTrip") {
    Dismiss().async(cancelsOnDismiss: true).label("Save")
    Push("PlacePicker").label("Add place")
  }
  Destination("PlacePicker") { Dismiss().label("Done") }
  Destination("Welcome") { Next().label("Continue") }
  Destination("Permissions", swipeToDismiss: false) {
    DismissTo("TripList").label("Start planning")
  }
  Flow("Onboarding") {
    FullScreenCover("Welcome")
    Sheet("Permissions")
  }
}
.bounds(maxStackDepth: 4, maxPresentationDepth: 2)

/// The shortest sequence that shows the bug: the save is under way when the user swipes its
/// screen away, and the task keeps the screen's router.
let saveThenSwipeBack: [EventReference] = [
  .transition(screen: "TripList", transition: .index(0)),
  .transition(screen: "Trip", transition: .label("Edit")),
  .transition(screen: "EditTrip", transition: .label("Save")),
  .gesture(.swipeBack),
]

@Suite struct ScreenStackRouterTests {
  @Test func theFuzzerFindsWorkKeptAfterItsScreenIsSwipedAway() throws {
    var result: RouterFuzzResult?
    withExpectedNavigationFailures {
      result = fuzzRouter(tripPlanner, options: exampleOptions()) {
        TripPlannerAdapter(.unscopedWork)
      }
    }
    let failure = try #require(result?.failure)
    #expect(failure.rule == .invariant("no orphan bindings"))
    #expect(failure.steps.count == 4)
    #expect(failure.events == saveThenSwipeBack)
    // The first walk failed at its fourth step: nothing to shrink.
    #expect(result?.originalLength == 4)
    #expect(
      failure.message == "the router keeps task 2#0 for router EditTrip-2, which is gone")
    #expect(failure.snapshot?.retained == [.init("task 2#0", for: "EditTrip-2")])
    #expect(failure.snapshot?["EditTrip-2"] == nil)
  }

  @Test func screenScopedWorkPassesTheFuzzerCoveringTheSpec() {
    let result = fuzzRouter(tripPlanner, options: exampleOptions(runs: 100)) {
      TripPlannerAdapter(.screenScopedWork)
    }
    #expect(result.passed)
    #expect(result.statistics.coveredDeclarations == result.statistics.totalDeclarations)
    #expect(result.statistics.totalDeclarations == 13)
    #expect(result.statistics.deepestPresentation == 2)
    for kind in [NavigationEvent.Kind.swipeBack, .alertButton, .startAsync, .completeAsync] {
      #expect(result.statistics.eventsByKind[kind, default: 0] > 0, "\(kind)")
    }
  }

  @Test func theMinimalSequenceReproducesTheFailure() {
    var failure: RouterFailure?
    withExpectedNavigationFailures {
      failure = assertRouterSequence(tripPlanner, saveThenSwipeBack) {
        TripPlannerAdapter(.unscopedWork)
      }
    }
    #expect(failure?.rule == .invariant("no orphan bindings"))
    #expect(
      assertRouterSequence(tripPlanner, saveThenSwipeBack) {
        TripPlannerAdapter(.screenScopedWork)
      } == nil)
  }

  @Test func aCompletionUnderAPushedScreenDismissesOnlyTheTopScreen() {
    // The save completes while the place picker is on top: its `dismissScreen()` dismisses
    // the last screen, the picker, and leaves the editor up.
    let saveThenAddPlace: [EventReference] = [
      .transition(screen: "TripList", transition: .index(0)),
      .transition(screen: "Trip", transition: .label("Edit")),
      .transition(screen: "EditTrip", transition: .label("Save")),
      .transition(screen: "EditTrip", transition: .label("Add place")),
      .complete(screen: "EditTrip", transition: .label("Save"), at: nil),
    ]
    var failure: RouterFailure?
    withExpectedNavigationFailures {
      failure = assertRouterSequence(tripPlanner, saveThenAddPlace) {
        TripPlannerAdapter(.unscopedWork)
      }
    }
    #expect(failure?.rule == .showsWhatTheReferenceShows)
    #expect(failure?.steps.count == 5)
    #expect(failure?.snapshot?["root"]?.path == ["Trip", "EditTrip"])
    #expect(
      assertRouterSequence(tripPlanner, saveThenAddPlace) {
        TripPlannerAdapter(.screenScopedWork)
      } == nil)
  }
}

#if canImport(XCTest)
  import XCTest

  final class ScreenStackRouterXCTests: RecordingTestCase {
    func testTheFuzzersFailureIsReportedAtTheCall() {
      let callLine = #line + 2
      let recorded = recordingFailures {
        fuzzRouter(tripPlanner, options: exampleOptions()) { TripPlannerAdapter(.unscopedWork) }
      }
      XCTAssertEqual(recorded.count, 1)
      XCTAssertEqual(recorded.first?.file, "\(#filePath)")
      XCTAssertEqual(recorded.first?.line, callLine)
      XCTAssertTrue(recorded.first?.description.contains("breaks 'no orphan bindings'") == true)
    }

    func testScreenScopedWorkRecordsNothing() {
      let recorded = recordingFailures {
        fuzzRouter(tripPlanner, options: exampleOptions(runs: 100)) {
          TripPlannerAdapter(.screenScopedWork)
        }
      }
      XCTAssertEqual(recorded.map(\.description), [])
    }
  }
#endif
