import Foundation
import NavCheckTesting
import Testing

/// The README's "Test your router" adapter is the podcast example's, word for word, so it
/// compiles and its tests run; and it shows what the section says it shows.
@Suite struct ReadmeRouterTests {
  @Test func theReadmesAdapterIsTheExamplesWordForWord() throws {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let readme = try String(
      contentsOf: here.appendingPathComponent("../../README.md"), encoding: .utf8)
    let example = try String(
      contentsOf: here.appendingPathComponent("PodcastRouter.swift"), encoding: .utf8)
    let section = try #require(readme.range(of: "## Test your router"))
    let after = readme[section.upperBound...]
    let start = try #require(after.range(of: "```swift\n"))
    let end = try #require(after[start.upperBound...].range(of: "```"))
    let block = after[start.upperBound..<end.lowerBound]
    #expect(block.hasPrefix("/// The podcast app's routes as NavCheck drives them."))
    #expect(example.hasSuffix(block))
    #expect(block.split(separator: "\n").count < 40)
    for shown in [
      "step.flowStep", ".alertButton", ".startAsync", ".completeAsync", "RouterSnapshot(",
      "frames:",
    ] {
      #expect(block.contains(shown), "\(shown)")
    }
  }

  /// The failure the README shows is what the README's own call prints, word for word; only
  /// the machine's folders differ (the package's, written relative, and the temporary one).
  @Test func theReadmesFailureIsWhatThePlainCallPrints() throws {
    var result: RouterFuzzResult?
    withExpectedNavigationFailures {
      result = fuzzRouter(podcasts) { PodcastAdapter() }
    }
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let root = here.deletingLastPathComponent().deletingLastPathComponent().path + "/"
    let temporary = URL(fileURLWithPath: NSTemporaryDirectory()).path + "/"
    let printed = try #require(result?.report)
      .replacingOccurrences(of: root, with: "")
      .replacingOccurrences(of: temporary, with: "/tmp/")
    let readme = try String(
      contentsOf: here.appendingPathComponent("../../README.md"), encoding: .utf8)
    let intro = try #require(readme.range(of: "It fails, at the line of the call"))
    let start = try #require(readme[intro.upperBound...].range(of: "```text\n"))
    let end = try #require(readme[start.upperBound...].range(of: "```"))
    #expect(readme[start.upperBound..<end.lowerBound] == printed + "\n")
  }
}

#if compiler(>=6.1)
  /// The README's test of the podcast router, as it is written there: the router it checks is
  /// the app as it ships, whose bug the test finds, as the README shows.
  @Suite(.expectingNavigationFailures) struct ReadmeRouterTest {
    @Test func podcastRouterFollowsItsSpec() {
      fuzzRouter(podcasts) { PodcastAdapter() }
    }
  }
#endif
