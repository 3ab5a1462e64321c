import Foundation
import NavCheck
import NavCheckSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a `.swift` spec file the way SwiftPM and Tuist load their manifests: the file is
/// compiled, with a generated entry point, against the NavCheck library that lies next to the
/// running `navcheck` (`libNavCheckRuntime`, `Modules/NavCheck.swiftmodule` and
/// `Modules/NavCheckCommand.swiftmodule`); the program is cached by a hash of the file and the
/// library, then run with the same command line.
struct SpecFileRunner {
  var console: Console

  /// The `.swift` SPEC arguments of a command line, in order.
  static func swiftFiles(
    in arguments: ParsedArguments, command: CommandDefinition
  ) throws(CommandError) -> [String] {
    // Every command takes SPECs first; replay's last positional is its trace. The program runs
    // with the same command line, so --spec picks among the file's specs there.
    let specs = Array(arguments.positionals[command.specOperands.range(in: arguments.positionals)])
    let files = specs.filter { spec in
      let path = spec.lastIndex(of: "#").map { String(spec[..<$0]) } ?? spec
      return path.hasSuffix(".swift")
    }
    guard !files.isEmpty else { return [] }
    guard specs.count == files.count || specs.allSatisfy({ SpecLoader.isFile($0) }) else {
      throw .usage(
        "a .swift spec file can be checked with .json files but not with bundled specs; run navcheck once for each"
      )
    }
    var paths: [String] = []
    for file in files {
      let path = file.lastIndex(of: "#").map { String(file[..<$0]) } ?? file
      if !paths.contains(path) { paths.append(path) }
    }
    return paths
  }

  /// One `.swift` spec file, read.
  struct Source {
    var text: String
    var absolute: String
    var names: [Declaration]
  }

  /// Compiles (or finds in the cache) the program of `paths`, runs it with `arguments` and
  /// returns its exit status.
  func run(_ paths: [String], arguments: [String]) throws(CommandError) -> Int32 {
    var sources: [Source] = []
    for path in paths { sources.append(try read(path)) }
    // One program holds them all: a spec's name may be declared once.
    var declared: [String: String] = [:]
    for source in sources {
      let file = ReportPaths(console.currentDirectory).relative(source.absolute)
      for name in source.names.map(\.name) {
        if let other = declared[name] {
          throw .invalid(
            "\(other) and \(file) both declare '\(name)'",
            hint: "the .swift spec files checked together compile into one program: rename one")
        }
        declared[name] = file
      }
    }
    let library = try locateLibrary()
    let program = try compile(sources, library: library)
    return try execute(program, arguments: arguments)
  }

  /// A `.swift` spec file and the specs it declares.
  func read(_ path: String) throws(CommandError) -> Source {
    let data = try SpecLoader.contents(of: path, console: console)
    guard let text = String(data: data, encoding: .utf8) else {
      throw .invalid("\(path) is not UTF-8 text")
    }
    let absolute = console.absolutePath(path)
    let names = Self.specDeclarations(in: text)
    guard !names.isEmpty else {
      throw .invalid(
        "\(path) declares no spec",
        hint: """
          navcheck looks for top-level declarations at the start of a line:
            let NAME = NavigationSpec("App", root: "Home") { … }
            let NAME: NavigationSpec = …
            let NAME: [NavigationSpec] = […]
          """)
    }
    return Source(text: text, absolute: absolute, names: names)
  }

  // MARK: - Finding the specs

  /// A spec the file declares: its name, and whether it is an array of specs.
  struct Declaration: Equatable {
    var name: String
    var isArray: Bool
  }

