import Testing

@testable import NavCheck

/// Router checks go on past the spec's own orphanedCompletion (Docs/Semantics.md §10.39); the
/// semantics of `check` is unchanged.
@Suite struct WalkPastTests {
  /// Sheet S over B calls back onto B; S's "Home" removes B with it, so the callback's screen
  /// is gone when its turn comes.
  static let homeFromTheSheet = NavigationSpec("HomeFromTheSheet", root: "A") {
    Destination("A") { Push("B") }
    Destination("B") { Sheet("S").onDismiss { Push("X") } }
    Destination("S") { DismissAll().label("Home") }
    Destination("X") {}
  }

  static let events: [EventReference] = [
    .transition(screen: "A", transition: .index(0)),
    .transition(screen: "B", transition: .index(0)),
  ]
  static let home = EventReference.transition(screen: "S", transition: .label("Home"))

  @Test func anOrphanedOnDismissDoesNothingPastTheFinding() throws {
    var router = try ReferenceRouter(Self.homeFromTheSheet)
    for event in Self.events { router.perform(try router.step(event).get()) }
    // Without walking past, the step is the spec's violation, and not offered.
    guard case .failure(let error) = router.step(Self.home) else {
      Issue.record("Home was offered without walking past")
      return
    }
    #expect(error.message.hasSuffix("breaks the spec's rule orphanedCompletion"))
    #expect(!router.steps().contains { $0.navigation.reference == Self.home })

    router.walksPastOrphans = true
    let step = try router.step(Self.home).get()
    let finding = try #require(step.specFinding)
    #expect(finding.declaration.kind == .onDismiss)
    #expect(finding.declaration.title == "B: onDismiss of sheet S")
    // The callback did nothing: no X pushed, and it is not among the declarations that fired.
    #expect(!step.declarations.contains { $0.kind == .onDismiss })
    router.perform(step)
    #expect(router.expected.description == "A")
    #expect(router.steps().contains { $0.navigation.reference == Self.events[0] })
  }

  /// Work that is not cancelled with its screen leaves with it, stale: the reference no longer
  /// holds it, and the step names the async transition.
  @Test func orphanedWorkGoesWithItsScreen() throws {
    let spec = NavigationSpec("Save", root: "List") {
      Destination("List") { Sheet("Add") }
      Destination("Add") { Dismiss().async().label("Save") }
    }
    var router = try ReferenceRouter(spec)
    router.walksPastOrphans = true
    for event: EventReference in [
      .transition(screen: "List", transition: .index(0)),
      .transition(screen: "Add", transition: .label("Save")),
    ] {
      router.perform(try router.step(event).get())
    }
    #expect(router.pendingWork.count == 1)
    let swipe = try router.step(.gesture(.swipeDown)).get()
    #expect(swipe.specFinding?.declaration.title == "Add: async dismiss 'Save'")
    #expect(swipe.specFinding?.words == "user swipes the Add sheet down")
    router.perform(swipe)
    #expect(router.pendingWork.isEmpty)
    #expect(router.expected.description == "List")
  }

  /// `check` is unchanged: the removal is still the spec's violation, counted as before.
  @Test func checkStillReportsTheFinding() throws {
    let result = try Self.homeFromTheSheet.check()
    #expect(result.violationCounts[.orphanedCompletion] == 1)
  }
}
