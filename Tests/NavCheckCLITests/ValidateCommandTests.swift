import Foundation
import NavCheckRecorder
import Testing

/// `navcheck validate SPEC RUN`: a run written by `NavigationRecorder`, checked against a spec.
@Suite struct ValidateCommandTests {
  let shop = NavcheckProcess.root.appendingPathComponent(
    NavcheckProcess.fixtures + "/shop.json"
  ).path

  /// Writes `records` with the recorder to `run.ndjson` in `folder`.
  func record(_ records: [NavigationRecord], in folder: URL) throws {
    let recorder = try NavigationRecorder(path: folder.appendingPathComponent("run.ndjson").path)
    for record in records { recorder.record(record) }
    recorder.close()
  }

  @Test func aRecordedRunThatIsABehaviourOfTheSpecExitsZero() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try record(
      [
        .push("Product"), .present("Share", style: .sheet), .dismiss(style: .sheet),
        .selectTab("Cart"), .asyncCompleted("Checkout", outcome: "paid"),
        .present("Receipt", style: .sheet), .deepLink("product"), .dismiss(style: .sheet),
        .selectTab("Home"), .push("Product"),
      ], in: folder)
    let run = try NavcheckProcess.run(["validate", shop, "run.ndjson"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.hasPrefix(
        "✓ run.ndjson is a behaviour of Shop: 10 records, explained by 7 events\n"), "\(run.stdout)"
    )
    #expect(run.stdout.contains("Cart: async 'Checkout' starts"), "\(run.stdout)")
    #expect(run.stdout.contains("(recorded nothing)"), "\(run.stdout)")
    #expect(run.stdout.contains("deep link 'product' arrives"), "\(run.stdout)")
    #expect(run.stdout.contains("lines 7–10"), "\(run.stdout)")
  }

