import Foundation
import Testing

/// `--bounds S/P`, `--bounds auto` and `--time-limit`, on a spec whose state count at each
/// bound is known by hand: every screen is A, which pushes A and presents A as a sheet, so a
/// state is the height (1…S) of each of 1…P+1 environments: S + S² + … + S^(P+1) states.
///
/// Each test writes the spec into a folder of its own (a new instance per test), removed after
/// it.
@Suite final class BoundLadderTests {
  let folder: URL
  let spec: String

  init() throws {
    folder = try NavcheckProcess.temporaryFolder()
    spec = try write(
      """
      {"name": "Ladder", "root": "A",
       "destinations": [{"name": "A", "transitions": [
         {"action": "push", "destination": "A"}, {"action": "sheet", "destination": "A"}]}],
       "bounds": {"maxStackDepth": 4, "maxPresentationDepth": 3}}
      """, to: "ladder.json", in: folder)
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  func states(_ stdout: String) throws -> [Int] {
    try NavcheckProcess.results(stdout).compactMap { $0["states"] as? Int }
  }

  @Test func explicitBoundsReplaceTheSpecs() throws {
    let run = try NavcheckProcess.run(["check", spec, "--bounds", "3/2", "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try states(run.stdout) == [3 + 9 + 27])
    #expect(
      try NavcheckProcess.results(run.stdout).first?["spec"] as? String == "Ladder at bounds 3/2")
  }

  /// The ladder's JSON result: its rungs as `bounds: states` (`…?` where incomplete) and its
  /// largest complete rungs.
  func ladder(_ result: [String: Any]) throws -> (rungs: [String], largest: [String]) {
    let climb = try #require(result["ladder"] as? [String: Any], "\(result)")
    let rungs = try #require(climb["rungs"] as? [[String: Any]])
    return (
      rungs.map {
        "\($0["bounds"]!): \($0["states"]!)\($0["complete"] as? Bool == true ? "" : "?")"
      },
      rungs.filter { $0["largest"] as? Bool == true }.compactMap { $0["bounds"] as? String }
    )
  }

  /// Within 100 states: for each presentation depth, the stack climbs from 1 until a rung is
  /// incomplete: 1/1: 2, 2/1: 6, 3/1: 12, 4/1: 20; 1/2: 3, 2/2: 14, 3/2: 39, 4/2: 84; 1/3: 4,
  /// 2/3: 30, then 3/3 (3 + 9 + 27 + 81 = 120) passes 100. The largest complete pairs are 4/2
  /// and 2/3 (neither is as large as the other in both); the result is 4/2's, the one with
  /// more states, and it is one result, not one per rung.
  @Test func theLadderReportsOneResultAtTheLargestCompleteBounds() throws {
    let run = try NavcheckProcess.run([
      "check", spec, "--bounds", "auto", "--max-states", "100", "--format", "json",
    ])
    #expect(run.status == 2, "\(run.stderr)")
    let results = try NavcheckProcess.results(run.stdout)
    #expect(results.compactMap { $0["spec"] as? String } == ["Ladder at bounds 4/2"])
    #expect(try states(run.stdout) == [4 + 16 + 64])
    let (rungs, largest) = try ladder(results[0])
    #expect(
      rungs == [
        "1/1: 2", "2/1: 6", "3/1: 12", "4/1: 20", "1/2: 3", "2/2: 14", "3/2: 39", "4/2: 84",
        "1/3: 4", "2/3: 30", "3/3: 100?",
      ])
    #expect(largest == ["4/2", "2/3"])
    let text = try NavcheckProcess.run(["check", spec, "--bounds", "auto", "--max-states", "100"])
    #expect(text.stdout.hasPrefix("✓ Ladder at bounds 4/2: every rule holds\n"), "\(text.stdout)")
    for line in [
      "bounds auto, up to the spec's 4/3: climbed 1/1 (2 states), 2/1 (6), 3/1 (12), 4/1 (20), 1/2 (3), 2/2 (14), 3/2 (39), 4/2 (84), 1/3 (4), 2/3 (30), 3/3 (incomplete)\n",
      "  largest complete: 4/2 (this report) and 2/3 (30 states, every rule holds)\n",
      "  3/3 is incomplete: maxStates 100 reached; raise --max-states to explore every state\n",
    ] {
      #expect(text.stdout.contains(line), "\(text.stdout)")
    }
    #expect(text.stdout.components(separatedBy: "Ladder at bounds").count == 2, "\(text.stdout)")
    #expect(
      text.stderr.contains(
        "the result for Ladder is INCOMPLETE: it is complete up to bounds 4/2 and 2/3, not at its own 4/3: at 3/3 maxStates 100 reached"
      ), "\(text.stderr)")
    // With room for every rung, the spec's own bounds are the result.
    let all = try NavcheckProcess.run(["check", spec, "--bounds", "auto", "--format", "json"])
    #expect(all.status == 0, "\(all.stderr)")
    #expect(try states(all.stdout) == [4 + 16 + 64 + 256])
    #expect(try ladder(NavcheckProcess.results(all.stdout)[0]).largest == ["4/3"])
  }

  /// Within 5 states 2/1 (6 states) is incomplete, where climbing the stack alone stopped at
  /// 1/1; the presentation depth still climbs: 1/2 (3) and 1/3 (4) complete, and 1/3 is the
  /// result.
  @Test func theLadderClimbsThePresentationDepthWhereTheStackStops() throws {
    let run = try NavcheckProcess.run([
      "check", spec, "--bounds", "auto", "--max-states", "5", "--format", "json",
    ])
    let results = try NavcheckProcess.results(run.stdout)
    #expect(results.compactMap { $0["spec"] as? String } == ["Ladder at bounds 1/3"])
    #expect(try states(run.stdout) == [1 + 1 + 1 + 1])
    let (rungs, largest) = try ladder(results[0])
    #expect(rungs == ["1/1: 2", "2/1: 5?", "1/2: 3", "1/3: 4"])
    #expect(largest == ["1/3"])
  }

