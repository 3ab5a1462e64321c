import Foundation
import Testing

/// The README's "Test your router" adapter is the example's, word for word, so it compiles and
/// its tests run.
@Suite struct ReadmeRouterTests {
  @Test func theReadmesAdapterIsTheExamplesWordForWord() throws {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let readme = try String(
      contentsOf: here.appendingPathComponent("../../README.md"), encoding: .utf8)
    let example = try String(
      contentsOf: here.appendingPathComponent("RoutingPatternRouter.swift"), encoding: .utf8)
    let section = try #require(readme.range(of: "## Test your router"))
    let after = readme[section.upperBound...]
    let start = try #require(after.range(of: "```swift\n"))
    let end = try #require(after[start.upperBound...].range(of: "```"))
    let block = after[start.upperBound..<end.lowerBound]
    #expect(block.hasPrefix("/// The storefront app's root router as NavCheck drives it."))
    #expect(example.hasSuffix(block))
    #expect(block.split(separator: "\n").count < 40)
  }
}
