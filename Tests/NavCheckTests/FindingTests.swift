import Testing

@testable import NavCheck

/// A finding says why it happens, in words a developer acts on, and the text report groups
/// findings by the declaration that causes them.
@Suite struct FindingTests {
  /// The why of `actionFromCoveredScreen` in `spec`.
  private func coveredWhy(_ spec: NavigationSpec) throws -> [String] {
    try #require(try spec.check().violations.first { $0.kind == .actionFromCoveredScreen }).why
  }

  /// A deep link from the app root pushes while Home presents a sheet: the sheet covers Home.
  @Test func aPresentationAboveTheActingScreenIsNamed() throws {
    let spec = NavigationSpec("Links", root: "Home") {
      Destination("Home") { Sheet("Compose") }
      Destination("Compose") { Dismiss() }
      Destination("Detail") { Dismiss() }
      DeepLink("detail") { Push("Detail") }
    }
    #expect(
      try coveredWhy(spec) == [
        "the screen it acts from, Home, is covered by the sheet Compose it presents"
      ])
  }

  /// The issue's spec: the sheet Composer is on top of Home, but what covers Composer when its
  /// work completes is TagPicker, pushed on Composer's own stack (not the sheet it is in).
  @Test func aPushOnTheActingScreensOwnStackIsNamed() throws {
    let spec = NavigationSpec("Why", root: "Home") {
      Destination("Home") { Sheet("Composer") }
      Destination("Composer", swipeToDismiss: false) {
        Push("TagPicker")
        Alert("Failed").async().label("Publish")
      }
      Destination("TagPicker") {}
    }
    #expect(
      try coveredWhy(spec) == [
        "the screen it acts from, Composer, is covered by TagPicker, pushed above it on its own stack"
      ])
  }

  @Test func theActingScreensAlertIsNamed() throws {
    let spec = NavigationSpec("Alerted", root: "Home") {
      Destination("Home") {
        Push("Detail").async().label("Load")
        Alert("Rate", style: .confirmationDialog) { Button("Later") }
      }
      Destination("Detail") { Dismiss() }
    }
    #expect(
      try coveredWhy(spec) == [
        "the screen it acts from, Home, is covered by the dialog 'Rate' it shows"
      ])
  }

  /// Work of a tab's root completes while another tab is selected.
  @Test func anotherSelectedTabIsNamed() throws {
    let spec = NavigationSpec("Tabbed", tabs: ["Feed", "Explore"]) {
      Destination("Feed") { Push("Post").async().label("Load") }
      Destination("Explore") {}
      Destination("Post") { Dismiss() }
    }
    #expect(
      try coveredWhy(spec) == [
        "the screen it acts from, Feed, is covered by tab 'Explore', which is selected while Feed is in tab 'Feed'"
      ])
  }

  /// Several covers at once: a screen pushed above Feed, and another tab selected.
  @Test func everyCoverIsNamed() throws {
    let spec = NavigationSpec("Tabbed", tabs: ["Feed", "Explore"]) {
      Destination("Feed") {
        Push("Post").async().label("Load")
        Actions {
          Push("Post")
          SelectTab("Explore")
        }
      }
      Destination("Explore") {}
      Destination("Post") { Dismiss() }
    }
    var options = ExplorationOptions()
    options.reduction = .never
    let violation = try #require(
      try spec.check(options: options).violations.first { $0.kind == .actionFromCoveredScreen })
    #expect(violation.trace.count == 3)
    #expect(
      violation.why == [
        "the screen it acts from, Feed, is covered by tab 'Explore', which is selected while Feed is in tab 'Feed', and by Post, pushed above it on its own stack"
      ])
  }

  /// A tab selection needs the tab bar in view: the why names what hides it, not the screen.
  @Test func aTabSelectionNamesWhatHidesTheTabBar() throws {
    let spec = NavigationSpec("Photos", tabs: ["Library", "Albums"]) {
      Destination("Library") { Sheet("Picker") }
      Destination("Albums") {}
      Destination("Picker") { Dismiss() }
      DeepLink("albums") { SelectTab("Albums") }
    }
    #expect(
      try coveredWhy(spec) == ["the tab bar is hidden by the sheet Picker (presented by Library)"])
  }

  /// A declaration that breaks a rule wherever it would fire is still dead (§10.10), but the
  /// warning says why beside its violation, so the two cannot read as a contradiction.
  @Test func aDeadDeclarationThatBreaksARuleSaysSo() throws {
    let spec = NavigationSpec("Closing", root: "Home") {
      Destination("Home") {
        DismissEnvironment().label("Close")
        Push("Detail")
      }
      Destination("Detail") { Dismiss() }
      Destination("Orphan") { Dismiss() }
    }
    let result = try spec.check()
    #expect(result.violations.map(\.kind) == [.dismissEnvironmentAtRoot])
    #expect(
      result.warnings.map(\.message) == [
        "no reachable state shows destination 'Orphan'",
        "Home: dismissEnvironment 'Close' never fires: no event that performs it leads to a state; it breaks dismissEnvironmentAtRoot, reported as a violation",
        "Orphan: dismiss never fires",
      ])
  }

  /// A completion's step points at its outcome's line, as the finding's header does; a tab
  /// selection's at the tab it selects; a dialog's button is called a dialog's everywhere.
  @Test func aFindingsLinesPointAtTheSameDeclaration() throws {
    let outcomeLine = #line + 10
    let spec = NavigationSpec("Posts", tabs: ["Feed", "Explore"]) {
      Destination("Feed") {
        Sheet("Composer")
        Alert("PostOptions", style: .confirmationDialog) {
          Button("Delete") { DismissEnvironment() }
        }
      }
      Destination("Composer") {
        Async("Publish") {
          Outcome("failed") { Alert("Failed") }; Outcome("saved") { Dismiss() }
        }
        Push("Tags")
      }
      Destination("Explore") {}
      Destination("Tags") {}
      DeepLink("explore") { SelectTab("Explore") }
    }
    var options = ExplorationOptions()
    options.reduction = .never
    let result = try spec.check(options: options)
    let covered = try #require(
      result.violations.first {
        $0.kind == .actionFromCoveredScreen && $0.declaration?.kind == .outcome
      })
    let completion = try #require(covered.trace.last)
    #expect(
      completion.description == "Composer: async 'Publish' completes: failed → alert 'Failed'")
    #expect(covered.declaration?.location?.line == outcomeLine)
    #expect(completion.location?.line == outcomeLine)

    let replay = try spec.replay([.selectTab("Explore")])
    #expect(replay.steps.map(\.description) == ["user selects tab 'Explore'"])
    #expect(replay.steps.first?.location == spec.destinations[2].location)

    let deleted = try #require(result.violations.first { $0.declaration?.kind == .alertButton })
    #expect(deleted.declaration?.title == "Feed: dialog 'PostOptions' button 'Delete'")
  }

  @Test func anOrphanedCompletionSaysWhenItsWorkStarted() throws {
    let spec = NavigationSpec("Save", root: "Home") {
      Destination("Home") { Sheet("Edit") }
      Destination("Edit") { Dismiss().async().label("Save") }
    }
    let violation = try #require(
      try spec.check().violations.first { $0.kind == .orphanedCompletion })
    #expect(violation.trace.count == 3)
    #expect(
      violation.why == [
        "Edit: async 'Save' starts at step 2, and it is still pending at step 3, which removes its screen"
      ])
  }

  /// A trap's ways out, each with the rule it breaks: "no way back" is rarely literal.
  @Test func aTrapListsItsWaysOutAndTheRulesTheyBreak() throws {
    let spec = NavigationSpec("Kiosk", root: "Home") {
      Destination("Home") { FullScreenCover("Lock").label("Idle") }
      Destination("Lock", navigation: false) { Push("Help").label("Help") }
      Destination("Help") { Dismiss() }
    }
    let trap = try #require(try spec.check().violations.first { $0.kind == .trap })
    #expect(
      trap.why == [
        "the ways out of it, none of which leads home:",
        "  - Lock: tap 'Help' → push Help breaks pushWithoutNavigation (push only where there is a navigation stack)",
      ])
    let text = TextReport(paths: .unchanged).render(trap)
    #expect(
      text.contains {
        $0.hasPrefix("  entered at ") && $0.hasSuffix("Home: fullScreenCover Lock 'Idle'")
      })
    #expect(text.contains("  why: the ways out of it, none of which leads home:"))
  }

  @Test func countsInPlainWords() {
    #expect(TextReport.approximately(40_229) == "40,229")
    #expect(TextReport.approximately(175_400) == "about 175 thousand")
    #expect(TextReport.approximately(3_450_000) == "about 3.5 million")
    #expect(TextReport.approximately(12_117_733) == "about 12 million")
  }

  /// Two rules broken by one declaration are one finding: the cause, then the kinds under it.
  @Test func violationsOfOneDeclarationAreOneCause() throws {
    // 'Load' completes while a picker covers its screen, and is orphaned when the sheet goes.
    let spec = NavigationSpec("Twice", root: "Home") {
      Destination("Home") { Sheet("Edit") }
      Destination("Edit") {
        Push("Detail").async().label("Load")
        Sheet("Picker")
      }
      Destination("Detail") {}
      Destination("Picker") { Dismiss() }
    }
    let result = try spec.check()
    #expect(
      Set(result.violations.map(\.kind)) == [.actionFromCoveredScreen, .orphanedCompletion])
    let causes = TextReport.causes(result.violations)
    #expect(causes.count == 1)
    #expect(causes.first?.declaration.title == "Edit: async push Detail 'Load'")
    let text = TextReport(paths: .unchanged).render(
      SpecCheck(
        spec: spec, result: result, maxStates: 1, memoryLimit: 1,
        limits: LimitNames(maxStates: "", memoryLimit: "", cancellation: "")))
    #expect(text.hasPrefix("✗ Twice: 2 violations from 1 cause\n"))
    #expect(!text.contains("── "), "one cause needs no headings")
  }

  /// Several causes: a line each first, then each under its heading.
  @Test func severalCausesAreListedFirst() throws {
    let spec = NavigationSpec("Two", root: "Home") {
      Destination("Home") {
        Sheet("Edit")
        DismissEnvironment().label("Close")
      }
      Destination("Edit") { Dismiss().async().label("Save") }
    }
    let result = try spec.check()
    let text = TextReport(paths: .unchanged).render(
      SpecCheck(
        spec: spec, result: result, maxStates: 1, memoryLimit: 1,
        limits: LimitNames(maxStates: "", memoryLimit: "", cancellation: "")))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "✗ Two: 2 violations")
    // Each line: where (this file, in the DSL), the declaration, the rules it breaks.
    #expect(lines[2].hasPrefix("  1. \(#filePath):"))
    #expect(lines[2].hasSuffix(": Home: dismissEnvironment 'Close': dismissEnvironmentAtRoot"))
    #expect(lines[3].hasPrefix("  2. \(#filePath):"))
    #expect(lines[3].hasSuffix(": Edit: async dismiss 'Save': orphanedCompletion"))
    #expect(
      lines[5].hasPrefix("── 1. ") && lines[5].hasSuffix(": Home: dismissEnvironment 'Close'"))
    #expect(text.contains(": Edit: async dismiss 'Save'\n\n✗ orphanedCompletion"))
  }
}

