import Foundation
import Testing

@testable import NavCheck

// The rules of SEMANTICS v2 part 1 (tabs, modules, modals, confirmation dialogs, sequences,
// pushStack, selectTab, showModule, onDismiss) on small specs written with the model's
// initializers, each with its counts derived by hand in the comment above the assertion.
// States are written as stacks; `*` marks the selected tab, `⟶` presents, `(dialog)` shows a
// confirmation dialog.

/// A transition of one action.
private func t(_ action: Action, label: String? = nil, onDismiss: OnDismiss? = nil) -> Transition {
  Transition(actions: [SequenceAction(action, onDismiss: onDismiss)], label: label)
}

/// A transition of several actions.
private func seq(_ actions: [Action], label: String? = nil) -> Transition {
  Transition(actions: actions.map { SequenceAction($0) }, label: label)
}

private func callback(_ actions: [Action], actsOn: ActsOn = .screen) -> OnDismiss {
  OnDismiss(actions: actions.map { SequenceAction($0) }, actsOn: actsOn)
}

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
  }

  /// The same on every thread count: counts and traces.
  @Test(arguments: [1, 3])
  func photosIsTheSameOnAnyThreadCount(threads: Int) throws {
    let one = try check(photosSpec, threads: threads)
    let two = try check(photosSpec)
    #expect(counts(one) == counts(two))
    #expect(one.violations.map { $0.trace.map(\.description) } == two.violations.map { $0.trace.map(\.description) })
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