  /// Two specs on the ladder are two results in every format: the summary, the JSON, and each
  /// format's one entry per spec.
  @Test func aLadderRunCountsEachSpecOnce() throws {
    let bad = try write(
      """
      {"name": "Bad", "root": "A",
       "destinations": [{"name": "A", "transitions": [{"action": "dismiss", "label": "Close"}]}],
       "bounds": {"maxStackDepth": 2, "maxPresentationDepth": 2}}
      """, to: "bad.json", in: folder)
    func output(_ format: String) throws -> String {
      try NavcheckProcess.run([
        "check", spec, bad, "--bounds", "auto", "--max-states", "100", "--fixes", "never",
        "--format", format,
      ]).stdout
    }
    func count(_ text: String, _ marker: String) -> Int {
      text.components(separatedBy: marker).count - 1
    }
    func lines(_ text: String, _ prefix: String) -> Int {
      text.split(separator: "\n").count { $0.hasPrefix(prefix) }
    }
    let text = try output("text")
    #expect(text.hasSuffix("\n2 specs: 1 holds, 1 with violations\n"), "\(text)")
    #expect(
      try NavcheckProcess.results(output("json")).compactMap { $0["spec"] as? String } == [
        "Ladder at bounds 4/2", "Bad at bounds 2/2",
      ])
    #expect(count(try output("junit"), "<testsuite name=") == 2)
    #expect(count(try output("sarif"), "\"spec\": \"Ladder at bounds") == 1)
    #expect(lines(try output("github"), "Ladder at bounds") == 1)
    #expect(lines(try output("xcode"), "Ladder: ") == 1)
    #expect(count(try output("html"), "<section class=\"spec\"") == 2)
  }

  @Test func anIncompleteRunSaysWhichSmallerBoundsAreComplete() throws {
    let run = try NavcheckProcess.run(["check", spec, "--max-states", "100"])
    #expect(run.status == 2)
    #expect(
      run.stderr.contains(
        "navcheck: note: Ladder is complete at bounds 4/2 (84 states, every rule holds) and 2/3 (30 states, every rule holds); --bounds 4/2 or 2/3 reports each"
      ), "\(run.stderr)")
    let none = try NavcheckProcess.run(["check", spec, "--max-states", "1"])
    #expect(
      none.stderr.contains("Ladder is complete at no smaller bounds within these limits"),
      "\(none.stderr)")
  }

  @Test func aTimeLimitCutsTheRunAndSaysSo() throws {
    let run = try NavcheckProcess.run([
      "check", spec, "--bounds", "8/5", "--time-limit", "50ms", "--progress", "never",
    ])
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stdout.contains("the run was cancelled by --time-limit (0.05 s)"), "\(run.stdout)")
  }

  /// Under `--time-limit`, a rung may take half the time left: a stack depth that grows past
  /// the limit leaves time for the next presentation depth. Ten screens that each push all ten
  /// (10^(S−1) states at S/1, more than a debug build explores in seconds from 8/1 on) and a
  /// sheet from the root: the climb up the stack depths is cut by a rung's share, and 1/2 (a
  /// handful of states) is still checked and complete.
  @Test func aTimeLimitLeavesTimeForTheNextPresentationDepth() throws {
    let screens = (0..<10).map { "D\($0)" }
    let pushes = screens.map { "{\"action\": \"push\", \"destination\": \"\($0)\"}" }
    let destinations = screens.map { name in
      let sheet = name == "D0" ? [#"{"action": "sheet", "destination": "D1"}"#] : []
      return
        "{\"name\": \"\(name)\", \"transitions\": [\((pushes + sheet).joined(separator: ", "))]}"
    }
    let wide = try write(
      """
      {"name": "Wide", "root": "D0", "destinations": [\(destinations.joined(separator: ", "))],
       "bounds": {"maxStackDepth": 12, "maxPresentationDepth": 2}}
      """, to: "wide.json", in: folder)
    let run = try NavcheckProcess.run([
      "check", wide, "--bounds", "auto", "--time-limit", "4s", "--progress", "never",
    ])
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stdout.contains("/1 (incomplete), 1/2 ("), "\(run.stdout)")
    #expect(
      run.stdout.contains("the run was cancelled by its share of --time-limit ("),
      "\(run.stdout)")
    #expect(run.stdout.contains(" of 4 s: half the time left, the rest for the rungs after it)"))
  }

  @Test func badValuesAreUsageErrors() throws {
    for (option, value) in [("--bounds", "4"), ("--bounds", "0/2"), ("--time-limit", "soon")] {
      let run = try NavcheckProcess.run(["check", spec, option, value])
      #expect(run.status == 64, "\(option) \(value)")
    }
  }

  @Test func aBoundBelowOneIsNamed() throws {
    for (value, which) in [
      ("0/0", "the stack depth is 0 and the presentation depth is 0"),
      ("0/2", "the stack depth is 0"), ("3/-1", "the presentation depth is -1"),
    ] {
      let run = try NavcheckProcess.run(["check", spec, "--bounds", value])
      #expect(run.status == 64, "\(value)")
      #expect(
        run.stderr
          == "navcheck: error: --bounds \(value): \(which); each bound must be at least 1\n"
          + "1/1 is the smallest; auto climbs from it to the spec's own bounds\n")
    }
  }
}
