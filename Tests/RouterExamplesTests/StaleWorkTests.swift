import NavCheck
import NavCheckTestSupport
import NavCheckTesting
import Testing

/// A to-do list whose "Save" runs while the add sheet is up and closes it; the spec says the
/// save is cancelled with its sheet (`.task`).
let todoSaves = NavigationSpec("TodoSaves", root: "TodoList") {
  Destination("TodoList") {
    Sheet("AddTodo").label("Add")
    Sheet("Share").label("Share")
  }
  Destination("AddTodo") { Dismiss().async(cancelsOnDismiss: true).label("Save") }
  Destination("Share") { Dismiss().label("Done") }
}

/// A new user's router: its Save task closes "the sheet", whichever is up when it completes,
/// and `cancelsSaves` is the fix. Its adapter reports no pending work: only a completion that
/// fires after the sheet is gone can show the bug.
final class TodoSheetRouter: RouterAdapter {
  var sheet: String?
  var pending = PendingWork<() -> Void>()
  let cancelsSaves: Bool

  init(cancelsSaves: Bool) { self.cancelsSaves = cancelsSaves }

  func perform(_ step: NavigationStep) throws {
    switch step.event {
    case .transition(.sheet(let destination), _): sheet = destination
    case .transition(.dismiss(nil), _), .swipeDown:
      if cancelsSaves { pending.cancel { _ in true } }
      sheet = nil
    case .startAsync(let work): pending.start(work) { [self] in sheet = nil }
    case .completeAsync(let work): pending.complete(work)?()
    default: throw RouterAdapterError.unsupported(step)
    }
  }

  func snapshot() -> RouterSnapshot {
    var routers = [RouterSnapshot.Router(id: "root", screen: "TodoList", sheet: sheet)]
    if let sheet { routers.append(.init(id: sheet, screen: sheet, parent: "root")) }
    return RouterSnapshot(routers: routers)
  }
}

@Suite struct StaleWorkTests {
  let saveThenShare: [EventReference] = [
    .transition(screen: "TodoList", transition: .label("Add")),
    .transition(screen: "AddTodo", transition: .label("Save")),
    .gesture(.swipeDown),
    .transition(screen: "TodoList", transition: .label("Share")),
    .staleCompletion(startedAt: 2),
  ]

  @Test func aSaveThatOutlivesItsSheetIsCaughtThoughTheAdapterReportsNoWork() throws {
    var result: RouterFuzzResult?
    withExpectedNavigationFailures {
      result = fuzzRouter(todoSaves, options: exampleOptions()) {
        TodoSheetRouter(cancelsSaves: false)
      }
    }
    let failure = try #require(result?.failure)
    #expect(failure.rule == .staleWorkDoesNothing)
    // The first of the shortest in canonical order: the sheet shown again is AddTodo itself.
    var minimal = saveThenShare
    minimal[3] = .transition(screen: "TodoList", transition: .label("Add"))
    #expect(failure.events == minimal)
    #expect(
      failure.message
        == "work AddTodo 'Save', kept after its screen was removed, changed the screens when it completed: expected [TodoList ⤷ sheet: AddTodo], the router shows [TodoList]"
    )
    #expect(result?.minimalBelow == 5, "every shorter sequence passes")
    #expect(
      failure.steps.last?.description
        == "AddTodo (gone): async 'Save' completes → dismiss, after its screen was removed")
  }

  @Test func withoutInjectionTheBugPasses() {
    var options = exampleOptions()
    options.injectsStaleCompletions = false
    let result = fuzzRouter(todoSaves, options: options) { TodoSheetRouter(cancelsSaves: false) }
    #expect(result.passed)
  }

  @Test func theFixPassesAndTheSilentAdapterIsWarnedAbout() {
    let result = fuzzRouter(todoSaves, options: exampleOptions()) {
      TodoSheetRouter(cancelsSaves: true)
    }
    #expect(result.passed)
    #expect(result.statistics.staleCompletions > 0)
    #expect(result.statistics.warnings.count == 1)
    #expect(
      result.statistics.warnings.first?.hasPrefix(
        "the router's snapshots never reported pending work") == true)
  }

  @Test func aStaleCompletionReplaysFromItsReference() throws {
    var failure: RouterFailure?
    withExpectedNavigationFailures {
      failure = assertRouterSequence(todoSaves, saveThenShare) {
        TodoSheetRouter(cancelsSaves: false)
      }
    }
    #expect(failure?.rule == .staleWorkDoesNothing)
    #expect(
      assertRouterSequence(todoSaves, saveThenShare) { TodoSheetRouter(cancelsSaves: true) } == nil)
    // While the reference still holds the work, it is no stale completion.
    let early: [EventReference] = [
      .transition(screen: "TodoList", transition: .label("Add")),
      .transition(screen: "AddTodo", transition: .label("Save")),
      .staleCompletion(startedAt: 2),
    ]
    let reports = withExpectedNavigationFailures {
      assertRouterSequence(todoSaves, early) { TodoSheetRouter(cancelsSaves: true) }
    }
    #expect(
      reports == [
        "TodoSaves: step 3 (.staleCompletion(startedAt: 2)) is not possible: the reference router still holds the work step 2 started, or other pending work shares its id"
      ])
  }
}

