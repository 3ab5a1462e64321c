import Foundation
import Testing

@testable import NavCheckCommand

/// `.swift` spec files: compiled against the NavCheck library next to `navcheck`, then run.
@Suite struct SpecFileTests {
  let fixtures = NavcheckProcess.fixtures

  @Test func aSwiftSpecFileIsCompiledAndCheckedWithLocationsInTheFile() throws {
    let run = try NavcheckProcess.run(["check", fixtures + "/App.swift"])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stdout.contains("✗ App: 3 violations"), "\(run.stdout)")
    #expect(run.stdout.contains("✓ Settings: every rule holds"), "every declared spec is checked")
    #expect(
      run.stdout.contains(
        "── 1. \(fixtures)/App.swift:16: detail: dismissEnvironment 'Close'"), "\(run.stdout)")
    #expect(
      run.stdout.contains("✗ invariant — the state breaks invariant 'one detail at most'"),
      "\(run.stdout)")
  }

  @Test func aSwiftSpecFileWorksWithEveryCommand() throws {
    let file = fixtures + "/App.swift"
    let junit = try NavcheckProcess.run(["check", file, "--format", "junit"])
    #expect(
      junit.stdout.contains("name=\"invariant &apos;one detail at most&apos;\"")
        || junit.stdout.contains("name=\"invariant 'one detail at most'\""), "\(junit.stdout)")
    let graph = try NavcheckProcess.run(["graph", file + "#Settings"])
    #expect(graph.status == 0, "\(graph.stderr)")
    #expect(graph.stdout.contains("d_General -> d_About"), "\(graph.stdout)")
    let ambiguous = try NavcheckProcess.run(["graph", file])
    #expect(ambiguous.status == 64)
    #expect(
      ambiguous.stderr.contains(
        "declares 2 specs (App, Settings); this command takes one: pick it with --spec NAME"),
      "\(ambiguous.stderr)")
    let list = try NavcheckProcess.run(["list", file])
    #expect(list.stdout.contains("App ") && list.stdout.contains("Settings "), "\(list.stdout)")
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try write(
      #"[{"screen": "home", "transition": 0}, {"screen": "detail", "transition": "Related"}]"#,
      to: "trace.json", in: folder)
    let replay = try NavcheckProcess.run(["replay", file + "#App", trace])
    #expect(replay.status == 1, "\(replay.stderr)")
    #expect(
      replay.stdout.contains("breaks invariant — the state breaks invariant 'one detail at most'"),
      "\(replay.stdout)")
    let export = try NavcheckProcess.run(["export", file + "#App"])
    #expect(export.status == 0)
    #expect(export.stderr.contains("cannot hold custom invariants"), "\(export.stderr)")
  }

  /// The program compiled from the file runs with the same command line, so `--spec` picks
  /// there.
  @Test func specPicksOneSpecOfASwiftFileForEveryCommandThatTakesOne() throws {
    let file = fixtures + "/App.swift"
    let graph = try NavcheckProcess.run(["graph", file, "--spec", "Settings"])
    #expect(graph.status == 0, "\(graph.stderr)")
    #expect(graph.stdout.hasPrefix("digraph \"Settings\" {"), "\(graph.stdout)")
    let export = try NavcheckProcess.run(["export", "--spec=Settings", file])
    #expect(export.status == 0, "\(export.stderr)")
    #expect(export.stdout.contains("\"name\": \"Settings\""), "\(export.stdout)")
    let simulate = try NavcheckProcess.run([
      "simulate", file, "--spec", "App", "--steps", "3", "--seed", "5",
    ])
    #expect([0, 1].contains(simulate.status), "\(simulate.stderr)")
    #expect(simulate.stdout.contains(" in App, seed 5"), "\(simulate.stdout)")
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try write(#"[{"screen": "General", "transition": 0}]"#, to: "t.json", in: folder)
    let replay = try NavcheckProcess.run(["replay", file, trace, "--spec", "Settings"])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout.contains("General › About"), "\(replay.stdout)")
  }

  @Test func anUnknownSpecNameIsAUsageErrorWithTheClosestAndEveryName() throws {
    let run = try NavcheckProcess.run(["graph", fixtures + "/App.swift", "--spec", "Setings"])
    #expect(run.status == 64)
    #expect(
      run.stderr.contains(
        "no spec named 'Setings' in \(fixtures)/App.swift; did you mean 'Settings'?"),
      "\(run.stderr)")
    #expect(run.stderr.contains(": App, Settings\n"), "\(run.stderr)")
    #expect(run.stdout == "")
  }

  @Test func aCompileErrorIsShownAsTheCompilerPrintsItAndExits65() throws {
    let run = try NavcheckProcess.run(["check", fixtures + "/CompileError.swift"])
    #expect(run.status == 65)
    let path = NavcheckProcess.root.appendingPathComponent(fixtures + "/CompileError.swift").path
    #expect(run.stderr.contains("\(path):5:5: error: cannot find 'Pusj' in scope"), "\(run.stderr)")
    #expect(run.stderr.contains("CompileError.swift does not compile"), "\(run.stderr)")
    #expect(run.stdout == "")
  }

  /// The DSL's unavailable overloads turn common mistakes into readable compiler errors.
  @Test func commonDSLMistakesAreCompileErrorsThatSayTheFix() throws {
    let run = try NavcheckProcess.run(["check", fixtures + "/DSLMistakes.swift"])
    #expect(run.status == 65)
    for message in [
      "a transition belongs inside a Destination: write Destination(\"Screen\") { Push(\"Other\") }",
      "a bare string is not a transition: write Push(\"Screen\"), Sheet(\"Screen\") or another action",
      "a flow step is Push(\"Screen\"), Sheet(\"Screen\") or FullScreenCover(\"Screen\")",
      // A tab bar item (SEMANTICS v3 §11.5) goes beside the tabs, and waits for no work.
      "a TabButton is a tab bar item: declare it beside the tabs",
      "a tab button has no screen of its own, so it waits for no async work",
    ] {
      #expect(run.stderr.contains(message), "missing: \(message)\n\(run.stderr)")
    }
  }

  @Test func aValidationErrorInASwiftFileExits65AtItsLine() throws {
    let run = try NavcheckProcess.run(["check", fixtures + "/ValidationError.swift"])
    #expect(run.status == 65)
    #expect(run.stderr.contains("\(fixtures)/ValidationError.swift:5: error:"), "\(run.stderr)")
    #expect(run.stderr.contains("did you mean 'Detail'?"), "\(run.stderr)")
  }

  @Test func aFileThatDeclaresNoSpecExits65WithTheRule() throws {
    let run = try NavcheckProcess.run(["check", fixtures + "/NoSpec.swift"])
    #expect(run.status == 65)
    #expect(run.stderr.contains("NoSpec.swift declares no spec"), "\(run.stderr)")
    #expect(run.stderr.contains("let NAME = NavigationSpec("), "\(run.stderr)")
  }

  @Test func aMissingLibraryIsAnInternalError() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try NavcheckProcess.run(
      ["check", fixtures + "/App.swift"], environment: ["NAVCHECK_LIBRARY_PATH": folder.path])
    #expect(run.status == 70)
    #expect(run.stderr.contains("cannot find the NavCheck library"), "\(run.stderr)")
  }

  /// A copy of navcheck in `folder` checks App.swift, with no NAVCHECK_LIBRARY_PATH.
  func checkWithACopy(in folder: URL) throws -> NavcheckProcess.Output {
    let copy = folder.appendingPathComponent("navcheck")
    try FileManager.default.copyItem(at: try #require(NavcheckProcess.binary), to: copy)
    return try NavcheckProcess.run(
      ["check", fixtures + "/App.swift"], environment: ["NAVCHECK_LIBRARY_PATH": ""],
      binary: copy)
  }

  /// A navcheck copied away from its build folder says once where it looked and what is missing.
  @Test func aNavcheckWithoutItsLibraryNamesTheFolderOnce() throws {
    let folder = try NavcheckProcess.temporaryFolder().resolvingSymlinksInPath()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try checkWithACopy(in: folder)
    #expect(run.status == 70, "\(run.stderr)")
    #expect(run.stderr.components(separatedBy: folder.path).count - 1 == 1, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "\(folder.path) has no libNavCheckRuntime, Modules/NavCheck.swiftmodule, "
          + "Modules/NavCheckCommand.swiftmodule\n"), "\(run.stderr)")
  }

  /// `swift run navcheck` builds the executable alone: a navcheck in a package's SwiftPM build
  /// folder builds the library on first use, with a line that says so (here a package without
  /// the library, so that the test is quick: SwiftPM's error follows the line).
  @Test func aNavcheckInABuildFolderBuildsTheLibraryOnFirstUse() throws {
    let package = try NavcheckProcess.temporaryFolder().resolvingSymlinksInPath()
    defer { try? FileManager.default.removeItem(at: package) }
    _ = try write(
      "// swift-tools-version:6.0\nimport PackageDescription\n\nlet package = Package(name: \"Empty\")\n",
      to: "Package.swift", in: package)
    let build = package.appendingPathComponent(".build/debug")
    try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
    let run = try checkWithACopy(in: build)
    #expect(run.status == 70, "\(run.stderr)")
    #expect(
      run.stderr.hasPrefix(
        "navcheck: building the NavCheck library that .swift specs compile against, once: "
          + "swift build --package-path \(package.path) --configuration debug --product NavCheckRuntime\n"
      ), "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "navcheck: error: swift build --product NavCheckRuntime exited 1: the NavCheck library for .swift specs is not built\n"
      ), "\(run.stderr)")
  }

  /// Where SwiftPM's build folder holds navcheck, the package and configuration it was built for.
  @Test func theBuildFolderNamesThePackageAndConfiguration() throws {
    let package = try NavcheckProcess.temporaryFolder().resolvingSymlinksInPath()
    defer { try? FileManager.default.removeItem(at: package) }
    let root = package.path
    #expect(
      SpecFileRunner.swiftPMBuild(of: root + "/.build/debug/navcheck") == nil, "no Package.swift")
    _ = try write("// swift-tools-version:6.0\n", to: "Package.swift", in: package)
    let debug = SpecFileRunner.swiftPMBuild(of: root + "/.build/debug/navcheck")
    #expect(debug?.package == root)
    #expect(debug?.configuration == "debug")
    let release = SpecFileRunner.swiftPMBuild(
      of: root + "/.build/x86_64-unknown-linux-gnu/release/navcheck")
    #expect(release?.package == root)
    #expect(release?.configuration == "release")
    #expect(SpecFileRunner.swiftPMBuild(of: root + "/bin/navcheck") == nil)
    #expect(SpecFileRunner.swiftPMBuild(of: root + "/.build/x/y/debug/navcheck") == nil)
  }

  /// A library folder needs both modules: the generated program imports NavCheckCommand.
  @Test func aLibraryFolderWithoutTheCommandModuleIsNotUsed() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let modules = folder.appendingPathComponent("Modules")
    try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
    try write("", to: "libNavCheckRuntime.so", in: folder)
    try write("", to: "libNavCheckRuntime.dylib", in: folder)
    try write("", to: "NavCheck.swiftmodule", in: modules)
    let run = try NavcheckProcess.run(
      ["check", fixtures + "/App.swift"], environment: ["NAVCHECK_LIBRARY_PATH": folder.path])
    #expect(run.status == 70, "\(run.stderr)")
    #expect(run.stderr.contains("has no Modules/NavCheckCommand.swiftmodule\n"), "\(run.stderr)")
    #expect(!run.stderr.contains("does not compile"), "\(run.stderr)")
  }

  /// A folder stands for every spec file in it and its subfolders; its .swift files compile
  /// into one program.
  @Test func aFolderChecksEverySpecFileInItTogether() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      atPath: NavcheckProcess.root.appendingPathComponent(fixtures + "/App.swift").path,
      toPath: folder.appendingPathComponent("App.swift").path)
    let sub = folder.appendingPathComponent("more")
    try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: NavcheckProcess.root.appendingPathComponent(fixtures + "/notes.json").path,
      toPath: sub.appendingPathComponent("notes.json").path)
    _ = try write(
      """
      import NavCheck

      let other = NavigationSpec("Other", root: "Start") {
        Destination("Start") { Sheet("Modal") }
        Destination("Modal") { Dismiss() }
      }

      """, to: "Other.swift", in: folder)
    let run = try NavcheckProcess.run(["check", folder.path, "--format", "json"])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(
      try NavcheckProcess.results(run.stdout).compactMap { $0["spec"] as? String } == [
        "App", "Settings", "Other", "Notes",
      ], "by path: App.swift, Other.swift, more/notes.json")
    // Two files that declare one name: the compiler says where.
    _ = try write(
      "import NavCheck\nlet other = NavigationSpec(\"Twin\", root: \"A\") { Destination(\"A\") {} }\n",
      to: "Twin.swift", in: folder)
    let twins = try NavcheckProcess.run(["check", folder.path])
    #expect(twins.status == 65, "\(twins.stderr)")
    #expect(
      twins.stderr.contains("Other.swift and \(folder.path)/Twin.swift both declare 'other'"),
      "\(twins.stderr)")

    let empty = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: empty) }
    let none = try NavcheckProcess.run(["check", empty.path])
    #expect(none.status == 65)
    #expect(none.stderr.contains("is a folder with no spec file in it"), "\(none.stderr)")
    let mixed = try NavcheckProcess.run(["check", fixtures + "/App.swift", "SomeBundledSpec"])
    #expect(mixed.status == 64)
  }
}

