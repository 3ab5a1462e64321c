import Foundation

/// Compiler-style lines that Xcode's issue navigator (and any editor that reads `clang`/`swiftc`
/// diagnostics) shows at the spec line: an `error:` per violation at its declaration, `note:`
/// lines for its rule, its fixes (`FixVerdict`) and each step of its trace, a `warning:` per warning and per incomplete
/// run; then a summary line per spec, which Xcode leaves in the log.
///
/// ```text
/// /src/App/Specs/Notes.swift:74:1: error: orphanedCompletion: Notes: NewFolder: tap 'Cancel' → …
/// /src/App/Specs/Notes.swift:74:1: note: rule: no orphan bindings: pending work dies with its screen
/// /src/App/Specs/Notes.swift:74:1: note: fix (each checked: the finding goes and nothing new breaks): …
/// /src/App/Specs/Notes.swift:12:1: note: step 1: Folders: tap 'New folder' → sheet NewFolder — …
/// ```
///
/// Paths are absolute (Xcode opens a file only from an absolute path): a relative location is
/// taken relative to the working directory. The column is 1: declarations record lines only.
package struct XcodeReport {
  package var paths: ReportPaths
  /// The run against `--baseline FILE`, if one was given: known violations become warnings.
  package var baseline: BaselineComparison?

  package init(paths: ReportPaths, baseline: BaselineComparison? = nil) {
    self.paths = paths
    self.baseline = baseline
  }

  package func render(_ checks: [SpecCheck]) -> String {
    var lines: [String] = []
    for check in checks {
      let spec = check.spec
      let result = check.result
      var known = 0
      for violation in result.violations {
        let location = violation.location ?? spec.location
        let identity = FindingIdentity(violation, spec: spec.name)
        if let baseline, baseline.isKnown(identity) {
          known += 1
          lines.append(
            diagnostic(
              "warning", at: location,
              "\(violation.kind.rawValue) (known, in the baseline): \(spec.name): \(violation.message)"
            ))
          lines.append(
            diagnostic(
              "note", at: location,
              "accepted by the baseline \(baseline.file); fix it, then --write-baseline drops it"))
          continue
        }
        lines.append(
          diagnostic(
            "error", at: location, "\(violation.kind.rawValue): \(spec.name): \(violation.message)")
        )
        lines.append(diagnostic("note", at: location, "rule: \(violation.kind.summary)"))
        for sentence in FixVerdict(violation)?.sentences ?? [] {
          lines.append(diagnostic("note", at: location, sentence))
        }
        lines += trace(violation, at: location)
      }
      for warning in result.warnings {
        lines.append(
          diagnostic(
            "warning", at: warning.declaration.location ?? spec.location,
            "\(warning.kind.rawValue): \(spec.name): \(warning.message)"))
      }
      if let reason = check.incompleteReason {
        lines.append(
          diagnostic(
            "warning", at: spec.location, "\(spec.name) is incomplete: \(reason)"))
      }
      let new = result.violations.count - known
      var verdict =
        new > 0
        ? counted(new, "violation") : (result.complete ? "every rule holds" : "incomplete")
      if known > 0 { verdict += " (\(counted(known, "known violation")) in the baseline)" }
      lines.append(
        "\(spec.name): \(verdict); \(counted(result.states, "state"))\(result.reduced ? " (reduced)" : ""), "
          + "\(counted(result.transitions, "transition")), "
          + "transitions fired \(result.coveredDeclarations)/\(result.totalDeclarations)")
    }
    if let baseline {
      let file = SourceLocation(fileID: baseline.file, filePath: baseline.file, line: 1)
      for entry in baseline.absent {
        lines.append(
          diagnostic(
            "warning", at: file,
            "no longer found: \(entry.title); --write-baseline \(baseline.file) drops it"))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A note per step: the event, then the screens after it on the same line (a note is one
  /// line); at the step's declaration, or the violation's where the step has none.
  func trace(_ violation: Violation, at location: SourceLocation?) -> [String] {
    if violation.trace.isEmpty {
      return [diagnostic("note", at: location, "in the first state")]
    }
    return violation.trace.enumerated().map { i, step in
      var text = "step \(i + 1): \(step.description)"
      if let state = step.state {
        text +=
          " — "
          + state.description.split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
          }.joined(separator: " ")
        if i == violation.trace.count - 1, let mark = violation.kind.stateMark {
          text += " " + mark
        }
      } else {
        text += " ✗ \(violation.kind.rawValue)"
      }
      return diagnostic("note", at: step.location ?? location, text)
    }
  }

  /// `/abs/File.swift:LINE:1: SEVERITY: MESSAGE`, or `SEVERITY: MESSAGE` without a location.
  /// A JSON spec's object path follows the message, in parentheses.
  package func diagnostic(_ severity: String, at location: SourceLocation?, _ message: String)
    -> String
  {
    let message = message.replacingOccurrences(of: "\n", with: " ")
    guard let location else { return "\(severity): \(message)" }
    var text = "\(paths.absolute(location.filePath)):\(max(1, location.line)):1: \(severity): "
    text += message
    if let jsonPath = location.jsonPath { text += " (\(jsonPath))" }
    return text
  }
}
