import Foundation
import NavCheck
import Testing

@testable import NavCheckTesting

/// What a failure prints to paste compiles as printed: the spec and the router as the test
/// wrote them, read from its source, in XCTest and Swift Testing form, for the fuzzer and the
/// exhaustive check. Each is type-checked by the real compiler beside the test file that
/// defines the spec and the router.
@Suite struct ReproductionTests {
  @Test func theFuzzersReproductionCompiles() throws {
    var result: RouterFuzzResult?
    withExpectedNavigationFailures {
      result = fuzzRouter(composeSpec, options: exampleOptions()) {
        StackRouter(keepsDismissedPath: true)
      }
    }
    let report = try #require(result?.report)
    let (xcTest, swiftTesting) = try pasted(report)
    #expect(xcTest.contains("{ StackRouter(keepsDismissedPath: true) }"))
    #expect(xcTest.contains("    composeSpec,\n"))
    #expect(try typeChecks(xcTest, swiftTesting))
    // The check can fail: the same test with a spec that does not exist does not compile.
    #expect(try !typeChecks(xcTest.replacingOccurrences(of: "composeSpec", with: "noSuchSpec"), ""))
  }

  @Test func theExhaustiveChecksReproductionCompiles() throws {
    let invariants = [RouterInvariant("at most two sheets") { $0.routers.count <= 3 }]
    var result: RouterExhaustiveResult?
    withExpectedNavigationFailures {
      result = checkRouterExhaustively(composeSpec, invariants: invariants) {
        StackRouter(keepsDismissedPath: true)
      }
    }
    let (xcTest, swiftTesting) = try pasted(try #require(result?.report))
    #expect(swiftTesting.contains("invariants: invariants"))
    // `invariants` is this test's local: the pasted test names it, and compiles where it is
    // declared.
    let declared =
      "let invariants = [RouterInvariant(\"at most two sheets\") { $0.routers.count <= 3 }]\n"
    #expect(try typeChecks(xcTest, swiftTesting, prelude: declared))
  }

  /// A parameterised test's reproduction binds the parameter its router expression uses to
  /// the failing case's value, so it compiles as pasted; each case has its own journal.
  @Test(arguments: [ComposeVariant.keepsDismissedPath, .fixed])
  func aParameterisedTestsReproductionPastesTheCasesArgument(_ variant: ComposeVariant) throws {
    var result: RouterFuzzResult?
    func check() {
      result = fuzzRouter(composeSpec, options: exampleOptions()) {
        StackRouter(keepsDismissedPath: variant == .keepsDismissedPath)
      }
    }
    guard variant == .keepsDismissedPath else {
      check()
      #expect(result?.passed == true)
      #expect(result?.journal.hasSuffix("-variant_fixed.journal.json") == true)
      return
    }
    withExpectedNavigationFailures { check() }
    #expect(result?.journal.hasSuffix("-variant_keepsDismissedPath.journal.json") == true)
    let (xcTest, swiftTesting) = try pasted(try #require(result?.report))
    for test in [xcTest, swiftTesting] {
      #expect(test.contains("  let variant: ComposeVariant = .keepsDismissedPath\n"))
      #expect(test.contains("{ StackRouter(keepsDismissedPath: variant == .keepsDismissedPath) }"))
      // Compose's unlabelled push, by what it does.
      #expect(
        test.contains(#".transition(screen: "Compose", transition: .does("push Attachments")),"#))
    }
    let declared = "enum ComposeVariant { case keepsDismissedPath, fixed }\n"
    #expect(try typeChecks(xcTest, swiftTesting, prelude: declared))
  }

  /// Where two unlabelled transitions of a destination do the same, the pasted test names them
  /// by index, and says why in a comment.
  @Test func transitionsThatDoTheSameArePastedByIndexWithWhy() throws {
    let twice = NavigationSpec("Twice", root: "Home") {
      Destination("Home") {
        Push("Detail")
        Push("Detail")
        Sheet("Compose")
      }
      Destination("Detail") { Dismiss() }
      Destination("Compose") { Dismiss() }
    }
    let runner = try #require(
      RouterRunner<StackRouter>.checking(
        twice, invariants: [],
        call: TestLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column),
        makeRouter: { StackRouter() }))
    let failure = runner.failure(
      .doesNotCrash, "a crash",
      events: [
        .transition(screen: "Home", transition: .index(1)),
        .transition(screen: "Detail", transition: .index(0)),
      ])
    let test = failure.swiftTestingTest(router: "StackRouter()")
    #expect(
      test.contains(
        """
              // Home's transition #1 does 'push Detail', as #0 does: named by its index, which changes when they are reordered
              .transition(screen: "Home", transition: .index(1)),
              .transition(screen: "Detail", transition: .does("dismiss")),
        """))
  }

