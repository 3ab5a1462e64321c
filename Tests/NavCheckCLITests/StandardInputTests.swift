import Foundation
import NavCheck
import XCTest

/// `-` as SPEC or TRACE: standard input.
final class StandardInputTests: XCTestCase {
  let notes = NavcheckProcess.fixtures + "/notes.json"

  func contents(_ path: String) throws -> String {
    try String(contentsOf: NavcheckProcess.root.appendingPathComponent(path), encoding: .utf8)
  }

  func testDashAsSpecReadsAJSONSpecFromStandardInput() throws {
    let run = try NavcheckProcess.run(["check", "-"], input: try contents(notes))
    XCTAssertEqual(run.status, 1, run.stderr)
    XCTAssertTrue(run.stdout.contains("✗ Notes: 2 violations"), run.stdout)
    XCTAssertTrue(run.stdout.contains("── 1. <stdin>:74"), run.stdout)
    let export = try NavcheckProcess.run(["export", "-"], input: try contents(notes))
    XCTAssertEqual(export.status, 0, export.stderr)
    let exported = try NavigationSpec(json: Data(export.stdout.utf8))
    let original = try NavigationSpec(json: Data(try contents(notes).utf8))
    XCTAssertTrue(exported == original, "the spec read from standard input is notes.json")
    let withFile = try NavcheckProcess.run(
      ["check", NavcheckProcess.fixtures + "/holds.json", "-", "--format", "json"],
      input: try contents(notes))
    XCTAssertEqual(
      try NavcheckProcess.results(withFile.stdout).map { $0["spec"] as? String },
      ["Reader", "Notes"])
  }

  func testEmptyOrInvalidStandardInputIsAnInvalidSpec() throws {
    let empty = try NavcheckProcess.run(["check", "-"], input: "")
    XCTAssertEqual(empty.status, 65)
    XCTAssertEqual(empty.stderr, "navcheck: error: standard input is empty\n")
    let truncated = try NavcheckProcess.run(["check", "-"], input: "{\"name\": ")
    XCTAssertEqual(truncated.status, 65)
    XCTAssertTrue(
      truncated.stderr.contains("standard input is not a valid spec"), truncated.stderr)
  }

  func testDashAsTraceReadsTheTraceFromStandardInput() throws {
    let steps = #"[{"screen": "Folders", "transition": 0}, {"gesture": "swipeBack"}]"#
    let run = try NavcheckProcess.run(["replay", notes, "-"], input: steps)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(
      run.stdout.hasPrefix("Replaying 2 steps of standard input in Notes"), run.stdout)
    // The spec on standard input, the trace in a file.
    let folder = try NavcheckProcess.temporaryFolder()
    let trace = try write(steps, to: "trace.json", in: folder)
    let spec = try NavcheckProcess.run(["replay", "-", trace], input: try contents(notes))
    XCTAssertEqual(spec.status, 0, spec.stderr)
    XCTAssertEqual(
      spec.stdout.split(separator: "\n").dropFirst(), run.stdout.split(separator: "\n").dropFirst())
  }

  /// The program compiled from a .swift file reads the same standard input.
  func testDashAsTraceWorksWithASwiftSpecFile() throws {
    let run = try NavcheckProcess.run(
      ["replay", NavcheckProcess.fixtures + "/App.swift", "-", "--spec", "Settings"],
      input: #"[{"screen": "General", "transition": 0}]"#)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.contains("General › About"), run.stdout)
  }

  func testOnlyOneArgumentCanBeStandardInput() throws {
    let run = try NavcheckProcess.run(["replay", "-", "-"], input: "[]")
    XCTAssertEqual(run.status, 64)
    XCTAssertTrue(
      run.stderr.contains("only one SPEC or TRACE can be - (standard input)"), run.stderr)
    XCTAssertEqual(try NavcheckProcess.run(["check", "-", "-"], input: "{}").status, 64)
  }
}
