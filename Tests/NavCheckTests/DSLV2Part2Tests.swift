import Foundation
import Testing

@testable import NavCheck

/// DESIGN.md's "v2 nouns" example, whole: flags, outcomes, guards and `actsOn` on async work.
let mailV2Part2 = NavigationSpec("Mail") {
  Flag("loggedIn", initially: false)
  Module("SignedOut", root: "SignIn")  // the first module is the start
  Module("Main", tabs: ["Inbox", "Search", "Settings"])

  Destination("SignIn") {
    Async("Sign in") {
      Outcome("ok") {
        SetFlag("loggedIn", true); ShowModule("Main")
      }
      Outcome("failed") { Alert("SignInFailed") }
    }
  }
  Destination("Inbox") {
    Push("Thread")
    Sheet("Compose").onDismiss { Alert("DraftSaved") }
    Modal("Toast", dismissOnBackgroundTap: false)
    PushStack("Thread", "Message").label("Open latest")
    Alert("Delete?", style: .confirmationDialog) {
      Button("Delete") { Dismiss() }
      Button("Cancel")
    }
  }
  Destination("Compose") {
    Async("Send") {
      Outcome("sent") { DismissEnvironment() }; Outcome("failed") { Alert("SendFailed") }
    }
    Dismiss().label("Discard").unlessPending("Send")
  }
  Destination("Search") {
    // The tab's router: pushes on its current top.
    Push("Message").async().label("Find").actsOn(.stack)
  }
  Destination("Settings") {
    Actions {
      SetFlag("loggedIn", false); ShowModule("SignedOut")
    }.label("Sign out").when("loggedIn")
  }
  DeepLink("thread", start: .root) {
    SelectTab("Inbox"); DismissAll(); Push("Thread")
  }.when("loggedIn")
}

enum MailFlag: String {
  case loggedIn, hasDraft
}

/// The transition, with `outcomes`, `actsOn` and `guards` set (the model's initializers take
/// only actions, trigger and label).
private func transition(
  _ actions: [SequenceAction] = [], trigger: Trigger = .user, label: String? = nil,
  outcomes: [AsyncOutcome]? = nil, actsOn: ActsOn = .screen, guards: Guards = Guards()
) -> Transition {
  var transition = Transition(actions: actions, trigger: trigger, label: label)
  transition.outcomes = outcomes
  transition.actsOn = actsOn
  transition.guards = guards
  return transition
}

private func button(_ label: String, _ actions: [SequenceAction] = [], guards: Guards = Guards())
  -> AlertButton
{
  var button = AlertButton(label: label, actions: actions)
  button.guards = guards
  return button
}

private func buttons(_ transition: Transition) -> [AlertButton] {
  guard case .alert(_, _, let buttons) = transition.action else { return [] }
  return buttons
}

private let asyncTrigger = Trigger.async(cancelsOnDismiss: false)

