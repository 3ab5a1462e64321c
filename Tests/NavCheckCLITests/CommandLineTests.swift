import Foundation
import XCTest

/// Help, version, usage errors, unreadable specs and unwritable reports: the exit statuses 64,
/// 65, 66 and 73.
final class CommandLineTests: XCTestCase {
  let notes = NavcheckProcess.fixtures + "/notes.json"

  func testHelpListsEveryCommandAndEachCommandHasItsOwn() throws {
    let run = try NavcheckProcess.run(["--help"])
    XCTAssertEqual(run.status, 0)
    for command in ["check", "list", "replay", "simulate", "graph", "export"] {
      XCTAssertTrue(run.stdout.contains("  \(command) "), "\(command) missing from help")
      let help = try NavcheckProcess.run([command, "--help"])
      XCTAssertEqual(help.status, 0)
      XCTAssertTrue(help.stdout.contains("USAGE: navcheck \(command)"), help.stdout)
      XCTAssertEqual(try NavcheckProcess.run(["help", command]).stdout, help.stdout)
    }
    let check = try NavcheckProcess.run(["check", "-h"])
    for option in ["--threads", "--max-states", "--format", "--output", "--progress"] {
      XCTAssertTrue(check.stdout.contains(option), option)
    }
    XCTAssertTrue(
      check.stdout.contains("let NAME = NavigationSpec("), "the .swift rule is documented")
    for command in ["replay", "simulate", "graph", "export"] {
      let help = try NavcheckProcess.run([command, "--help"])
      XCTAssertTrue(help.stdout.contains("[--spec NAME]"), "\(command): \(help.stdout)")
      XCTAssertTrue(help.stdout.contains("\n  --spec NAME "), "\(command): \(help.stdout)")
    }
    XCTAssertTrue(
      check.stdout.contains("\n  -             a spec in that JSON form, read from standard input"),
      check.stdout)
    let replay = try NavcheckProcess.run(["replay", "--help"])
    XCTAssertTrue(replay.stdout.contains("- reads it from standard input"), replay.stdout)
    XCTAssertTrue(replay.stdout.contains("[--violation N]"), replay.stdout)
    XCTAssertTrue(replay.stdout.contains("\n  --violation N "), replay.stdout)
  }

  func testVersion() throws {
    let run = try NavcheckProcess.run(["--version"])
    XCTAssertEqual(run.status, 0)
    XCTAssertTrue(run.stdout.hasPrefix("navcheck 0."), run.stdout)
  }

  func testNoCommandIsAUsageError() throws {
    let run = try NavcheckProcess.run([])
    XCTAssertEqual(run.status, 64)
    XCTAssertTrue(run.stderr.contains("USAGE: navcheck <command>"))
    XCTAssertEqual(run.stdout, "")
  }

  func testAnUnknownOptionGetsADidYouMean() throws {
    let run = try NavcheckProcess.run(["check", notes, "--max-state", "10"])
    XCTAssertEqual(run.status, 64)
    XCTAssertTrue(
      run.stderr.contains(
        "unknown option '--max-state' for 'navcheck check'; did you mean '--max-states'?"),
      run.stderr)
    let typo = try NavcheckProcess.run(["check", notes, "--trheads=2"])
    XCTAssertTrue(typo.stderr.contains("did you mean '--threads'?"), typo.stderr)
    let far = try NavcheckProcess.run(["check", notes, "--banana"])
    XCTAssertEqual(far.status, 64)
    XCTAssertFalse(far.stderr.contains("did you mean"), far.stderr)
  }

  func testAnUnknownCommandOrValueGetsADidYouMean() throws {
    let command = try NavcheckProcess.run(["chekc", notes])
    XCTAssertEqual(command.status, 64)
    XCTAssertTrue(command.stderr.contains("did you mean 'check'?"), command.stderr)
    let format = try NavcheckProcess.run(["check", notes, "--format", "sarf"])
    XCTAssertEqual(format.status, 64)
    XCTAssertTrue(format.stderr.contains("did you mean 'sarif'?"), format.stderr)
  }

  func testBadNumbersAndMissingValuesAreUsageErrors() throws {
    XCTAssertEqual(try NavcheckProcess.run(["check", notes, "--threads", "0"]).status, 64)
    XCTAssertEqual(try NavcheckProcess.run(["check", notes, "--max-states", "many"]).status, 64)
    let missing = try NavcheckProcess.run(["check", notes, "--threads"])
    XCTAssertEqual(missing.status, 64)
    XCTAssertTrue(missing.stderr.contains("--threads needs a value"), missing.stderr)
    XCTAssertEqual(try NavcheckProcess.run(["graph", notes, "--states=yes"]).status, 64)
    XCTAssertEqual(try NavcheckProcess.run(["graph", notes, "extra"]).status, 64)
  }

  func testAnUnknownBundledSpecIsAUsageError() throws {
    let run = try NavcheckProcess.run(["check", "NoSuchSpecAnywhere"])
    XCTAssertEqual(run.status, 64)
    XCTAssertTrue(run.stderr.contains("no bundled spec named 'NoSuchSpecAnywhere'"), run.stderr)
  }

  func testAMissingSpecOrTraceFileExits66WithAPlainMessage() throws {
    for spec in ["Specs/missing.json", "missing.json", "NavSpecs/Missing.swift"] {
      let run = try NavcheckProcess.run(["check", spec])
      XCTAssertEqual(run.status, 66, spec)
      XCTAssertEqual(run.stderr, "navcheck: error: no such file: \(spec)\n")
      XCTAssertEqual(run.stdout, "")
    }
    let trace = try NavcheckProcess.run(["replay", notes, "missing-trace.json"])
    XCTAssertEqual(trace.status, 66)
    XCTAssertEqual(trace.stderr, "navcheck: error: no such file: missing-trace.json\n")
  }

