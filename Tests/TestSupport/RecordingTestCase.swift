// Shared by the test targets: XCTest cases that assert where failures are reported.
#if canImport(XCTest)
  import XCTest

  /// An XCTest case that can record the failures a check reports, instead of failing, to
  /// assert on them: where they are reported and what they say.
  open class RecordingTestCase: XCTestCase {
    public struct Recorded {
      public var description: String
      public var file: String
      public var line: Int
    }

    public private(set) var recorded: [Recorded] = []
    private var recording = false

    /// Runs `body`, keeping the failures it reports.
    public func recordingFailures(_ body: () -> Void) -> [Recorded] {
      recorded = []
      recording = true
      body()
      recording = false
      return recorded
    }

    #if canImport(Darwin)
      override open func record(_ issue: XCTIssue) {
        guard recording else { return super.record(issue) }
        recorded.append(
          Recorded(
            description: issue.compactDescription,
            file: issue.sourceCodeContext.location?.fileURL.path ?? "",
            line: issue.sourceCodeContext.location?.lineNumber ?? 0))
      }
    #else
      override open func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
        expected: Bool
      ) {
        guard recording else {
          return super.recordFailure(
            withDescription: description, inFile: filePath, atLine: lineNumber,
            expected: expected)
        }
        recorded.append(Recorded(description: description, file: filePath, line: lineNumber))
      }
    #endif
  }
#endif
