import Foundation
import Testing

/// Every format shows the same fixes as the text report: the checked ones, or that none was
/// found and why each change tried fails, or that fixes were not searched; never the rule's
/// generic help as if it were checked (a deep link that selects a tab under a sheet involves
/// no work to cancel).
@Suite struct FixReportTests {
  /// A deep link selects a tab under a sheet; `DismissAll()` first fixes it.
  static let tabUnderSheet = NavcheckProcess.fixtures + "/tab-under-sheet.json"
  /// The same under a composer whose 'Publish' is pending: `DismissAll()` first would orphan it.
  static let composer = NavcheckProcess.fixtures + "/composer.json"

  /// The formats whose findings are words, and the finding's words in each (unescaped).
  static let formats = ["text", "junit", "github", "xcode", "html", "sarif"]

  /// The words of the (one) finding of `spec` in `format`: the whole report, unescaped; for
  /// SARIF, the result's message.
  func words(_ spec: String, _ format: String, _ options: [String] = []) throws -> String {
    let run = try NavcheckProcess.run(["check", spec, "--format", format] + options)
    #expect(run.status == 1, "\(format): \(run.stderr)")
    switch format {
    case "sarif":
      let log = try #require(
        JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
      let runs = try #require(log["runs"] as? [[String: Any]])
      let results = try #require(runs.first?["results"] as? [[String: Any]])
      #expect(results.count == 1)
      let message = try #require(results.first?["message"] as? [String: Any])
      return try #require(message["text"] as? String)
    case "github":
      return run.stdout.replacingOccurrences(of: "%0A", with: "\n")
        .replacingOccurrences(of: "%25", with: "%")
    case "html", "junit":
      return run.stdout.replacingOccurrences(of: "&#39;", with: "'")
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
        .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    default:
      return run.stdout
    }
  }

  /// The first violation of the JSON report of `spec`.
  func jsonViolation(_ spec: String, _ options: [String] = []) throws -> [String: Any] {
    let run = try NavcheckProcess.run(["check", spec, "--format", "json"] + options)
    #expect(run.status == 1, "\(run.stderr)")
    let violations = try NavcheckProcess.result(run.stdout)["violations"] as? [[String: Any]]
    return try #require(violations?.first)
  }

  @Test func everyFormatShowsTheCheckedFixOfADeepLinkThatSelectsATabUnderASheet() throws {
    let fix = "dismiss what is presented first: DismissAll() as deep link 'profile''s first action"
    for format in Self.formats {
      let text = try words(Self.tabUnderSheet, format)
      #expect(text.contains(fix), "\(format):\n\(text)")
      #expect(text.contains("the link closes whatever the user has open"), "\(format)")
      #expect(!text.contains("cancelsOnDismiss"), "\(format): no work is involved")
      #expect(!text.contains("no fix found"), "\(format)")
    }
    let violation = try jsonViolation(Self.tabUnderSheet)
    let fixes = try #require(violation["fixes"] as? [[String: Any]])
    #expect(fixes.map { $0["change"] as? String } == [fix])
    let search = try #require(violation["fixSearch"] as? [String: Any])
    #expect(search["searched"] as? Bool == true)
    #expect((search["rejected"] as? [Any])?.count == 0)
  }

  @Test func everyFormatSaysNoFixWasFoundAndWhy() throws {
    let change =
      "dismiss what is presented first: DismissAll() as deep link 'profile''s first action"
    let reason =
      "it breaks orphanedCompletion by Composer: async 'Publish' with outcomes 'published', 'failed'"
    for format in Self.formats {
      let text = try words(Self.composer, format)
      #expect(text.contains("no fix found"), "\(format):\n\(text)")
      #expect(text.contains(change), "\(format)")
      #expect(text.contains(reason), "\(format)")
      #expect(!text.contains("cancelsOnDismiss"), "\(format)")
    }
    let violation = try jsonViolation(Self.composer)
    #expect(violation["fixes"] == nil)
    let search = try #require(violation["fixSearch"] as? [String: Any])
    #expect(search["searched"] as? Bool == true)
    let rejected = try #require(search["rejected"] as? [[String: Any]])
    #expect(rejected.map { $0["change"] as? String } == [change])
    #expect(rejected.map { $0["reason"] as? String } == [reason])
  }

  @Test func everyFormatSaysFixesWereNotSearched() throws {
    for format in Self.formats {
      let text = try words(Self.composer, format, ["--fixes", "never"])
      #expect(text.contains("fixes not searched (--fixes never)"), "\(format):\n\(text)")
      #expect(!text.contains("no fix found"), "\(format)")
      #expect(!text.contains("cancelsOnDismiss"), "\(format)")
    }
    let violation = try jsonViolation(Self.composer, ["--fixes", "never"])
    let search = try #require(violation["fixSearch"] as? [String: Any])
    #expect(search["searched"] as? Bool == false)
    #expect(search["reason"] as? String == "--fixes never")
  }

  /// `--fixes auto` searches specs of at most 1,000,000 states in a release build and 20,000 in
  /// a debug one (the tests' navcheck, and `swift run`'s): a spec of 22,621 states (a root and
  /// eleven screens that push one another, four pushes deep, one of them starting work that
  /// swiping back orphans) is searched by the one and not by the other, which says why.
  @Test func autoSearchesFixesUpToTheBuildsLimit() throws {
    let names = (0..<11).map { "D\($0)" }
    let pushes = names.map { #"{"action": "push", "destination": "\#($0)", "label": "to \#($0)"}"# }
    let load =
      #"{"label": "Load", "trigger": "async", "outcomes": [{"label": "loaded", "actions": [{"action": "push", "destination": "D1"}]}]}"#
    let destinations = (["R"] + names).map { name in
      let transitions = pushes + (name == "D0" ? [load] : [])
      return #"{"name": "\#(name)", "transitions": [\#(transitions.joined(separator: ", "))]}"#
    }
    let spec =
      #"{"name": "Mesh", "root": "R", "bounds": {"maxStackDepth": 5, "maxPresentationDepth": 1}, "destinations": [\#(destinations.joined(separator: ", "))]}"#
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("navcheck-fixes-auto-\(UUID().uuidString).json")
    try spec.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try NavcheckProcess.run(["check", file.path, "--format", "json"])
    #expect(run.status == 1, "\(run.stderr)")
    let result = try NavcheckProcess.result(run.stdout)
    #expect(result["states"] as? Int == 22_621)
    let violations = try #require(result["violations"] as? [[String: Any]])
    let searches = violations.compactMap { $0["fixSearch"] as? [String: Any] }
    #expect(searches.count == violations.count && !violations.isEmpty)
    #if DEBUG
      let reason =
        "--fixes auto searches specs of at most 20,000 states in a debug build of navcheck, 1,000,000 in a release one; --fixes always searches this one"
      #expect(searches.allSatisfy { $0["searched"] as? Bool == false })
      #expect(searches.allSatisfy { $0["reason"] as? String == reason })
    #else
      #expect(searches.allSatisfy { $0["searched"] as? Bool == true })
    #endif
  }
}
