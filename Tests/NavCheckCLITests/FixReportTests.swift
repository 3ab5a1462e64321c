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
}
