import Foundation
import NavCheck
import NavCheckSupport
import XCTest

@testable import NavCheckCommand

/// The command as a library: a package's own runner, and the pieces reports are made of.
final class NavCheckCommandTests: XCTestCase {
  final class Capture: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    func append(_ piece: String) { lock.withLock { text += piece } }
    var value: String { lock.withLock { text } }
  }

  let todo = NavigationSpec("Todo", root: "List") {
    Destination("List") {
      Push("Detail")
      Sheet("Add").label("Add")
    }
    Destination("Detail") { PopTo("List") }
    Destination("Add") { DismissEnvironment().async().label("Save") }
  }

  func run(_ arguments: [String], specs: [NavigationSpec]) -> (Int32, String, String) {
    let out = Capture()
    let err = Capture()
    let status = NavCheckCommand.run(
      arguments: arguments, specs: specs, stdout: out.append, stderr: err.append)
    return (status, out.value, err.value)
  }

  func testARunnerChecksItsOwnSpecsByName() {
    let (status, out, _) = run(["check", "Todo", "--threads", "1"], specs: [todo])
    XCTAssertEqual(status, 1, "swiping the Add sheet down while Save is pending orphans it")
    XCTAssertTrue(out.contains("✗ orphanedCompletion"), out)
    XCTAssertTrue(
      out.contains("declared at Tests/NavCheckCLITests/NavCheckCommandTests.swift:"), out)
  }

  func testARunnerWithoutSpecArgumentsChecksAllItsSpecs() {
    let fine = NavigationSpec("Fine", root: "A") {
      Destination("A") { Push("B") }
      Destination("B")
    }
    let (status, out, _) = run(["check", "--format", "json"], specs: [fine])
    XCTAssertEqual(status, 0)
    XCTAssertTrue(out.contains("\"results\": [\n    {\n      \"spec\": \"Fine\""), out)
  }

  /// JSON reports carry names as the state holds them: the JSON form adds no display quoting
  /// (`'Save'`) to pending work, alerts or events.
  func testTheJSONFormOfAStateAndAStepAddsNoQuoting() throws {
    let replay = try todo.replay([
      .transition(screen: "List", transition: .label("Add")),
      .transition(screen: "Add", transition: .label("Save")),
    ])
    let state = try XCTUnwrap(replay.steps.last?.state)
    XCTAssertEqual(state.activeScreen.pending.count, 1)
    guard case .array(let environments)? = state.jsonValue["environments"]?.kind,
      case .array(let stack)? = environments.last?["stack"]?.kind,
      case .array(let pending)? = stack.last?["pending"]?.kind
    else { return XCTFail(state.jsonValue.text()) }
    XCTAssertEqual(pending, state.activeScreen.pending.map { JSONValue.string($0) })
    let event = replay.steps[0].jsonValue["event"]
    XCTAssertEqual(event?["transition"], .string("Add"))
    XCTAssertEqual(event?["screen"], .string("List"))
  }

  func testSpecPicksOneOfARunnersSpecs() {
    let fine = NavigationSpec("Fine", root: "A") { Destination("A") }
    let (status, out, err) = run(
      ["export", "Todo", "Fine", "--spec", "Fine"], specs: [todo, fine])
    XCTAssertEqual(status, 0, err)
    XCTAssertTrue(out.contains("\"name\": \"Fine\""), out)
    let (ambiguous, _, message) = run(["graph", "Todo", "Fine"], specs: [todo, fine])
    XCTAssertEqual(ambiguous, 64)
    XCTAssertTrue(message.contains("the SPECs Todo, Fine name 2 specs (Todo, Fine)"), message)
  }

  func testAnUnknownSpecNameSuggestsTheClosest() {
    let (status, _, err) = run(["check", "Tood"], specs: [todo])
    XCTAssertEqual(status, 64)
    XCTAssertTrue(err.contains("did you mean 'Todo'?"), err)
  }

  func testGitHubEscapingFollowsTheRunner() {
    XCTAssertEqual(GitHubReport.escapeData("50% done\r\nnext"), "50%25 done%0D%0Anext")
    XCTAssertEqual(GitHubReport.escapeProperty("a:b,c%"), "a%3Ab%2Cc%25")
  }

  func testXMLEscapingKeepsAttributesOnOneLine() {
    XCTAssertEqual(
      JUnitReport.escape("<a & \"b\">\n", attribute: true), "&lt;a &amp; &quot;b&quot;&gt;&#10;")
    XCTAssertEqual(JUnitReport.escape("x\u{1}y\n", attribute: false), "xy\n")
  }

  func testShellQuotingLeavesPlainWordsAlone() {
    XCTAssertEqual(shellQuoted("Specs/App.swift"), "Specs/App.swift")
    XCTAssertEqual(shellQuoted("--seed"), "--seed")
    XCTAssertEqual(shellQuoted("my specs/App.swift"), "'my specs/App.swift'")
    XCTAssertEqual(shellQuoted("it's"), #"'it'\''s'"#)
    XCTAssertEqual(shellQuoted("$HOME"), "'$HOME'")
    XCTAssertEqual(shellQuoted(""), "''")
  }

  func testSimulatePrintsTheRunnersOwnName() {
    let out = Capture()
    let status = NavCheckCommand.run(
      arguments: ["simulate", "Todo", "--seed", "4", "--steps", "2"], specs: [todo],
      console: Console(output: out.append, error: { _ in }, programName: "TodoRunner"),
      specFile: nil)
    XCTAssertTrue([0, 1].contains(status))
    XCTAssertTrue(
      out.value.contains("To walk it again: TodoRunner simulate Todo --steps 2 --seed 4"),
      out.value)
  }

  func testSuggestionsAreCloseOrAbsent() {
    XCTAssertEqual(closest(to: "--treads", in: ["--threads", "--format"]), "--threads")
    XCTAssertEqual(closest(to: "smiulate", in: ["simulate", "check"]), "simulate")
    XCTAssertNil(closest(to: "zzz", in: ["check", "list"]))
  }

  func testSpecDeclarationsAreFoundAtTheStartOfALine() {
    let text = """
      let app = NavigationSpec("App", root: "Home") {
      public let settings: NavigationSpec = make()
      var all: [NavigationSpec] = [app]
      let notASpec = 3
        let nested = NavigationSpec("X", root: "Y") {}
      /*
      let commented = NavigationSpec("C", root: "D") {}
      */
      """
    XCTAssertEqual(
      SpecFileRunner.specDeclarations(in: text),
      [
        .init(name: "app", isArray: false), .init(name: "settings", isArray: false),
        .init(name: "all", isArray: true),
      ])
  }

  /// Cache keys and SARIF fingerprints use the explorer's fixed-seed hash, never `Hasher`:
  /// the same value in every process.
  func testTheCacheKeyHashIsFixed() {
    XCTAssertEqual(stableHash(""), 8_848_935_107_335_307_795)
    XCTAssertEqual(stableHash("a"), 3_965_088_738_868_780_973)
  }

  func testPathsUnderTheWorkingDirectoryAreRelative() {
    let paths = ReportPaths("/repo/")
    XCTAssertEqual(paths.relative("/repo/Specs/App.swift"), "Specs/App.swift")
    XCTAssertEqual(paths.relative("/repository/App.swift"), "/repository/App.swift")
    XCTAssertEqual(paths.relative("Specs/a.json"), "Specs/a.json")
  }
}
