import NavCheck

#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// Where a test helper was called: what both test frameworks need to show a failure there.
struct TestLocation {
  var fileID: StaticString
  var filePath: StaticString
  var line: UInt
  var column: UInt
}

extension NavigationFailure {
  /// Reports the failure through Swift Testing when a test of it is running (at the spec line
  /// it is about where there is one, else at the call), otherwise through XCTest at the call.
  func record(at call: TestLocation) {
    if let expected = ExpectedFailures.current {
      expected.add(self, at: call)
      return
    }
    #if canImport(Testing)
      if Test.current != nil {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation(at: call))
        return
      }
    #endif
    #if canImport(XCTest)
      XCTFail(message, file: call.filePath, line: call.line)
    #else
      print("\(call.filePath):\(call.line): error: \(message)")
    #endif
  }

  #if canImport(Testing)
    /// Where Swift Testing shows the failure: at the spec line it is about where there is one,
    /// else at the call.
    func sourceLocation(at call: TestLocation) -> Testing.SourceLocation {
      guard let location else {
        return Testing.SourceLocation(
          fileID: "\(call.fileID)", filePath: "\(call.filePath)", line: Int(call.line),
          column: Int(call.column))
      }
      return Testing.SourceLocation(
        fileID: location.fileID.contains("/") ? location.fileID : "NavCheck/\(location.fileID)",
        filePath: location.filePath, line: max(1, location.line), column: 1)
    }
  #endif
}
