import Foundation
import NavCheckSpecs
import Testing

@testable import NavCheck

/// The HTML report and the SVG of a trace: what each frame draws, what it outlines as changed,
/// how findings group and long traces collapse, and that the same checks give the same bytes.
/// (How the page looks in a real browser is `BrowserTests`, in the CLI tests.)
@Suite struct HTMLReportTests {
  /// Tabs, a push, a sheet, a cover, a modal, an alert and a dialog, each one tap away.
  static let screens = NavigationSpec("Screens", tabs: ["Home", "Profile"]) {
    Destination("Home") {
      Push("Detail").label("Open")
      Sheet("Edit").label("Edit")
      FullScreenCover("Player").label("Play")
      Modal("Toast").label("Toast")
      Alert("Oops").label("Fail")
      Alert("Delete?", style: .confirmationDialog) {
        Button("Delete")
        Button("Cancel")
      }.label("Ask")
    }
    Destination("Profile") {}
    Destination("Detail") {}
    Destination("Edit") { Dismiss() }
    Destination("Player") { Dismiss() }
    Destination("Toast") {}
  }

  /// The state after each event, from the first one.
  func states(_ events: [EventReference]) throws -> [StateView] {
    let replay = try Self.screens.replay(events)
    #expect(replay.ending == .state)
    return [replay.initial] + replay.steps.compactMap(\.state)
  }

  func tap(_ label: String) -> EventReference {
    .transition(screen: "Home", transition: .label(label))
  }

  // MARK: - Frames

  @Test func eachFrameOutlinesWhatChanged() throws {
    let pushed = try states([tap("Open")])
    #expect(PhoneFrame.Change(from: pushed[0], to: pushed[1]) == .screen(0))
    #expect(PhoneFrame.Change(from: nil, to: pushed[1]) == .none)
    #expect(PhoneFrame.Change(from: pushed[1], to: pushed[1]) == .none)
    let sheet = try states([tap("Edit")])
    #expect(PhoneFrame.Change(from: sheet[0], to: sheet[1]) == .environment(1))
    // Dismissing points at what the user sees again.
    #expect(PhoneFrame.Change(from: sheet[1], to: sheet[0]) == .screen(0))
    let alert = try states([tap("Fail")])
    #expect(PhoneFrame.Change(from: alert[0], to: alert[1]) == .alert(0))
    let tab = try states([.selectTab("Profile")])
    #expect(PhoneFrame.Change(from: tab[0], to: tab[1]) == .tab(1))
  }

  @Test func aFrameDrawsTheNavigationBarTheStackAndTheSelectedTab() throws {
    let pushed = try states([tap("Open")])
    let svg = PhoneFrame(state: pushed[1], change: .screen(0)).svg(x: 0, y: 0)
    #expect(svg.contains(">‹ Home</text>"), "a back button naming the screen under it")
    #expect(svg.contains("class=\"title\""))
    #expect(svg.components(separatedBy: "class=\"stack-row\"").count == 3, "Home, Detail")
    #expect(svg.contains("class=\"tab selected\"") && svg.contains(">Home ·2</text>"))
    #expect(svg.components(separatedBy: "class=\"changed\"").count == 2, "one outline")
    // The first screen has no back button.
    #expect(!PhoneFrame(state: pushed[0], change: .none).svg(x: 0, y: 0).contains("‹"))
  }

  @Test(arguments: [
    ("Edit", "class=\"sheet\""), ("Play", "class=\"cover\""), ("Toast", "class=\"modal\""),
    ("Fail", "class=\"alert\""), ("Ask", "class=\"dialog\""),
  ])
  func aFrameDrawsEachPresentation(label: String, element: String) throws {
    let shown = try states([tap(label)])
    let svg = PhoneFrame(state: shown[1], change: .none).svg(x: 0, y: 0)
    #expect(svg.contains(element))
    #expect(!PhoneFrame(state: shown[0], change: .none).svg(x: 0, y: 0).contains(element))
    // A sheet, a modal, an alert and a dialog dim what is under them; a cover hides it.
    #expect(svg.contains("class=\"dim\"") == (label != "Play"))
  }

