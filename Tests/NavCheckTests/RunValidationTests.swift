import Foundation
import NavCheckRecorder
import NavCheckSpecs
import Testing

@testable import NavCheck

/// `NavigationSpec.validate(_:)`: a run recorded by a router is explained by the spec's events,
/// or reported at the record where it is not.
@Suite struct RunValidationTests {
  /// A shop with two tabs: pushes, sheets, a confirmation dialog, async work with outcomes and
  /// a deep link.
  static let shop = NavigationSpec("Shop", tabs: ["Home", "Cart"]) {
    Destination("Home") {
      Push("Product")
      Sheet("Search").label("Search")
    }
    Destination("Product") {
      Push("Product").label("Related")
      Sheet("Share").label("Share")
      Async("Recommend") { Outcome("found") { Sheet("Recommendations") } }
    }
    Destination("Search") {
      Push("Product")
      Dismiss().label("Close")
    }
    Destination("Share") { Dismiss().label("Done") }
    Destination("Recommendations") { Dismiss().label("Done") }
    Destination("Cart") {
      Alert("Empty cart?", style: .confirmationDialog) {
        Button("Empty") { DismissStack() }
        Button("Cancel")
      }
      Async("Checkout") {
        Outcome("paid") { Sheet("Receipt") }
        Outcome("declined") { Alert("Declined") }
      }
    }
    Destination("Receipt") { Dismiss().label("Done") }
    DeepLink("product") {
      DismissAll()
      SelectTab("Home")
      Push("Product")
    }
  }

  @Test func aRunOfTheExampleRouterIsABehaviourOfTheSpec() throws {
    let router = ShopRouter()
    router.push("Product")
    router.push("Product")
    router.back()
    router.present("Share")
    router.dismiss()
    router.selectTab("Cart")
    router.start("Checkout")
    router.complete("Checkout", outcome: "paid") { $0.present("Receipt") }
    router.dismiss()
    router.showAlert("Empty cart?", dialog: true)
    router.tap("Cancel")
    let validation = try Self.shop.validate(router.run)
    #expect(validation.holds)
    #expect(validation.explanation.count == 11)
    #expect(
      validation.explanation.map(\.step.description).last
        == "Cart: dialog 'Empty cart?', tap 'Cancel'")
    // The completion explains its record and the sheet it presents: lines 8–9.
    let expected: [ClosedRange<Int>?] =
      [1...1, 2...2, 3...3, 4...4, 5...5, 6...6, 7...7, 8...9]
      + [10...10, 11...11, 12...12]
    #expect(validation.explanation.map(\.lines) == expected)

