import Foundation
import Testing

/// `navcheck check --format xcode`: compiler-style lines Xcode's issue navigator shows.
@Suite struct XcodeReportTests {
  let notes = NavcheckProcess.fixtures + "/notes.json"
  let holds = NavcheckProcess.fixtures + "/holds.json"

  /// The repository root differs from machine to machine.
  static func normalize(_ text: String) -> String {
    text.replacingOccurrences(of: NavcheckProcess.root.standardizedFileURL.path, with: "<root>")
  }

  /// `PATH:LINE:COLUMN: SEVERITY: ` with an absolute path: what Xcode parses as an issue.
  static let diagnostic = try! NSRegularExpression(
    pattern: #"^/[^:]+:[0-9]+:[0-9]+: (error|warning|note): "#)

  static func severity(_ line: Substring) -> String? {
    let text = String(line)
    guard
      let match = diagnostic.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
      let range = Range(match.range(at: 1), in: text)
    else { return nil }
    return String(text[range])
  }

  @Test func xcodeLinesOfAViolatingSpecMatchTheirGoldenFileAndExitOne() throws {
    let run = try NavcheckProcess.run(["check", notes, "--format", "xcode"])
    #expect(run.status == 1, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.filter { Self.severity($0) == "error" }.count == 2)
    let absolute = NavcheckProcess.root.standardizedFileURL.path + "/" + notes
    #expect(
      lines[0].hasPrefix("\(absolute):74:1: error: orphanedCompletion: Notes: "),
      "\(lines[0])")
    #expect(lines[1].hasPrefix("\(absolute):74:1: note: rule: "), "\(lines[1])")
    #expect(
      lines[2].hasPrefix(
        "\(absolute):74:1: note: fix (each checked: the finding goes and nothing new breaks): cancel NewFolder's 'Create'"
      ), "the checked fixes follow the rule: \(lines[2])")
    #expect(
      lines[4].hasPrefix(
        "\(absolute):16:1: note: step 1: Folders: tap 'New folder' → sheet NewFolder"),
      "a step is noted at its own declaration: \(lines[4])")
    #expect(
      lines.filter { Self.severity($0) == nil } == [
        "Notes: 2 violations; 9 states, 20 transitions, transitions fired 11/11"
      ], "every other line is a diagnostic")
    try assertGolden(Self.normalize(run.stdout), "notes.xcode.txt")
  }

  @Test func warningsAndAnIncompleteRunAreXcodeWarnings() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try write(
      """
      {"name": "Shelf", "root": "Home", "destinations": [
       {"name": "Home", "transitions": [{"action": "push", "destination": "Detail"}]},
       {"name": "Detail", "transitions": []},
       {"name": "Orphan", "transitions": [{"action": "dismiss"}]}
      ]}
      """, to: "shelf.json", in: folder)
    // A relative path from another working directory still reaches Xcode absolute.
    let run = try NavcheckProcess.run(["check", "shelf.json", "--format", "xcode"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let spec = folder.standardizedFileURL.resolvingSymlinksInPath().path + "/shelf.json"
    let warnings = run.stdout.split(separator: "\n").filter { Self.severity($0) == "warning" }
    #expect(warnings.count == 2, "\(run.stdout)")
    #expect(
      warnings.allSatisfy {
        $0.hasPrefix(spec + ":4:1: warning: ")
          || $0.hasPrefix(folder.standardizedFileURL.path + "/shelf.json:4:1: warning: ")
      }, "\(run.stdout)")
    #expect(warnings[0].contains("unreachableDestination: Shelf: "), "\(warnings[0])")

    let cut = try NavcheckProcess.run(["check", holds, "--format", "xcode", "--max-states", "2"])
    #expect(cut.status == 2)
    #expect(
      cut.stdout.contains(":1:1: warning: Reader is incomplete: maxStates 2 reached"),
      "\(cut.stdout)")
  }

  @Test func checkHelpListsTheXcodeFormatAndTheBaselineOptions() throws {
    let run = try NavcheckProcess.run(["check", "--help"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("(text|json|junit|github|sarif|xcode|html|svg)"), "\(run.stdout)")
    #expect(run.stdout.contains("--baseline FILE"))
    #expect(run.stdout.contains("--write-baseline FILE"))
  }
}
