import Foundation
import Testing

@testable import NavCheck

// The rules of SEMANTICS v2 part 1 (tabs, modules, modals, confirmation dialogs, sequences,
// pushStack, selectTab, showModule, onDismiss) on small specs written with the model's
// initializers, each with its counts derived by hand in the comment above the assertion.
// States are written as stacks; `*` marks the selected tab, `⟶` presents, `(dialog)` shows a
// confirmation dialog.

/// examples/tabs.json, written with the model.
let photosSpec = NavigationSpec(
  name: "Photos", tabs: ["Library", "Albums"],
  destinations: [
    Destination(
      name: "Library",
      transitions: [
        t(
          .modal(destination: "Picker", dismissOnBackgroundTap: true), label: "Import",
          onDismiss: callback([.push(destination: "Photo")])),
        t(
          .alert(
            name: "Sort", style: .confirmationDialog,
            buttons: [
              AlertButton(label: "By date"),
              AlertButton(label: "Show albums", action: .selectTab(tab: "Albums")),
            ])),
      ]),
    Destination(name: "Albums", transitions: [t(.push(destination: "Photo"))]),
    Destination(name: "Picker", transitions: [t(.dismiss(destination: nil), label: "Done")]),
    Destination(name: "Photo"),
  ],
  deepLinks: [DeepLink(name: "albums", actions: [DeepLinkAction(.selectTab(tab: "Albums"))])],
  bounds: Bounds(maxStackDepth: 2, maxPresentationDepth: 1))

/// examples/cascade.json, written with the model.
let draftsSpec = NavigationSpec(
  name: "Drafts", root: "Home",
  destinations: [
    Destination(
      name: "Home",
      transitions: [
        t(
          .sheet(destination: "Editor"), label: "Compose",
          onDismiss: callback([.push(destination: "Saved")]))
      ]),
    Destination(
      name: "Editor", navigation: false,
      transitions: [
        t(
          .sheet(destination: "Picker"), label: "Pick",
          onDismiss: callback([.dismissEnvironment])),
        seq([.dismissEnvironment, .sheet(destination: "Editor")], label: "Again"),
      ]),
    Destination(
      name: "Picker",
      transitions: [
        t(.dismiss(destination: nil), label: "Done"), t(.dismissAll, label: "Discard all"),
      ]),
    Destination(name: "Saved"),
  ],
  bounds: Bounds(maxStackDepth: 2, maxPresentationDepth: 2))

@Suite struct TabsTests {
  /// examples/README.md's derivation of tabs.json: 12 states, 40 transitions, depth 5,
  /// actionFromCoveredScreen 4 (the deep link's selectTab while the modal or the dialog is up;
  /// shortest: Import, deep link).
  @Test func photosMatchesItsHandDerivation() throws {
    let result = try check(photosSpec)
    #expect(
      counts(result) == "states 12, transitions 40, pruned 0, depth 5, actionFromCoveredScreen 4")
    #expect(
      trace(result, .actionFromCoveredScreen) == [
        "Library: tap 'Import' → modal Picker",
        "deep link 'albums' arrives",
      ])
    #expect(result.violationCounts[.trap] == nil)
    // The state drawing shows the tab bar, the selected tab marked, and the modal above it.
    let violation = try #require(result.violations.first { $0.kind == .actionFromCoveredScreen })
    #expect(violation.trace[0].state?.description == "▸ Library | Albums\n  ⤷ modal: Picker")
    #expect(violation.trace[0].state?.tabs.map(\.name) == ["Library", "Albums"])
  }

  /// Tab events: the selected tab is marked in the drawing, a hidden tab keeps its stack, a
  /// dialog is drawn as one, and a reselect pops the selected tab to its root.
  @Test func theTabBarAndTheDialogAreDrawn() throws {
    let graph = try photosSpec.stateGraph(maxStates: 100)
    let drawings = Set(graph.states.map(\.description))
    #expect(drawings.contains("Library | ▸ Albums › Photo"))
    #expect(drawings.contains("▸ Library [dialog 'Sort'] | Albums › Photo"))
    #expect(drawings.contains("▸ Library › Photo | Albums › Photo"))
    #expect(graph.states.count == 12)
    let reselects = graph.edges.filter { $0.event == "user taps the selected tab 'Library' again" }
    #expect(
      Set(reselects.compactMap { $0.to.map { graph.states[$0].description } })
        == ["▸ Library | Albums", "▸ Library | Albums › Photo"])
  }

  /// The same on every thread count: counts and traces.
  @Test(arguments: [1, 3])
  func photosIsTheSameOnAnyThreadCount(threads: Int) throws {
    let one = try check(photosSpec, threads: threads)
    let two = try check(photosSpec)
    #expect(counts(one) == counts(two))
    #expect(
      one.violations.map { $0.trace.map(\.description) }
        == two.violations.map { $0.trace.map(\.description) })
  }

  /// The initial state's events, in the order of §4: Library's transitions, then the tab
  /// events (selectTab Albums; no reselect, the stack holds only its root), then the deep link.
  @Test func tabEventsComeAfterGesturesAndBeforeDeepLinks() throws {
    #expect(
      try events(of: photosSpec) == [
        "Library: tap 'Import' → modal Picker",
        "Library: confirmation dialog 'Sort'",
        "user selects tab 'Albums'",
        "deep link 'albums' arrives",
      ])
  }
}

