import Foundation
import NavCheckSpecs
import Testing

@testable import NavCheck

/// The counts of SEMANTICS §7 in one line, so a failure shows every number at once:
/// `states 4, transitions 6, pruned 0, depth 2, duplicatePresentation 1`.
func counts(_ result: CheckResult) -> String {
  var parts = [
    "states \(result.states)", "transitions \(result.transitions)", "pruned \(result.pruned)",
    "depth \(result.depth)",
  ]
  for (kind, count) in result.violationCounts.sorted(by: { $0.key < $1.key }) {
    parts.append("\(kind.rawValue) \(count)")
  }
  return parts.joined(separator: ", ")
}

/// Checks a spec that must be valid, on two threads.
func check(_ spec: NavigationSpec, threads: Int = 2, maxStates: Int = 5_000_000) throws
  -> CheckResult
{
  try spec.check(threads: threads, maxStates: maxStates)
}

/// The descriptions of the first violation of `kind`'s trace.
func trace(_ result: CheckResult, _ kind: ViolationKind) -> [String] {
  result.violations.first { $0.kind == kind }?.trace.map(\.description) ?? []
}

/// The events of the initial state's successors, in canonical order, as the state graph lists
/// them for state `index`.
func events(of spec: NavigationSpec, state index: Int = 0) throws -> [String] {
  try spec.stateGraph(maxStates: 1000).edges.filter { $0.from == index }.map(\.event)
}

/// The folder of the test sources, for fixtures.
let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

/// Reads an example spec shipped with the tests.
func example(_ name: String) throws -> NavigationSpec {
  let url = testsFolder.appendingPathComponent("Examples/\(name).json")
  return try NavigationSpec(json: Data(contentsOf: url), file: url.path)
}

/// A spec as a test argument is shown by its name, not dumped whole.
extension NavigationSpec: CustomTestStringConvertible {
  public var testDescription: String { name }
}

/// Reading, validating and round-tripping JSON specs, shared by the JSON form's suites.
protocol SpecJSONChecks {}

extension SpecJSONChecks {
  func read(_ text: String) throws(SpecError) -> NavigationSpec {
    try NavigationSpec(json: Data(text.utf8), file: "Specs/App.json")
  }

  /// The problems reading `text` reports: `path @line: message`.
  func readingProblems(_ text: String) -> [String] {
    do {
      _ = try read(text)
      return []
    } catch {
      return error.problems.map(Self.describe)
    }
  }

  /// The problems validation reports for a spec that reads.
  func validationProblems(_ text: String) throws -> [String] {
    try read(text).problems.map(Self.describe)
  }

  static func describe(_ problem: SpecProblem) -> String {
    "\(problem.path ?? "-") @\(problem.location?.line ?? 0): \(problem.message)"
  }

  /// Reads `text`, writes it, reads it back: the same spec, and the written text is stable.
  @discardableResult
  func roundTrip(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
    -> NavigationSpec
  {
    let spec = try read(text)
    let written = spec.jsonValue.text()
    let back = try read(written)
    #expect(back == spec, sourceLocation: sourceLocation)
    #expect(back.jsonValue.text() == written, sourceLocation: sourceLocation)
    return spec
  }
}

// MARK: - Specs written with the model (SEMANTICS v2 tests)

/// A transition of one action, with an onDismiss where given.
func t(_ action: Action, label: String? = nil, onDismiss: OnDismiss? = nil) -> Transition {
  Transition(actions: [SequenceAction(action, onDismiss: onDismiss)], label: label)
}

/// A transition of several actions.
func seq(_ actions: [Action], label: String? = nil) -> Transition {
  Transition(actions: actions.map { SequenceAction($0) }, label: label)
}

/// An onDismiss of these actions.
func callback(_ actions: [Action], actsOn: ActsOn = .screen) -> OnDismiss {
  OnDismiss(actions: actions.map { SequenceAction($0) }, actsOn: actsOn)
}

/// Async work: a sequence, or outcomes (label, actions).
func work(
  _ actions: [Action], label: String, actsOn: ActsOn = .screen, cancels: Bool = false,
  outcomes: [(String, [Action])]? = nil
) -> Transition {
  var transition = Transition(
    actions: actions.map { SequenceAction($0) }, trigger: .async(cancelsOnDismiss: cancels),
    label: label)
  transition.actsOn = actsOn
  transition.outcomes = outcomes?.map {
    AsyncOutcome(label: $0.0, actions: $0.1.map { SequenceAction($0) })
  }
  return transition
}

/// `transition` with these guards.
func guarded(_ transition: Transition, _ guards: Guards) -> Transition {
  var transition = transition
  transition.guards = guards
  return transition
}

/// Destinations with their transitions (navigation true unless listed).
func destinations(_ list: [(String, [Transition])], navigation: [String: Bool] = [:])
  -> [Destination]
{
  list.map { Destination(name: $0.0, navigation: navigation[$0.0] ?? true, transitions: $0.1) }
}

/// The bundled specs' results on two threads, and with their checked fixes, each computed once
/// per test process: a dozen tests read the Shop's, which takes seconds to check and most of a
/// minute to search fixes for in a debug build. (The largest specs only where a test asks.)
enum BundledResults {
  /// `spec.check()`, on two threads.
  static func checked(_ name: String) throws -> CheckResult {
    try entry(name).checked.get()
  }

  /// `spec.suggestingFixes(for: spec.check())`.
  static func withFixes(_ name: String) throws -> CheckResult {
    try entry(name).withFixes.get()
  }

  /// One spec's results, computed when first read, under the entry's lock: a reader that comes
  /// while another computes them waits for it.
  private final class Entry: @unchecked Sendable {
    let spec: NavigationSpec
    private let lock = NSLock()
    private var checkedResult: Result<CheckResult, SpecError>?
    private var fixedResult: Result<CheckResult, SpecError>?

    init(_ spec: NavigationSpec) { self.spec = spec }

    var checked: Result<CheckResult, SpecError> {
      lock.lock()
      defer { lock.unlock() }
      return computeChecked()
    }

    var withFixes: Result<CheckResult, SpecError> {
      lock.lock()
      defer { lock.unlock() }
      if let fixedResult { return fixedResult }
      let fixed = computeChecked().map { spec.suggestingFixes(for: $0) }
      fixedResult = fixed
      return fixed
    }

    private func computeChecked() -> Result<CheckResult, SpecError> {
      if let checkedResult { return checkedResult }
      let result = Result { () throws(SpecError) in try spec.check(threads: 2) }
      checkedResult = result
      return result
    }
  }

  private static let entries: [String: Entry] = Dictionary(
    uniqueKeysWithValues: BundledSpecs.all.map { ($0.name, Entry($0)) })

  private static func entry(_ name: String) throws -> Entry {
    try #require(entries[name], "no bundled spec \(name)")
  }
}
