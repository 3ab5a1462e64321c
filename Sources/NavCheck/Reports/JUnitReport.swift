import Foundation

/// The JUnit XML report CI systems show as tests: one test suite per spec, one test case per
/// property (each rule, and each custom invariant by name); a broken property fails with its
/// traces and fixes; where the run is incomplete, unbroken properties are skipped (not proven).
///
/// ```xml
/// <testsuite name="Notes" tests="12" failures="1" errors="0" skipped="0" time="0.004">
///   <testcase classname="Notes" name="orphanedCompletion" time="0">
///     <failure type="orphanedCompletion" message="…">1. Folders: tap 'New folder' …</failure>
///   </testcase>
/// ```
package struct JUnitReport {
  package var paths: ReportPaths

  package init(paths: ReportPaths) { self.paths = paths }

  /// A property of a spec: a rule, or one custom invariant.
  struct Property {
    var name: String
    var violations: [Violation]
  }

  static func properties(of check: SpecCheck) -> [Property] {
    var properties: [Property] = []
    for kind in ViolationKind.allCases where kind != .invariant {
      properties.append(
        Property(
          name: kind.rawValue, violations: check.result.violations.filter { $0.kind == kind }))
    }
    for (index, invariant) in check.spec.invariants.enumerated() {
      properties.append(
        Property(
          name: "invariant '\(invariant.name)'",
          violations: check.result.violations.filter {
            $0.declaration?.kind == .invariant && $0.declaration?.index == index
          }))
    }
    return properties
  }

  package func render(_ checks: [SpecCheck]) -> String {
    var suites: [String] = []
    var total = (tests: 0, failures: 0, skipped: 0, seconds: 0.0)
    for check in checks {
      let result = check.result
      let properties = Self.properties(of: check)
      let failures = properties.count { !$0.violations.isEmpty }
      let skipped = result.complete ? 0 : properties.count - failures
      total.tests += properties.count
      total.failures += failures
      total.skipped += skipped
      total.seconds += result.seconds
      var suite =
        "  <testsuite name=\(attribute(result.spec)) tests=\"\(properties.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"\(seconds(result.seconds))\">\n"
      suite += "    <properties>\n"
      var values: [(String, String)] = [
        ("states", "\(result.states)"), ("transitions", "\(result.transitions)"),
        ("pruned", "\(result.pruned)"), ("depth", "\(result.depth)"),
        ("complete", "\(result.complete)"),
        ("transitionsFired", "\(result.coveredDeclarations)/\(result.totalDeclarations)"),
        ("threads", "\(result.threads)"),
      ]
      if result.reduced { values.insert(("reduced", "true"), at: 1) }
      for (name, value) in values {
        suite += "      <property name=\(attribute(name)) value=\(attribute(value))/>\n"
      }
      suite += "    </properties>\n"
      for property in properties {
        suite +=
          "    <testcase classname=\(attribute(result.spec)) name=\(attribute(property.name)) time=\"0\""
        if let first = property.violations.first {
          let body = property.violations.map(failureText).joined(separator: "\n\n")
          suite +=
            ">\n      <failure type=\(attribute(first.kind.rawValue)) message=\(attribute(first.message))>"
          suite += text(body) + "</failure>\n    </testcase>\n"
        } else if let reason = check.incompleteReason {
          suite +=
            ">\n      <skipped message=\(attribute("not proven: the run is incomplete (\(reason))"))/>\n    </testcase>\n"
        } else {
          suite += "/>\n"
        }
      }
      if !result.warnings.isEmpty {
        let warnings = result.warnings.map { warning in
          var line = "warning: \(warning.kind.rawValue): \(warning.message)"
          if let location = warning.declaration.location {
            line += " (\(paths.describe(location)))"
          }
          return line
        }
        suite += "    <system-out>" + text(warnings.joined(separator: "\n")) + "</system-out>\n"
      }
      suite += "  </testsuite>\n"
      suites.append(suite)
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="navcheck" tests="\(total.tests)" failures="\(total.failures)" errors="0" skipped="\(total.skipped)" time="\(seconds(total.seconds))">

      """ + suites.joined() + "</testsuites>\n"
  }

  package func failureText(_ violation: Violation) -> String {
    var lines = [violation.message]
    if let declaration = violation.declaration {
      lines.append(
        "declared at "
          + (declaration.location.map { paths.describe($0) + ": " } ?? "") + declaration.title)
    }
    lines += TextReport.trace(violation.trace, kind: violation.kind, indent: "")
    lines += FixVerdict(violation)?.lines(indent: "") ?? []
    return lines.joined(separator: "\n")
  }

  package func seconds(_ value: Double) -> String { String(format: "%.3f", value) }

  /// A quoted XML attribute value.
  package func attribute(_ value: String) -> String {
    "\"" + Self.escape(value, attribute: true) + "\""
  }

  /// XML character data.
  package func text(_ value: String) -> String { Self.escape(value, attribute: false) }

  /// Escapes markup characters; drops characters XML 1.0 cannot hold.
  package static func escape(_ value: String, attribute: Bool) -> String {
    var out = ""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"" where attribute: out += "&quot;"
      case "\n" where attribute: out += "&#10;"
      case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
      case let c where c.value < 0x20 || c.value == 0xFFFE || c.value == 0xFFFF: break
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
