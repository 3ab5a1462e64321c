import Foundation
import NavCheck

/// The file a router check writes ahead of every step, so a router that crashes the test
/// process leaves the sequence that crashed it, with the step it was running marked.
///
/// ```json
/// {"spec": "TodoApp", "test": "AppTests/RouterTests.swift:12", "seed": "42", "run": 17,
///  "pid": 4242, "started": "81234", "state": "running", "step": 3,
///  "events": [{"screen": "TodoList", "transition": "Add"}, {"gesture": "swipeDown"}, …]}
/// ```
///
/// `state` is `running` while a step runs (`step` is its 0-based index; for an exhaustive
/// check, `step` equal to the number of events means "one of the steps after these"), then
/// `finished` when the check ends, or `failed` with the minimal failing sequence. `pid` and
/// `started` name the process that wrote it. The next run of the same test that finds
/// `running`, written by a process that has ended, reports the crash first; one written by a
/// process still running is another run's, not a crash. One journal per test case: its path
/// names the spec, the call's file and line, and a parameterised test case's arguments.
/// `RouterJournal.events(at:)` reads it back for `assertRouterSequence`.
public struct RouterJournal: Sendable {
  /// Where it is written.
  public let path: String

  /// A journal at `path`.
  public init(path: String) { self.path = path }

  /// What a journal holds.
  public struct Entry: Sendable, Equatable {
    /// Where a check was when the journal was written.
    public enum State: String, Sendable {
      /// A step was running: a journal left in this state means the process died in it.
      case running
      /// The check ended and every sequence passed.
      case finished
      /// The check ended on a failure: `events` is the minimal failing sequence.
      case failed
    }

    public var spec: String
    /// The test that wrote it: `file:line` of the call.
    public var test: String
    public var seed: UInt64?
    public var run: Int?
    public var state: State
    /// The step running (0-based), while `running`.
    public var step: Int?
    public var events: [EventReference]
    /// The process that wrote it; `nil` in a journal written before journals named it.
    var writer: Writer?

    /// An entry; `seed` and `run` are a fuzzing run's.
    public init(
      spec: String, test: String, seed: UInt64? = nil, run: Int? = nil, state: State,
      step: Int? = nil, events: [EventReference]
    ) {
      self.spec = spec
      self.test = test
      self.seed = seed
      self.run = run
      self.state = state
      self.step = step
      self.events = events
    }

    var jsonValue: JSONValue {
      var members: [(String, JSONValue)] = [("spec", .string(spec)), ("test", .string(test))]
      if let seed { members.append(("seed", .string(String(seed)))) }
      if let run { members.append(("run", .int(run))) }
      if let writer {
        members.append(("pid", .int(Int(writer.pid))))
        if let started = writer.started { members.append(("started", .string(started))) }
      }
      members.append(("state", .string(state.rawValue)))
      if let step { members.append(("step", .int(step))) }
      members.append(("events", .array(events.map(\.jsonValue))))
      return .object(members)
    }
  }

  /// Writes `entry`, replacing what was there, with this process as its writer unless it
  /// names one; returns whether it was written.
  @discardableResult
  func write(_ entry: Entry) -> Bool {
    var entry = entry
    if entry.writer == nil { entry.writer = .current }
    do {
      try Data((entry.jsonValue.text() + "\n").utf8).write(
        to: URL(fileURLWithPath: path), options: .atomic)
      return true
    } catch {
      return false
    }
  }

  /// The entry the journal holds; `nil` where there is no journal.
  func read() throws -> Entry? {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return nil }
    let value: JSONValue
    do { value = try JSONReader.read(Array(data)) } catch {
      throw SpecError([
        SpecProblem("\(path) is not JSON: \(error.message) (line \(error.line))")
      ])
    }
    guard case .array(let events) = value["events"]?.kind else {
      throw SpecError([SpecProblem("\(path) holds no \"events\" array")])
    }
    func string(_ key: String) -> String? {
      if case .string(let s) = value[key]?.kind { return s }
      return nil
    }
    func int(_ key: String) -> Int? {
      if case .number(let n) = value[key]?.kind { return Int(n) }
      return nil
    }
    var entry = Entry(
      spec: string("spec") ?? "", test: string("test") ?? "",
      seed: string("seed").flatMap(UInt64.init),
      run: int("run"), state: string("state").flatMap(Entry.State.init) ?? .finished,
      step: int("step"),
      events: try events.map { event throws(SpecError) in try EventReference(jsonValue: event) })
    entry.writer = int("pid").flatMap(Int32.init(exactly:)).map {
      Writer(pid: $0, started: string("started"))
    }
    return entry
  }

  /// The events of the sequence a journal holds.
  ///
  /// ```swift
  /// let events = try RouterJournal.events(at: "/tmp/navcheck-TodoApp-RouterTests-12.journal.json")
  /// assertRouterSequence(todoApp, events) { TodoRouterAdapter() }
  /// ```
  public static func events(at path: String) throws -> [EventReference] {
    guard let entry = try RouterJournal(path: path).read() else {
      throw SpecError([SpecProblem("no journal at \(path)")])
    }
    return entry.events
  }

  /// The entry at `path`, where there is one.
  ///
  /// ```swift
  /// if let entry = try RouterJournal.entry(at: path), entry.state == .running { … }
  /// ```
  public static func entry(at path: String) throws -> Entry? {
    try RouterJournal(path: path).read()
  }

  /// The default journal of a test: `navcheck-<spec>-<file>-<line>.journal.json` in the
  /// temporary directory, so two tests that check one spec never share one; a parameterised
  /// test's case adds its arguments (`…-12-variant_fixed.journal.json`), so two cases of one
  /// test never share one either.
  static func defaultPath(spec: String, call: TestLocation, testCase: TestCaseArguments? = nil)
    -> String
  {
    func safe(_ text: String) -> String {
      String(text.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
    let file = "\(call.fileID)".split(separator: "/").last.map {
      String($0.replacingOccurrences(of: ".swift", with: ""))
    }
    let arguments = testCase.map { "-\($0.key)" } ?? ""
    let name =
      "navcheck-\(safe(spec))-\(safe(file ?? "test"))-\(call.line)\(arguments).journal.json"
    return URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(name).path
  }

  /// The test a journal names: `file:line` of the call, and a parameterised test case's
  /// arguments (`RecipeTests.swift:12 (variant: .fixed)`).
  static func testName(call: TestLocation, testCase: TestCaseArguments?) -> String {
    "\(call.fileID):\(call.line)" + (testCase.map { " (\($0.words))" } ?? "")
  }
}
