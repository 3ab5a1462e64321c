import Foundation
import Testing

@testable import NavCheck

// The rules of SEMANTICS v2 part 2 (flags, guards, async outcomes, actsOn, router-free work)
// on small specs written with the model's initializers, each with its counts derived by hand.

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
    // Stack work is drawn on the stack's bottom that holds it, named with its destination.
    let graph = try readerSpec.stateGraph(maxStates: 100)
    #expect(graph.states.map(\.description).contains("Feed [pending 'Post.Search'] › Post"))
  }

  /// With actsOn screen, swiping back with Search pending orphans it and found pushes from
  /// Post itself: 8 states (examples/README.md).
  @Test func screenWorkOfTheSameSpecIsOrphanedByASwipeBack() throws {
    var spec = readerSpec
    spec.destinations[1].transitions[0].actsOn = .screen
    #expect(try check(spec).states == 8)
  }

  /// Work cancelled with its screen is held by that screen, but acts on what it names: B's Load
  /// (cancelsOnDismiss, actsOn stack) pushes C on the top of B's stack when it completes, D
  /// where D was pushed. S0 [A] → S1 [A, B]; S1: start Load → S2, push D → S3, swipe back →
  /// S0; S2 [A, B{Load}]: push D → S4, swipe back (cancelled) → S0, completes → S5 [A, B, C];
  /// S3 [A, B, D]: swipe back → S1; S4 [A, B{Load}, D]: swipe back → S2, completes → S6 [A, B,
  /// D, C]; S5: swipe back → S1; S6: swipe back → S3. 7 states, 12 transitions, depth 4; no
  /// violation (from B itself, under D, it would be actionFromCoveredScreen).
  @Test func cancelledWorkActsOnWhatItNames() throws {
    let spec = NavigationSpec(
      name: "Load", root: "A",
      destinations: [
        Destination(name: "A", transitions: [t(.push(destination: "B"))]),
        Destination(
          name: "B",
          transitions: [
            work([.push(destination: "C")], label: "Load", actsOn: .stack, cancels: true),
            t(.push(destination: "D")),
          ]),
        Destination(name: "C"), Destination(name: "D"),
      ], bounds: Bounds(maxStackDepth: 4))
    #expect(try counts(check(spec)) == "states 7, transitions 12, pruned 0, depth 4")
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

@Suite struct FlagsAndGuardsTests {
  /// Flag loggedIn (false). A: In (setFlag true, unless loggedIn), Out (setFlag false, when
  /// loggedIn), Secret (push S, when loggedIn); deep link s (when loggedIn): push S from the
  /// root. S0 [A]{}: In → S1 (the rest guarded out). S1 [A]{loggedIn}: Out → S0; Secret → S2;
  /// s → S2. S2 [A, S]{loggedIn}: swipe back → S1; s pushes from A under S →
  /// actionFromCoveredScreen. 3 states, 1 + 3 + 1 = 5 transitions, depth 2.
  @Test func guardsOnFlagsRemoveEvents() throws {
    var spec = NavigationSpec(
      name: "Flags", root: "A",
      destinations: destinations([
        (
          "A",
          [
            guarded(
              t(.setFlag(flag: "loggedIn", value: true), label: "In"), Guards(unless: "loggedIn")),
            guarded(
              t(.setFlag(flag: "loggedIn", value: false), label: "Out"), Guards(when: "loggedIn")),
            guarded(t(.push(destination: "S"), label: "Secret"), Guards(when: "loggedIn")),
          ]
        ),
        ("S", []),
      ]),
      deepLinks: [DeepLink(name: "s", actions: [DeepLinkAction(.push(destination: "S"))])])
    spec.flags = [Flag(name: "loggedIn")]
    spec.deepLinks[0].guards = Guards(when: "loggedIn")
    let result = try check(spec)
    #expect(
      counts(result) == "states 3, transitions 5, pruned 0, depth 2, actionFromCoveredScreen 1")
    // A flag that starts true starts the app logged in: S1 is then the first state.
    spec.flags[0].initially = true
    #expect(try check(spec).depth == 1)
    #expect(try events(of: spec).first == "A: tap 'Out' → set loggedIn to false")
  }

  /// A: Send (async, its outcome only sets a flag), Discard (alert Bye, unlessPending Send).
  /// S0 [A]: start Send → S1; Discard → S2. S1 [A{Send}]: Discard is guarded out; Send
  /// completes → S0. S2 [A (Bye)]: OK → S0. 3 states, 4 transitions.
  @Test func unlessPendingHidesATransitionWhileItsWorkIsPending() throws {
    var spec = NavigationSpec(
      name: "Compose", root: "A",
      destinations: destinations([
        (
          "A",
          [
            work([.dismissAlert], label: "Send"),
            guarded(
              t(.alert(name: "Bye", buttons: []), label: "Discard"), Guards(unlessPending: "Send")),
          ]
        )
      ]))
    #expect(try counts(check(spec)) == "states 3, transitions 4, pruned 0, depth 1")
    // Without the guard, Discard with Send pending shows Bye; Send's completion closes it.
    spec.destinations[0].transitions[1].guards = Guards()
    #expect(try counts(check(spec)) == "states 4, transitions 7, pruned 0, depth 2")
  }

  /// A: Send (async, setFlag sent), Ask (alert: Go (unlessPending Send) → push B; Cancel).
  /// S0 [A]: Send → S1; Ask → S2. S1 [A{Send}]: Ask → S3; Send completes → S4 {sent}.
  /// S2 [A (Ask)]: Go → S5 [A, B]; Cancel → S0. S3 [A{Send} (Ask)]: Go guarded out; Cancel →
  /// S1; completes → S6 [A (Ask)]{sent}. S4 [A]{sent}: Send → S7; Ask → S6. S5: swipe back →
  /// S0. S6: Go → S8 [A, B]{sent}; Cancel → S4. S7 [A{Send}]{sent}: Ask → S9; completes → S4.
  /// S8: swipe back → S4. S9: Cancel → S7; completes → S6. 10 states, 18 transitions, depth 4.
  @Test func unlessPendingHidesAButtonWhileItsScreensWorkIsPending() throws {
    var spec = NavigationSpec(
      name: "Ask", root: "A",
      destinations: destinations([
        (
          "A",
          [
            work([.setFlag(flag: "sent", value: true)], label: "Send"),
            t(
              .alert(
                name: "Ask",
                buttons: [
                  {
                    var go = AlertButton(label: "Go", action: .push(destination: "B"))
                    go.guards = Guards(unlessPending: "Send")
                    return go
                  }(), AlertButton(label: "Cancel"),
                ]), label: "Ask"),
          ]
        ),
        ("B", []),
      ]))
    spec.flags = [Flag(name: "sent")]
    #expect(try counts(check(spec)) == "states 10, transitions 18, pruned 0, depth 4")
  }

  /// A pushes B; B's Done is [setFlag done, dismiss]: after setFlag the sequence goes on from
  /// the same screen, so Done completing under B's sheet C removes B (and C), not C alone.
  /// S0 [A] → S1 [A, B]; S1: start Done → S2, sheet C → S3, swipe back → S0; S2 [A, B{Done}]:
  /// sheet C → S4, swipe back → orphanedCompletion, completes → S5 [A]{done}; S3: swipe down →
  /// S1; S4 [A, B{Done} ⟶ C]: swipe down → S2, completes → S5; S5..S9 as S0..S4 with done
  /// (but S5's completions lead to S5 itself). 10 states, 18 transitions, depth 6,
  /// orphanedCompletion 2.
  @Test func aSequenceGoesOnFromTheSameScreenAfterSetFlag() throws {
    var spec = NavigationSpec(
      name: "Done", root: "A",
      destinations: destinations([
        ("A", [t(.push(destination: "B"))]),
        (
          "B",
          [
            work([.setFlag(flag: "done", value: true), .dismiss(destination: nil)], label: "Done"),
            t(.sheet(destination: "C")),
          ]
        ),
        ("C", []),
      ]))
    spec.flags = [Flag(name: "done")]
    #expect(
      try counts(check(spec))
        == "states 10, transitions 18, pruned 0, depth 6, orphanedCompletion 2")
  }
}