    // Search is Home's sheet, not Cart's: the router presents it from the wrong tab.
    router.present("Search")
    let wrong = try Self.shop.validate(router.run)
    let unexplained = try #require(wrong.unexplained)
    #expect(unexplained.line == 13)
    #expect(unexplained.record == .present("Search", style: .sheet))
    #expect(unexplained.reason == nil)
    #expect(unexplained.state.description == "Home › Product | ▸ Cart")
    #expect(wrong.explanation.count == 11)
    let select = try #require(unexplained.candidates.first { $0.event == .selectTab("Home") })
    #expect(select.records == [.selectTab("Home")])
    let link = try #require(unexplained.candidates.first { $0.event == .deepLink("product") })
    #expect(link.records == [.deepLink("product"), .selectTab("Home"), .push("Product")])
    #expect(wrong.brokenRules.isEmpty)
    let text = wrong.text(run: "run.ndjson", paths: ReportPaths("/"))
    #expect(
      text.hasPrefix(
        "✗ run.ndjson: line 13 is not a behaviour of Shop: present Search as a sheet\n"))
    #expect(
      text.contains("    - user selects tab 'Home' (would record: select tab 'Home')\n"), "\(text)")
  }

  @Test func oneEventExplainsSeveralRecordsAndSilentEventsFillTheGaps() throws {
    let router = ShopRouter(recordsAsync: false)
    router.push("Product")
    router.selectTab("Cart")
    router.start("Checkout")  // not recorded
    router.complete("Checkout", outcome: "paid") { $0.present("Receipt") }
    // The deep link dismisses the receipt, selects Home and pushes: four records, one event.
    router.deepLink("product") { router in
      router.dismiss()
      router.selectTab("Home")
      router.push("Product")
    }
    router.back()
    router.back()
    let validation = try Self.shop.validate(router.run)
    #expect(validation.holds, "\(validation)")
    let steps = validation.explanation.map(\.step.description)
    #expect(steps.contains("Cart: async 'Checkout' starts"))
    let link = try #require(validation.explanation.first { $0.step.event == .deepLink("product") })
    #expect(link.lines == 4...7)
    #expect(validation.explanation.first { $0.step.description.contains("starts") }?.lines == nil)
  }

  @Test func aRecordOnlyARuleBreakingEventExplainsIsThatRuleBroken() throws {
    let router = ShopRouter()
    router.push("Product")
    router.start("Recommend")
    router.present("Share")
    // Recommendations arrive while Share is up: a sheet over a sheet.
    router.complete("Recommend", outcome: "found") { $0.present("Recommendations") }
    router.dismiss()
    router.dismiss()
    router.back()
    let validation = try Self.shop.validate(router.run)
    #expect(validation.unexplained == nil)
    let rule = try #require(validation.brokenRules.first)
    #expect(validation.brokenRules.count == 1)
    #expect(rule.violation.kind == .duplicatePresentation)
    #expect(rule.lines == 4...5)
    #expect(rule.resumedAtLine == 7)
    #expect(rule.violation.trace.last?.state == nil)
    #expect(!validation.holds)
    let text = validation.text(run: "run.ndjson", paths: ReportPaths("/"))
    #expect(text.contains("✗ duplicatePresentation — "), "\(text)")
    #expect(text.contains("recorded at lines 4–5"), "\(text)")
  }

  @Test func anActionInAHiddenTabIsActionFromCoveredScreen() throws {
    let router = ShopRouter()
    router.selectTab("Cart")
    router.start("Checkout")
    router.selectTab("Home")
    // The router presents the receipt from the Cart tab's screen while Home shows.
    router.complete("Checkout", outcome: "paid") { $0.present("Receipt") }
    let validation = try Self.shop.validate(router.run)
    #expect(validation.brokenRules.map(\.violation.kind) == [.actionFromCoveredScreen])
    #expect(validation.brokenRules.first?.lines == 4...5)
  }

  /// A link that selects a tab while a sheet is up: the app's tab bar switches under the sheet.
  /// The tab's record, which no screen change of the spec allows there, is the rule broken; the
  /// run comes back to the spec's screens once the sheet goes.
  @Test func aTabSelectedUnderASheetIsActionFromCoveredScreen() throws {
    var spec = Self.shop
    spec.deepLinks.append(
      DeepLink(name: "cart", actions: [DeepLinkAction(.selectTab(tab: "Cart"))]))
    let run = RecordedRun(records: [
      .present("Search", style: .sheet), .deepLink("cart"), .selectTab("Cart"),
      .dismiss(style: .sheet), .selectTab("Home"), .push("Product"),
    ])
    let validation = try spec.validate(run)
    #expect(validation.unexplained == nil, "\(validation)")
    #expect(validation.brokenRules.map(\.violation.kind) == [.actionFromCoveredScreen])
    #expect(validation.brokenRules.first?.lines == 2...3)
    #expect(validation.brokenRules.first?.resumedAtLine == 5)
    // Without the link, nothing the spec declares selects a tab there.
    let unlinked = try Self.shop.validate(
      RecordedRun(records: [.present("Search", style: .sheet), .selectTab("Cart")]))
    #expect(unlinked.unexplained?.line == 2)
    #expect(unlinked.unexplained?.reason == "a sheet covers the tab bar")
  }

  @Test func thePopOfARootIsUnexplainedWithWhy() throws {
    let run = RecordedRun(records: [.push("Product"), .pop(count: 2)])
    let validation = try Self.shop.validate(run)
    let unexplained = try #require(validation.unexplained)
    #expect(unexplained.line == 2)
    #expect(
      unexplained.reason
        == "it pops 2 screens, but the stack the user sees holds 1 screen above its root")
    #expect(validation.jsonValue["unexplained"]?["line"] == .int(2))
  }

  @Test func aLimitThatCutsTheSearchIsReported() throws {
    let router = ShopRouter(recordsAsync: false)
    router.push("Product")
    router.start("Recommend")
    router.complete("Recommend", outcome: "found") { $0.present("Recommendations") }
    let validation = try Self.shop.validate(router.run, limits: .init(maxSilentEvents: 0))
    #expect(validation.unexplained?.line == 2)
    #expect(validation.cuts.map(\.limit).contains("maxSilentEvents"))
    #expect(try Self.shop.validate(router.run).holds)
  }
}