extension SpecFileTests {
  @Test func theTextReportOfASwiftSpecFileMatchesItsGoldenFile() throws {
    // Warnings, a custom invariant and two specs in one report.
    let run = try NavcheckProcess.run(["check", fixtures + "/App.swift", "--threads", "1"])
    try assertGolden(run.stdout, "app-swift.txt", normalize: CheckCommandTests.normalizeText)
  }
}

extension SpecFileTests {
  @Test func theCompiledProgramIsCachedByTheFilesContents() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cache = folder.appendingPathComponent("cache")
    let spec = """
      import NavCheck

      let tiny = NavigationSpec("Tiny", root: "Home") { Destination("Home") { Push("Home") } }
        .bounds(maxStackDepth: 2)

      """
    try write(spec, to: "Tiny.swift", in: folder)
    let environment = ["NAVCHECK_CACHE_PATH": cache.path]
    func programs() throws -> [String] {
      try FileManager.default.contentsOfDirectory(
        atPath: cache.appendingPathComponent("specs").path
      )
      .sorted()
    }
    let first = try NavcheckProcess.run(
      ["check", "Tiny.swift"], in: folder, environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(try programs().count == 1)
    let second = try NavcheckProcess.run(
      ["check", "Tiny.swift"], in: folder, environment: environment)
    #expect(
      CheckCommandTests.normalizeText(second.stdout)
        == CheckCommandTests.normalizeText(first.stdout))
    #expect(try programs().count == 1, "the same file is compiled once")
    try write(
      spec.replacingOccurrences(of: "maxStackDepth: 2", with: "maxStackDepth: 3"), to: "Tiny.swift",
      in: folder)
    let changed = try NavcheckProcess.run(
      ["check", "Tiny.swift"], in: folder, environment: environment)
    #expect(changed.stdout.contains("3 states"), "\(changed.stdout)")
    #expect(try programs().count == 2, "a changed file is compiled again")
  }
}

