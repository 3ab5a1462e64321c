import Foundation
import XCTest

/// `swift package navcheck`: a package that depends on NavCheck by path runs the command plugin
/// on its `NavCheck/` specs.
///
/// The plugin's first run compiles `navcheck` (and, for a `.swift` spec, NavCheckRuntime) in the
/// fixture's own build folder, so the test runs only where `NAVCHECK_PLUGIN_TEST=1`: `.ci/run`
/// runs it in a step of its own.
final class PluginTests: XCTestCase {
  func testThePluginChecksThePackagesSpecsAndPrintsXcodeLines() throws {
    guard ProcessInfo.processInfo.environment["NAVCHECK_PLUGIN_TEST"] == "1" else {
      throw XCTSkip("builds NavCheck in a fixture package; set NAVCHECK_PLUGIN_TEST=1")
    }
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

    func swiftPackage(_ arguments: String) throws -> NavcheckProcess.Output {
      try NavcheckProcess.shell("cd '\(package.path)' && swift package \(arguments)")
    }

    // SwiftPM asks for the write permission the plugin declares before it runs it.
    let refused = try swiftPackage("navcheck")
    XCTAssertNotEqual(refused.status, 0)
    XCTAssertTrue(
      refused.stderr.contains("--allow-writing-to-package-directory"), refused.stderr)

    let run = try swiftPackage("--allow-writing-to-package-directory navcheck")
    XCTAssertEqual(run.status, 1, "violations fail the plugin: \(run.stderr)")
    let kiosk = specs.path + "/kiosk.json"
    let app = specs.path + "/App.swift"
    let errors = run.stdout.split(separator: "\n").filter { $0.contains(": error: ") }
    XCTAssertEqual(
      errors.map { String($0.prefix { $0 != " " }) },
      ["\(kiosk):6:1:", "\(app):16:1:", "\(app):19:1:", "\(app):21:1:"], run.stdout)
    XCTAssertTrue(
      errors[0].hasSuffix(
        "error: trap: Kiosk: the user is stuck: from this state no tap, swipe or completion leads back to Home alone (destinations[0].transitions[0])"
      ))
    XCTAssertTrue(
      run.stdout.contains("\(app):16:1: warning: deadTransition: App: "), run.stdout)
    XCTAssertTrue(
      run.stderr.contains("navcheck check NavCheck/kiosk.json NavCheck/App.swift exited 1"),
      run.stderr)

    // A named spec, a report written into the package, and a baseline that accepts the trap.
    let written = try swiftPackage(
      "--allow-writing-to-package-directory navcheck NavCheck/kiosk.json --format sarif "
        + "--output navcheck.sarif --write-baseline navcheck-baseline.json")
    XCTAssertEqual(written.status, 0, "--write-baseline accepts the findings: \(written.stderr)")
    let report = try String(
      contentsOf: package.appendingPathComponent("navcheck.sarif"), encoding: .utf8)
    XCTAssertTrue(report.contains("\"baselineState\": \"unchanged\""), report)
    let known = try swiftPackage(
      "--allow-writing-to-package-directory navcheck NavCheck/kiosk.json "
        + "--baseline navcheck-baseline.json")
    XCTAssertEqual(known.status, 0, known.stderr)
    XCTAssertTrue(
      known.stdout.contains("\(kiosk):6:1: warning: trap (known, in the baseline): Kiosk: "),
      known.stdout)
  }
}
