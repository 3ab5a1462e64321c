import Foundation
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
}
