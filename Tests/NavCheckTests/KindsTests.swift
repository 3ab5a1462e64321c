import Foundation
import Testing

@testable import NavCheck

/// Every kind is described once (Docs/Architecture.md) and every form derived from it agrees:
/// each action kind, gesture, event reference and rule round-trips through JSON, its Swift
/// literal and a replay.
@Suite struct KindsTests {
  /// One action of every kind, with every argument its kind takes.
  static let everyAction: [Action] = Action.Kind.allCases.map { kind in
    Action(
      kind: kind,
      arguments: .init(
        destination: "B", alert: "Ask",
        buttons: [AlertButton(label: "Go", action: .push(destination: "B")), .init(label: "No")],
        flow: "F", count: 2, destinations: ["B", "A"], dismissOnBackgroundTap: false, tab: "B",
        module: "Kinds", style: .confirmationDialog, flag: "f", value: true, work: "W",
        toast: "Hi", start: .tab, level: .root, expires: false,
        actions: [SequenceAction(.push(destination: "B"))], alertLevel: .window))!
  }

  @Test func everyActionKindIsOneCaseAndBack() {
    #expect(Self.everyAction.map(\.kind) == Action.Kind.allCases)
    #expect(Set(Action.allNames).count == Action.Kind.allCases.count)
    for action in Self.everyAction {
      #expect(Action(kind: action.kind, arguments: action.arguments) == action)
      #expect(Action.Kind(rawValue: action.name) == action.kind)
      // Only the arguments the kind takes are kept.
      let keys = Set(action.kind.arguments.map(\.key))
      #expect((action.arguments.destination != nil) == keys.contains("destination"))
      #expect((action.arguments.count != nil) == keys.contains("count"))
    }
    // A required argument is required.
    #expect(Action(kind: .push, arguments: .init()) == nil)
    #expect(Action(kind: .dismiss, arguments: .init()) == .dismiss(destination: nil))
  }

  @Test func everyActionKindRoundTripsThroughTheJSONForm() throws {
    var spec = NavigationSpec("Kinds", root: "A") {
      Destination("A") {}
      Destination("B") {}
      Flow("F") { Push("B") }
    }
    // `selectTab` needs a tab.
    spec.root = ""
    spec.tabs = ["A", "B"]
    // `setFlag` needs a flag.
    spec.flags = [Flag(name: "f")]
    // `start` and `cancel` need work: B's, which acts on its stack, so that A may start it.
    var work = Transition(
      action: .dismiss(destination: nil), trigger: .async(cancelsOnDismiss: false), label: "W")
    work.actsOn = .stack
    spec.destinations[1].transitions = [work]
    spec.destinations[0].transitions = Self.everyAction.map { Transition(action: $0) }
    let text = spec.jsonValue.text()
    let back = try NavigationSpec(json: Data(text.utf8), file: "Kinds.json")
    #expect(back.destinations[0].transitions.map(\.action) == Self.everyAction)
    #expect(back.jsonValue.text() == text)
    // Each kind's arguments, and only those, are written.
    for (action, object) in zip(Self.everyAction, back.destinations[0].transitions) {
      guard case .object(let members) = object.jsonValue.kind else {
        Issue.record("\(action.name) is not written as an object")
        continue
      }
      #expect(members.map(\.key) == ["action"] + action.kind.arguments.map(\.key))
    }
    try spec.validate()
  }

  @Test func everyActionKindHasItsWordsAndItsEffect() {
    for action in Self.everyAction {
      #expect(action.declarationWords.hasPrefix(action.name))
      #expect(!action.words.isEmpty)
      #expect(!(action.kind.presents && !action.kind.shows), "\(action.name) presents unseen")
    }
    #expect(Action.Kind.allCases.filter(\.presents) == [.sheet, .fullScreenCover, .modal])
    #expect(Action.pushStack(destinations: ["A", "B"]).words == "push A, B")
    #expect(Action.selectTab(tab: "Search").words == "select tab Search")
    #expect(Action.dismissCount(1).words == "dismiss 1 screen")
    #expect(Action.dismissCount(3).words == "dismiss 3 screens")
    #expect(Action.fullScreenCover(destination: "E").words == "full-screen cover E")
    #expect(Action.startFlow(flow: "F").declarationWords == "startFlow 'F'")
  }

  /// One reference of every kind, every gesture among them, written as Swift.
  static let everyReference: [EventReference] = [
    .transition(screen: "Cart", transition: .label("Check \"out\"")),
    .transition(screen: "Cart", transition: .index(2)),
    .gesture(.swipeBack),
    .gesture(.swipeDown),
    .gesture(.dismissDialog),
    .gesture(.backgroundTap),
    .gesture(.reselectTab),
    .selectTab("Search"),
    .alertButton("Delete"),
    .complete(screen: "AddTodo", transition: .label("Save"), at: 3),
    .complete(screen: "AddTodo", transition: .index(0), at: nil),
    .deepLink("promo"),
    .tabButton("Post"),
  ]

