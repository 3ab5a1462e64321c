import Foundation
import XCTest

/// `navcheck replay` and `navcheck simulate`.
final class ReplayCommandTests: XCTestCase {
  let notes = NavcheckProcess.fixtures + "/notes.json"

  func testATraceThatEndsInAStateExitsZeroAndPrintsTheScreensAfterEachStep() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    let trace = try write(
      #"[{"screen": "Folders", "transition": 0}, {"screen": "NoteList", "transition": 1}, {"alertButton": "Cancel"}, {"gesture": "swipeBack"}]"#,
      to: "trace.json", in: folder)
    let run = try NavcheckProcess.run(["replay", notes, trace])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(
      run.stdout.contains("1. Folders: push NoteList\n     Folders › NoteList"), run.stdout)
    XCTAssertTrue(run.stdout.contains("Folders › NoteList [alert 'DeleteFolder']"), run.stdout)
    XCTAssertTrue(
      run.stdout.contains("4. user swipes back from NoteList\n     Folders\n"), run.stdout)
    XCTAssertTrue(run.stdout.contains("✓ every step is possible"))
  }

  func testAnImpossibleStepExits65NamingTheStepAndWhy() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    let trace = try write(
      #"[{"screen": "Folders", "transition": 0}, {"screen": "Folders", "transition": 0}]"#,
      to: "trace.json", in: folder)
    let run = try NavcheckProcess.run(["replay", notes, trace])
    XCTAssertEqual(run.status, 65)
    XCTAssertTrue(
      run.stderr.contains(
        "step 2 is not possible in Notes: the active screen is NoteList, not Folders"),
      run.stderr)
    let json = try NavcheckProcess.run(["replay", notes, trace, "--format", "json"])
    let ending = try XCTUnwrap(
      (try NavcheckProcess.json(json.stdout) as? [String: Any])?["ending"] as? [String: Any])
    XCTAssertEqual(ending["kind"] as? String, "impossible")
    XCTAssertEqual(ending["step"] as? Int, 2)
  }

  func testAMalformedTraceExits65() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    let unknownStep = try write(#"[{"tap": "Folders"}]"#, to: "a.json", in: folder)
    let run = try NavcheckProcess.run(["replay", notes, unknownStep])
    XCTAssertEqual(run.status, 65)
    XCTAssertTrue(run.stderr.contains("step 1 is not a trace step"), run.stderr)
    let notJSON = try write("[{", to: "b.json", in: folder)
    XCTAssertEqual(try NavcheckProcess.run(["replay", notes, notJSON]).status, 65)
    let badGesture = try write(#"[{"gesture": "pinch"}]"#, to: "c.json", in: folder)
    let gesture = try NavcheckProcess.run(["replay", notes, badGesture])
    XCTAssertEqual(gesture.status, 65)
    XCTAssertTrue(gesture.stderr.contains("unknown gesture 'pinch'"), gesture.stderr)
  }

  func testReplayNeedsATrace() throws {
    let run = try NavcheckProcess.run(["replay", notes])
    XCTAssertEqual(run.status, 64)
    XCTAssertTrue(run.stderr.contains("usage: navcheck replay SPEC TRACE"), run.stderr)
  }

  func testASeedWalksTheSameWayEveryTime() throws {
    let first = try NavcheckProcess.run(["simulate", notes, "--steps", "12", "--seed", "7"])
    let second = try NavcheckProcess.run(["simulate", notes, "--steps", "12", "--seed", "7"])
    XCTAssertTrue([0, 1].contains(first.status))
    XCTAssertEqual(first.status, second.status)
    XCTAssertEqual(first.stdout, second.stdout)
    XCTAssertTrue(first.stdout.contains("seed 7"))
    XCTAssertTrue(first.stdout.contains("1. Folders: "), first.stdout)
    if first.status == 1 { XCTAssertTrue(first.stdout.contains("breaks orphanedCompletion")) }
  }

  func testSimulateReportsAViolationWithExitOneAndWalksReplayable() throws {
    // Some seed runs into one of Notes' two orphaned completions within 30 steps; its JSON
    // trace replays to the same ending.
    var found = false
    for seed in 0..<20 {
      let run = try NavcheckProcess.run([
        "simulate", notes, "--steps", "30", "--seed", String(seed), "--format", "json",
      ])
      let walk = try XCTUnwrap(try NavcheckProcess.json(run.stdout) as? [String: Any])
      let ending = try XCTUnwrap(walk["ending"] as? [String: Any])
      XCTAssertEqual(run.status, ending["kind"] as? String == "violation" ? 1 : 0)
      guard run.status == 1 else { continue }
      found = true
      let folder = try NavcheckProcess.temporaryFolder()
      let trace = try JSONSerialization.data(withJSONObject: walk["trace"]!)
      try trace.write(to: folder.appendingPathComponent("walk.json"))
      let replay = try NavcheckProcess.run([
        "replay", notes, folder.appendingPathComponent("walk.json").path, "--format", "json",
      ])
      XCTAssertEqual(replay.status, 1)
      let replayed = try XCTUnwrap(try NavcheckProcess.json(replay.stdout) as? [String: Any])
      XCTAssertEqual(
        (replayed["ending"] as? [String: Any])?["violation"] as? String,
        ending["violation"] as? String)
      break
    }
    XCTAssertTrue(found, "no seed of 20 found Notes' orphaned completion")
  }

  func testSimulateRejectsABadSeed() throws {
    let run = try NavcheckProcess.run(["simulate", notes, "--seed", "-3"])
    XCTAssertEqual(run.status, 64)
  }
}

