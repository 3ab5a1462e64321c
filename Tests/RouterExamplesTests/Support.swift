import Foundation
import NavCheck
import NavCheckTestSupport
import Testing

@testable import NavCheckTesting

/// Fuzzing options for the examples: a fixed seed, so the figures the tests state hold, and
/// half of `runs` walks in a long run (`NAVCHECK_LONG_TESTS=1`), a quarter of them otherwise
/// (the same walks as the long run's first half).
func exampleOptions(seed: UInt64 = 1, runs: Int = 300) -> RouterFuzzOptions {
  var options = RouterFuzzOptions()
  options.seed = seed
  options.runs = max(1, runs / (LongTests.enabled ? 2 : 4))
  return options
}

/// A program of this package, next to the test bundle in whichever build folder built it.
func builtProgram(_ name: String) -> URL? {
  var starts = [Bundle.main.bundleURL]
  if let first = CommandLine.arguments.first { starts.append(URL(fileURLWithPath: first)) }
  for start in starts {
    var folder = start.resolvingSymlinksInPath()
    for _ in 0..<6 {
      let candidate = folder.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder.deleteLastPathComponent()
    }
  }
  return nil
}

#if compiler(>=6.1)
  /// Runs each test of a suite as `withExpectedNavigationFailures` runs its body: the navigation
  /// failures the test reports are expected and recorded nowhere; a test that reports none
  /// fails. For a test written exactly as a document shows it, whose router carries its bug:
  /// `@Suite(.expectingNavigationFailures) struct … { @Test func … }`.
  struct ExpectingNavigationFailures: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
      for test: Test, testCase: Test.Case?,
      performing function: @Sendable () async throws -> Void
    ) async throws {
      guard testCase != nil, !test.isSuite else { return try await function() }
      let expected = ExpectedFailures()
      try await ExpectedFailures.$current.withValue(expected) { try await function() }
      if expected.failures.isEmpty {
        Issue.record(
          Comment(rawValue: ExpectedFailures.noneReported), sourceLocation: test.sourceLocation)
      }
    }
  }

  extension Trait where Self == ExpectingNavigationFailures {
    /// Each test of the suite expects a navigation failure (`ExpectingNavigationFailures`).
    static var expectingNavigationFailures: Self { Self() }
  }
#endif