@Suite struct RouterFreeWorkTests {
  /// maxStackDepth 2. A pushes B; B's Mark (async) only sets flag seen: router-free, so when
  /// B goes while Mark is pending, its entry moves to the app's work and still completes.
  /// States ({flags} app{work}): S0 [A]; S1 [A,B]; S2 [A,B{M}]; S3 [A] app{M}; S4 [A,B]{seen};
  /// S5 [A,B] app{M}; S6 [A]{seen}; S7 [A,B{M}]{seen}; S8 [A,B{M}] app{M}; S9 [A]{seen}
  /// app{M}; S10 [A,B]{seen} app{M}; S11 [A,B{M}]{seen} app{M}. Transitions 1+2+2+2+2+3+1+2+
  /// 3+2+3+3 = 26; depth 7 (S11); no orphan.
  @Test func routerFreeWorkOutlivesItsScreen() throws {
    var spec = NavigationSpec(
      name: "Mark", root: "A",
      destinations: destinations([
        ("A", [t(.push(destination: "B"))]),
        ("B", [work([.setFlag(flag: "seen", value: true)], label: "Mark")]),
      ]), bounds: Bounds(maxStackDepth: 2))
    spec.flags = [Flag(name: "seen")]
    let result = try check(spec)
    #expect(counts(result) == "states 12, transitions 26, pruned 0, depth 7")
    let graph = try spec.stateGraph(maxStates: 100)
    #expect(graph.edges.contains { $0.event == "B: async 'Mark' completes → set seen to true" })
    // The drawing shows the flags that are true and the app's work.
    #expect(graph.states.map(\.description).contains("A {seen; app pending 'Mark'}"))
  }