/// A replayed name that is not there gets a "did you mean" among the names that are.
@Suite struct ReplaySuggestionTests {
  let spec = NavigationSpec("Shop", root: "Cart") {
    Destination("Cart") {
      Push("Checkout").label("Checkout")
      Alert("Clear") {
        Button("Delete all")
        Button("Cancel")
      }
      .label("Clear")
    }
    Destination("Checkout") {}
    DeepLink("promotion") { Push("Checkout") }
  }

  func reason(_ events: [EventReference]) throws -> String? {
    if case .impossible(_, let reason) = try spec.replay(events).ending { return reason }
    return nil
  }

  @Test func aMisspeltTransitionLabel() throws {
    #expect(
      try reason([.transition(screen: "Cart", transition: .label("Chekout"))])
        == "Cart declares no transition 'Chekout'; did you mean 'Checkout'?")
    #expect(
      try reason([.transition(screen: "Cart", transition: .label("Pay"))])
        == "Cart declares no transition 'Pay'", "nothing close: no suggestion")
  }

  @Test func aMisspeltDeepLinkAndButton() throws {
    #expect(
      try reason([.deepLink("promo")])
        == "the spec declares no deep link 'promo'; did you mean 'promotion'?")
    #expect(
      try reason([
        .transition(screen: "Cart", transition: .label("Clear")), .alertButton("Delete al"),
      ])
        == "alert 'Clear' has no button 'Delete al' (it has 'Delete all', 'Cancel'); did you mean 'Delete all'?"
    )
  }
}

