import NavCheck
import NavCheckTestSupport
import NavCheckTesting
import Testing

/// A notes app: notes pushed on a folder, an alert to delete the folder, and a new-folder sheet
/// with a stack of its own (the icon picker), created by a network call that closes the sheet
/// and stops with its screen.
let notes = NavigationSpec("Notes", root: "Folders") {
  Destination("Folders") {
    Push("Notes")
    Sheet("NewFolder").label("New folder")
  }
  Destination("Notes") {
    Push("Note")
    Alert("DeleteFolder") {
      Button("Delete") { Dismiss() }
      Button("Cancel")
    }
  }
  Destination("NewFolder") {
    Push("ChooseIcon").label("Choose icon")
    DismissEnvironment().label("Cancel")
    DismissEnvironment().async(cancelsOnDismiss: true).label("Create")
  }
  Destination("Note") { Dismiss().label("Close") }
  Destination("ChooseIcon") { Dismiss().label("Done") }
}
.bounds(maxStackDepth: 3, maxPresentationDepth: 1)

/// The shortest sequence that shows the bug: open the sheet, push from it.
let pushInTheNewFolderSheet: [EventReference] = [
  .transition(screen: "Folders", transition: .label("New folder")),
  .transition(screen: "NewFolder", transition: .label("Choose icon")),
]

@Suite struct RoutesArrayRouterTests {
  @Test func theFuzzerFindsThePushThatASheetWithoutNavigationDoesNotShow() throws {
    var result: RouterFuzzResult?
    withExpectedNavigationFailures {
      result = fuzzRouter(notes, options: exampleOptions()) { NotesAdapter(.libraryDefault) }
    }
    let failure = try #require(result?.failure)
    #expect(failure.rule == .showsWhatTheReferenceShows)
    #expect(failure.events == pushInTheNewFolderSheet)
    #expect(
      failure.message
        == "expected [Folders ⤷ sheet: NewFolder › ChooseIcon], "
        + "the router shows [Folders ⤷ sheet: NewFolder]")
  }

  @Test func aSheetWithNavigationPassesTheFuzzerCoveringTheSpec() {
    let result = fuzzRouter(notes, options: exampleOptions(runs: 100)) {
      NotesAdapter(.withNavigation)
    }
    #expect(result.passed)
    #expect(result.statistics.coveredDeclarations == result.statistics.totalDeclarations)
    for kind in [
      NavigationEvent.Kind.alertButton, .startAsync, .completeAsync, .swipeBack, .swipeDown,
    ] {
      #expect(result.statistics.eventsByKind[kind, default: 0] > 0, "\(kind)")
    }
  }

  @Test func theExhaustiveCheckFindsTheSameTwoSteps() throws {
    var result: RouterExhaustiveResult?
    withExpectedNavigationFailures {
      result = checkRouterExhaustively(notes) { NotesAdapter(.libraryDefault) }
    }
    let failure = try #require(result?.failure)
    #expect(failure.rule == .showsWhatTheReferenceShows)
    #expect(failure.events == pushInTheNewFolderSheet)
  }

  @Test func aSheetWithNavigationPassesEverySequence() throws {
    let result = checkRouterExhaustively(notes) { NotesAdapter(.withNavigation) }
    #expect(result.failure == nil && result.complete)
    // Folders; Notes; Note; the alert; NewFolder and ChooseIcon, each with Create pending or not.
    #expect(result.states == 8)
    #expect(result.states == (try notes.check().states))
    // Create stale after its sheet went (cancelled with it): the six states without it pending
    // again, where its completion must change nothing.
    let stale = checkRouterExhaustively(notes, firesStaleCompletions: true) {
      NotesAdapter(.withNavigation)
    }
    #expect(stale.failure == nil && stale.complete)
    #expect(stale.states == 14)
  }

  @Test func theMinimalSequenceReproducesTheFailure() {
    var failure: RouterFailure?
    withExpectedNavigationFailures {
      failure = assertRouterSequence(notes, pushInTheNewFolderSheet) {
        NotesAdapter(.libraryDefault)
      }
    }
    #expect(failure?.rule == .showsWhatTheReferenceShows)
    #expect(
      assertRouterSequence(notes, pushInTheNewFolderSheet) { NotesAdapter(.withNavigation) } == nil
    )
  }
}
