import Foundation
import NavCheck

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `navcheck` command-line tool, as a library: a package can ship its own runner with its
/// specs.
///
/// A runner is an executable target whose `main.swift` is one line:
///
/// ```swift
/// import NavCheck
///
/// NavCheckCommand.main(specs: [todoApp, settings])
/// ```
///
/// `swift run MyRunner check --format junit --output navcheck.xml` then checks them in CI
/// (`MyRunner --help` lists the commands).
public enum NavCheckCommand {
  /// The tool's version, printed by `--version` and written into SARIF reports.
  public static let version = ToolInfo.version

  /// Runs the command line of this process against `specs` and exits with its status.
  ///
  /// ```swift
  /// NavCheckCommand.main(specs: [todoApp])
  /// ```
  ///
  /// - Parameter specs: The specs a SPEC argument can name, and that `check` with no SPEC
  ///   checks.
  public static func main(specs: [NavigationSpec]) -> Never {
    // Commands printed for people to run again name this runner as it was run.
    let program = CommandLine.arguments.first?.split(separator: "/").last.map(String.init)
    let status = run(
      arguments: Array(CommandLine.arguments.dropFirst()), specs: specs,
      console: .process(programName: program ?? "navcheck"), specFile: nil)
    // The program compiled from a .swift spec ended for a broken pipe: end the same way.
    if status == ExitStatus.brokenPipe.rawValue { endForBrokenPipe() }
    exit(status)
  }

  /// Runs one command line and returns its exit status, writing the report and diagnostics
  /// through the closures (for tests and embedding). Standard input is empty here: `-` as SPEC
  /// or TRACE reads nothing.
  ///
  /// ```swift
  /// let status = NavCheckCommand.run(
  ///   arguments: ["check", "TodoApp", "--format", "json"], specs: [todoApp],
  ///   stdout: { print($0, terminator: "") }, stderr: { _ in })
  /// ```
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name.
  ///   - specs: The specs a SPEC argument can name.
  ///   - stdout: Receives the report, in pieces.
  ///   - stderr: Receives diagnostics, in pieces.
  /// - Returns: 0 all hold, 1 violations, 2 incomplete, 64 usage, 65 invalid spec or trace,
  ///   66 missing input file, 70 internal, 73 unwritable output; for a `.swift` spec file, the
  ///   status of the program compiled from it.
  public static func run(
    arguments: [String], specs: [NavigationSpec],
    stdout: @escaping @Sendable (String) -> Void, stderr: @escaping @Sendable (String) -> Void
  ) -> Int32 {
    run(
      arguments: arguments, specs: specs, console: Console(output: stdout, error: stderr),
      specFile: nil)
  }

  /// The entry point of a program that `navcheck` compiled from a `.swift` spec file: runs this
  /// process's command line, where the file's path names `specs`. Not API: generated code calls
  /// it.
  public static func _main(specFile path: String, specs: [NavigationSpec]) -> Never {
    _main(specFiles: [(path, specs)])
  }

  /// The entry point of a program compiled from several `.swift` spec files: each file's path
  /// names its specs. Not API: generated code calls it.
  public static func _main(specFiles: [(path: String, specs: [NavigationSpec])]) -> Never {
    let status = run(
      arguments: Array(CommandLine.arguments.dropFirst()), specs: [], console: .process(),
      specFile: SpecFile(files: specFiles.map { ($0.path, $0.specs) }))
    exit(status)
  }

  // MARK: - Internal API

  static func run(
    arguments: [String], specs: [NavigationSpec], console: Console, specFile: SpecFile?
  ) -> Int32 {
    do {
      return try dispatch(arguments, specs: specs, console: console, specFile: specFile)
    } catch {
      console.errLine("navcheck: error: \(error.message)")
      if let hint = error.hint { console.errLine(hint) }
      return error.status.rawValue
    }
  }

  static var usage: String {
    var text = """
      OVERVIEW: navcheck \(version) — a model checker for app navigation.

      Explores every reachable state of a navigation spec and prints the shortest sequence
      of taps, swipes, async completions and deep links that breaks a rule.

      USAGE: navcheck <command> [options]

      COMMANDS:

      """
    for command in CommandDefinition.all {
      text +=
        "  " + command.name.padding(toLength: 10, withPad: " ", startingAt: 0)
        + command.summary + "\n"
    }
    text += """

      OPTIONS:
        -h, --help  Show help (also 'navcheck help <command>', 'navcheck <command> --help').
        --version   Print the version.

      SPEC is a bundled spec's name, a .json spec file, a .swift spec file written with the
      DSL, or - (a JSON spec on standard input); see 'navcheck check --help'. Commands that
      take one spec pick one of several with --spec NAME.

      EXIT STATUS:

      """
    text += CommandDefinition.statusTable(
      CommandDefinition.check.statuses + CommandDefinition.errorStatuses)
    return text
  }

