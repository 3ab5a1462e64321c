import Testing

@testable import NavCheck
@testable import NavCheckTesting

@Suite struct AssertNavigationTests {
  @Test func aSpecThatHoldsRecordsNothing() {
    let spec = NavigationSpec("Fine", root: "A") {
      Destination("A") { Sheet("B") }
      Destination("B") { DismissEnvironment() }
    }
    let result = assertNavigationHolds(spec)
    #expect(result?.holds == true)
  }

  @Test func eachViolationIsAnIssueAtItsSpecLine() throws {
    let line = #line + 2
    let spec = NavigationSpec("Broken", root: "A") {
      Destination("A") { DismissEnvironment() }
    }
    let expected = ExpectedFailures()
    ExpectedFailures.$current.withValue(expected) { assertNavigationHolds(spec) }
    #expect(expected.failures.count == 1)
    let (failure, call) = try #require(expected.failures.first)
    #expect(failure.sourceLocation(at: call).line == line)
    #expect(failure.sourceLocation(at: call).fileID.hasSuffix("/AssertNavigationTests.swift"))
    #expect(failure.message.contains("dismissEnvironmentAtRoot"))
  }

  /// A failure that was expected is recorded nowhere (it would print a line, known issue or
  /// not); a missing one is recorded where the test was, as any failure.
  @Test func anExpectedFailureIsRecordedNowhereAndAMissingOneIs() {
    let spec = NavigationSpec("Broken", root: "A") {
      Destination("A") { DismissEnvironment() }
    }
    let around = ExpectedFailures()
    let reports = ExpectedFailures.$current.withValue(around) {
      withExpectedNavigationFailures { assertNavigationHolds(spec) }
    }
    #expect(reports.count == 1 && reports[0].contains("dismissEnvironmentAtRoot"))
    #expect(around.failures.isEmpty)
    ExpectedFailures.$current.withValue(around) { withExpectedNavigationFailures {} }
    #expect(around.failures.map(\.0.message) == [ExpectedFailures.noneReported])
  }

  @Test func anInvalidSpecIsAnIssueAtTheProblem() throws {
    let line = #line + 2
    let spec = NavigationSpec("Invalid", root: "A") {
      Destination("A") { Push("Nowhere") }
    }
    let expected = ExpectedFailures()
    ExpectedFailures.$current.withValue(expected) { #expect(assertNavigationHolds(spec) == nil) }
    let (failure, call) = try #require(expected.failures.first)
    #expect(expected.failures.count == 1)
    #expect(failure.sourceLocation(at: call).line == line)
    #expect(
      failure.message
        == "invalid spec 'Invalid': no destination named 'Nowhere'; declare it with Destination(\"Nowhere\") or use one of: A (at \(#filePath):\(line))"
    )
  }

  @Test func anIncompleteRunIsAFailureWithTheTrace() throws {
    let result = try sixteenMillionStates.check(threads: 2, maxStates: 10)
    let failures = NavigationFailure.failures(of: result)
    #expect(
      failures.map(\.message) == [
        "Huge: the check is incomplete (maxStates) after 10 states; raise maxStates or tighten the spec's bounds"
      ])
    let broken = try check(example("notes"))
    let first = try #require(NavigationFailure.failures(of: broken).first)
    let lines = first.message.split(separator: "\n").map(String.init)
    #expect(
      lines.first?.hasPrefix("Notes: ✗ orphanedCompletion — NewFolder: tap 'Cancel' → dismiss")
        == true)
    // The trace as `navcheck check` prints it: numbered steps, each with the screens after it.
    #expect(
      lines.filter { $0.hasPrefix("    ") && $0.dropFirst(4).first?.isNumber == true } == [
        "    1. Folders: tap 'New folder' → sheet NewFolder",
        "    2. NewFolder: async 'Create' starts",
        "    3. NewFolder: tap 'Cancel' → dismiss   ✗ orphanedCompletion",
      ])
    #expect(first.location?.line == broken.violations[0].declaration?.location?.line)
  }
}
