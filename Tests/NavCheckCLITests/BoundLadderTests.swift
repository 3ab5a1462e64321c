import Foundation
import XCTest

/// `--bounds S/P`, `--bounds auto` and `--time-limit`, on a spec whose state count at each
/// bound is known by hand: every screen is A, which pushes A and presents A as a sheet, so a
/// state is the height (1…S) of each of 1…P+1 environments: S + S² + … + S^(P+1) states.
final class BoundLadderTests: XCTestCase {
  var spec = ""

  override func setUpWithError() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    spec = try write(
      """
      {"name": "Ladder", "root": "A",
       "destinations": [{"name": "A", "transitions": [
         {"action": "push", "destination": "A"}, {"action": "sheet", "destination": "A"}]}],
       "bounds": {"maxStackDepth": 4, "maxPresentationDepth": 3}}
      """, to: "ladder.json", in: folder)
  }

  func states(_ stdout: String) throws -> [Int] {
    try NavcheckProcess.results(stdout).compactMap { $0["states"] as? Int }
  }

  func testExplicitBoundsReplaceTheSpecs() throws {
    let run = try NavcheckProcess.run(["check", spec, "--bounds", "3/2", "--format", "json"])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(try states(run.stdout), [3 + 9 + 27])
    XCTAssertEqual(
      try NavcheckProcess.results(run.stdout).first?["spec"] as? String, "Ladder at bounds 3/2")
  }

  /// 1/1: 2, 2/1: 6, 3/1: 12, 3/2: 39, 4/2: 84, then 4/3 (340) passes 100 states.
  func testTheLadderReportsTheLargestCompleteBoundsAndTheNextsPartialResult() throws {
    let run = try NavcheckProcess.run([
      "check", spec, "--bounds", "auto", "--max-states", "100", "--format", "json",
    ])
    XCTAssertEqual(run.status, 2, run.stderr)
    let results = try NavcheckProcess.results(run.stdout)
    XCTAssertEqual(
      results.compactMap { $0["spec"] as? String },
      ["Ladder at bounds 4/2", "Ladder at bounds 4/3"])
    XCTAssertEqual(try states(run.stdout), [4 + 16 + 64, 100])
    let text = try NavcheckProcess.run(["check", spec, "--bounds", "auto", "--max-states", "100"])
    XCTAssertTrue(text.stdout.hasPrefix("✓ Ladder at bounds 4/2: every rule holds\n"), text.stdout)
    XCTAssertTrue(text.stdout.contains("? Ladder at bounds 4/3: incomplete"), text.stdout)
    // With room for every rung, the spec's own bounds are the result.
    let all = try NavcheckProcess.run(["check", spec, "--bounds", "auto", "--format", "json"])
    XCTAssertEqual(all.status, 0, all.stderr)
    XCTAssertEqual(try states(all.stdout), [4 + 16 + 64 + 256])
  }

  func testAnIncompleteRunSaysWhichSmallerBoundsAreComplete() throws {
    let run = try NavcheckProcess.run(["check", spec, "--max-states", "100"])
    XCTAssertEqual(run.status, 2)
    XCTAssertTrue(
      run.stderr.contains(
        "navcheck: note: Ladder is complete at bounds 4/2: 84 states, every rule holds; --bounds 4/2 reports it"
      ), run.stderr)
    let none = try NavcheckProcess.run(["check", spec, "--max-states", "1"])
    XCTAssertTrue(
      none.stderr.contains("Ladder is complete at no smaller bounds within these limits"),
      none.stderr)
  }

  func testATimeLimitCutsTheRunAndSaysSo() throws {
    let run = try NavcheckProcess.run([
      "check", spec, "--bounds", "8/5", "--time-limit", "50ms", "--progress", "never",
    ])
    XCTAssertEqual(run.status, 2, run.stderr)
    XCTAssertTrue(run.stdout.contains("the run was cancelled by --time-limit (0.05 s)"), run.stdout)
  }

  func testBadValuesAreUsageErrors() throws {
    for (option, value) in [("--bounds", "4"), ("--bounds", "0/2"), ("--time-limit", "soon")] {
      let run = try NavcheckProcess.run(["check", spec, option, value])
      XCTAssertEqual(run.status, 64, "\(option) \(value)")
    }
  }

  func testABoundBelowOneIsNamed() throws {
    for (value, which) in [
      ("0/0", "the stack depth is 0 and the presentation depth is 0"),
      ("0/2", "the stack depth is 0"), ("3/-1", "the presentation depth is -1"),
    ] {
      let run = try NavcheckProcess.run(["check", spec, "--bounds", value])
      XCTAssertEqual(run.status, 64, value)
      XCTAssertEqual(
        run.stderr,
        "navcheck: error: --bounds \(value): \(which); each bound must be at least 1\n"
          + "1/1 is the smallest; auto climbs from it to the spec's own bounds\n")
    }
  }
}