@Suite struct OnDismissTests {
  /// examples/README.md's derivation of cascade.json: 4 states, 6 transitions, depth 2;
  /// actionFromCoveredScreen 1 (Compose, Again: the callback runs after the whole event, from
  /// Home, which now presents the new Editor); orphanedCompletion 1 (Compose, Pick, Discard
  /// all: Picker's shower, Editor, went in the same removal).
  @Test func draftsMatchesItsHandDerivation() throws {
    let result = try check(draftsSpec)
    #expect(
      counts(result)
        == "states 4, transitions 6, pruned 0, depth 2, actionFromCoveredScreen 1, orphanedCompletion 1"
    )
    #expect(trace(result, .actionFromCoveredScreen).count == 2)
    #expect(trace(result, .orphanedCompletion).count == 3)
  }
}

@Suite struct ModulesAndTabsTests {
  /// Login [SignIn] and Main *[Home] | [Search]. S0 Login [SignIn]: Log in → S1; Peek
  /// (selectTab Home: a plain root has no tabs) → tabMissing; Help (sheet) → S3.
  /// S1 Main *[Home] | [Search]: Log out → S0; selectTab Search → S2.
  /// S2 Main [Home] | *[Search]: Search's selectTab Home → S1; selectTab Home → S1.
  /// S3 Login [SignIn ⟶ Help]: Help's selectTab Home: the tab bar is hidden under the sheet,
  /// actionFromCoveredScreen before tabMissing; swipe down → S0.
  /// 4 states, 2 + 2 + 2 + 1 = 7 transitions, depth 2.
  @Test func modulesSwitchAndTabsAreSelected() throws {
    let spec = NavigationSpec(
      name: "Login",
      modules: [
        Module(name: "Login", root: "SignIn"), Module(name: "Main", tabs: ["Home", "Search"]),
      ],
      destinations: destinations([
        (
          "SignIn",
          [
            t(.showModule(module: "Main"), label: "Log in"),
            t(.selectTab(tab: "Home"), label: "Peek"), t(.sheet(destination: "Help")),
          ]
        ),
        ("Help", [t(.selectTab(tab: "Home"))]),
        ("Home", [t(.showModule(module: "Login"), label: "Log out")]),
        ("Search", [t(.selectTab(tab: "Home"))]),
      ]))
    let result = try check(spec)
    #expect(
      counts(result)
        == "states 4, transitions 7, pruned 0, depth 2, actionFromCoveredScreen 1, tabMissing 1")
    #expect(trace(result, .tabMissing) == ["SignIn: tap 'Peek' → select tab Home"])
    #expect(result.violationCounts[.trap] == nil)
  }

  /// One module, Main [A]. S0 [A]: start Sync → S1; Reset (showModule Main, the module it is
  /// in) → S0. S1 [A{Sync}]: Reset tears A down while Sync is pending → orphanedCompletion;
  /// Sync completes (dismissAlert: nothing to close) → S0. 2 states, 3 transitions.
  @Test func showModuleRemovesEveryScreenWithTheOrphanRule() throws {
    let spec = NavigationSpec(
      name: "Reset", modules: [Module(name: "Main", root: "A")],
      destinations: destinations([
        (
          "A",
          [work([.dismissAlert], label: "Sync"), t(.showModule(module: "Main"), label: "Reset")]
        )
      ]))
    #expect(
      try counts(check(spec))
        == "states 2, transitions 3, pruned 0, depth 1, orphanedCompletion 1")
  }

  /// Tabs *[A] | [B], maxStackDepth 2. A pushes A2; A2 starts Load (dismissAll).
  /// S0 *[A]|[B]: push → S1; selectTab B → S2. S1 *[A, A2]|[B]: start Load → S3; swipe back →
  /// S0; selectTab B → S4; reselectTab → S0. S2 [A]|*[B]: selectTab A → S0.
  /// S3 *[A, A2{Load}]|[B]: swipe back and reselectTab remove A2 while Load is pending →
  /// orphanedCompletion ×2; selectTab B → S5; Load completes: dismissAll on the app root, A →
  /// S0. S4 [A, A2]|*[B]: selectTab A → S1. S5 [A, A2{Load}]|*[B]: selectTab A → S3; Load
  /// completes from the hidden tab: dismissAll acts on the selected tab's root, B, which has
  /// nothing above it, and Load is done → S4. 6 states, 2+4+1+2+1+2 = 12 transitions, depth 3.
  @Test func dismissAllKeepsOtherTabsAndReselectPops() throws {
    let spec = NavigationSpec(
      name: "Tabs", tabs: ["A", "B"],
      destinations: destinations([
        ("A", [t(.push(destination: "A2"))]), ("A2", [work([.dismissAll], label: "Load")]),
        ("B", []),
      ]), bounds: Bounds(maxStackDepth: 2))
    let result = try check(spec)
    #expect(
      counts(result) == "states 6, transitions 12, pruned 0, depth 3, orphanedCompletion 2")
  }

  /// Tabs *[A] | [B], maxStackDepth 1; A's async Open pushes A. S0: start Open → S1; selectTab
  /// B → S2. S1 *[A{Open}]|[B]: selectTab B → S3; Open completes: the push would exceed the
  /// bound → pruned. S2 [A]|*[B]: selectTab A → S0. S3 [A{Open}]|*[B]: selectTab A → S1; Open
  /// completes from a screen of a hidden tab → actionFromCoveredScreen. 4 states, 5
  /// transitions, 1 pruned, depth 2.
  @Test func aScreenOfAHiddenTabIsCovered() throws {
    let spec = NavigationSpec(
      name: "Hidden", tabs: ["A", "B"],
      destinations: destinations([
        ("A", [work([.push(destination: "A")], label: "Open")]), ("B", []),
      ]),
      bounds: Bounds(maxStackDepth: 1))
    #expect(
      try counts(check(spec))
        == "states 4, transitions 5, pruned 1, depth 2, actionFromCoveredScreen 1")
  }

  /// Tabs *[A] | [B]; A pushes C; deep link b (from the app root) selects B. S0 *[A]|[B]: push
  /// → S1; selectTab B → S2; deep link → S2. S1 *[A, C]|[B]: swipe back → S0; selectTab B →
  /// S3; reselectTab → S0; deep link from A, below the top of the selected stack, the tab bar
  /// in plain view → S3. S2 [A]|*[B]: selectTab A → S0; deep link (B already selected) → S2.
  /// S3 [A, C]|*[B]: selectTab A → S1; deep link → S3. 4 states, 3+4+2+2 = 11 transitions.
  @Test func aScreenBelowTheTopOfTheSelectedStackSelectsATab() throws {
    let spec = NavigationSpec(
      name: "Below", tabs: ["A", "B"],
      destinations: destinations([("A", [t(.push(destination: "C"))]), ("B", []), ("C", [])]),
      deepLinks: [DeepLink(name: "b", actions: [DeepLinkAction(.selectTab(tab: "B"))])])
    #expect(try counts(check(spec)) == "states 4, transitions 11, pruned 0, depth 2")
  }
}

