import NavCheck

/// One failure to report: its text and the spec line it is about.
struct NavigationFailure: Equatable {
  var message: String
  var location: NavCheck.SourceLocation?

  /// The failures a result stands for: each violation with its trace, as `navcheck check`
  /// prints it, and an incomplete run.
  static func failures(of result: CheckResult) -> [NavigationFailure] {
    let report = TextReport(paths: .unchanged)
    var failures = result.violations.map { violation in
      NavigationFailure(
        message: "\(result.spec): " + report.render(violation).joined(separator: "\n"),
        location: violation.location)
    }
    if !result.complete {
      failures.append(
        NavigationFailure(
          message:
            "\(result.spec): the check is incomplete (\(result.cutoff?.rawValue ?? "cut short")) after \(result.states) states; raise maxStates or tighten the spec's bounds",
          location: nil))
    }
    return failures
  }

  /// The failures of an invalid spec: each problem, with the spec line it is at.
  static func failures(of error: SpecError, spec: String) -> [NavigationFailure] {
    error.problems.map { problem in
      var message = "invalid spec '\(spec)': \(problem.message)"
      if let location = problem.location {
        message += " (at \(location.filePath):\(location.line)"
        if let path = location.jsonPath { message += ", \(path)" }
        message += ")"
      }
      return NavigationFailure(message: message, location: problem.location)
    }
  }
}
