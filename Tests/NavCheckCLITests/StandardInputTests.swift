import Foundation
import NavCheck
import Testing

/// `-` as SPEC or TRACE: standard input.
@Suite struct StandardInputTests {
  let notes = NavcheckProcess.fixtures + "/notes.json"

  func contents(_ path: String) throws -> String {
    try String(contentsOf: NavcheckProcess.root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func dashAsSpecReadsAJSONSpecFromStandardInput() throws {
    let run = try NavcheckProcess.run(["check", "-"], input: try contents(notes))
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.contains("✗ Notes: 2 violations"), "\(run.stdout)")
    #expect(run.stdout.contains("── 1. <stdin>:74"), "\(run.stdout)")
    let export = try NavcheckProcess.run(["export", "-"], input: try contents(notes))
    #expect(export.status == 0, "\(export.stderr)")
    let exported = try NavigationSpec(json: Data(export.stdout.utf8))
    let original = try NavigationSpec(json: Data(try contents(notes).utf8))
    #expect(exported == original, "the spec read from standard input is notes.json")
    let withFile = try NavcheckProcess.run(
      ["check", NavcheckProcess.fixtures + "/holds.json", "-", "--format", "json"],
      input: try contents(notes))
    #expect(
      try NavcheckProcess.results(withFile.stdout).map { $0["spec"] as? String } == [
        "Reader", "Notes",
      ])
  }

  @Test func emptyOrInvalidStandardInputIsAnInvalidSpec() throws {
    let empty = try NavcheckProcess.run(["check", "-"], input: "")
    #expect(empty.status == 65)
    #expect(empty.stderr == "navcheck: error: standard input is empty\n")
    let truncated = try NavcheckProcess.run(["check", "-"], input: "{\"name\": ")
    #expect(truncated.status == 65)
    #expect(truncated.stderr.contains("standard input is not a valid spec"), "\(truncated.stderr)")
  }

  @Test func dashAsTraceReadsTheTraceFromStandardInput() throws {
    let steps = #"[{"screen": "Folders", "transition": 0}, {"gesture": "swipeBack"}]"#
    let run = try NavcheckProcess.run(["replay", notes, "-"], input: steps)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("Replaying 2 steps of standard input in Notes"), "\(run.stdout)")
    // The spec on standard input, the trace in a file.
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try write(steps, to: "trace.json", in: folder)
    let spec = try NavcheckProcess.run(["replay", "-", trace], input: try contents(notes))
    #expect(spec.status == 0, "\(spec.stderr)")
    #expect(
      spec.stdout.split(separator: "\n").dropFirst()
        == run.stdout.split(separator: "\n").dropFirst())
  }

  /// The program compiled from a .swift file reads the same standard input.
  @Test func dashAsTraceWorksWithASwiftSpecFile() throws {
    let run = try NavcheckProcess.run(
      ["replay", NavcheckProcess.fixtures + "/App.swift", "-", "--spec", "Settings"],
      input: #"[{"screen": "General", "transition": 0}]"#)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("General › About"), "\(run.stdout)")
  }

  @Test func onlyOneArgumentCanBeStandardInput() throws {
    let run = try NavcheckProcess.run(["replay", "-", "-"], input: "[]")
    #expect(run.status == 64)
    #expect(
      run.stderr.contains("only one SPEC or TRACE can be - (standard input)"), "\(run.stderr)")
    #expect(try NavcheckProcess.run(["check", "-", "-"], input: "{}").status == 64)
  }
}
