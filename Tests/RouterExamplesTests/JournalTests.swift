import Foundation
import NavCheck
import NavCheckTestSupport
import Testing

@testable import NavCheckTesting

/// A router that crashes the test process leaves its sequence in the journal, the crashing step
/// marked, and the next run of the test reports it first, shrunk in child processes: the
/// program `navcheck-crashing-router` checks a router that dies on a sheet over a pushed screen,
/// in a child process.
@Suite struct JournalTests {
  /// The shortest sequence that crashes `CrashingRouter`.
  let sheetOverPush: [EventReference] = [
    .transition(screen: "Home", transition: .index(0)),
    .transition(screen: "Detail", transition: .index(0)),
  ]

  @Test func aCrashingWalkIsMarkedAndTheNextRunReportsItShrunk() throws {
    let journal = try crash(arguments: [])
    defer { try? FileManager.default.removeItem(atPath: journal) }
    let entry = try #require(try RouterJournal.entry(at: journal))
    #expect(entry.state == .running)
    // The marked step is the crashing one: a sheet requested from the pushed Detail screen.
    let step = try #require(entry.step)
    #expect(entry.events[step] == .transition(screen: "Detail", transition: .index(0)))
    #expect(entry.events[..<step].contains(.transition(screen: "Home", transition: .index(0))))
    #expect(entry.test.hasSuffix("main.swift:15"))
    // The journal's walk is one the spec allows, step by step.
    var reference = try ReferenceRouter(crashingSpec)
    for event in entry.events[...step] {
      guard case .success(let next) = reference.step(event) else {
        Issue.record("\(event) is not possible in the reference router")
        return
      }
      reference.perform(next)
    }

    // The next run reports the crash before anything else, shrunk to the two steps.
    var options = RouterFuzzOptions()
    options.journal = journal
    var result: RouterFuzzResult?
    let reports = withExpectedNavigationFailures {
      result = fuzzRouter(crashingSpec, options: options) { CrashingRouter() }
    }
    let failure = try #require(result?.failure)
    #expect(failure.rule == .doesNotCrash)
    #expect(failure.events == sheetOverPush)
    #expect(failure.message.hasPrefix("the process crashed (signal "))
    #expect(failure.message.hasSuffix("performing step 2"))
    #expect(result?.minimalBelow == 2)
    #expect(result?.statistics.runs == 0, "nothing else ran")
    #expect(reports.first?.contains("a previous run of this test crashed the process") == true)
    #expect(reports.first?.contains("minimal: no shorter sequence fails") == true)
    // The crash's own words, from the child's standard error, and where the router trapped.
    let report = try #require(reports.first)
    #expect(report.contains("Fatal error: CrashingRouter: a sheet over a pushed screen"))
    #if os(Linux)
      // The runtime's backtrace (on by default on Linux) names the router's frame.
      if ProcessInfo.processInfo.environment["SWIFT_BACKTRACE"]?.contains("enable=no") != true {
        #expect(report.contains("in CrashingRouter.perform(_:) at "))
        #expect(report.contains("CrashingSpec.swift:"))
      }
    #endif
    // The pasted test names the unlabelled transitions by what they do.
    #expect(report.contains(#".transition(screen: "Home", transition: .does("push Detail")),"#))
    #expect(report.contains(#".transition(screen: "Detail", transition: .does("sheet Compose")),"#))
    // Reported once: the journal now holds the minimal sequence, marked failed.
    #expect(try RouterJournal.entry(at: journal)?.state == .failed)
    #expect(try RouterJournal.events(at: journal) == sheetOverPush)
  }

  @Test func theExhaustiveCheckJournalsAndTheNextRunReportsTheCrash() throws {
    let journal = try crash(arguments: ["exhaustive"])
    defer { try? FileManager.default.removeItem(atPath: journal) }
    let entry = try #require(try RouterJournal.entry(at: journal))
    // It died in one of the steps after the state it was expanding.
    #expect(entry.state == .running)
    #expect(entry.step == entry.events.count)
    #expect(entry.events == [sheetOverPush[0]])

    var result: RouterExhaustiveResult?
    withExpectedNavigationFailures {
      result = checkRouterExhaustively(crashingSpec, threads: 1, journal: journal) {
        CrashingRouter()
      }
    }
    #expect(result?.failure?.rule == .doesNotCrash)
    #expect(result?.failure?.events == sheetOverPush)
    #expect(result?.states == 0, "nothing else ran")
  }

