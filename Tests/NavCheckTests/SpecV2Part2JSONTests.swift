import Foundation
import Testing

@testable import NavCheck

/// The JSON form of SEMANTICS v2 part 2 (§8) and the rules of §1 it brings: flags, guards
/// (`when`, `unless`, `unlessPending`), async outcomes and `actsOn` on async work; every new
/// mistake named by its JSON path and line, and the same mistake made in Swift rejected too.
/// (The counts of the part-2 examples belong to the semantics' tests, not these.)
@Suite struct SpecV2Part2JSONTests: SpecJSONChecks {
  /// The mail app of SEMANTICS §8 word for word, then the destinations it leaves out.
  static let mail = """
    { "name": "Mail",
      "modules": [{"name": "Login", "root": "Welcome"}, {"name": "Main", "tabs": ["Inbox", "Search"]}],
      "flags": [{"name": "loggedIn", "initially": false}],
      "destinations": [
        {"name": "Welcome", "transitions": [{"label": "Log in", "actions": [
            {"action": "setFlag", "flag": "loggedIn", "value": true},
            {"action": "showModule", "module": "Main"}]}]},
        {"name": "Inbox", "transitions": [
            {"action": "sheet", "destination": "Compose",
             "onDismiss": {"action": "selectTab", "tab": "Search"}},
            {"action": "modal", "destination": "Share", "dismissOnBackgroundTap": false},
            {"action": "pushStack", "destinations": ["Folder", "Message"]},
            {"action": "alert", "alert": "Clear", "style": "confirmationDialog", "buttons": [
                {"label": "Clear", "when": "loggedIn", "actions": [{"action": "dismissStack"}]}]}]},
        {"name": "Search", "transitions": [
            {"trigger": "async", "label": "Find", "actsOn": "stack", "outcomes": [
                {"label": "found", "actions": [{"action": "push", "destination": "Message"}]},
                {"label": "none"}]}]},
        {"name": "Compose", "transitions": [
            {"trigger": "async", "label": "Send", "outcomes": [
                {"label": "sent", "actions": [{"action": "dismissEnvironment"}]},
                {"label": "cancelled", "actions": []}]},
            {"action": "push", "destination": "Attachments",
             "onDismiss": {"actsOn": "app", "actions": [{"action": "modal", "destination": "Toast"}]}},
            {"action": "dismiss", "label": "Discard", "unlessPending": "Send"}]},
        {"name": "Folder"}, {"name": "Message"}, {"name": "Share"},
        {"name": "Toast", "transitions": [{"action": "dismiss"}]}, {"name": "Attachments"}],
      "deepLinks": [{"name": "search", "when": "loggedIn", "actions": [
          {"action": "dismissAll"}, {"action": "selectTab", "tab": "Search"}]}] }
    """

  /// A spec of one destination `A` (and `B`) with these transitions, flags and deep links.
  static func app(
    _ transitions: String, flags: String = #"[{"name": "on"}]"#, deepLinks: String = "[]",
    more: String = ""
  ) -> String {
    """
    {"name": "App", "root": "A", "flags": \(flags), "destinations": [
      {"name": "A", "transitions": [
        \(transitions)]},
      {"name": "B"\(more)}],
     "deepLinks": \(deepLinks)}
    """
  }

  // MARK: - Reading and writing

  @Test func theMailExampleReadsRoundTripsAndIsValid() throws {
    let mail = try roundTrip(Self.mail)
    #expect(mail.flags == [Flag(name: "loggedIn")])
    #expect(mail.flags[0].location?.jsonPath == "flags[0]")
    #expect(mail.flags[0].location?.line == 3)
    #expect(
      mail.destinations[0].transitions[0].actions.map(\.action) == [
        .setFlag(flag: "loggedIn", value: true), .showModule(module: "Main"),
      ])
    guard case .alert(_, _, let buttons) = mail.destinations[1].transitions[3].action else {
      Issue.record("not an alert")
      return
    }
    #expect(buttons[0].guards == Guards(when: "loggedIn"))
    #expect(buttons[0].actions == [SequenceAction(.dismissStack)])

