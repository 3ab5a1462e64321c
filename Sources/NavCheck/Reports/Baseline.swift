import Foundation
import NavCheckSupport

/// A finding's identity across runs: its spec, its rule and its declaration in words, never a
/// line or a file, so it survives edits elsewhere in the spec file and changes to other specs.
///
/// Its fingerprint is the one SARIF's `partialFingerprints["navcheck/v1"]` has always carried:
/// a fixed-seed hash (`stableHash`, never Swift's per-process `Hasher`) of the three, so code
/// scanning and `--baseline` recognize the same findings.
///
/// ```swift
/// FindingIdentity(violation, spec: "Notes").fingerprint   // "3f2a…", the same on every machine
/// ```
package struct FindingIdentity: Sendable, Hashable {
  /// The spec's name.
  package var spec: String
  /// The rule (`orphanedCompletion`) or the warning's kind (`deadTransition`).
  package var kind: String
  /// The declaration in words (`NewFolder: async dismissEnvironment 'Create'`); empty for a
  /// trap, which has no declaration (a spec has at most one trap finding).
  package var declaration: String

  package init(spec: String, kind: String, declaration: String) {
    self.spec = spec
    self.kind = kind
    self.declaration = declaration
  }

  /// The identity of a violation of `spec`.
  package init(_ violation: Violation, spec: String) {
    self.init(
      spec: spec, kind: violation.kind.rawValue, declaration: violation.declaration?.title ?? "")
  }

  /// The identity of a warning of `spec`.
  package init(_ warning: Warning, spec: String) {
    self.init(spec: spec, kind: warning.kind.rawValue, declaration: warning.declaration.title)
  }

  /// The fixed-seed hash of spec, kind and declaration, in hexadecimal.
  package var fingerprint: String {
    String(stableHash([spec, kind, declaration].joined(separator: "\u{1F}")), radix: 16)
  }
}

/// The findings a team has accepted: `navcheck check --baseline FILE` reports them as known and
/// fails only on new ones; `--write-baseline FILE` writes one.
///
/// The file is JSON, sorted, without lines or paths, so it changes only when findings do:
///
/// ```json
/// {
///  "tool": "navcheck",
///  "baseline": 1,
///  "findings": [
///   {"fingerprint": "…", "spec": "Notes", "kind": "orphanedCompletion", "declaration": "…"}
///  ]
/// }
/// ```
///
/// Only `fingerprint` decides whether a finding is known; the rest is for people and for the
/// words of a finding that is no longer found.
package struct Baseline: Sendable, Equatable {
  /// One accepted finding.
  package struct Entry: Sendable, Hashable {
    /// `FindingIdentity.fingerprint`: what decides whether a finding is known.
    package var fingerprint: String
    /// The spec's name, for people and for "no longer found" (only specs checked completely).
    package var spec: String
    /// The rule or warning kind, for people.
    package var kind: String
    /// The declaration in words, for people.
    package var declaration: String

    package init(_ identity: FindingIdentity) {
      fingerprint = identity.fingerprint
      spec = identity.spec
      kind = identity.kind
      declaration = identity.declaration
    }

    package init(fingerprint: String, spec: String, kind: String, declaration: String) {
      self.fingerprint = fingerprint
      self.spec = spec
      self.kind = kind
      self.declaration = declaration
    }

    /// The finding as the baseline file and the JSON report write it.
    package var jsonValue: JSONValue {
      .object([
        ("fingerprint", .string(fingerprint)), ("spec", .string(spec)), ("kind", .string(kind)),
        ("declaration", .string(declaration)),
      ])
    }

    /// The finding in words: `Notes: orphanedCompletion at NewFolder: async …`.
    package var title: String {
      declaration.isEmpty ? "\(spec): \(kind)" : "\(spec): \(kind) at \(declaration)"
    }
  }

  /// The accepted findings, sorted by spec, kind and declaration.
  package var entries: [Entry]

  package init(entries: [Entry]) {
    self.entries = entries.sorted {
      ($0.spec, $0.kind, $0.declaration, $0.fingerprint)
        < ($1.spec, $1.kind, $1.declaration, $1.fingerprint)
    }
  }

  /// Every violation and warning of `checks`.
  package init(_ checks: [SpecCheck]) {
    var seen: Set<String> = []
    var entries: [Entry] = []
    for check in checks {
      let spec = check.spec.name
      let identities =
        check.result.violations.map { FindingIdentity($0, spec: spec) }
        + check.result.warnings.map { FindingIdentity($0, spec: spec) }
      for identity in identities where seen.insert(identity.fingerprint).inserted {
        entries.append(Entry(identity))
      }
    }
    self.init(entries: entries)
  }

  /// Reads a baseline file's text.
  ///
  /// - Throws: `BaselineError` where it is not JSON or not a baseline, with the line.
  package init(json bytes: [UInt8]) throws(BaselineError) {
    let value: JSONValue
    do { value = try JSONReader.read(bytes) } catch {
      throw BaselineError(message: error.message, line: error.line)
    }
    guard case .object(let members) = value.kind,
      let findings = members.first(where: { $0.key == "findings" })?.value,
      case .array(let items) = findings.kind
    else {
      throw BaselineError(
        message: "expected an object with \"findings\": [...] (written by --write-baseline)",
        line: value.line)
    }
    var entries: [Entry] = []
    for item in items {
      guard case .object(let fields) = item.kind else {
        throw BaselineError(
          message: "a finding is \(item.typeName), not an object", line: item.line)
      }
      func field(_ name: String) -> String? {
        guard case .string(let text)? = fields.first(where: { $0.key == name })?.value.kind
        else { return nil }
        return text
      }
      guard let fingerprint = field("fingerprint") else {
        throw BaselineError(message: "a finding has no \"fingerprint\" string", line: item.line)
      }
      entries.append(
        Entry(
          fingerprint: fingerprint, spec: field("spec") ?? "", kind: field("kind") ?? "",
          declaration: field("declaration") ?? ""))
    }
    self.init(entries: entries)
  }

  /// The file's text: one finding per line, so a diff shows what was accepted or fixed.
  package var json: String {
    let findings = entries.map { entry -> String in
      entry.jsonValue.text().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .joined(separator: " ")
    }
    var text = "{\n \"tool\": \"navcheck\",\n \"baseline\": 1,\n \"findings\": ["
    text += findings.isEmpty ? "]\n}\n" : "\n  " + findings.joined(separator: ",\n  ") + "\n ]\n}\n"
    return text
  }
}

