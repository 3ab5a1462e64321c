import Foundation
import NavCheck
import Testing

/// `navcheck check --baseline FILE` and `--write-baseline FILE`: known findings pass, new ones
/// fail, and a finding keeps its fingerprint when its line moves.
///
/// Each test has a folder of its own (a new instance per test), removed after it.
@Suite final class BaselineTests {
  let notes = NavcheckProcess.fixtures + "/notes.json"
  let trap = NavcheckProcess.fixtures + "/trap.json"
  let folder: URL

  init() throws {
    folder = try NavcheckProcess.temporaryFolder()
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  /// The baseline file's findings, as written.
  func findings(_ path: String) throws -> [[String: String]] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let object = try #require(try NavcheckProcess.json(text) as? [String: Any])
    return try #require(object["findings"] as? [[String: String]])
  }

  /// The SARIF results of a run: fingerprint, baseline state and line (0 without a location).
  func sarifResults(_ text: String) throws -> [(fingerprint: String, state: String?, line: Int)] {
    let log = try #require(try NavcheckProcess.json(text) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let results = try #require(run["results"] as? [[String: Any]])
    return try results.map { result in
      let fingerprints = try #require(result["partialFingerprints"] as? [String: String])
      let physical =
        (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
      let line = (physical?["region"] as? [String: Any])?["startLine"] as? Int ?? 0
      return (
        try #require(fingerprints["navcheck/v1"]), result["baselineState"] as? String, line
      )
    }
  }

  /// A baseline of `notes` with only its first finding, and one finding no longer found.
  func partialBaseline() throws -> String {
    let full = folder.appendingPathComponent("full.json").path
    #expect(try NavcheckProcess.run(["check", notes, "--write-baseline", full]).status == 0)
    var entries = try findings(full)
    entries =
      [entries[0]] + [
        ["fingerprint": "123abc", "spec": "Notes", "kind": "trap", "declaration": ""]
      ]
    let data = try JSONSerialization.data(
      withJSONObject: ["tool": "navcheck", "baseline": 1, "findings": entries])
    let path = folder.appendingPathComponent("partial.json").path
    try data.write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func writeBaselineRecordsEveryFindingWithoutLinesAndAcceptsThem() throws {
    let path = folder.appendingPathComponent("navcheck-baseline.json").path
    let run = try NavcheckProcess.run(["check", notes, "--write-baseline", path])
    #expect(run.status == 0, "the run's findings are accepted: \(run.stderr)")
    #expect(run.stderr.contains("wrote 2 findings to the baseline"), "\(run.stderr)")
    #expect(run.stdout.contains("2 known violations accepted"), "\(run.stdout)")
    let entries = try findings(path)
    #expect(entries.map { $0["kind"] } == ["orphanedCompletion", "orphanedCompletion"])
    #expect(
      Set(entries.compactMap { $0["declaration"] }) == [
        "NewFolder: async dismissEnvironment 'Create'",
        "Note: async dismiss 'Note deleted elsewhere'",
      ])
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!text.contains("notes.json"), "no path in the baseline: \(text)")
    #expect(!(text.contains("\"line\"") || text.contains("74")), "no line in it: \(text)")
  }