extension ReplayCommandTests {
  func testATrapCounterexampleReplaysToTheTrap() throws {
    let trap = NavcheckProcess.fixtures + "/trap.json"
    let check = try NavcheckProcess.run(["check", trap, "--format", "json"])
    XCTAssertEqual(check.status, 1)
    let report = try NavcheckProcess.result(check.stdout)
    let violation = try XCTUnwrap((report["violations"] as? [[String: Any]])?.first)
    XCTAssertEqual(violation["kind"] as? String, "trap")
    let folder = try NavcheckProcess.temporaryFolder()
    let path = folder.appendingPathComponent("trap.json")
    try JSONSerialization.data(withJSONObject: violation).write(to: path)
    let replay = try NavcheckProcess.run(["replay", trap, path.path])
    XCTAssertEqual(replay.status, 1, replay.stdout + replay.stderr)
    XCTAssertTrue(replay.stdout.contains("✗ step 1 breaks trap — the user is stuck"), replay.stdout)
    // Going to Settings and back is no trap.
    let fine = try write(
      #"[{"screen": "Home", "transition": 1}, {"screen": "Settings", "transition": 0}]"#,
      to: "fine.json", in: folder)
    XCTAssertEqual(try NavcheckProcess.run(["replay", trap, fine]).status, 0)
  }
}

extension ReplayCommandTests {
  /// A report of Notes (two violations) and Kiosk (a trap), and its path.
  func reportOfTwoSpecs(in folder: URL) throws -> String {
    let check = try NavcheckProcess.run([
      "check", notes, NavcheckProcess.fixtures + "/holds.json", trap, "--format", "json",
      "--output", folder.appendingPathComponent("report.json").path,
    ])
    XCTAssertEqual(check.status, 1, check.stderr)
    return folder.appendingPathComponent("report.json").path
  }

  var trap: String { NavcheckProcess.fixtures + "/trap.json" }

  func testAReportWithSeveralViolationsIsAUsageErrorThatListsThem() throws {
    let report = try reportOfTwoSpecs(in: try NavcheckProcess.temporaryFolder())
    let run = try NavcheckProcess.run(["replay", notes, report])
    XCTAssertEqual(run.status, 64)
    XCTAssertTrue(
      run.stderr.contains("holds 3 violations; pick the one to replay with --violation N"),
      run.stderr)
    for line in [
      "  1. orphanedCompletion in Notes (NewFolder: ", "  2. orphanedCompletion in Notes (Note: ",
      "  3. trap in Kiosk\n",
    ] {
      XCTAssertTrue(run.stderr.contains(line), "missing \(line)\n\(run.stderr)")
    }
    XCTAssertEqual(run.stdout, "", "nothing is replayed")
    let past = try NavcheckProcess.run(["replay", notes, report, "--violation", "4"])
    XCTAssertEqual(past.status, 64)
    XCTAssertTrue(past.stderr.contains("there is no violation 4"), past.stderr)
    XCTAssertTrue(past.stderr.contains("  3. trap in Kiosk"), past.stderr)
    XCTAssertEqual(
      try NavcheckProcess.run(["replay", notes, report, "--violation", "0"]).status, 64)
  }

  func testViolationPicksOneViolationOfAReportOfSeveralSpecs() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    let report = try reportOfTwoSpecs(in: folder)
    let results = try NavcheckProcess.results(try String(contentsOfFile: report, encoding: .utf8))
    let notesViolations = try XCTUnwrap(results[0]["violations"] as? [[String: Any]])
    for n in [1, 2] {
      let run = try NavcheckProcess.run([
        "replay", notes, report, "--violation", String(n), "--format", "json",
      ])
      XCTAssertEqual(run.status, 1, run.stderr)
      let ending = try XCTUnwrap(
        (try NavcheckProcess.json(run.stdout) as? [String: Any])?["ending"] as? [String: Any])
      XCTAssertEqual(ending["message"] as? String, notesViolations[n - 1]["message"] as? String)
    }
    // Violation 3 is Kiosk's: of the two SPECs, it is replayed in Kiosk.
    let kiosk = try NavcheckProcess.run(["replay", notes, trap, report, "--violation", "3"])
    XCTAssertEqual(kiosk.status, 1, kiosk.stderr)
    XCTAssertTrue(
      kiosk.stdout.hasPrefix("Replaying 1 step of violation 3 of \(report) in Kiosk"), kiosk.stdout)
    XCTAssertTrue(kiosk.stdout.contains("breaks trap"), kiosk.stdout)
    // Replayed in another spec, it says so.
    let elsewhere = try NavcheckProcess.run(["replay", notes, report, "--violation", "3"])
    XCTAssertTrue(
      elsewhere.stderr.contains("violation 3 of \(report) was found in spec 'Kiosk'"),
      elsewhere.stderr)
  }

  func testViolationIsForReportsOnly() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    let trace = try write(#"[{"screen": "Folders", "transition": 0}]"#, to: "t.json", in: folder)
    let run = try NavcheckProcess.run(["replay", notes, trace, "--violation", "1"])
    XCTAssertEqual(run.status, 64)
    XCTAssertTrue(run.stderr.contains("is a trace, not a report"), run.stderr)
    let holds = try NavcheckProcess.run([
      "check", NavcheckProcess.fixtures + "/holds.json", "--format", "json",
    ])
    let clean = try write(holds.stdout, to: "clean.json", in: folder)
    let none = try NavcheckProcess.run(["replay", notes, clean])
    XCTAssertEqual(none.status, 65)
    XCTAssertTrue(none.stderr.contains("is a report without violations"), none.stderr)
  }
}

