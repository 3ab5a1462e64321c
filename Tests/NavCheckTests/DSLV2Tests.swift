import Foundation
import Testing

@testable import NavCheck

/// DESIGN.md's v2 example without the nouns of SEMANTICS v2 part 2 (flags, outcomes, guards,
/// `actsOn` on async work).
let mailV2 = NavigationSpec("Mail") {
  Module("SignedOut", root: "SignIn")  // the first module is the start
  Module("Main", tabs: ["Inbox", "Search", "Settings"])

  Destination("SignIn") {
    ShowModule("Main").async().label("Sign in")
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
    DismissEnvironment().async().label("Send")
    Dismiss().label("Discard")
  }
  Destination("Search") {
    Push("Message").async().label("Find")
  }
  Destination("Settings") {
    Actions {
      ShowModule("SignedOut"); Push("Welcome")
    }.label("Sign out")
    Alert("Session") {
      Button("Sign out") {
        ShowModule("SignedOut")
        Push("Welcome")
      }
      Button("Stay")
    }
  }
  Destination("Thread") { Push("Message") }
  Destination("Message") { Push("Saved").onDismiss(actsOn: .app) { Modal("Toast") } }
  Destination("Saved") { Dismiss() }
  Destination("Toast") { Dismiss() }
  Destination("Welcome") { Dismiss() }
  DeepLink("thread", start: .root) {
    SelectTab("Inbox"); DismissAll(); Push("Thread")
  }
}

enum MailRoute: String {
  case signIn, inbox, search, thread, message, toast, compose
}

enum MailModule: String {
  case signedOut, main
}

/// Drops locations, which model equality ignores anyway, so a failure prints short values.
private func actions(_ transition: Transition) -> [Action] { transition.actions.map(\.action) }

