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