/// The to-do list whose Save ends one of two ways: a stale completion names no outcome's action
/// (the work did not choose one), and the spec line of that step is the work's, not the step
/// before it.
let todoPublishes = NavigationSpec("TodoPublishes", root: "TodoList") {
  Destination("TodoList") {
    Sheet("AddTodo").label("Add")
    Sheet("Share").label("Share")
  }
  Destination("AddTodo") {
    Async("Save", cancelsOnDismiss: true) {
      Outcome("saved") { Dismiss() }
      Outcome("failed") { Alert("SaveFailed") }
    }
    Dismiss().label("Cancel")
  }
  Destination("Share") { Dismiss().label("Done") }
}

@Suite struct StaleOutcomeWorkTests {
  @Test func aStaleCompletionOfWorkWithOutcomesSaysWhatItIs() throws {
    let events: [EventReference] = [
      .transition(screen: "TodoList", transition: .label("Add")),
      .transition(screen: "AddTodo", transition: .label("Save")),
      .transition(screen: "AddTodo", transition: .label("Cancel")),
      .transition(screen: "TodoList", transition: .label("Add")),
      .staleCompletion(startedAt: 2),
    ]
    var failure: RouterFailure?
    withExpectedNavigationFailures {
      failure = assertRouterSequence(todoPublishes, events) {
        TodoSheetRouter(cancelsSaves: false)
      }
    }
    let found = try #require(failure)
    #expect(found.rule == .staleWorkDoesNothing)
    #expect(
      found.steps.last?.description
        == "AddTodo (gone): async 'Save' completes, after its screen was removed")
    #expect(
      found.declaration?.title
        == "AddTodo: async(cancelsOnDismiss) 'Save' with outcomes 'saved', 'failed'")
  }

  /// A live completion of work with outcomes names its outcome and what that outcome does.
  @Test func aCompletionNamesItsOutcomeAndItsActions() throws {
    var router = try ReferenceRouter(todoPublishes)
    for event: EventReference in [
      .transition(screen: "TodoList", transition: .label("Add")),
      .transition(screen: "AddTodo", transition: .label("Save")),
    ] {
      router.perform(try router.step(event).get())
    }
    let completions = router.steps().map(\.navigation.description).filter {
      $0.contains("completes")
    }
    #expect(
      completions == [
        "AddTodo: async 'Save' completes: saved → dismiss",
        "AddTodo: async 'Save' completes: failed → alert 'SaveFailed'",
      ])
  }
}

/// The same to-do list as the app really is: its Save is plain `.async()`, a `Task` that is not
/// cancelled with its sheet. Closing the sheet while it runs is the spec's own
/// `orphanedCompletion`; router checks go on past it, so the router is tested where apps break.
let todoSavesInATask = NavigationSpec("TodoSavesInATask", root: "TodoList") {
  Destination("TodoList") {
    Sheet("AddTodo").label("Add")
    Sheet("Share").label("Share")
  }
  Destination("AddTodo") { Dismiss().async().label("Save") }
  Destination("Share") { Dismiss().label("Done") }
}

