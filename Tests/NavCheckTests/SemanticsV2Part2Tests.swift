import Foundation
import Testing

@testable import NavCheck

// The rules of SEMANTICS v2 part 2 (flags, guards, async outcomes, actsOn, router-free work)
// on small specs written with the model's initializers, each with its counts derived by hand.

private func t(_ action: Action, label: String? = nil) -> Transition {
  Transition(action: action, label: label)
}

private func work(
  _ actions: [Action], label: String, actsOn: ActsOn = .screen, cancels: Bool = false,
  outcomes: [(String, [Action])]? = nil
) -> Transition {
  var transition = Transition(
    actions: actions.map { SequenceAction($0) }, trigger: .async(cancelsOnDismiss: cancels),
    label: label)
  transition.actsOn = actsOn
  transition.outcomes = outcomes?.map {
    AsyncOutcome(label: $0.0, actions: $0.1.map { SequenceAction($0) })
  }
  return transition
}

/// examples/stackwork.json, written with the model.
let readerSpec = NavigationSpec(
  name: "Reader", root: "Feed",
  destinations: [
    Destination(name: "Feed", transitions: [t(.push(destination: "Post"))]),
    Destination(
      name: "Post",
      transitions: [
        work(
          [], label: "Search", actsOn: .stack,
          outcomes: [("found", [.push(destination: "Profile")]), ("none", [])]),
        t(.sheet(destination: "Share")),
      ]),
    Destination(
      name: "Share", transitions: [work([.dismissEnvironment], label: "Upload", actsOn: .stack)]),
    Destination(name: "Profile"),
  ],
  bounds: Bounds(maxStackDepth: 3, maxPresentationDepth: 1))

/// examples/appwork.json, written with the model.
let toastsSpec = NavigationSpec(
  name: "Toasts",
  modules: [Module(name: "Login", root: "SignIn"), Module(name: "Main", root: "Home")],
  destinations: [
    Destination(
      name: "SignIn",
      transitions: [
        work(
          [.modal(destination: "Toast", dismissOnBackgroundTap: true)], label: "Sync",
          actsOn: .app),
        t(.showModule(module: "Main"), label: "Log in"),
      ]),
    Destination(
      name: "Home",
      transitions: [
        t(.sheet(destination: "Settings"), label: "Settings"),
        t(.alert(name: "Confirm", buttons: [AlertButton(label: "OK")])),
        t(.showModule(module: "Login"), label: "Log out"),
      ]),
    Destination(name: "Settings"), Destination(name: "Toast"),
  ],
  bounds: Bounds(maxStackDepth: 2, maxPresentationDepth: 2))

@Suite struct ScopedWorkTests {
  /// examples/README.md's derivation of stackwork.json: 10 states, 21 transitions, depth 4;
  /// actionFromCoveredScreen 2 (found pushes behind the Share sheet), orphanedCompletion 2
  /// (Share's stack goes with the Upload it holds); both shortest in 4 events.
  @Test func stackWorkMatchesItsHandDerivation() throws {
    let result = try check(readerSpec)
    #expect(
      counts(result)
        == "states 10, transitions 21, pruned 0, depth 4, actionFromCoveredScreen 2, orphanedCompletion 2"
    )
    #expect(
      trace(result, .actionFromCoveredScreen) == [
        "Feed: push Post", "Post: async 'Search' starts", "Post: sheet Share",
        "Post: async 'Search' completes: found → push Profile (on the stack's top)",
      ])
    #expect(trace(result, .orphanedCompletion).count == 4)
  }

  /// With actsOn screen, swiping back with Search pending orphans it and found pushes from
  /// Post itself: 8 states (examples/README.md).
  @Test func screenWorkOfTheSameSpecIsOrphanedByASwipeBack() throws {
    var spec = readerSpec
    spec.destinations[1].transitions[0].actsOn = .screen
    #expect(try check(spec).states == 8)
  }

  /// examples/README.md's derivation of appwork.json: 11 states, 19 transitions, depth 4;
  /// actionFromCoveredScreen 1 (the toast service presents while an alert is up), 4 events.
  @Test func appWorkMatchesItsHandDerivation() throws {
    let result = try check(toastsSpec)
    #expect(
      counts(result) == "states 11, transitions 19, pruned 0, depth 4, actionFromCoveredScreen 1")
    #expect(trace(result, .actionFromCoveredScreen).count == 4)
    // With actsOn screen, Log in tears SignIn down while Sync is pending: 6 states.
    var spec = toastsSpec
    spec.destinations[0].transitions[0].actsOn = .screen
    #expect(try check(spec).states == 6)
  }
}
