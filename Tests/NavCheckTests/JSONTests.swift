import Foundation
import Testing

@testable import NavCheck

@Suite struct JSONTests {
  func read(_ text: String) throws(SpecError) -> NavigationSpec {
    try NavigationSpec(json: Data(text.utf8), file: "Specs/App.json")
  }

  func problems(_ text: String) -> [String] {
    do {
      _ = try read(text)
      return []
    } catch {
      return error.problems.map { "\($0.path ?? "-") @\($0.location?.line ?? 0): \($0.message)" }
    }
  }

  @Test func aDSLSpecRoundTripsThroughJSON() throws {
    var spec = todoApp
    spec.invariants = []
    let text = spec.jsonValue.text()
    let back = try read(text)
    #expect(back == spec)
    #expect(back.jsonValue.text() == text)
  }

  @Test func codableUsesTheSameForm() throws {
    var spec = todoApp
    spec.invariants = []
    let data = try JSONEncoder().encode(spec)
    #expect(try JSONDecoder().decode(NavigationSpec.self, from: data) == spec)
    let bad = Data(#"{"name": "X", "root": "A", "destinations": [{"name": 3}]}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(NavigationSpec.self, from: bad) }
  }

  /// Every node of the model reads and writes its own JSON form.
  @Test func everyModelNodeIsCodable() throws {
    func roundTrip<Node: Codable & Equatable>(_ node: Node) throws -> Node {
      try JSONDecoder().decode(Node.self, from: JSONEncoder().encode(node))
    }
    let destination = todoApp.destinations[0]
    #expect(try roundTrip(destination) == destination)
    #expect(try roundTrip(destination.transitions[2]) == destination.transitions[2])
    #expect(try roundTrip(destination.transitions[2].action) == destination.transitions[2].action)
    #expect(
      try roundTrip(AlertButton(label: "Go", action: .dismissCount(2)))
        == AlertButton(label: "Go", action: .dismissCount(2)))
    #expect(try roundTrip(todoApp.flows[0]) == todoApp.flows[0])
    #expect(try roundTrip(todoApp.flows[0].steps[1]) == todoApp.flows[0].steps[1])
    #expect(try roundTrip(todoApp.deepLinks[0]) == todoApp.deepLinks[0])
    #expect(try roundTrip(todoApp.deepLinks[0].actions[1]) == todoApp.deepLinks[0].actions[1])
    #expect(
      try roundTrip(Bounds(maxStackDepth: 2, maxPresentationDepth: 9))
        == Bounds(maxStackDepth: 2, maxPresentationDepth: 9))
    let bad = Data(#"{"action": "push", "destinaton": "A"}"#.utf8)
    do {
      _ = try JSONDecoder().decode(Action.self, from: bad)
      Issue.record("a misspelt key must not decode")
    } catch let DecodingError.dataCorrupted(context) {
      #expect(
        context.debugDescription.contains(
          "unknown key 'destinaton' in a 'push' action; did you mean 'destination'?"))
    }
  }

  @Test func theExamplesReadAndKeepTheirMeaning() throws {
    let notes = try example("notes")
    #expect(notes.bounds == Bounds(maxStackDepth: 3, maxPresentationDepth: 2))
    #expect(notes.destinations[3].navigation == false)
    #expect(notes.destinations[4].swipeToDismiss == false)
    #expect(
      notes.destinations[4].transitions[0]
        == Transition(
          action: .dismissEnvironment, trigger: .async(cancelsOnDismiss: false), label: "Create"))
    #expect(notes.destinations[1].transitions[1].location?.line == 30)
    #expect(
      notes.destinations[1].transitions[1].location?.jsonPath == "destinations[1].transitions[1]")
    let onboarding = try example("onboarding")
    #expect(
      onboarding.deepLinks == [DeepLink(name: "reset", actions: [DeepLinkAction(.dismissAll)])])
  }

  @Test func defaultsMayBeLeftOut() throws {
    let spec = try read(#"{"name": "Min", "root": "A", "destinations": [{"name": "A"}]}"#)
    #expect(spec.bounds == .default)
    #expect(spec.destinations == [Destination(name: "A")])
  }

  @Test func textThatIsNotJSONSaysWhereAndWhy() {
    #expect(
      problems("") == ["- @1: App.json is not valid JSON: the file is empty (line 1, column 1)"])
    #expect(
      problems("{\"name\": \"A\",\n \"root\": ") == [
        "- @2: App.json is not valid JSON: the file ends where a value was expected (line 2, column 10)"
      ])
    #expect(
      problems("{\"name\": 'A'}") == [
        "- @1: App.json is not valid JSON: expected a value, found ''' (line 1, column 10)"
      ])
    #expect(
      problems("{\"a\": 1,}") == [
        "- @1: App.json is not valid JSON: expected a quoted key, found '}' (line 1, column 9)"
      ])
  }

  @Test func wrongTypesNameTheirPath() {
    let text = """
      {"name": "App", "root": "A", "bounds": {"maxStackDepth": "6"},
       "destinations": [{"name": "A", "navigation": "yes", "transitions": [
         {"action": "dismissCount", "count": 1.5}, {"action": 7}, "push"]}]}
      """
    #expect(
      problems(text) == [
        "bounds.maxStackDepth @1: expected a whole number, found a string",
        "destinations[0].navigation @2: expected true or false, found a string",
        "destinations[0].transitions[0].count @3: expected a whole number, found a fraction",
        "destinations[0].transitions[1].action @3: expected a string, found a number",
        "destinations[0].transitions[2] @3: expected a transition (a JSON object), found a string",
      ])
  }

  /// `$comment` is a note on any object (a drafted spec's source lines): read and ignored;
  /// any other unknown key stays an error (Docs/Semantics.md §10).
  @Test func commentKeysAreIgnoredOnEveryObject() throws {
    let text = """
      {"$comment": ["drafted", "not placed: x"], "name": "App", "root": "A",
       "destinations": [{"$comment": "Home.swift:3", "name": "A", "transitions": [
         {"$comment": "Home.swift:9", "action": "alert", "alert": "Delete", "buttons": [
           {"$comment": {"any": "value"}, "label": "OK"}]}]}],
       "deepLinks": [{"$comment": "Router.swift:4", "name": "a", "actions": [
         {"$comment": 1, "action": "dismissAll"}]}]}
      """
    let spec = try read(text)
    #expect(
      spec.destinations[0].transitions[0].action
        == .alert(name: "Delete", buttons: [AlertButton(label: "OK")]))
    #expect(spec.deepLinks[0].actions.map(\.action) == [.dismissAll])
    let other = #"{"name": "App", "root": "A", "$note": 1, "destinations": [{"name": "A"}]}"#
    #expect(problems(other).first?.hasPrefix("$note @1: unknown key '$note' in a spec") == true)
  }

  @Test func unknownAndMissingKeysAreErrors() {
    let text = """
      {"name": "App", "rot": "A",
       "destinations": [{"name": "A", "transitions": [
         {"action": "push", "destinaton": "A", "lable": "x"},
         {"action": "dismissAll", "destination": "A"},
         {"action": "pusj", "destination": "A"}]}]}
      """
    #expect(
      problems(text) == [
        "rot @1: unknown key 'rot' in a spec; did you mean 'root'?",
        "- @1: the spec needs one of 'root', 'tabs' or 'modules'",
        "destinations[0].transitions[0].destinaton @3: unknown key 'destinaton' in a 'push' action; did you mean 'destination'?",
        "destinations[0].transitions[0].lable @3: unknown key 'lable' in a 'push' action; did you mean 'label'?",
        "destinations[0].transitions[0] @3: a 'push' action is missing key 'destination'",
        "destinations[0].transitions[1].destination @4: unknown key 'destination' in a 'dismissAll' action; allowed keys: action, trigger, cancelsOnDismiss, tap, actsOn, label, when, unless, unlessPending",
        "destinations[0].transitions[2].action @5: 'pusj' is not one of 'push', 'sheet', 'fullScreenCover', 'alert', 'startFlow', 'next', 'nextOrDismissEnvironment', 'dismiss', 'dismissTo', 'dismissCount', 'dismissStack', 'dismissEnvironment', 'popTo', 'dismissAll', 'dismissPresented', 'dismissAlert', 'pushStack', 'modal', 'selectTab', 'showModule', 'setFlag', 'start', 'cancel', 'toast', 'dismissToast'; did you mean 'push'?",
      ])
  }

  /// A problem of the JSON form does not hide the spec's other problems (README: every problem
  /// at once): a misspelled action and a misspelled destination are reported in one run.
  @Test func problemsOfTheFormAndOfTheRulesComeTogether() {
    let text = """
      {"name": "App", "root": "Home",
       "destinations": [
         {"name": "Home", "transitions": [
           {"action": "pussh", "destination": "Detail"},
           {"action": "sheet", "destination": "Detial"}]},
         {"name": "Detail", "transitions": []}]}
      """
    let found = problems(text)
    #expect(found.count == 2, "\(found)")
    #expect(
      found.first?.hasPrefix("destinations[0].transitions[0].action @4: 'pussh' is not one of")
        == true)
    #expect(found.first?.hasSuffix("; did you mean 'push'?") == true)
    #expect(
      found.last
        == "destinations[0].transitions[1].destination @5: no destination named 'Detial'; did you mean 'Detail'?"
    )
  }

  /// Beside problems of the JSON form, a rule's problem keeps its own path and place where an
  /// earlier declaration could not be read; a name that an unread declaration may declare is not
  /// reported missing.
  @Test func theRulesProblemsBesideUnreadDeclarationsAreTheirOwn() {
    let text = """
      {"name": "App", "root": "Home",
       "destinations": [
         {"name": "Home", "transitions": [
           {"action": "pussh", "destination": "Settings", "trigger": "async", "label": "Load"},
           {"action": "sheet", "destination": "Settings", "unlessPending": "Load"},
           {"action": "dismiss", "actsOn": "app"}]},
         {"nmae": "Settings"}]}
      """
    let found = problems(text)
    #expect(found.count == 4, "\(found)")
    #expect(
      found.first?.hasPrefix("destinations[0].transitions[0].action @4: 'pussh' is not one of")
        == true)
    #expect(
      Array(found.dropFirst()) == [
        "destinations[0].transitions[2].actsOn @6: transition 3 of 'Home' is a user transition but has actsOn app; actsOn is the router async work completes through: make it async, or remove actsOn",
        "destinations[1].nmae @7: unknown key 'nmae' in a destination; did you mean 'name'?",
        "destinations[1] @7: a destination is missing key 'name'",
      ])
  }

  @Test func aDuplicateKeyIsAnError() {
    #expect(
      problems(#"{"name": "A", "name": "B", "root": "A", "destinations": []}"#) == [
        "name @1: key 'name' appears twice; keep one",
        "root @1: no destination named 'A'; declare it with Destination(\"A\")",
      ])
  }

  @Test func theTopLevelMustBeAnObject() {
    #expect(problems("[1, 2]") == ["- @1: expected a spec (a JSON object), found an array"])
  }

  /// JSON specs that parse but break §1 are rejected by validation, with JSON paths and lines.
  @Test func semanticProblemsOfJSONSpecsNameTheirPathAndLine() throws {
    let text = """
      {"name": "App", "root": "A", "bounds": {"maxStackDepth": 0},
       "destinations": [{"name": "A"}, {"name": "A"}],
       "flows": [{"name": "F", "steps": []}]}
      """
    let spec = try read(text)
    #expect(
      spec.problems.map { "\($0.path ?? "-") @\($0.location?.line ?? 0): \($0.message)" } == [
        "bounds.maxStackDepth @1: maxStackDepth is 0; a bound must be at least 1",
        "destinations[1].name @2: destination 'A' is declared twice (first declared at App.json:2 (destinations[0])); rename or remove one",
        "flows[0].steps @3: flow 'F' has no steps; add at least one Push, Sheet or FullScreenCover",
      ])
    #expect(
      spec.problems[0].description.hasPrefix("Specs/App.json:1: error: bounds.maxStackDepth: "))
  }

  /// Generators often write absent optional keys as `null` and integers as `3.0`.
  @Test func nullOptionalKeysAndWholeDecimalsAreAccepted() throws {
    let spec = try read(
      """
      {"name": "A", "root": "A", "flows": null, "bounds": {"maxStackDepth": 3.0, "maxPresentationDepth": null},
       "destinations": [{"name": "A", "navigation": null, "transitions": [
         {"action": "dismiss", "destination": null, "label": null, "trigger": null},
         {"action": "alert", "alert": "X", "buttons": [{"label": "OK", "action": null}]}]}]}
      """)
    #expect(spec.bounds == Bounds(maxStackDepth: 3, maxPresentationDepth: 3))
    #expect(
      spec.destinations[0].transitions.map(\.action) == [
        .dismiss(destination: nil), .alert(name: "X", buttons: [AlertButton(label: "OK")]),
      ])
    #expect(
      problems(#"{"name": null, "root": "A", "destinations": []}"#) == [
        "- @1: the spec is missing key 'name'"
      ])
  }

  @Test func cancelsOnDismissOnAUserTransitionIsReadAndIgnored() throws {
    let spec = try read(
      #"{"name": "A", "root": "A", "destinations": [{"name": "A", "transitions": [{"action": "dismissAlert", "cancelsOnDismiss": true}]}]}"#
    )
    #expect(spec.destinations[0].transitions[0].trigger == .user)
  }

  @Test func jsonWriterEscapesAndOrders() {
    let value = JSONValue.object([("b", .string("quote \" tab \t nl \n")), ("a", .int(1))])
    #expect(value.text(indent: nil) == #"{"b":"quote \" tab \t nl \n","a":1}"#)
  }
}