/// An example router of the shop, instrumented with the recorder: a stack per tab, a chain of
/// presented screens over the selected tab, an alert. Its methods are what a SwiftUI router's
/// would be; each records what it did.
final class ShopRouter {
  var tabs: [[String]] = [["Home"], ["Cart"]]
  var selected = 0
  var presented: [(style: NavigationRecord.PresentationStyle, stack: [String])] = []
  var alert: String?
  private(set) var lines: [String] = []
  let recordsAsync: Bool
  private var recorder: NavigationRecorder!
  private let store = LineStore()

  init(recordsAsync: Bool = true) {
    self.recordsAsync = recordsAsync
    let store = store
    recorder = NavigationRecorder { store.append($0) }
  }

  var run: RecordedRun {
    lines = store.lines
    return (try? RecordedRun(text: lines.joined(separator: "\n"))) ?? RecordedRun(records: [])
  }

  func push(_ destination: String) {
    if presented.isEmpty {
      tabs[selected].append(destination)
    } else {
      presented[presented.count - 1].stack.append(destination)
    }
    recorder.record(.push(destination))
  }

  func back() {
    if presented.isEmpty {
      tabs[selected].removeLast()
    } else {
      presented[presented.count - 1].stack.removeLast()
    }
    recorder.record(.pop(count: 1))
  }

  func present(_ destination: String, style: NavigationRecord.PresentationStyle = .sheet) {
    presented.append((style, [destination]))
    recorder.record(.present(destination, style: style))
  }

  func dismiss() {
    let style = presented.removeLast().style
    recorder.record(.dismiss(style: style))
  }

  func selectTab(_ root: String) {
    selected = tabs.firstIndex { $0[0] == root }!
    recorder.record(.selectTab(root))
  }

  func showAlert(_ name: String, dialog: Bool = false) {
    alert = name
    recorder.record(.alert(name, style: dialog ? .confirmationDialog : .alert))
  }

  func tap(_ button: String) {
    alert = nil
    recorder.record(.alertButton(button))
  }

  func start(_ work: String) {
    if recordsAsync { recorder.record(.asyncStarted(work)) }
  }

  func complete(_ work: String, outcome: String?, then body: (ShopRouter) -> Void) {
    if recordsAsync { recorder.record(.asyncCompleted(work, outcome: outcome)) }
    body(self)
  }

  func deepLink(_ name: String, then body: (ShopRouter) -> Void) {
    recorder.record(.deepLink(name))
    body(self)
  }
}

/// The lines a recorder's sink received.
private final class LineStore: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []
  func append(_ line: String) {
    lock.lock()
    stored.append(line)
    lock.unlock()
  }
  var lines: [String] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}

