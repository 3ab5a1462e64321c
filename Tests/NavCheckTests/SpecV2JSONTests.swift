import Foundation
import Testing

@testable import NavCheck

/// The JSON form of SEMANTICS v2 part 1 (§8) and the rules of §1 it brings: starts with tabs
/// or modules, sequences, onDismiss; every new mistake named by its JSON path and line.
@Suite struct SpecV2JSONTests: SpecJSONChecks {
  /// The mail app of SEMANTICS §8 without part 2 (flags, guards, outcomes, actsOn on
  /// transitions), with the destinations it leaves out.
  static let mail = """
    { "name": "Mail",
      "modules": [{"name": "Login", "root": "Welcome"}, {"name": "Main", "tabs": ["Inbox", "Search"]}],
      "bounds": {"maxStackDepth": 3, "maxPresentationDepth": 2},
      "destinations": [
        {"name": "Welcome", "transitions": [{"label": "Log in", "actions": [
            {"action": "showModule", "module": "Main"},
            {"action": "selectTab", "tab": "Search"}]}]},
        {"name": "Inbox", "transitions": [
            {"action": "sheet", "destination": "Compose",
             "onDismiss": {"action": "selectTab", "tab": "Search"}},
            {"action": "modal", "destination": "Share", "dismissOnBackgroundTap": false},
            {"action": "pushStack", "destinations": ["Folder", "Message"]},
            {"action": "alert", "alert": "Clear", "style": "confirmationDialog", "buttons": [
                {"label": "Clear", "actions": [{"action": "dismissStack"}]},
                {"label": "Log out", "actions": [
                    {"action": "dismissAll"}, {"action": "showModule", "module": "Login"}]}]}]},
        {"name": "Search", "transitions": [
            {"action": "push", "destination": "Message", "label": "Find"}]},
        {"name": "Compose", "transitions": [
            {"action": "dismissEnvironment", "trigger": "async", "label": "Send"},
            {"action": "push", "destination": "Attachments",
             "onDismiss": {"actsOn": "app", "actions": [{"action": "modal", "destination": "Toast"}]}},
            {"action": "dismiss", "label": "Discard"}]},
        {"name": "Folder"}, {"name": "Message"}, {"name": "Share"},
        {"name": "Toast", "transitions": [{"action": "dismiss"}]},
        {"name": "Attachments"}],
      "deepLinks": [{"name": "search", "actions": [
          {"action": "dismissAll"}, {"action": "selectTab", "tab": "Search"}]}] }
    """

  // MARK: - Reading and writing

