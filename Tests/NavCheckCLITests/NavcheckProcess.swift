import Foundation
import Testing

/// Runs the built `navcheck` binary, as CI and people do.
struct NavcheckProcess {
  /// What a run printed and how it exited.
  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The repository root (this file is `Tests/NavCheckCLITests/NavcheckProcess.swift`).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let fixtures = "Tests/NavCheckCLITests/Fixtures"
  static let golden = root.appendingPathComponent("Tests/NavCheckCLITests/Golden")

  /// The `navcheck` next to the test bundle, in whichever build folder (`.build/debug`,
  /// `--scratch-path X`, Xcode's products folder) built it; `NAVCHECK_BINARY` overrides.
  static let binary: URL? = {
    if let path = ProcessInfo.processInfo.environment["NAVCHECK_BINARY"] {
      return URL(fileURLWithPath: path)
    }
    var starts = [Bundle.main.bundleURL, Bundle(for: Marker.self).bundleURL]
    if let first = CommandLine.arguments.first { starts.append(URL(fileURLWithPath: first)) }
    for start in starts {
      var folder = start.resolvingSymlinksInPath()
      for _ in 0..<6 {
        let candidate = folder.appendingPathComponent("navcheck")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
          !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: candidate.path)
        {
          return candidate
        }
        folder.deleteLastPathComponent()
      }
    }
    return nil
  }()

  private final class Marker {}

  /// Runs `navcheck arguments` in `directory` (the repository root by default) with a private
  /// cache for compiled spec files; `input` is its standard input (none by default), `binary`
  /// another copy of `navcheck` to run.
  static func run(
    _ arguments: [String], in directory: URL = root, environment: [String: String] = [:],
    input: String? = nil, binary: URL? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Output {
    try launch(
      nil, arguments, in: directory, environment: environment, input: input, binary: binary,
      sourceLocation: sourceLocation)
  }

  /// Runs a `sh` script in the repository root, where `$NAVCHECK` is the `navcheck` binary.
  static func shell(
    _ script: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Output {
    try launch(URL(fileURLWithPath: "/bin/sh"), ["-c", script], sourceLocation: sourceLocation)
  }

  /// Runs `executable` (`navcheck` where `nil`) as `run` describes.
  private static func launch(
    _ executable: URL?, _ arguments: [String], in directory: URL = root,
    environment: [String: String] = [:], input: String? = nil, binary: URL? = nil,
    sourceLocation: SourceLocation
  ) throws -> Output {
    guard let binary = binary ?? Self.binary else {
      Issue.record(
        "cannot find the navcheck binary next to the test bundle; set NAVCHECK_BINARY",
        sourceLocation: sourceLocation)
      throw CocoaError(.fileNoSuchFile)
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "navcheck-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let out = scratch.appendingPathComponent("stdout")
    let err = scratch.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = Process()
    process.executableURL = executable ?? binary
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var env = ProcessInfo.processInfo.environment
    env["NAVCHECK_CACHE_PATH"] = cache.path
    env["NAVCHECK"] = binary.path
    env.merge(environment) { $1 }
    process.environment = env
    let outHandle = try FileHandle(forWritingTo: out)
    let errHandle = try FileHandle(forWritingTo: err)
    process.standardOutput = outHandle
    process.standardError = errHandle
    if let input {
      let url = scratch.appendingPathComponent("stdin")
      try input.write(to: url, atomically: true, encoding: .utf8)
      process.standardInput = try FileHandle(forReadingFrom: url)
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    try process.run()
    process.waitUntilExit()
    try outHandle.close()
    try errHandle.close()
    return Output(
      status: process.terminationStatus,
      stdout: try String(contentsOf: out, encoding: .utf8),
      stderr: try String(contentsOf: err, encoding: .utf8))
  }

  /// One cache of compiled spec files for the tests, in the build folder beside the `navcheck`
  /// they run (so it goes with `.build`, instead of a folder left in the temporary directory
  /// by every run). Its entries are keyed by the spec, navcheck's version and the library's
  /// stamp, so a rebuilt library never reads a stale one; concurrent runs share it safely (each
  /// compiles in a folder of its own and renames the result into place).
  static let cache: URL = {
    let url =
      binary?.deletingLastPathComponent().appendingPathComponent("navcheck-test-cache")
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "navcheck-test-cache-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }()

  /// A fresh temporary folder.
  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "navcheck-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Parses JSON output.
  static func json(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Any
  {
    do {
      return try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    } catch {
      Issue.record("not JSON: \(text.prefix(500))", sourceLocation: sourceLocation)
      throw error
    }
  }
}

extension NavcheckProcess {
  /// The per-spec results of a `check --format json` report, after checking its one shape:
  /// `{"tool": "navcheck", "version": …, "results": [...]}` for any number of specs.
  static func results(
    _ text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [[String: Any]] {
    let report = try #require(
      try json(text, sourceLocation: sourceLocation) as? [String: Any], "the report is one object",
      sourceLocation: sourceLocation)
    #expect(report["tool"] as? String == "navcheck", sourceLocation: sourceLocation)
    #expect(report["version"] as? String != nil, sourceLocation: sourceLocation)
    #expect(
      report.keys.sorted() == ["results", "tool", "version"], "nothing else at the top",
      sourceLocation: sourceLocation)
    return try #require(report["results"] as? [[String: Any]], sourceLocation: sourceLocation)
  }

  /// The specs of `navcheck list --format json`: one object, like `check`'s report, whose
  /// `specs` are the specs.
  static func listed(
    _ text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [[String: Any]] {
    let list = try #require(
      try json(text, sourceLocation: sourceLocation) as? [String: Any], "the list is one object",
      sourceLocation: sourceLocation)
    #expect(list["tool"] as? String == "navcheck", sourceLocation: sourceLocation)
    #expect(list["version"] as? String != nil, sourceLocation: sourceLocation)
    return try #require(list["specs"] as? [[String: Any]], sourceLocation: sourceLocation)
  }

  /// The one result of a `check --format json` report of one spec.
  static func result(
    _ text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [String: Any] {
    let results = try results(text, sourceLocation: sourceLocation)
    #expect(results.count == 1, sourceLocation: sourceLocation)
    return try #require(results.first, sourceLocation: sourceLocation)
  }
}

/// Compares output with a golden file under `Golden/`, after `normalize`; with
/// `NAVCHECK_UPDATE_GOLDEN=1` writes the file instead.
func assertGolden(
  _ actual: String, _ name: String, normalize: (String) -> String = { $0 },
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let url = NavcheckProcess.golden.appendingPathComponent(name)
  let normalized = normalize(actual)
  if ProcessInfo.processInfo.environment["NAVCHECK_UPDATE_GOLDEN"] == "1" {
    try normalized.write(to: url, atomically: true, encoding: .utf8)
    return
  }
  guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
    Issue.record(
      "no golden file \(name); run with NAVCHECK_UPDATE_GOLDEN=1 to write it",
      sourceLocation: sourceLocation)
    return
  }
  if normalized != expected {
    let actualLines = normalized.split(separator: "\n", omittingEmptySubsequences: false)
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let firstDifference = zip(actualLines, expectedLines).enumerated().first {
      $0.element.0 != $0.element.1
    }
    let where_ =
      firstDifference.map {
        "line \($0.offset + 1):\n  expected: \($0.element.1)\n  actual:   \($0.element.0)"
      } ?? "lengths differ: \(expectedLines.count) expected lines, \(actualLines.count) actual"
    Issue.record(
      "\(name) differs from its golden file (NAVCHECK_UPDATE_GOLDEN=1 rewrites it); first difference at \(where_)",
      sourceLocation: sourceLocation)
  }
}

/// Replaces every match of a regular expression.
func replacing(_ pattern: String, with template: String, in text: String) -> String {
  let regex = try! NSRegularExpression(pattern: pattern)
  return regex.stringByReplacingMatches(
    in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
}

/// Writes `text` to `name` in `folder` and returns its path.
@discardableResult
func write(_ text: String, to name: String, in folder: URL) throws -> String {
  let url = folder.appendingPathComponent(name)
  try text.write(to: url, atomically: true, encoding: .utf8)
  return url.path
}
