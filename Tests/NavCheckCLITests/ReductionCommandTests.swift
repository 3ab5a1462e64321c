import Foundation
import XCTest

/// `--reduction auto|always|never` and `--no-reduction`, on two tabs that each push one screen:
/// 8 states in the full product (the selected tab × each stack at its root or pushed), 6 in
/// the reduced graph (not both pushed; `TabReductionTests` derives both by hand).
final class ReductionCommandTests: XCTestCase {
  var spec = ""

  override func setUpWithError() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    spec = try write(
      """
      {"name": "Two", "tabs": ["A", "B"],
       "destinations": [
         {"name": "A", "transitions": [{"action": "push", "destination": "X"}]},
         {"name": "B", "transitions": [{"action": "push", "destination": "Y"}]},
         {"name": "X", "transitions": []}, {"name": "Y", "transitions": []}],
       "bounds": {"maxStackDepth": 2, "maxPresentationDepth": 1}}
      """, to: "two.json", in: folder)
  }

  func result(_ arguments: [String]) throws -> (status: Int32, json: [String: Any]) {
    let run = try NavcheckProcess.run(["check", spec, "--format", "json"] + arguments)
    return (run.status, try XCTUnwrap(NavcheckProcess.results(run.stdout).first, run.stderr))
  }

  func testSmallSpecsKeepTheFullProductsCounts() throws {
    for arguments in [[], ["--no-reduction"], ["--reduction", "never"]] {
      let (status, json) = try result(arguments)
      XCTAssertEqual(status, 0)
      XCTAssertEqual(json["states"] as? Int, 8, "\(arguments)")
      XCTAssertNil(json["reduced"], "\(arguments)")
    }
  }

  func testAReducedRunSaysItsCountsAreOfTheReducedGraph() throws {
    let (status, json) = try result(["--reduction", "always"])
    XCTAssertEqual(status, 0)
    XCTAssertEqual(json["states"] as? Int, 6)
    XCTAssertEqual(json["transitions"] as? Int, 12)
    XCTAssertEqual(json["reduced"] as? Bool, true)
    let text = try NavcheckProcess.run(["check", spec, "--reduction", "always"])
    XCTAssertTrue(text.stdout.contains("\n6 states (reduced), 12 transitions, "), text.stdout)
    XCTAssertTrue(
      text.stdout.contains("reduced: the tabs were explored one changed tab at a time"),
      text.stdout)
    // The machine-read reports say so too.
    let sarif = try NavcheckProcess.run([
      "check", spec, "--reduction", "always", "--format", "sarif",
    ])
    XCTAssertTrue(sarif.stdout.contains("\"reduced\": true"), sarif.stdout)
    let junit = try NavcheckProcess.run([
      "check", spec, "--reduction", "always", "--format", "junit",
    ])
    XCTAssertTrue(
      junit.stdout.contains("<property name=\"reduced\" value=\"true\"/>"), junit.stdout)
    let full = try NavcheckProcess.run(["check", spec, "--format", "sarif"])
    XCTAssertFalse(full.stdout.contains("\"reduced\""), full.stdout)
  }

  /// `auto` reduces where the full product does not fit: here the cap of 7 states cuts the
  /// product (8), and the reduced graph (6) is complete.
  func testAutoReducesWhereTheProductDoesNotFit() throws {
    let (status, json) = try result(["--max-states", "7"])
    XCTAssertEqual(status, 0)
    XCTAssertEqual(json["complete"] as? Bool, true)
    XCTAssertEqual(json["states"] as? Int, 6)
    XCTAssertEqual(json["reduced"] as? Bool, true)
  }

  func testContradictoryOrUnknownChoicesAreUsageErrors() throws {
    let both = try NavcheckProcess.run(["check", spec, "--no-reduction", "--reduction", "always"])
    XCTAssertEqual(both.status, 64)
    XCTAssertTrue(both.stderr.contains("--no-reduction and --reduction"), both.stderr)
    let unknown = try NavcheckProcess.run(["check", spec, "--reduction", "sometimes"])
    XCTAssertEqual(unknown.status, 64)
    XCTAssertTrue(unknown.stderr.contains("auto, always, never"), unknown.stderr)
  }
}