  /// The same references, as `swiftLiteral` must write them.
  static let everyLiteral = [
    #".transition(screen: "Cart", transition: .label("Check \"out\""))"#,
    #".transition(screen: "Cart", transition: .index(2))"#,
    ".gesture(.swipeBack)",
    ".gesture(.swipeDown)",
    ".gesture(.dismissDialog)",
    ".gesture(.backgroundTap)",
    ".gesture(.reselectTab)",
    #".selectTab("Search")"#,
    #".alertButton("Delete")"#,
    #".complete(screen: "AddTodo", transition: .label("Save"), at: 3)"#,
    #".complete(screen: "AddTodo", transition: .index(0), at: nil)"#,
    #".deepLink("promo")"#,
    #".tabButton("Post")"#,
  ]

  @Test func everyEventReferenceRoundTripsThroughJSONAndItsSwiftLiteral() throws {
    let gestures = Self.everyReference.compactMap { reference -> EventReference.Gesture? in
      if case .gesture(let gesture) = reference { return gesture }
      return nil
    }
    #expect(gestures == EventReference.Gesture.allCases)
    for (reference, literal) in zip(Self.everyReference, Self.everyLiteral) {
      #expect(try EventReference(jsonValue: reference.jsonValue) == reference)
      #expect(reference.swiftLiteral == literal)
      guard case .object(let members) = reference.jsonValue.kind else { continue }
      #expect(EventReference.stepKeys.contains(members[0].key))
    }
  }

