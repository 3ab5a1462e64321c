import Foundation
import NavCheckTestSupport
import Testing

/// `navcheck check`: every format, exit status and golden report.
@Suite struct CheckCommandTests {
  let notes = NavcheckProcess.fixtures + "/notes.json"
  let holds = NavcheckProcess.fixtures + "/holds.json"

  /// Seconds, states per second and threads vary from run to run.
  static func normalizeText(_ text: String) -> String {
    replacing(
      #"[0-9.]+ s \([0-9,]+ states/s\), [0-9]+ threads?"#,
      with: "<seconds> s (<rate> states/s), <threads> threads",
      in: text)
  }

  static func normalizeJUnit(_ text: String) -> String {
    let timed = replacing(#"time="[0-9.]+""#, with: #"time="<seconds>""#, in: text)
    return replacing(
      #"<property name="threads" value="[0-9]+"/>"#,
      with: #"<property name="threads" value="<threads>"/>"#,
      in: timed)
  }

  static func normalizeSARIF(_ text: String) -> String {
    var text = replacing(#""seconds": [0-9.e-]+"#, with: #""seconds": "<seconds>""#, in: text)
    text = replacing(#""threads": [0-9]+"#, with: #""threads": "<threads>""#, in: text)
    return text.replacingOccurrences(
      of: "file://" + NavcheckProcess.root.standardizedFileURL.path + "/", with: "file://<root>/")
  }

  @Test func textReportOfAViolatingSpecMatchesItsGoldenFileAndExitsOne() throws {
    let run = try NavcheckProcess.run(["check", notes, "--threads", "2"])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.contains("2 violations found"), "\(run.stderr)")
    #expect(run.stdout.contains("── 1. \(notes):74"), "paths are relative")
    try assertGolden(run.stdout, "notes.txt", normalize: Self.normalizeText)
  }

  @Test func jUnitReportMatchesItsGoldenFile() throws {
    let run = try NavcheckProcess.run(["check", notes, "--format", "junit"])
    #expect(run.status == 1)
    #expect(run.stdout.hasPrefix("<?xml"))
    // One test case per property: twelve rules without custom invariants.
    #expect(run.stdout.components(separatedBy: "<testcase ").count - 1 == 12)
    #expect(run.stdout.components(separatedBy: "<failure ").count - 1 == 1)
    try assertGolden(run.stdout, "notes.junit.xml", normalize: Self.normalizeJUnit)
  }

  @Test func sarifReportMatchesItsGoldenFileWithRepositoryRelativePaths() throws {
    let run = try NavcheckProcess.run(["check", notes, "--format", "sarif"])
    #expect(run.status == 1)
    let log = try #require(try NavcheckProcess.json(run.stdout) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    let runs = try #require(log["runs"] as? [[String: Any]])
    let results = try #require(runs.first?["results"] as? [[String: Any]])
    #expect(results.map { $0["ruleId"] as? String } == ["NAV010", "NAV010"])
    let location = try #require(
      (results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
    let artifact = try #require(location["artifactLocation"] as? [String: Any])
    #expect(artifact["uri"] as? String == notes)
    #expect(artifact["uriBaseId"] as? String == "SRCROOT")
    let flows = try #require(results[0]["codeFlows"] as? [[String: Any]])
    let steps = try #require(
      (flows.first?["threadFlows"] as? [[String: Any]])?.first?["locations"] as? [[String: Any]])
    #expect(steps.count == 3, "the trace is the code flow")
    try assertGolden(run.stdout, "notes.sarif.json", normalize: Self.normalizeSARIF)
  }

  @Test func gitHubAnnotationsAreEscapedAndRelative() throws {
    let run = try NavcheckProcess.run(["check", notes, "--format", "github"])
    #expect(run.status == 1)
    let errors = run.stdout.split(separator: "\n").filter { $0.hasPrefix("::error ") }
    #expect(errors.count == 2)
    #expect(
      errors[0].hasPrefix(
        "::error file=\(notes),line=74,title=navcheck%3A orphanedCompletion in Notes::"),
      "\(errors[0])")
    #expect(errors[0].contains("%0A1. Folders: tap 'New folder' → sheet NewFolder%0A"))
    #expect(!errors.contains { $0.dropFirst(2).contains("::") == false })
    try assertGolden(run.stdout, "notes.github.txt")
  }

  @Test func jsonReportCarriesReplayableStepsAndTheCountsOfTheSemantics() throws {
    let run = try NavcheckProcess.run(["check", notes, "--format", "json", "--progress", "always"])
    #expect(run.status == 1)
    let report = try NavcheckProcess.result(run.stdout)
    #expect(
      Set(report.keys).intersection([
        "spec", "complete", "states", "transitions", "pruned", "depth", "violationCounts",
        "violations", "warnings", "threads", "seconds",
      ]).count == 11, "the keys of SEMANTICS §9: \(report.keys.sorted())")
    #expect(report["spec"] as? String == "Notes")
    #expect(report["complete"] as? Bool == true)
    #expect(report["states"] as? Int == 9)
    #expect(report["transitions"] as? Int == 20)
    #expect(report["depth"] as? Int == 4)
    #expect((report["violationCounts"] as? [String: Int])?["orphanedCompletion"] == 2)
    let violations = try #require(report["violations"] as? [[String: Any]])
    for violation in violations {
      let trace = try #require(violation["trace"] as? [[String: Any]])
      for step in trace {
        #expect(step["event"] as? [String: Any] != nil, "each step names its event: \(step)")
        #expect(step["description"] as? String != nil)
      }
    }
  }