  @Test func theMailExampleReadsRoundTripsAndIsValid() throws {
    let mail = try roundTrip(Self.mail)
    #expect(mail.root.isEmpty && mail.tabs.isEmpty)
    #expect(
      mail.modules == [
        Module(name: "Login", root: "Welcome"), Module(name: "Main", tabs: ["Inbox", "Search"]),
      ])
    #expect(mail.modules[1].location?.jsonPath == "modules[1]")
    #expect(mail.modules[1].location?.line == 2)
    #expect(
      mail.destinations[0].transitions[0]
        == Transition(
          actions: [
            SequenceAction(.showModule(module: "Main")), SequenceAction(.selectTab(tab: "Search")),
          ], label: "Log in"))
    let inbox = mail.destinations[1].transitions
    #expect(
      inbox[0].actions == [
        SequenceAction(
          .sheet(destination: "Compose"),
          onDismiss: OnDismiss(actions: [SequenceAction(.selectTab(tab: "Search"))]))
      ])
    #expect(inbox[1].action == .modal(destination: "Share", dismissOnBackgroundTap: false))
    #expect(inbox[2].action == .pushStack(destinations: ["Folder", "Message"]))
    #expect(
      inbox[3].action
        == .alert(
          name: "Clear", style: .confirmationDialog,
          buttons: [
            AlertButton(label: "Clear", action: .dismissStack),
            AlertButton(
              label: "Log out",
              actions: [
                SequenceAction(.dismissAll), SequenceAction(.showModule(module: "Login")),
              ]),
          ]))
    let attachments = mail.destinations[3].transitions[1].actions[0].onDismiss
    #expect(
      attachments
        == OnDismiss(
          actions: [SequenceAction(.modal(destination: "Toast", dismissOnBackgroundTap: true))],
          actsOn: .app))
    #expect(attachments?.location?.jsonPath == "destinations[3].transitions[1].onDismiss")
    #expect(
      attachments?.actions[0].location?.jsonPath
        == "destinations[3].transitions[1].onDismiss.actions[0]")
    #expect(mail.problems == [])
  }

  /// The examples of the shared contract that use part 1 read, round-trip and keep their
  /// counts (examples/README.md derives them by hand).
  @Test(arguments: ["tabs", "cascade"])
  func theV2ExamplesRoundTripAndKeepTheirCounts(name: String) throws {
    let spec = try example(name)
    let written = spec.jsonValue.text()
    let back = try read(written)
    #expect(back == spec)
    #expect(back.jsonValue.text() == written)
    let url = testsFolder.appendingPathComponent("Examples/\(name).expected.json")
    let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    for result in [try check(spec), try check(back)] {
      #expect(result.states == expected["states"] as? Int)
      #expect(result.transitions == expected["transitions"] as? Int)
      #expect(result.depth == expected["depth"] as? Int)
      let violationCounts = Dictionary(
        uniqueKeysWithValues: result.violationCounts.map { ($0.key.rawValue, $0.value) })
      #expect(violationCounts == expected["violationCounts"] as? [String: Int])
    }
  }

  @Test func theV2ExamplesReadAsTheirJSONSays() throws {
    let tabs = try example("tabs")
    #expect(tabs.root.isEmpty && tabs.tabs == ["Library", "Albums"] && tabs.modules.isEmpty)
    #expect(
      tabs.destinations[0].transitions[0]
        == Transition(
          actions: [
            SequenceAction(
              .modal(destination: "Picker", dismissOnBackgroundTap: true),
              onDismiss: OnDismiss(actions: [SequenceAction(.push(destination: "Photo"))]))
          ], label: "Import"))
    #expect(
      tabs.destinations[0].transitions[1].action
        == .alert(
          name: "Sort", style: .confirmationDialog,
          buttons: [
            AlertButton(label: "By date"),
            AlertButton(label: "Show albums", action: .selectTab(tab: "Albums")),
          ]))
    let cascade = try example("cascade")
    #expect(cascade.root == "Home")
    #expect(
      cascade.destinations[1].transitions[1]
        == Transition(
          actions: [
            SequenceAction(.dismissEnvironment), SequenceAction(.sheet(destination: "Editor")),
          ], label: "Again"))
    #expect(
      cascade.destinations[1].transitions[1].actions[1].location?.jsonPath
        == "destinations[1].transitions[1].actions[1]")
  }

  /// One action is written as v1 wrote it, several as a list; an onDismiss of one action
  /// performed from its shower as that action object, otherwise as `{actions, actsOn}`.
  @Test func writingKeepsV1sFormWhereItCan() throws {
    let oneInAList = try read(
      """
      {"name": "App", "root": "A", "destinations": [{"name": "A", "transitions": [
        {"actions": [{"action": "push", "destination": "A",
                      "onDismiss": {"actions": [{"action": "dismissAlert"}]}}], "label": "One"},
        {"action": "alert", "alert": "Q", "buttons": [
          {"label": "Go", "actions": [{"action": "dismissStack"}]}]},
        {"action": "sheet", "destination": "A",
         "onDismiss": [{"action": "dismissAlert"}, {"action": "dismissAlert"}]},
        {"action": "push", "destination": "A",
         "onDismiss": {"action": "dismissAlert", "actsOn": "stack"}}]}]}
      """)
    #expect(
      oneInAList.jsonValue.text(indent: nil)
        == #"{"name":"App","root":"A","bounds":{"maxStackDepth":6,"maxPresentationDepth":3},"destinations":[{"name":"A","transitions":["#
        + #"{"action":"push","destination":"A","onDismiss":{"action":"dismissAlert"},"label":"One"},"#
        + #"{"action":"alert","alert":"Q","buttons":[{"label":"Go","action":{"action":"dismissStack"}}]},"#
        + #"{"action":"sheet","destination":"A","onDismiss":{"actions":[{"action":"dismissAlert"},{"action":"dismissAlert"}]}},"#
        + #"{"action":"push","destination":"A","onDismiss":{"actions":[{"action":"dismissAlert"}],"actsOn":"stack"}}]}]}"#
    )
    // The `actsOn` of an action object given as the onDismiss is the onDismiss's.
    #expect(oneInAList.destinations[0].transitions[3].actions[0].onDismiss?.actsOn == .stack)
    try roundTrip(oneInAList.jsonValue.text())
  }

  @Test func onDismissIsReadWhereverAnActionObjectIs() throws {
    let spec = try roundTrip(
      """
      {"name": "App", "tabs": ["A", "B"], "destinations": [
        {"name": "A", "transitions": [
          {"action": "alert", "alert": "Q", "buttons": [
            {"label": "Go", "action": {"action": "push", "destination": "B",
              "onDismiss": {"action": "sheet", "destination": "B",
                "onDismiss": {"actions": [{"action": "selectTab", "tab": "B"}], "actsOn": "app"}}}}]}]},
        {"name": "B"}],
       "deepLinks": [{"name": "d", "start": "active", "actions": [
         {"action": "modal", "destination": "B", "onDismiss": [{"action": "dismissAll"}]}]}]}
      """)
    guard case .alert(_, _, let buttons) = spec.destinations[0].transitions[0].action else {
      Issue.record("not an alert")
      return
    }
    let inner = buttons[0].actions[0].onDismiss?.actions[0]
    #expect(inner?.action == .sheet(destination: "B"))
    #expect(inner?.onDismiss?.actsOn == .app)
    #expect(
      inner?.onDismiss?.actions[0].location?.jsonPath
        == "destinations[0].transitions[0].buttons[0].action.onDismiss.onDismiss.actions[0]")
    #expect(spec.deepLinks[0].actions[0].onDismiss?.actions == [SequenceAction(.dismissAll)])
    #expect(spec.problems == [])
  }

  /// A spec of v1 reads and writes exactly as before: `root`, action objects, buttons' `action`.
  @Test func v1SpecsAreUnchanged() throws {
    let v1 = """
      {"name":"App","root":"A","bounds":{"maxStackDepth":6,"maxPresentationDepth":3},\
      "destinations":[{"name":"A","transitions":[\
      {"action":"sheet","destination":"A","trigger":"async","cancelsOnDismiss":true,"label":"S"},\
      {"action":"alert","alert":"Q","buttons":[{"label":"Go","action":{"action":"dismissStack"}},\
      {"label":"No"}]}]}],\
      "flows":[{"name":"F","steps":[{"style":"push","destination":"A"}]}],\
      "deepLinks":[{"name":"d","start":"active","actions":[{"action":"dismissAll"},\
      {"action":"push","destination":"A"}]}]}
      """
    let spec = try read(v1)
    #expect(spec.jsonValue.text(indent: nil) == v1)
    #expect(spec.root == "A" && spec.tabs.isEmpty && spec.modules.isEmpty)
    #expect(spec.destinations[0].transitions.allSatisfy { $0.actions.count == 1 })
    let notes = try example("notes")
    #expect(try read(notes.jsonValue.text()) == notes)
    #expect(notes.problems == [])
  }

  @Test func modulesAndTabsAreCodable() throws {
    let module = Module(name: "Main", tabs: ["Inbox", "Search"])
    #expect(try JSONDecoder().decode(Module.self, from: JSONEncoder().encode(module)) == module)
    let onDismiss = OnDismiss(
      actions: [SequenceAction(.push(destination: "A")), SequenceAction(.dismissAlert)],
      actsOn: .stack)
    #expect(
      try JSONDecoder().decode(OnDismiss.self, from: JSONEncoder().encode(onDismiss)) == onDismiss)
    let action = SequenceAction(
      .sheet(destination: "A"), onDismiss: OnDismiss(actions: [SequenceAction(.dismissAll)]))
    #expect(
      try JSONDecoder().decode(SequenceAction.self, from: JSONEncoder().encode(action)) == action)
  }

  // MARK: - Reading errors

  @Test func theStartIsExactlyOneOfRootTabsAndModules() {
    #expect(
      readingProblems(#"{"name": "App", "destinations": [{"name": "A"}]}"#) == [
        "- @1: the spec needs one of 'root', 'tabs' or 'modules'"
      ])
    #expect(
      readingProblems(
        """
        {"name": "App", "root": "A",
         "tabs": ["A", "B"], "destinations": [{"name": "A"}, {"name": "B"}]}
        """) == [
          "tabs @2: the spec has both 'root' and 'tabs'; keep one of 'root', 'tabs' or 'modules'"
        ])
    #expect(
      readingProblems(
        #"{"name": "App", "root": "A", "tabs": ["A", "B"], "modules": [], "destinations": []}"#)
        == [
          "tabs @1: the spec has 'root', 'tabs' and 'modules'; keep one of 'root', 'tabs' or 'modules'"
        ])
    #expect(
      readingProblems(#"{"name": "App", "tabs": [], "destinations": []}"#) == [
        "tabs @1: 'tabs' is empty; give at least 2 tabs (their root destinations), or use 'root' for one stack"
      ])
    #expect(
      readingProblems(#"{"name": "App", "tabs": ["A", 2], "destinations": []}"#) == [
        "tabs[1] @1: expected a string, found a number"
      ])
    #expect(
      readingProblems(#"{"name": "App", "modules": [], "destinations": []}"#) == [
        #"modules @1: 'modules' is empty; give at least one module: {"name", and "root" or "tabs"}"#
      ])
  }

  @Test func aModuleHasExactlyOneOfRootAndTabs() {
    let text = """
      {"name": "App", "modules": [
        {"name": "In", "root": "A", "tabs": ["A", "B"]},
        {"name": "Out"},
        {"root": "A", "tab": "B"},
        {"name": "Main", "tabs": []}],
       "destinations": [{"name": "A"}, {"name": "B"}]}
      """
    #expect(
      readingProblems(text) == [
        "modules[0] @2: module 'In' has both 'root' and 'tabs'; keep one of 'root' or 'tabs'",
        "modules[1] @3: module 'Out' needs one of 'root' or 'tabs'",
        "modules[2].tab @4: unknown key 'tab' in a module; did you mean 'tabs'?",
        "modules[2] @4: a module is missing key 'name'",
        "modules[3].tabs @5: 'tabs' is empty; give at least 2 tabs (their root destinations), or use 'root' for one stack",
      ])
  }

  @Test func aTransitionHasAnActionObjectOrAnActionsList() {
    let text = """
      {"name": "App", "root": "A", "destinations": [{"name": "A", "transitions": [
        {"action": "push", "destination": "A", "actions": [{"action": "dismiss"}]},
        {"label": "x"},
        {"actions": {"action": "dismiss"}},
        {"actions": [{"action": "dismiss"}, "dismiss"], "destination": "A"},
        {"actions": [], "trigger": "async", "cancelsOnDismiss": true, "label": "Empty"}]}]}
      """
    #expect(
      readingProblems(text) == [
        "destinations[0].transitions[0] @2: a transition has both 'action' and 'actions'; give one action object's keys or an 'actions' list, not both",
        "destinations[0].transitions[1] @3: a transition is missing key 'action' (one of push, sheet, fullScreenCover, alert, startFlow, next, nextOrDismissEnvironment, dismiss, dismissTo, dismissCount, dismissStack, dismissEnvironment, popTo, dismissAll, dismissPresented, dismissAlert, pushStack, modal, selectTab, showModule, setFlag, start, cancel, toast, dismissToast); or give 'actions', a list of action objects, or, for async work, 'outcomes'",
        "destinations[0].transitions[2].actions @4: expected an array, found an object",
        "destinations[0].transitions[3].destination @5: unknown key 'destination' in a transition; allowed keys: actions, trigger, cancelsOnDismiss, tap, actsOn, label, when, unless, unlessPending",
        "destinations[0].transitions[3].actions[1] @5: expected a transition's action (a JSON object), found a string",
        // The rules' problems come with the form's, at the JSON path the transition has.
        "destinations[0].transitions[4].actions @6: transition 'Empty' of 'A' has no actions; give it at least one",
      ])
    // Part 2's keys are known (SpecV2Part2JSONTests); a misspelt one is named.
    #expect(
      readingProblems(
        """
        {"name": "App", "root": "A", "destinations": [{"name": "A", "transitions": [
          {"actions": [{"action": "dismiss"}], "whenn": "loggedIn"}]}]}
        """) == [
          "destinations[0].transitions[0].whenn @2: unknown key 'whenn' in a transition; did you mean 'when'?"
        ])
  }

  @Test func aButtonHasAnActionAnActionsListOrNeither() {
    let text = """
      {"name": "App", "root": "A", "destinations": [{"name": "A", "transitions": [
        {"action": "alert", "alert": "Q", "buttons": [
          {"label": "Both", "action": {"action": "dismiss"}, "actions": []},
          {"label": "List", "actions": [{"action": "dismiss"}, {"action": "pusj"}]},
          {"label": "Neither"}]}]}]}
      """
    let problems = readingProblems(text)
    #expect(problems.count == 2)
    #expect(
      problems.first
        == "destinations[0].transitions[0].buttons[0] @3: an alert button has both 'action' and 'actions'; give one action object or a list, not both"
    )
    #expect(
      problems.last?.hasPrefix(
        "destinations[0].transitions[0].buttons[1].actions[1].action @4: 'pusj' is not one of")
        == true)
  }

  @Test func onDismissMistakesNameTheirPath() {
    let text = """
      {"name": "App", "root": "A", "destinations": [{"name": "A", "transitions": [
        {"action": "push", "destination": "A", "onDismiss": "dismiss"},
        {"action": "push", "destination": "A", "onDismiss": {"action": "dismiss", "actsOn": "stak"}},
        {"action": "sheet", "destination": "A", "onDismiss": {"actions": [], "actson": "app"}},
        {"action": "sheet", "destination": "A", "onDismiss": {"actsOn": "app"}},
        {"action": "modal", "destination": "A", "onDismiss": {"action": "dismiss", "actions": []}},
        {"actions": [{"action": "push", "destination": "A"}, {"action": "dismiss"},
          {"action": "push", "destination": "A", "onDismiss": {"actions": [
            {"action": "push", "destinaton": "A"}]}}]}]}]}
      """
    #expect(
      readingProblems(text) == [
        #"destinations[0].transitions[0].onDismiss @2: expected an onDismiss (an action object, a list of them, or {"actions": [...], "actsOn": ...}), found a string"#,
        "destinations[0].transitions[1].onDismiss.actsOn @3: 'stak' is not one of 'screen', 'stack', 'app'; did you mean 'stack'?",
        "destinations[0].transitions[2].onDismiss.actson @4: unknown key 'actson' in an onDismiss; did you mean 'actsOn'?",
        "destinations[0].transitions[3].onDismiss @5: an onDismiss is missing key 'actions'",
        #"destinations[0].transitions[4].onDismiss @6: an onDismiss has both 'action' and 'actions'; give an action object, a list of them, or {"actions": [...], "actsOn": ...}"#,
        "destinations[0].transitions[5].actions[2].onDismiss.actions[0].destinaton @9: unknown key 'destinaton' in a 'push' action; did you mean 'destination'?",
        "destinations[0].transitions[5].actions[2].onDismiss.actions[0] @9: a 'push' action is missing key 'destination'",
      ])
    // `actsOn` belongs to an onDismiss, not to an action of a list or of a transition (part 2).
    #expect(
      readingProblems(
        """
        {"name": "App", "root": "A", "destinations": [{"name": "A", "transitions": [
          {"action": "push", "destination": "A", "onDismiss": [{"action": "dismiss", "actsOn": "app"}]}]}]}
        """) == [
          "destinations[0].transitions[0].onDismiss[0].actsOn @2: unknown key 'actsOn' in a 'dismiss' action; did you mean 'action'?"
        ])
  }

  // MARK: - Validation

  @Test func tabsAreAtLeastTwoDistinctDeclaredDestinations() throws {
    #expect(
      try validationProblems(
        #"{"name": "App", "tabs": ["A"], "destinations": [{"name": "A"}]}"#) == [
          "tabs @1: tabs has only one tab, 'A'; a tab bar needs at least 2, or use a root for one stack"
        ])
    #expect(
      try validationProblems(
        #"{"name": "App", "tabs": ["A", "B", "A", "Bee"], "destinations": [{"name": "A"}, {"name": "B"}]}"#
      ) == [
        "tabs[2] @1: tab 'A' appears twice; each tab is a different root destination, remove one",
        "tabs[3] @1: no destination named 'Bee'; declare it with Destination(\"Bee\") or use one of: A, B",
      ])
  }

  @Test func modulesAreNamedOnceAndStartOnDeclaredDestinations() throws {
    let text = """
      {"name": "App", "modules": [
        {"name": "Main", "root": "A"},
        {"name": "Main", "tabs": ["A", "C"]},
        {"name": "log in", "root": "Welcom"},
        {"name": "", "tabs": ["A"]}],
       "destinations": [{"name": "A"}, {"name": "Welcome"}]}
      """
    #expect(
      try validationProblems(text) == [
        "modules[1].name @3: module 'Main' is declared twice (first declared at App.json:2 (modules[0])); rename or remove one",
        "modules[2].name @4: module name 'log in' is malformed; use letters, digits and '_', not starting with a digit",
        "modules[3].name @5: a module has an empty name",
        "modules[1].tabs[1] @3: no destination named 'C'; did you mean 'A'?",
        "modules[2].root @4: no destination named 'Welcom'; did you mean 'Welcome'?",
        "modules[3].tabs @5: tabs has only one tab, 'A'; a tab bar needs at least 2, or use a root for one stack",
      ])
  }

  /// The model can say what JSON cannot: validation checks the start of specs built in Swift.
  @Test func aStartBuiltInSwiftIsCheckedToo() {
    var spec = NavigationSpec(name: "App", root: "", destinations: [Destination(name: "A")])
    #expect(
      spec.problems.map(Self.describe) == [
        "root @0: the spec has no start; give it a root destination, tabs or modules"
      ])
    spec.root = "A"
    spec.modules = [Module(name: "M", root: "A", tabs: ["A", "B"]), Module(name: "N")]
    #expect(
      spec.problems.map(Self.describe) == [
        "modules @0: the spec has both root and modules; give exactly one of root, tabs or modules",
        "modules[0] @0: module 'M' has both a root and tabs; keep one",
        "modules[0].tabs[1] @0: no destination named 'B'; did you mean 'A'?",
        "modules[1] @0: module 'N' has no start; give it a root destination or tabs",
      ])
  }

  @Test func selectTabAndShowModuleNameWhatTheSpecDeclares() throws {
    let text = """
      {"name": "App", "modules": [{"name": "Out", "root": "A"}, {"name": "In", "tabs": ["A", "B"]}],
       "destinations": [{"name": "A", "transitions": [
         {"action": "selectTab", "tab": "Bb"},
         {"action": "selectTab", "tab": "Zebra"},
         {"action": "showModule", "module": "Inn"},
         {"action": "showModule", "module": "Zebra"},
         {"action": "selectTab", "tab": "B"}, {"action": "showModule", "module": "Out"}]},
         {"name": "B"}]}
      """
    #expect(
      try validationProblems(text) == [
        "destinations[0].transitions[0].tab @3: selectTab names no tab 'Bb'; did you mean 'B'?",
        "destinations[0].transitions[1].tab @4: selectTab names no tab 'Zebra'; a tab is named by its root destination, use one of: A, B",
        "destinations[0].transitions[2].module @5: no module named 'Inn'; did you mean 'In'?",
        "destinations[0].transitions[3].module @6: no module named 'Zebra'; use one of: Out, In",
      ])
    // A plain root is one module, named after the spec, with no tabs.
    let plain = """
      {"name": "App", "root": "A", "destinations": [{"name": "A", "transitions": [
        {"action": "selectTab", "tab": "A"},
        {"action": "showModule", "module": "Main"},
        {"action": "showModule", "module": "App"}]}]}
      """
    #expect(
      try validationProblems(plain) == [
        "destinations[0].transitions[0].tab @2: selectTab names no tab 'A'; the app has no tabs: start with tabs, or give a module tabs, to select one",
        "destinations[0].transitions[1].module @3: no module named 'Main'; the spec declares no modules, so its one module is 'App': declare modules to show another",
      ])
  }

  @Test func sequencesAreNotEmpty() throws {
    let text = """
      {"name": "App", "root": "A", "destinations": [{"name": "A", "transitions": [
        {"actions": [], "label": "Nothing"},
        {"actions": []},
        {"action": "pushStack", "destinations": []},
        {"action": "sheet", "destination": "A", "onDismiss": []},
        {"action": "push", "destination": "A", "onDismiss": {"actions": [], "actsOn": "app"}},
        {"action": "alert", "alert": "Q", "buttons": [{"label": "OK", "actions": []}]}]}]}
      """
    #expect(
      try validationProblems(text) == [
        "destinations[0].transitions[0].actions @2: transition 'Nothing' of 'A' has no actions; give it at least one",
        "destinations[0].transitions[1].actions @3: transition 2 of 'A' has no actions; give it at least one",
        "destinations[0].transitions[2].destinations @4: pushStack has no destinations; give at least one",
        "destinations[0].transitions[3].onDismiss @5: the onDismiss of sheet A has no actions; give it at least one, or remove it",
        "destinations[0].transitions[4].onDismiss @6: the onDismiss of push A has no actions; give it at least one, or remove it",
      ])
  }

  @Test func onlyShowActionsCarryAnOnDismiss() throws {
    let text = """
      {"name": "App", "root": "A", "destinations": [{"name": "A", "transitions": [
        {"action": "dismiss", "onDismiss": {"action": "push", "destination": "A"}},
        {"action": "alert", "alert": "Q",
         "onDismiss": {"action": "push", "destination": "A"}},
        {"actions": [{"action": "push", "destination": "A"},
          {"action": "selectTab", "tab": "A", "onDismiss": [{"action": "dismiss"}]}]},
        {"action": "modal", "destination": "A", "onDismiss": {"action": "fullScreenCover", "destination": "A",
          "onDismiss": {"action": "pushStack", "destinations": ["A"]}}}]}]}
      """
    let problems = try validationProblems(text)
    let rule =
      "cannot carry an onDismiss: only push, sheet, fullScreenCover and modal show a screen whose removal runs one; move it to the action that shows the screen"
    #expect(
      problems == [
        "destinations[0].transitions[0].onDismiss @2: dismiss \(rule)",
        "destinations[0].transitions[1].onDismiss @4: alert \(rule)",
        "destinations[0].transitions[2].actions[1].tab @6: selectTab names no tab 'A'; the app has no tabs: start with tabs, or give a module tabs, to select one",
        "destinations[0].transitions[2].actions[1].onDismiss @6: selectTab \(rule)",
      ])
    // `dismiss` and `alert` read it all the same, so the rule names it; other keys are unknown.
    #expect(
      readingProblems(
        """
        {"name": "App", "root": "A", "destinations": [{"name": "A", "transitions": [
          {"action": "dismiss", "onDismis": []}]}]}
        """) == [
          "destinations[0].transitions[0].onDismis @2: unknown key 'onDismis' in a 'dismiss' action; allowed keys: action, destination, trigger, cancelsOnDismiss, tap, actsOn, label, when, unless, unlessPending"
        ])
  }

  /// Every action is checked wherever it appears: every action of a transition, of a button,
  /// of a deep link, of an onDismiss, at any depth.
  @Test func actionsAreCheckedWhereverTheyAppear() throws {
    let text = """
      {"name": "App", "root": "A", "destinations": [{"name": "A", "transitions": [
        {"action": "push", "destination": "A"},
        {"actions": [{"action": "dismissAll"}, {"action": "dismissCount", "count": 0},
          {"action": "sheet", "destination": "A", "onDismiss": {"actsOn": "stack", "actions": [
            {"action": "push", "destination": "B"}]}}]},
        {"action": "alert", "alert": "Q", "buttons": [
          {"label": "Go", "actions": [{"action": "dismissAll"}, {"action": "startFlow", "flow": "F"}]},
          {"label": "Go", "action": {"action": "popTo", "destination": "C",
            "onDismiss": {"action": "alert", "alert": "", "buttons": [
              {"label": "x", "action": {"action": "push", "destination": "D"}}]}}}]}]}],
       "deepLinks": [{"name": "d", "actions": [{"action": "dismissAll"},
         {"action": "sheet", "destination": "A", "onDismiss": [{"action": "dismissAll"},
           {"action": "pushStack", "destinations": ["A", "E"]}]}]}]}
      """
    #expect(
      try validationProblems(text) == [
        "destinations[0].transitions[1].actions[1].count @3: dismissCount is 0; it must be at least 1",
        "destinations[0].transitions[1].actions[2].onDismiss.actions[0].destination @5: no destination named 'B'; did you mean 'A'?",
        "destinations[0].transitions[2].buttons[0].actions[1].flow @7: no flow named 'F'; declare it with Flow(\"F\")",
        "destinations[0].transitions[2].buttons[1].label @8: alert 'Q' has two buttons labelled 'Go'; button labels must differ",
        "destinations[0].transitions[2].buttons[1].action.destination @8: no destination named 'C'; did you mean 'A'?",
        "destinations[0].transitions[2].buttons[1].action.onDismiss @9: popTo cannot carry an onDismiss: only push, sheet, fullScreenCover and modal show a screen whose removal runs one; move it to the action that shows the screen",
        "destinations[0].transitions[2].buttons[1].action.onDismiss.alert @9: an alert has an empty name; name it",
        "destinations[0].transitions[2].buttons[1].action.onDismiss.buttons[0].action.destination @10: no destination named 'D'; did you mean 'A'?",
        "deepLinks[0].actions[1].onDismiss[1].destinations[1] @13: no destination named 'E'; did you mean 'A'?",
      ])
  }

  /// A spec built in Swift has no JSON paths of its own: its problems are placed where its
  /// JSON form (`jsonValue`) writes each action.
  @Test func pathsOfSpecsBuiltInSwiftFollowTheirJSONForm() throws {
    let missing = SequenceAction(.push(destination: "X"))
    let spec = NavigationSpec(
      name: "App", root: "A",
      destinations: [
        Destination(
          name: "A",
          transitions: [
            Transition(
              actions: [
                SequenceAction(.dismissAll),
                SequenceAction(
                  .sheet(destination: "A"),
                  onDismiss: OnDismiss(actions: [missing], actsOn: .stack)),
              ]),
            Transition(
              actions: [
                SequenceAction(.push(destination: "A"), onDismiss: OnDismiss(actions: [missing]))
              ]),
            Transition(
              action: .alert(
                name: "Q",
                buttons: [
                  AlertButton(label: "One", actions: [missing]),
                  AlertButton(label: "Two", actions: [SequenceAction(.dismissAll), missing]),
                ])),
          ])
      ])
    #expect(
      spec.problems.map(\.path) == [
        "destinations[0].transitions[0].actions[1].onDismiss.actions[0].destination",
        "destinations[0].transitions[1].onDismiss.destination",
        "destinations[0].transitions[2].buttons[0].action.destination",
        "destinations[0].transitions[2].buttons[1].actions[1].destination",
      ])
    // Each is where the JSON form puts it.
    let back = try read(spec.jsonValue.text())
    #expect(back.problems.map(\.path) == spec.problems.map(\.path))
  }

  /// Alerts are counted wherever they are declared: in onDismiss and buttons too.
  @Test func alertsInSequencesOnDismissAndButtonsCount() {
    // n alerts in an onDismiss, alert R, n alerts in R's button: 2n + 1, one too many.
    let n = StateLimits.maxDeclaredNames / 2
    let alert = SequenceAction(.alert(name: "Q", buttons: []))
    let spec = NavigationSpec(
      name: "App", root: "A",
      destinations: [
        Destination(
          name: "A",
          transitions: [
            Transition(
              actions: [
                SequenceAction(
                  .sheet(destination: "A"),
                  onDismiss: OnDismiss(actions: Array(repeating: alert, count: n)))
              ]),
            Transition(
              action: .alert(
                name: "R",
                buttons: [
                  AlertButton(label: "Go", actions: Array(repeating: alert, count: n))
                ])),
          ])
      ])
    #expect(2 * n + 1 == StateLimits.maxDeclaredNames + 1)
    #expect(
      spec.problems.map(\.message) == [
        "the spec declares \(2 * n + 1) alerts; at most \(StateLimits.maxDeclaredNames) are supported, split the spec"
      ])
  }
}
