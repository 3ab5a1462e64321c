import NavCheck
import NavCheckTestSupport
import NavCheckTesting
import Testing

/// A podcast app: shows pushed on the library, an alert to unfollow a show, a premium flow (a
/// plans sheet, then a checkout pushed in it, paid by a network call that closes the sheet and
/// stops with its screen), and a link to a show.
let podcasts = NavigationSpec("Podcasts", root: "Library") {
  Destination("Library") {
    Push("Show")
    StartFlow("Premium").label("Go premium")
  }
  Destination("Show") {
    Alert("Unfollow") {
      Button("Unfollow") { Dismiss() }
      Button("Cancel")
    }
  }
  Destination("Plans") { Next().label("Continue") }
  Destination("Checkout") { DismissEnvironment().async(cancelsOnDismiss: true).label("Pay") }
  Flow("Premium") {
    Sheet("Plans")
    Push("Checkout")
  }
  DeepLink("show") {
    DismissAll()
    Push("Show")
  }
}
.bounds(maxStackDepth: 3, maxPresentationDepth: 1)

/// The shortest sequence that shows the bug: a show is open when the link arrives.
let linkOverAShow: [EventReference] = [
  .transition(screen: "Library", transition: .index(0)),
  .deepLink("show"),
]

@Suite struct PodcastRouterTests {
  @Test func theFuzzerFindsTheLinkThatKeepsTheOpenShow() throws {
    var result: RouterFuzzResult?
    withExpectedNavigationFailures {
      result = fuzzRouter(podcasts, options: exampleOptions()) { PodcastAdapter(.dismissAll) }
    }
    let failure = try #require(result?.failure)
    #expect(failure.rule == .showsWhatTheReferenceShows)
    #expect(failure.events == linkOverAShow)
    #expect(failure.message.contains("[Library › Show › Show]"))
    #expect(failure.snapshot?["Library"]?.path == ["Show", "Show"])
  }

  @Test func goBackToRootPassesTheFuzzerCoveringTheSpec() {
    let result = fuzzRouter(podcasts, options: exampleOptions(runs: 100)) {
      PodcastAdapter(.goBackToRoot)
    }
    #expect(result.passed)
    #expect(result.statistics.coveredDeclarations == result.statistics.totalDeclarations)
    for kind in [
      NavigationEvent.Kind.alertButton, .startAsync, .completeAsync, .swipeBack, .swipeDown,
      .deepLink,
    ] {
      #expect(result.statistics.eventsByKind[kind, default: 0] > 0, "\(kind)")
    }
  }

  @Test func theMinimalSequenceReproducesTheFailure() {
    var failure: RouterFailure?
    withExpectedNavigationFailures {
      failure = assertRouterSequence(podcasts, linkOverAShow) { PodcastAdapter(.dismissAll) }
    }
    #expect(failure?.rule == .showsWhatTheReferenceShows)
    #expect(failure?.snapshot?["Library"]?.path == ["Show", "Show"])
    #expect(assertRouterSequence(podcasts, linkOverAShow) { PodcastAdapter(.goBackToRoot) } == nil)
  }

  /// Over a sheet, both calls close it: the bug needs a pushed screen under the link.
  @Test func aLinkOverThePremiumSheetWorksEitherWay() {
    let linkOverTheSheet: [EventReference] = [
      .transition(screen: "Library", transition: .label("Go premium")),
      .transition(screen: "Plans", transition: .label("Continue")),
      .deepLink("show"),
    ]
    for links in [PodcastRoutes.LinkHandling.dismissAll, .goBackToRoot] {
      #expect(assertRouterSequence(podcasts, linkOverTheSheet) { PodcastAdapter(links) } == nil)
    }
  }
}