@Suite struct OverlayAndDialogTests {
  /// maxPresentationDepth 1. A: Keep (modal M, kept on background tap), Tap (modal N).
  /// S0 [A]: Keep → S1; Tap → S2. S1 [A ⟶ M]: M's push → pushWithoutNavigation (a modal has
  /// no navigation); M's sheet would be a second presentation level → pruned; no background
  /// tap, no swipe: a trap. S2 [A ⟶ N]: background tap → S0. 3 states, 3 transitions.
  @Test func modalsHaveNoNavigationAndCountTowardTheDepth() throws {
    let spec = NavigationSpec(
      name: "Overlay", root: "A",
      destinations: destinations([
        (
          "A",
          [
            t(.modal(destination: "M", dismissOnBackgroundTap: false), label: "Keep"),
            t(.modal(destination: "N", dismissOnBackgroundTap: true), label: "Tap"),
          ]
        ),
        ("M", [t(.push(destination: "X")), t(.sheet(destination: "X"))]), ("N", []), ("X", []),
      ]), bounds: Bounds(maxPresentationDepth: 1))
    let result = try check(spec)
    #expect(
      counts(result)
        == "states 3, transitions 3, pruned 1, depth 1, pushWithoutNavigation 1, trap 1")
  }

  /// A: dialog Ask (button Again: alert Ask2); deep link ask (active): the same dialog, declared
  /// again, so another declaration and another state (§2). S0 [A]: Ask → S1; deep link → S1'.
  /// S1 [A (dialog Ask)]: Again (closes, then alert Ask2) → S2; dismissDialog → S0; deep link:
  /// a dialog is an alert → duplicateAlert. S1' likewise → S2', S0, duplicateAlert. S2 [A
  /// (alert Ask2)] and S2': OK → S0; deep link → duplicateAlert. 5 states, 2+2+2+1+1 = 8
  /// transitions, duplicateAlert 4.
  @Test func aConfirmationDialogClosesOnATapOutside() throws {
    let ask = Action.alert(
      name: "Ask", style: .confirmationDialog,
      buttons: [AlertButton(label: "Again", action: .alert(name: "Ask2", buttons: []))])
    let spec = NavigationSpec(
      name: "Dialog", root: "A", destinations: destinations([("A", [t(ask)])]),
      deepLinks: [DeepLink(name: "ask", start: .active, actions: [DeepLinkAction(ask)])])
    let result = try check(spec)
    #expect(counts(result) == "states 5, transitions 8, pruned 0, depth 2, duplicateAlert 4")
    let graph = try spec.stateGraph(maxStates: 10)
    #expect(graph.edges.contains { $0.event == "user taps outside the 'Ask' dialog" })
  }

  /// A: Deep (pushStack B, C). maxStackDepth 3: S0 [A] → S1 [A, B, C] → swipe back S2 [A, B]
  /// → swipe back S0: 3 states, 3 transitions. maxStackDepth 2: the second push is past the
  /// bound, the whole transition pruned: 1 state.
  @Test func pushStackIsItsPushes() throws {
    var spec = NavigationSpec(
      name: "Stack", root: "A",
      destinations: destinations([
        ("A", [t(.pushStack(destinations: ["B", "C"]), label: "Deep")]), ("B", []), ("C", []),
      ]), bounds: Bounds(maxStackDepth: 3))
    #expect(try counts(check(spec)) == "states 3, transitions 3, pruned 0, depth 2")
    spec.bounds.maxStackDepth = 2
    #expect(try counts(check(spec)) == "states 1, transitions 0, pruned 1, depth 0")
  }
}

