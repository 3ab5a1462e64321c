import Dispatch
import Foundation
import NavCheck
import NavCheckSource

/// Reads an app's Swift files with the toolchain's own parser:
/// `swiftc -frontend -dump-parse -dump-ast-format json`, which needs no SDK. One `swiftc` reads
/// a batch of files (one `-primary-file` and one `-o` each); batches run in parallel.
struct SourceParser {
  /// The `swiftc` to run.
  var swiftc: String
  var console: Console

  /// Files per `swiftc`: fewer process starts, still several batches for the cores.
  static let batchSize = 24

  /// Finds `swiftc`: `given`, else `xcrun --find swiftc` on macOS, else the first on `PATH`.
  ///
  /// - Throws: 70 where there is none, naming how to give one.
  static func findSwiftc(_ given: String?) throws(CommandError) -> String {
    let fileManager = FileManager.default
    if let given {
      guard fileManager.isExecutableFile(atPath: given) else {
        throw CommandError(.internalError, "--swiftc \(given) is not an executable file")
      }
      return given
    }
    #if os(macOS)
      let xcrun = Process()
      xcrun.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
      xcrun.arguments = ["--find", "swiftc"]
      let pipe = Pipe()
      xcrun.standardOutput = pipe
      xcrun.standardError = FileHandle.nullDevice
      if (try? xcrun.run()) != nil {
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        xcrun.waitUntilExit()
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(
          in: .whitespacesAndNewlines)
        if xcrun.terminationStatus == 0, fileManager.isExecutableFile(atPath: path) { return path }
      }
    #endif
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/swiftc"
      if fileManager.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw CommandError(
      .internalError,
      "no swiftc on PATH: navcheck reads Swift sources with the toolchain's parser",
      hint: "install a Swift toolchain (swift.org), or name its swiftc with --swiftc PATH")
  }

  /// The `.swift` files of `arguments` (files or folders, searched recursively), each with the
  /// path reports show: relative to the folder given, or the file as given.
  static func swiftFiles(
    _ arguments: [String], console: Console
  ) throws(CommandError) -> [(path: String, display: String)] {
    let fileManager = FileManager.default
    var files: [(String, String)] = []
    for argument in arguments {
      var isFolder: ObjCBool = false
      let path = console.absolutePath(argument)
      guard fileManager.fileExists(atPath: path, isDirectory: &isFolder) else {
        throw .noInput("\(argument): no such file or folder")
      }
      guard isFolder.boolValue else {
        files.append((path, argument))
        continue
      }
      guard let enumerator = fileManager.enumerator(atPath: path) else {
        throw .noInput("\(argument): the folder cannot be read")
      }
      var found: [String] = []
      while let relative = enumerator.nextObject() as? String {
        // Test code and build products are not the app.
        let folders = relative.split(separator: "/").dropLast()
        if relative.hasSuffix(".swift")
          && !folders.contains(where: {
            $0.hasPrefix(".") || $0 == "build" || $0.hasSuffix("Tests")
          })
        {
          found.append(relative)
        }
      }
      let base = path.hasSuffix("/") ? path : path + "/"
      files += found.sorted().map { (base + $0, $0) }
    }
    guard !files.isEmpty else {
      throw .noInput("no .swift files in \(arguments.joined(separator: ", "))")
    }
    return files
  }

  /// The text with each line that is a compiler directive (`#if`, `#elseif`, `#else`,
  /// `#endif`) turned into spaces: what every branch holds, at the same offsets.
  static func withoutDirectives(_ text: [UInt8]) -> [UInt8] {
    var result = text
    var lineStart = 0
    for end in text.indices where text[end] == UInt8(ascii: "\n") || end == text.count - 1 {
      var at = lineStart
      while at < end && (text[at] == UInt8(ascii: " ") || text[at] == UInt8(ascii: "\t")) {
        at += 1
      }
      let rest = String(decoding: text[at..<min(end + 1, text.count)], as: UTF8.self)
      if ["#if ", "#if(", "#elseif", "#else", "#endif"].contains(where: { rest.hasPrefix($0) }) {
        for i in at..<end where text[i] != UInt8(ascii: "\n") { result[i] = UInt8(ascii: " ") }
        if end == text.count - 1 && text[end] != UInt8(ascii: "\n") {
          result[end] = UInt8(ascii: " ")
        }
      }
      lineStart = end + 1
    }
    return result
  }

