import NavCheck
import NavCheckTesting

/// Fuzzing options for the examples: a fixed seed, so the figures the tests state hold.
func exampleOptions(seed: UInt64 = 1, runs: Int = 300) -> RouterFuzzOptions {
  var options = RouterFuzzOptions()
  options.seed = seed
  options.runs = runs
  return options
}

#if canImport(XCTest)
  import XCTest

  /// An XCTest case that can record the failures a check reports, instead of failing, to
  /// assert on them: where they are reported and what they say.
  class RecordingTestCase: XCTestCase {
    struct Recorded {
      var description: String
      var file: String
      var line: Int
    }

    private(set) var recorded: [Recorded] = []
    private var recording = false

    /// Runs `body`, keeping the failures it reports.
    func recordingFailures(_ body: () -> Void) -> [Recorded] {
      recorded = []
      recording = true
      body()
      recording = false
      return recorded
    }

    #if canImport(Darwin)
      override func record(_ issue: XCTIssue) {
        guard recording else { return super.record(issue) }
        recorded.append(
          Recorded(
            description: issue.compactDescription,
            file: issue.sourceCodeContext.location?.fileURL.path ?? "",
            line: issue.sourceCodeContext.location?.lineNumber ?? 0))
      }
    #else
      override func recordFailure(
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
