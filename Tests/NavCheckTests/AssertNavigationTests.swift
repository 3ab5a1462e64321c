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

  @Test func eachViolationIsAnIssueAtItsSpecLine() {
    let line = #line + 2
    let spec = NavigationSpec("Broken", root: "A") {
      Destination("A") { DismissEnvironment() }
    }
    // Recorded one line long, as `withExpectedNavigationFailures` records it, at the same place.
    let expected = ExpectedFailures()
    ExpectedFailures.$current.withValue(expected) { assertNavigationHolds(spec) }
    #expect(expected.failures.count == 1)
    withKnownIssue {
      expected.recordFirstLines()
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.comments.first?.rawValue.contains("dismissEnvironmentAtRoot") == true
    }
  }

  @Test func anInvalidSpecIsAnIssueAtTheProblem() {
    let line = #line + 2
    let spec = NavigationSpec("Invalid", root: "A") {
      Destination("A") { Push("Nowhere") }
    }
    withKnownIssue {
      #expect(assertNavigationHolds(spec) == nil)
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.comments.first?.rawValue
          == "invalid spec 'Invalid': no destination named 'Nowhere'; declare it with Destination(\"Nowhere\") or use one of: A (at \(#filePath):\(line))"
    }
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
