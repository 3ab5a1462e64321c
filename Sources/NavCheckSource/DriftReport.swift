import Foundation
import NavCheck

/// A drift in every format `check` reports in, through the same machinery: the text report's
/// words, Xcode's diagnostics (`XcodeReport.diagnostic`), GitHub's workflow commands
/// (`GitHubReport.command`), SARIF's locations and fingerprints (`SARIFReport`), and the
/// baselines of `--baseline` (`Baseline`, `FindingIdentity`).
///
/// ```swift
/// let report = DriftReport(spec: spec, drift: drift, paths: ReportPaths("/src/App"))
/// print(report.text())
/// ```
package struct DriftReport {
  package var spec: NavigationSpec
  package var drift: SpecDrift
  package var paths: ReportPaths
  /// The baseline `--baseline FILE` names, with the file, where one was given.
  package var baseline: (file: String, baseline: Baseline)?

  package init(
    spec: NavigationSpec, drift: SpecDrift, paths: ReportPaths,
    baseline: (file: String, baseline: Baseline)? = nil
  ) {
    self.spec = spec
    self.drift = drift
    self.paths = paths
    self.baseline = baseline
  }

  /// A finding's identity: spec, kind and subject, never a line.
  package func identity(_ finding: SpecDrift.Finding) -> FindingIdentity {
    FindingIdentity(spec: spec.name, kind: finding.kind.rawValue, declaration: finding.subject)
  }

  /// Whether the baseline accepts the finding.
  package func isKnown(_ finding: SpecDrift.Finding) -> Bool {
    guard let baseline else { return false }
    return baseline.baseline.entries.contains { $0.fingerprint == identity(finding).fingerprint }
  }

  /// The findings the baseline does not accept: what the exit status counts.
  package var new: [SpecDrift.Finding] { drift.findings.filter { !isKnown($0) } }

  /// The baseline's entries of this spec that this run no longer finds.
  package var absent: [Baseline.Entry] {
    guard let baseline else { return [] }
    let found = Set(drift.findings.map { identity($0).fingerprint })
    return baseline.baseline.entries.filter {
      $0.spec == spec.name && !found.contains($0.fingerprint)
    }
  }

  /// Every finding as the baseline `--write-baseline` writes.
  package var asBaseline: Baseline {
    var seen: Set<String> = []
    return Baseline(
      entries: drift.findings.map { Baseline.Entry(identity($0)) }.filter {
        seen.insert($0.fingerprint).inserted
      })
  }

  private func place(_ location: SourceLocation?) -> String {
    location.map { paths.describe($0) } ?? spec.name
  }

  /// For people: one finding a line under its kind, then a summary.
  package func text() -> String {
    var lines: [String] = []
    for kind in SpecDrift.Finding.Kind.allCases {
      let findings = new.filter { $0.kind == kind }
      guard !findings.isEmpty else { continue }
      lines.append("\(kind.rawValue): \(kind.summary) (\(findings.count))")
      for finding in findings { lines.append("  \(place(finding.location)): \(finding.message)") }
      lines.append("")
    }
    let known = drift.findings.count - new.count
    if known > 0 {
      lines.append("\(counted(known, "finding")) accepted by the baseline \(baseline!.file)")
    }
    if !absent.isEmpty {
      lines.append("\(counted(absent.count, "finding")) of the baseline no longer found:")
      lines += absent.map { "  \($0.title)" }
    }
    let verdict =
      new.isEmpty ? "no drift" : counted(new.count, "finding") + " of drift"
    lines.append("\(spec.name): \(verdict) between the spec and the code")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `{"tool", "version", "drift": [{kind, message, subject, file, line, known}], "spec"}`.
  package func json() -> String {
    let findings: [JSONValue] = drift.findings.map { finding in
      var members: [(String, JSONValue)] = [
        ("kind", .string(finding.kind.rawValue)), ("subject", .string(finding.subject)),
        ("message", .string(finding.message)),
      ]
      if let location = finding.location {
        members.append(("file", .string(paths.relative(location.filePath))))
        members.append(("line", .int(location.line)))
        if let path = location.jsonPath { members.append(("jsonPath", .string(path))) }
      }
      members.append(("fingerprint", .string(identity(finding).fingerprint)))
      if baseline != nil { members.append(("known", .bool(isKnown(finding)))) }
      return .object(members)
    }
    return JSONValue.object([
      ("tool", .string("navcheck")), ("version", .string(ToolInfo.version)),
      ("spec", .string(spec.name)), ("drift", .array(findings)),
      ("new", .int(new.count)),
    ]).text() + "\n"
  }

  /// Compiler-style lines: a `warning:` per finding (a known one a `note:`), at its line.
  package func xcode() -> String {
    let report = XcodeReport(paths: paths)
    var lines: [String] = drift.findings.map { finding in
      report.diagnostic(
        isKnown(finding) ? "note" : "warning", at: finding.location,
        "\(finding.kind.rawValue): \(spec.name): \(finding.message)"
          + (isKnown(finding) ? " (known, in the baseline)" : ""))
    }
    lines.append(
      "\(spec.name): \(new.isEmpty ? "no drift" : counted(new.count, "finding") + " of drift")")
    return lines.joined(separator: "\n") + "\n"
  }

  /// GitHub Actions annotations: a `::warning` per new finding at its file and line.
  package func github() -> String {
    let report = GitHubReport(paths: paths)
    var lines = new.map { finding in
      report.command(
        "warning", location: finding.location,
        title: "navcheck: \(finding.kind.rawValue) in \(spec.name)", message: finding.message)
    }
    lines.append(
      "\(spec.name): \(new.isEmpty ? "no drift" : counted(new.count, "finding") + " of drift")")
    return lines.joined(separator: "\n") + "\n"
  }

  /// SARIF 2.1.0: one rule per kind, a result per finding with its fingerprint and, with a
  /// baseline, its `baselineState`; the baseline's findings no longer found as `absent`.
  package func sarif() -> String {
    let report = SARIFReport(paths: paths)
    let kinds = SpecDrift.Finding.Kind.allCases
    let ruleID = { (kind: SpecDrift.Finding.Kind) in
      "DRIFT\(String(format: "%03d", kinds.firstIndex(of: kind)! + 1))"
    }
    var results: [JSONValue] = drift.findings.map { finding in
      var members: [(String, JSONValue)] = [
        ("ruleId", .string(ruleID(finding.kind))),
        ("ruleIndex", .int(kinds.firstIndex(of: finding.kind)!)),
        ("level", .string("warning")),
        ("message", .object([("text", .string("\(spec.name): \(finding.message)"))])),
        ("locations", .array(finding.location.map { [report.location($0, message: nil)] } ?? [])),
        ("partialFingerprints", .object([("navcheck/v1", .string(identity(finding).fingerprint))])),
      ]
      if baseline != nil {
        members.append(("baselineState", .string(isKnown(finding) ? "unchanged" : "new")))
      }
      return .object(members)
    }
    for entry in absent {
      let kind = SpecDrift.Finding.Kind(rawValue: entry.kind) ?? .undeclaredDestination
      results.append(
        .object([
          ("ruleId", .string(ruleID(kind))), ("ruleIndex", .int(kinds.firstIndex(of: kind)!)),
          ("level", .string("warning")), ("message", .object([("text", .string(entry.title))])),
          ("partialFingerprints", .object([("navcheck/v1", .string(entry.fingerprint))])),
          ("baselineState", .string("absent")),
        ]))
    }
    let rules = kinds.map { kind in
      SARIFReport.Rule(
        id: ruleID(kind), name: kind.rawValue, summary: kind.summary, level: "warning")
    }
    return report.log(rules: rules, results: results)
  }
}
