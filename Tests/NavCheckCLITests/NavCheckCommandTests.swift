import Foundation
import NavCheck
import NavCheckSupport
import Testing

@testable import NavCheckCommand

/// The command as a library: a package's own runner, and the pieces reports are made of.
@Suite struct NavCheckCommandTests {
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

  @Test func aRunnerChecksItsOwnSpecsByName() {
    let (status, out, _) = run(["check", "Todo", "--threads", "1"], specs: [todo])
    #expect(status == 1, "swiping the Add sheet down while Save is pending orphans it")
    #expect(out.contains("✗ orphanedCompletion"), "\(out)")
    #expect(
      out.contains("declared at Tests/NavCheckCLITests/NavCheckCommandTests.swift:"), "\(out)")
  }

  @Test func aRunnerWithoutSpecArgumentsChecksAllItsSpecs() {
    let fine = NavigationSpec("Fine", root: "A") {
      Destination("A") { Push("B") }
      Destination("B")
    }
    let (status, out, _) = run(["check", "--format", "json"], specs: [fine])
    #expect(status == 0)
    #expect(out.contains("\"results\": [\n    {\n      \"spec\": \"Fine\""), "\(out)")
  }

  /// JSON reports carry names as the state holds them: the JSON form adds no display quoting
  /// (`'Save'`) to pending work, alerts or events.
  @Test func theJSONFormOfAStateAndAStepAddsNoQuoting() throws {
    let replay = try todo.replay([
      .transition(screen: "List", transition: .label("Add")),
      .transition(screen: "Add", transition: .label("Save")),
    ])
    let state = try #require(replay.steps.last?.state)
    #expect(state.activeScreen.pending.count == 1)
    guard case .array(let environments)? = state.jsonValue["environments"]?.kind,
      case .array(let stack)? = environments.last?["stack"]?.kind,
      case .array(let pending)? = stack.last?["pending"]?.kind
    else {
      Issue.record("\(state.jsonValue.text())")
      return
    }
    #expect(pending == state.activeScreen.pending.map { JSONValue.string($0) })
    let event = replay.steps[0].jsonValue["event"]
    #expect(event?["transition"] == .string("Add"))
    #expect(event?["screen"] == .string("List"))
  }

  @Test func specPicksOneOfARunnersSpecs() {
    let fine = NavigationSpec("Fine", root: "A") { Destination("A") }
    let (status, out, err) = run(
      ["export", "Todo", "Fine", "--spec", "Fine"], specs: [todo, fine])
    #expect(status == 0, "\(err)")
    #expect(out.contains("\"name\": \"Fine\""), "\(out)")
    let (ambiguous, _, message) = run(["graph", "Todo", "Fine"], specs: [todo, fine])
    #expect(ambiguous == 64)
    #expect(message.contains("the SPECs Todo, Fine name 2 specs (Todo, Fine)"), "\(message)")
  }

  @Test func anUnknownSpecNameSuggestsTheClosest() {
    let (status, _, err) = run(["check", "Tood"], specs: [todo])
    #expect(status == 64)
    #expect(err.contains("did you mean 'Todo'?"), "\(err)")
  }

  @Test func gitHubEscapingFollowsTheRunner() {
    #expect(GitHubReport.escapeData("50% done\r\nnext") == "50%25 done%0D%0Anext")
    #expect(GitHubReport.escapeProperty("a:b,c%") == "a%3Ab%2Cc%25")
  }

  @Test func xmlEscapingKeepsAttributesOnOneLine() {
    #expect(
      JUnitReport.escape("<a & \"b\">\n", attribute: true) == "&lt;a &amp; &quot;b&quot;&gt;&#10;")
    #expect(JUnitReport.escape("x\u{1}y\n", attribute: false) == "xy\n")
  }

  @Test func shellQuotingLeavesPlainWordsAlone() {
    #expect(shellQuoted("Specs/App.swift") == "Specs/App.swift")
    #expect(shellQuoted("--seed") == "--seed")
    #expect(shellQuoted("my specs/App.swift") == "'my specs/App.swift'")
    #expect(shellQuoted("it's") == #"'it'\''s'"#)
    #expect(shellQuoted("$HOME") == "'$HOME'")
    #expect(shellQuoted("") == "''")
  }

  @Test func simulatePrintsTheRunnersOwnName() {
    let out = Capture()
    let status = NavCheckCommand.run(
      arguments: ["simulate", "Todo", "--seed", "4", "--steps", "2"], specs: [todo],
      console: Console(output: out.append, error: { _ in }, programName: "TodoRunner"),
      specFile: nil)
    #expect([0, 1].contains(status))
    #expect(
      out.value.contains("To walk it again: TodoRunner simulate Todo --steps 2 --seed 4"),
      "\(out.value)")
  }

  @Test func suggestionsAreCloseOrAbsent() {
    #expect(closest(to: "--treads", in: ["--threads", "--format"]) == "--threads")
    #expect(closest(to: "smiulate", in: ["simulate", "check"]) == "simulate")
    #expect(closest(to: "zzz", in: ["check", "list"]) == nil)
  }

  @Test func specDeclarationsAreFoundAtTheStartOfALine() {
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
    #expect(
      SpecFileRunner.specDeclarations(in: text) == [
        .init(name: "app", isArray: false), .init(name: "settings", isArray: false),
        .init(name: "all", isArray: true),
      ])
  }

  /// Cache keys and SARIF fingerprints use the explorer's fixed-seed hash, never `Hasher`:
  /// the same value in every process.
  @Test func theCacheKeyHashIsFixed() {
    #expect(stableHash("") == 8_848_935_107_335_307_795)
    #expect(stableHash("a") == 3_965_088_738_868_780_973)
  }

  @Test func pathsUnderTheWorkingDirectoryAreRelative() {
    let paths = ReportPaths("/repo/")
    #expect(paths.relative("/repo/Specs/App.swift") == "Specs/App.swift")
    #expect(paths.relative("/repository/App.swift") == "/repository/App.swift")
    #expect(paths.relative("Specs/a.json") == "Specs/a.json")
  }
}