@Suite struct OnDismissActsOnTests {
  /// Home pushes Detail; Detail's Edit presents Editor with onDismiss push Saved; Editor's
  /// "Close all" is [dismissEnvironment, dismiss]: the editor goes (its callback waits), then
  /// Detail, the active screen, goes too; then the callback runs.
  /// actsOn stack: from the top of Detail's stack, now Home → [Home, Saved]. Swipe down: from
  /// the top, Detail → [Home, Detail, Saved]. 5 states (S0 [Home], S1 [Home, Detail], S2 [Home,
  /// Detail ⟶ Editor], S3 [Home, Saved], S4 [Home, Detail, Saved]), 1+2+2+1+1 = 7 transitions,
  /// depth 3. actsOn app: from the active screen, the same. actsOn screen: Detail is gone →
  /// orphanedCompletion; 4 states, 5 transitions, depth 3 (still [Home, Detail, Saved]).
  @Test(arguments: [ActsOn.stack, .app, .screen])
  func onDismissActsOnItsRouter(actsOn: ActsOn) throws {
    let spec = NavigationSpec(
      name: "Editor", root: "Home",
      destinations: destinations([
        ("Home", [t(.push(destination: "Detail"))]),
        (
          "Detail",
          [
            t(
              .sheet(destination: "Editor"), label: "Edit",
              onDismiss: callback([.push(destination: "Saved")], actsOn: actsOn))
          ]
        ),
        ("Editor", [seq([.dismissEnvironment, .dismiss(destination: nil)], label: "Close all")]),
        ("Saved", []),
      ]))
    let result = try check(spec)
    if actsOn == .screen {
      #expect(
        counts(result) == "states 4, transitions 5, pruned 0, depth 3, orphanedCompletion 1")
      #expect(
        trace(result, .orphanedCompletion).last
          == "Editor: tap 'Close all' → dismiss environment, dismiss; then onDismiss: push Saved")
    } else {
      #expect(counts(result) == "states 5, transitions 7, pruned 0, depth 3")
    }
  }

  /// Home presents E with onDismiss push Saved; E's "Log out" is [dismissEnvironment,
  /// showModule]: the callback recorded by the dismissal is dropped with the presentations
  /// (without the drop, it would run from Home, torn down: orphaned). S0 [Home] → S1 [Home ⟶
  /// E]; S1: Log out → S0, swipe down → the callback pushes Saved → S2; S2: swipe back → S0.
  /// 3 states, 4 transitions, no violation.
  @Test func showModuleDropsTheCallbacksWaiting() throws {
    let spec = NavigationSpec(
      name: "Drop", root: "Home",
      destinations: destinations([
        (
          "Home",
          [t(.sheet(destination: "E"), onDismiss: callback([.push(destination: "Saved")]))]
        ),
        ("E", [seq([.dismissEnvironment, .showModule(module: "Drop")], label: "Log out")]),
        ("Saved", []),
      ]))
    #expect(try counts(check(spec)) == "states 3, transitions 4, pruned 0, depth 2")
  }
}

