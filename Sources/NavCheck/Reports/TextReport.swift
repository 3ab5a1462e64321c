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
    let causes = Self.causes(result.violations)
    if n > 0 {
      let from =
        causes.count < n ? " from \(causes.count) cause\(causes.count == 1 ? "" : "s")" : ""
      lines.append("✗ \(result.spec): \(n) violation\(n == 1 ? "" : "s")\(from)")
    } else if check.knownViolations > 0 && check.incompleteReason == nil {
      lines.append(
        "✓ \(result.spec): no new violation (\(counted(check.knownViolations, "known violation")), accepted by the baseline)"
      )
    } else if let reason = check.incompleteReason {
      lines.append("? \(result.spec): incomplete, no violation found so far (\(reason))")
    } else {
      lines.append("✓ \(result.spec): every rule holds")
    }
    if causes.count > 1 {
      // One line per cause first: what to fix, where.
      lines.append("")
      let width = String(causes.count).count
      for (i, cause) in causes.enumerated() {
        let kinds = cause.violations.map(\.kind.rawValue).joined(separator: ", ")
        lines.append(
          "  " + String(i + 1).leftPadded(to: width) + ". \(describe(cause.declaration)): \(kinds)")
      }
    }
    for (i, cause) in causes.enumerated() {
      if causes.count > 1 {
        lines.append("")
        lines.append("── \(i + 1). \(describe(cause.declaration))")
      }
      for violation in cause.violations {
        lines.append("")
        lines += render(violation, underItsCause: causes.count > 1)
      }
    }
    lines.append("")
    lines.append(
      "\(counted(result.states, "state"))\(result.reduced ? " (reduced)" : ""), "
        + "\(counted(result.transitions, "transition")), "
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
    if result.reduced {
      lines.append(
        "reduced: the tabs were explored one changed tab at a time; the counts are of that graph, the findings and traces the full product's (--no-reduction: every state)"
      )
    }
    if let why = result.fullProductReason {
      lines.append(
        "tabs: explored as their full product, because \(why)"
          + (result.fullProductDeclaration?.location.map { " (\(paths.describe($0)))" } ?? ""))
    }
    if let reason = check.incompleteReason {
      lines.append("incomplete: \(reason); warnings and traps need a complete run")
    }
    if let climb = check.climb { lines += render(climb) }
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

  /// How `--bounds auto` reached the result: the rungs climbed, the largest complete ones, the
  /// incomplete ones, and the findings of those that this report does not show.
  ///
  /// ```text
  /// bounds auto, up to the spec's 4/3: climbed 1/1 (2 states), 2/1 (6), …, 3/3 (incomplete)
  ///   largest complete: 4/2 (this report) and 2/3 (30 states, every rule holds)
  ///   3/3 is incomplete: maxStates 100 reached; raise --max-states to explore every state
  /// ```
  func render(_ climb: BoundClimb) -> [String] {
    let rungs = climb.rungs.enumerated().map { i, rung in
      let states = i == 0 ? counted(rung.states, "state") : grouped(rung.states)
      return "\(rung.bounds.words) (\(rung.incompleteReason == nil ? states : "incomplete"))"
    }
    var lines = [
      "bounds auto, up to the spec's \(climb.target.words): climbed \(rungs.joined(separator: ", "))"
    ]
    let largest = climb.largest.map { rung in
      rung.bounds == climb.result
        ? "\(rung.bounds.words) (this report)"
        : "\(rung.bounds.words) (\(rung.verdict))"
    }
    lines.append(
      "  largest complete: "
        + (largest.isEmpty ? "none within these limits" : listed(largest)))
    for rung in climb.rungs where rung.bounds != climb.result {
      if let reason = rung.incompleteReason {
        lines.append("  \(rung.bounds.words) is incomplete: \(reason)")
      }
      if !rung.unshown.isEmpty {
        lines.append(
          "  \(rung.bounds.words) also finds what this report does not show (--bounds \(rung.bounds.words) reports it):"
        )
        for violation in rung.unshown {
          lines.append(
            "    - \(violation.kind.rawValue)"
              + (violation.declaration.map { ": " + describe($0) } ?? ""))
        }
      }
    }
    return lines
  }

  /// One violation: the rule, where it is declared (unless a heading above says it), why, how
  /// often, a shortest trace, and its fixes (`FixVerdict`).
  package func render(_ violation: Violation, underItsCause: Bool = false) -> [String] {
    var lines = ["✗ \(violation.kind.rawValue) — \(violation.message)"]
    lines.append("  rule: \(violation.kind.summary)")
    if !underItsCause, let declaration = violation.cause {
      let lead = violation.declaration == nil ? "  entered at " : "  declared at "
      lines.append(lead + describe(declaration))
    }
    for (i, why) in violation.why.enumerated() {
      lines.append((i == 0 ? "  why: " : "       ") + why)
    }
    lines.append("  " + Self.howOften(violation))
    lines += Self.trace(violation.trace, kind: violation.kind, indent: "    ")
    lines += FixVerdict(violation)?.lines(indent: "  ") ?? []
    return lines
  }

  /// A declaration and where it is: `Specs/Shop.swift:37: deep link 'order' action 1`.
  func describe(_ declaration: DeclarationReference) -> String {
    declaration.location.map { paths.describe($0) + ": " + declaration.title } ?? declaration.title
  }

  /// How often it happens, in plain words, and what the trace shows.
  static func howOften(_ violation: Violation) -> String {
    let stateRule = violation.kind == .trap || violation.kind == .invariant
    guard violation.count > 1 else { return "trace:" }
    let n = approximately(violation.count)
    return stateRule
      ? "\(n) states are like this; a shortest way into one:"
      : "it happens from \(n) states; a shortest way there:"
  }

  /// `40,229`; past 100,000, `about 175 thousand`, `about 12 million`.
  static func approximately(_ n: Int) -> String {
    if n < 100_000 { return grouped(n) }
    if n < 1_000_000 { return "about \(Int((Double(n) / 1_000).rounded())) thousand" }
    if n < 10_000_000 {
      return "about " + String(format: "%.1f", Double(n) / 1_000_000) + " million"
    }
    return "about \(grouped(Int((Double(n) / 1_000_000).rounded()))) million"
  }

  /// The violations grouped by the declaration that causes them, in the order they come.
  static func causes(_ violations: [Violation]) -> [(
    declaration: DeclarationReference, violations: [Violation]
  )] {
    var causes: [(declaration: DeclarationReference, violations: [Violation])] = []
    var unattributed: [Violation] = []
    for violation in violations {
      guard let declaration = violation.cause else {
        unattributed.append(violation)
        continue
      }
      if let i = causes.firstIndex(where: { $0.declaration == declaration }) {
        causes[i].violations.append(violation)
      } else {
        causes.append((declaration, [violation]))
      }
    }
    // A trap in the first state has no declaration: its own cause, named by its rule.
    for violation in unattributed {
      causes.append(
        (
          DeclarationReference(
            kind: .destination, index: 0, title: "the first screen", location: nil), [violation]
        ))
    }
    return causes
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

/// `a`, `a and b`, `a, b and c` (`conjunction` "or": `a, b or c`).
package func listed(_ items: [String], _ conjunction: String = "and") -> String {
  guard let last = items.last, items.count > 1 else { return items.first ?? "" }
  return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
}

extension String {
  package func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