@Suite struct DSLV2Tests {
  @Test func mailBuildsTheModelItSays() throws {
    #expect(mailV2.name == "Mail")
    #expect(mailV2.root == "" && mailV2.tabs == [])
    #expect(
      mailV2.modules == [
        Module(name: "SignedOut", root: "SignIn"),
        Module(name: "Main", tabs: ["Inbox", "Search", "Settings"]),
      ])
    #expect(mailV2.startModules.map(\.name) == ["SignedOut", "Main"])
    #expect(
      mailV2.destinations.map(\.name) == [
        "SignIn", "Inbox", "Compose", "Search", "Settings", "Thread", "Message", "Saved", "Toast",
        "Welcome",
      ])
    #expect(
      mailV2.destinations[0].transitions == [
        Transition(
          action: .showModule(module: "Main"), trigger: .async(cancelsOnDismiss: false),
          label: "Sign in")
      ])
    let inbox = mailV2.destinations[1].transitions
    #expect(
      inbox == [
        Transition(action: .push(destination: "Thread")),
        Transition(actions: [
          SequenceAction(
            .sheet(destination: "Compose"),
            onDismiss: OnDismiss(
              actions: [SequenceAction(.alert(name: "DraftSaved", buttons: []))], actsOn: .screen))
        ]),
        Transition(action: .modal(destination: "Toast", dismissOnBackgroundTap: false)),
        Transition(action: .pushStack(destinations: ["Thread", "Message"]), label: "Open latest"),
        Transition(
          action: .alert(
            name: "Delete?", style: .confirmationDialog,
            buttons: [
              AlertButton(label: "Delete", action: .dismiss(destination: nil)),
              AlertButton(label: "Cancel"),
            ])),
      ])
    #expect(
      mailV2.destinations[3].transitions == [
        Transition(
          action: .push(destination: "Message"), trigger: .async(cancelsOnDismiss: false),
          label: "Find")
      ])
    let signOut: [SequenceAction] = [
      SequenceAction(.showModule(module: "SignedOut")),
      SequenceAction(.push(destination: "Welcome")),
    ]
    #expect(
      mailV2.destinations[4].transitions == [
        Transition(actions: signOut, label: "Sign out"),
        Transition(
          action: .alert(
            name: "Session",
            buttons: [
              AlertButton(label: "Sign out", actions: signOut), AlertButton(label: "Stay"),
            ])),
      ])
    #expect(
      mailV2.destinations[6].transitions == [
        Transition(actions: [
          SequenceAction(
            .push(destination: "Saved"),
            onDismiss: OnDismiss(
              actions: [SequenceAction(.modal(destination: "Toast", dismissOnBackgroundTap: true))],
              actsOn: .app))
        ])
      ])
    #expect(
      mailV2.deepLinks == [
        DeepLink(
          name: "thread", start: .root,
          actions: [
            SequenceAction(.selectTab(tab: "Inbox")), SequenceAction(.dismissAll),
            SequenceAction(.push(destination: "Thread")),
          ])
      ])
    #expect(mailV2.flows.isEmpty && mailV2.invariants.isEmpty)
    for destination in mailV2.destinations {
      for transition in destination.transitions {
        #expect(transition.buildProblems.isEmpty, "\(transition.buildProblems)")
      }
    }
    #expect(mailV2.deepLinks[0].buildProblems.isEmpty)
  }

  @Test func tabsStartOneImplicitModule() {
    let spec = NavigationSpec("Mail", tabs: ["Inbox", "Search"]) {
      Destination("Inbox") { SelectTab("Search") }
      Destination("Search") { SelectTab("Inbox") }
    }
    #expect(spec.root == "" && spec.tabs == ["Inbox", "Search"] && spec.modules == [])
    #expect(spec.startModules == [Module(name: "Mail", tabs: ["Inbox", "Search"])])
    #expect(spec.destinations[0].transitions == [Transition(action: .selectTab(tab: "Search"))])
    let v1 = NavigationSpec("One", root: "A") { Destination("A") }
    #expect(v1.root == "A" && v1.tabs == [] && v1.modules == [])
  }

  @Test func aSpecWithNoStartOrTwoStartsKeepsWhatWasWritten() {
    let none = NavigationSpec("None") { Destination("A") }
    #expect(none.root == "" && none.tabs == [] && none.modules == [])
    let both = NavigationSpec("Both", root: "A") {
      Module("M", root: "A")
      Destination("A")
    }
    #expect(both.root == "A" && both.modules == [Module(name: "M", root: "A")])
    let tabsAndModules = NavigationSpec("Two", tabs: ["A", "B"]) {
      Module("M", tabs: ["A", "B"])
    }
    #expect(tabsAndModules.tabs == ["A", "B"])
    #expect(tabsAndModules.modules == [Module(name: "M", tabs: ["A", "B"])])
  }

  @Test func everyNounAcceptsStringBackedEnums() {
    let spec = NavigationSpec("MailEnum") {
      Module(MailModule.signedOut, root: MailRoute.signIn)
      Module(MailModule.main, tabs: [MailRoute.inbox, .search])
      Module("Mixed", root: MailRoute.signIn)
      Module("MixedTabs", tabs: [MailRoute.inbox, .search])
      Module(MailModule.main, root: "Other")
      Module(MailModule.main, tabs: ["X", "Y"])
      Destination(MailRoute.signIn) { ShowModule(MailModule.main) }
      Destination(MailRoute.inbox) {
        PushStack(MailRoute.thread, .message)
        PushStack([MailRoute.message])
        Modal(MailRoute.toast, dismissOnBackgroundTap: false)
        Modal(MailRoute.toast).onDismiss { SelectTab(MailRoute.search) }
        SelectTab(MailRoute.search)
      }
    }
    #expect(
      spec.modules == [
        Module(name: "signedOut", root: "signIn"),
        Module(name: "main", tabs: ["inbox", "search"]),
        Module(name: "Mixed", root: "signIn"),
        Module(name: "MixedTabs", tabs: ["inbox", "search"]),
        Module(name: "main", root: "Other"),
        Module(name: "main", tabs: ["X", "Y"]),
      ])
    #expect(actions(spec.destinations[0].transitions[0]) == [.showModule(module: "main")])
    #expect(
      spec.destinations[1].transitions.flatMap(actions) == [
        .pushStack(destinations: ["thread", "message"]), .pushStack(destinations: ["message"]),
        .modal(destination: "toast", dismissOnBackgroundTap: false),
        .modal(destination: "toast", dismissOnBackgroundTap: true), .selectTab(tab: "search"),
      ])
    #expect(
      spec.destinations[1].transitions[3].actions[0].onDismiss
        == OnDismiss(actions: [SequenceAction(.selectTab(tab: "search"))]))
    let tabs = NavigationSpec("Tabs", tabs: [MailRoute.inbox, .search]) {}
    #expect(tabs.tabs == ["inbox", "search"] && tabs.root == "")
  }

  @Test func pushStackTakesVariadicAndArrayForms() {
    let path = ["Thread", "Message"]
    let nodes = [
      PushStack("Thread").transition, PushStack("Thread", "Message", "Reply").transition,
      PushStack(path).transition, PushStack([String]()).transition,
    ]
    #expect(
      nodes.map(\.action) == [
        .pushStack(destinations: ["Thread"]),
        .pushStack(destinations: ["Thread", "Message", "Reply"]),
        .pushStack(destinations: ["Thread", "Message"]), .pushStack(destinations: []),
      ])
  }

  @Test func modalDismissesOnBackgroundTapByDefault() {
    #expect(
      Modal("Toast").transition.action
        == .modal(destination: "Toast", dismissOnBackgroundTap: true))
    #expect(
      Modal("Toast", dismissOnBackgroundTap: false).transition.action
        == .modal(destination: "Toast", dismissOnBackgroundTap: false))
  }

  @Test func alertsHaveAStyleThatDefaultsToAlert() {
    #expect(Alert("Saved").transition.action == .alert(name: "Saved", style: .alert, buttons: []))
    #expect(
      Alert("Saved", style: .confirmationDialog).transition.action
        == .alert(name: "Saved", style: .confirmationDialog, buttons: []))
    let dialog = Alert("Delete?", style: .confirmationDialog) {
      Button("Delete") { Dismiss() }
      Button("Cancel")
    }
    #expect(
      dialog.transition.action
        == .alert(
          name: "Delete?", style: .confirmationDialog,
          buttons: [
            AlertButton(label: "Delete", actions: [SequenceAction(.dismiss(destination: nil))]),
            AlertButton(label: "Cancel", actions: []),
          ]))
  }

  @Test func aButtonBodyIsASequence() {
    let showWelcome = true
    let alert = Alert("Signed out") {
      Button("Sign out") {
        ShowModule("SignedOut")
        if showWelcome { Push("Welcome") }
        Actions {
          DismissAll(); SelectTab("Inbox")
        }
      }
      Button("Nothing") {}
      Button("Onboard") { Sheet("Welcome").onDismiss { Push("Tips") } }
    }
    guard case .alert(_, _, let buttons) = alert.transition.action else {
      Issue.record("not an alert")
      return
    }
    #expect(
      buttons[0].actions.map(\.action) == [
        .showModule(module: "SignedOut"), .push(destination: "Welcome"), .dismissAll,
        .selectTab(tab: "Inbox"),
      ])
    #expect(buttons[0].action == .showModule(module: "SignedOut"))
    #expect(buttons[1].actions == [])
    #expect(
      buttons[2].actions == [
        SequenceAction(
          .sheet(destination: "Welcome"),
          onDismiss: OnDismiss(actions: [SequenceAction(.push(destination: "Tips"))]))
      ])
    #expect(alert.transition.buildProblems.isEmpty)
  }

  @Test func actionsIsOneTransitionWhoseModifiersApplyToTheWhole() {
    let node = Actions {
      ShowModule("SignedOut")
      Push("Welcome")
    }
    .label("Sign out").async(cancelsOnDismiss: true)
    #expect(
      node.transition
        == Transition(
          actions: [
            SequenceAction(.showModule(module: "SignedOut")),
            SequenceAction(.push(destination: "Welcome")),
          ], trigger: .async(cancelsOnDismiss: true), label: "Sign out"))
    let spec = NavigationSpec("Nested", root: "A") {
      Destination("A") {
        Actions {
          Push("B");
          Actions {
            Push("C"); Push("D")
          }
        }
        Actions { DismissAll() }
      }
      DeepLink("deep") {
        SelectTab("A")
        Actions {
          DismissAll(); PushStack("B", "C")
        }
        Sheet("B").onDismiss { Push("C") }.actsOn(.stack)
      }
    }
    #expect(
      spec.destinations[0].transitions.map(actions) == [
        [.push(destination: "B"), .push(destination: "C"), .push(destination: "D")],
        [.dismissAll],
      ])
    #expect(
      spec.deepLinks[0].actions == [
        SequenceAction(.selectTab(tab: "A")), SequenceAction(.dismissAll),
        SequenceAction(.pushStack(destinations: ["B", "C"])),
        SequenceAction(
          .sheet(destination: "B"),
          onDismiss: OnDismiss(actions: [SequenceAction(.push(destination: "C"))], actsOn: .stack)
        ),
      ])
  }

  @Test func onDismissIsOnTheFourShowNounsWithActsOnEitherWay() {
    let spec = NavigationSpec("OnDismiss", root: "A") {
      Destination("A") {
        Push("B").onDismiss { Alert("Back") }
        Sheet("B").onDismiss(actsOn: .stack) {
          Push("C"); SelectTab("A")
        }
        FullScreenCover("B").onDismiss { Modal("C") }.actsOn(.app)
        Modal("B", dismissOnBackgroundTap: false).onDismiss(actsOn: .app) { Push("C") }
          .actsOn(.stack)
        Sheet("B").onDismiss { Push("C") }.async().label("Later").actsOn(.app)
        Sheet("B").label("Early").onDismiss { Push("C") }
      }
    }
    let show = spec.destinations[0].transitions
    #expect(show.map(\.actions.count) == [1, 1, 1, 1, 1, 1])
    #expect(
      show.map(\.action) == [
        .push(destination: "B"), .sheet(destination: "B"), .fullScreenCover(destination: "B"),
        .modal(destination: "B", dismissOnBackgroundTap: false), .sheet(destination: "B"),
        .sheet(destination: "B"),
      ])
    #expect(
      show.map { $0.actions[0].onDismiss } == [
        OnDismiss(actions: [SequenceAction(.alert(name: "Back", buttons: []))], actsOn: .screen),
        OnDismiss(
          actions: [
            SequenceAction(.push(destination: "C")), SequenceAction(.selectTab(tab: "A")),
          ], actsOn: .stack),
        OnDismiss(
          actions: [SequenceAction(.modal(destination: "C", dismissOnBackgroundTap: true))],
          actsOn: .app),
        OnDismiss(actions: [SequenceAction(.push(destination: "C"))], actsOn: .stack),
        OnDismiss(actions: [SequenceAction(.push(destination: "C"))], actsOn: .app),
        OnDismiss(actions: [SequenceAction(.push(destination: "C"))], actsOn: .screen),
      ])
    #expect(show[4].trigger == .async(cancelsOnDismiss: false) && show[4].label == "Later")
    #expect(show[5].trigger == .user && show[5].label == "Early")
  }

  @Test func everyV2NodeRecordsTheLineItWasWrittenOn() throws {
    let line = #line + 1
    let spec = NavigationSpec("Lines", tabs: ["A", "B"]) {
      Module("M", root: "A")
      Module("N", tabs: ["A", "B"])
      Destination("A") {
        Sheet("B")
          .onDismiss(actsOn: .app) {
            Alert("Saved")
            Push("C")
          }
        Actions {
          ShowModule("M")
          PushStack("B", "C")
        }
        .label("Both")
        Alert("Dialog", style: .confirmationDialog) {
          Button("Go") {
            SelectTab("B")
            Modal("C")
          }
        }
      }
      DeepLink("d") {
        SelectTab("A")
        Push("B").onDismiss { Push("C") }
      }
    }
    #expect(spec.location?.line == line)
    #expect(spec.modules.map(\.location?.line) == [line + 1, line + 2])
    let transitions = spec.destinations[0].transitions
    let sheet = transitions[0]
    #expect(sheet.location?.line == line + 4)
    #expect(sheet.actions[0].location?.line == line + 4)
    let onDismiss = try #require(sheet.actions[0].onDismiss)
    #expect(onDismiss.location?.line == line + 5)
    #expect(onDismiss.actions.map(\.location?.line) == [line + 6, line + 7])
    #expect(transitions[1].location?.line == line + 9)
    #expect(transitions[1].actions.map(\.location?.line) == [line + 10, line + 11])
    #expect(transitions[2].location?.line == line + 14)
    guard case .alert(_, _, let buttons) = transitions[2].action else {
      Issue.record("not an alert")
      return
    }
    #expect(buttons[0].location?.line == line + 15)
    #expect(buttons[0].actions.map(\.location?.line) == [line + 16, line + 17])
    #expect(spec.deepLinks[0].location?.line == line + 21)
    #expect(spec.deepLinks[0].actions.map(\.location?.line) == [line + 22, line + 23])
    #expect(spec.deepLinks[0].actions[1].onDismiss?.location?.line == line + 23)
    #expect(spec.modules[0].location?.filePath == #filePath)
    #expect(onDismiss.location?.fileID.hasSuffix("DSLV2Tests.swift") == true)
  }

  @Test func triggersAndLabelsInsideASequenceAreReportedAtTheirLine() {
    let line = #line + 3
    let spec = NavigationSpec("Misused", root: "A") {
      Destination("A") {
        Actions { Push("A").async() }
        Sheet("A").onDismiss { Push("A").label("x") }
        Alert("X") {
          Button("Go") {
            Push("A")
            Push("A").label("y")
          }
        }
        Alert("Y") { Button("Later") { Dismiss().async() } }
      }
      DeepLink("d") { Actions { DismissAll() }.label("z") }
    }
    let problems = spec.destinations[0].transitions.flatMap(\.buildProblems)
    #expect(
      problems.map(\.message) == [
        "an action inside Actions { … } runs in turn; put '.async()' or '.label(_:)' on the Actions, not on its actions",
        "an onDismiss action runs when the screen is removed; remove '.async()' or '.label(_:)' from it",
        "the button's label names its actions; remove '.label(_:)' from the actions of button 'Go'",
        "the action of button 'Later' runs when the button is tapped; remove '.async()'",
      ])
    #expect(problems.map(\.location?.line) == [line, line + 1, line + 5, line + 8])
    #expect(
      spec.deepLinks[0].buildProblems.map(\.message) == [
        "a deep link's actions run when it arrives; remove '.async()' or '.label(_:)' from them"
      ])
    #expect(spec.deepLinks[0].buildProblems.first?.location?.line == line + 10)
    // A problem inside a nested sequence reaches the transition that holds it.
    let nested = Actions {
      Alert("Z") { Button("B") { Sheet("A").onDismiss { Push("A").async() } } }
    }
    #expect(
      nested.transition.buildProblems.map(\.message) == [
        "an onDismiss action runs when the screen is removed; remove '.async()' or '.label(_:)' from it"
      ])
    #expect(spec.problems.map(\.message).contains(problems[0].message))
  }

  @SequenceBuilder static var signOut: [Transition] {
    ShowModule("SignedOut")
    Push("Welcome")
  }

  @TransitionBuilder static var closeButtons: [Transition] {
    Dismiss()
  }

  @Test func sequenceHelpersFitEverySequenceBody() {
    let spec = NavigationSpec("Helpers", root: "A") {
      Destination("A") {
        Actions { Self.signOut }.label("Sign out")
        Alert("Expired") { Button("OK") { Self.signOut } }
        Sheet("B").onDismiss { Self.signOut }
      }
      DeepLink("out") {
        Self.signOut; Self.closeButtons
      }
    }
    let expected: [Action] = [.showModule(module: "SignedOut"), .push(destination: "Welcome")]
    #expect(actions(spec.destinations[0].transitions[0]) == expected)
    guard case .alert(_, _, let buttons) = spec.destinations[0].transitions[1].action else {
      Issue.record("not an alert")
      return
    }
    #expect(buttons[0].actions.map(\.action) == expected)
    #expect(
      spec.destinations[0].transitions[2].actions[0].onDismiss?.actions.map(\.action) == expected)
    #expect(spec.deepLinks[0].actions.map(\.action) == expected + [.dismiss(destination: nil)])
  }
}