  /// The names of the file's top-level spec declarations: lines that start with
  /// `[public ]let|var NAME = NavigationSpec(`, `… NAME: NavigationSpec =` or
  /// `… NAME: [NavigationSpec] =`.
  static func specDeclarations(in text: String) -> [Declaration] {
    var found: [Declaration] = []
    var inComment = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var rest = Substring(line)
      if inComment {
        if rest.contains("*/") { inComment = false }
        continue
      }
      if rest.hasPrefix("/*") {
        inComment = !rest.contains("*/")
        continue
      }
      for modifier in ["public ", "internal ", "fileprivate ", "private ", "nonisolated(unsafe) "] {
        if rest.hasPrefix(modifier) { rest = rest.dropFirst(modifier.count) }
      }
      guard rest.hasPrefix("let ") || rest.hasPrefix("var ") else { continue }
      rest = rest.dropFirst(4).drop { $0 == " " }
      let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      guard let first = name.first, first.isLetter || first == "_" else { continue }
      rest = rest.dropFirst(name.count).drop { $0 == " " }
      let compact = rest.filter { $0 != " " }
      let spec = ["NavigationSpec", "NavCheck.NavigationSpec"]
      if spec.contains(where: { compact.hasPrefix("=\($0)(") || compact.hasPrefix(":\($0)=") }) {
        found.append(Declaration(name: String(name), isArray: false))
      } else if spec.contains(where: { compact.hasPrefix(":[\($0)]=") }) {
        found.append(Declaration(name: String(name), isArray: true))
      }
    }
    return found
  }

  /// The generated `main.swift`: the user's file under its own name (so compiler errors and
  /// `#filePath` point at it), then the call that runs the command with its specs.
  static func program(text: String, absolute: String, names: [Declaration]) -> String {
    let specs = names.map { $0.isArray ? $0.name : "[\($0.name)]" }.joined(separator: " + ")
    return """
      import NavCheckCommand
      #sourceLocation(file: \(JSONValue.quote(absolute)), line: 1)
      \(text)
      #sourceLocation()
      NavCheckCommand._main(specFile: \(JSONValue.quote(absolute)), specs: \(specs))

      """
  }

  /// The generated sources for several files: each user file in a source file of its own,
  /// under its own name, and a `main.swift` that runs the command with every file's specs. Two
  /// files that declare one name are a compiler error at the second.
  static func program(_ sources: [Source]) -> (main: String, files: [String]) {
    let files = sources.map { source in
      """
      #sourceLocation(file: \(JSONValue.quote(source.absolute)), line: 1)
      \(source.text)
      #sourceLocation()

      """
    }
    let entries = sources.map { source in
      let specs = source.names.map { $0.isArray ? $0.name : "[\($0.name)]" }.joined(
        separator: " + ")
      return "(\(JSONValue.quote(source.absolute)), \(specs))"
    }
    let main = """
      import NavCheckCommand
      NavCheckCommand._main(specFiles: [\(entries.joined(separator: ", "))])

      """
    return (main, files)
  }

  // MARK: - The library

  struct Library {
    /// The folder with the library and `Modules/`.
    var folder: String
    /// The library file.
    var file: String
    /// Identifies this build of the library, for the cache key.
    var stamp: String
  }

  /// The files a folder must hold, beside the library, to compile a spec file against it.
  static let moduleFiles = ["Modules/NavCheck.swiftmodule", "Modules/NavCheckCommand.swiftmodule"]

  /// The library and its modules: in `$NAVCHECK_LIBRARY_PATH`, else beside the running
  /// executable (the folder of the file a symbolic link points at, then the link's own). Where
  /// SwiftPM built the executable but not the library (`swift run navcheck` builds the
  /// executable alone), the library is built first (`buildLibrary`).
  ///
  /// - Throws: 70 naming each folder looked in once, with what it lacks.
  func locateLibrary() throws(CommandError) -> Library {
    var folders: [String] = []
    var build: (package: String, configuration: String)?
    if let override = console.environment["NAVCHECK_LIBRARY_PATH"], !override.isEmpty {
      folders.append(console.absolutePath(override))
    } else if let executable = Bundle.main.executableURL {
      for url in [executable.resolvingSymlinksInPath(), executable] {
        let folder = url.deletingLastPathComponent().standardizedFileURL.path
        if !folders.contains(folder) { folders.append(folder) }
      }
      build = Self.swiftPMBuild(of: executable.resolvingSymlinksInPath().path)
    }
    var search = Self.library(in: folders)
    if search.library == nil, let build {
      try buildLibrary(package: build.package, configuration: build.configuration)
      search = Self.library(in: folders)
    }
    if let library = search.library { return library }
    throw CommandError(
      .internalError,
      "cannot find the NavCheck library to compile a .swift spec against: "
        + (search.lacks.isEmpty ? "no folder to look in" : search.lacks.joined(separator: "; ")),
      hint: "build it with 'swift build' (it puts libNavCheckRuntime, "
        + Self.moduleFiles.joined(separator: " and ")
        + " next to navcheck), or set NAVCHECK_LIBRARY_PATH to the folder that holds them"
    )
  }

  /// The first of `folders` that holds the library and its modules, and what each folder
  /// before it lacks.
  static func library(in folders: [String]) -> (library: Library?, lacks: [String]) {
    let files = FileManager.default
    let names = ["libNavCheckRuntime.so", "libNavCheckRuntime.dylib", "NavCheckRuntime.dll"]
    var lacks: [String] = []
    for folder in folders {
      let file = names.map { folder + "/" + $0 }.first { files.fileExists(atPath: $0) }
      let missing =
        (file == nil ? ["libNavCheckRuntime"] : [])
        + Self.moduleFiles.filter { !files.fileExists(atPath: folder + "/" + $0) }
      guard let file, missing.isEmpty else {
        lacks.append("\(folder) has no \(missing.joined(separator: ", "))")
        continue
      }
      let attributes = try? files.attributesOfItem(atPath: file)
      let date = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
      return (Library(folder: folder, file: file, stamp: "\(file)|\(date)|\(size)"), lacks)
    }
    return (nil, lacks)
  }

  /// The package and configuration whose SwiftPM build folder holds `executable`
  /// (`PACKAGE/.build/debug/navcheck`, `PACKAGE/.build/TRIPLE/release/navcheck`); nil where it
  /// lies elsewhere.
  static func swiftPMBuild(of executable: String) -> (package: String, configuration: String)? {
    var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
    let configuration = folder.lastPathComponent
    guard configuration == "debug" || configuration == "release" else { return nil }
    for _ in 0..<2 {
      folder.deleteLastPathComponent()
      guard folder.lastPathComponent == ".build" else { continue }
      let package = folder.deletingLastPathComponent().path
      guard FileManager.default.fileExists(atPath: package + "/Package.swift") else { return nil }
      return (package, configuration)
    }
    return nil
  }

  /// Builds the library in the package whose build folder holds this navcheck, saying so on
  /// stderr, where SwiftPM's own output follows.
  ///
  /// - Throws: 70 where `swift` cannot be found or the build fails.
  func buildLibrary(package: String, configuration: String) throws(CommandError) {
    guard let swift = Self.toolchainTool("swift", path: console.environment["PATH"]) else {
      throw CommandError(
        .internalError, "cannot find swift to build the NavCheck library for a .swift spec",
        hint: "put the Swift toolchain on PATH, or build the library with 'swift build'")
    }
    let arguments = [
      "build", "--package-path", package, "--configuration", configuration, "--product",
      "NavCheckRuntime",
    ]
    console.errLine(
      "navcheck: building the NavCheck library that .swift specs compile against, once: swift "
        + arguments.map(shellQuoted).joined(separator: " "))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: swift.executable)
    process.arguments = swift.arguments + arguments
    // SwiftPM's output goes to stderr, as it comes; stdout is the report's.
    let pipe = console.isProcessConsole ? nil : Pipe()
    process.standardOutput = pipe ?? FileHandle.standardError
    process.standardError = pipe ?? FileHandle.standardError
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw CommandError(.internalError, "cannot run \(swift.executable): \(error)")
    }
    if let pipe {
      console.err(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CommandError(
        .internalError,
        "swift build --product NavCheckRuntime exited \(process.terminationStatus): the NavCheck library for .swift specs is not built",
        hint: "see SwiftPM's output above; or set NAVCHECK_LIBRARY_PATH to a folder that holds it")
    }
  }

  // MARK: - Compiling

  var cacheFolder: String {
    let environment = console.environment
    if let folder = environment["NAVCHECK_CACHE_PATH"], !folder.isEmpty {
      return console.absolutePath(folder)
    }
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/navcheck" }
    if let home = environment["HOME"], !home.isEmpty { return home + "/.cache/navcheck" }
    return NSTemporaryDirectory() + "navcheck-cache"
  }

  func compile(_ sources: [Source], library: Library) throws(CommandError) -> String {
    let source: String
    var others: [String] = []
    if sources.count == 1, let only = sources.first {
      source = Self.program(text: only.text, absolute: only.absolute, names: only.names)
    } else {
      (source, others) = Self.program(sources)
    }
    let key = stableHash(
      ([source] + others).joined(separator: "\n") + "\n" + NavCheckCommand.version + "\n"
        + library.stamp)
    let folder = cacheFolder + "/specs/" + String(key, radix: 16)
    let program = folder + "/spec"
    if FileManager.default.isExecutableFile(atPath: program) { return program }
    // Another navcheck may compile the same spec at once (CI jobs, parallel tests): each
    // writes the sources into a folder of its own, so that no compiler reads a file another
    // process is replacing ("modified during the build"), then the rename below makes one of
    // the programs the cached one.
    let pid = ProcessInfo.processInfo.processIdentifier
    let sourcesFolder = folder + "/sources.\(pid)"
    defer { try? FileManager.default.removeItem(atPath: sourcesFolder) }
    do {
      try FileManager.default.createDirectory(
        atPath: sourcesFolder, withIntermediateDirectories: true)
      try Data(source.utf8).write(to: URL(fileURLWithPath: sourcesFolder + "/main.swift"))
      for (i, other) in others.enumerated() {
        try Data(other.utf8).write(to: URL(fileURLWithPath: sourcesFolder + "/spec\(i).swift"))
      }
    } catch {
      throw CommandError(
        .internalError, "cannot write to the cache \(folder): \(error.localizedDescription)",
        hint: "set NAVCHECK_CACHE_PATH to a writable folder")
    }
    let partial = program + ".\(pid).partial"
    let compiler = try swiftCompiler()
    var arguments =
      compiler.arguments + [
        sourcesFolder + "/main.swift"
      ] + others.indices.map { sourcesFolder + "/spec\($0).swift" } + [
        "-module-name", "NavCheckSpecFile", "-diagnostic-style", "llvm",
        "-I", library.folder + "/Modules", "-L", library.folder, "-lNavCheckRuntime",
        "-o", partial,
      ]
    #if !os(Windows)
      arguments += ["-Xlinker", "-rpath", "-Xlinker", library.folder]
    #endif
    let result = try Self.capture(compiler.executable, arguments)
    guard result.status == 0 else {
      console.err(result.output)
      try? FileManager.default.removeItem(atPath: partial)
      let names = sources.map { ReportPaths(console.currentDirectory).relative($0.absolute) }
      throw .invalid(
        "\(names.joined(separator: ", ")) \(names.count == 1 ? "does" : "do") not compile")
    }
    _ = try? FileManager.default.removeItem(atPath: program)
    do {
      try FileManager.default.moveItem(atPath: partial, toPath: program)
    } catch {
      if !FileManager.default.isExecutableFile(atPath: program) {
        throw CommandError(.internalError, "cannot store the compiled spec: \(error)")
      }
    }
    return program
  }

  /// `swiftc` from `$SWIFTC`, the `PATH`, or `xcrun`.
  func swiftCompiler() throws(CommandError) -> (executable: String, arguments: [String]) {
    if let swiftc = console.environment["SWIFTC"], !swiftc.isEmpty { return (swiftc, []) }
    guard let swiftc = Self.toolchainTool("swiftc", path: console.environment["PATH"]) else {
      throw CommandError(
        .internalError, "cannot find swiftc to compile a .swift spec",
        hint: "put the Swift toolchain on PATH or set SWIFTC")
    }
    return swiftc
  }

  /// A tool of the Swift toolchain (`swiftc`, `swift`) on `path` (`/usr/bin:/bin` where there
  /// is none), or through `xcrun`.
  static func toolchainTool(
    _ name: String, path: String?
  ) -> (executable: String, arguments: [String])? {
    for folder in (path ?? "/usr/bin:/bin").split(separator: ":") {
      let candidate = String(folder) + "/" + name
      if FileManager.default.isExecutableFile(atPath: candidate) { return (candidate, []) }
    }
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/xcrun") {
      return ("/usr/bin/xcrun", [name])
    }
    return nil
  }

  /// Runs a program and returns its status and its stdout and stderr together.
  static func capture(
    _ executable: String, _ arguments: [String]
  ) throws(CommandError) -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do {
      try process.run()
    } catch {
      throw CommandError(.internalError, "cannot run \(executable): \(error.localizedDescription)")
    }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }

  // MARK: - Running

  /// Runs the compiled program with the command line; its output and its exit status are this
  /// command's.
  ///
  /// A program that a signal ended is quiet where the signal is how such programs end: SIGPIPE
  /// (the reader of its output went away, `navcheck check App.swift | head -1`), SIGINT and
  /// SIGTERM (which this process forwards to it); the status is then 128 + the signal's number,
  /// as a shell shows it. Any other signal is a crash, reported with status 70.
  func execute(_ program: String, arguments: [String]) throws(CommandError) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: console.currentDirectory)
    var environment = console.environment
    // A crash in the spec's own code prints one line (the runtime's message), and the runner
    // says where; the runtime's backtrace and registers only with --verbose.
    if !verbose && environment["SWIFT_BACKTRACE"] == nil {
      environment["SWIFT_BACKTRACE"] = "enable=no"
    }
    process.environment = environment
    // The program reads standard input where SPEC or TRACE is -: this process's own, or none
    // for a console of closures.
    process.standardInput =
      console.isProcessConsole ? FileHandle.standardInput : FileHandle.nullDevice
    var pipes: [Pipe] = []
    if !console.isProcessConsole {
      let out = Pipe()
      let err = Pipe()
      process.standardOutput = out
      process.standardError = err
      pipes = [out, err]
    }
    do {
      try process.run()
    } catch {
      throw CommandError(.internalError, "cannot run the compiled spec \(program): \(error)")
    }
    // On ^C the program stops exploring and reports what it found (exit 2); this process waits
    // for it rather than leaving it printing after the shell's prompt.
    // Foundation starts the program in a process group of its own, which a terminal's ^C does
    // not reach: forward it.
    var forwarders: [DispatchSourceSignal] = []
    if console.isProcessConsole {
      for number in [SIGINT, SIGTERM] {
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler { kill(process.processIdentifier, number) }
        source.resume()
        forwarders.append(source)
      }
    }
    defer {
      for source in forwarders { source.cancel() }
      if console.isProcessConsole {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
      }
    }
    if pipes.count == 2 {
      let console = console
      let group = DispatchGroup()
      for (n, pipe) in pipes.enumerated() {
        DispatchQueue.global().async(group: group) {
          let data = pipe.fileHandleForReading.readDataToEndOfFile()
          let text = String(decoding: data, as: UTF8.self)
          if n == 0 { console.out(text) } else { console.err(text) }
        }
      }
      group.wait()
    }
    process.waitUntilExit()
    let status = process.terminationStatus
    guard process.terminationReason == .uncaughtSignal else { return status }
    if [SIGPIPE, SIGINT, SIGTERM].contains(status) { return 128 + status }
    let crash = "crashed (signal \(status)\(Self.signalName(status)))"
    if arguments.first == "check", let explanation = explainInvariantCrash(program, arguments) {
      throw CommandError(
        .internalError, explanation.replacingOccurrences(of: " crashed in", with: " \(crash) in"),
        hint: verbose
          ? nil : "navcheck check --verbose shows the runtime's backtrace of the crash")
    }
    throw CommandError(
      .internalError, "the program compiled from the spec file \(crash)",
      hint: "its cached copy is \(program); please report this with the spec file")
  }

  /// Whether the command line asks for the runtime's backtrace of a crash.
  var verbose = false

  /// Where a crash was one of the specs' invariants: which, where, and in which state, found by
  /// running the program twice more (`InvariantCrash`); `nil` where it was not.
  func explainInvariantCrash(_ program: String, _ arguments: [String]) -> String? {
    let file =
      NSTemporaryDirectory() + "navcheck-crash-\(ProcessInfo.processInfo.processIdentifier)"
    defer { try? FileManager.default.removeItem(atPath: file) }
    func run(_ variable: String) -> (signalled: Bool, output: String) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: program)
      process.arguments =
        arguments.filter { $0 != "--" + OptionDeclaration.verbose.name } + ["--format", "text"]
      process.currentDirectoryURL = URL(fileURLWithPath: console.currentDirectory)
      var environment = console.environment
      environment[variable] = file
      environment["SWIFT_BACKTRACE"] = "enable=no"
      process.environment = environment
      let out = Pipe()
      process.standardOutput = out
      process.standardError = FileHandle.nullDevice
      process.standardInput = FileHandle.nullDevice
      guard (try? process.run()) != nil else { return (false, "") }
      let data = out.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (process.terminationReason == .uncaughtSignal, String(decoding: data, as: UTF8.self))
    }
    guard run(InvariantCrash.locateVariable).signalled,
      InvariantCrash.Breadcrumb(file: file) != nil
    else { return nil }
    let explanation = run(InvariantCrash.explainVariable).output
    return explanation.isEmpty ? nil : explanation.trimmingCharacters(in: .newlines)
  }

  /// `: SIGSEGV` for the signals a crash ends with.
  static func signalName(_ number: Int32) -> String {
    let names = [
      SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
      SIGABRT: "SIGABRT", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL",
    ]
    return names[number].map { ", " + $0 } ?? ""
  }
}
