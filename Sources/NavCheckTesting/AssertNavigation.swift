import NavCheck

#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// Checks a spec inside a test: every violation, an incomplete run and every spec problem
/// becomes a test failure, with the shortest trace in words.
///
/// Under Swift Testing each issue points at the spec line that declared the transition
/// involved, so Xcode shows it there; under XCTest the failure is reported at the call, with
/// that line in the message.
///
/// ```swift
/// import NavCheckTesting
/// import Testing
///
/// @Test func navigationHolds() {
///   assertNavigationHolds(todoApp)
/// }
/// ```
///
/// - Parameters:
///   - spec: The spec to check.
///   - threads: Worker threads; results never depend on it.
///   - maxStates: Past this many states the run is incomplete, which fails the test.
/// - Returns: The result, for further assertions; `nil` where the spec is invalid.
@discardableResult
public func assertNavigationHolds(
  _ spec: NavigationSpec, threads: Int = 2, maxStates: Int = 5_000_000,
  fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
  column: Int = #column
) -> CheckResult? {
  let call = NavCheck.SourceLocation(fileID: fileID, filePath: filePath, line: line)
  do {
    let result = try spec.check(threads: threads, maxStates: maxStates)
    for failure in NavigationFailure.failures(of: result) {
      record(failure, call: call, column: column)
    }
    return result
  } catch {
    for problem in error.problems {
      record(
        NavigationFailure(
          message: "invalid spec '\(spec.name)': \(problem.message)", location: problem.location),
        call: call, column: column)
    }
    return nil
  }
}

/// One failure to report: its text and the spec line it is about.
struct NavigationFailure: Equatable {
  var message: String
  var location: NavCheck.SourceLocation?

  /// The failures a result stands for: each violation with its trace, and an incomplete run.
  static func failures(of result: CheckResult) -> [NavigationFailure] {
    var failures = result.violations.map { violation in
      var text = "\(result.spec): \(violation.kind.rawValue): \(violation.message)"
      if let location = violation.declaration?.location {
        text += "\n  declared at \(location.filePath):\(location.line)"
      }
      for (n, step) in violation.trace.enumerated() {
        text += "\n  \(n + 1). \(step.description)"
      }
      return NavigationFailure(message: text, location: violation.declaration?.location)
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
}

/// Reports through Swift Testing when a test of it is running, otherwise through XCTest.
func record(_ failure: NavigationFailure, call: NavCheck.SourceLocation, column: Int) {
  #if canImport(Testing)
    if Test.current != nil {
      let at = failure.location ?? call
      Issue.record(
        Comment(rawValue: failure.message),
        sourceLocation: Testing.SourceLocation(
          fileID: at.fileID.contains("/") ? at.fileID : "NavCheck/\(at.fileID)",
          filePath: at.filePath, line: max(1, at.line), column: failure.location == nil ? column : 1
        ))
      return
    }
  #endif
  #if canImport(XCTest)
    XCTFail(failure.message)
  #else
    print("error: \(failure.message)")
  #endif
}