  /// The XCTest method and the Swift Testing test of a report, unindented.
  func pasted(_ report: String) throws -> (String, String) {
    let lines = report.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex(of: "Paste to reproduce, in XCTest:"))
    let middle = try #require(lines.firstIndex(of: "or in Swift Testing:"))
    func block(_ range: Range<Int>) -> String {
      lines[range].prefix { $0.hasPrefix("  ") }.map { String($0.dropFirst(2)) }.joined(
        separator: "\n")
    }
    return (block((start + 1)..<middle), block((middle + 1)..<lines.count))
  }

  /// Whether the pasted tests type-check beside the files that define the spec and router.
  func typeChecks(_ xcTest: String, _ swiftTesting: String, prelude: String = "") throws -> Bool {
    let here = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
    let modules = try #require(modulesFolder(), "the build's Modules folder, next to the tests")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "navcheck-pasted-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Pasted.swift")
    let source = """
      import NavCheck
      import NavCheckTesting
      import Testing
      import XCTest

      \(prelude)
      final class PastedTests: XCTestCase {
      \(xcTest)
      }

      \(swiftTesting)
      """
    try source.write(to: file, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swiftc", "-typecheck", "-module-name", "Pasted", "-I", modules.path, file.path,
      here.appendingPathComponent("RouterCheckingTests.swift").path,
      here.appendingPathComponent("Support.swift").path,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  /// The folder of the built modules, up from the test bundle.
  func modulesFolder() -> URL? {
    var starts = [Bundle.main.bundleURL]
    if let first = CommandLine.arguments.first { starts.append(URL(fileURLWithPath: first)) }
    for start in starts {
      var folder = start.resolvingSymlinksInPath()
      for _ in 0..<6 {
        let candidate = folder.appendingPathComponent("Modules")
        if FileManager.default.fileExists(
          atPath: candidate.appendingPathComponent("NavCheckTesting.swiftmodule").path)
        {
          return candidate
        }
        folder.deleteLastPathComponent()
      }
    }
    return nil
  }
}

/// A variant of `StackRouter`, as a parameterised test passes it.
enum ComposeVariant: Sendable { case keepsDismissedPath, fixed }

/// How the test built what it checks, read from its source.
@Suite struct CallSourceTests {
  @Test func theSpecAndTheTrailingClosure() {
    let text = """
      @Test func f() {
        result = fuzzRouter(Specs.shop, options: options, invariants: [noDeepPaths]) {
          ShopAdapter(variant: .shipped, "a, (b)")
        }
      }
      """
    let source = CallSource(text: text, line: 2, column: 22, function: "fuzzRouter")
    #expect(source?.spec == "Specs.shop")
    #expect(source?.router == #"ShopAdapter(variant: .shipped, "a, (b)")"#)
    #expect(source?.invariants == "[noDeepPaths]")
  }

  @Test func aLabelledClosure() {
    let text = "checkRouterExhaustively(todo, makeRouter: { Todo(1) })"
    let source = CallSource(text: text, line: 1, column: 24, function: "checkRouterExhaustively")
    #expect(source?.spec == "todo" && source?.router == "Todo(1)" && source?.invariants == nil)
  }

  @Test func nothingWhereTheCallIsNotThere() {
    #expect(CallSource(text: "let x = 1\n", line: 1, column: 5, function: "fuzzRouter") == nil)
    #expect(CallSource(text: "fuzzRouter(", line: 1, column: 11, function: "fuzzRouter") == nil)
    let call = TestLocation(fileID: "A/B.swift", filePath: "/no/such/B.swift", line: 1, column: 1)
    #expect(CallSource(call, function: "fuzzRouter") == nil)
  }
}