  /// Parses every file; a file whose tree cannot be read is named in a warning and left out.
  func parse(_ files: [(path: String, display: String)]) throws(CommandError) -> (
    files: [SyntaxFile], unreadable: [SyntaxTreeError]
  ) {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "navcheck-parse-\(ProcessInfo.processInfo.processIdentifier)-\(UInt64.random(in: 0...UInt64.max))"
    )
    do {
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    } catch {
      throw CommandError(.internalError, "cannot create a scratch folder: \(error)")
    }
    defer { try? FileManager.default.removeItem(at: scratch) }
    let batches = stride(from: 0, to: files.count, by: Self.batchSize).map {
      Array($0..<min($0 + Self.batchSize, files.count))
    }
    // The parser's JSON leaves out what `#if` blocks hold, active or not; every branch is
    // navigation the app may do (iOS, tvOS), so it reads a copy with the directive lines
    // blanked: the same bytes at the same offsets, the directives spaces.
    var texts: [Data?] = []
    for (index, file) in files.enumerated() {
      let text = FileManager.default.contents(atPath: file.path)
      texts.append(text)
      let copy = scratch.appendingPathComponent("\(index).swift")
      _ = FileManager.default.createFile(
        atPath: copy.path, contents: text.map { Data(Self.withoutDirectives(Array($0))) })
    }
    let trees = LockedTrees(count: files.count)
    let swiftc = self.swiftc
    DispatchQueue.concurrentPerform(iterations: batches.count) { batch in
      var arguments = ["-frontend", "-dump-parse", "-dump-ast-format", "json"]
      for index in batches[batch] {
        arguments += ["-primary-file", scratch.appendingPathComponent("\(index).swift").path]
      }
      for index in batches[batch] {
        arguments += ["-o", scratch.appendingPathComponent("\(index).json").path]
      }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: swiftc)
      process.arguments = arguments
      process.standardOutput = FileHandle.nullDevice
      let errors = scratch.appendingPathComponent("batch-\(batch).err")
      _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
      process.standardError = try? FileHandle(forWritingTo: errors)
      var failure: String?
      do {
        try process.run()
        process.waitUntilExit()
      } catch {
        failure = "swiftc could not be started: \(error)"
      }
      let messages = String(
        decoding: FileManager.default.contents(atPath: errors.path) ?? Data(), as: UTF8.self
      ).split(separator: "\n")
      for index in batches[batch] {
        let output = scratch.appendingPathComponent("\(index).json")
        let tree = FileManager.default.contents(atPath: output.path)
        let said = messages.first { $0.contains("/\(index).swift:") && $0.contains("error:") }
          .map {
            $0.replacingOccurrences(
              of: scratch.appendingPathComponent("\(index).swift").path, with: files[index].display)
          }
        trees.set(index, tree.map { Array($0) }, failure ?? said.map { "swiftc: " + $0 })
      }
    }
    var parsed: [SyntaxFile] = []
    var unreadable: [SyntaxTreeError] = []
    for (index, file) in files.enumerated() {
      guard let text = texts[index] else {
        unreadable.append(SyntaxTreeError(path: file.display, reason: "it cannot be read"))
        continue
      }
      let (tree, failure) = trees.get(index)
      guard let tree, !tree.isEmpty else {
        unreadable.append(
          SyntaxTreeError(
            path: file.display, reason: failure ?? "swiftc wrote no syntax tree for it"))
        continue
      }
      do {
        parsed.append(
          try SyntaxFile(path: file.display, filePath: file.path, text: Array(text), tree: tree))
      } catch {
        unreadable.append(error)
      }
    }
    for error in unreadable {
      console.errLine("navcheck: warning: \(error.path): \(error.reason); left out")
    }
    return (parsed, unreadable)
  }
}

/// The trees of a parse, written by the batches in parallel.
private final class LockedTrees: @unchecked Sendable {
  private let lock = NSLock()
  private var trees: [[UInt8]?]
  private var failures: [String?]

  init(count: Int) {
    trees = Array(repeating: nil, count: count)
    failures = Array(repeating: nil, count: count)
  }

  func set(_ index: Int, _ tree: [UInt8]?, _ failure: String?) {
    lock.withLock {
      trees[index] = tree
      failures[index] = failure
    }
  }

  func get(_ index: Int) -> ([UInt8]?, String?) {
    lock.withLock { (trees[index], failures[index]) }
  }
}
