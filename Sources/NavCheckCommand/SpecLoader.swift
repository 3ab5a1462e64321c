import Foundation
import NavCheck

/// The specs of the `.swift` spec files, in the program compiled from them.
struct SpecFile: Sendable {
  /// Each file's absolute path, and its specs.
  var files: [(path: String, specs: [NavigationSpec])]

  /// The specs of the file at `path` (absolute), where it is one of them.
  func specs(at path: String) -> [NavigationSpec]? { files.first { $0.path == path }?.specs }
}

/// Turns SPEC arguments into valid specs: a bundled spec's name, a `.json` file, `-` (a JSON
/// spec on standard input), or (in the program compiled from it) a `.swift` file; `FILE#NAME`
/// picks one spec of a file.
struct SpecLoader {
  var bundled: [NavigationSpec]
  var console: Console
  var specFile: SpecFile?

  /// The valid specs `argument` names.
  ///
  /// - Throws: 64 for an unknown name; 66 for a file that is missing or unreadable; 65 for a
  ///   directory, an empty file, one that is not JSON, or a spec that is invalid (every
  ///   problem, with its location).
  func load(_ argument: String) throws(CommandError) -> [NavigationSpec] {
    let specs = try self.specs(argument)
    for spec in specs { try validate(spec) }
    return specs
  }

  /// The specs `argument` names, not yet validated: a file's may be invalid.
  ///
  /// - Throws: As `load(_:)`, but for an invalid spec.
  func specs(_ argument: String) throws(CommandError) -> [NavigationSpec] {
    let specs = try read(argument)
    guard let hash = argument.lastIndex(of: "#"), Self.isFile(String(argument[..<hash])) else {
      return specs
    }
    let name = String(argument[argument.index(after: hash)...])
    guard let spec = specs.first(where: { $0.name == name }) else {
      throw .usage(
        "\(argument[..<hash]) declares no spec named '\(name)'"
          + didYouMean(name, specs.map(\.name))
          + " (it declares \(specs.map(\.name).joined(separator: ", ")))")
    }
    return [spec]
  }

  /// Validates a spec read by `specs(_:)`.
  ///
  /// - Throws: 65 with every problem of the spec, with its location.
  func validate(_ spec: NavigationSpec) throws(CommandError) {
    do {
      try spec.validate()
    } catch {
      throw .invalid("spec '\(spec.name)' is invalid:\n" + describe(error))
    }
  }

  /// Every problem of a spec error, one per line, with paths relative to the working directory.
  func describe(_ error: SpecError) -> String {
    error.problems.map { problem in
      var problem = problem
      if var location = problem.location {
        location.filePath = ReportPaths(console.currentDirectory).relative(location.filePath)
        problem.location = location
      }
      return problem.description
    }.joined(separator: "\n")
  }

  /// `arguments` with each folder replaced by the spec files in it and its subfolders
  /// (`.json` and `.swift`, by path; hidden folders and `.build` left out).
  ///
  /// - Throws: 65 for a folder that holds no spec file.
  static func expandingFolders(_ arguments: [String], console: Console) throws(CommandError)
    -> [String]
  {
    var expanded: [String] = []
    for argument in arguments {
      var isFolder: ObjCBool = false
      let path = console.absolutePath(argument)
      guard argument != standardInput,
        FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
      else {
        expanded.append(argument)
        continue
      }
      var files: [String] = []
      let folder = URL(fileURLWithPath: path)
      if let walk = FileManager.default.enumerator(
        at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
      {
        for case let url as URL in walk {
          if url.lastPathComponent == ".build" {
            walk.skipDescendants()
            continue
          }
          guard url.pathExtension == "json" || url.pathExtension == "swift" else { continue }
          let relative = String(
            url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count))
          files.append(
            (argument.hasSuffix("/") ? String(argument.dropLast()) : argument) + relative)
        }
      }
      guard !files.isEmpty else {
        throw .invalid(
          "\(argument) is a folder with no spec file in it",
          hint: "a SPEC folder stands for the .json and .swift spec files in it")
      }
      expanded += files.sorted()
    }
    return expanded
  }

  /// Whether an argument names a file (or standard input) rather than a bundled spec.
  static func isFile(_ argument: String) -> Bool {
    argument == standardInput || argument.hasSuffix(".json") || argument.hasSuffix(".swift")
      || argument.contains("/")
  }

  /// The SPEC or TRACE argument that stands for standard input.
  static let standardInput = "-"

  /// A SPEC or TRACE argument as messages name it: its path, or "standard input".
  static func displayName(_ path: String) -> String {
    path == standardInput ? "standard input" : path
  }

  private func read(_ argument: String) throws(CommandError) -> [NavigationSpec] {
    var path = argument
    if let hash = argument.lastIndex(of: "#"), Self.isFile(String(argument[..<hash])) {
      path = String(argument[..<hash])
    }
    if let specs = specFile?.specs(at: console.absolutePath(path)) { return specs }
    guard Self.isFile(path) else { return [try bundledSpec(path)] }
    let data = try Self.contents(of: path, console: console)
    if path == Self.standardInput {
      do {
        return [try NavigationSpec(json: data, file: "<stdin>")]
      } catch {
        throw .invalid("standard input is not a valid spec:\n" + describe(error))
      }
    }
    guard path.hasSuffix(".json") else {
      if path.hasSuffix(".swift") {
        throw CommandError(.internalError, "\(path) should have been compiled and run")
      }
      throw .usage(
        "\(path) is neither a .json nor a .swift spec file",
        hint: "a SPEC is a bundled spec's name, a .json file or a .swift file")
    }
    do {
      return [try NavigationSpec(json: data, file: path)]
    } catch {
      throw .invalid("\(path) is not a valid spec:\n" + describe(error))
    }
  }

  private func bundledSpec(_ name: String) throws(CommandError) -> NavigationSpec {
    if let spec = bundled.first(where: { $0.name == name })
      ?? bundled.first(where: { $0.name.lowercased() == name.lowercased() })
    {
      return spec
    }
    if FileManager.default.fileExists(atPath: console.absolutePath(name)) {
      throw .usage("\(name) is a file but not a .json or .swift spec file")
    }
    let names = bundled.map(\.name)
    throw .usage(
      "no bundled spec named '\(name)'" + didYouMean(name, names),
      hint: names.isEmpty
        ? "this runner bundles no specs; pass a .json or .swift spec file"
        : "bundled specs: \(names.joined(separator: ", ")) (navcheck list)")
  }

  /// A spec or trace file's bytes (standard input's for `-`): it must exist, be a regular file
  /// and not be empty.
  ///
  /// - Throws: 66 for a file that does not exist or cannot be read, 65 for a directory or an
  ///   empty file.
  static func contents(of path: String, console: Console) throws(CommandError) -> Data {
    if path == standardInput {
      let data = console.readInput()
      if data.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) {
        throw .invalid("standard input is empty")
      }
      return data
    }
    let full = console.absolutePath(path)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) else {
      throw .noInput("no such file: \(path)")
    }
    if isDirectory.boolValue { throw .invalid("\(path) is a directory, not a file") }
    guard let data = FileManager.default.contents(atPath: full) else {
      let reason = FileManager.default.isReadableFile(atPath: full) ? "" : ": permission denied"
      throw .noInput("cannot read \(path)\(reason)")
    }
    if data.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) {
      throw .invalid("\(path) is empty")
    }
    return data
  }
}