/// The destination graph draws alerts (a node, its buttons from it) and dismissals (back to the
/// screens the removed one is shown from).
@Suite struct DestinationGraphTests {
  @Test func alertsAndDismissals() {
    let spec = NavigationSpec("Notes", root: "Folders") {
      Destination("Folders") {
        Push("NoteList")
        Sheet("NewFolder").label("New folder")
      }
      Destination("NoteList") {
        Alert("DeleteFolder") {
          Button("Delete") { Dismiss() }
          Button("Cancel")
        }
        Push("Note")
      }
      Destination("Note") { DismissAll().label("Home") }
      Destination("NewFolder") { DismissEnvironment().label("Create") }
    }
    let dot = GraphReport(language: .dot).destinationGraph(spec)
    for line in [
      #"a_NoteList_DeleteFolder [label="alert DeleteFolder", shape=note];"#,
      #"d_NoteList -> a_NoteList_DeleteFolder [label="alert", style=dashed];"#,
      #"a_NoteList_DeleteFolder -> d_NoteList [label="'Cancel'", style=dotted];"#,
      // The button's dismiss removes NoteList: back to Folders, which pushes it.
      #"a_NoteList_DeleteFolder -> d_Folders [label="dismiss 'Delete'", style=dotted];"#,
      #"d_NewFolder -> d_Folders [label="dismissEnvironment 'Create'", style=dotted];"#,
      #"d_Note -> d_Folders [label="dismissAll 'Home'", style=dotted];"#,
    ] {
      #expect(dot.contains(line), "\(line) is missing from\n\(dot)")
    }
  }
}

