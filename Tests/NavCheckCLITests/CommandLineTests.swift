import Foundation
import Testing

/// Help, version, usage errors, unreadable specs and unwritable reports: the exit statuses 64,
/// 65, 66 and 73.
@Suite struct CommandLineTests {
  let notes = NavcheckProcess.fixtures + "/notes.json"

  @Test func helpListsEveryCommandAndEachCommandHasItsOwn() throws {
    let run = try NavcheckProcess.run(["--help"])
    #expect(run.status == 0)
    for command in ["check", "list", "replay", "simulate", "graph", "export"] {
      #expect(run.stdout.contains("  \(command) "), "\(command) missing from help")
      let help = try NavcheckProcess.run([command, "--help"])
      #expect(help.status == 0)
      #expect(help.stdout.contains("USAGE: navcheck \(command)"), "\(help.stdout)")
      #expect(try NavcheckProcess.run(["help", command]).stdout == help.stdout)
    }
    let check = try NavcheckProcess.run(["check", "-h"])
    for option in ["--threads", "--max-states", "--format", "--output", "--progress"] {
      #expect(check.stdout.contains(option), "\(option)")
    }
    #expect(check.stdout.contains("let NAME = NavigationSpec("), "the .swift rule is documented")
    for command in ["replay", "simulate", "graph", "export"] {
      let help = try NavcheckProcess.run([command, "--help"])
      #expect(help.stdout.contains("[--spec NAME]"), "\(command): \(help.stdout)")
      #expect(help.stdout.contains("\n  --spec NAME "), "\(command): \(help.stdout)")
    }
    #expect(
      check.stdout.contains("\n  -             a spec in that JSON form, read from standard input"),
      "\(check.stdout)")
    let replay = try NavcheckProcess.run(["replay", "--help"])
    #expect(replay.stdout.contains("- reads it from standard input"), "\(replay.stdout)")
    #expect(replay.stdout.contains("[--violation N]"), "\(replay.stdout)")
    #expect(replay.stdout.contains("\n  --violation N "), "\(replay.stdout)")
  }

  @Test func version() throws {
    let run = try NavcheckProcess.run(["--version"])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("navcheck 0."), "\(run.stdout)")
  }

  @Test func noCommandIsAUsageError() throws {
    let run = try NavcheckProcess.run([])
    #expect(run.status == 64)
    #expect(run.stderr.contains("USAGE: navcheck <command>"))
    #expect(run.stdout == "")
  }

  @Test func anUnknownOptionGetsADidYouMean() throws {
    let run = try NavcheckProcess.run(["check", notes, "--max-state", "10"])
    #expect(run.status == 64)
    #expect(
      run.stderr.contains(
        "unknown option '--max-state' for 'navcheck check'; did you mean '--max-states'?"),
      "\(run.stderr)")
    let typo = try NavcheckProcess.run(["check", notes, "--trheads=2"])
    #expect(typo.stderr.contains("did you mean '--threads'?"), "\(typo.stderr)")
    let far = try NavcheckProcess.run(["check", notes, "--banana"])
    #expect(far.status == 64)
    #expect(!far.stderr.contains("did you mean"), "\(far.stderr)")
  }

  @Test func anUnknownCommandOrValueGetsADidYouMean() throws {
    let command = try NavcheckProcess.run(["chekc", notes])
    #expect(command.status == 64)
    #expect(command.stderr.contains("did you mean 'check'?"), "\(command.stderr)")
    let format = try NavcheckProcess.run(["check", notes, "--format", "sarf"])
    #expect(format.status == 64)
    #expect(format.stderr.contains("did you mean 'sarif'?"), "\(format.stderr)")
  }

  @Test func badNumbersAndMissingValuesAreUsageErrors() throws {
    #expect(try NavcheckProcess.run(["check", notes, "--threads", "0"]).status == 64)
    #expect(try NavcheckProcess.run(["check", notes, "--max-states", "many"]).status == 64)
    let missing = try NavcheckProcess.run(["check", notes, "--threads"])
    #expect(missing.status == 64)
    #expect(missing.stderr.contains("--threads needs a value"), "\(missing.stderr)")
    #expect(try NavcheckProcess.run(["graph", notes, "--states=yes"]).status == 64)
    #expect(try NavcheckProcess.run(["graph", notes, "extra"]).status == 64)
  }

  /// A value an option does not take is a usage error before any SPEC is read (or compiled).
  @Test func aBadOptionValueStopsTheCommandBeforeItReadsAnySpec() throws {
    for (arguments, message) in [
      (
        ["check", "missing.json", "--bounds", "0/0"],
        "--bounds 0/0: the stack depth is 0 and the presentation depth is 0; each bound must be at least 1"
      ),
      (
        ["check", "NavSpecs/Missing.swift", "--time-limit", "soon"],
        "--time-limit takes a duration (90s, 5m, 1h), not 'soon'"
      ),
      (
        ["graph", "missing.json", "--states", "--max-states", "0"],
        "--max-states takes a whole number of at least 1, not '0'"
      ),
    ] {
      let run = try NavcheckProcess.run(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.stderr.hasPrefix("navcheck: error: \(message)\n"), "\(run.stderr)")
    }
  }

  @Test func anUnknownBundledSpecIsAUsageError() throws {
    let run = try NavcheckProcess.run(["check", "NoSuchSpecAnywhere"])
    #expect(run.status == 64)
    #expect(run.stderr.contains("no bundled spec named 'NoSuchSpecAnywhere'"), "\(run.stderr)")
  }

  @Test func aMissingSpecOrTraceFileExits66WithAPlainMessage() throws {
    for spec in ["Specs/missing.json", "missing.json", "NavSpecs/Missing.swift"] {
      let run = try NavcheckProcess.run(["check", spec])
      #expect(run.status == 66, "\(spec)")
      #expect(run.stderr == "navcheck: error: no such file: \(spec)\n")
      #expect(run.stdout == "")
    }
    let trace = try NavcheckProcess.run(["replay", notes, "missing-trace.json"])
    #expect(trace.status == 66)
    #expect(trace.stderr == "navcheck: error: no such file: missing-trace.json\n")
  }

  /// A folder stands for its spec files; one that holds none is an invalid SPEC.
  @Test func aFolderWithoutSpecFilesIsAnInvalidSpec() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("App.json"), withIntermediateDirectories: true)
    let run = try NavcheckProcess.run(["check", "App.json"], in: folder)
    #expect(run.status == 65)
    #expect(run.stderr.contains("App.json is a folder with no spec file in it"), "\(run.stderr)")
    let here = try NavcheckProcess.run(["check", "./"], in: folder)
    #expect(here.status == 65)
  }

  @Test func anEmptyFileIsAnInvalidSpec() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try write("  \n", to: "empty.json", in: folder)
    try write("", to: "Empty.swift", in: folder)
    for name in ["empty.json", "Empty.swift"] {
      let run = try NavcheckProcess.run(["check", name], in: folder)
      #expect(run.status == 65, "\(name)")
      #expect(run.stderr.contains("\(name) is empty"), "\(run.stderr)")
    }
  }

  @Test func notJSONAndAnInvalidSpecAreInvalidSpecsWithTheirLocation() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try write("{\"name\": ", to: "truncated.json", in: folder)
    let truncated = try NavcheckProcess.run(["check", "truncated.json"], in: folder)
    #expect(truncated.status == 65)
    #expect(truncated.stderr.contains("truncated.json is not valid JSON"), "\(truncated.stderr)")
    let invalid = try NavcheckProcess.run(["check", NavcheckProcess.fixtures + "/invalid.json"])
    #expect(invalid.status == 65)
    #expect(
      invalid.stderr.contains("no destination named 'Detial'; did you mean 'Detail'?"),
      "\(invalid.stderr)")
    #expect(
      invalid.stderr.contains("Tests/NavCheckCLITests/Fixtures/invalid.json:5"), "\(invalid.stderr)"
    )
    #expect(invalid.stdout == "", "nothing is checked")
  }

  @Test func anInvalidSpecStopsTheWholeRun() throws {
    let run = try NavcheckProcess.run(["check", notes, NavcheckProcess.fixtures + "/invalid.json"])
    #expect(run.status == 65)
    #expect(run.stdout == "")
  }

  @Test func aFileWithAnotherExtensionIsAUsageError() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try write("name: App", to: "app.yaml", in: folder)
    let run = try NavcheckProcess.run(["check", "./app.yaml"], in: folder)
    #expect(run.status == 64)
    #expect(run.stderr.contains("neither a .json nor a .swift spec file"), "\(run.stderr)")
  }

  @Test func anUnwritableOutputExits73WithAPlainMessageBeforeAnyWork() throws {
    let run = try NavcheckProcess.run([
      "check", notes, "--output", "/nonexistent/folder/report.txt",
    ])
    #expect(run.status == 73)
    #expect(
      run.stderr == "navcheck: error: cannot write the report to /nonexistent/folder/report.txt: "
        + "the folder /nonexistent/folder does not exist\n", "one plain line, and nothing checked")
    #expect(run.stdout == "")
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = NavcheckProcess.root.appendingPathComponent(notes).path
    for command in [["graph", spec], ["export", spec], ["simulate", spec, "--seed", "1"]] {
      let intoFolder = try NavcheckProcess.run(command + ["--output", "."], in: folder)
      #expect(intoFolder.status == 73, "\(command[0])")
      #expect(
        intoFolder.stderr == "navcheck: error: cannot write the report to .: it is a folder\n")
    }
  }

  /// `navcheck simulate … | head -1` ends as SIGPIPE ends programs, also where it is ignored;
  /// a full disk is an unwritable report.
  @Test func aBrokenPipeEndsQuietlyAndAFullDiskIsAnUnwritableReport() throws {
    let walk =
      "\"$NAVCHECK\" simulate \(NavcheckProcess.fixtures)/holds.json --steps 20000 --seed 1"
    for ignore in ["", "trap '' PIPE; "] {
      let run = try NavcheckProcess.shell(
        ignore + "{ \(walk); echo \"status $?\" >&2; } | head -1")
      #expect(run.stdout == "A random walk of 20000 steps in Reader, seed 1\n", "\(ignore)")
      #expect(run.stderr == "status 141\n", "\(ignore)")
    }
    guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
    let full = try NavcheckProcess.shell(walk + " > /dev/full")
    #expect(full.status == 73)
    #expect(
      full.stderr == "navcheck: error: cannot write to standard output: no space left on device\n")
  }

  @Test func everyHelpListsTheExitStatuses() throws {
    let help = try NavcheckProcess.run(["--help"])
    for line in [
      "  66  a SPEC, TRACE or RUN file does not exist", "  73  the report cannot be written",
    ] {
      #expect(help.stdout.contains(line), "\(line)\n\(help.stdout)")
    }
    for command in ["check", "replay", "simulate", "graph", "export"] {
      let run = try NavcheckProcess.run([command, "--help"])
      #expect(run.stdout.contains("EXIT STATUS:\n  0   "), "\(run.stdout)")
      #expect(run.stdout.contains("\n  66  ") && run.stdout.contains("\n  73  "), "\(run.stdout)")
    }
  }
}
