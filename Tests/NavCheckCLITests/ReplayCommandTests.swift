import Foundation
import Testing

/// `navcheck replay` and `navcheck simulate`.
@Suite struct ReplayCommandTests {
  let notes = NavcheckProcess.fixtures + "/notes.json"

  @Test func aTraceThatEndsInAStateExitsZeroAndPrintsTheScreensAfterEachStep() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try write(
      #"[{"screen": "Folders", "transition": 0}, {"screen": "NoteList", "transition": 1}, {"alertButton": "Cancel"}, {"gesture": "swipeBack"}]"#,
      to: "trace.json", in: folder)
    let run = try NavcheckProcess.run(["replay", notes, trace])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.contains("1. Folders: push NoteList\n     Folders › NoteList"), "\(run.stdout)")
    #expect(run.stdout.contains("Folders › NoteList [alert 'DeleteFolder']"), "\(run.stdout)")
    #expect(
      run.stdout.contains("4. user swipes back from NoteList\n     Folders\n"), "\(run.stdout)")
    #expect(run.stdout.contains("✓ every step is possible"))
  }

  @Test func anImpossibleStepExits65NamingTheStepAndWhy() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try write(
      #"[{"screen": "Folders", "transition": 0}, {"screen": "Folders", "transition": 0}]"#,
      to: "trace.json", in: folder)
    let run = try NavcheckProcess.run(["replay", notes, trace])
    #expect(run.status == 65)
    #expect(
      run.stderr.contains(
        "step 2 is not possible in Notes: the active screen is NoteList, not Folders"),
      "\(run.stderr)")
    let json = try NavcheckProcess.run(["replay", notes, trace, "--format", "json"])
    let ending = try #require(
      (try NavcheckProcess.json(json.stdout) as? [String: Any])?["ending"] as? [String: Any])
    #expect(ending["kind"] as? String == "impossible")
    #expect(ending["step"] as? Int == 2)
  }

  @Test func aMalformedTraceExits65() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let unknownStep = try write(#"[{"tap": "Folders"}]"#, to: "a.json", in: folder)
    let run = try NavcheckProcess.run(["replay", notes, unknownStep])
    #expect(run.status == 65)
    #expect(run.stderr.contains("step 1 is not a trace step"), "\(run.stderr)")
    let notJSON = try write("[{", to: "b.json", in: folder)
    #expect(try NavcheckProcess.run(["replay", notes, notJSON]).status == 65)
    let badGesture = try write(#"[{"gesture": "pinch"}]"#, to: "c.json", in: folder)
    let gesture = try NavcheckProcess.run(["replay", notes, badGesture])
    #expect(gesture.status == 65)
    #expect(gesture.stderr.contains("unknown gesture 'pinch'"), "\(gesture.stderr)")
  }

  @Test func replayNeedsATrace() throws {
    let run = try NavcheckProcess.run(["replay", notes])
    #expect(run.status == 64)
    #expect(run.stderr.contains("usage: navcheck replay SPEC TRACE"), "\(run.stderr)")
  }

  @Test func aSeedWalksTheSameWayEveryTime() throws {
    let first = try NavcheckProcess.run(["simulate", notes, "--steps", "12", "--seed", "7"])
    let second = try NavcheckProcess.run(["simulate", notes, "--steps", "12", "--seed", "7"])
    #expect([0, 1].contains(first.status))
    #expect(first.status == second.status)
    #expect(first.stdout == second.stdout)
    #expect(first.stdout.contains("seed 7"))
    #expect(first.stdout.contains("1. Folders: "), "\(first.stdout)")
    if first.status == 1 { #expect(first.stdout.contains("breaks orphanedCompletion")) }
  }

  @Test func simulateReportsAViolationWithExitOneAndWalksReplayable() throws {
    // Some seed runs into one of Notes' two orphaned completions within 30 steps; its JSON
    // trace replays to the same ending.
    var found = false
    for seed in 0..<20 {
      let run = try NavcheckProcess.run([
        "simulate", notes, "--steps", "30", "--seed", String(seed), "--format", "json",
      ])
      let walk = try #require(try NavcheckProcess.json(run.stdout) as? [String: Any])
      let ending = try #require(walk["ending"] as? [String: Any])
      #expect(run.status == (ending["kind"] as? String == "violation" ? 1 : 0))
      guard run.status == 1 else { continue }
      found = true
      let folder = try NavcheckProcess.temporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let trace = try JSONSerialization.data(withJSONObject: walk["trace"]!)
      try trace.write(to: folder.appendingPathComponent("walk.json"))
      let replay = try NavcheckProcess.run([
        "replay", notes, folder.appendingPathComponent("walk.json").path, "--format", "json",
      ])
      #expect(replay.status == 1)
      let replayed = try #require(try NavcheckProcess.json(replay.stdout) as? [String: Any])
      #expect(
        (replayed["ending"] as? [String: Any])?["violation"] as? String == ending["violation"]
          as? String)
      break
    }
    #expect(found, "no seed of 20 found Notes' orphaned completion")
  }

  @Test func simulateRejectsABadSeed() throws {
    let run = try NavcheckProcess.run(["simulate", notes, "--seed", "-3"])
    #expect(run.status == 64)
  }
}

