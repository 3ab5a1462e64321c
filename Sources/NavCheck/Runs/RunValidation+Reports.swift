import NavCheckRecorder

extension RunValidation: CustomStringConvertible {
  /// The report `navcheck validate` prints, for a test's failure message.
  ///
  /// ```swift
  /// let validation = try shop.validate(run)
  /// #expect(validation.holds, "\(validation)")
  /// ```
  public var description: String { text(run: "the run", paths: .unchanged) }

  /// The validation for people: the verdict, each broken rule as `check` prints a violation,
  /// the first record the spec cannot explain with the state drawn and the events the spec
  /// allows there, then the explanation, event by event, with the lines each explains.
  ///
  /// ```text
  /// ✓ run.ndjson is a behaviour of TodoApp: 4 records, explained by 4 events
  ///
  ///   1. TodoList: tap 'Add' → sheet AddTodo      line 1
  /// ```
  package func text(run name: String, paths: ReportPaths) -> String {
    var lines: [String] = []
    let events = counted(explanation.count, "event")
    if holds {
      lines.append(
        "✓ \(name) is a behaviour of \(spec): \(counted(records, "record")), explained by \(events)"
      )
    } else if let unexplained {
      lines.append(
        "✗ \(name): line \(unexplained.line) is not a behaviour of \(spec): "
          + unexplained.record.words)
    } else {
      lines.append(
        "✗ \(name) is a behaviour of \(spec) that breaks \(counted(brokenRules.count, "rule")): "
          + "\(counted(records, "record")), explained by \(events)")
    }
    let report = TextReport(paths: paths)
    for rule in brokenRules {
      lines.append("")
      lines += report.render(rule.violation).map { $0 }
      var at = "  recorded at " + Self.words(rule.lines)
      if let resumed = rule.resumedAtLine {
        at +=
          "; the run's screens came back to the spec's at line \(resumed), and it was validated on from there"
      }
      lines.append(at)
    }
    if let unexplained {
      lines.append("")
      lines.append(
        "✗ line \(unexplained.line): \(unexplained.record.words) \(unexplained.record.jsonLine)")
      if let reason = unexplained.reason { lines.append("  why: \(reason)") }
      lines.append(
        "  no event of \(spec) explains it from the state the run came to"
          + (unexplained.states > 1
            ? " (of the \(unexplained.states) states it may be in, the one the fewest events explain):"
            : ":"))
      lines += unexplained.state.description.split(separator: "\n").map { "    " + $0 }
      if let screens = unexplained.recordedScreens {
        lines.append("  the screens as the records left them:")
        lines += screens.split(separator: "\n").map { "    " + $0 }
      }
      lines.append("  the events the spec allows there, and what each would record:")
      if unexplained.candidates.isEmpty { lines.append("    (none)") }
      for candidate in unexplained.candidates {
        lines.append("    - " + candidate.words + " (" + Self.words(candidate) + ")")
      }
    }
    if !explanation.isEmpty {
      lines.append("")
      lines.append(unexplained == nil ? "explanation:" : "explained up to it:")
      let width = String(explanation.count).count
      let column = min(
        60, explanation.map(\.step.description.count).max()! + width + 6)
      for (i, step) in explanation.enumerated() {
        var line = "  " + String(i + 1).leftPadded(to: width) + ". " + step.step.description
        if step.step.state == nil { line += "   ✗" }
        line = line.padding(toLength: max(column, line.count + 2), withPad: " ", startingAt: 0)
        line += step.lines.map(Self.words) ?? "(recorded nothing)"
        lines.append(line)
      }
    }
    lines += cuts.map(\.words)
    return lines.joined(separator: "\n") + "\n"
  }

  /// `line 4`, `lines 4–6`.
  static func words(_ lines: ClosedRange<Int>) -> String {
    lines.count == 1 ? "line \(lines.lowerBound)" : "lines \(lines.lowerBound)–\(lines.upperBound)"
  }