extension SpecFileTests {
  /// `navcheck simulate App.swift … | head -1`: the walk of Settings never breaks a rule, so its
  /// thousands of steps outlast the pipe's buffer and `head` goes away while the program
  /// compiled from the file is still writing. SIGPIPE ends it, and navcheck ends the same way,
  /// quietly: no crash report, the status a shell shows for SIGPIPE.
  @Test func aProgramEndedByABrokenPipeIsNoCrash() throws {
    let walk =
      "\"$NAVCHECK\" simulate \(fixtures)/App.swift --spec Settings --steps 20000 --seed 1"
    // sh reports navcheck's status on stderr, after anything navcheck wrote there.
    let run = try NavcheckProcess.shell("{ \(walk); echo \"status $?\" >&2; } | head -1")
    #expect(run.stdout == "A random walk of 20000 steps in Settings, seed 1\n")
    #expect(run.stderr == "status 141\n", "nothing but the status")
    // Where SIGPIPE is ignored, the write fails instead: the same quiet end.
    let ignored = try NavcheckProcess.shell(
      "trap '' PIPE; { \(walk); echo \"status $?\" >&2; } | head -1")
    #expect(ignored.stdout == run.stdout)
    #expect(ignored.stderr == "status 141\n", "nothing but the status")
  }

