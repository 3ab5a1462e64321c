import Foundation
import NavCheck

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The exit statuses of `navcheck` (the BSD `sysexits` codes for usage, data, input, software
/// and output errors).
enum ExitStatus: Int32, Sendable {
  /// Every spec holds.
  case success = 0
  /// A rule is broken.
  case violations = 1
  /// A limit or a cancellation cut the run short, and nothing was found before it.
  case incomplete = 2
  /// The command line is wrong.
  case usage = 64
  /// A spec or a trace is not valid (not JSON, not a spec, a step that is not possible).
  case invalidSpec = 65
  /// A spec or trace file does not exist or cannot be read (`EX_NOINPUT`).
  case noInput = 66
  /// Something went wrong inside navcheck (or its installation).
  case internalError = 70
  /// The report cannot be written to `--output FILE` (`EX_CANTCREAT`), or to stdout.
  case cannotCreate = 73
  /// The reader of stdout went away (`navcheck check | head -1`): the status a shell shows for
  /// a program that SIGPIPE ended, which is how `navcheck` ends then.
  case brokenPipe = 141
}

/// Ends this process as SIGPIPE ends a program whose reader went away, quietly, also where
/// SIGPIPE was ignored (so the write failed instead).
func endForBrokenPipe() -> Never {
  signal(SIGPIPE, SIG_DFL)
  raise(SIGPIPE)
  exit(ExitStatus.brokenPipe.rawValue)
}

/// An error that ends a command: the message for stderr and the exit status.
package struct CommandError: Error, Sendable {
  var status: ExitStatus
  package var message: String
  /// A second line that says what to do, printed after the message.
  package var hint: String?

  init(_ status: ExitStatus, _ message: String, hint: String? = nil) {
    self.status = status
    self.message = message
    self.hint = hint
  }

  static func usage(_ message: String, hint: String? = nil) -> CommandError {
    CommandError(.usage, message, hint: hint)
  }

  static func invalid(_ message: String, hint: String? = nil) -> CommandError {
    CommandError(.invalidSpec, message, hint: hint)
  }

  static func noInput(_ message: String) -> CommandError { CommandError(.noInput, message) }
}

/// Where a command writes and what it knows of the process it runs in; tests give it closures.
final class Console: @unchecked Sendable {
  private let lock = NSLock()
  private let writeOutput: @Sendable (String) -> Void
  private let writeError: @Sendable (String) -> Void
  /// Whether stderr is a terminal (progress in place, once a second).
  let errorIsTerminal: Bool
  /// Whether the console is the process's own stdout and stderr, so a child process can inherit
  /// them.
  let isProcessConsole: Bool
  /// The environment variables.
  let environment: [String: String]
  /// The working directory, for relative paths.
  let currentDirectory: String
  /// The name to run this tool by, in commands it prints for people to run again: `navcheck`,
  /// or a package's own runner.
  let programName: String
  /// Reads all of standard input, for `-` as SPEC or TRACE.
  let readInput: @Sendable () -> Data

  init(
    output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void,
    errorIsTerminal: Bool = false, isProcessConsole: Bool = false,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    currentDirectory: String = FileManager.default.currentDirectoryPath,
    programName: String = "navcheck", readInput: @escaping @Sendable () -> Data = { Data() }
  ) {
    writeOutput = output
    writeError = error
    self.errorIsTerminal = errorIsTerminal
    self.isProcessConsole = isProcessConsole
    self.environment = environment
    self.currentDirectory = currentDirectory
    self.programName = programName
    self.readInput = readInput
  }

  /// The process's stdin, stdout and stderr.
  static func process(programName: String = "navcheck") -> Console {
    Console(
      output: { text in
        do {
          try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
        } catch {
          outputFailed(error)
        }
      },
      error: { try? FileHandle.standardError.write(contentsOf: Data($0.utf8)) },
      errorIsTerminal: isatty(2) != 0, isProcessConsole: true, programName: programName,
      readInput: { FileHandle.standardInput.readDataToEndOfFile() })
  }

  /// Ends the process where stdout cannot be written: quietly as SIGPIPE would for a reader that
  /// went away, else with the reason and status 73.
  private static func outputFailed(_ error: any Error) -> Never {
    let error = error as NSError
    let code =
      error.domain == NSPOSIXErrorDomain
      ? error.code : (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.code
    if code == Int(EPIPE) { endForBrokenPipe() }
    try? FileHandle.standardError.write(
      contentsOf: Data(
        "navcheck: error: cannot write to standard output: \(ReportOutput.reason(error))\n".utf8))
    exit(ExitStatus.cannotCreate.rawValue)
  }

  /// Writes to stdout.
  func out(_ text: String) { lock.withLock { writeOutput(text) } }

  /// Writes to stderr.
  func err(_ text: String) { lock.withLock { writeError(text) } }

  /// Writes a line to stderr.
  func errLine(_ text: String) { err(text + "\n") }

  /// An absolute path for a path given on the command line.
  func absolutePath(_ path: String) -> String {
    let full = path.hasPrefix("/") ? path : currentDirectory + "/" + path
    return URL(fileURLWithPath: full).standardizedFileURL.path
  }
}