  /// What a candidate would record, in words.
  static func words(_ candidate: Candidate) -> String {
    if candidate.pruned { return "cut by the spec's bounds" }
    if let kind = candidate.breaks { return "breaks \(kind.rawValue)" }
    guard let records = candidate.records else { return "a change records cannot name" }
    return records.isEmpty
      ? "would record nothing" : "would record: " + records.map(\.words).joined(separator: ", ")
  }

  /// The validation as JSON: `{"spec", "records", "holds", "explanation": [{"step", "lines"}],
  /// "brokenRules": [{"violation", "lines", "resumedAtLine"}], "unexplained": {"line",
  /// "record", "reason", "state", "states", "candidates": [{"event", "description", "records",
  /// "breaks", "pruned"}]} or null, "cuts": [{"line", "limit", "count"}]}`.
  ///
  /// ```swift
  /// print(try spec.validate(run).jsonValue.text())
  /// ```
  public var jsonValue: JSONValue {
    func range(_ lines: ClosedRange<Int>?) -> JSONValue {
      lines.map { .array([.int($0.lowerBound), .int($0.upperBound)]) } ?? .null
    }
    func record(_ record: NavigationRecord) -> JSONValue {
      (try? JSONReader.read(Array(record.jsonLine.utf8))) ?? .string(record.jsonLine)
    }
    var unexplainedJSON = JSONValue.null
    if let unexplained {
      var members: [(String, JSONValue)] = [
        ("line", .int(unexplained.line)),
        ("record", record(unexplained.record)),
        ("reason", unexplained.reason.map { .string($0) } ?? .null),
        ("state", unexplained.state.jsonValue),
        ("states", .int(unexplained.states)),
        (
          "candidates",
          .array(
            unexplained.candidates.map { candidate in
              .object([
                ("event", candidate.event.jsonValue),
                ("description", .string(candidate.words)),
                ("records", candidate.records.map { .array($0.map(record)) } ?? .null),
                ("breaks", candidate.breaks.map { .string($0.rawValue) } ?? .null),
                ("pruned", .bool(candidate.pruned)),
              ])
            })
        ),
      ]
      if let screens = unexplained.recordedScreens {
        members.append(("recordedScreens", .string(screens)))
      }
      unexplainedJSON = .object(members)
    }
    return .object([
      ("spec", .string(spec)),
      ("records", .int(records)),
      ("holds", .bool(holds)),
      (
        "explanation",
        .array(
          explanation.map { .object([("step", $0.step.jsonValue), ("lines", range($0.lines))]) })
      ),
      (
        "brokenRules",
        .array(
          brokenRules.map { rule in
            .object([
              ("violation", rule.violation.jsonValue), ("lines", range(rule.lines)),
              ("resumedAtLine", rule.resumedAtLine.map { .int($0) } ?? .null),
            ])
          })
      ),
      ("unexplained", unexplainedJSON),
      (
        "cuts",
        .array(
          cuts.map {
            .object([
              ("line", .int($0.line)), ("limit", .string($0.limit)), ("count", .int($0.count)),
            ])
          })
      ),
    ])
  }
}

extension RunValidation {
  /// Where a line of the run is, for the reports that point at files.
  static func location(_ run: String, line: Int) -> SourceLocation {
    SourceLocation(fileID: run, filePath: run, line: line)
  }

  /// GitHub annotations: an `::error` per broken rule at its declaration (the records' lines in
  /// the body), an `::error` at the run's line the spec cannot explain; then a summary line.
  package func github(run name: String, paths: ReportPaths) -> String {
    let report = GitHubReport(paths: paths)
    var lines: [String] = []
    for rule in brokenRules {
      var body = [rule.violation.message, "recorded at \(Self.words(rule.lines)) of \(name)"]
      body += TextReport.trace(rule.violation.trace, kind: rule.violation.kind, indent: "")
      lines.append(
        report.command(
          "error", location: rule.violation.location,
          title: "navcheck: \(rule.violation.kind.rawValue) in \(name)",
          message: body.joined(separator: "\n")))
    }
    if let unexplained {
      lines.append(
        report.command(
          "error", location: Self.location(name, line: unexplained.line),
          title: "navcheck: \(unexplained.record.words) is not a behaviour of \(spec)",
          message: unexplainedBody.joined(separator: "\n")))
    }
    lines.append(summary(run: name))
    return lines.joined(separator: "\n") + "\n"
  }

