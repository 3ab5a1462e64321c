import NavCheck
import NavCheckTesting
import XCTest

/// Under XCTest, `assertNavigationHolds` reports at the caller's file and line.
final class AssertNavigationXCTests: XCTestCase {
  /// The failures recorded while `recording` is set, instead of failing this test.
  private var recorded: [(description: String, file: String, line: Int)] = []
  private var recording = false

  #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
      guard recording else { return super.record(issue) }
      recorded.append(
        (
          issue.compactDescription, issue.sourceCodeContext.location?.fileURL.path ?? "",
          issue.sourceCodeContext.location?.lineNumber ?? 0
        ))
    }
  #else
    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
      expected: Bool
    ) {
      guard recording else {
        return super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      }
      recorded.append((description, filePath, lineNumber))
    }
  #endif

  func testAViolationIsReportedAtTheCallerWithTheSpecLineInTheMessage() {
    let specLine = #line + 2
    let spec = NavigationSpec("Broken", root: "A") {
      Destination("A") { DismissEnvironment() }
    }
    recording = true
    let callLine = #line + 1
    assertNavigationHolds(spec)
    recording = false
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
    recording = true
    let callLine = #line + 1
    XCTAssertNil(assertNavigationHolds(spec))
    recording = false
    XCTAssertEqual(recorded.map(\.line), [callLine])
    XCTAssertEqual(recorded.first?.file, #filePath)
    XCTAssertTrue(
      recorded.first?.description.contains(
        "no destination named 'Nowhere'; declare it with Destination(\"Nowhere\") or use one of: A (at \(#filePath):\(specLine))"
      ) == true, recorded.first?.description ?? "")
  }
}