/// Modules, flags, invariants and runs at the edges.
@Suite struct RunValidationEdgeTests {
  static let mail = NavigationSpec("Mail") {
    Flag("loggedIn", initially: false)
    Module("SignedOut", root: "SignIn")
    Module("Main", tabs: ["Inbox", "Settings"])
    Destination("SignIn") {
      Actions {
        SetFlag("loggedIn", true)
        ShowModule("Main")
      }.label("Log in")
    }
    Destination("Inbox") { Push("Thread") }
    Destination("Thread") { Push("Thread").label("Reply") }
    Destination("Settings") {
      Actions {
        SetFlag("loggedIn", false)
        ShowModule("SignedOut")
      }.label("Sign out").when("loggedIn")
    }
    Invariant("at most two threads") { state in state.count(of: "Thread") <= 2 }
  }

  @Test func aModuleSwitchAndItsFlagAreOneEvent() throws {
    let run = RecordedRun(records: [
      .flag("loggedIn", true), .module("Main"), .push("Thread"), .selectTab("Settings"),
      .flag("loggedIn", false), .module("SignedOut"),
    ])
    let validation = try Self.mail.validate(run)
    #expect(validation.holds, "\(validation)")
    #expect(validation.explanation.map(\.lines) == [1...2, 3...3, 4...4, 5...6])
    // The flag is compared where the run records it: logging in without it is not the spec's.
    let unflagged = try Self.mail.validate(
      RecordedRun(records: [.flag("loggedIn", false), .module("Main")]))
    #expect(unflagged.unexplained?.line == 1)
  }

  @Test func aStateThatBreaksACustomInvariantIsABrokenRule() throws {
    let run = RecordedRun(records: [
      .flag("loggedIn", true), .module("Main"), .push("Thread"), .push("Thread"),
      .push("Thread"), .pop(count: 1),
    ])
    let validation = try Self.mail.validate(run)
    #expect(validation.unexplained == nil)
    #expect(validation.brokenRules.map(\.violation.kind) == [.invariant])
    #expect(validation.brokenRules.first?.lines == 5...5)
    #expect(validation.brokenRules.first?.violation.message.contains("at most two threads") == true)
  }

  @Test func anEmptyRunHoldsAndAnUnknownDestinationIsUnexplained() throws {
    #expect(try RunValidationTests.shop.validate(RecordedRun(records: [])).holds)
    let unknown = try RunValidationTests.shop.validate(RecordedRun(records: [.push("Nowhere")]))
    #expect(unknown.unexplained?.line == 1)
    #expect(unknown.unexplained?.candidates.isEmpty == false)
  }

  @Test func aLongRunIsExplainedEventByEvent() throws {
    // 400 records: a push and its pop, 200 times; each record has few candidates.
    let records = (0..<200).flatMap { _ in [NavigationRecord.push("Product"), .pop(count: 1)] }
    let validation = try RunValidationTests.shop.validate(RecordedRun(records: records))
    #expect(validation.holds)
    #expect(validation.explanation.count == 400)
  }
}

/// Random walks of the bundled specs, recorded as a router that records everything would
/// record them, validate: the records a walk's states make are explained by events of the spec.
@Suite struct RecordedWalkTests {
  /// The records of `walk`: for each step, the record that names its event (a completion, a deep
  /// link, a button) and the changes of the screens.
  static func records(
    of walk: Replay, in spec: NavigationSpec, namingEvents: Bool = true
  ) -> [NavigationRecord] {
    let observation = RunObservation(everythingOf: spec)
    var screens = observation.observed(walk.initial)
    var records: [NavigationRecord] = []
    for step in walk.steps {
      guard let state = step.state else { break }
      switch step.event {
      case .complete(_, let transition, let outcome, _, _):
        if case .label(let label) = transition {
          records.append(.asyncCompleted(label, outcome: outcome))
        }
      case .deepLink(let name): records.append(.deepLink(name))
      case .alertButton(let label):
        records.append(.alertButton(label))
        if case .success(let next) = screens.applying(.alertButton(label), observation) {
          screens = next
        }
      case .transition, .gesture, .selectTab, .tabButton, .staleCompletion, .tapToast,
        .toastExpires, .broadcast, .launch:
        break
      }
      if !namingEvents, let last = records.last, last.namesEvent {
        records.removeLast()
        if case .alertButton = last { records.append(.alertDismissed) }
      }
      let after = observation.observed(state)
      records += screens.records(to: after, observation) ?? []
      screens = after
    }
    return records
  }

