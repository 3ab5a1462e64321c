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

  func result(_ arguments: [String], of spec: String? = nil) throws -> (
    status: Int32, json: [String: Any]
  ) {
    let run = try NavcheckProcess.run(["check", spec ?? self.spec, "--format", "json"] + arguments)
    return (run.status, try XCTUnwrap(NavcheckProcess.results(run.stdout).first, run.stderr))
  }

  /// Each says why its tabs are not reduced: the product fits where auto keeps it, or the
  /// reduction is off.
  func testSmallSpecsKeepTheFullProductsCounts() throws {
    for (arguments, why) in [
      ([], "its full product fits in 2,000,000 states, up to which auto explores it in full"),
      (["--no-reduction"], "the reduction is off (never)"),
      (["--reduction", "never"], "the reduction is off (never)"),
    ] {
      let (status, json) = try result(arguments)
      XCTAssertEqual(status, 0)
      XCTAssertEqual(json["states"] as? Int, 8, "\(arguments)")
      XCTAssertNil(json["reduced"], "\(arguments)")
      XCTAssertTrue((json["fullProductReason"] as? String)?.hasPrefix(why) == true, "\(json)")
    }
  }

  /// A complete run that `--reduction always` could not reduce says why, in text and JSON,
  /// with the declaration: here a tap on X selects tab B and pushes there.
  func testACompleteRunThatCouldNotReduceSaysWhy() throws {
    let linked = try write(
      """
      {"name": "Linked", "tabs": ["A", "B"],
       "destinations": [
         {"name": "A", "transitions": [{"action": "push", "destination": "X"}]},
         {"name": "B", "transitions": []},
         {"name": "X", "transitions": [
           {"actions": [{"action": "selectTab", "tab": "B"}, {"action": "push", "destination": "Y"}],
            "label": "Go"}]},
         {"name": "Y", "transitions": []}],
       "bounds": {"maxStackDepth": 2, "maxPresentationDepth": 1}}
      """, to: "linked.json", in: URL(fileURLWithPath: spec).deletingLastPathComponent())
    let why =
      "X: selectTab B; push Y 'Go' acts in the tab it selects (only a deep link that starts by selecting the tab may)"
    let (status, json) = try result(["--reduction", "always"], of: linked)
    XCTAssertEqual(status, 0)
    XCTAssertEqual(json["complete"] as? Bool, true)
    XCTAssertNil(json["reduced"])
    XCTAssertEqual(json["fullProductReason"] as? String, why)
    let declaration = try XCTUnwrap(json["fullProductDeclaration"] as? [String: Any])
    XCTAssertEqual(declaration["title"] as? String, "X: selectTab B; push Y 'Go'")
    XCTAssertEqual(declaration["line"] as? Int, 6)
    let text = try NavcheckProcess.run(["check", linked, "--reduction", "always"])
    XCTAssertTrue(
      text.stdout.contains("\ntabs: explored as their full product, because \(why) ("), text.stdout)
    XCTAssertTrue(
      text.stdout.contains("linked.json:6 (destinations[2].transitions[0]))\n"), text.stdout)
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