  /// Like the text, SARIF and GitHub reports, the JSON report names files relative to the
  /// working directory (the repository root in CI).
  @Test func jsonReportPathsAreRelativeToTheWorkingDirectory() throws {
    let run = try NavcheckProcess.run(["check", "TodoApp", "--format", "json"])
    let report = try NavcheckProcess.result(run.stdout)
    let violation = try #require((report["violations"] as? [[String: Any]])?.first)
    let declaration = try #require(violation["declaration"] as? [String: Any])
    #expect(declaration["file"] as? String == "Specs/TodoApp.swift")
  }

  @Test func everyCounterexampleOfTheJSONReportReplaysToTheSameViolation() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let notesPath = NavcheckProcess.root.appendingPathComponent(notes).path
    let run = try NavcheckProcess.run(["check", notesPath, "--format", "json"], in: folder)
    let report = try NavcheckProcess.result(run.stdout)
    let violations = try #require(report["violations"] as? [[String: Any]])
    #expect(violations.count == 2)
    for (n, violation) in violations.enumerated() {
      let data = try JSONSerialization.data(withJSONObject: violation)
      let path = folder.appendingPathComponent("violation\(n).json")
      try data.write(to: path)
      let replay = try NavcheckProcess.run(["replay", notesPath, path.path, "--format", "json"])
      #expect(replay.status == 1, "\(replay.stderr)")
      let result = try #require(try NavcheckProcess.json(replay.stdout) as? [String: Any])
      let ending = try #require(result["ending"] as? [String: Any])
      #expect(ending["violation"] as? String == violation["kind"] as? String)
      #expect(ending["message"] as? String == violation["message"] as? String)
      #expect(
        ending["step"] as? Int == (violation["trace"] as? [Any])?.count,
        "the last step breaks the rule")
      // The bare trace array replays the same way, in text.
      let trace = try JSONSerialization.data(withJSONObject: violation["trace"]!)
      let tracePath = folder.appendingPathComponent("trace\(n).json")
      try trace.write(to: tracePath)
      let text = try NavcheckProcess.run(["replay", notesPath, tracePath.path])
      #expect(text.status == 1)
      #expect(text.stdout.contains("breaks orphanedCompletion"), "\(text.stdout)")
    }
    // The whole report holds two violations: replay asks which.
    let whole = try write(run.stdout, to: "report.json", in: folder)
    let ambiguous = try NavcheckProcess.run(["replay", notesPath, whole])
    #expect(ambiguous.status == 64)
    #expect(ambiguous.stderr.contains("holds 2 violations"), "\(ambiguous.stderr)")
  }

  @Test func aHoldingSpecExitsZero() throws {
    let run = try NavcheckProcess.run(["check", holds])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("✓ Reader: every rule holds"), "\(run.stdout)")
    #expect(run.stdout.contains("3 states, 6 transitions, 1 pruned, depth 2"), "\(run.stdout)")
    #expect(run.stdout.contains("transitions fired: 3/3"))
  }

  @Test func aCutRunExitsTwoAndSaysPlainlyWhy() throws {
    let run = try NavcheckProcess.run(["check", holds, "--max-states", "2"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("INCOMPLETE"), "\(run.stderr)")
    #expect(run.stderr.contains("maxStates 2 reached"), "\(run.stderr)")
    #expect(run.stderr.contains("--max-states"), "\(run.stderr)")
    let json = try NavcheckProcess.run(["check", holds, "--max-states", "2", "--format", "json"])
    #expect(json.status == 2)
    let report = try NavcheckProcess.result(json.stdout)
    #expect(report["complete"] as? Bool == false)
    #expect(report["cutoff"] as? String == "maxStates")
    let junit = try NavcheckProcess.run(["check", holds, "--max-states", "2", "--format", "junit"])
    #expect(junit.stdout.contains("<skipped message=\"not proven"), "\(junit.stdout)")
  }

  @Test func aMemoryLimitEndsTheRunIncompleteAndSaysSo() throws {
    let holds = "\(NavcheckProcess.fixtures)/holds.json"
    // 22 independent timers: 4,194,304 states, far more than 3 MiB holds.
    let timers = "\(NavcheckProcess.fixtures)/timers.json"
    let run = try NavcheckProcess.run(["check", timers, "--memory-limit", "3M"])
    #expect(run.status == 2, "\(run.stderr)")
    #expect(
      run.stdout.contains("before the next batch could pass the memory limit of 3 MiB"),
      "\(run.stdout)")
    let bad = try NavcheckProcess.run(["check", holds, "--memory-limit", "lots"])
    #expect(bad.status == 64)
    #expect(
      bad.stderr.contains("--memory-limit takes a size such as 800M, 12G or 1.5G"), "\(bad.stderr)")
    let fine = try NavcheckProcess.run(["check", holds, "--memory-limit", "1.5G"])
    #expect(fine.status == 0, "\(fine.stderr)")
  }

  /// A run that finds a violation but stops at the memory limit says so in words that hold
  /// whether it is the only run or not (not "also incomplete").
  @Test func aViolatingRunCutByTheMemoryLimitSaysItIsIncomplete() throws {
    // Stacks of up to 12 screens, each pushing one of three: far more than 1 MiB holds; A's
    // Close dismisses the app root from the first state.
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wide = try write(
      """
      {"name": "Wide", "root": "A",
       "destinations": [
         {"name": "A", "transitions": [
           {"action": "push", "destination": "A"}, {"action": "push", "destination": "B"},
           {"action": "push", "destination": "C"}, {"action": "dismiss", "label": "Close"}]},
         {"name": "B", "transitions": [
           {"action": "push", "destination": "A"}, {"action": "push", "destination": "C"}]},
         {"name": "C", "transitions": [
           {"action": "push", "destination": "A"}, {"action": "push", "destination": "B"}]}],
       "bounds": {"maxStackDepth": 12, "maxPresentationDepth": 1}}
      """, to: "wide.json", in: folder)
    let run = try NavcheckProcess.run([
      "check", wide, "--memory-limit", "1M", "--fixes", "never", "--progress", "never",
    ])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "navcheck: note: the run of Wide is incomplete, so more rules may break in the states it did not explore: stopped at "
      ), "\(run.stderr)")
    #expect(!run.stderr.contains("also"), "\(run.stderr)")
  }

  @Test func exactModeStoresStatesInFullAndSaysSo() throws {
    let hashed = try NavcheckProcess.run(["check", notes, "--format", "json"])
    let exact = try NavcheckProcess.run(["check", notes, "--exact", "--format", "json"])
    #expect(exact.status == hashed.status, "\(exact.stderr)")
    let a = try NavcheckProcess.result(hashed.stdout)
    let b = try NavcheckProcess.result(exact.stdout)
    #expect(b["exact"] as? Bool == true)
    #expect(a["exact"] as? Bool == false)
    #expect(b["fingerprintCollisionProbability"] as? Double == 0)
    for key in ["states", "transitions", "pruned", "depth"] {
      #expect(a[key] as? Int == b[key] as? Int, "\(key)")
    }
    let text = try NavcheckProcess.run(["check", notes, "--exact"])
    #expect(
      text.stdout.contains("states: stored in full (exact mode); no collision can hide a state"),
      "\(text.stdout)")
    let help = try NavcheckProcess.run(["check", "--help"])
    #expect(help.stdout.contains("--exact"), "\(help.stdout)")
  }

  @Test func violationsWinOverAnIncompleteRun() throws {
    // Notes has 9 states; its first violation is found once 8 are.
    let run = try NavcheckProcess.run(["check", notes, "--max-states", "8"])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.contains("incomplete"), "\(run.stderr)")
  }

  @Test func oneOrSeveralSpecsMakeAJSONReportOfOneShape() throws {
    let run = try NavcheckProcess.run(["check", holds, notes, "--format", "json"])
    #expect(run.status == 1)
    let results = try NavcheckProcess.results(run.stdout)
    #expect(results.map { $0["spec"] as? String } == ["Reader", "Notes"])
    let one = try NavcheckProcess.run(["check", holds, "--format", "json"])
    #expect(try NavcheckProcess.results(one.stdout).map { $0["spec"] as? String } == ["Reader"])
    #expect(one.stdout.hasPrefix("{\n  \"tool\": \"navcheck\",\n  \"version\": "), "\(one.stdout)")
    let text = try NavcheckProcess.run(["check", holds, notes])
    #expect(text.stdout.contains("2 specs: 1 holds, 1 with violations"), "\(text.stdout)")
  }

  @Test func outputWritesTheReportToAFile() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("navcheck.xml").path
    let run = try NavcheckProcess.run(["check", notes, "--format", "junit", "--output", path])
    #expect(run.status == 1)
    #expect(run.stdout == "")
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(written.contains("<testsuite name=\"Notes\""))
  }

  @Test func progressNeverReachesStdout() throws {
    let run = try NavcheckProcess.run(["check", holds, "--format", "json", "--progress", "always"])
    #expect(run.status == 0)
    #expect(throws: Never.self) { try NavcheckProcess.json(run.stdout) }
    let quiet = try NavcheckProcess.run(["check", holds, "--progress", "never"])
    #expect(quiet.stderr == "")
  }

  /// Every listed spec is checked, in the list's order (each cut at 2,000 states: which specs
  /// are checked is the point, not their counts, which `.ci/run` compares in full).
  @Test func checkWithoutSpecChecksEveryBundledSpec() throws {
    let list = try NavcheckProcess.run(["list", "--format", "json"])
    #expect(list.status == 0)
    let names = try NavcheckProcess.listed(list.stdout).compactMap { $0["name"] as? String }
    #expect(!names.isEmpty)
    // Which specs are checked, not their fixes (the README's first command searches those).
    let run = try NavcheckProcess.run([
      "check", "--format", "json", "--max-states", "2000", "--fixes", "never",
    ])
    #expect([0, 1, 2].contains(run.status), "\(run.stderr)")
    #expect(try NavcheckProcess.results(run.stdout).compactMap { $0["spec"] as? String } == names)
  }

  @Test func aBundledSpecIsNamedCaseInsensitively() throws {
    let list = try NavcheckProcess.run(["list", "--format", "json"])
    let first = try #require(try NavcheckProcess.listed(list.stdout).first?["name"] as? String)
    let run = try NavcheckProcess.run([
      "check", first.lowercased(), "--format", "json", "--max-states", "20000",
    ])
    #expect([0, 1, 2].contains(run.status), "\(run.stderr)")
    #expect(try NavcheckProcess.result(run.stdout)["spec"] as? String == first)
  }
}

