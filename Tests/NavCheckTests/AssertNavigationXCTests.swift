import NavCheck
import NavCheckTestSupport
import NavCheckTesting
import XCTest

/// Under XCTest, `assertNavigationHolds` reports at the caller's file and line.
final class AssertNavigationXCTests: RecordingTestCase {
  func testAViolationIsReportedAtTheCallerWithTheSpecLineInTheMessage() {
    let specLine = #line + 2
    let spec = NavigationSpec("Broken", root: "A") {
      Destination("A") { DismissEnvironment() }
    }
    let callLine = #line + 1
    let recorded = recordingFailures { assertNavigationHolds(spec) }
    XCTAssertEqual(recorded.count, 1)
    XCTAssertEqual(recorded.first?.file, #filePath)
    XCTAssertEqual(recorded.first?.line, callLine)
    XCTAssertTrue(
      recorded.first?.description.contains("declared at \(#filePath):\(specLine)") == true,
      recorded.first?.description ?? "")
  }

  func testAnInvalidSpecIsReportedAtTheCallerNamingTheSpecLine() {
    let specLine = #line + 2
    let spec = NavigationSpec("Invalid", root: "A") {
      Destination("A") { Push("Nowhere") }
    }
    let callLine = #line + 1
    let recorded = recordingFailures { XCTAssertNil(assertNavigationHolds(spec)) }
    XCTAssertEqual(recorded.map(\.line), [callLine])
    XCTAssertEqual(recorded.first?.file, #filePath)
    XCTAssertTrue(
      recorded.first?.description.contains(
        "no destination named 'Nowhere'; declare it with Destination(\"Nowhere\") or use one of: A (at \(#filePath):\(specLine))"
      ) == true, recorded.first?.description ?? "")
  }
}