  @Test func longNamesAreShortenedAndKeepTheirFullNameAsATooltip() {
    let short = Canvas.shortened("Checkout", size: 12, fit: 76, bold: true)
    #expect(short == "Checkout")
    let long = Canvas.shortened("ShippingAddressConfirmation", size: 12, fit: 76, bold: true)
    #expect(long.hasSuffix("…") && long.count == 9)
    var canvas = Canvas()
    canvas.text(
      "ShippingAddressConfirmation", x: 0, y: 0, size: 12, fit: 76, anchor: "middle",
      fill: "#000", bold: true, className: "title")
    #expect(canvas.text.contains("<title>ShippingAddressConfirmation</title>"))
  }

  // MARK: - Findings

  static func violation(
    _ kind: ViolationKind, declaration index: Int?, steps: Int, state: StateView
  ) -> Violation {
    let screen = DeclarationReference(
      kind: .destination, index: 0, title: "Home", location: nil)
    let declaration = index.map {
      DeclarationReference(
        kind: .transition, index: $0, title: "Home: transition \($0)",
        location: SourceLocation(fileID: "M/S.swift", filePath: "/r/S.swift", line: 10 + $0))
    }
    let trace = (0..<steps).map { n in
      TraceStep(
        event: .gesture(.swipeBack), description: "step \(n + 1)", declarations: [],
        screen: screen, state: n == steps - 1 ? nil : state)
    }
    return Violation(
      kind: kind, message: "broken", declaration: declaration, count: 1, trace: trace)
  }

  @Test func findingsAreGroupedUnderTheDeclarationThatCausesThem() throws {
    let state = try states([])[0]
    let groups = HTMLReport.groups([
      Self.violation(.duplicatePresentation, declaration: 1, steps: 2, state: state),
      Self.violation(.actionFromCoveredScreen, declaration: 2, steps: 2, state: state),
      Self.violation(.orphanedCompletion, declaration: 1, steps: 3, state: state),
    ])
    #expect(groups.map(\.title) == ["Home: transition 1", "Home: transition 2"])
    #expect(groups[0].violations.map(\.kind) == [.duplicatePresentation, .orphanedCompletion])
    #expect(groups[0].location?.line == 11)
  }

  @Test func shortTracesShowEveryFrameAndLongOnesCollapseTheirMiddle() throws {
    let state = try states([])[0]
    let short = TracePicture(
      Self.violation(.trap, declaration: nil, steps: TracePicture.mostFrames, state: state),
      initial: state, spec: Self.screens)
    #expect(short.leading.count == TracePicture.mostFrames + 1)
    #expect(short.collapsed.isEmpty && short.trailing.isEmpty)
    #expect(short.leading.last?.breaks == .trap && short.leading.last?.frame?.failure != nil)

    let long = TracePicture(
      Self.violation(.trap, declaration: nil, steps: 20, state: state), initial: state,
      spec: Self.screens)
    #expect(long.leading.map(\.number) == [0, 1, 2])
    #expect(long.collapsed.map(\.number) == Array(3...14))
    #expect(long.trailing.map(\.number) == Array(15...20))
  }

  // MARK: - The failing step

  /// The failing step of `violation` of `spec`: its frame, and the state before it.
  func failingFrame(_ violation: Violation, of spec: NavigationSpec) throws -> PhoneFrame {
    let initial = HTMLReport.initialState(spec)
    let picture = TracePicture(violation, initial: initial, spec: spec)
    let last = try #require((picture.leading + picture.trailing).last)
    #expect(last.breaks == violation.kind)
    let frame = try #require(last.frame, "the failing step is drawn")
    let before = violation.trace.count > 1 ? violation.trace.dropLast().last?.state : initial
    #expect(frame.state == before, "as the state it acted on")
    return frame
  }

