import Foundation
import Testing

@testable import NavCheckCommand

/// `swift package navcheck`: a package that depends on NavCheck by path runs the command plugin
/// on its `NavCheck/` specs.
///
/// The plugin's first run compiles `navcheck` (and, for a `.swift` spec, NavCheckRuntime) in the
/// fixture's own build folder, so the test runs only where `NAVCHECK_PLUGIN_TEST=1`: `.ci/run`
/// runs it in a step of its own.
@Suite struct PluginTests {
  @Test(
    .enabled(
      if: ProcessInfo.processInfo.environment["NAVCHECK_PLUGIN_TEST"] == "1",
      "builds NavCheck in a fixture package; set NAVCHECK_PLUGIN_TEST=1"))
  func thePluginChecksThePackagesSpecsAndPrintsXcodeLines() throws {
    let package = try NavcheckProcess.temporaryFolder().resolvingSymlinksInPath()
    defer { try? FileManager.default.removeItem(at: package) }
    let fixtures = NavcheckProcess.root.appendingPathComponent(NavcheckProcess.fixtures)
    let specs = package.appendingPathComponent("NavCheck")
    let sources = package.appendingPathComponent("Sources/App")
    for folder in [specs, sources] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    try write(
      """
      // swift-tools-version:6.0
      import PackageDescription

      let package = Package(
        name: "PluginFixture",
        dependencies: [.package(path: "\(NavcheckProcess.root.standardizedFileURL.path)")],
        targets: [.target(name: "App")]
      )
      """, to: "Package.swift", in: package)
    try write("public let app = \"App\"\n", to: "App.swift", in: sources)
    // One JSON spec with a trap, one .swift spec with three violations and one that holds.
    try FileManager.default.copyItem(
      at: fixtures.appendingPathComponent("trap.json"),
      to: specs.appendingPathComponent("kiosk.json"))
    try FileManager.default.copyItem(
      at: fixtures.appendingPathComponent("App.swift"),
      to: specs.appendingPathComponent("App.swift"))
    // Specs the plugin checks only where they are named: more findings than SwiftPM's buffer of
    // its stdout holds.
    let more = package.appendingPathComponent("More")
    try FileManager.default.createDirectory(at: more, withIntermediateDirectories: true)
    for name in ["long-trace.json", "notes.json"] {
      try FileManager.default.copyItem(
        at: fixtures.appendingPathComponent(name), to: more.appendingPathComponent(name))
    }

    func swiftPackage(_ arguments: String) throws -> NavcheckProcess.Output {
      try NavcheckProcess.shell("cd '\(package.path)' && swift package \(arguments)")
    }

    // SwiftPM asks for the write permission the plugin declares before it runs it.
    let refused = try swiftPackage("navcheck")
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("--allow-writing-to-package-directory"), "\(refused.stderr)")

