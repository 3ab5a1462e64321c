import Foundation
import NavCheck

/// Runs `body`, which is meant to report navigation failures (a router variant that carries a
/// known bug, a spec that breaks a rule on purpose), and records none of them: the test prints
/// nothing for them, under Swift Testing and XCTest alike. A `body` that reports no failure
/// fails the test, at the call.
///
/// `swift test` then shows real problems only, while the whole reports stay available to
/// assert on.
///
/// ```swift
/// @Test func theShippedRouterKeepsTheSheetsPath() {
///   let reports = withExpectedNavigationFailures {
///     fuzzRouter(composeSpec) { StackRouter(keepsDismissedPath: true) }
///   }
///   #expect(reports.first?.contains("dismissEnvironment clears pushed children") == true)
/// }
/// ```
///
/// - Returns: The full text of each failure `body` reported, in order.
@discardableResult
public func withExpectedNavigationFailures(
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column, _ body: () throws -> Void
) rethrows -> [String] {
  let call = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let collector = ExpectedFailures()
  try ExpectedFailures.$current.withValue(collector) { try body() }
  let failures = collector.failures
  if failures.isEmpty {
    NavigationFailure(message: ExpectedFailures.noneReported, location: nil).record(at: call)
  }
  return failures.map(\.0.message)
}

/// The failures reported inside `withExpectedNavigationFailures`, instead of to the test.
final class ExpectedFailures: @unchecked Sendable {
  @TaskLocal static var current: ExpectedFailures?

  /// What a test that expected a navigation failure and saw none is told.
  static let noneReported = "expected a navigation failure, but none was reported"

  private let lock = NSLock()
  private var recorded: [(NavigationFailure, TestLocation)] = []

  func add(_ failure: NavigationFailure, at call: TestLocation) {
    lock.lock()
    recorded.append((failure, call))
    lock.unlock()
  }

  var failures: [(NavigationFailure, TestLocation)] {
    lock.lock()
    defer { lock.unlock() }
    return recorded
  }
}