/// Unlabelled work is named by what it does, at its start and at its completion alike.
@Suite struct UnlabelledWorkTests {
  @Test func aCompletionIsNamedByItsAction() throws {
    let spec = NavigationSpec("Refresh", root: "Home") {
      Destination("Home") { Sheet("Feed") }
      Destination("Feed") { Sheet("Feed").async() }
    }
    let replay = try spec.replay([
      .transition(screen: "Home", transition: .index(0)),
      .transition(screen: "Feed", transition: .index(0)),
      .complete(screen: "Feed", transition: .index(0), at: nil),
    ])
    #expect(
      replay.steps.map(\.description) == [
        "Home: sheet Feed", "Feed: async sheet Feed starts",
        "Feed: async sheet Feed completes → sheet Feed",
      ])
  }
}

/// A page written to another folder links the spec files from there.
@Suite struct ReportLinkTests {
  @Test func linksFromTheOutputFolder() {
    let paths = ReportPaths("/repo")
    #expect(paths.link(to: "Specs/Shop.swift", from: "reports") == "../Specs/Shop.swift")
    #expect(paths.link(to: "/repo/Specs/Shop.swift", from: "/repo") == "Specs/Shop.swift")
    #expect(
      paths.link(to: "/elsewhere/A.swift", from: "/repo/out/html") == "../../../elsewhere/A.swift")
  }
}