@Suite struct GraphV2Tests {
  /// The destination graph draws tab roots emphasized, a tab selection, a modal, an onDismiss
  /// from the screen that showed its screen, each push of a pushStack and a module switch.
  @Test func theDestinationGraphDrawsTheV2Actions() {
    let spec = NavigationSpec(
      name: "Mail",
      modules: [
        Module(name: "Out", root: "Welcome"), Module(name: "Main", tabs: ["Inbox", "Search"]),
      ],
      destinations: destinations([
        ("Welcome", [t(.showModule(module: "Main"), label: "Log in")]),
        (
          "Inbox",
          [
            t(.pushStack(destinations: ["Thread", "Message"]), label: "Latest"),
            t(
              .modal(destination: "Toast", dismissOnBackgroundTap: true), label: "Toast",
              onDismiss: callback([.selectTab(tab: "Search")])),
          ]
        ),
        ("Search", []), ("Thread", []), ("Message", []), ("Toast", []),
      ]))
    let dot = GraphReport(language: .dot).destinationGraph(spec)
    for line in [
      #"d_Welcome -> d_Inbox [label="show module Main 'Log in'", style=dotted];"#,
      #"d_Inbox -> d_Thread [label="push 'Latest'"];"#,
      #"d_Thread -> d_Message [label="push 'Latest'"];"#,
      #"d_Inbox -> d_Toast [label="modal 'Toast'", style=dashed];"#,
      #"d_Inbox -> d_Search [label="onDismiss of 'Toast': select tab", style=dotted];"#,
    ] {
      #expect(dot.contains(line), "\(line) is missing from\n\(dot)")
    }
    #expect(dot.contains(#"d_Search [label="Search""#))
  }
}

@Suite struct HomeWithTabsTests {
  /// Tabs *[A] | [B]; A presents a cover C with no way out. S0 *[A]|[B]: cover → S2; selectTab
  /// B → S1. S1 [A]|*[B] (home: any tab selected): selectTab A → S0. S2 *[A ⟶ C]|[B]: no
  /// event (the cover hides the tab bar): a trap. 3 states, 3 transitions, trap 1.
  @Test func homeIsAnyTabsRootAndACoverWithNoWayOutIsATrap() throws {
    let spec = NavigationSpec(
      name: "Trap", tabs: ["A", "B"],
      destinations: destinations([
        ("A", [t(.fullScreenCover(destination: "C"))]), ("B", []), ("C", []),
      ]))
    let result = try check(spec)
    #expect(counts(result) == "states 3, transitions 3, pruned 0, depth 1, trap 1")
    #expect(
      result.violations.first?.message
        == "the user is stuck: from this state no tap, swipe or completion leads back to an app root (a tab's root or a module's first screen) alone"
    )
  }
}