  /// Compiler-style lines: an `error:` per broken rule at its declaration with notes for the
  /// records' lines and the trace, an `error:` at the run's line the spec cannot explain with a
  /// note per candidate; then a summary line.
  package func xcode(run name: String, paths: ReportPaths) -> String {
    let report = XcodeReport(paths: paths)
    var lines: [String] = []
    for rule in brokenRules {
      let location = rule.violation.location
      lines.append(
        report.diagnostic(
          "error", at: location,
          "\(rule.violation.kind.rawValue): \(spec): \(rule.violation.message)"
        ))
      lines.append(report.diagnostic("note", at: location, "rule: \(rule.violation.kind.summary)"))
      lines.append(
        report.diagnostic(
          "note", at: Self.location(name, line: rule.lines.lowerBound),
          "recorded at \(Self.words(rule.lines))"))
      lines += report.trace(rule.violation, at: location)
    }
    if let unexplained {
      let location = Self.location(name, line: unexplained.line)
      lines.append(
        report.diagnostic(
          "error", at: location,
          "\(unexplained.record.words) is not a behaviour of \(spec)"
            + (unexplained.reason.map { ": \($0)" } ?? "")))
      for candidate in unexplained.candidates {
        lines.append(
          report.diagnostic(
            "note", at: location, "the spec allows \(candidate.words) (\(Self.words(candidate)))"))
      }
    }
    lines.append(summary(run: name))
    return lines.joined(separator: "\n") + "\n"
  }

  /// `run.ndjson: 7 records, explained by 6 events; 1 rule broken`.
  func summary(run name: String) -> String {
    var text = "\(name): \(counted(records, "record"))"
    if let unexplained {
      text += "; line \(unexplained.line) is not a behaviour of \(spec)"
    } else {
      text += ", explained by \(counted(explanation.count, "event"))"
    }
    if !brokenRules.isEmpty {
      text += "; \(counted(brokenRules.count, "rule")) broken"
    }
    return text
  }

  /// The unexplained record's details, for the annotations.
  var unexplainedBody: [String] {
    guard let unexplained else { return [] }
    var body = [unexplained.record.jsonLine]
    if let reason = unexplained.reason { body.append("why: \(reason)") }
    body.append("the state it came to:")
    body += unexplained.state.description.split(separator: "\n").map { "  " + $0 }
    body.append("the events the spec allows there:")
    body += unexplained.candidates.map { "- \($0.words) (\(Self.words($0)))" }
    return body
  }
}

extension RunValidation {
  /// `NAV201`: the SARIF rule of a record the spec cannot explain (after `check`'s rules, whose
  /// ids it keeps).
  static let unexplainedRule = SARIFReport.Rule(
    id: "NAV201", name: "unexplainedRecord",
    summary: "every record of a recorded run is explained by an event of the spec",
    help:
      "Either the app did something the spec does not declare (declare it, or fix the app), or the spec's state differs from the app's at that record (the events before it show where).",
    level: "error")

  /// SARIF 2.1.0, as `check` writes it: `check`'s rules and `NAV201`; a result per broken rule
  /// at its declaration, with the run's lines as related locations, and one at the run's line
  /// the spec cannot explain.
  package func sarif(run name: String, paths: ReportPaths) -> String {
    let report = SARIFReport(paths: paths)
    let rules = SARIFReport.rules + [Self.unexplainedRule]
    func index(_ id: String) -> Int { rules.firstIndex { $0.id == id }! }
    var results = brokenRules.map { rule in
      let recorded = "recorded at \(Self.words(rule.lines)) of \(name)"
      return report.result(
        rule.violation, spec: spec, at: nil, ruleIndex: index,
        related: [
          report.location(Self.location(name, line: rule.lines.lowerBound), message: recorded)
        ], messageEnd: [recorded])
    }
    if let unexplained {
      let message =
        ["\(spec): \(unexplained.record.words) is not a behaviour of \(spec)"] + unexplainedBody
      results.append(
        .object([
          ("ruleId", .string(Self.unexplainedRule.id)),
          ("ruleIndex", .int(index(Self.unexplainedRule.id))), ("level", .string("error")),
          ("message", .object([("text", .string(message.joined(separator: "\n")))])),
          (
            "locations",
            .array([report.location(Self.location(name, line: unexplained.line), message: nil)])
          ),
          ("properties", .object([("spec", .string(spec)), ("line", .int(unexplained.line))])),
        ]))
    }
    return report.log(
      rules: rules, results: results,
      extras: [
        (
          "properties",
          .object([
            ("spec", .string(spec)), ("run", .string(name)), ("records", .int(records)),
            ("events", .int(explanation.count)), ("holds", .bool(holds)),
          ])
        )
      ])
  }

