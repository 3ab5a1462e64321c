import Foundation

/// The report for people: each violation with its numbered trace and the screens after each
/// step, the declaration's line; then counts, speed, coverage and warnings.
///
/// ```text
/// ✗ Notes: 1 violation
///
/// ✗ orphanedCompletion — NewFolder: tap 'Cancel' → dismiss: it removes a screen while …
///   rule: no orphan bindings: pending work dies with its screen
///   declared at Specs/notes.json:74 (destinations[4].transitions[0])
///     1. Folders: tap 'New folder' → sheet NewFolder
///          Folders
///            ⤷ sheet: NewFolder
///   …
/// ```
package struct TextReport {
  package var paths: ReportPaths

  package init(paths: ReportPaths) { self.paths = paths }

  package func render(_ checks: [SpecCheck]) -> String {
    var text = checks.map(render).joined(separator: "\n")
    if checks.count > 1 {
      let holding = checks.count { $0.result.holds }
      let violating = checks.count { !$0.result.violations.isEmpty }
      let incomplete = checks.count { !$0.result.complete && $0.result.violations.isEmpty }
      var parts = ["\(holding) hold\(holding == 1 ? "s" : "")"]
      if violating > 0 { parts.append("\(violating) with violations") }
      if incomplete > 0 { parts.append("\(incomplete) incomplete") }
      text += "\n\(checks.count) specs: \(parts.joined(separator: ", "))\n"
    }
    return text
  }

  package func render(_ check: SpecCheck) -> String {
    let result = check.result
    var lines: [String] = []
    let n = result.violations.count
    if n > 0 {
      lines.append("✗ \(result.spec): \(n) violation\(n == 1 ? "" : "s")")
    } else if let reason = check.incompleteReason {
      lines.append("? \(result.spec): incomplete, no violation found so far (\(reason))")
    } else {
      lines.append("✓ \(result.spec): every rule holds")
    }
    for violation in result.violations {
      lines.append("")
      lines += render(violation)
    }
    lines.append("")
    lines.append(
      "\(counted(result.states, "state")), \(counted(result.transitions, "transition")), "
        + "\(grouped(result.pruned)) pruned, depth \(result.depth), "
        + String(format: "%.2f s", result.seconds)
        + " (\(grouped(Int(result.statesPerSecond.rounded()))) states/s), "
        + "\(result.threads) thread\(result.threads == 1 ? "" : "s")")
    lines.append("transitions fired: \(result.coveredDeclarations)/\(result.totalDeclarations)")
    lines.append(
      result.exact
        ? "states: stored in full (exact mode); no collision can hide a state"
        : "fingerprints: 63 bits; the chance that a collision hid a state is "
          + Self.probability(result.fingerprintCollisionProbability))
    if let reason = check.incompleteReason {
      lines.append("incomplete: \(reason); warnings and traps need a complete run")
    }
    if !result.warnings.isEmpty {
      lines.append("warnings:")
      for warning in result.warnings {
        var line = "  ⚠ \(warning.kind.rawValue): \(warning.message)"
        if let location = warning.declaration.location { line += " (\(paths.describe(location)))" }
        lines.append(line)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  package func render(_ violation: Violation) -> [String] {
    var lines = ["✗ \(violation.kind.rawValue) — \(violation.message)"]
    lines.append("  rule: \(violation.kind.summary)")
    if let declaration = violation.declaration {
      var line = "  declared at "
      line +=
        declaration.location.map { paths.describe($0) + ": " + declaration.title }
        ?? declaration.title
      lines.append(line)
    }
    if violation.count > 1 {
      let what =
        violation.kind == .trap || violation.kind == .invariant ? "states" : "(state, event) pairs"
      lines.append("  \(grouped(violation.count)) \(what) break it; a shortest trace:")
    } else {
      lines.append("  trace:")
    }
    lines += Self.trace(violation.trace, kind: violation.kind, indent: "    ")
    return lines
  }

  /// A small probability in words: `1.2e-09`, or `below 1e-15`.
  static func probability(_ p: Double) -> String {
    p < 1e-15 ? "below 1e-15" : "about " + String(format: "%.1e", p)
  }

  /// Numbered steps, each followed by the screen tree after it; the step that broke `kind` is
  /// marked.
  package static func trace(_ steps: [TraceStep], kind: ViolationKind?, indent: String) -> [String]
  {
    var lines: [String] = []
    if steps.isEmpty, let kind {
      lines.append("\(indent)(the first state) ✗ \(kind.rawValue)")
    }
    let width = String(steps.count).count
    for (i, step) in steps.enumerated() {
      let number = String(i + 1).leftPadded(to: width) + ". "
      let isLast = i == steps.count - 1
      var line = indent + number + step.description
      if isLast, let kind, step.state == nil { line += "   ✗ \(kind.rawValue)" }
      lines.append(line)
      let treeIndent = indent + String(repeating: " ", count: number.count + 2)
      if let state = step.state {
        lines += state.description.split(separator: "\n").map { treeIndent + $0 }
        if isLast, let mark = kind?.stateMark { lines.append(treeIndent + mark) }
      }
    }
    return lines
  }
}

/// `1 state`, `2,000 states`.
package func counted(_ n: Int, _ noun: String) -> String {
  "\(grouped(n)) \(noun)\(n == 1 ? "" : "s")"
}

extension String {
  package func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