    let find = mail.destinations[2].transitions[0]
    #expect(find.trigger == .async(cancelsOnDismiss: false))
    #expect(find.label == "Find" && find.actsOn == .stack && find.actions.isEmpty)
    #expect(
      find.outcomes == [
        AsyncOutcome(label: "found", actions: [SequenceAction(.push(destination: "Message"))]),
        AsyncOutcome(label: "none"),
      ])
    #expect(find.outcomes?[1].location?.jsonPath == "destinations[2].transitions[0].outcomes[1]")
    #expect(
      find.outcomes?[0].actions[0].location?.jsonPath
        == "destinations[2].transitions[0].outcomes[0].actions[0]")

    let compose = mail.destinations[3].transitions
    #expect(compose[0].actsOn == .screen)
    #expect(
      compose[0].outcomes == [
        AsyncOutcome(label: "sent", actions: [SequenceAction(.dismissEnvironment)]),
        AsyncOutcome(label: "cancelled", actions: []),
      ])
    #expect(compose[2].guards == Guards(unlessPending: "Send"))
    #expect(compose[2].action == .dismiss(destination: nil) && compose[2].trigger == .user)
    #expect(mail.deepLinks[0].guards == Guards(when: "loggedIn"))
    #expect(mail.problems == [])
  }

  /// Where each part-2 key is written: `flags` after the start, `initially` only where true;
  /// `outcomes` in place of the action object, `actsOn` only where not `screen`, after
  /// `cancelsOnDismiss`; the guards after `label`, after a button's label, after a deep
  /// link's start; an outcome's `actions` only where it has some.
  @Test func theMailExampleIsWrittenInItsDocumentedForm() throws {
    let mail = try read(Self.mail)
    let text = mail.jsonValue.text(indent: nil)
    #expect(
      text.hasPrefix(
        #"{"name":"Mail","modules":[{"name":"Login","root":"Welcome"},{"name":"Main","tabs":["Inbox","Search"]}],"#
          + #""flags":[{"name":"loggedIn"}],"bounds":"#))
    #expect(
      mail.destinations[2].transitions[0].jsonValue.text(indent: nil)
        == #"{"outcomes":[{"label":"found","actions":[{"action":"push","destination":"Message"}]},{"label":"none"}],"#
        + #""trigger":"async","actsOn":"stack","label":"Find"}"#)
    #expect(
      mail.destinations[3].transitions[0].jsonValue.text(indent: nil)
        == #"{"outcomes":[{"label":"sent","actions":[{"action":"dismissEnvironment"}]},{"label":"cancelled"}],"#
        + #""trigger":"async","label":"Send"}"#)
    #expect(
      mail.destinations[3].transitions[2].jsonValue.text(indent: nil)
        == #"{"action":"dismiss","label":"Discard","unlessPending":"Send"}"#)
    #expect(
      mail.destinations[1].transitions[3].jsonValue.text(indent: nil)
        == #"{"action":"alert","alert":"Clear","style":"confirmationDialog","buttons":[{"label":"Clear","when":"loggedIn","action":{"action":"dismissStack"}}]}"#
    )
    #expect(
      mail.deepLinks[0].jsonValue.text(indent: nil)
        == #"{"name":"search","when":"loggedIn","actions":[{"action":"dismissAll"},{"action":"selectTab","tab":"Search"}]}"#
    )
  }

  @Test func flagsAreWrittenWithInitiallyOnlyWhereTrue() throws {
    let spec = try roundTrip(
      Self.app(
        "",
        flags:
          #"[{"name": "a", "initially": true}, {"name": "b", "initially": false}, {"name": "c"}]"#
      ))
    #expect(
      spec.flags == [Flag(name: "a", initially: true), Flag(name: "b"), Flag(name: "c")])
    #expect(
      spec.jsonValue.text(indent: nil).contains(
        #""root":"A","flags":[{"name":"a","initially":true},{"name":"b"},{"name":"c"}],"bounds":"#))
    // An empty list is no flags: no key.
    let none = try read(Self.app("", flags: "[]"))
    #expect(none.flags.isEmpty && !none.jsonValue.text().contains("flags"))
  }

  /// Every guard key, on a transition of each form, on a button, on a deep link.
  @Test func guardsAreReadWhereverSEMANTICSAllowsThem() throws {
    let spec = try roundTrip(
      Self.app(
        """
        {"action": "push", "destination": "B", "when": "on", "unless": "off", "unlessPending": "Load"},
        {"actions": [{"action": "setFlag", "flag": "on", "value": false}], "unless": "on"},
        {"trigger": "async", "label": "Load", "outcomes": [{"label": "ok"}], "when": "off"},
        {"action": "alert", "alert": "Q", "buttons": [
          {"label": "Go", "unlessPending": "Load", "unless": "off", "when": "on"},
          {"label": "Stay", "when": "off", "actions": []}]}
        """, flags: #"[{"name": "on"}, {"name": "off", "initially": true}]"#,
        deepLinks:
          #"[{"name": "d", "start": "active", "unless": "off", "when": "on", "actions": [{"action": "dismissAll"}]}]"#
      ))
    let t = spec.destinations[0].transitions
    #expect(t[0].guards == Guards(when: "on", unless: "off", unlessPending: "Load"))
    #expect(t[1].guards == Guards(unless: "on"))
    #expect(t[2].guards == Guards(when: "off"))
    guard case .alert(_, _, let buttons) = t[3].action else {
      Issue.record("not an alert")
      return
    }
    #expect(
      buttons.map(\.guards) == [
        Guards(when: "on", unless: "off", unlessPending: "Load"), Guards(when: "off"),
      ])
    #expect(spec.deepLinks[0].guards == Guards(when: "on", unless: "off"))
    #expect(
      spec.deepLinks[0].jsonValue.text(indent: nil)
        == #"{"name":"d","start":"active","when":"on","unless":"off","actions":[{"action":"dismissAll"}]}"#
    )
    #expect(spec.problems == [])
  }

  /// `actsOn` on async work of each form, `screen` left out; outcomes whose `actions` are
  /// empty, left out or several; an outcome of one action stays a list.
  @Test func actsOnAndOutcomesAreReadOnAsyncWorkOfEachForm() throws {
    let spec = try roundTrip(
      Self.app(
        """
        {"action": "push", "destination": "B", "trigger": "async", "actsOn": "app", "label": "One"},
        {"actions": [{"action": "dismissAll"}, {"action": "push", "destination": "B"}],
         "trigger": "async", "cancelsOnDismiss": true, "actsOn": "stack", "label": "Two"},
        {"outcomes": [{"label": "a", "actions": [{"action": "setFlag", "flag": "on", "value": true},
           {"action": "sheet", "destination": "B", "onDismiss": {"action": "dismissAll", "actsOn": "app"}}]},
           {"label": "b", "actions": []}, {"label": "c"}],
         "trigger": "async", "actsOn": "screen", "label": "Three"}
        """))
    let t = spec.destinations[0].transitions
    #expect(t.map(\.actsOn) == [.app, .stack, .screen])
    #expect(t[1].trigger == .async(cancelsOnDismiss: true) && t[1].outcomes == nil)
    #expect(t[2].outcomes?.map(\.label) == ["a", "b", "c"])
    #expect(t[2].outcomes?[0].actions[1].onDismiss?.actsOn == .app)
    #expect(t[2].outcomes?[1].actions == [] && t[2].outcomes?[2].actions == [])
    #expect(
      t[0].jsonValue.text(indent: nil)
        == #"{"action":"push","destination":"B","trigger":"async","actsOn":"app","label":"One"}"#)
    #expect(!t[2].jsonValue.text().contains("screen"))
    #expect(
      AsyncOutcome(label: "x", actions: [SequenceAction(.dismissAll)]).jsonValue.text(indent: nil)
        == #"{"label":"x","actions":[{"action":"dismissAll"}]}"#)
    #expect(spec.problems == [])
  }

  /// The examples of the shared contract that use part 2 read as their JSON says, round-trip
  /// and are valid. (Their counts are the semantics' to test.)
  @Test(arguments: ["stackwork", "appwork"])
  func thePart2ExamplesRoundTripAndAreValid(name: String) throws {
    let spec = try example(name)
    let written = spec.jsonValue.text()
    let back = try read(written)
    #expect(back == spec)
    #expect(back.jsonValue.text() == written)
    #expect(spec.problems == [])
  }

  @Test func thePart2ExamplesReadAsTheirJSONSays() throws {
    let stackwork = try example("stackwork")
    let search = stackwork.destinations[1].transitions[0]
    #expect(search.label == "Search" && search.trigger.isAsync && search.actsOn == .stack)
    #expect(
      search.outcomes == [
        AsyncOutcome(label: "found", actions: [SequenceAction(.push(destination: "Profile"))]),
        AsyncOutcome(label: "none"),
      ])
    let upload = stackwork.destinations[2].transitions[0]
    #expect(
      upload.actions == [SequenceAction(.dismissEnvironment)] && upload.outcomes == nil
        && upload.actsOn == .stack && upload.trigger == .async(cancelsOnDismiss: false))
    let appwork = try example("appwork")
    let sync = appwork.destinations[0].transitions[0]
    #expect(sync.action == .modal(destination: "Toast", dismissOnBackgroundTap: true))
    #expect(sync.actsOn == .app && sync.trigger.isAsync && sync.label == "Sync")
    #expect(appwork.flags.isEmpty && appwork.modules.map(\.name) == ["Login", "Main"])
  }

  /// A spec of v1 (or of part 1) writes none of part 2's keys, and reads and writes as before.
  @Test func specsWithoutPart2AreUnchanged() throws {
    for name in ["notes", "onboarding", "tabs", "cascade"] {
      let spec = try example(name)
      let text = spec.jsonValue.text()
      for key in ["flags", "initially", "outcomes", "actsOn", "when", "unless", "unlessPending"] {
        #expect(!text.contains("\"\(key)\""), "\(name) writes \(key)")
      }
      #expect(try read(text) == spec)
      #expect(spec.flags.isEmpty)
      #expect(
        spec.destinations.allSatisfy {
          $0.transitions.allSatisfy {
            $0.outcomes == nil && $0.actsOn == .screen && $0.guards.isEmpty
          }
        })
    }
    let v1 = """
      {"name":"App","root":"A","bounds":{"maxStackDepth":6,"maxPresentationDepth":3},\
      "destinations":[{"name":"A","transitions":[\
      {"action":"sheet","destination":"A","trigger":"async","cancelsOnDismiss":true,"label":"S"},\
      {"action":"alert","alert":"Q","buttons":[{"label":"Go","action":{"action":"dismissStack"}},\
      {"label":"No"}]}]}],\
      "deepLinks":[{"name":"d","start":"active","actions":[{"action":"dismissAll"}]}]}
      """
    #expect(try read(v1).jsonValue.text(indent: nil) == v1)
  }

  @Test func part2NodesAreCodable() throws {
    let flag = Flag(name: "loggedIn", initially: true)
    #expect(try JSONDecoder().decode(Flag.self, from: JSONEncoder().encode(flag)) == flag)
    let outcome = AsyncOutcome(label: "sent", actions: [SequenceAction(.dismissEnvironment)])
    #expect(
      try JSONDecoder().decode(AsyncOutcome.self, from: JSONEncoder().encode(outcome)) == outcome)
    var transition = Transition(
      actions: [], trigger: .async(cancelsOnDismiss: false), label: "Send")
    transition.outcomes = [outcome, AsyncOutcome(label: "failed")]
    transition.actsOn = .app
    transition.guards = Guards(when: "loggedIn", unlessPending: "Send")
    #expect(
      try JSONDecoder().decode(Transition.self, from: JSONEncoder().encode(transition))
        == transition)
    var button = AlertButton(label: "Go", action: .dismissAll)
    button.guards = Guards(unless: "loggedIn")
    #expect(
      try JSONDecoder().decode(AlertButton.self, from: JSONEncoder().encode(button)) == button)
    var link = DeepLink(name: "d", actions: [SequenceAction(.dismissAll)])
    link.guards = Guards(when: "loggedIn")
    #expect(try JSONDecoder().decode(DeepLink.self, from: JSONEncoder().encode(link)) == link)
  }

  // MARK: - Reading errors

  @Test func flagsMistakesNameTheirPath() {
    #expect(
      readingProblems(Self.app("", flags: #"{"name": "on"}"#)) == [
        "flags @1: expected an array, found an object"
      ])
    #expect(
      readingProblems(
        Self.app(
          "",
          flags:
            #"[{"name": 1}, {"initially": true}, {"name": "b", "initially": "yes"}, {"name": "c", "intially": true}, "d"]"#
        )) == [
          "flags[0].name @1: expected a string, found a number",
          "flags[1] @1: a flag is missing key 'name'",
          "flags[2].initially @1: expected true or false, found a string",
          "flags[3].intially @1: unknown key 'intially' in a flag; did you mean 'initially'?",
          "flags[4] @1: expected a flag (a JSON object), found a string",
        ])
  }

  @Test func guardMistakesNameTheirPath() {
    #expect(
      readingProblems(
        Self.app(
          """
          {"action": "dismiss", "when": true},
          {"action": "dismiss", "unles": "on"},
          {"action": "alert", "alert": "Q", "buttons": [{"label": "Go", "unlessPending": 1, "whn": "on"}]}
          """,
          deepLinks: #"[{"name": "d", "unless": ["on"], "actions": [{"action": "dismissAll"}]}]"#
        )) == [
          "destinations[0].transitions[0].when @3: expected a string, found a Boolean",
          "destinations[0].transitions[1].unles @4: unknown key 'unles' in a 'dismiss' action; did you mean 'unless'?",
          "destinations[0].transitions[2].buttons[0].whn @5: unknown key 'whn' in an alert button; did you mean 'when'?",
          "destinations[0].transitions[2].buttons[0].unlessPending @5: expected a string, found a number",
          "deepLinks[0].unless @7: expected a string, found an array",
        ])
  }

  @Test func actsOnIsOneOfThreeAndOnAsyncWorkOnly() {
    #expect(
      readingProblems(
        Self.app(
          """
          {"action": "dismiss", "trigger": "async", "actsOn": "stak"},
          {"action": "dismiss", "trigger": "async", "actsOn": 3},
          {"action": "dismiss", "actsOn": "screen"},
          {"action": "dismiss", "trigger": "user", "actsOn": "screen", "label": "Back"}
          """)) == [
          "destinations[0].transitions[0].actsOn @3: 'stak' is not one of 'screen', 'stack', 'app'; did you mean 'stack'?",
          "destinations[0].transitions[1].actsOn @4: expected a string, found a number",
          "destinations[0].transitions[2].actsOn @5: a transition is a user transition but has actsOn screen; actsOn is the router async work completes through: make it async, or remove actsOn",
          "destinations[0].transitions[3].actsOn @6: a transition is a user transition but has actsOn screen; actsOn is the router async work completes through: make it async, or remove actsOn",
        ])
  }

  @Test func outcomeMistakesNameTheirPath() {
    #expect(
      readingProblems(
        Self.app(
          """
          {"trigger": "async", "outcomes": {"label": "ok"}},
          {"trigger": "async", "outcomes": [
            {"actions": []},
            {"label": "one", "action": {"action": "dismiss"}},
            {"label": 2},
            {"label": "bad", "actions": [{"action": "pusj"}]},
            "ok"]},
          {"trigger": "async", "outcomes": [{"label": "ok"}], "destination": "B"}
          """)) == [
          "destinations[0].transitions[0].outcomes @3: expected an array, found an object",
          "destinations[0].transitions[1].outcomes[0] @5: an outcome is missing key 'label'",
          "destinations[0].transitions[1].outcomes[1].action @6: unknown key 'action' in an outcome; did you mean 'actions'?",
          "destinations[0].transitions[1].outcomes[2].label @7: expected a string, found a number",
          "destinations[0].transitions[1].outcomes[3].actions[0].action @8: 'pusj' is not one of 'push', 'sheet', 'fullScreenCover', 'alert', 'startFlow', 'next', 'nextOrDismissEnvironment', 'dismiss', 'dismissTo', 'dismissCount', 'dismissStack', 'dismissEnvironment', 'popTo', 'dismissAll', 'dismissPresented', 'dismissAlert', 'pushStack', 'modal', 'selectTab', 'showModule', 'setFlag', 'start', 'cancel', 'toast', 'dismissToast'; did you mean 'push'?",
          "destinations[0].transitions[1].outcomes[4] @9: expected an outcome (a JSON object), found a string",
          "destinations[0].transitions[2].destination @10: unknown key 'destination' in a transition; allowed keys: outcomes, trigger, cancelsOnDismiss, tap, actsOn, label, when, unless, unlessPending",
        ])
  }

  // MARK: - Validation

  @Test func flagsAreWellNamedAndDeclaredOnce() throws {
    #expect(
      try validationProblems(
        Self.app(
          "",
          flags:
            #"[{"name": "on"}, {"name": ""}, {"name": "logged in"}, {"name": "on", "initially": true}, {"name": "2fa"}]"#
        )) == [
          "flags[1].name @1: a flag has an empty name",
          "flags[2].name @1: flag name 'logged in' is malformed; use letters, digits and '_', not starting with a digit",
          "flags[3].name @1: flag 'on' is declared twice (first declared at App.json:1 (flags[0])); rename or remove one",
          "flags[4].name @1: flag name '2fa' is malformed; use letters, digits and '_', not starting with a digit",
        ])
  }

  @Test func whenUnlessAndSetFlagNameDeclaredFlags() throws {
    let text = Self.app(
      """
      {"action": "dismiss", "when": "loggedin", "unless": "zebra"},
      {"action": "setFlag", "flag": "hasDrat", "value": true},
      {"action": "alert", "alert": "Q", "buttons": [{"label": "Go", "unless": "hasDraft_"}]}
      """, flags: #"[{"name": "loggedIn"}, {"name": "hasDraft"}]"#,
      deepLinks: #"[{"name": "d", "when": "x", "actions": [{"action": "dismissAll"}]}]"#)
    #expect(
      try validationProblems(text) == [
        "destinations[0].transitions[0].when @3: no flag named 'loggedin'; did you mean 'loggedIn'?",
        #"destinations[0].transitions[0].unless @3: no flag named 'zebra'; declare it with Flag("zebra") or use one of: loggedIn, hasDraft"#,
        "destinations[0].transitions[1].flag @4: no flag named 'hasDrat'; did you mean 'hasDraft'?",
        "destinations[0].transitions[2].buttons[0].unless @5: no flag named 'hasDraft_'; did you mean 'hasDraft'?",
        #"deepLinks[0].when @7: no flag named 'x'; declare it with Flag("x") or use one of: loggedIn, hasDraft"#,
      ])
    #expect(
      try validationProblems(Self.app(#"{"action": "dismiss", "when": "on"}"#, flags: "[]")) == [
        #"destinations[0].transitions[0].when @3: no flag named 'on'; declare it with Flag("on")"#
      ])
    #expect(
      try validationProblems(
        Self.app(#"{"action": "dismiss", "when": "", "unless": "x"}"#, flags: #"[{"name": "xy"}]"#))
        == [
          "destinations[0].transitions[0].when @3: the flag's name is empty; use one of: xy",
          "destinations[0].transitions[0].unless @3: no flag named 'x'; did you mean 'xy'?",
        ])
  }

  @Test func outcomesAreOnAsyncWorkInPlaceOfASequence() throws {
    let text = Self.app(
      """
      {"outcomes": [{"label": "ok"}], "label": "Tap"},
      {"action": "dismiss", "trigger": "async", "label": "Both", "outcomes": [{"label": "ok"}]},
      {"actions": [{"action": "dismiss"}], "trigger": "async", "outcomes": []},
      {"trigger": "async", "label": "None", "outcomes": []},
      {"trigger": "async", "label": "Twice", "outcomes": [{"label": "ok"}, {"label": "no"}, {"label": "ok"}, {"label": ""}]}
      """)
    #expect(
      try validationProblems(text) == [
        "destinations[0].transitions[0].outcomes @3: transition 'Tap' of 'A' has outcomes but is a user transition; outcomes are how async work completes: make it async, or give it a sequence instead",
        "destinations[0].transitions[1].outcomes @4: transition 'Both' of 'A' has both a sequence and outcomes; async work has one or the other: move the actions into an outcome, or remove the outcomes",
        "destinations[0].transitions[2].outcomes @5: transition 3 of 'A' has both a sequence and outcomes; async work has one or the other: move the actions into an outcome, or remove the outcomes",
        "destinations[0].transitions[2].outcomes @5: transition 3 of 'A' has an empty outcome list; give it at least one outcome, or a sequence instead",
        "destinations[0].transitions[3].outcomes @6: transition 'None' of 'A' has an empty outcome list; give it at least one outcome, or a sequence instead",
        "destinations[0].transitions[4].outcomes[2].label @7: transition 'Twice' of 'A' has two outcomes labelled 'ok'; outcome labels must differ",
        #"destinations[0].transitions[4].outcomes[3].label @7: an outcome of transition 'Twice' of 'A' has an empty label; name it ("sent", "failed")"#,
      ])
  }

  @Test func actsOnOtherThanScreenIsOnAsyncWorkOnly() throws {
    #expect(
      try validationProblems(
        Self.app(
          """
          {"action": "push", "destination": "B", "actsOn": "stack", "label": "Go"},
          {"actions": [{"action": "dismiss"}], "trigger": "user", "actsOn": "app"}
          """)) == [
          "destinations[0].transitions[0].actsOn @3: transition 'Go' of 'A' is a user transition but has actsOn stack; actsOn is the router async work completes through: make it async, or remove actsOn",
          "destinations[0].transitions[1].actsOn @4: transition 2 of 'A' is a user transition but has actsOn app; actsOn is the router async work completes through: make it async, or remove actsOn",
        ])
  }

  /// Outcomes' actions are checked as any sequence, at their own paths, with their onDismiss
  /// and alerts' buttons.
  @Test func outcomesActionsAreCheckedLikeAnySequence() throws {
    let text = Self.app(
      """
      {"trigger": "async", "label": "Load", "outcomes": [
        {"label": "ok", "actions": [{"action": "push", "destination": "C"}, {"action": "dismissCount", "count": 0}]},
        {"label": "failed", "actions": [{"action": "alert", "alert": "Failed", "buttons": [
          {"label": "Retry", "action": {"action": "startFlow", "flow": "F"}}, {"label": "Retry"}]},
          {"action": "dismiss", "onDismiss": {"action": "selectTab", "tab": "B"}}]}]}
      """)
    #expect(
      try validationProblems(text) == [
        "destinations[0].transitions[0].outcomes[0].actions[0].destination @4: no destination named 'C'; did you mean 'A'?",
        "destinations[0].transitions[0].outcomes[0].actions[1].count @4: dismissCount is 0; it must be at least 1",
        #"destinations[0].transitions[0].outcomes[1].actions[0].buttons[0].action.flow @6: no flow named 'F'; declare it with Flow("F")"#,
        "destinations[0].transitions[0].outcomes[1].actions[0].buttons[1].label @6: alert 'Failed' has two buttons labelled 'Retry'; button labels must differ",
        "destinations[0].transitions[0].outcomes[1].actions[1].onDismiss @7: dismiss cannot carry an onDismiss: only push, sheet, fullScreenCover and modal show a screen whose removal runs one; move it to the action that shows the screen",
        "destinations[0].transitions[0].outcomes[1].actions[1].onDismiss.tab @7: selectTab names no tab 'B'; the app has no tabs: start with tabs, or give a module tabs, to select one",
      ])
  }

  /// `unlessPending L` on a transition names an async transition labelled L of its own
  /// destination.
  @Test func unlessPendingOnATransitionNamesAnAsyncTransitionOfItsDestination() throws {
    let text = Self.app(
      """
      {"action": "push", "destination": "B", "trigger": "async", "label": "Send"},
      {"trigger": "async", "label": "Sync", "outcomes": [{"label": "ok"}]},
      {"action": "dismiss", "label": "Tap"},
      {"action": "dismiss", "unlessPending": "Send"},
      {"action": "dismiss", "unlessPending": "Sync"},
      {"action": "dismiss", "unlessPending": "Snd"},
      {"action": "dismiss", "unlessPending": "Tap"},
      {"action": "dismiss", "unlessPending": "Upload"},
      {"action": "dismiss", "unlessPending": "Load"}
      """,
      more:
        #", "transitions": [{"action": "dismiss", "trigger": "async", "label": "Load"}, {"action": "dismiss", "unlessPending": "Send"}]"#
    )
    #expect(
      try validationProblems(text) == [
        "destinations[0].transitions[5].unlessPending @8: unlessPending names no async transition 'Snd' of 'A'; did you mean 'Send'?",
        "destinations[0].transitions[6].unlessPending @9: unlessPending names no async transition 'Tap' of 'A'; transition 'Tap' is a user transition, never pending: make it async",
        "destinations[0].transitions[7].unlessPending @10: unlessPending names no async transition 'Upload' of 'A'; use one of: Send, Sync",
        // B's Load is not A's.
        "destinations[0].transitions[8].unlessPending @11: unlessPending names no async transition 'Load' of 'A'; use one of: Send, Sync",
        "destinations[1].transitions[1].unlessPending @12: unlessPending names no async transition 'Send' of 'B'; use one of: Load",
      ])
    #expect(
      try validationProblems(
        Self.app(
          #"{"action": "dismiss", "trigger": "async"}, {"action": "dismiss", "unlessPending": "Save"}"#
        ))
        == [
          "destinations[0].transitions[1].unlessPending @3: unlessPending names no async transition 'Save' of 'A'; 'A' declares no labelled async transition: label the async work it waits for, on the screen that declares this"
        ])
  }

  /// On a button: the destination whose transition declares the alert, wherever in it (an
  /// onDismiss, an outcome, another button); in a deep link, any destination.
  @Test func unlessPendingOnAButtonNamesAnAsyncTransitionOfTheDeclaringDestination() throws {
    let alert = { (label: String) in
      #"{"action": "alert", "alert": "Q", "buttons": [{"label": "Go", "unlessPending": "\#(label)"}]}"#
    }
    let text = Self.app(
      """
      {"action": "dismiss", "trigger": "async", "label": "Send"},
      \(alert("Send")),
      \(alert("Load")),
      {"action": "push", "destination": "B", "onDismiss": \(alert("Send"))},
      {"action": "push", "destination": "B", "onDismiss": [\(alert("Load"))]},
      {"trigger": "async", "label": "Sync", "outcomes": [{"label": "no", "actions": [\(alert("Sync")), \(alert("Load"))]}]},
      {"action": "alert", "alert": "R", "buttons": [{"label": "More", "action": \(alert("Loaf"))}]}
      """,
      deepLinks: """
        [{"name": "d", "actions": [\(alert("Load")), \(alert("Send")), \(alert("Nothing"))]}]
        """,
      more: #", "transitions": [{"action": "dismiss", "trigger": "async", "label": "Load"}]"#)
    #expect(
      try validationProblems(text) == [
        "destinations[0].transitions[2].buttons[0].unlessPending @5: unlessPending names no async transition 'Load' of 'A'; use one of: Send, Sync",
        "destinations[0].transitions[4].onDismiss[0].buttons[0].unlessPending @7: unlessPending names no async transition 'Load' of 'A'; use one of: Send, Sync",
        "destinations[0].transitions[5].outcomes[0].actions[1].buttons[0].unlessPending @8: unlessPending names no async transition 'Load' of 'A'; use one of: Send, Sync",
        "destinations[0].transitions[6].buttons[0].action.buttons[0].unlessPending @9: unlessPending names no async transition 'Loaf' of 'A'; use one of: Send, Sync",
        "deepLinks[0].actions[2].buttons[0].unlessPending @11: unlessPending names no async transition 'Nothing' of any destination; use one of: Send, Sync, Load",
      ])
  }

  @Test func unlessPendingOnADeepLinkIsInvalid() throws {
    let text = Self.app(
      #"{"action": "dismiss", "trigger": "async", "label": "Send"}"#,
      deepLinks: #"[{"name": "d", "unlessPending": "Send", "actions": [{"action": "dismissAll"}]}]"#
    )
    #expect(
      try validationProblems(text) == [
        "deepLinks[0].unlessPending @5: deep link 'd' has unlessPending; a deep link has no screen of its own, so no pending work to wait for: remove it, or guard the transition or button it leads to"
      ])
    // Written back as it was read, so the problem survives a round trip; not offered as a key.
    let spec = try roundTrip(text)
    #expect(spec.deepLinks[0].guards == Guards(unlessPending: "Send"))
    #expect(
      readingProblems(
        Self.app(
          "", deepLinks: #"[{"name": "d", "wen": "on", "actions": [{"action": "dismissAll"}]}]"#))
        == [
          "deepLinks[0].wen @5: unknown key 'wen' in a deep link; did you mean 'when'?"
        ])
  }

  /// The model can hold every mistake JSON can: a spec built in Swift is rejected with the
  /// same messages, at the paths where its JSON form puts them, and its JSON form reads back
  /// with the same problems.
  @Test func theSameMistakesBuiltInSwiftAreRejected() throws {
    var tap = Transition(action: .dismissAll, label: "Tap")
    tap.outcomes = [AsyncOutcome(label: "ok")]
    tap.actsOn = .stack
    var both = Transition(action: .dismissAll, trigger: .async(cancelsOnDismiss: false))
    both.outcomes = []
    var twice = Transition(actions: [], trigger: .async(cancelsOnDismiss: false), label: "Twice")
    twice.outcomes = [
      AsyncOutcome(label: "ok"),
      AsyncOutcome(label: "ok", actions: [SequenceAction(.push(destination: "X"))]),
    ]
    twice.guards = Guards(when: "of", unlessPending: "Twic")
    var button = AlertButton(label: "Go")
    button.guards = Guards(unless: "onn", unlessPending: "Nope")
    var link = DeepLink(name: "d", actions: [SequenceAction(.dismissAll)])
    link.guards = Guards(when: "on", unlessPending: "Twice")
    var spec = NavigationSpec(
      name: "App", root: "A",
      destinations: [
        Destination(
          name: "A",
          transitions: [
            tap, both, twice, Transition(action: .alert(name: "Q", buttons: [button])),
            Transition(action: .setFlag(flag: "draft", value: true)),
          ])
      ], deepLinks: [link])
    spec.flags = [Flag(name: "on"), Flag(name: "on"), Flag(name: "")]
    let expected = [
      "flags[1].name @0: flag 'on' is declared twice; rename or remove one",
      "flags[2].name @0: a flag has an empty name",
      "destinations[0].transitions[0].outcomes @0: transition 'Tap' of 'A' has outcomes but is a user transition; outcomes are how async work completes: make it async, or give it a sequence instead",
      "destinations[0].transitions[0].outcomes @0: transition 'Tap' of 'A' has both a sequence and outcomes; async work has one or the other: move the actions into an outcome, or remove the outcomes",
      "destinations[0].transitions[0].actsOn @0: transition 'Tap' of 'A' is a user transition but has actsOn stack; actsOn is the router async work completes through: make it async, or remove actsOn",
      "destinations[0].transitions[1].outcomes @0: transition 2 of 'A' has both a sequence and outcomes; async work has one or the other: move the actions into an outcome, or remove the outcomes",
      "destinations[0].transitions[1].outcomes @0: transition 2 of 'A' has an empty outcome list; give it at least one outcome, or a sequence instead",
      "destinations[0].transitions[2].outcomes[1].label @0: transition 'Twice' of 'A' has two outcomes labelled 'ok'; outcome labels must differ",
      "destinations[0].transitions[2].outcomes[1].actions[0].destination @0: no destination named 'X'; did you mean 'A'?",
      "destinations[0].transitions[2].when @0: no flag named 'of'; did you mean 'on'?",
      "destinations[0].transitions[2].unlessPending @0: unlessPending names no async transition 'Twic' of 'A'; did you mean 'Twice'?",
      "destinations[0].transitions[3].buttons[0].unless @0: no flag named 'onn'; did you mean 'on'?",
      "destinations[0].transitions[3].buttons[0].unlessPending @0: unlessPending names no async transition 'Nope' of 'A'; use one of: Twice",
      #"destinations[0].transitions[4].flag @0: no flag named 'draft'; declare it with Flag("draft") or use one of: on"#,
      "deepLinks[0].unlessPending @0: deep link 'd' has unlessPending; a deep link has no screen of its own, so no pending work to wait for: remove it, or guard the transition or button it leads to",
    ]
    #expect(spec.problems.map(Self.describe) == expected)
    // The JSON form holds the same mistakes at the same paths.
    let back = try read(spec.jsonValue.text())
    #expect(back == spec)
    #expect(back.problems.map(\.path) == spec.problems.map(\.path))
    #expect(back.problems.map(\.message).dropFirst(1) == spec.problems.map(\.message).dropFirst(1))
  }

  /// Alerts are counted wherever they are declared: in outcomes too.
  @Test func alertsInOutcomesCount() {
    let n = StateLimits.maxDeclaredNames / 2
    let alert = SequenceAction(.alert(name: "Q", buttons: []))
    var work = Transition(actions: [], trigger: .async(cancelsOnDismiss: false), label: "Load")
    work.outcomes = [
      AsyncOutcome(label: "ok", actions: Array(repeating: alert, count: n)),
      AsyncOutcome(label: "failed", actions: Array(repeating: alert, count: n + 1)),
    ]
    let spec = NavigationSpec(
      name: "App", root: "A", destinations: [Destination(name: "A", transitions: [work])])
    #expect(
      spec.problems.map(\.message) == [
        "the spec declares \(2 * n + 1) alerts; at most \(StateLimits.maxDeclaredNames) are supported, split the spec"
      ])
  }

  /// Flags are a 64-bit set in the state: at most 64.
  @Test func flagsCount() {
    var spec = NavigationSpec(name: "App", root: "A", destinations: [Destination(name: "A")])
    spec.flags = (0...64).map { Flag(name: "f\($0)") }
    #expect(
      spec.problems.map(Self.describe) == [
        "flags @0: the spec declares 65 flags; at most 64 are supported, merge some"
      ])
    spec.flags.removeLast()
    #expect(spec.problems.isEmpty)
  }

  /// A destination's async transitions are still at most `maxAsyncTransitionsPerDestination`,
  /// whether they have outcomes or a sequence.
  @Test func theLimitOfAsyncTransitionsStillApplies() throws {
    let limit = StateLimits.maxAsyncTransitionsPerDestination
    let withOutcomes = (0..<limit).map {
      #"{"trigger": "async", "label": "W\#($0)", "outcomes": [{"label": "ok"}]}"#
    }
    let text = Self.app(
      (withOutcomes + [#"{"action": "dismiss", "trigger": "async", "actsOn": "app"}"#])
        .joined(separator: ",\n"))
    // The outcomes do nothing, so each may be held by the app: with the app's own work, one
    // more than its set holds.
    #expect(
      try validationProblems(text) == [
        "destinations @1: \(limit + 1) async transitions may be held by the app (they act on the app, or only set flags); at most \(limit) are supported",
        "destinations[0] @2: destination 'A' declares \(limit + 1) async transitions; at most \(limit) are supported, split the screen",
      ])
    #expect(try validationProblems(Self.app(withOutcomes.joined(separator: ",\n"))) == [])
  }
}