    let run = try swiftPackage("--allow-writing-to-package-directory navcheck")
    #expect(run.status == 1, "violations fail the plugin: \(run.stderr)")
    let kiosk = specs.path + "/kiosk.json"
    let app = specs.path + "/App.swift"
    let errors = run.stdout.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(
      errors.map { String($0.prefix { $0 != " " }) } == [
        "\(kiosk):6:1:", "\(app):16:1:", "\(app):19:1:", "\(app):21:1:",
      ], "\(run.stdout)")
    #expect(
      errors[0].hasSuffix(
        "error: trap: Kiosk: the user is stuck: from this state no tap, swipe or completion leads back to Home alone (destinations[0].transitions[0])"
      ))
    #expect(run.stdout.contains("\(app):16:1: warning: deadTransition: App: "), "\(run.stdout)")
    #expect(
      run.stderr.contains("navcheck check NavCheck/kiosk.json NavCheck/App.swift exited 1"),
      "\(run.stderr)")

    // Every line is whole where stdout and stderr go to one place (a CI log): the plugin's error
    // is a line of its own, and every line of navcheck's report is there as it wrote it.
    let named = "NavCheck/kiosk.json More/long-trace.json More/notes.json NavCheck/App.swift"
    let report = try swiftPackage("--allow-writing-to-package-directory navcheck \(named)")
    #expect(report.status == 1, "\(report.stderr)")
    let merged = try swiftPackage("--allow-writing-to-package-directory navcheck \(named) 2>&1")
    let mergedLines = merged.stdout.split(separator: "\n").map(String.init)
    #expect(
      mergedLines.filter { $0.contains("exited") } == [
        "error: navcheck check \(named) exited 1 (violations found)"
      ], "\(merged.stdout)")
    let reportLines = report.stdout.split(separator: "\n").map(String.init)
    #expect(
      report.stdout.utf8.count > 4096, "more than SwiftPM's buffer of its stdout holds on Linux")
    #expect(reportLines.filter { !mergedLines.contains($0) } == [], "\(merged.stdout)")
    // The error comes first.
    #expect(
      try #require(mergedLines.firstIndex { $0.contains("exited") })
        < (try #require(mergedLines.firstIndex(of: reportLines[0]))), "\(merged.stdout)")

    // A misspelled option gets navcheck's own "did you mean".
    let misspelled = try swiftPackage(
      "--allow-writing-to-package-directory navcheck NavCheck/kiosk.json --bonds 4/2")
    #expect(misspelled.status != 0)
    #expect(
      misspelled.stderr.contains(
        "error: unknown option '--bonds' for 'navcheck check'; did you mean '--bounds'?"),
      "\(misspelled.stderr)")

    // Every option of `navcheck check` takes its value, also those the plugin once mistook the
    // value of for a SPEC.
    let options = try swiftPackage(
      "--allow-writing-to-package-directory navcheck NavCheck/kiosk.json --bounds 4/2 "
        + "--time-limit 5m --reduction never --fixes never --progress never")
    #expect(options.status == 1, "\(options.stderr)")
    #expect(options.stdout.contains("\(kiosk):6:1: error: trap: Kiosk"), "\(options.stdout)")

    // A named spec, a report written into the package, and a baseline that accepts the trap.
    let written = try swiftPackage(
      "--allow-writing-to-package-directory navcheck NavCheck/kiosk.json --format sarif "
        + "--output navcheck.sarif --write-baseline navcheck-baseline.json")
    #expect(written.status == 0, "--write-baseline accepts the findings: \(written.stderr)")
    let sarif = try String(
      contentsOf: package.appendingPathComponent("navcheck.sarif"), encoding: .utf8)
    #expect(sarif.contains("\"baselineState\": \"unchanged\""), "\(sarif)")
    let known = try swiftPackage(
      "--allow-writing-to-package-directory navcheck NavCheck/kiosk.json "
        + "--baseline navcheck-baseline.json")
    #expect(known.status == 0, "\(known.stderr)")
    #expect(
      known.stdout.contains("\(kiosk):6:1: warning: trap (known, in the baseline): Kiosk: "),
      "\(known.stdout)")
  }
}

/// The plugin reads its arguments with `navcheck check`'s one definition (`navcheck _arguments
/// check ARG…`), so it passes every option with its value, however many options `check` has.
@Suite struct PluginArgumentsTests {
  @Test func everyOptionOfCheckKeepsItsValue() throws {
    var options: [String] = []
    for option in CommandDefinition.check.options {
      options.append("--" + option.name)
      if option.value != nil { options.append(option.choices.first ?? "4/2") }
    }
    let arguments = ["NavCheck/App.swift"] + options + ["NavCheck/Shop.json"]
    let run = try NavcheckProcess.run(["_arguments", "check"] + arguments)
    #expect(run.status == 0, "\(run.stderr)")
    let reading = try #require(
      JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: [String]])
    #expect(reading["specs"] == ["NavCheck/App.swift", "NavCheck/Shop.json"])
    #expect(reading["options"] == options)
    #expect(reading["writes"] == ["output", "write-baseline"])
  }

  @Test func anUnknownOptionIsNavchecksOwnError() throws {
    let run = try NavcheckProcess.run(["_arguments", "check", "--bonds", "4/2"])
    #expect(run.status == 64)
    #expect(run.stderr.contains("did you mean '--bounds'?"), "\(run.stderr)")
  }

  /// The plugin keeps no list of the options: it quotes none by its bare name, and each option
  /// it passes itself is one of `check`.
  @Test func thePluginNamesNoOptionOfItsOwn() throws {
    let source = try String(
      contentsOf: NavcheckProcess.root.appendingPathComponent(
        "Plugins/NavCheckPlugin/NavCheckPlugin.swift"), encoding: .utf8)
    let names = CommandDefinition.check.options.map(\.name)
    #expect(names.filter { source.contains("\"\($0)\"") } == [])
    let literal = try NSRegularExpression(pattern: #""--([a-z][a-z-]*)""#)
    let passed = literal.matches(in: source, range: NSRange(source.startIndex..., in: source))
      .map { String(source[Range($0.range(at: 1), in: source)!]) }
    #expect(!passed.isEmpty)
    #expect(passed.filter { !names.contains($0) } == [])
  }
}