extension ReplayCommandTests {
  @Test func aTrapCounterexampleReplaysToTheTrap() throws {
    let trap = NavcheckProcess.fixtures + "/trap.json"
    let check = try NavcheckProcess.run(["check", trap, "--format", "json"])
    #expect(check.status == 1)
    let report = try NavcheckProcess.result(check.stdout)
    let violation = try #require((report["violations"] as? [[String: Any]])?.first)
    #expect(violation["kind"] as? String == "trap")
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("trap.json")
    try JSONSerialization.data(withJSONObject: violation).write(to: path)
    let replay = try NavcheckProcess.run(["replay", trap, path.path])
    #expect(replay.status == 1, "\(replay.stdout + replay.stderr)")
    #expect(replay.stdout.contains("✗ step 1 breaks trap — the user is stuck"), "\(replay.stdout)")
    // Going to Settings and back is no trap.
    let fine = try write(
      #"[{"screen": "Home", "transition": 1}, {"screen": "Settings", "transition": 0}]"#,
      to: "fine.json", in: folder)
    #expect(try NavcheckProcess.run(["replay", trap, fine]).status == 0)
  }
}

extension ReplayCommandTests {
  /// A report of Notes (two violations) and Kiosk (a trap), and its path.
  func reportOfTwoSpecs(in folder: URL) throws -> String {
    let check = try NavcheckProcess.run([
      "check", notes, NavcheckProcess.fixtures + "/holds.json", trap, "--format", "json",
      "--output", folder.appendingPathComponent("report.json").path,
    ])
    #expect(check.status == 1, "\(check.stderr)")
    return folder.appendingPathComponent("report.json").path
  }

  var trap: String { NavcheckProcess.fixtures + "/trap.json" }