  @Test(arguments: BundledSpecs.all.map(\.name))
  func aRecordedRandomWalkIsABehaviourOfItsSpec(name: String) throws {
    let spec = try #require(BundledSpecs.all.first { $0.name == name })
    for seed in 1...3 as ClosedRange<UInt64> {
      let walk = try spec.simulate(steps: 25, seed: seed)
      // A walk that ends in a violation is recorded up to it; every other seed's router does
      // not say which event made its records.
      let records = Self.records(of: walk, in: spec, namingEvents: seed % 2 == 1)
      let validation = try spec.validate(RecordedRun(records: records))
      #expect(
        validation.unexplained == nil,
        "\(name), seed \(seed):\n\(validation)")
    }
  }
}

/// One event that makes several records: a sequence that pushes twice, a dismissal across a
/// sheet that removes three screens.
@Suite struct MultiRecordEventTests {
  static let spec = NavigationSpec("Stacks", root: "Home") {
    Destination("Home") { PushStack("A", "B").label("Open") }
    Destination("A") { Push("B") }
    Destination("B") { Sheet("S") }
    Destination("S") { Push("T") }
    Destination("T") { DismissTo("A").label("Back to A") }
  }

  @Test func twoPushesAndThreeRemovalsAreOneEventEach() throws {
    let run = RecordedRun(records: [
      .push("A"), .push("B"), .present("S", style: .sheet), .push("T"),
      .pop(count: 1), .dismiss(style: .sheet), .pop(count: 1),
    ])
    let validation = try Self.spec.validate(run)
    #expect(validation.holds, "\(validation)")
    #expect(
      validation.explanation.map(\.step.description) == [
        "Home: tap 'Open' → push A, B", "B: sheet S", "S: push T",
        "T: tap 'Back to A' → dismiss to A",
      ], "\(validation)")
    #expect(validation.explanation.map(\.lines) == [1...2, 3...3, 4...4, 5...7])
    // The same removal recorded as one pop of two screens and a dismissal is not: the pop
    // would take the sheet's root.
    let short = RecordedRun(records: [
      .push("A"), .push("B"), .present("S", style: .sheet), .push("T"), .pop(count: 2),
    ])
    #expect(try Self.spec.validate(short).unexplained?.line == 5)
  }
}

/// IceCubes' bug, recorded: a tab's router pushes while its tab presents a sheet.
@Suite struct PushedBehindASheetTests {
  static let spec = NavigationSpec("Timeline", root: "Timeline") {
    Destination("Timeline") {
      Sheet("Compose")
      Push("Status").async().label("Open mention").actsOn(.stack)
    }
    Destination("Status") {}
    Destination("Compose") { Dismiss().label("Send") }
  }

  @Test func thePushIsActionFromCoveredScreenAndTheRunGoesOnAfterTheSheet() throws {
    let run = RecordedRun(records: [
      .asyncStarted("Open mention"), .present("Compose", style: .sheet),
      .asyncCompleted("Open mention", outcome: nil), .push("Status"),
      .dismiss(style: .sheet),
    ])
    let validation = try Self.spec.validate(run)
    #expect(validation.brokenRules.map(\.violation.kind) == [.actionFromCoveredScreen])
    #expect(validation.brokenRules.first?.lines == 3...4)
    #expect(validation.unexplained == nil, "\(validation)")
  }
}