  /// The Shop's deep link selects the Account tab under the cart sheet: the failing step is the
  /// catalog under the cart sheet, the Account tab marked where it would be selected, under
  /// the sheet, and a ✗ badge; not an empty box.
  @Test func aFailingStepIsDrawnAsTheStateItActedOnWithWhatWouldHaveLanded() throws {
    let violation = try #require(try BundledResults.checked("Shop").violations.first)
    #expect(violation.kind == .actionFromCoveredScreen)
    let frame = try failingFrame(violation, of: shop)
    #expect(
      frame.failure
        == PhoneFrame.Failure(
          landing: .tab(1), environment: 0, title: "Account",
          caption: ["would be selected here", "under the sheet Cart"]))
    let svg = frame.svg(x: 0, y: 0)
    #expect(svg.contains("class=\"sheet\"") && svg.contains(">Cart</text>"))
    #expect(svg.contains("class=\"landing\"") && svg.contains("class=\"failure-badge\""))
    #expect(!svg.contains("phone-frame broken"))
  }

  /// A removal that orphans work marks the screen whose work is pending: a sheet's root goes
  /// with its sheet; a pushed screen alone.
  @Test func aRemovalMarksTheScreenWhoseWorkIsPending() throws {
    let spec = try example("notes")
    let violations = try check(spec).violations
    #expect(violations.map(\.kind) == [.orphanedCompletion, .orphanedCompletion])
    #expect(
      try failingFrame(violations[0], of: spec).failure
        == PhoneFrame.Failure(
          landing: .removal(environment: true), environment: 1, title: "NewFolder",
          caption: ["would go with its sheet", "with work still pending"]))
    #expect(
      try failingFrame(violations[1], of: spec).failure
        == PhoneFrame.Failure(
          landing: .removal(environment: false), environment: 0, title: "Note",
          caption: ["would go", "with work still pending"]))
  }

  /// Work that completes in a tab the user does not see marks that tab.
  @Test func whatLandsInATabNotSelectedMarksTheTab() throws {
    let violation = try #require(try BundledResults.checked("IceCubes").violations.first)
    #expect(
      violation.trace.last?.description.hasPrefix("StatusDetail: async 'Open mention'") == true)
    #expect(
      try failingFrame(violation, of: iceCubes).failure
        == PhoneFrame.Failure(
          landing: .tab(0), environment: 0, title: "Timeline",
          caption: ["AccountDetail would land", "in this tab, not selected"]))
  }

  /// Work that completes on a screen a push on its own stack covers says what covers it.
  @Test func whatLandsUnderAPushSaysSo() throws {
    let spec = NavigationSpec("Why", root: "Home") {
      Destination("Home") { Sheet("Composer") }
      Destination("Composer", swipeToDismiss: false) {
        Push("TagPicker")
        Alert("Failed").async().label("Publish")
      }
      Destination("TagPicker") {}
    }
    let violation = try #require(
      try spec.check().violations.first { $0.kind == .actionFromCoveredScreen })
    #expect(
      try failingFrame(violation, of: spec).failure
        == PhoneFrame.Failure(
          landing: .alert(dialog: false), environment: 1, title: "Failed",
          caption: ["would show here", "under TagPicker (pushed)"]))
  }

  /// Every event that breaks a rule in a bundled spec is drawn over the state it acted on.
  @Test(arguments: BundledSpecs.all.map(\.name))
  func everyFailingEventOfABundledSpecIsDrawnAsAState(name: String) throws {
    let spec = try #require(BundledSpecs.all.first { $0.name == name })
    for violation in try spec.check().violations where violation.trace.last?.state == nil {
      #expect(try failingFrame(violation, of: spec).failure != nil)
    }
  }

  /// Pending work is a chip of its own colour, its words bold and as large as a screen's name.
  @Test func pendingWorkIsLegible() throws {
    let spec = try example("notes")
    let violation = try #require(try check(spec).violations.first)
    let pending = try #require(
      violation.trace.last { $0.state?.description.contains("pending") == true })
    let svg = PhoneFrame(state: try #require(pending.state), change: .none).svg(x: 0, y: 0)
    #expect(svg.contains("<rect class=\"pending\""), "on a chip")
    let words = try #require(
      svg.components(separatedBy: "<text class=\"pending-work\"").dropFirst().first?
        .components(separatedBy: "</text>").first)
    #expect(words.contains("font-size=\"10\" font-weight=\"700\""), "\(words)")
    #expect(words.hasSuffix(">pending &#39;Create&#39;"), "\(words)")
  }

  // MARK: - The page

  @Test func thePageIsSelfContainedAndTheSameForTheSameChecks() throws {
    let one = try check(Self.screens, threads: 1)
    let two = try check(Self.screens, threads: 2)
    let spec = try example("notes")
    let notes = try check(spec)
    let report = HTMLReport(paths: .unchanged)
    let page = report.render([
      SpecCheck(spec: Self.screens, result: one, maxStates: 10),
      SpecCheck(spec: spec, result: notes, maxStates: 10),
    ])
    let again = report.render([
      SpecCheck(spec: Self.screens, result: two, maxStates: 10),
      SpecCheck(spec: spec, result: notes, maxStates: 10),
    ])
    #expect(page == again)
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    // Nothing is fetched: the only URL is the SVG namespace.
    let urls = page.components(separatedBy: "://").dropFirst().map { $0.prefix(20) }
    #expect(urls.allSatisfy { $0 == "www.w3.org/2000/svg\"" }, "\(urls)")
    #expect(!page.contains("<link") && !page.contains("<img"))
    // The summary names both specs; each finding has its frames and its line.
    #expect(page.contains(">Screens</a></td><td>holds</td>"))
    #expect(page.contains(">Notes</a></td><td>\(notes.violations.count) violations</td>"))
    let frames = notes.violations.reduce(0) { $0 + $1.trace.count + 1 }
    #expect(
      page.components(separatedBy: "<svg class=\"phone\"").count == frames + 1,
      "the first state, then one frame per step")
    for violation in notes.violations {
      #expect(page.contains("#L\(violation.location!.line)\""))
    }
  }

  @Test func pastItsFramesThePageWritesTracesInWords() throws {
    let spec = try example("notes")
    let notes = try check(spec)
    #expect(notes.violations.count == 2)
    let first = notes.violations[0].trace.count + 1
    var report = HTMLReport(paths: .unchanged)
    report.mostFrames = first
    let page = report.render([SpecCheck(spec: spec, result: notes, maxStates: 10)])
    #expect(page.components(separatedBy: "<svg class=\"phone\"").count == first + 1)
    #expect(page.contains("The page draws at most \(first) frames; this trace is in words."))
    #expect(page.contains("<ol class=\"words\"><li value=\"1\">"))
  }

  @Test func theSVGShowsTheFirstFindingOrSaysEveryRuleHolds() throws {
    let spec = try example("notes")
    let notes = try check(spec)
    let report = HTMLReport(paths: .unchanged)
    let svg = report.renderFirstTrace([
      SpecCheck(spec: Self.screens, result: try check(Self.screens), maxStates: 10),
      SpecCheck(spec: spec, result: notes, maxStates: 10),
    ])
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(svg.contains("✗ Notes: \(notes.violations[0].kind.rawValue)"))
    #expect(
      svg.components(separatedBy: "class=\"phone-frame").count
        == notes.violations[0].trace.count + 2)
    let holds = report.renderFirstTrace([
      SpecCheck(spec: Self.screens, result: try check(Self.screens), maxStates: 10)
    ])
    #expect(holds.contains("✓ Screens: every rule holds"))
  }
}