  @Test func aStepTheSpecDoesNotAllowIsReportedAtItsLineWithTheStateAndTheCandidates() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try record([.push("Product"), .present("Search", style: .sheet)], in: folder)
    let run = try NavcheckProcess.run(["validate", shop, "run.ndjson"], in: folder)
    #expect(run.status == 1)
    #expect(
      run.stdout.hasPrefix(
        "✗ run.ndjson: line 2 is not a behaviour of Shop: present Search as a sheet\n"),
      "\(run.stdout)")
    #expect(run.stdout.contains("    ▸ Home › Product | Cart\n"), "\(run.stdout)")
    #expect(
      run.stdout.contains(
        "    - Product: tap 'Share' → sheet Share (would record: present Share as a sheet)\n"),
      "\(run.stdout)")
    #expect(
      run.stderr.contains("run.ndjson:2: present Search as a sheet is not a behaviour of Shop"),
      "\(run.stderr)")
    let json = try NavcheckProcess.run(
      ["validate", shop, "run.ndjson", "--format", "json"], in: folder)
    #expect(json.status == 1)
    let object = try #require(try NavcheckProcess.json(json.stdout) as? [String: Any])
    let unexplained = try #require(object["unexplained"] as? [String: Any])
    #expect(unexplained["line"] as? Int == 2)
    let candidates = try #require(unexplained["candidates"] as? [[String: Any]])
    #expect(candidates.count == 7)
    #expect(object["holds"] as? Bool == false)
    let github = try NavcheckProcess.run(
      ["validate", shop, "run.ndjson", "--format", "github"], in: folder)
    #expect(
      github.stdout.hasPrefix(
        "::error file=run.ndjson,line=2,title=navcheck%3A present Search as a sheet is not a behaviour of Shop::"
      ), "\(github.stdout)")
  }

  @Test func aRuleTheRunBreaksIsReportedInChecksWordsAndTheRunGoesOn() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try record(
      [
        .push("Product"), .asyncStarted("Recommend"), .present("Share", style: .sheet),
        .asyncCompleted("Recommend", outcome: "found"),
        .present("Recommendations", style: .sheet), .dismiss(style: .sheet),
        .dismiss(style: .sheet), .pop(count: 1),
      ], in: folder)
    let run = try NavcheckProcess.run(["validate", shop, "run.ndjson"], in: folder)
    #expect(run.status == 1)
    #expect(
      run.stdout.contains(
        "✗ duplicatePresentation — Product: async 'Recommend' completes: found → sheet Recommendations: "
      ), "\(run.stdout)")
    #expect(run.stdout.contains("  rule: one active sheet per router\n"), "\(run.stdout)")
    #expect(
      run.stdout.contains(
        "recorded at lines 4–5; the run's screens came back to the spec's at line 7"),
      "\(run.stdout)")
    #expect(run.stderr.contains("the run breaks 1 rule of Shop"), "\(run.stderr)")
    let xcode = try NavcheckProcess.run(
      ["validate", shop, "run.ndjson", "--format", "xcode"], in: folder)
    #expect(xcode.stdout.contains("shop.json:12:1: error: duplicatePresentation: Shop: "))
    #expect(xcode.stdout.contains("run.ndjson:4:1: note: recorded at lines 4–5"), "\(xcode.stdout)")
    let json = try NavcheckProcess.run(
      ["validate", shop, "run.ndjson", "--format", "json"], in: folder)
    let object = try #require(try NavcheckProcess.json(json.stdout) as? [String: Any])
    let rules = try #require(object["brokenRules"] as? [[String: Any]])
    #expect(
      (rules.first?["violation"] as? [String: Any])?["kind"] as? String
        == "duplicatePresentation")
    #expect(rules.first?["lines"] as? [Int] == [4, 5])
    #expect(object["unexplained"] is NSNull)
  }

  /// SARIF, as `check` writes it: the broken rule at its declaration with the run's lines as a
  /// related location, the record no event explains at the run's line under `NAV201`; JUnit: a
  /// failing case for each.
  @Test func sarifAndJUnitReportTheBrokenRuleAndTheUnexplainedRecord() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try record(
      [
        .push("Product"), .asyncStarted("Recommend"), .present("Share", style: .sheet),
        .asyncCompleted("Recommend", outcome: "found"),
        .present("Recommendations", style: .sheet), .dismiss(style: .sheet),
        .dismiss(style: .sheet), .present("Search", style: .sheet),
      ], in: folder)
    let sarif = try NavcheckProcess.run(
      ["validate", shop, "run.ndjson", "--format", "sarif"], in: folder)
    #expect(sarif.status == 1, "\(sarif.stderr)")
    let log = try #require(try NavcheckProcess.json(sarif.stdout) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    let rules = try #require(driver["rules"] as? [[String: Any]])
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.count == 2)
    func rule(_ result: [String: Any]) -> String? {
      (result["ruleIndex"] as? Int).map { rules[$0]["name"] as? String } ?? nil
    }
    func place(_ location: Any?) -> String? {
      guard let physical = (location as? [String: Any])?["physicalLocation"] as? [String: Any],
        let uri = (physical["artifactLocation"] as? [String: Any])?["uri"] as? String,
        let line = (physical["region"] as? [String: Any])?["startLine"] as? Int
      else { return nil }
      return "\(uri.split(separator: "/").last ?? ""):\(line)"
    }
    let broken = results[0]
    #expect(rule(broken) == "duplicatePresentation" && broken["ruleId"] as? String == "NAV001")
    #expect(place((broken["locations"] as? [Any])?.first) == "shop.json:12")
    #expect(place((broken["relatedLocations"] as? [Any])?.first) == "run.ndjson:4")
    let message = (broken["message"] as? [String: Any])?["text"] as? String ?? ""
    #expect(message.contains("recorded at lines 4–5 of run.ndjson"), "\(message)")
    let unexplained = results[1]
    #expect(
      rule(unexplained) == "unexplainedRecord" && unexplained["ruleId"] as? String == "NAV201")
    #expect(place((unexplained["locations"] as? [Any])?.first) == "run.ndjson:8")
    let words = (unexplained["message"] as? [String: Any])?["text"] as? String ?? ""
    #expect(words.hasPrefix("Shop: present Search as a sheet is not a behaviour of Shop\n"))
    #expect((run["properties"] as? [String: Any])?["holds"] as? Bool == false)

    let junit = try NavcheckProcess.run(
      ["validate", shop, "run.ndjson", "--format", "junit"], in: folder)
    #expect(junit.status == 1)
    let xml = junit.stdout
    // A case for the records, and one for each of check's 13 rules.
    #expect(
      xml.contains(#"<testsuite name="run.ndjson against Shop" tests="14" failures="2""#), "\(xml)")
    #expect(
      xml.contains(
        #"name="every record is explained" time="0">"# + "\n"
          + #"      <failure type="unexplainedRecord" message="line 8: present Search as a sheet is not a behaviour of Shop">"#
      ), "\(xml)")
    #expect(xml.contains(#"name="duplicatePresentation" time="0">"#), "\(xml)")
    #expect(xml.contains("recorded at lines 4–5 of run.ndjson</failure>"), "\(xml)")
    #expect(xml.contains(#"name="orphanedCompletion" time="0"/>"#), "\(xml)")
  }

  @Test func aMalformedRunExits65NamingTheLineAndAMissingOne66() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try write(
      "{\"record\":\"push\",\"destination\":\"Product\"}\n{\"record\":\"present\",\"destination\":\"Share\",\"style\":\"popover\"}\n",
      to: "bad.ndjson", in: folder)
    let bad = try NavcheckProcess.run(["validate", shop, "bad.ndjson"], in: folder)
    #expect(bad.status == 65)
    #expect(
      bad.stderr
        == "navcheck: error: bad.ndjson:2: \"style\" is \"popover\"; it is one of sheet, fullScreenCover, modal\n"
    )
    _ = try write("{\"record\":\"push\"\n", to: "broken.ndjson", in: folder)
    let broken = try NavcheckProcess.run(["validate", shop, "broken.ndjson"], in: folder)
    #expect(broken.status == 65)
    #expect(broken.stderr.contains("broken.ndjson:1: not JSON"), "\(broken.stderr)")
    let missing = try NavcheckProcess.run(["validate", shop, "missing.ndjson"], in: folder)
    #expect(missing.status == 66)
    let usage = try NavcheckProcess.run(["validate", shop])
    #expect(usage.status == 64)
    #expect(usage.stderr.contains("missing RUN"), "\(usage.stderr)")
  }
}
