import Foundation
import NavCheckTestSupport
import Testing

/// `navcheck check --format html` and `--format svg` from the command line: the same run gives
/// the same bytes, paths are relative, the help names both formats. (The page in a browser is
/// `BrowserTests`.)
@Suite struct HTMLFormatTests {
  /// The Mail with its checked fixes. (The Shop's results at one and two threads are compared
  /// in process, `BundledSpecsTests`: the page adds nothing that depends on the thread count.)
  @Test func theHTMLReportIsTheSameBytesForTheSameSpecsWithAnyThreadCount() throws {
    let mail = try sameBytesAtOneAndTwoThreads(["Mail"])
    #expect(mail.contains("fix (each checked"), "the fixes are on the page")
    #expect(mail.contains(">Specs/Mail.swift:45</a>"), "paths are relative")
    #expect(mail.contains("href=\"Specs/Mail.swift#L45\""))
  }

  /// The page of `arguments` at one and at two threads, which must be the same bytes.
  private func sameBytesAtOneAndTwoThreads(
    _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let one = try NavcheckProcess.run(
      ["check"] + arguments + ["--format", "html", "--threads", "1"])
    let two = try NavcheckProcess.run(
      ["check"] + arguments + ["--format", "html", "--threads", "2"])
    #expect(one.status == 1, "\(one.stderr)", sourceLocation: sourceLocation)
    #expect(one.stdout.hasPrefix("<!DOCTYPE html>"), sourceLocation: sourceLocation)
    #expect(
      one.stdout == two.stdout, "no time, thread count or random id in the page",
      sourceLocation: sourceLocation)
    return one.stdout
  }

  /// A page written to another folder links the spec files from there.
  @Test func aPageInASubfolderLinksTheSpecsFromThere() throws {
    // Two levels under the working folder (the repository root), a folder of this test's own.
    let folder = ".build/navcheck-test-reports-\(UUID().uuidString)"
    let url = NavcheckProcess.root.appendingPathComponent(folder)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    let run = try NavcheckProcess.run([
      "check", "Mail", "--format", "html", "--output", folder + "/mail.html",
    ])
    #expect(run.status == 1, "\(run.stderr)")
    let page = try String(contentsOf: url.appendingPathComponent("mail.html"), encoding: .utf8)
    #expect(page.contains("href=\"../../Specs/Mail.swift#L45\""), "from the page's folder")
    #expect(page.contains(">Specs/Mail.swift:45</a>"), "shown relative to the working folder")
  }

  @Test(.long) func theSVGIsTheFirstFindingsTraceWrittenToTheOutputFile() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("trace.svg")
    // (An SVG draws no fixes: none are searched.)
    let run = try NavcheckProcess.run([
      "check", "Shop", "--format", "svg", "--fixes", "never", "--output", file.path,
    ])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout == "")
    let svg = try String(contentsOf: file, encoding: .utf8)
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(svg.contains("✗ Shop: actionFromCoveredScreen"))
    #expect(svg.contains("Specs/Shop.swift:37"))
  }

  @Test func aLongTraceShowsItsFirstAndLastStepsAsFramesAndItsMiddleInWords() throws {
    let run = try NavcheckProcess.run([
      "check", NavcheckProcess.fixtures + "/long-trace.json", "--format", "html",
    ])
    #expect(run.status == 1, "\(run.stderr)")
    // 12 steps: the first screen and steps 1-2, then 3-6 in words, then 7-12.
    #expect(run.stdout.components(separatedBy: "<svg class=\"phone\"").count - 1 == 9)
    #expect(
      run.stdout.contains(
        "<li class=\"collapsed\"><details><summary>4 more steps (words only)</summary><ol>"
          + "<li value=\"3\">Step3: tap &#39;Next&#39; → push Step4</li>"), "\(run.stdout)")
    #expect(run.stdout.contains("<span class=\"number\">12</span> Step12: tap"))
  }

  @Test func replayDrawsAReportsNthFindingAsAnSVG() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = folder.appendingPathComponent("mail.json")
    let check = try NavcheckProcess.run([
      "check", "Mail", "--format", "json", "--output", report.path,
    ])
    #expect(check.status == 1, "\(check.stderr)")
    let run = try NavcheckProcess.run([
      "replay", "Mail", report.path, "--violation", "2", "--format", "svg",
    ])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(run.stdout.contains("✗ step 3 breaks orphanedCompletion"), "\(run.stdout)")
    // The first state and two steps as frames; the swipe that broke the rule has no state
    // after it: it is drawn over the state it acted on, with a ✗ badge.
    #expect(run.stdout.components(separatedBy: "class=\"phone-frame\"").count - 1 == 4)
    #expect(run.stdout.components(separatedBy: "class=\"failure-badge\"").count - 1 == 1)
    #expect(!run.stdout.contains("class=\"phone-frame broken\""))
  }

  @Test func theHelpNamesBothFormats() throws {
    let run = try NavcheckProcess.run(["check", "--help"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("(text|json|junit|github|sarif|xcode|html|svg)"), "\(run.stdout)")
    #expect(run.stdout.contains("--format svg is one image of"), "\(run.stdout)")
    let replay = try NavcheckProcess.run(["replay", "--help"])
    #expect(replay.stdout.contains("(text|json|svg)"), "\(replay.stdout)")
  }
}