  /// Runs one command line and returns its exit status: an `ExitStatus`, or whatever the
  /// program compiled from a `.swift` spec file exited with.
  static func dispatch(
    _ arguments: [String], specs: [NavigationSpec], console: Console, specFile: SpecFile?
  ) throws(CommandError) -> Int32 {
    guard let first = arguments.first else {
      console.err(usage)
      throw .usage("no command given")
    }
    switch first {
    case "--help", "-h":
      console.out(usage)
      return ExitStatus.success.rawValue
    case "--version", "version":
      console.out("navcheck \(version)\n")
      return ExitStatus.success.rawValue
    case readingCommand:
      // How `navcheck COMMAND` reads ARG…, for the command plugin, which cannot import this
      // library: it reads its arguments with the command's one definition.
      guard arguments.count > 1 else { throw .usage("\(readingCommand) needs a command") }
      guard let command = CommandDefinition.all.first(where: { $0.name == arguments[1] }) else {
        throw unknownCommand(arguments[1])
      }
      let parsed = try command.reader.read(Array(arguments.dropFirst(2)))
      console.out(parsed.jsonValue(command.options).text() + "\n")
      return ExitStatus.success.rawValue
    case "help":
      if arguments.count > 1 {
        guard let command = CommandDefinition.all.first(where: { $0.name == arguments[1] }) else {
          throw unknownCommand(arguments[1])
        }
        console.out(command.help)
      } else {
        console.out(usage)
      }
      return ExitStatus.success.rawValue
    default: break
    }
    guard let definition = CommandDefinition.all.first(where: { $0.name == first }) else {
      throw unknownCommand(first)
    }
    var parsed = try definition.reader.read(Array(arguments.dropFirst()))
    if parsed.wantsHelp {
      console.out(definition.help)
      return ExitStatus.success.rawValue
    }
    // A value an option does not take stops the command before it reads any SPEC, and before
    // a .swift spec file is compiled.
    try definition.checkValues(parsed)
    // A folder stands for the spec files in it.
    let specRange = definition.specOperands.range(in: parsed.positionals)
    parsed.positionals.replaceSubrange(
      specRange,
      with: try SpecLoader.expandingFolders(
        Array(parsed.positionals[specRange]), console: console))
    // Standard input can be read once.
    let fromInput = parsed.positionals.filter {
      $0 == SpecLoader.standardInput || $0.hasPrefix(SpecLoader.standardInput + "#")
    }
    guard fromInput.count <= 1 else {
      throw .usage("only one SPEC or TRACE can be - (standard input); got \(fromInput.count)")
    }
    // An unwritable --output stops the command before it does any work.
    if let output = parsed.given(.output) {
      try ReportOutput(path: output, console: console).check()
    }
    let loader = SpecLoader(bundled: specs, console: console, specFile: specFile)
    // A .swift spec file runs as its own program, with this command line.
    if specFile == nil {
      let files = try SpecFileRunner.swiftFiles(in: parsed, command: definition)
      if !files.isEmpty {
        var runner = SpecFileRunner(console: console)
        runner.verbose = parsed.given(.verbose) != nil
        return try runner.run(files, arguments: arguments)
      }
    }
    return try definition.run(console, loader, parsed).rawValue
  }

  /// Not API: `navcheck _arguments COMMAND ARG…` prints how `navcheck COMMAND` reads ARG…
  /// (`ParsedArguments.jsonValue`); the command plugin splits its arguments with it.
  static let readingCommand = "_arguments"

  static func unknownCommand(_ word: String) -> CommandError {
    let names = CommandDefinition.all.map(\.name)
    let message =
      word.hasPrefix("-")
      ? "unknown option '\(word)'" + didYouMean(word, ["--help", "--version"])
      : "unknown command '\(word)'" + didYouMean(word, names)
    return .usage(
      message, hint: "commands: \(names.joined(separator: ", ")); see 'navcheck --help'")
  }
}