  @Test func aReportWithSeveralViolationsIsAUsageErrorThatListsThem() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = try reportOfTwoSpecs(in: folder)
    let run = try NavcheckProcess.run(["replay", notes, report])
    #expect(run.status == 64)
    #expect(
      run.stderr.contains("holds 3 violations; pick the one to replay with --violation N"),
      "\(run.stderr)")
    for line in [
      "  1. orphanedCompletion in Notes (NewFolder: ", "  2. orphanedCompletion in Notes (Note: ",
      "  3. trap in Kiosk\n",
    ] {
      #expect(run.stderr.contains(line), "missing \(line)\n\(run.stderr)")
    }
    #expect(run.stdout == "", "nothing is replayed")
    let past = try NavcheckProcess.run(["replay", notes, report, "--violation", "4"])
    #expect(past.status == 64)
    #expect(past.stderr.contains("there is no violation 4"), "\(past.stderr)")
    #expect(past.stderr.contains("  3. trap in Kiosk"), "\(past.stderr)")
    #expect(try NavcheckProcess.run(["replay", notes, report, "--violation", "0"]).status == 64)
  }

  @Test func violationPicksOneViolationOfAReportOfSeveralSpecs() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = try reportOfTwoSpecs(in: folder)
    let results = try NavcheckProcess.results(try String(contentsOfFile: report, encoding: .utf8))
    let notesViolations = try #require(results[0]["violations"] as? [[String: Any]])
    for n in [1, 2] {
      let run = try NavcheckProcess.run([
        "replay", notes, report, "--violation", String(n), "--format", "json",
      ])
      #expect(run.status == 1, "\(run.stderr)")
      let ending = try #require(
        (try NavcheckProcess.json(run.stdout) as? [String: Any])?["ending"] as? [String: Any])
      #expect(ending["message"] as? String == notesViolations[n - 1]["message"] as? String)
    }
    // Violation 3 is Kiosk's: of the two SPECs, it is replayed in Kiosk.
    let kiosk = try NavcheckProcess.run(["replay", notes, trap, report, "--violation", "3"])
    #expect(kiosk.status == 1, "\(kiosk.stderr)")
    #expect(
      kiosk.stdout.hasPrefix("Replaying 1 step of violation 3 of \(report) in Kiosk"),
      "\(kiosk.stdout)")
    #expect(kiosk.stdout.contains("breaks trap"), "\(kiosk.stdout)")
    // Replayed in another spec, it says so.
    let elsewhere = try NavcheckProcess.run(["replay", notes, report, "--violation", "3"])
    #expect(
      elsewhere.stderr.contains("violation 3 of \(report) was found in spec 'Kiosk'"),
      "\(elsewhere.stderr)")
  }

  @Test func violationIsForReportsOnly() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try write(#"[{"screen": "Folders", "transition": 0}]"#, to: "t.json", in: folder)
    let run = try NavcheckProcess.run(["replay", notes, trace, "--violation", "1"])
    #expect(run.status == 64)
    #expect(run.stderr.contains("is a trace, not a report"), "\(run.stderr)")
    let holds = try NavcheckProcess.run([
      "check", NavcheckProcess.fixtures + "/holds.json", "--format", "json",
    ])
    let clean = try write(holds.stdout, to: "clean.json", in: folder)
    let none = try NavcheckProcess.run(["replay", notes, clean])
    #expect(none.status == 65)
    #expect(none.stderr.contains("is a report without violations"), "\(none.stderr)")
  }
}

extension ReplayCommandTests {
  /// The arguments of the command `simulate` prints to walk the same way again, read as a shell
  /// reads them (words, single quotes); the program's name first.
  func printedCommand(_ output: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> [String]
  {
    let prefix = "To walk it again: "
    let printed = try #require(
      output.split(separator: "\n").first { $0.hasPrefix(prefix) }, "\(output)",
      sourceLocation: sourceLocation
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
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let first = try NavcheckProcess.run(["simulate"] + arguments, in: folder)
    #expect([0, 1].contains(first.status), "\(first.stderr)", sourceLocation: sourceLocation)
    let command = try printedCommand(first.stdout, sourceLocation: sourceLocation)
    #expect(Array(command.prefix(expected.count)) == expected, sourceLocation: sourceLocation)
    #expect(command.first == "navcheck", sourceLocation: sourceLocation)
    let again = try NavcheckProcess.run(Array(command.dropFirst()), in: folder)
    #expect(again.status == first.status, "\(again.stderr)", sourceLocation: sourceLocation)
    #expect(again.stdout == first.stdout, sourceLocation: sourceLocation)
  }

  @Test func simulatePrintsACommandThatWalksTheSameWayForEveryKindOfSpec() throws {
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
    let bundled = try #require(try NavcheckProcess.listed(list.stdout).first?["name"] as? String)
    try assertThePrintedCommandWalksTheSameWay(
      [bundled.lowercased()], expected: ["navcheck", "simulate", bundled, "--steps"])
  }

  @Test func theCommandSimulatePrintsQuotesAPathForTheShell() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let specs = folder.appendingPathComponent("my specs")
    try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: NavcheckProcess.root.appendingPathComponent(notes),
      to: specs.appendingPathComponent("notes.json"))
    let run = try NavcheckProcess.run(
      ["simulate", "my specs/notes.json", "--seed", "3"], in: folder)
    #expect(
      run.stdout.contains("To walk it again: navcheck simulate 'my specs/notes.json' --steps 20"),
      "\(run.stdout)")
    try assertThePrintedCommandWalksTheSameWay(
      ["my specs/notes.json"], in: folder,
      expected: ["navcheck", "simulate", "my specs/notes.json"])
    let json = try NavcheckProcess.run(
      ["simulate", "my specs/notes.json", "--seed", "3", "--format", "json"], in: folder)
    #expect(
      (try NavcheckProcess.json(json.stdout) as? [String: Any])?["command"] as? String
        == "navcheck simulate 'my specs/notes.json' --steps 20 --seed 3")
  }
}