  /// A folder stands for its spec files; one that holds none is an invalid SPEC.
  func testAFolderWithoutSpecFilesIsAnInvalidSpec() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("App.json"), withIntermediateDirectories: true)
    let run = try NavcheckProcess.run(["check", "App.json"], in: folder)
    XCTAssertEqual(run.status, 65)
    XCTAssertTrue(run.stderr.contains("App.json is a folder with no spec file in it"), run.stderr)
    let here = try NavcheckProcess.run(["check", "./"], in: folder)
    XCTAssertEqual(here.status, 65)
  }

  func testAnEmptyFileIsAnInvalidSpec() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    try write("  \n", to: "empty.json", in: folder)
    try write("", to: "Empty.swift", in: folder)
    for name in ["empty.json", "Empty.swift"] {
      let run = try NavcheckProcess.run(["check", name], in: folder)
      XCTAssertEqual(run.status, 65, name)
      XCTAssertTrue(run.stderr.contains("\(name) is empty"), run.stderr)
    }
  }

  func testNotJSONAndAnInvalidSpecAreInvalidSpecsWithTheirLocation() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    try write("{\"name\": ", to: "truncated.json", in: folder)
    let truncated = try NavcheckProcess.run(["check", "truncated.json"], in: folder)
    XCTAssertEqual(truncated.status, 65)
    XCTAssertTrue(truncated.stderr.contains("truncated.json is not valid JSON"), truncated.stderr)
    let invalid = try NavcheckProcess.run(["check", NavcheckProcess.fixtures + "/invalid.json"])
    XCTAssertEqual(invalid.status, 65)
    XCTAssertTrue(
      invalid.stderr.contains("no destination named 'Detial'; did you mean 'Detail'?"),
      invalid.stderr)
    XCTAssertTrue(
      invalid.stderr.contains("Tests/NavCheckCLITests/Fixtures/invalid.json:5"), invalid.stderr)
    XCTAssertEqual(invalid.stdout, "", "nothing is checked")
  }

  func testAnInvalidSpecStopsTheWholeRun() throws {
    let run = try NavcheckProcess.run(["check", notes, NavcheckProcess.fixtures + "/invalid.json"])
    XCTAssertEqual(run.status, 65)
    XCTAssertEqual(run.stdout, "")
  }

  func testAFileWithAnotherExtensionIsAUsageError() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    try write("name: App", to: "app.yaml", in: folder)
    let run = try NavcheckProcess.run(["check", "./app.yaml"], in: folder)
    XCTAssertEqual(run.status, 64)
    XCTAssertTrue(run.stderr.contains("neither a .json nor a .swift spec file"), run.stderr)
  }

  func testAnUnwritableOutputExits73WithAPlainMessageBeforeAnyWork() throws {
    let run = try NavcheckProcess.run([
      "check", notes, "--output", "/nonexistent/folder/report.txt",
    ])
    XCTAssertEqual(run.status, 73)
    XCTAssertEqual(
      run.stderr,
      "navcheck: error: cannot write the report to /nonexistent/folder/report.txt: "
        + "the folder /nonexistent/folder does not exist\n",
      "one plain line, and nothing checked")
    XCTAssertEqual(run.stdout, "")
    let folder = try NavcheckProcess.temporaryFolder()
    let spec = NavcheckProcess.root.appendingPathComponent(notes).path
    for command in [["graph", spec], ["export", spec], ["simulate", spec, "--seed", "1"]] {
      let intoFolder = try NavcheckProcess.run(command + ["--output", "."], in: folder)
      XCTAssertEqual(intoFolder.status, 73, "\(command[0])")
      XCTAssertEqual(
        intoFolder.stderr, "navcheck: error: cannot write the report to .: it is a folder\n")
    }
  }

  /// `navcheck simulate … | head -1` ends as SIGPIPE ends programs, also where it is ignored;
  /// a full disk is an unwritable report.
  func testABrokenPipeEndsQuietlyAndAFullDiskIsAnUnwritableReport() throws {
    let walk =
      "\"$NAVCHECK\" simulate \(NavcheckProcess.fixtures)/holds.json --steps 20000 --seed 1"
    for ignore in ["", "trap '' PIPE; "] {
      let run = try NavcheckProcess.shell(
        ignore + "{ \(walk); echo \"status $?\" >&2; } | head -1")
      XCTAssertEqual(run.stdout, "A random walk of 20000 steps in Reader, seed 1\n", ignore)
      XCTAssertEqual(run.stderr, "status 141\n", ignore)
    }
    guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
    let full = try NavcheckProcess.shell(walk + " > /dev/full")
    XCTAssertEqual(full.status, 73)
    XCTAssertEqual(
      full.stderr, "navcheck: error: cannot write to standard output: no space left on device\n")
  }

  func testEveryHelpListsTheExitStatuses() throws {
    let help = try NavcheckProcess.run(["--help"])
    for line in ["  66  a SPEC or TRACE file does not exist", "  73  the report cannot be written"]
    {
      XCTAssertTrue(help.stdout.contains(line), "\(line)\n\(help.stdout)")
    }
    for command in ["check", "replay", "simulate", "graph", "export"] {
      let run = try NavcheckProcess.run([command, "--help"])
      XCTAssertTrue(run.stdout.contains("EXIT STATUS:\n  0   "), run.stdout)
      XCTAssertTrue(run.stdout.contains("\n  66  ") && run.stdout.contains("\n  73  "), run.stdout)
    }
  }
}