  /// JUnit XML: one test suite for the run, a test case for its records being explained and
  /// one per rule of `check` (a broken rule fails with the violation, its trace and the run's
  /// lines); the search's cuts in `system-out`.
  package func junit(run name: String, paths: ReportPaths) -> String {
    let report = JUnitReport(paths: paths)
    let suite = "\(name) against \(spec)"
    var cases: [String] = []
    var failures = 0
    func testCase(_ test: String, failure: (type: String, message: String, body: String)?) {
      var text =
        "    <testcase classname=\(report.attribute(suite)) name=\(report.attribute(test)) time=\"0\""
      if let failure {
        failures += 1
        text +=
          ">\n      <failure type=\(report.attribute(failure.type)) message=\(report.attribute(failure.message))>"
          + report.text(failure.body) + "</failure>\n    </testcase>\n"
      } else {
        text += "/>\n"
      }
      cases.append(text)
    }
    testCase(
      "every record is explained",
      failure: unexplained.map { unexplained in
        (
          Self.unexplainedRule.name,
          "line \(unexplained.line): \(unexplained.record.words) is not a behaviour of \(spec)",
          unexplainedBody.joined(separator: "\n")
        )
      })
    for kind in ViolationKind.allCases {
      let broken = brokenRules.filter { $0.violation.kind == kind }
      testCase(
        kind.rawValue,
        failure: broken.first.map { first in
          (
            kind.rawValue, first.violation.message,
            broken.map {
              report.failureText($0.violation) + "\nrecorded at \(Self.words($0.lines)) of \(name)"
            }.joined(separator: "\n\n")
          )
        })
    }
    var xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="navcheck" tests="\(cases.count)" failures="\(failures)" errors="0" skipped="0" time="0.000">
        <testsuite name=\(report.attribute(suite)) tests="\(cases.count)" failures="\(failures)" errors="0" skipped="0" time="0.000">
          <properties>
            <property name="records" value="\(records)"/>
            <property name="events" value="\(explanation.count)"/>
            <property name="holds" value="\(holds)"/>
          </properties>

      """
    xml += cases.joined()
    if !cuts.isEmpty {
      xml +=
        "    <system-out>" + report.text(cuts.map(\.words).joined(separator: "\n"))
        + "</system-out>\n"
    }
    return xml + "  </testsuite>\n</testsuites>\n"
  }
}

extension RunValidation.Cut {
  /// `search limit: at line 4, --max-candidates left 12 possibilities out`.
  var words: String {
    "search limit: at line \(line), \(limit) left \(grouped(count)) "
      + (count == 1 ? "possibility" : "possibilities") + " out"
  }
}

extension RunValidation {
  /// The page `check --format html` would draw, for a run: the verdict; each broken rule as
  /// `check` draws its finding (the trace in phone frames), with the run's lines; the record no
  /// event explains, with the state drawn and the events the spec allows there; then the
  /// explanation, event by event, with the lines each explains.
  package func html(
    run name: String, spec declared: NavigationSpec, paths: ReportPaths, folder: String? = nil
  ) -> String {
    let report = HTMLReport(paths: paths, folder: folder)
    let verdict = text(run: name, paths: paths).prefix { $0 != "\n" }
    var header = "<p class=\"totals\">\(report.html(String(verdict)))</p>\n"
    if !cuts.isEmpty {
      header +=
        "<p class=\"help\">" + cuts.map { report.html($0.words) }.joined(separator: "<br>")
        + "</p>\n"
    }
    var main = ""
    if !brokenRules.isEmpty {
      main += "<section class=\"spec\" id=\"broken-rules\">\n"
      main += "<h2>\(report.html("✗ \(counted(brokenRules.count, "rule")) broken"))</h2>\n"
      for (i, rule) in brokenRules.enumerated() {
        var recorded = "recorded at \(Self.words(rule.lines)) of \(name)"
        if let resumed = rule.resumedAtLine {
          recorded += "; the run's screens came back to the spec's at line \(resumed)"
        }
        main += report.finding(
          rule.violation, id: "rule-\(i + 1)", spec: declared,
          note: "<p class=\"count\">\(report.html(recorded))</p>\n")
      }
      main += "</section>\n"
    }
    if let unexplained {
      main += "<section class=\"spec\" id=\"unexplained\">\n"
      main +=
        "<h2>\(report.html("✗ line \(unexplained.line): \(unexplained.record.words)"))</h2>\n"
      main += "<article class=\"declaration\">\n"
      main +=
        "<p class=\"message\"><code style=\"overflow-wrap:anywhere\">\(report.html(unexplained.record.jsonLine))</code></p>\n"
      if let reason = unexplained.reason {
        main += "<p class=\"why\">Why: \(report.html(reason))</p>\n"
      }
      main +=
        "<p class=\"count\">"
        + report.html(
          "No event of \(spec) explains it from the state the run came to"
            + (unexplained.states > 1
              ? " (of the \(unexplained.states) states it may be in, the one the fewest events explain):"
              : ":")) + "</p>\n"
      main += "<ol class=\"trace\"><li class=\"step\"><p class=\"event\">"
      main += report.html("the state at line \(unexplained.line)") + "</p>"
      main += report.frame(unexplained.state, id: "unexplained-state") + "</li></ol>\n"
      main += "<h4>The events the spec allows there, and what each would record</h4>\n<ul>\n"
      if unexplained.candidates.isEmpty { main += "<li>(none)</li>\n" }
      for candidate in unexplained.candidates {
        main += "<li>\(report.html(candidate.words + " (" + Self.words(candidate) + ")"))</li>\n"
      }
      main += "</ul>\n</article>\n</section>\n"
    }
    if !explanation.isEmpty {
      main += "<section class=\"spec\" id=\"explanation\">\n"
      main += "<h2>\(unexplained == nil ? "Explanation" : "Explained up to it")</h2>\n"
      main += "<ol class=\"words\">\n"
      for step in explanation {
        let lines = step.lines.map(Self.words) ?? "recorded nothing"
        main +=
          "<li>\(report.html(step.step.description))\(step.step.state == nil ? " <strong class=\"kind\">✗</strong>" : "")"
          + " <span class=\"rule\">(\(report.html(lines)))</span></li>\n"
      }
      main += "</ol>\n</section>\n"
    }
    return report.page(title: "NavCheck: \(name) against \(spec)", header: header, main: main)
  }
}

extension RunValidation {
  /// The image `check --format svg` draws, for a run: the first broken rule's trace; else the
  /// state at the record no event explains; else the verdict.
  package func svg(run name: String, spec declared: NavigationSpec, paths: ReportPaths) -> String {
    if let rule = brokenRules.first {
      let violation = rule.violation
      var subtitle =
        "recorded at \(Self.words(rule.lines)) of \(name) · \(violation.kind.summary)"
      if let location = violation.location {
        subtitle = paths.describe(location) + " · " + subtitle
      }
      return TracePicture(
        violation, initial: HTMLReport.initialState(declared), spec: declared
      ).svg(title: "✗ \(name): \(violation.kind.rawValue) in \(spec)", subtitle: subtitle)
    }
    if let unexplained {
      return HTMLReport.picture(
        of: unexplained.state,
        title: "✗ \(name): line \(unexplained.line) is not a behaviour of \(spec)",
        subtitle: unexplained.record.words + (unexplained.reason.map { ": \($0)" } ?? ""))
    }
    return HTMLReport.picture(saying: "✓ \(name) is a behaviour of \(spec)")
  }
}
