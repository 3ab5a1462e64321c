import NavCheck
import Testing

@testable import NavCheckTesting

/// A menu sheet reachable from two screens.
let menus = NavigationSpec("Menus", root: "Home") {
  Destination("Home") {
    Push("Detail")
    Sheet("Menu").label("Menu")
  }
  Destination("Detail") { Sheet("Menu").label("Menu") }
  Destination("Menu") { Dismiss().label("Close") }
}

/// A router that shows the menu only once: the second time it presents nothing.
struct OnceMenuRouter: RouterAdapter {
  var stack = StackRouter()
  var menuShown = false

  mutating func perform(_ step: NavigationStep) throws {
    if case .transition(.sheet("Menu"), _) = step.event {
      if menuShown { return }
      menuShown = true
    }
    if case .transition(.dismiss(nil), _) = step.event {
      stack.stacks.removeLast()
      return
    }
    try stack.perform(step)
  }
  func snapshot() -> RouterSnapshot { stack.snapshot() }
}

@Suite struct ShrinkerTests {
  /// Deleting steps cannot turn "Detail: Menu" into "Home: Menu"; the breadth-first search
  /// finds the shorter sequence, and proves it minimal.
  @Test func theSearchFindsWhatDeletingCannot() throws {
    let runner = RouterRunner(
      reference: try ReferenceRouter(menus), invariants: RouterInvariant.productInvariants,
      makeRouter: { OnceMenuRouter() })
    let viaDetail: [EventReference] = [
      .transition(screen: "Home", transition: .index(0)),
      .transition(screen: "Detail", transition: .label("Menu")),
      .transition(screen: "Menu", transition: .label("Close")),
      .transition(screen: "Detail", transition: .label("Menu")),
    ]
    let failure = try #require(runner.run(viaDetail).failure)
    let shrinker = Shrinker(reference: runner.reference, budget: 1_000) { runner.run($0).failure }
    #expect(shrinker.deleting(failure).events == viaDetail, "no step can be deleted")
    let (minimal, below) = shrinker.shrink(failure)
    #expect(
      minimal.events == [
        .transition(screen: "Home", transition: .label("Menu")),
        .transition(screen: "Menu", transition: .label("Close")),
        .transition(screen: "Home", transition: .label("Menu")),
      ])
    #expect(below == 3, "every sequence of 1 or 2 steps passes")
    // With no budget for the search, deleting is all there is, and nothing is proven.
    let (unsearched, unproven) = Shrinker(reference: runner.reference, budget: 0) {
      runner.run($0).failure
    }.shrink(failure)
    #expect(unsearched.events == viaDetail && unproven == nil)
  }

  @Test func theReportSaysWhetherTheFailureIsMinimal() throws {
    var result: RouterFuzzResult?
    let reports = withExpectedNavigationFailures {
      result = fuzzRouter(menus, options: exampleOptions()) { OnceMenuRouter() }
    }
    #expect(result?.failure?.steps.count == 3)
    #expect(reports.first?.contains(", minimal: no shorter sequence fails;") == true)
  }

  /// The search tries only what the router supports: a router that cannot swipe back throws on
  /// a swipe, which is no failure of its to find.
  @Test func theSearchLeavesOutUnsupportedKinds() throws {
    struct NoSwipes: RouterAdapter {
      static var unsupportedEvents: Set<NavigationEvent.Kind> { [.swipeBack, .swipeDown] }
      var router = OnceMenuRouter()
      mutating func perform(_ step: NavigationStep) throws {
        if step.event.kind == .swipeBack || step.event.kind == .swipeDown {
          throw RouterAdapterError.unsupported(step)
        }
        try router.perform(step)
      }
      func snapshot() -> RouterSnapshot { router.snapshot() }
    }
    let runner = RouterRunner(
      reference: try ReferenceRouter(menus), invariants: RouterInvariant.productInvariants,
      makeRouter: { NoSwipes() })
    let viaDetail: [EventReference] = [
      .transition(screen: "Home", transition: .index(0)),
      .transition(screen: "Detail", transition: .label("Menu")),
      .transition(screen: "Menu", transition: .label("Close")),
      .transition(screen: "Detail", transition: .label("Menu")),
    ]
    let failure = try #require(runner.run(viaDetail).failure)
    let (minimal, _) = Shrinker(
      reference: runner.reference, budget: 1_000, leftOut: NoSwipes.unsupportedEvents
    ) { runner.run($0).failure }.shrink(failure)
    #expect(minimal.rule == .showsWhatTheReferenceShows)
    #expect(minimal.steps.count == 3)
    // Without leaving them out, a throwing swipe would be "shorter".
    let (thrown, _) = Shrinker(reference: runner.reference, budget: 1_000) {
      runner.run($0).failure
    }.shrink(failure)
    #expect(thrown.rule == .throwsNoError)
  }
}
