import Foundation
import NavCheck
import Testing

@testable import NavCheckCommand

/// Each command's options are typed declarations: a command reads a value of the option's type,
/// and its reader, help and synopsis list every option it declares.
@Suite struct CommandOptionsTests {
  /// `arguments` as the command whose options are `Options` reads them.
  func read<Options: CommandOptions>(
    _ arguments: [String], as options: Options.Type
  ) throws -> CommandArguments<Options> {
    let reader = ArgumentReader(
      command: "navcheck test", options: Options().all.flatMap(\.spellings))
    return CommandArguments(try reader.read(arguments))
  }

  /// A property of a command's options that its list leaves out would be an option no reader
  /// accepts and no help shows.
  @Test func everyOptionACommandDeclaresIsInItsListInOrder() {
    let commands: [any CommandOptions] = [
      CheckOptions(), ListOptions(), ReplayOptions(), SimulateOptions(), GraphOptions(),
      ExportOptions(),
    ]
    for options in commands {
      let declared = Mirror(reflecting: options).children.compactMap {
        ($0.value as? any DeclaredOption)?.spellings.map(\.name)
      }
      #expect(declared == options.all.map { $0.spellings.map(\.name) }, "\(type(of: options))")
    }
  }

  @Test func checksOptionsAreReadAsTheirTypes() throws {
    let given = try read(
      [
        "--bounds", "4/2", "--no-reduction", "--format=sarif", "--threads", "1_000",
        "--memory-limit", "1.5G", "--time-limit", "5m", "--exact", "--fixes", "never",
      ], as: CheckOptions.self)
    #expect(
      try given.value(of: \.bounds) == .fixed(Bounds(maxStackDepth: 4, maxPresentationDepth: 2)))
    #expect(try given.value(of: \.reduction) == .never)
    #expect(try given.value(of: \.format) == .sarif)
    #expect(try given.value(of: \.threads) == 1000)
    #expect(try given.value(of: \.memoryLimit) == 1536 * 1024 * 1024)
    #expect(try given.value(of: \.timeLimit) == 300)
    #expect(try given.value(of: \.exact))
    #expect(try given.value(of: \.fixes) == .never)
    #expect(try read(["--bounds", "auto"], as: CheckOptions.self).value(of: \.bounds) == .ladder)

    let absent = try read([], as: CheckOptions.self)
    #expect(try absent.value(of: \.bounds) == .spec)
    #expect(try absent.value(of: \.reduction) == .auto)
    #expect(try absent.value(of: \.format) == .text)
    #expect(try absent.value(of: \.threads) == ExplorationOptions().threads)
    #expect(try absent.value(of: \.timeLimit) == nil)
    #expect(try !absent.value(of: \.exact))
    #expect(try absent.value(of: \.writeBaseline) == nil)
  }

  @Test func eachCommandTakesItsOwnFormats() throws {
    #expect(try read(["--format", "svg"], as: ReplayOptions.self).value(of: \.format) == .svg)
    #expect(
      try read(["--format", "mermaid"], as: GraphOptions.self).value(of: \.format) == .mermaid)
    #expect(throws: CommandError.self) { try read(["--format", "svg"], as: SimulateOptions.self) }
    #expect(throws: CommandError.self) { try read(["--format", "text"], as: ExportOptions.self) }
  }

  @Test func aFlagAndTheOptionItStandsForCannotBeGivenTogether() throws {
    let run = try NavcheckProcess.run([
      "check", NavcheckProcess.fixtures + "/notes.json", "--reduction", "always",
      "--no-reduction",
    ])
    #expect(run.status == 64)
    #expect(
      run.stderr == "navcheck: error: --no-reduction and --reduction cannot be given together\n")
  }
}

/// The README's synopsis of the commands is rendered from their declarations, as their help's
/// USAGE line is: an option added, renamed or given another choice changes both.
@Suite struct ReadmeSynopsisTests {
  @Test func theREADMEsSynopsisIsTheOneTheCommandsDeclare() throws {
    let readme = try String(
      contentsOf: NavcheckProcess.root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "## The command-line tool\n\n```\n"))
    let end = try #require(readme.range(of: "\n```\n", range: section.upperBound..<readme.endIndex))
    let block = String(readme[section.upperBound..<end.lowerBound])
    let expected =
      (CommandDefinition.all.map { "navcheck " + $0.synopsis } + [
        "navcheck --help | --version          (and navcheck help COMMAND)"
      ]).joined(separator: "\n")
    if block != expected {
      Issue.record(
        "README.md's synopsis (\"The command-line tool\") differs from the commands' declarations; it should read:\n```\n\(expected)\n```"
      )
    }
  }
}