  @Test func everyGestureNamesAnEventAndReplays() throws {
    // Tabs, a sheet to push in, a modal, a dialog: every gesture is possible somewhere.
    let spec = NavigationSpec("Gestures", tabs: ["A", "T"]) {
      Destination("A") {
        Sheet("B")
        Modal("M")
        Alert("D", style: .confirmationDialog)
        Push("C")
      }
      Destination("B") { Push("C") }
      Destination("C") {}
      Destination("M") {}
      Destination("T") {}
    }
    let model = RouterModel(CompiledSpec(spec))
    // Breadth-first over the spec's states, up to the first where each gesture is an event.
    var states = [model.initialState]
    var index = 0
    while index < states.count {
      for event in model.events(of: states[index]) {
        let next = model.step(event, from: states[index])
        if next.outcome == .state && !states.contains(next.state) { states.append(next.state) }
      }
      index += 1
    }
    for gesture in EventReference.Gesture.allCases {
      let event = try #require(RouterModel.gestureEvents[gesture], "\(gesture) names no event")
      let state = try #require(
        states.first { model.events(of: $0).contains(event) }, "\(gesture) is never possible")
      #expect(model.reference(event, in: state) == .gesture(gesture))
      #expect(try model.match(.gesture(gesture), in: state).get() == event)
    }
    // A tab selection replays too.
    #expect(
      try model.match(.selectTab("T"), in: model.initialState).get() == .selectTab(1))
    guard case .failure(let selected) = model.match(.selectTab("A"), in: model.initialState)
    else {
      Issue.record("the selected tab can be selected again")
      return
    }
    #expect(selected.message == "tab 'A' is already selected")
    // Where a gesture is not possible, the replay says why, from the gesture's own words.
    guard case .failure(let impossible) = model.match(.gesture(.swipeBack), in: model.initialState)
    else {
      Issue.record("swipe back is possible in the first state")
      return
    }
    #expect(impossible.message == "cannot swipeBack: A is the only screen of its stack")
  }

  /// `NavigationEvent.gesture`'s example, as its documentation writes it.
  @Test func anEventIsItsGesturesDescriptor() {
    let swipe = NavigationEvent.swipeBack.gesture  // .swipeBack
    let tab = NavigationEvent.selectTab(tab: "Inbox").gesture  // nil
    #expect(swipe == .swipeBack && tab == nil)
  }

  @Test func everyGestureIsWordedByItsDescriptor() {
    // The step a router performs for a gesture is worded by the gesture's descriptor, and its
    // kind is the descriptor's name.
    for gesture in GestureEvent.allCases {
      let event = gesture.forms.event
      #expect(event.gesture == gesture.reference)
      #expect(event.description == gesture.reference.command)
      #expect(event.kind.rawValue == gesture.reference.rawValue)
    }
    #expect(GestureEvent.allCases.map(\.reference) == EventReference.Gesture.allCases)
    #expect(NavigationEvent.selectTab(tab: "A").gesture == nil)
  }

  /// A router step's description and the trace's sentence for the same event share their
  /// phrases (`EventWords`): an alert's button, work starting, work completing (with its
  /// outcome).
  @Test(arguments: ["Reader", "Toasts"])
  func aStepsDescriptionIsPartOfItsTraceSentence(_ name: String) throws {
    let spec = try #require([readerSpec, toastsSpec].first { $0.name == name })
    var router = try ReferenceRouter(spec)
    var queue = [router.state]
    var seen: [RouterState] = []
    var compared = 0
    while let state = queue.popLast() {
      guard !seen.contains(state) else { continue }
      seen.append(state)
      router.state = state
      for step in router.steps() {
        queue.append(step.next)
        switch step.navigation.event {
        case .alertButton, .startAsync, .completeAsync, .promptButton:
          // Up to the actions, which each wording says in its own words (a trace's
          // `dismiss environment`, a declaration's `dismissEnvironment`).
          let sentence = router.model.describe(step.event, in: state)
          let phrase = step.navigation.event.description.components(separatedBy: " → ")[0]
          #expect(sentence.contains(": " + phrase), "\(sentence)")
          compared += 1
        case .transition, .sequence, .swipeBack, .swipeDown, .deepLink, .dismissDialog,
          .backgroundTap, .selectTab, .reselectTab, .tabButton, .tapToast, .toastExpires,
          .broadcast, .dismissPrompt:
          break
        }
      }
    }
    #expect(compared > 3)
  }

  @Test func everyRuleHasItsOwnNameIdAndWords() throws {
    let kinds = ViolationKind.allCases
    #expect(Set(kinds.map(\.rawValue)).count == kinds.count)
    #expect(Set(kinds.map(SARIFReport.ruleID)).count == kinds.count)
    #expect(kinds.map(\.ordinal) == Array(kinds.indices))
    #expect(kinds.sorted() == kinds)
    for kind in kinds {
      #expect(ViolationKind(rawValue: kind.rawValue) == kind)
      let data = try JSONEncoder().encode(kind)
      #expect(String(decoding: data, as: UTF8.self) == "\"\(kind.rawValue)\"")
      #expect(try JSONDecoder().decode(ViolationKind.self, from: data) == kind)
      #expect(!kind.summary.isEmpty && !kind.help.isEmpty)
      #expect(kind.message(event: "E", title: "T").contains(kind.stateMark == nil ? "E" : "T"))
    }
    #expect(SARIFReport.ruleID(.duplicatePresentation) == "NAV001")
    #expect(SARIFReport.ruleID(.trap) == "NAV012")
    #expect(SARIFReport.ruleID(.tabMissing) == "NAV013")
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(ViolationKind.self, from: Data("\"noSuchRule\"".utf8))
    }
  }

  /// The destination graph draws an action kind from what the kind says it does to the
  /// destination it names: onward (solid), presented (dashed), back below (dotted).
  @Test func theGraphDrawsEachKindFromWhatItDoes() {
    let lines = Action.Kind.allCases.compactMap { kind in
      GraphReport.line(kind).map { "\(kind.rawValue): \($0.label) \($0.style)" }
    }
    #expect(
      lines == [
        "push: push solid", "sheet: sheet dashed", "fullScreenCover: full-screen cover dashed",
        "dismissTo: dismiss to dotted", "popTo: pop to dotted", "modal: modal dashed",
      ])
  }

  /// Work as JSON: its fields by name, absent optionals left out, the action in the spec's
  /// JSON form; and back.
  @Test func asyncWorkIsWrittenAndReadAsJSON() throws {
    var work = AsyncWork(
      id: .init(screen: 2, transition: 1), destination: "Compose", label: "Send",
      action: .dismiss(destination: nil), cancelsOnDismiss: true, startedAt: 3)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(work), as: UTF8.self)
        == #"{"action":{"action":"dismiss"},"cancelsOnDismiss":true,"destination":"Compose","#
        + #""id":{"screen":2,"transition":1},"label":"Send","startedAt":3}"#)
    work.outcome = "failure"
    work.outcomes = ["success", "failure"]
    work.label = nil
    let read = try JSONDecoder().decode(AsyncWork.self, from: try encoder.encode(work))
    #expect(read == work)
  }

  @Test func aScreenLocationNamesItsTabAndItsEnvironmentsStyle() throws {
    var router = try ReferenceRouter(
      NavigationSpec("Cover", root: "A") {
        Destination("A") { FullScreenCover("B") }
        Destination("B") { Dismiss() }
      })
    let present = try #require(router.steps().first)
    #expect(present.navigation.screen.style == .root)
    router.perform(present)
    let dismiss = try #require(router.steps().first)
    #expect(
      dismiss.navigation.screen == ScreenLocation(environment: 1, position: 0, destination: "B"))
    #expect(dismiss.navigation.screen.style == .fullScreenCover)
    #expect(dismiss.navigation.screen.tab == 0)
    #expect(dismiss.navigation.screen.description == "B (environment 1, position 0)")
  }

  @Test func openKindsAreEqualByNameAndListed() {
    #expect(NavigationEvent.Kind(rawValue: "swipeDown") == .swipeDown)
    #expect(NavigationEvent.Kind.allCases.count == Set(NavigationEvent.Kind.allCases).count)
    #expect(StateView.Style(rawValue: "sheet") == .sheet)
    #expect(StateView.Style(rawValue: "popover") == nil)
    #expect(EventReference.Gesture(rawValue: "swipeBack") == .swipeBack)
  }
}
