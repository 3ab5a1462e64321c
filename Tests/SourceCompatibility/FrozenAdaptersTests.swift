import NavCheck
import NavCheckTesting
import Testing

/// The frozen adapters still do what they did when frozen: each buggy router fails its recorded
/// sequence with the rule it failed with then, and each fixed one passes it. (That they compile
/// is most of the point: a change to the public API that breaks them breaks adopters.)
@Suite struct FrozenAdaptersTests {
  @Test func eachBuggyRouterFailsItsSequenceAndItsFixPassesIt() {
    var failures: [RouterFailure?] = []
    withExpectedNavigationFailures {
      failures = [
        assertRouterSequence(tripPlanner, saveThenSwipeBack) { TripPlannerAdapter(.unscopedWork) },
        assertRouterSequence(recipeBook, pushFromTheSheet) { sharedCoordinator() },
        assertRouterSequence(shopCheckout, continueAfterASwipeBack) { CheckoutView(.published) },
        assertRouterSequence(podcasts, linkOverAShow) { PodcastAdapter(.dismissAll) },
        assertRouterSequence(storefront, deepLinkDuringTheTour) {
          RoutingPatternAdapter(.published)
        },
      ]
    }
    #expect(
      failures.map { $0?.rule } == [
        .invariant("no orphan bindings"), .showsWhatTheReferenceShows,
        .showsWhatTheReferenceShows, .showsWhatTheReferenceShows,
        .invariant("one active sheet per router"),
      ])
    #expect(failures.allSatisfy { $0 != nil })
    #expect(
      assertRouterSequence(tripPlanner, saveThenSwipeBack) {
        TripPlannerAdapter(.screenScopedWork)
      } == nil)
    #expect(assertRouterSequence(recipeBook, pushFromTheSheet) { childCoordinators() } == nil)
    #expect(
      assertRouterSequence(shopCheckout, continueAfterASwipeBack) {
        CheckoutView(.pathBinding)
      } == nil)
    #expect(assertRouterSequence(podcasts, linkOverAShow) { PodcastAdapter(.goBackToRoot) } == nil)
    #expect(
      assertRouterSequence(storefront, deepLinkDuringTheTour) {
        RoutingPatternAdapter(.onePresentationAtATime)
      } == nil)
  }
}
