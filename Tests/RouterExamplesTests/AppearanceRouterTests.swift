import NavCheck
import Testing

@testable import NavCheckTesting

/// A coordinator for IceCubesApp's signed-out timeline (SEMANTICS v3 §11.11,
/// `TimelineTab.swift:72-74`): each time the timeline appears while signed out, it presents the
/// add-account sheet. The router runs that appearance itself, as the timeline's `.onAppear`
/// would: after each step, where the timeline is shown and was not before. `onlyAtLaunch` is
/// its bug: the sheet is presented when the app starts, never when a pop reveals the timeline
/// again.
struct SignedOutTimelineRouter: RouterAdapter {
  static var supportsAppearances: Bool { true }
  var path: [String] = []
  var sheet: String?
  var signedIn = false
  var onlyAtLaunch = false

  init(onlyAtLaunch: Bool = false) {
    self.onlyAtLaunch = onlyAtLaunch
    // The launch: the timeline appears, signed out.
    sheet = "AddAccount"
  }

  mutating func perform(_ step: NavigationStep) throws {
    let timelineWasShown = path.isEmpty
    switch step.event {
    case .transition(.push(let destination), _): path.append(destination)
    case .swipeBack: path.removeLast()
    case .swipeDown: sheet = nil
    case .sequence(let actions, _):
      for item in actions {
        switch item.action {
        case .setFlag("signedIn", let value): signedIn = value
        case .dismissEnvironment: sheet = nil
        default: throw RouterAdapterError.unsupported(step)
        }
      }
    default: throw RouterAdapterError.unsupported(step)
    }
    // The timeline's onAppear: shown now (a sheet does not hide it), not before.
    if path.isEmpty && !timelineWasShown && !signedIn && !onlyAtLaunch { sheet = "AddAccount" }
  }

  func snapshot() -> RouterSnapshot {
    RouterSnapshot(
      coordinator: .init(screen: "Timeline", path: path, sheet: sheet.map { .init(screen: $0) }))
  }
}

/// The signed-out timeline: its onAppear presents AddAccount until "Sign in" sets the flag.
let appearanceSpec = NavigationSpec("SignedOutTimeline", root: "Timeline") {
  Flag("signedIn")
  Destination("Timeline") {
    Push("Detail")
    OnAppear { Sheet("AddAccount") }.unless("signedIn")
  }
  Destination("AddAccount") {
    Actions {
      SetFlag("signedIn", true)
      DismissEnvironment()
    }
    .label("Sign in")
  }
  Destination("Detail")
}
.bounds(maxStackDepth: 2)

@Suite struct AppearanceRouterTests {
  /// The router that presents the sheet on every appearance matches the reference in every
  /// state, and the steps name the appearances.
  @Test func aRouterThatRunsEveryAppearancePasses() throws {
    let result = checkRouterExhaustively(appearanceSpec) { SignedOutTimelineRouter() }
    #expect(result.failure == nil && result.complete)
    #expect(result.states == (try appearanceSpec.check().states))
    let fuzzed = fuzzRouter(appearanceSpec, options: exampleOptions(runs: 60)) {
      SignedOutTimelineRouter()
    }
    #expect(fuzzed.passed)
    var reference = try ReferenceRouter(appearanceSpec)
    let swipe = try reference.step(.gesture(.swipeDown)).get()
    #expect(swipe.navigation.appearances == [])
    reference.perform(swipe)
    reference.perform(
      try reference.step(.transition(screen: "Timeline", transition: .index(0))).get())
    let back = try reference.step(.gesture(.swipeBack)).get()
    #expect(back.navigation.appearances == ["Timeline"])
  }

  /// A router that presents the sheet only at launch is found: swiped down, opened and popped,
  /// the timeline appears again signed out and the reference shows the sheet.
  @Test func aRouterThatSkipsTheAppearanceOfAPopIsFound() throws {
    var result: RouterExhaustiveResult?
    withExpectedNavigationFailures {
      result = checkRouterExhaustively(appearanceSpec) {
        SignedOutTimelineRouter(onlyAtLaunch: true)
      }
    }
    let failure = try #require(result?.failure)
    #expect(
      failure.events == [
        .gesture(.swipeDown), .transition(screen: "Timeline", transition: .index(0)),
        .gesture(.swipeBack),
      ])
  }

  /// An adapter that does not perform appearances (the default) is refused, with the reason.
  @Test func anAdapterWithoutAppearancesIsRefused() {
    struct NoAppearances: RouterAdapter {
      var router = SignedOutTimelineRouter()
      mutating func perform(_ step: NavigationStep) throws { try router.perform(step) }
      func snapshot() -> RouterSnapshot { router.snapshot() }
    }
    var fuzzed: RouterFuzzResult?
    var exhaustive: RouterExhaustiveResult?
    withExpectedNavigationFailures {
      fuzzed = fuzzRouter(appearanceSpec, options: exampleOptions(runs: 10)) { NoAppearances() }
      exhaustive = checkRouterExhaustively(appearanceSpec) { NoAppearances() }
    }
    let reason =
      "spec 'SignedOutTimeline' declares onAppear (destination 'Timeline'), and NoAppearances does not perform appearances (supportsAppearances is false): every step would miss what the app's screens do when they appear; perform each step's NavigationStep.appearances and set supportsAppearances to true"
    #expect(fuzzed?.report == reason)
    #expect(fuzzed?.statistics.runs == 0)
    #expect(exhaustive?.report == reason)
  }
}
