import Foundation
import PackagePlugin

/// `swift package navcheck [SPEC ...] [options of navcheck check]`: checks the package's
/// navigation specs with the `navcheck` tool and prints Xcode-style lines
/// (`/abs/Spec.json:12:1: error: …`), so Xcode's issue navigator and editors show them.
///
/// Without SPEC it checks every `.json` and `.swift` spec file in the package's `NavCheck/`
/// folder (and its subfolders). Relative paths (SPECs, `--output`, `--baseline`,
/// `--write-baseline`) are relative to the package's folder, where `navcheck` runs. Writing
/// a report or a baseline into the package needs `--allow-writing-to-package-directory`.
@main
struct NavCheckPlugin: CommandPlugin {
  /// The folder of a package where the plugin looks for specs when none is named.
  static let specFolder = "NavCheck"

  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let package = context.package.directoryURL
    let tool = try context.tool(named: "navcheck").url
    // navcheck reads the arguments with the one definition of `navcheck check`: the plugin
    // keeps no list of its options.
    let reading = try Self.read(arguments, tool: tool, in: package)
    let specs = reading.specs.isEmpty ? try Self.specFiles(in: package) : reading.specs
    // The xcode format unless the arguments give another: of two --format, the last counts.
    let options = ["--format", "xcode"] + reading.options

    // `navcheck check` compiles one `.swift` spec file per run: the JSON specs go with the first.
    let swiftSpecs = specs.filter { $0.hasSuffix(".swift") }
    let others = specs.filter { !$0.hasSuffix(".swift") }
    var runs = swiftSpecs.isEmpty ? [others] : [others + [swiftSpecs[0]]]
    runs += swiftSpecs.dropFirst().map { [$0] }
    if runs.count > 1 && !reading.writes.isEmpty {
      let names = reading.writes.map { "--" + $0 }
      throw PluginFailure(
        "\(names.joined(separator: " and ")) \(names.count == 1 ? "needs" : "need") one run of "
          + "navcheck, but the specs hold \(swiftSpecs.count) .swift files (one each): name the "
          + "specs to check")
    }

