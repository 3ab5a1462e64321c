import Foundation
import Testing

/// `--reduction auto|always|never` and `--no-reduction`, on two tabs that each push one screen:
/// 8 states in the full product (the selected tab × each stack at its root or pushed), 6 in
/// the reduced graph (not both pushed; `TabReductionTests` derives both by hand).
///
/// Each test writes the spec into a folder of its own (a new instance per test), removed after
/// it.
@Suite final class ReductionCommandTests {
  let folder: URL
  let spec: String

  init() throws {
    folder = try NavcheckProcess.temporaryFolder()
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

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  func result(_ arguments: [String], of spec: String? = nil) throws -> (
    status: Int32, json: [String: Any]
  ) {
    let run = try NavcheckProcess.run(["check", spec ?? self.spec, "--format", "json"] + arguments)
    return (run.status, try #require(NavcheckProcess.results(run.stdout).first, "\(run.stderr)"))
  }

  /// Each says why its tabs are not reduced: the product fits where auto keeps it, or the
  /// reduction is off.
  @Test func smallSpecsKeepTheFullProductsCounts() throws {
    for (arguments, why) in [
      ([], "its full product fits in 2,000,000 states, up to which auto explores it in full"),
      (["--no-reduction"], "the reduction is off (never)"),
      (["--reduction", "never"], "the reduction is off (never)"),
    ] {
      let (status, json) = try result(arguments)
      #expect(status == 0)
      #expect(json["states"] as? Int == 8, "\(arguments)")
      #expect(json["reduced"] == nil, "\(arguments)")
      #expect((json["fullProductReason"] as? String)?.hasPrefix(why) == true, "\(json)")
    }
  }

  /// A complete run that `--reduction always` could not reduce says why, in text and JSON,
  /// with the declaration: here a tap on X selects tab B and pushes there.
  @Test func aCompleteRunThatCouldNotReduceSaysWhy() throws {
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
      """, to: "linked.json", in: folder)
    let why =
      "X: selectTab B; push Y 'Go' acts in the tab it selects (only a deep link that starts by selecting the tab may)"
    let (status, json) = try result(["--reduction", "always"], of: linked)
    #expect(status == 0)
    #expect(json["complete"] as? Bool == true)
    #expect(json["reduced"] == nil)
    #expect(json["fullProductReason"] as? String == why)
    let declaration = try #require(json["fullProductDeclaration"] as? [String: Any])
    #expect(declaration["title"] as? String == "X: selectTab B; push Y 'Go'")
    #expect(declaration["line"] as? Int == 6)
    let text = try NavcheckProcess.run(["check", linked, "--reduction", "always"])
    #expect(
      text.stdout.contains("\ntabs: explored as their full product, because \(why) ("),
      "\(text.stdout)")
    #expect(
      text.stdout.contains("linked.json:6 (destinations[2].transitions[0]))\n"), "\(text.stdout)")
  }

  @Test func aReducedRunSaysItsCountsAreOfTheReducedGraph() throws {
    let (status, json) = try result(["--reduction", "always"])
    #expect(status == 0)
    #expect(json["states"] as? Int == 6)
    #expect(json["transitions"] as? Int == 12)
    #expect(json["reduced"] as? Bool == true)
    let text = try NavcheckProcess.run(["check", spec, "--reduction", "always"])
    #expect(text.stdout.contains("\n6 states (reduced), 12 transitions, "), "\(text.stdout)")
    #expect(
      text.stdout.contains("reduced: the tabs were explored one changed tab at a time"),
      "\(text.stdout)")
    // The machine-read reports say so too.
    let sarif = try NavcheckProcess.run([
      "check", spec, "--reduction", "always", "--format", "sarif",
    ])
    #expect(sarif.stdout.contains("\"reduced\": true"), "\(sarif.stdout)")
    let junit = try NavcheckProcess.run([
      "check", spec, "--reduction", "always", "--format", "junit",
    ])
    #expect(junit.stdout.contains("<property name=\"reduced\" value=\"true\"/>"), "\(junit.stdout)")
    let full = try NavcheckProcess.run(["check", spec, "--format", "sarif"])
    #expect(!full.stdout.contains("\"reduced\""), "\(full.stdout)")
  }

  /// `auto` reduces where the full product does not fit: here the cap of 7 states cuts the
  /// product (8), and the reduced graph (6) is complete.
  @Test func autoReducesWhereTheProductDoesNotFit() throws {
    let (status, json) = try result(["--max-states", "7"])
    #expect(status == 0)
    #expect(json["complete"] as? Bool == true)
    #expect(json["states"] as? Int == 6)
    #expect(json["reduced"] as? Bool == true)
  }

  @Test func contradictoryOrUnknownChoicesAreUsageErrors() throws {
    let both = try NavcheckProcess.run(["check", spec, "--no-reduction", "--reduction", "always"])
    #expect(both.status == 64)
    #expect(both.stderr.contains("--no-reduction and --reduction"), "\(both.stderr)")
    let unknown = try NavcheckProcess.run(["check", spec, "--reduction", "sometimes"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("auto, always, never"), "\(unknown.stderr)")
  }
}