/// A baseline file that cannot be read as one.
package struct BaselineError: Error, Sendable, Equatable {
  /// What is wrong, in words.
  package var message: String
  /// The 1-based line of the JSON value at fault.
  package var line: Int
}

/// A run's findings against a baseline: which are known, which new, and which of the
/// baseline's are no longer found.
package struct BaselineComparison: Sendable {
  /// Where SARIF's `baselineState` says so: the finding is new, in the baseline, or only there.
  package enum State: String, Sendable {
    case new, unchanged, absent
  }

  /// The file the baseline came from, as given.
  package var file: String
  package var baseline: Baseline
  /// The fingerprints of the baseline.
  private var accepted: Set<String>
  /// The baseline's findings that this run did not find, in specs it checked completely; a spec
  /// not checked, or cut short, says nothing about them.
  package var absent: [Baseline.Entry]
  /// The violations the baseline accepts, with their spec's name, in report order.
  package var known: [(spec: String, violation: Violation)]

  package init(_ baseline: Baseline, file: String, checks: [SpecCheck]) {
    self.file = file
    self.baseline = baseline
    accepted = Set(baseline.entries.map(\.fingerprint))
    var found: Set<String> = []
    var known: [(spec: String, violation: Violation)] = []
    for check in checks {
      let spec = check.spec.name
      for violation in check.result.violations {
        let fingerprint = FindingIdentity(violation, spec: spec).fingerprint
        found.insert(fingerprint)
        if accepted.contains(fingerprint) { known.append((spec, violation)) }
      }
      for warning in check.result.warnings {
        found.insert(FindingIdentity(warning, spec: spec).fingerprint)
      }
    }
    self.known = known
    let complete = Set(checks.filter(\.result.complete).map(\.spec.name))
    absent = baseline.entries.filter {
      complete.contains($0.spec) && !found.contains($0.fingerprint)
    }
  }

  /// Whether the baseline accepts `identity`.
  package func isKnown(_ identity: FindingIdentity) -> Bool {
    accepted.contains(identity.fingerprint)
  }

  /// `.unchanged` for a finding in the baseline, `.new` for one that is not.
  package func state(_ identity: FindingIdentity) -> State {
    isKnown(identity) ? .unchanged : .new
  }

  /// The checks without the violations the baseline accepts: what the reports that only list
  /// failures (text, JSON, JUnit, GitHub) show, and what decides the exit status.
  package func newFindings(_ checks: [SpecCheck]) -> [SpecCheck] {
    checks.map { check in
      var check = check
      let all = check.result.violations.count
      check.result.violations.removeAll { isKnown(FindingIdentity($0, spec: check.spec.name)) }
      check.knownViolations = all - check.result.violations.count
      return check
    }
  }

  /// What a report that lists only new findings adds: the known ones and the absent ones, in
  /// words, one per line.
  ///
  /// ```text
  /// baseline Specs/navcheck-baseline.json: 1 known violation accepted (not shown above)
  ///   known: Notes: orphanedCompletion at NewFolder: async dismissEnvironment 'Create'
  ///   no longer found: Notes: trap (remove it with --write-baseline)
  /// ```
  package var summary: [String] {
    var head = "baseline \(file): "
    head +=
      known.isEmpty
      ? "no known violation found"
      : "\(counted(known.count, "known violation")) accepted (not shown above)"
    if !absent.isEmpty { head += "; \(absent.count) no longer found" }
    var lines = [head]
    for (spec, violation) in known {
      lines.append("  known: " + Baseline.Entry(FindingIdentity(violation, spec: spec)).title)
    }
    for entry in absent {
      lines.append("  no longer found: \(entry.title) (--write-baseline FILE drops it)")
    }
    return lines
  }
}