    // navcheck builds the library for .swift specs itself where it lacks it, which would wait
    // forever for the build folder that `swift package` holds: the plugin names the folder,
    // and builds the library first where a spec needs it.
    var environment = ProcessInfo.processInfo.environment
    environment["NAVCHECK_LIBRARY_PATH"] =
      swiftSpecs.isEmpty
      ? tool.deletingLastPathComponent().path
      : try Self.buildRuntime(packageManager: packageManager)
    var output = Data()
    var failures: [String] = []
    for run in runs {
      let result = try Self.run(
        tool, ["check"] + run + options, in: package, environment: environment)
      output += result.output
      if result.status != 0 { failures.append(Self.describe(result.status, specs: run)) }
    }
    // SwiftPM prints what a plugin writes through its stdout's buffer, which it empties only
    // when full and at its exit, and the plugin's error on stderr: where both go to one place
    // (a CI log, `2>&1`), an error written after the output lands inside a line of it. So the
    // error goes first, then navcheck's output, whole lines only.
    if !failures.isEmpty {
      Diagnostics.error(failures.joined(separator: "; "))
      Self.awaitHost(packageManager)
    }
    FileHandle.standardOutput.write(output)
  }

  /// Waits for SwiftPM to answer a request, which it reads after the messages sent before it:
  /// a diagnostic sent before is then on its way to stderr (SwiftPM writes diagnostics from a
  /// queue of its own) before what the plugin writes next reaches SwiftPM. The request builds
  /// the smallest module of NavCheck, NavCheckSupport: a few seconds once, nothing afterwards.
  static func awaitHost(_ packageManager: PackageManager) {
    _ = try? packageManager.build(
      .target("NavCheckSupport"), parameters: .init(configuration: .debug, logging: .concise))
  }

  /// How `navcheck check` reads the plugin's arguments (`navcheck _arguments check ARG…`).
  struct Reading: Decodable {
    /// The SPECs.
    var specs: [String]
    /// The options with their values, as given.
    var options: [String]
    /// The given options that write a file into the package.
    var writes: [String]
  }

  /// The plugin's arguments as `navcheck check` reads them.
  static func read(_ arguments: [String], tool: URL, in package: URL) throws -> Reading {
    let result = try run(
      tool, ["_arguments", "check"] + arguments, in: package,
      environment: ProcessInfo.processInfo.environment)
    guard result.status == 0 else {
      // navcheck's own message (an unknown option, with a "did you mean"), as the error.
      let message = String(decoding: result.output, as: UTF8.self)
      throw PluginFailure(
        message.replacingOccurrences(of: "navcheck: error: ", with: "")
          .trimmingCharacters(in: .whitespacesAndNewlines))
    }
    return try JSONDecoder().decode(Reading.self, from: result.output)
  }

  /// Runs navcheck and returns its status and its output: what it wrote to stdout, then what
  /// it wrote to stderr, each ending at the end of a line.
  static func run(
    _ tool: URL, _ arguments: [String], in package: URL, environment: [String: String]
  ) throws -> (status: Int32, output: Data) {
    let process = Process()
    process.executableURL = tool
    process.arguments = arguments
    process.currentDirectoryURL = package
    process.environment = environment
    let pipes = [Pipe(), Pipe()]
    process.standardOutput = pipes[0]
    process.standardError = pipes[1]
    try process.run()
    // Both are read at once, so that neither fills its pipe while the other is read.
    let streams = Streams()
    let group = DispatchGroup()
    for (n, pipe) in pipes.enumerated() {
      DispatchQueue.global().async(group: group) {
        streams.set(n, pipe.fileHandleForReading.readDataToEndOfFile())
      }
    }
    group.wait()
    process.waitUntilExit()
    var output = Data()
    for var data in streams.data where !data.isEmpty {
      if data.last != UInt8(ascii: "\n") { data.append(UInt8(ascii: "\n")) }
      output += data
    }
    return (process.terminationStatus, output)
  }

  /// What a child's stdout and stderr held, read on two threads.
  final class Streams: @unchecked Sendable {
    private let lock = NSLock()
    private var read = [Data(), Data()]
    func set(_ n: Int, _ data: Data) { lock.withLock { read[n] = data } }
    var data: [Data] { lock.withLock { read } }
  }

  /// The spec files of `NavCheck/`, relative to the package, sorted.
  static func specFiles(in package: URL) throws -> [String] {
    let folder = package.appendingPathComponent(specFolder)
    let files = FileManager.default
    guard let walk = files.enumerator(atPath: folder.path) else {
      throw PluginFailure(
        "no specs to check: put .json or .swift spec files in the package's \(specFolder)/ "
          + "folder, or name them: swift package navcheck SPEC ...")
    }
    var found: [String] = []
    for case let path as String in walk where path.hasSuffix(".json") || path.hasSuffix(".swift") {
      found.append(specFolder + "/" + path)
    }
    if found.isEmpty {
      throw PluginFailure("no .json or .swift spec files in \(specFolder)/")
    }
    return found.sorted()
  }

  /// Builds the library `navcheck` compiles `.swift` specs against, and returns its folder.
  static func buildRuntime(packageManager: PackageManager) throws -> String {
    let result = try packageManager.build(
      .product("NavCheckRuntime"), parameters: .init(configuration: .debug, logging: .concise))
    guard result.succeeded,
      let library = result.builtArtifacts.first(where: { $0.kind == .dynamicLibrary })
    else {
      throw PluginFailure(
        "could not build NavCheckRuntime for the .swift specs:\n" + result.logText)
    }
    return library.url.deletingLastPathComponent().path
  }

  /// What `navcheck check`'s exit status means.
  static func describe(_ status: Int32, specs: [String]) -> String {
    let meaning =
      switch status {
      case 1: "violations found"
      case 2: "incomplete: a limit cut the run short"
      case 64: "usage error"
      case 65: "invalid spec or baseline"
      case 66: "a spec or baseline cannot be read"
      case 73: "the report cannot be written (--allow-writing-to-package-directory?)"
      default: "navcheck failed"
      }
    return "navcheck check \(specs.joined(separator: " ")) exited \(status) (\(meaning))"
  }
}

/// A failure the plugin reports: SwiftPM prints it as an error and exits non-zero.
struct PluginFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