  /// An invariant that crashes the program says which invariant, where, and in which state;
  /// the runtime's backtrace only with --verbose.
  @Test func aCrashingInvariantIsReportedWithItsLineAndState() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try write(
      """
      import NavCheck

      let crashy = NavigationSpec("Crashy", root: "Home") {
        Destination("Home") { Push("Detail") }
        Destination("Detail") { Sheet("Compose") }
        Destination("Compose") { Dismiss() }
        Invariant("no compose over a detail") { state in
          if state.contains("Compose") && state.contains("Detail") { fatalError("boom") }
          return true
        }
      }

      """, to: "Crashy.swift", in: folder)
    let run = try NavcheckProcess.run(["check", file])
    #expect(run.status == 70, "\(run.stderr)")
    // A Swift trap is SIGILL on Linux, SIGTRAP on macOS.
    #expect(
      run.stderr.contains(
        "navcheck: error: invariant 'no compose over a detail' (\(file):7) of spec 'Crashy' crashed (signal "
      ), "\(run.stderr)")
    #expect(
      run.stderr.contains(
        ") in this state:\n  1. Home: push Detail\n       Home › Detail\n  2. Detail: sheet Compose\n"
      ), "\(run.stderr)")
    #expect(run.stderr.contains("Fatal error: boom"), "the runtime's message stays")
    #expect(!run.stderr.contains("Program crashed"), "no backtrace without --verbose")
    let verbose = try NavcheckProcess.run(["check", file, "--verbose"])
    #expect(verbose.status == 70)
    #expect(verbose.stderr.contains("Program crashed"), "\(verbose.stderr)")
    #expect(verbose.stderr.contains("of spec 'Crashy' crashed"), "\(verbose.stderr)")
  }
}
