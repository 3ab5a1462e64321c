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
  /// The options of `navcheck check` that take a value.
  static let valueOptions: Set<String> = [
    "threads", "max-states", "memory-limit", "format", "output", "baseline", "write-baseline",
    "progress",
  ]
  /// The options that write into the package.
  static let writingOptions: Set<String> = ["output", "write-baseline"]

  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let package = context.package.directoryURL
    var specs: [String] = []
    var options: [String] = []
    var names: Set<String> = []
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      guard argument.hasPrefix("--"), argument.count > 2 else {
        specs.append(argument)
        continue
      }
      let name = String(argument.dropFirst(2).prefix { $0 != "=" })
      names.insert(name)
      options.append(argument)
      if Self.valueOptions.contains(name), !argument.contains("="), let value = rest.popFirst() {
        options.append(value)
      }
    }
    if specs.isEmpty { specs = try Self.specFiles(in: package) }
    if !names.contains("format") { options += ["--format", "xcode"] }

    // `navcheck check` compiles one `.swift` spec file per run: the JSON specs go with the first.
    let swiftSpecs = specs.filter { $0.hasSuffix(".swift") }
    let others = specs.filter { !$0.hasSuffix(".swift") }
    var runs = swiftSpecs.isEmpty ? [others] : [others + [swiftSpecs[0]]]
    runs += swiftSpecs.dropFirst().map { [$0] }
    if runs.count > 1 && !names.isDisjoint(with: Self.writingOptions) {
      throw PluginFailure(
        "--output and --write-baseline need one run of navcheck, but the specs hold "
          + "\(swiftSpecs.count) .swift files (one each): name the specs to check")
    }

    var environment = ProcessInfo.processInfo.environment
    if !swiftSpecs.isEmpty {
      environment["NAVCHECK_LIBRARY_PATH"] = try Self.buildRuntime(packageManager: packageManager)
    }
    let tool = try context.tool(named: "navcheck").url
    var failures: [String] = []
    for run in runs {
      let process = Process()
      process.executableURL = tool
      process.arguments = ["check"] + run + options
      process.currentDirectoryURL = package
      process.environment = environment
      try process.run()
      process.waitUntilExit()
      if process.terminationStatus != 0 {
        failures.append(Self.describe(process.terminationStatus, specs: run))
      }
    }
    if !failures.isEmpty { throw PluginFailure(failures.joined(separator: "; ")) }
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