@Suite struct PastTheSpecsOwnFindingTests {
  /// Where Save is declared, as reports place a declaration.
  static var save: String {
    let line = todoSavesInATask.destinations[1].transitions[0].location?.line ?? 0
    return "\(#filePath):\(line): AddTodo: async dismiss 'Save'"
  }
  /// The note both checks print once: the spec's line, the step, what it means for the router.
  static var note: String {
    "note: the spec breaks its own rule orphanedCompletion (\(save)), for example at \"user swipes the AddTodo sheet down\"; the check went on past it: the work stays stale, so its completion must change nothing"
  }

  @Test func aSaveThatOutlivesItsSheetIsFoundPastTheSpecsOwnFinding() throws {
    var result: RouterFuzzResult?
    withExpectedNavigationFailures {
      result = fuzzRouter(todoSavesInATask, options: exampleOptions()) {
        TodoSheetRouter(cancelsSaves: false)
      }
    }
    let failure = try #require(result?.failure)
    #expect(failure.rule == .staleWorkDoesNothing)
    #expect(
      failure.events == [
        .transition(screen: "TodoList", transition: .label("Add")),
        .transition(screen: "AddTodo", transition: .label("Save")),
        .gesture(.swipeDown),
        .transition(screen: "TodoList", transition: .label("Add")),
        .staleCompletion(startedAt: 2),
      ])
    // The step that went past the spec's finding says so, under it.
    let lines = failure.description.split(separator: "\n").map(String.init)
    let swipe = try #require(lines.firstIndex { $0.hasSuffix("3. AddTodo: swipe down") })
    #expect(
      lines[swipe + 1].trimmingCharacters(in: .whitespaces)
        == "↳ the spec's own orphanedCompletion (\(Self.save)); the check went on past it: the work stays stale, so its completion must change nothing"
    )
    #expect(result?.statistics.specFindings == [Self.note])
  }

  @Test func theRouterThatCancelsItsSavePassesWithTheSpecsFindingNotedOnce() {
    let result = fuzzRouter(todoSavesInATask, options: exampleOptions()) {
      TodoSheetRouter(cancelsSaves: true)
    }
    #expect(result.passed)
    #expect(result.statistics.staleCompletions > 0)
    #expect(result.statistics.specFindings == [Self.note])
    #expect(result.report.split(separator: "\n").filter { $0.hasPrefix("note:") }.count == 1)
  }

  /// Without walking past, no walk closes the sheet while Save runs: the bug is out of reach.
  @Test func notWalkingPastLeavesTheBugUnreached() {
    var options = exampleOptions()
    options.walksPastSpecFindings = false
    let result = fuzzRouter(todoSavesInATask, options: options) {
      TodoSheetRouter(cancelsSaves: false)
    }
    #expect(result.passed)
    #expect(result.statistics.specFindings.isEmpty)
  }

  /// The exhaustive check finds the same bug where it fires stale completions, on the same
  /// shortest sequence, with the spec's finding noted once.
  @Test func theExhaustiveCheckFindsItFiringStaleCompletions() throws {
    var result: RouterExhaustiveResult?
    withExpectedNavigationFailures {
      result = checkRouterExhaustively(todoSavesInATask, firesStaleCompletions: true) {
        TodoSheetRouter(cancelsSaves: false)
      }
    }
    let failure = try #require(result?.failure)
    #expect(failure.rule == .staleWorkDoesNothing)
    #expect(
      failure.events == [
        .transition(screen: "TodoList", transition: .label("Add")),
        .transition(screen: "AddTodo", transition: .label("Save")),
        .gesture(.swipeDown),
        .transition(screen: "TodoList", transition: .label("Add")),
        .staleCompletion(startedAt: 2),
      ])
    #expect(result?.specFindings == [Self.note])
  }

  /// Without stale completions the exhaustive check passes the buggy router (the bug needs the
  /// completion), and passes the fixed one either way, every state explored.
  @Test func theExhaustiveCheckPassesTheFixAndNeedsStaleCompletionsForTheBug() {
    let withoutStale = checkRouterExhaustively(todoSavesInATask) {
      TodoSheetRouter(cancelsSaves: false)
    }
    #expect(withoutStale.failure == nil && withoutStale.complete)
    let fixed = checkRouterExhaustively(todoSavesInATask, firesStaleCompletions: true) {
      TodoSheetRouter(cancelsSaves: true)
    }
    #expect(fixed.failure == nil && fixed.complete)
    #expect(fixed.transitions > withoutStale.transitions)
    #expect(fixed.report.hasSuffix("\n" + Self.note))
  }
}
