import Foundation
import NavCheckTestSupport
import XCTest

/// `navcheck check --format html` and `--format svg` from the command line: the same run gives
/// the same bytes, paths are relative, the help names both formats. (The page in a browser is
/// `BrowserTests`.)
final class HTMLFormatTests: XCTestCase {
  /// The Mail, and the Shop too in a long run.
  func testTheHTMLReportIsTheSameBytesForTheSameSpecsWithAnyThreadCount() throws {
    let specs = LongTests.enabled ? ["Mail", "Shop"] : ["Mail"]
    let one = try NavcheckProcess.run(["check"] + specs + ["--format", "html", "--threads", "1"])
    let two = try NavcheckProcess.run(["check"] + specs + ["--format", "html", "--threads", "2"])
    XCTAssertEqual(one.status, 1, one.stderr)
    XCTAssertTrue(one.stdout.hasPrefix("<!DOCTYPE html>"))
    XCTAssertTrue(one.stdout == two.stdout, "no time, thread count or random id in the page")
    XCTAssertTrue(one.stdout.contains(">Specs/Mail.swift:45</a>"), "paths are relative")
    XCTAssertTrue(one.stdout.contains("href=\"Specs/Mail.swift#L45\""))
  }

  /// A page written to another folder links the spec files from there.
  func testAPageInASubfolderLinksTheSpecsFromThere() throws {
    try FileManager.default.createDirectory(
      at: NavcheckProcess.root.appendingPathComponent(".build/navcheck-test-reports"),
      withIntermediateDirectories: true)
    let run = try NavcheckProcess.run([
      "check", "Mail", "--format", "html", "--output", ".build/navcheck-test-reports/mail.html",
    ])
    XCTAssertEqual(run.status, 1, run.stderr)
    let page = try String(
      contentsOf: NavcheckProcess.root.appendingPathComponent(
        ".build/navcheck-test-reports/mail.html"), encoding: .utf8)
    XCTAssertTrue(page.contains("href=\"../../Specs/Mail.swift#L45\""), "from the page's folder")
    XCTAssertTrue(page.contains(">Specs/Mail.swift:45</a>"), "shown relative to the working folder")
  }

  func testTheSVGIsTheFirstFindingsTraceWrittenToTheOutputFile() throws {
    try XCTSkipUnless(LongTests.enabled, LongTests.reason)
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("trace.svg")
    let run = try NavcheckProcess.run(["check", "Shop", "--format", "svg", "--output", file.path])
    XCTAssertEqual(run.status, 1, run.stderr)
    XCTAssertEqual(run.stdout, "")
    let svg = try String(contentsOf: file, encoding: .utf8)
    XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    XCTAssertTrue(svg.contains("✗ Shop: actionFromCoveredScreen"))
    XCTAssertTrue(svg.contains("Specs/Shop.swift:37"))
  }

  func testALongTraceShowsItsFirstAndLastStepsAsFramesAndItsMiddleInWords() throws {
    let run = try NavcheckProcess.run([
      "check", NavcheckProcess.fixtures + "/long-trace.json", "--format", "html",
    ])
    XCTAssertEqual(run.status, 1, run.stderr)
    // 12 steps: the first screen and steps 1-2, then 3-6 in words, then 7-12.
    XCTAssertEqual(run.stdout.components(separatedBy: "<svg class=\"phone\"").count - 1, 9)
    XCTAssertTrue(
      run.stdout.contains(
        "<li class=\"collapsed\"><details><summary>4 more steps (words only)</summary><ol>"
          + "<li value=\"3\">Step3: tap &#39;Next&#39; → push Step4</li>"), run.stdout)
    XCTAssertTrue(run.stdout.contains("<span class=\"number\">12</span> Step12: tap"))
  }

  func testReplayDrawsAReportsNthFindingAsAnSVG() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = folder.appendingPathComponent("mail.json")
    let check = try NavcheckProcess.run([
      "check", "Mail", "--format", "json", "--output", report.path,
    ])
    XCTAssertEqual(check.status, 1, check.stderr)
    let run = try NavcheckProcess.run([
      "replay", "Mail", report.path, "--violation", "2", "--format", "svg",
    ])
    XCTAssertEqual(run.status, 1, run.stderr)
    XCTAssertTrue(run.stdout.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    XCTAssertTrue(run.stdout.contains("✗ step 3 breaks orphanedCompletion"), run.stdout)
    // The first state and two steps as frames; the swipe that broke the rule has no state
    // after it: it is drawn over the state it acted on, with a ✗ badge.
    XCTAssertEqual(run.stdout.components(separatedBy: "class=\"phone-frame\"").count - 1, 4)
    XCTAssertEqual(run.stdout.components(separatedBy: "class=\"failure-badge\"").count - 1, 1)
    XCTAssertFalse(run.stdout.contains("class=\"phone-frame broken\""))
  }

  func testTheHelpNamesBothFormats() throws {
    let run = try NavcheckProcess.run(["check", "--help"])
    XCTAssertEqual(run.status, 0)
    XCTAssertTrue(run.stdout.contains("(text|json|junit|github|sarif|xcode|html|svg)"), run.stdout)
    XCTAssertTrue(run.stdout.contains("--format svg is one image of"), run.stdout)
    let replay = try NavcheckProcess.run(["replay", "--help"])
    XCTAssertTrue(replay.stdout.contains("(text|json|svg)"), replay.stdout)
  }
}
