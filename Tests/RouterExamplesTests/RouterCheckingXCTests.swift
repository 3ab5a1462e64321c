import NavCheck
import NavCheckTestSupport
import NavCheckTesting
import XCTest

/// Under XCTest, router checks report at the caller's file and line.
final class RouterCheckingXCTests: RecordingTestCase {
  func testAFuzzingFailureIsReportedAtTheCall() {
    var line = 0
    let recorded = recordingFailures {
      line = #line + 1
      fuzzRouter(composeSpec, options: exampleOptions()) { StackRouter(keepsDismissedPath: true) }
    }
    XCTAssertEqual(recorded.count, 1)
    XCTAssertEqual(recorded.first?.file, #filePath)
    XCTAssertEqual(recorded.first?.line, line)
    XCTAssertTrue(
      recorded.first?.description.contains("shrunk from") == true
        || recorded.first?.description.contains("not shrunk further") == true)
  }

  func testAnExhaustiveFailureIsReportedAtTheCall() {
    var line = 0
    let recorded = recordingFailures {
      line = #line + 1
      checkRouterExhaustively(composeSpec) { StackRouter(keepsDismissedPath: true) }
    }
    XCTAssertEqual(recorded.map(\.line), [line])
    XCTAssertEqual(recorded.first?.file, #filePath)
  }

  func testTheFixedRouterRecordsNothing() {
    XCTAssertTrue(
      recordingFailures {
        fuzzRouter(composeSpec, options: exampleOptions(runs: 50)) { StackRouter() }
        checkRouterExhaustively(composeSpec) { StackRouter() }
        assertRouterSequence(composeSpec, composeMinimal) { StackRouter() }
      }.isEmpty)
  }
}
