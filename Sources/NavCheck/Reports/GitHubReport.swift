/// GitHub Actions workflow commands: an `::error` annotation per violation and a `::warning`
/// per warning, at the declaration's repository-relative file and line, the trace and the fixes
/// (`FixVerdict`) in the body;
/// then a summary line per spec.
///
/// ```text
/// ::error file=Specs/Notes.swift,line=14,title=navcheck%3A orphanedCompletion in Notes::NewFolder: …%0A1. Folders: …
/// ```
package struct GitHubReport {
  package var paths: ReportPaths

  package init(paths: ReportPaths) { self.paths = paths }

  package func render(_ checks: [SpecCheck]) -> String {
    var lines: [String] = []
    for check in checks {
      let result = check.result
      for violation in result.violations {
        var body = [violation.message]
        if let declaration = violation.declaration { body.append("declared: \(declaration.title)") }
        body += TextReport.trace(violation.trace, kind: violation.kind, indent: "")
        body += FixVerdict(violation)?.lines(indent: "") ?? []
        let location = violation.location ?? check.spec.location
        lines.append(
          command(
            "error", location: location,
            title: "navcheck: \(violation.kind.rawValue) in \(result.spec)",
            message: body.joined(separator: "\n")))
      }
      for warning in result.warnings {
        lines.append(
          command(
            "warning", location: warning.declaration.location,
            title: "navcheck: \(warning.kind.rawValue) in \(result.spec)", message: warning.message)
        )
      }
      if let reason = check.incompleteReason {
        lines.append(
          command(
            "warning", location: check.spec.location,
            title: "navcheck: \(result.spec) is incomplete",
            message: "the result is incomplete: \(reason)"))
      }
      let verdict =
        result.violations.isEmpty
        ? (result.complete ? "every rule holds" : "incomplete")
        : counted(result.violations.count, "violation")
      lines.append(
        "\(result.spec): \(verdict); \(counted(result.states, "state"))\(result.reduced ? " (reduced)" : ""), \(counted(result.transitions, "transition")), "
          + "transitions fired \(result.coveredDeclarations)/\(result.totalDeclarations)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `::KIND file=…,line=…,title=…::message` with GitHub's escaping.
  package func command(_ kind: String, location: SourceLocation?, title: String, message: String)
    -> String
  {
    var properties: [String] = []
    if let location {
      properties.append("file=" + Self.escapeProperty(paths.relative(location.filePath)))
      properties.append("line=\(max(1, location.line))")
    }
    properties.append("title=" + Self.escapeProperty(title))
    return "::\(kind) \(properties.joined(separator: ","))::\(Self.escapeData(message))"
  }

  /// The message: `%`, CR and LF escaped, as the runner's `escapeData` does.
  package static func escapeData(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  /// A property value: as data, and `:` and `,` too.
  package static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A")
      .replacingOccurrences(of: ",", with: "%2C")
  }
}