  /// A run stopped from outside (a timeout, ^C) leaves its journal running too: where the
  /// sequence does not crash again in a child process, the run goes on as usual.
  @Test func aJournalThatDoesNotCrashAgainIsNoFailure() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("navcheck-journal-test-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    RouterJournal(path: path).write(
      .init(
        spec: "Compose", test: "x", state: .running, step: 1,
        events: [composeMinimal[0], composeMinimal[1]]))
    var options = exampleOptions(runs: 20)
    options.journal = path
    let result = fuzzRouter(composeSpec, options: options) { StackRouter() }
    #expect(result.passed && result.statistics.runs == options.runs)
    #expect(try RouterJournal.entry(at: path)?.state == .finished)
  }

  /// A journal left running by a process that is still running is another run's (`swift test`
  /// on CI and on a developer's machine at once), or another check's of this process: not a
  /// crash, and nothing is replayed. Once its writer has ended, the same journal is a crash.
  @Test func aJournalLeftRunningByAProcessStillRunningIsNoCrash() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("navcheck-journal-test-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    // Another run of the test: a process that outlives the check.
    let other = Process()
    other.executableURL = URL(fileURLWithPath: "/bin/sleep")
    other.arguments = ["60"]
    try other.run()
    defer {
      if other.isRunning { other.terminate() }
    }
    let otherRun = RouterJournal.Writer(
      pid: other.processIdentifier,
      started: RouterJournal.Writer.startTime(of: other.processIdentifier))
    #expect(otherRun.isRunning)
    // The crashing sequence, left running: `runs = 0`, so nothing but a replay could crash.
    func check(writtenBy writer: RouterJournal.Writer) -> RouterFuzzResult {
      var entry = RouterJournal.Entry(
        spec: "Crashing", test: "x", state: .running, step: 1, events: sheetOverPush)
      entry.writer = writer
      RouterJournal(path: path).write(entry)
      var options = RouterFuzzOptions()
      options.journal = path
      options.runs = 0
      return fuzzRouter(crashingSpec, options: options) { CrashingRouter() }
    }
    for writer in [otherRun, RouterJournal.Writer.current] {
      let result = check(writtenBy: writer)
      #expect(result.passed && result.crash == nil, "written by \(writer): not a crash")
    }
    // The other run ends: what it left running is a crash now.
    other.terminate()
    other.waitUntilExit()
    #expect(!otherRun.isRunning)
    var result: RouterFuzzResult?
    withExpectedNavigationFailures { result = check(writtenBy: otherRun) }
    #expect(result?.failure?.rule == .doesNotCrash)
  }

  /// A journal names the process that writes it, and reads back with it; one written before
  /// journals named it reads without one.
  @Test func aJournalNamesItsWriter() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("navcheck-journal-test-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    RouterJournal(path: path).write(
      .init(spec: "Crashing", test: "x", state: .running, step: 0, events: [sheetOverPush[0]]))
    #expect(try RouterJournal.entry(at: path)?.writer == .current)
    let old =
      #"{"spec": "Crashing", "test": "x", "state": "running", "step": 0, "events": [{"screen": "Home", "transition": 0}]}"#
    try old.write(toFile: path, atomically: true, encoding: .utf8)
    let entry = try #require(try RouterJournal.entry(at: path))
    #expect(entry.writer == nil)
    #expect(entry.events == [sheetOverPush[0]])
  }

  /// Each case of a parameterised test has its own journal, named by its arguments: two cases
  /// never read each other's journal as a crash.
  @Test(arguments: ["shipped", "fixed"])
  func eachCaseOfAParameterisedTestHasItsOwnJournal(_ variant: String) {
    let result = fuzzRouter(composeSpec, options: exampleOptions(runs: 8)) { StackRouter() }
    #expect(result.passed && result.crash == nil)
    #expect(result.journal.hasSuffix("-variant_\(variant).journal.json"), "\(result.journal)")
    let entry = try? RouterJournal.entry(at: result.journal)
    #expect(entry?.test.contains("JournalTests.swift:") == true)
    #expect(entry?.test.hasSuffix(" (variant: \"\(variant)\")") == true)
  }

  /// One journal per test: two calls checking one spec never share one.
  @Test func eachTestHasItsOwnJournal() {
    let a = TestLocation(
      fileID: "App/ATests.swift", filePath: "/x/ATests.swift", line: 3, column: 1)
    let b = TestLocation(
      fileID: "App/ATests.swift", filePath: "/x/ATests.swift", line: 9, column: 1)
    let first = RouterJournal.defaultPath(spec: "Shop", call: a)
    #expect(first.hasSuffix("navcheck-Shop-ATests-3.journal.json"))
    #expect(first != RouterJournal.defaultPath(spec: "Shop", call: b))
  }

  /// Runs `navcheck-crashing-router` with a fresh journal; returns the journal's path.
  func crash(arguments: [String]) throws -> String {
    let program = try #require(
      builtProgram("navcheck-crashing-router"),
      "navcheck-crashing-router is built next to the test bundle")
    let journal = FileManager.default.temporaryDirectory
      .appendingPathComponent("navcheck-journal-test-\(UUID().uuidString).json").path
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["NAVCHECK_JOURNAL"] = journal
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal, "the router crashed the process")
    return journal
  }
}