@Suite struct DSLV2Part2Tests {
  @Test func designsMailBuildsTheModelItSays() throws {
    let mail = mailV2Part2
    #expect(mail.flags == [Flag(name: "loggedIn", initially: false)])
    #expect(
      mail.modules == [
        Module(name: "SignedOut", root: "SignIn"),
        Module(name: "Main", tabs: ["Inbox", "Search", "Settings"]),
      ])
    #expect(mail.root == "" && mail.tabs == [])
    #expect(
      mail.destinations.map(\.name) == ["SignIn", "Inbox", "Compose", "Search", "Settings"])
    #expect(
      mail.destinations[0].transitions == [
        transition(
          trigger: asyncTrigger, label: "Sign in",
          outcomes: [
            AsyncOutcome(
              label: "ok",
              actions: [
                SequenceAction(.setFlag(flag: "loggedIn", value: true)),
                SequenceAction(.showModule(module: "Main")),
              ]),
            AsyncOutcome(
              label: "failed", actions: [SequenceAction(.alert(name: "SignInFailed", buttons: []))]),
          ])
      ])
    #expect(mail.destinations[1].transitions == mailV2.destinations[1].transitions)
    #expect(
      mail.destinations[2].transitions == [
        transition(
          trigger: asyncTrigger, label: "Send",
          outcomes: [
            AsyncOutcome(label: "sent", actions: [SequenceAction(.dismissEnvironment)]),
            AsyncOutcome(
              label: "failed", actions: [SequenceAction(.alert(name: "SendFailed", buttons: []))]),
          ]),
        transition(
          [SequenceAction(.dismiss(destination: nil))], label: "Discard",
          guards: Guards(unlessPending: "Send")),
      ])
    #expect(
      mail.destinations[3].transitions == [
        transition(
          [SequenceAction(.push(destination: "Message"))], trigger: asyncTrigger, label: "Find",
          actsOn: .stack)
      ])
    #expect(
      mail.destinations[4].transitions == [
        transition(
          [
            SequenceAction(.setFlag(flag: "loggedIn", value: false)),
            SequenceAction(.showModule(module: "SignedOut")),
          ], label: "Sign out", guards: Guards(when: "loggedIn"))
      ])
    var thread = DeepLink(
      name: "thread", start: .root,
      actions: [
        SequenceAction(.selectTab(tab: "Inbox")), SequenceAction(.dismissAll),
        SequenceAction(.push(destination: "Thread")),
      ])
    thread.guards = Guards(when: "loggedIn")
    #expect(mail.deepLinks == [thread])
    #expect(mail.flows.isEmpty && mail.invariants.isEmpty)
    // Model equality ignores locations and build problems: look at them directly.
    let transitions = mail.destinations.flatMap(\.transitions)
    #expect(
      transitions.allSatisfy { $0.buildProblems.isEmpty }, "\(transitions.map(\.buildProblems))")
    #expect(mail.deepLinks[0].buildProblems.isEmpty && mail.buildProblems.isEmpty)
    // The outcome list stands in place of the sequence.
    #expect(mail.destinations[0].transitions[0].actions.isEmpty)
    #expect(mail.destinations[2].transitions[0].actions.isEmpty)
    // Nothing the DSL wrote is what validation calls a build mistake.
    let messages = mail.problems.map(\.message)
    #expect(!messages.contains { $0.contains("guard") || $0.contains("Outcome") }, "\(messages)")
  }

  @Test func flagsAreDeclaredBesideDestinationsInOrder() {
    let spec = NavigationSpec("Flags", root: "A") {
      Flag("loggedIn", initially: true)
      Destination("A")
      Flag("hasDraft")
      Flag(MailFlag.hasDraft, initially: true)
      Flag(MailFlag.loggedIn)
      Self.moreFlags
    }
    #expect(
      spec.flags == [
        Flag(name: "loggedIn", initially: true), Flag(name: "hasDraft", initially: false),
        Flag(name: "hasDraft", initially: true), Flag(name: "loggedIn", initially: false),
        Flag(name: "synced", initially: false),
      ])
    #expect(spec.destinations.map(\.name) == ["A"])
    #expect(Flag("x").initially == false)
    // Flags change no navigation: a spec of v1 has none.
    #expect(todoApp.flags.isEmpty && mailV2.flags.isEmpty)
  }

  @SpecBuilder static var moreFlags: [SpecNode] {
    Flag("synced")
  }

  @Test func setFlagIsAnActionWhereverActionsGo() throws {
    let set = SequenceAction(.setFlag(flag: "loggedIn", value: true))
    let clear = SequenceAction(.setFlag(flag: "hasDraft", value: false))
    let spec = NavigationSpec("SetFlag", root: "A") {
      Flag("loggedIn")
      Flag("hasDraft", initially: true)
      Destination("A") {
        SetFlag("loggedIn", true)
        SetFlag(MailFlag.hasDraft, false).label("Discard draft")
        Actions {
          SetFlag("loggedIn", true); SetFlag(MailFlag.hasDraft, false)
        }
        Alert("Sign in?") { Button("Yes") { SetFlag("loggedIn", true) } }
        Sheet("B").onDismiss { SetFlag("hasDraft", false) }
        Async("Save") { Outcome("saved") { SetFlag("hasDraft", false) } }
      }
      DeepLink("login") {
        SetFlag("loggedIn", true); Push("A")
      }
    }
    let a = spec.destinations[0].transitions
    #expect(a[0] == Transition(actions: [set]))
    #expect(a[0].action == .setFlag(flag: "loggedIn", value: true))
    #expect(a[1] == Transition(actions: [clear], label: "Discard draft"))
    #expect(a[2].actions == [set, clear])
    #expect(buttons(a[3]) == [AlertButton(label: "Yes", actions: [set])])
    #expect(a[4].actions[0].onDismiss == OnDismiss(actions: [clear]))
    #expect(a[5].outcomes == [AsyncOutcome(label: "saved", actions: [clear])])
    #expect(spec.deepLinks[0].actions == [set, SequenceAction(.push(destination: "A"))])
    #expect(a.allSatisfy { $0.buildProblems.isEmpty })
  }

  @Test func asyncHoldsItsOutcomesInOrder() {
    let failures = true
    let node = Async("Pay") {
      Outcome("authorised") { Next() }
      if failures {
        Outcome("declined") { Alert("PaymentFailed") }
      }
      Outcome("cancelled") {}
      Outcome("timedOut")
      Self.offline
    }
    #expect(
      node.transition
        == transition(
          trigger: asyncTrigger, label: "Pay",
          outcomes: [
            AsyncOutcome(label: "authorised", actions: [SequenceAction(.next)]),
            AsyncOutcome(
              label: "declined",
              actions: [SequenceAction(.alert(name: "PaymentFailed", buttons: []))]),
            AsyncOutcome(label: "cancelled", actions: []),
            AsyncOutcome(label: "timedOut", actions: []),
            AsyncOutcome(
              label: "offline", actions: [SequenceAction(.alert(name: "Offline", buttons: []))]),
            AsyncOutcome(label: "gone"),
          ]))
    #expect(node.transition.trigger == .async(cancelsOnDismiss: false))
    #expect(node.transition.actsOn == .screen && node.transition.guards.isEmpty)
    #expect(node.transition.actions == [])
    #expect(node.transition.buildProblems.isEmpty)
    // Outcomes run sequences: several actions, nested Actions, show actions with onDismiss.
    let sequence = Async("Sync") {
      Outcome("done") {
        SetFlag("synced", true)
        Actions {
          DismissAll(); SelectTab("Inbox")
        }
        Sheet("Report").onDismiss { Push("Log") }
      }
    }
    #expect(
      sequence.transition.outcomes?[0].actions == [
        SequenceAction(.setFlag(flag: "synced", value: true)), SequenceAction(.dismissAll),
        SequenceAction(.selectTab(tab: "Inbox")),
        SequenceAction(
          .sheet(destination: "Report"),
          onDismiss: OnDismiss(actions: [SequenceAction(.push(destination: "Log"))])),
      ])
    // An empty body is an empty outcome list, which validation reports.
    #expect(Async("Nothing") {}.transition.outcomes == [])
  }

  @OutcomeBuilder static var offline: [Outcome] {
    Outcome("offline") { Alert("Offline") }
    Outcome("gone")
  }

  @Test func asyncTakesCancelsOnDismissActsOnAndEveryModifier() {
    let outcome = [AsyncOutcome(label: "done", actions: [SequenceAction(.dismissEnvironment)])]
    let nodes = [
      Async("Send", cancelsOnDismiss: true) { Outcome("done") { DismissEnvironment() } },
      Async("Send", actsOn: .app) { Outcome("done") { DismissEnvironment() } },
      Async("Send", cancelsOnDismiss: true, actsOn: .stack) {
        Outcome("done") { DismissEnvironment() }
      },
      Async("Send") { Outcome("done") { DismissEnvironment() } }.actsOn(.stack),
      Async("Send") { Outcome("done") { DismissEnvironment() } }.async(cancelsOnDismiss: true)
        .label("Upload").when("loggedIn").unless("offline").unlessPending("Upload"),
    ].map(\.transition)
    #expect(
      nodes == [
        transition(trigger: .async(cancelsOnDismiss: true), label: "Send", outcomes: outcome),
        transition(trigger: asyncTrigger, label: "Send", outcomes: outcome, actsOn: .app),
        transition(
          trigger: .async(cancelsOnDismiss: true), label: "Send", outcomes: outcome,
          actsOn: .stack),
        transition(trigger: asyncTrigger, label: "Send", outcomes: outcome, actsOn: .stack),
        transition(
          trigger: .async(cancelsOnDismiss: true), label: "Upload", outcomes: outcome,
          guards: Guards(when: "loggedIn", unless: "offline", unlessPending: "Upload")),
      ])
  }

  @Test func everyTransitionNounTakesTheThreeGuards() {
    let all = Guards(when: "loggedIn", unless: "offline", unlessPending: "Send")
    @TransitionBuilder var nouns: [Transition] {
      Push("B").when("loggedIn").unless("offline").unlessPending("Send")
      Sheet("B").when("loggedIn").unless("offline").unlessPending("Send")
      FullScreenCover("B").when("loggedIn").unless("offline").unlessPending("Send")
      Modal("B").when("loggedIn").unless("offline").unlessPending("Send")
      PushStack("B", "C").when("loggedIn").unless("offline").unlessPending("Send")
      Alert("X") { Button("OK") }.when("loggedIn").unless("offline").unlessPending("Send")
      StartFlow("F").when("loggedIn").unless("offline").unlessPending("Send")
      Next().when("loggedIn").unless("offline").unlessPending("Send")
      NextOrDismissEnvironment().when("loggedIn").unless("offline").unlessPending("Send")
      Dismiss().when("loggedIn").unless("offline").unlessPending("Send")
      Dismiss("A").when("loggedIn").unless("offline").unlessPending("Send")
      DismissTo("A").when("loggedIn").unless("offline").unlessPending("Send")
      DismissCount(2).when("loggedIn").unless("offline").unlessPending("Send")
      DismissStack().when("loggedIn").unless("offline").unlessPending("Send")
      DismissEnvironment().when("loggedIn").unless("offline").unlessPending("Send")
      PopTo("A").when("loggedIn").unless("offline").unlessPending("Send")
      DismissAll().when("loggedIn").unless("offline").unlessPending("Send")
      DismissPresented().when("loggedIn").unless("offline").unlessPending("Send")
      DismissAlert().when("loggedIn").unless("offline").unlessPending("Send")
      SelectTab("A").when("loggedIn").unless("offline").unlessPending("Send")
      ShowModule("M").when("loggedIn").unless("offline").unlessPending("Send")
      SetFlag("offline", true).when("loggedIn").unless("offline").unlessPending("Send")
      Actions {
        Push("B"); Push("C")
      }.when("loggedIn").unless("offline").unlessPending("Send")
      Async("Sync") { Outcome("done") }.when("loggedIn").unless("offline").unlessPending("Send")
      Sheet("B").onDismiss { Push("C") }.when("loggedIn").unless("offline").unlessPending("Send")
    }
    #expect(nouns.count == 25)
    for transition in nouns {
      #expect(transition.guards == all, "\(transition.action)")
      #expect(transition.buildProblems.isEmpty, "\(transition.buildProblems)")
    }
    // Each alone, in any order, with the other modifiers; enum flag names too.
    let one = [
      Push("B").when("loggedIn"), Push("B").unless("offline"), Push("B").unlessPending("Send"),
      Push("B").label("Go").unlessPending("Send").async(), Push("B").when(MailFlag.loggedIn),
      Push("B").unless(MailFlag.hasDraft),
    ].map(\.transition.guards)
    #expect(
      one == [
        Guards(when: "loggedIn"), Guards(unless: "offline"), Guards(unlessPending: "Send"),
        Guards(unlessPending: "Send"), Guards(when: "loggedIn"), Guards(unless: "hasDraft"),
      ])
    #expect(Push("B").transition.guards.isEmpty)
    // Guards before .onDismiss stay on the transition.
    let before = Sheet("B").when("loggedIn").onDismiss { Push("C") }.unless("offline")
    #expect(before.transition.guards == Guards(when: "loggedIn", unless: "offline"))
    #expect(before.transition.actions[0].onDismiss?.actions.count == 1)
  }

  @Test func buttonsTakeTheThreeGuards() {
    let alert = Alert("Account") {
      Button("Sign out") {
        SetFlag("loggedIn", false); ShowModule("SignedOut")
      }.when("loggedIn")
      Button("Sign in").unless("loggedIn")
      Button("Discard") { DismissEnvironment() }.unlessPending("Send")
      Button("All") { Dismiss() }.when(MailFlag.loggedIn).unless(MailFlag.hasDraft)
        .unlessPending("Send")
      Button("Cancel")
    }
    #expect(
      buttons(alert.transition) == [
        button(
          "Sign out",
          [
            SequenceAction(.setFlag(flag: "loggedIn", value: false)),
            SequenceAction(.showModule(module: "SignedOut")),
          ], guards: Guards(when: "loggedIn")),
        button("Sign in", guards: Guards(unless: "loggedIn")),
        button(
          "Discard", [SequenceAction(.dismissEnvironment)], guards: Guards(unlessPending: "Send")),
        button(
          "All", [SequenceAction(.dismiss(destination: nil))],
          guards: Guards(when: "loggedIn", unless: "hasDraft", unlessPending: "Send")),
        button("Cancel"),
      ])
    #expect(alert.transition.buildProblems.isEmpty)
  }

  @Test func deepLinksTakeWhenAndUnless() {
    let spec = NavigationSpec("Links", root: "A") {
      DeepLink("a") { Push("A") }.when("loggedIn")
      DeepLink("b", start: .active) { Push("A") }.unless("loggedIn")
      DeepLink("c") { Push("A") }.when(MailFlag.loggedIn).unless(MailFlag.hasDraft)
      DeepLink("d") { Push("A") }
    }
    #expect(
      spec.deepLinks.map(\.guards) == [
        Guards(when: "loggedIn"), Guards(unless: "loggedIn"),
        Guards(when: "loggedIn", unless: "hasDraft"), Guards(),
      ])
    #expect(spec.deepLinks[1].start == .active)
    #expect(spec.deepLinks.allSatisfy { $0.buildProblems.isEmpty })
  }

  @Test func actsOnIsTheWorksOrTheOnDismisssByWhereItIsWritten() throws {
    let spec = NavigationSpec("ActsOn", root: "A") {
      Destination("A") {
        Push("B").async().label("Find").actsOn(.stack)
        DismissAlert().async().actsOn(.app)
        Actions {
          Push("B"); Push("C")
        }.async().actsOn(.stack)
        Async("Sync") { Outcome("done") { Modal("Toast") } }.actsOn(.app)
        // After .onDismiss, .actsOn is the onDismiss's; before it, the work's.
        Sheet("B").onDismiss { Push("C") }.actsOn(.stack)
        Sheet("B").async().actsOn(.app).onDismiss { Push("C") }.actsOn(.stack)
        Sheet("B").async().actsOn(.stack).onDismiss(actsOn: .app) { Push("C") }
        // On a user transition it is kept, for validation to report.
        Push("B").actsOn(.app)
      }
    }
    let a = spec.destinations[0].transitions
    #expect(a.map(\.actsOn) == [.stack, .app, .stack, .app, .screen, .app, .stack, .app])
    #expect(
      a.map { $0.actions.first?.onDismiss?.actsOn } == [
        nil, nil, nil, nil, .stack, .stack, .app, nil,
      ])
    #expect(a.allSatisfy { $0.buildProblems.isEmpty })
    #expect(ActsOn.allCases == [.screen, .stack, .app])
  }

  @Test func everyPart2NodeRecordsTheLineItWasWrittenOn() throws {
    let line = #line + 1
    let spec = NavigationSpec("Lines", root: "A") {
      Flag("loggedIn")
      Destination("A") {
        Async("Send") {
          Outcome("sent") {
            SetFlag("loggedIn", true)
            Push("B")
          }
          Outcome("cancelled")
        }
        .when("loggedIn")
        SetFlag("loggedIn", false)
      }
      DeepLink("d") { SetFlag("loggedIn", true) }.when("loggedIn")
    }
    #expect(spec.flags[0].location?.line == line + 1)
    #expect(spec.flags[0].location?.filePath == #filePath)
    #expect(spec.flags[0].location?.fileID.hasSuffix("DSLV2Part2Tests.swift") == true)
    let work = spec.destinations[0].transitions[0]
    #expect(work.location?.line == line + 3)
    let outcomes = try #require(work.outcomes)
    #expect(outcomes.map(\.location?.line) == [line + 4, line + 8])
    #expect(outcomes[0].actions.map(\.location?.line) == [line + 5, line + 6])
    #expect(outcomes[0].location?.fileID.hasSuffix("DSLV2Part2Tests.swift") == true)
    #expect(spec.destinations[0].transitions[1].location?.line == line + 11)
    #expect(spec.destinations[0].transitions[1].actions[0].location?.line == line + 11)
    #expect(spec.deepLinks[0].location?.line == line + 13)
    #expect(spec.deepLinks[0].actions[0].location?.line == line + 13)
  }

  @Test func mistakesTheTypesCannotCatchAreReportedAtTheirLine() {
    let line = #line + 3
    let spec = NavigationSpec("Misused", root: "A") {
      Destination("A") {
        Push("A").when("a").when("b").label("Go")
        Actions {
          Push("A").unlessPending("Send"); Push("A")
        }
        Async("Send") { Outcome("sent") { Push("A").async() } }
        Sheet("A").onDismiss { Push("A").async().actsOn(.app) }
        Alert("X") {
          Button("Go") { Push("A") }.unless("a").unless("b")
        }
        Push("A").when("a").when("a")
      }
      Flow("F") { Push("A").when("a") }
      DeepLink("d") { SelectTab("A").when("a") }.unless("x").unless("y")
    }
    let problems = spec.destinations[0].transitions.flatMap(\.buildProblems)
    #expect(
      problems.map(\.message) == [
        "a transition has one '.when(_:)' guard: 'b' replaces 'a'; keep one",
        "a guard on one action of a sequence guards nothing: put '.when(_:)', '.unless(_:)' or '.unlessPending(_:)' on the whole transition, Button or DeepLink",
        "the actions of outcome 'sent' run when the work completes; remove '.async()' or '.label(_:)' from them",
        "an onDismiss action runs when the screen is removed; remove '.async()' or '.label(_:)' from it",
        "'.actsOn(_:)' on one action of a sequence means nothing: put it on the async transition, or after '.onDismiss { … }' for the onDismiss",
        "button 'Go' has one '.unless(_:)' guard: 'b' replaces 'a'; keep one",
      ])
    #expect(
      problems.map(\.location?.line) == [line, line + 2, line + 4, line + 5, line + 5, line + 7])
    #expect(spec.destinations[0].transitions[0].guards == Guards(when: "b"))
    #expect(
      spec.flows[0].steps[0].buildProblems.map(\.message) == [
        "a guard on one action of a sequence guards nothing: put '.when(_:)', '.unless(_:)' or '.unlessPending(_:)' on the whole transition, Button or DeepLink"
      ])
    #expect(spec.flows[0].steps[0].buildProblems.first?.location?.line == line + 11)
    #expect(
      spec.deepLinks[0].buildProblems.map(\.message) == [
        "a guard on one action of a sequence guards nothing: put '.when(_:)', '.unless(_:)' or '.unlessPending(_:)' on the whole transition, Button or DeepLink",
        "deep link 'd' has one '.unless(_:)' guard: 'y' replaces 'x'; keep one",
      ])
    #expect(spec.deepLinks[0].buildProblems.map(\.location?.line) == [line + 12, line + 12])
    #expect(spec.deepLinks[0].guards == Guards(unless: "y"))
    // Validation reports them with the others.
    let messages = spec.problems.map(\.message)
    for problem in problems { #expect(messages.contains(problem.message), "\(problem.message)") }
  }

  @Test func anAsyncInsideASequenceIsReportedNotLost() {
    // `Async` is a transition noun, so a sequence's builder takes it; it is no action.
    let line = #line + 1
    let actions = Actions { Async("Later") { Outcome("done") { Push("A") } } }
    #expect(actions.transition.actions == [])
    #expect(
      actions.transition.buildProblems.map(\.message) == [
        "Async(\"Later\") { … } is a transition of its own, not an action of a sequence: declare it in a Destination"
      ])
    #expect(actions.transition.buildProblems.map(\.location?.line) == [line])
    let link = DeepLink("d") {
      Push("A"); Async("Sync") { Outcome("done") }.actsOn(.app)
    }
    #expect(link.actions == [SequenceAction(.push(destination: "A"))])
    #expect(
      link.buildProblems.map(\.message) == [
        "Async(\"Sync\") { … } is a transition of its own, not an action of a sequence: declare it in a Destination",
        "'.actsOn(_:)' on one action of a sequence means nothing: put it on the async transition, or after '.onDismiss { … }' for the onDismiss",
      ])
  }

  @Test func aDeepLinksUnlessPendingSetInTheModelIsKeptForValidation() {
    // The DSL cannot write it (a compile-time error); the model can hold it.
    var link = DeepLink("d") { Push("A") }.when("loggedIn")
    link.guards.unlessPending = "Send"
    #expect(link.guards == Guards(when: "loggedIn", unlessPending: "Send"))
  }
}
