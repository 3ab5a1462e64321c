import NavCheck

/// Checks a spec inside a test: every violation, an incomplete run and every spec problem
/// becomes a test failure, with the shortest trace in words.
///
/// Under Swift Testing each issue points at the spec line that declared the declaration
/// involved (or, for a spec problem, the line of the problem), so Xcode shows it there; under
/// XCTest the failure is reported at the call, with that line in the message.
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
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> CheckResult? {
  let call = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  do {
    let result = try spec.check(threads: threads, maxStates: maxStates)
    for failure in NavigationFailure.failures(of: result) { failure.record(at: call) }
    return result
  } catch {
    for failure in NavigationFailure.failures(of: error, spec: spec.name) {
      failure.record(at: call)
    }
    return nil
  }
}
