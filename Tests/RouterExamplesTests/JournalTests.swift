import Foundation
import NavCheck
import NavCheckTestSupport
import Testing

@testable import NavCheckTesting

/// A router that crashes the test process still leaves its sequence in the journal: the
/// program `navcheck-crashing-router` fuzzes a router that dies on a sheet over a pushed
/// screen, in a child process.
@Suite struct JournalTests {
  @Test func aCrashingRouterLeavesItsSequenceInTheJournal() throws {
    let program = try #require(
      builtProgram("navcheck-crashing-router"),
      "navcheck-crashing-router is built next to the test bundle")
    let journal = FileManager.default.temporaryDirectory
      .appendingPathComponent("navcheck-journal-test-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: journal) }
    let process = Process()
    process.executableURL = program
    var environment = ProcessInfo.processInfo.environment
    environment["NAVCHECK_JOURNAL"] = journal.path
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal, "the router crashed the process")

    let events = try RouterJournal.events(at: journal.path)
    // The crashing step is in the walk: a sheet requested from the pushed Detail screen.
    let crash = try #require(
      events.firstIndex(of: .transition(screen: "Detail", transition: .index(0))))
    #expect(events[..<crash].contains(.transition(screen: "Home", transition: .index(0))))
    // The journal's walk is one the spec allows, step by step.
    var reference = try ReferenceRouter(crashingSpec)
    for event in events {
      guard case .success(let step) = reference.step(event) else {
        Issue.record("\(event) is not possible in the reference router")
        return
      }
      reference.perform(step)
    }
  }

  /// A program of this package, next to the test bundle in whichever build folder built it.
  func builtProgram(_ name: String) -> URL? {
    var starts = [Bundle.main.bundleURL]
    if let first = CommandLine.arguments.first { starts.append(URL(fileURLWithPath: first)) }
    for start in starts {
      var folder = start.resolvingSymlinksInPath()
      for _ in 0..<6 {
        let candidate = folder.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder.deleteLastPathComponent()
      }
    }
    return nil
  }
}