extension ReplayCommandTests {
  /// The arguments of the command `simulate` prints to walk the same way again, read as a shell
  /// reads them (words, single quotes); the program's name first.
  func printedCommand(_ output: String, file: StaticString = #filePath, line: UInt = #line) throws
    -> [String]
  {
    let prefix = "To walk it again: "
    let printed = try XCTUnwrap(
      output.split(separator: "\n").first { $0.hasPrefix(prefix) }, output, file: file,
      line: line
    ).dropFirst(prefix.count)
    var words: [String] = []
    var word: String?
    var quoted = false
    for character in printed {
      if character == "'" {
        quoted.toggle()
        word = word ?? ""
      } else if character == " " && !quoted {
        if let done = word { words.append(done) }
        word = nil
      } else {
        word = (word ?? "") + String(character)
      }
    }
    if let word { words.append(word) }
    return words
  }

  /// Runs `simulate` without a seed, then the command it printed: the same walk.
  func assertThePrintedCommandWalksTheSameWay(
    _ arguments: [String], in folder: URL = NavcheckProcess.root, expected: [String],
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let first = try NavcheckProcess.run(["simulate"] + arguments, in: folder)
    XCTAssertTrue([0, 1].contains(first.status), first.stderr, file: file, line: line)
    let command = try printedCommand(first.stdout, file: file, line: line)
    XCTAssertEqual(Array(command.prefix(expected.count)), expected, file: file, line: line)
    XCTAssertEqual(command.first, "navcheck", file: file, line: line)
    let again = try NavcheckProcess.run(Array(command.dropFirst()), in: folder)
    XCTAssertEqual(again.status, first.status, again.stderr, file: file, line: line)
    XCTAssertEqual(again.stdout, first.stdout, file: file, line: line)
  }

  func testSimulatePrintsACommandThatWalksTheSameWayForEveryKindOfSpec() throws {
    let app = NavcheckProcess.fixtures + "/App.swift"
    try assertThePrintedCommandWalksTheSameWay(
      [app, "--spec", "Settings", "--steps", "6"],
      expected: ["navcheck", "simulate", app, "--spec", "Settings", "--steps", "6", "--seed"])
    try assertThePrintedCommandWalksTheSameWay(
      [app + "#App"], expected: ["navcheck", "simulate", app, "--spec", "App", "--steps", "20"])
    try assertThePrintedCommandWalksTheSameWay(
      [notes, "--steps", "8"], expected: ["navcheck", "simulate", notes, "--steps", "8"])
    // A bundled spec by its name, however it was written.
    let list = try NavcheckProcess.run(["list", "--format", "json"])
    let bundled = try XCTUnwrap(
      try NavcheckProcess.listed(list.stdout).first?["name"] as? String)
    try assertThePrintedCommandWalksTheSameWay(
      [bundled.lowercased()], expected: ["navcheck", "simulate", bundled, "--steps"])
  }

  func testTheCommandSimulatePrintsQuotesAPathForTheShell() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    let specs = folder.appendingPathComponent("my specs")
    try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: NavcheckProcess.root.appendingPathComponent(notes),
      to: specs.appendingPathComponent("notes.json"))
    let run = try NavcheckProcess.run(
      ["simulate", "my specs/notes.json", "--seed", "3"], in: folder)
    XCTAssertTrue(
      run.stdout.contains("To walk it again: navcheck simulate 'my specs/notes.json' --steps 20"),
      run.stdout)
    try assertThePrintedCommandWalksTheSameWay(
      ["my specs/notes.json"], in: folder,
      expected: ["navcheck", "simulate", "my specs/notes.json"])
    let json = try NavcheckProcess.run(
      ["simulate", "my specs/notes.json", "--seed", "3", "--format", "json"], in: folder)
    XCTAssertEqual(
      (try NavcheckProcess.json(json.stdout) as? [String: Any])?["command"] as? String,
      "navcheck simulate 'my specs/notes.json' --steps 20 --seed 3")
  }
}
