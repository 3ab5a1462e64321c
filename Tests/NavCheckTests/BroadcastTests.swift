import Foundation
import Testing

@testable import NavCheck

// SEMANTICS v3 §11.7: one event handled by every live observer (Docs/Semantics.md). States are
// written as the tab stacks, `*` on the selected one; `⟶` presents.

/// §11.7: broadcasts ("deleted" dismisses every live item page; a URL handled by every tab's
/// router).
@Suite struct BroadcastTests: SpecJSONChecks {
  /// `Examples/broadcast.json` in the DSL.
  static let deletedItem = NavigationSpec("DeletedItem", tabs: ["Home", "Search"]) {
    Destination("Home") { Push("Item").onDismiss { Alert("Removed") } }
    Destination("Search") { Push("Item") }
    Destination("Item") { Sheet("Editor") }
    Destination("Editor")
    Broadcast("deleted") {
      Observer("Item") { Dismiss() }
      Observer("Editor") { Dismiss() }
    }
    Broadcast("openURL") {
      Observer("Home", actsOn: .stack) { Push("Item") }
      Observer("Search", actsOn: .stack) { Push("Item") }
    }
  }
  .bounds(maxStackDepth: 2, maxPresentationDepth: 1)

  /// The hand derivation of Examples/README.md, from the JSON and from the DSL, at 1 and 3
  /// threads, with its findings' shortest traces and its dead observers.
  @Test func theExampleKeepsItsHandDerivedCounts() throws {
    let json = try example("broadcast")
    #expect(json == Self.deletedItem)
    #expect(try read(json.jsonValue.text()) == json)
    for spec in [json, Self.deletedItem] {
      for threads in [1, 3] {
        let result = try check(spec, threads: threads)
        #expect(
          counts(result)
            == "states 14, transitions 38, pruned 2, depth 5, actionFromCoveredScreen 15")
        #expect(
          result.violations.map { "\($0.declaration?.title ?? "-"): \($0.trace.count)" } == [
            "broadcast 'openURL': Search observer: 1",
            "broadcast 'openURL': Home observer: 2",
            "Home: onDismiss of push Item: 3",
          ])
        #expect(result.violations.map(\.count) == [2, 10, 3])
        #expect(
          result.violations[0].trace.map(\.description) == [
            "broadcast 'openURL' arrives → Home: push Item (on the stack's top); Search: push Item (on the stack's top)"
          ])
        #expect(
          result.violations[2].trace.map(\.description) == [
            "Home: push Item", "user selects tab 'Search'",
            "broadcast 'deleted' arrives → Item: dismiss; then onDismiss: alert 'Removed'",
          ])
        #expect(
          result.warnings.map(\.message).map { $0.components(separatedBy: " never fires")[0] }
            == [
              "broadcast 'deleted': Editor observer", "broadcast 'openURL': Home observer",
              "broadcast 'openURL': Search observer",
            ])
        #expect(result.warnings.allSatisfy { $0.kind == .deadTransition })
      }
    }
  }

  /// Decision 1: offered after the deep links, in declaration order, where its guards hold and
  /// an observer screen is live; with none, it is no event, and a replay says why.
  @Test func aBroadcastIsOfferedWhereAnObserverScreenIsLive() throws {
    let spec = NavigationSpec("Offered", root: "Home") {
      Flag("signedIn")
      Destination("Home") {
        Push("Item")
        SetFlag("signedIn", true).label("Sign in")
      }
      Destination("Item")
      DeepLink("home") { DismissAll() }
      Broadcast("deleted") { Observer("Item") { Dismiss() } }
      Broadcast("signedOut") { Observer("Home") { SetFlag("signedIn", false) } }.when("signedIn")
    }
    // Home alone: no Item, so "deleted" is no event; "signedOut" is guarded out.
    #expect(
      try events(of: spec) == [
        "Home: push Item", "Home: tap 'Sign in' → set signedIn to true", "deep link 'home' arrives",
      ])
    let pushed = try spec.replay([.transition(screen: "Home", transition: .index(0))])
    #expect(pushed.ending == .state)
    let deleted = try spec.replay([
      .transition(screen: "Home", transition: .index(0)), .broadcast("deleted"),
    ])
    #expect(deleted.ending == .state)
    #expect(deleted.steps.last?.state?.environments[0].stack.map(\.destination) == ["Home"])
    #expect(
      try spec.replay([.broadcast("deleted")]).ending
        == .impossible(
          step: 0,
          reason:
            "broadcast 'deleted' has no observer screen in this state: none of Item is shown"))
    #expect(
      try spec.replay([.broadcast("signedOut")]).ending
        == .impossible(
          step: 0, reason: "broadcast 'signedOut' is guarded out: its guards do not hold"))
    #expect(
      try spec.replay([.broadcast("deleed")]).ending
        == .impossible(
          step: 0, reason: "the spec declares no broadcast 'deleed'; did you mean 'deleted'?"))
    let signedIn = try spec.replay([
      .transition(screen: "Home", transition: .label("Sign in")), .broadcast("signedOut"),
    ])
    #expect(signedIn.ending == .state)
  }

  /// Decision 2: the observer screens are those of the event's start, in pre-order; one an
  /// earlier observer removed is skipped, not orphaned, and a screen shown during the event is
  /// no observer screen of it.
  @Test func anObserverRemovedByAnEarlierOneIsSkipped() throws {
    let replay = try Self.deletedItem.replay([
      .transition(screen: "Home", transition: .index(0)),
      .transition(screen: "Item", transition: .index(0)),
      .broadcast("deleted"),
    ])
    #expect(replay.ending == .state)
    #expect(
      replay.steps.last?.description
        == "broadcast 'deleted' arrives → Item: dismiss; Editor: gone, skipped; then onDismiss: alert 'Removed'"
    )
    let state = try #require(replay.steps.last?.state)
    #expect(state.environments.count == 1)
    #expect(state.tabs[0].stack.map(\.destination) == ["Home"])
    #expect(state.alerts == ["Removed"])
    // An observer that pushes its own destination: the pushed screen, new in the event, does
    // not act again.
    let spec = NavigationSpec("Chain", root: "Feed") {
      Destination("Feed") { Push("Post") }
      Destination("Post")
      Broadcast("more") { Observer("Post") { Push("Post") } }
    }
    let more = try spec.replay([
      .transition(screen: "Feed", transition: .index(0)), .broadcast("more"),
    ])
    #expect(
      more.steps.last?.state?.environments[0].stack.map(\.destination) == ["Feed", "Post", "Post"])
  }

  /// Decision 3: a push from a covered observer is actionFromCoveredScreen; a dismiss from one
  /// is no violation; a dismiss of a tab root is dismissAtRoot.
  @Test func aCoveredObserverPushIsCoveredItsDismissIsNot() throws {
    let spec = NavigationSpec("Covered", tabs: ["Feed", "Inbox"]) {
      Destination("Feed") { Push("Post") }
      Destination("Inbox")
      Destination("Post")
      Broadcast("gone") { Observer("Post") { Dismiss() } }
      Broadcast("open") { Observer("Inbox") { Push("Post") } }
      Broadcast("close") { Observer("Inbox") { Dismiss() } }
    }
    let hidden = try spec.replay([
      .transition(screen: "Feed", transition: .index(0)), .selectTab("Inbox"), .broadcast("gone"),
    ])
    #expect(hidden.ending == .state)
    #expect(hidden.steps.last?.state?.tabs[0].stack.map(\.destination) == ["Feed"])
    let open = try spec.replay([.broadcast("open")])
    #expect(open.violation?.kind == .actionFromCoveredScreen)
    #expect(open.violation?.declaration?.title == "broadcast 'open': Inbox observer")
    #expect(open.violation?.declaration?.kind == .broadcastObserver)
    #expect(try spec.replay([.broadcast("close")]).violation?.kind == .dismissAtRoot)
  }

  /// Decision 4: the onDismiss callbacks run after every observer has acted. Post's removal
  /// records a callback that selects Inbox; Inbox's observer acts before it runs, while Inbox is
  /// still hidden, so its push is actionFromCoveredScreen (run at once, the callback would have
  /// selected Inbox first). Without a later observer, the callback selects Inbox at the end.
  @Test func callbacksRunAfterEveryObserver() throws {
    let spec = NavigationSpec("Order", tabs: ["Feed", "Inbox"]) {
      Destination("Feed") { Push("Post").onDismiss { SelectTab("Inbox") } }
      Destination("Inbox")
      Destination("Post")
      Destination("Message")
      Broadcast("deleted") {
        Observer("Post") { Dismiss() }
        Observer("Inbox") { Push("Message") }
      }
      Broadcast("gone") { Observer("Post") { Dismiss() } }
    }
    let push = EventReference.transition(screen: "Feed", transition: .index(0))
    let deleted = try spec.replay([push, .broadcast("deleted")])
    #expect(deleted.violation?.kind == .actionFromCoveredScreen)
    #expect(deleted.violation?.declaration?.title == "broadcast 'deleted': Inbox observer")
    #expect(
      deleted.steps.last?.description
        == "broadcast 'deleted' arrives → Post: dismiss; Inbox: push Message")
    let gone = try spec.replay([push, .broadcast("gone")])
    #expect(gone.ending == .state)
    #expect(gone.steps.last?.state?.selectedTab == 1)
    #expect(
      gone.steps.last?.description
        == "broadcast 'gone' arrives → Post: dismiss; then onDismiss: select tab Inbox")
  }

  /// Decision 9: a broadcast is no way home (it comes from outside, as a deep link): a cover
  /// that only a broadcast closes is a trap.
  @Test func aBroadcastIsNoWayHome() throws {
    let spec = NavigationSpec("Stuck", root: "Feed") {
      Destination("Feed") { FullScreenCover("Player") }
      Destination("Player")
      Broadcast("stop") { Observer("Player") { DismissEnvironment() } }
    }
    let result = try check(spec)
    #expect(counts(result) == "states 2, transitions 2, pruned 0, depth 1, trap 1")
  }

  /// Decision 7: the step points at the first observer screen; the JSON step names the
  /// broadcast and reads back.
  @Test func aBroadcastStepNamesItsFirstObserverScreen() throws {
    let replay = try Self.deletedItem.replay([
      .transition(screen: "Home", transition: .index(0)), .selectTab("Search"),
      .transition(screen: "Search", transition: .index(0)), .broadcast("deleted"),
    ])
    let step = try #require(replay.steps.last)
    #expect(step.screen.title == "destination Item")
    #expect(step.event.jsonValue.text(indent: nil) == #"{"broadcast":"deleted"}"#)
    #expect(try EventReference(jsonValue: step.event.jsonValue) == .broadcast("deleted"))
    #expect(step.event.swiftLiteral == #".broadcast("deleted")"#)
    #expect(step.declarations.first?.title == "broadcast 'deleted': Item observer")
  }

  /// Validation: names, observers, destinations, actsOn, guards, empty sequences; exit 65 with
  /// the JSON path.
  @Test func invalidBroadcastsAreSpecProblems() throws {
    func spec(_ broadcasts: String) -> String {
      """
      {"name": "A", "root": "Feed", "flags": [{"name": "loggedIn"}],
       "destinations": [{"name": "Feed"}, {"name": "Post"}], "broadcasts": [\(broadcasts)]}
      """
    }
    let ok =
      #"{"name": "gone", "observers": [{"destination": "Post", "actions": [{"action": "dismiss"}]}]}"#
    #expect(try validationProblems(spec(ok)) == [])
    #expect(
      try validationProblems(spec(ok + ", " + ok)) == [
        "broadcasts[1].name @2: broadcast 'gone' is declared twice (first declared at App.json:2 (broadcasts[0])); rename or remove one"
      ])
    #expect(
      try validationProblems(
        spec(
          #"{"name": "", "observers": [{"destination": "Post", "actions": [{"action": "dismiss"}]}]}"#
        ))
        == ["broadcasts[0].name @2: a broadcast has an empty name"])
    #expect(
      try validationProblems(spec(#"{"name": "gone", "observers": []}"#)) == [
        #"broadcasts[0].observers @2: broadcast 'gone' has no observers; add at least one (Observer("Item") { Dismiss() }, or {"destination": …, "actions": […]})"#
      ])
    #expect(
      try validationProblems(
        spec(
          #"{"name": "gone", "observers": [{"destination": "Pots", "actions": [{"action": "dismiss"}]}]}"#
        ))
        == [
          "broadcasts[0].observers[0].destination @2: no destination named 'Pots'; did you mean 'Post'?"
        ])
    #expect(
      try validationProblems(
        spec(
          #"{"name": "gone", "observers": [{"destination": "Post", "actions": [{"action": "dismiss"}]}, {"destination": "Post", "actions": [{"action": "dismiss"}]}]}"#
        )) == [
          "broadcasts[0].observers[1].destination @2: broadcast 'gone' has two observers of Post (observers 1 and 2); merge their actions into one"
        ])
    #expect(
      try validationProblems(
        spec(#"{"name": "gone", "observers": [{"destination": "Post", "actions": []}]}"#))
        == [
          "broadcasts[0].observers[0].actions @2: the Post observer of broadcast 'gone' has no actions; add at least one, or remove the observer (an observer that does nothing navigational has no place in the spec)"
        ])
    #expect(
      try validationProblems(
        spec(
          #"{"name": "gone", "unlessPending": "Load", "when": "logedIn", "observers": [{"destination": "Post", "actions": [{"action": "dismiss"}]}]}"#
        )) == [
          "broadcasts[0].unlessPending @2: broadcast 'gone' has unlessPending; a broadcast has no screen of its own, so no pending work to wait for: use when or unless",
          "broadcasts[0].when @2: no flag named 'logedIn'; did you mean 'loggedIn'?",
        ])
    #expect(
      readingProblems(
        spec(
          #"{"name": "gone", "observers": [{"destination": "Post", "actsOn": "app", "actions": [{"action": "dismiss"}]}]}"#
        )) == ["broadcasts[0].observers[0].actsOn @2: 'app' is not one of 'screen', 'stack'"])
    #expect(
      readingProblems(
        spec(#"{"name": "gone", "observers": [{"destination": "Post", "action": "dismiss"}]}"#)
      )
      .first?.contains("broadcasts[0].observers[0]") == true)
  }

  /// JSON: `broadcasts` after `deepLinks`, only where non-empty (a v2 spec is written as before);
  /// Swift: `Broadcast` and `Observer` beside the deep links.
  @Test func theJSONAndSwiftFormsCarryTheBroadcasts() throws {
    let json = Self.deletedItem.jsonValue.text(indent: nil)
    #expect(
      json.contains(
        #""broadcasts":[{"name":"deleted","observers":[{"destination":"Item","actions""#))
    #expect(json.contains(#"{"destination":"Home","actsOn":"stack","actions""#))
    var plain = Self.deletedItem
    plain.broadcasts = []
    #expect(!plain.jsonValue.text(indent: nil).contains("broadcasts"))
    let source = Self.deletedItem.swiftSource()
    #expect(source.contains(#"Broadcast("deleted") {"#))
    #expect(source.contains(#"Observer("Home", actsOn: .stack) {"#))
    #expect(source.contains(#"Observer("Item") {"#))
  }

  /// The tabs reduction is refused, naming the broadcast.
  @Test func theTabsReductionIsRefusedForBroadcasts() throws {
    let obstacle = TabReduction.obstacle(CompiledSpec(Self.deletedItem))
    #expect(obstacle?.reason == "broadcast 'deleted' acts in every tab")
    let check = try Self.deletedItem.check(threads: 1)
    #expect(check.states == 14)
  }

  /// The destination graph draws a broadcast as a note with a line to each observer.
  @Test func theGraphDrawsTheBroadcasts() throws {
    let graph = GraphReport(language: .dot).destinationGraph(Self.deletedItem)
    #expect(graph.contains("broadcast openURL"))
    #expect(graph.contains("on broadcast openURL: push"))
  }
}