  @Test func aBaselineFailsOnlyOnNewViolationsAndMentionsThoseNoLongerFound() throws {
    let baseline = try partialBaseline()
    let run = try NavcheckProcess.run(["check", notes, "--baseline", baseline])
    #expect(run.status == 1, "one violation is new")
    #expect(run.stderr.contains("1 new violation found"), "\(run.stderr)")
    #expect(run.stdout.contains("✗ Notes: 1 violation"), "\(run.stdout)")
    #expect(
      run.stdout.contains(
        "  known: Notes: orphanedCompletion at NewFolder: async dismissEnvironment 'Create'"),
      "\(run.stdout)")
    #expect(run.stdout.contains("  no longer found: Notes: trap"), "\(run.stdout)")
    #expect(
      !run.stdout.contains("✗ orphanedCompletion — NewFolder"), "the known one is not a failure")

    let github = try NavcheckProcess.run(
      ["check", notes, "--baseline", baseline, "--format", "github"])
    #expect(github.status == 1)
    #expect(github.stdout.components(separatedBy: "::error ").count - 1 == 1)
    #expect(github.stdout.contains("%0A  no longer found: Notes: trap"), "\(github.stdout)")
  }

  @Test func everyFindingKnownAndACompleteRunExitsZeroInEveryFormat() throws {
    let baseline = folder.appendingPathComponent("baseline.json").path
    _ = try NavcheckProcess.run(["check", notes, "--write-baseline", baseline])
    let text = try NavcheckProcess.run(["check", notes, "--baseline", baseline])
    #expect(text.status == 0, "\(text.stderr)")
    #expect(text.stderr.contains("2 known violations accepted by the baseline"))
    #expect(
      text.stdout.hasPrefix(
        "✓ Notes: no new violation (2 known violations, accepted by the baseline)\n"),
      "not 'every rule holds': \(text.stdout)")

    let json = try NavcheckProcess.run(["check", notes, "--baseline", baseline, "--format", "json"])
    #expect(json.status == 0)
    let result = try NavcheckProcess.result(json.stdout)
    #expect((result["violations"] as? [Any])?.count == 0, "known violations are not listed")

    let junit = try NavcheckProcess.run(
      ["check", notes, "--baseline", baseline, "--format", "junit"])
    #expect(junit.status == 0)
    #expect(!junit.stdout.contains("<failure "), "\(junit.stdout)")

    let github = try NavcheckProcess.run(
      ["check", notes, "--baseline", baseline, "--format", "github"])
    #expect(github.status == 0)
    #expect(!github.stdout.contains("::error "), "\(github.stdout)")
    #expect(github.stdout.contains("::notice title=navcheck baseline::"), "\(github.stdout)")

    let xcode = try NavcheckProcess.run(
      ["check", notes, "--baseline", baseline, "--format", "xcode"])
    #expect(xcode.status == 0)
    #expect(!xcode.stdout.contains(": error: "), "\(xcode.stdout)")
    #expect(
      xcode.stdout.components(separatedBy: ": warning: orphanedCompletion (known, in the baseline)")
        .count - 1 == 2)
  }

  @Test func sarifMarksResultsNewUnchangedAndAbsent() throws {
    let baseline = try partialBaseline()
    let plain = try sarifResults(
      try NavcheckProcess.run(["check", notes, "--format", "sarif"]).stdout)
    #expect(plain.map(\.state) == [nil, nil], "no baselineState without a baseline")
    let run = try NavcheckProcess.run(
      ["check", notes, "--baseline", baseline, "--format", "sarif"])
    #expect(run.status == 1)
    let results = try sarifResults(run.stdout)
    #expect(results.map(\.state) == ["unchanged", "new", "absent"])
    #expect(results.map(\.fingerprint) == plain.map(\.fingerprint) + ["123abc"])
  }

  @Test func aMovedLineKeepsTheFingerprintAndAnotherSpecChangingDoesNotMatter() throws {
    let specs = folder.appendingPathComponent("Specs")
    try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
    let original = try String(
      contentsOf: NavcheckProcess.root.appendingPathComponent(notes), encoding: .utf8)
    let trapText = try String(
      contentsOf: NavcheckProcess.root.appendingPathComponent(trap), encoding: .utf8)
    let notesPath = try write(original, to: "notes.json", in: specs)
    let trapPath = try write(trapText, to: "trap.json", in: specs)
    let baseline = folder.appendingPathComponent("baseline.json").path
    #expect(
      try NavcheckProcess.run(["check", notesPath, trapPath, "--write-baseline", baseline]).status
        == 0)
    let before = try sarifResults(
      try NavcheckProcess.run(["check", notesPath, "--format", "sarif"]).stdout)

    // Five lines above every declaration, and the other spec gains a destination.
    try write("\n\n\n\n\n" + original, to: "notes.json", in: specs)
    var trapObject = try #require(try NavcheckProcess.json(trapText) as? [String: Any])
    var destinations = try #require(trapObject["destinations"] as? [[String: Any]])
    destinations.append(["name": "Unrelated", "transitions": [["action": "dismiss"]]])
    trapObject["destinations"] = destinations
    try JSONSerialization.data(withJSONObject: trapObject).write(
      to: URL(fileURLWithPath: trapPath))

    let run = try NavcheckProcess.run(
      ["check", notesPath, trapPath, "--baseline", baseline, "--format", "sarif"])
    let after = try sarifResults(run.stdout)
    let moved = after.prefix(before.count)
    #expect(moved.map(\.line) == before.map { $0.line + 5 }, "the lines moved")
    #expect(moved.map(\.fingerprint) == before.map(\.fingerprint), "the fingerprints did not")
    #expect(moved.map(\.state) == ["unchanged", "unchanged"])
    // Kiosk's trap is unchanged; only the warnings of its new, unreachable destination are new.
    #expect(after.map(\.state) == ["unchanged", "unchanged", "unchanged", "new", "new"])
    let text = try NavcheckProcess.run(["check", notesPath, trapPath, "--baseline", baseline])
    #expect(!text.stderr.contains("new violation"), "\(text.stderr)")
    #expect(!text.stdout.contains("no longer found"), "\(text.stdout)")
  }

  @Test func aBaselineFileReadsBackAsWritten() throws {
    let baseline = Baseline(entries: [
      .init(fingerprint: "9", spec: "B", kind: "trap", declaration: ""),
      .init(
        FindingIdentity(spec: "A", kind: "invariant", declaration: "invariant 'one \"detail\"'")),
    ])
    #expect(baseline.entries.map(\.spec) == ["A", "B"], "sorted, so diffs stay small")
    #expect(try Baseline(json: Array(baseline.json.utf8)) == baseline)
    #expect(baseline.json.split(separator: "\n").count == 8, "one line per finding")
  }

  @Test func fingerprintsAreTheSameOnEveryMachine() {
    // A fixed-seed hash: these values are pinned; SARIF's golden file carries the first.
    #expect(
      FindingIdentity(
        spec: "Notes", kind: "orphanedCompletion",
        declaration: "NewFolder: async dismissEnvironment 'Create'"
      ).fingerprint == "32dacb265b47d144")
    #expect(
      FindingIdentity(spec: "Notes", kind: "trap", declaration: "").fingerprint
        != FindingIdentity(spec: "Notes2", kind: "trap", declaration: "").fingerprint)
  }

  @Test func aBaselineOfOnlySomeSpecsSaysNothingOfTheOthers() throws {
    let baseline = folder.appendingPathComponent("baseline.json").path
    _ = try NavcheckProcess.run(["check", notes, trap, "--write-baseline", baseline])
    let run = try NavcheckProcess.run(["check", notes, "--baseline", baseline])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stdout.contains("no longer found"), "Kiosk was not checked: \(run.stdout)")
  }

  @Test func aMissingOrBrokenBaselineStopsTheRunBeforeExploring() throws {
    let missing = try NavcheckProcess.run(
      ["check", notes, "--baseline", folder.appendingPathComponent("nope.json").path])
    #expect(missing.status == 66)
    #expect(missing.stderr.contains("cannot read the baseline"), "\(missing.stderr)")
    #expect(missing.stderr.contains("--write-baseline"), "it says how to write one")
    let broken = try write("{\"findings\": [1]}", to: "broken.json", in: folder)
    let run = try NavcheckProcess.run(["check", notes, "--baseline", broken])
    #expect(run.status == 65)
    #expect(run.stderr.contains("line 1: a finding is a number, not an object"), "\(run.stderr)")
    #expect(run.stdout == "")
  }
}