  /// A router-free onDismiss is never orphaned. A pushes B; B pushes C with onDismiss setFlag
  /// gone; C's Home is dismissAll, which removes B with C, so C's shower is gone when its
  /// callback's turn comes: it runs all the same. S0 [A] → S1 [A, B] → S2 [A, B, C]; S2: Home
  /// → S3 [A]{gone}, swipe back → S4 [A, B]{gone}; S1: swipe back → S0; S3: push → S4; S4:
  /// push → S5 [A, B, C]{gone}, swipe back → S3; S5: Home → S3, swipe back → S4. 6 states,
  /// 1+2+2+1+2+2 = 10 transitions, depth 4. With a callback that pushes instead, Home is
  /// orphanedCompletion.
  @Test func aRouterFreeOnDismissRunsWithoutAScreen() throws {
    func spec(_ callback: Action) -> NavigationSpec {
      var spec = NavigationSpec(
        name: "Gone", root: "A",
        destinations: [
          Destination(name: "A", transitions: [t(.push(destination: "B"))]),
          Destination(
            name: "B",
            transitions: [
              Transition(
                actions: [
                  SequenceAction(
                    .push(destination: "C"),
                    onDismiss: OnDismiss(actions: [SequenceAction(callback)]))
                ])
            ]),
          Destination(name: "C", transitions: [t(.dismissAll, label: "Home")]),
        ])
      spec.flags = [Flag(name: "gone")]
      return spec
    }
    #expect(
      try counts(check(spec(.setFlag(flag: "gone", value: true))))
        == "states 6, transitions 10, pruned 0, depth 4")
    #expect(
      try check(spec(.alert(name: "Gone", buttons: []))).violationCounts[.orphanedCompletion]
        == 1)
  }
}

@Suite struct Part2LimitsTests {
  /// Flags, a screen's own and its stack's work, and the app's work live in 64-bit sets: a
  /// spec past them is rejected plainly, not explored wrong.
  @Test func setsPastSixtyFourAreRejected() {
    var spec = NavigationSpec(
      name: "Big", root: "A",
      destinations: [
        Destination(
          name: "A",
          transitions: (0..<40).map { work([.dismissAlert], label: "own\($0)") }
            + (0..<30).map { work([.dismissAlert], label: "stack\($0)", actsOn: .stack) })
      ])
    spec.flags = (0..<65).map { Flag(name: "f\($0)") }
    let messages = spec.problems.map(\.message)
    #expect(messages.contains { $0.contains("65 flags; at most 64") })
    #expect(messages.contains { $0.contains("30 async transitions act on their stack") })
    #expect(messages.contains { $0.contains("declares 70 async transitions") })
  }
}

@Suite struct GraphPart2Tests {
  /// The destination graph draws each outcome of async work, labelled with it, and the guards
  /// before an edge's words.
  @Test func outcomesAndGuardsAreDrawn() {
    var pay = work(
      [], label: "Pay", outcomes: [("ok", [.push(destination: "Receipt")]), ("declined", [])])
    pay.guards = Guards(when: "signedIn")
    var spec = NavigationSpec(
      name: "Pay", root: "Cart",
      destinations: destinations([("Cart", [pay]), ("Receipt", [])]))
    spec.flags = [Flag(name: "signedIn")]
    let dot = GraphReport(language: .dot).destinationGraph(spec)
    #expect(dot.contains(#"d_Cart -> d_Receipt [label="[when signedIn] async push 'Pay: ok'"];"#))
  }
}