extension CheckCommandTests {
  @Test func theTextReportOfAnIncompleteRunMatchesItsGoldenFile() throws {
    let run = try NavcheckProcess.run(["check", holds, "--max-states", "2"])
    #expect(run.status == 2)
    try assertGolden(run.stdout, "holds-incomplete.txt", normalize: Self.normalizeText)
  }

  /// The JSON report carries each finding's why and its checked fixes.
  @Test func theJSONReportHasWhyAndFixes() throws {
    let run = try NavcheckProcess.run(["check", notes, "--format", "json"])
    #expect(run.status == 1, "\(run.stderr)")
    let violation = try #require(
      (try NavcheckProcess.result(run.stdout)["violations"] as? [[String: Any]])?.first)
    #expect(
      violation["why"] as? [String] == [
        "NewFolder: async 'Create' starts at step 2, and it is still pending at step 3, which removes its screen"
      ])
    let fixes = try #require(violation["fixes"] as? [[String: Any]])
    #expect(
      fixes.first?["change"] as? String
        == "cancel NewFolder's 'Create' with its screen: .async(cancelsOnDismiss: true)")
    #expect(fixes.count == 2)
  }

  /// The Shop's report: one screen per cause (a heading, then at most 50 lines), in words a
  /// developer reads, with a checked fix for each.
  @Test(.long) func theShopsTextReportIsOneScreenPerCause() throws {
    // The tests' navcheck is a debug build, whose `--fixes auto` leaves the Shop's 46,057
    // states unsearched.
    let run = try NavcheckProcess.run(["check", "Shop", "--fixes", "always"])
    #expect(run.status == 1, "\(run.stderr)")
    try assertGolden(run.stdout, "shop.txt", normalize: Self.normalizeText)
    let sections = run.stdout.components(separatedBy: "\n── ").dropFirst()
    #expect(sections.count == 2)
    for section in sections {
      let lines = section.split(separator: "\n", omittingEmptySubsequences: false)
      let body = lines.prefix { !$0.hasPrefix("46,057 states") }
      #expect(body.count <= 50, "\(section.prefix(80))")
      #expect(
        body.contains { $0.hasPrefix("  fix (each checked") }, "\(section.prefix(80))")
    }
    for jargon in ["(state, event)", "pairs", "async #", "#0", "#1"] {
      #expect(!run.stdout.contains(jargon), "\(jargon)")
    }
  }

  @Test func theTextReportOfATrapMatchesItsGoldenFile() throws {
    let run = try NavcheckProcess.run(["check", NavcheckProcess.fixtures + "/trap.json"])
    #expect(run.status == 1)
    try assertGolden(run.stdout, "trap.txt", normalize: Self.normalizeText)
    let junit = try NavcheckProcess.run([
      "check", NavcheckProcess.fixtures + "/trap.json", "--format", "junit",
    ])
    try assertGolden(junit.stdout, "trap.junit.xml", normalize: Self.normalizeJUnit)
    // A trap has no declaration: annotations point at the transition that led into it.
    let github = try NavcheckProcess.run([
      "check", NavcheckProcess.fixtures + "/trap.json", "--format", "github",
    ])
    #expect(
      github.stdout.hasPrefix(
        "::error file=\(NavcheckProcess.fixtures)/trap.json,line=6,title=navcheck%3A trap in Kiosk::"
      ), "\(github.stdout)")
  }
}
