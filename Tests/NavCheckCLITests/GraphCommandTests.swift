import Foundation
import NavCheck
import XCTest

/// `navcheck graph`, `navcheck export` and `navcheck list`.
final class GraphCommandTests: XCTestCase {
  let notes = NavcheckProcess.fixtures + "/notes.json"

  func testTheDestinationGraphInDOTHasAnEdgePerTransition() throws {
    let run = try NavcheckProcess.run(["graph", notes])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.hasPrefix("digraph \"Notes\" {"), run.stdout)
    XCTAssertTrue(run.stdout.contains("d_Folders -> d_NoteList [label=\"push\"];"), run.stdout)
    XCTAssertTrue(
      run.stdout.contains("d_Folders -> d_NewFolder [label=\"sheet 'New folder'\", style=dashed];"),
      run.stdout)
    XCTAssertTrue(run.stdout.hasSuffix("}\n"))
  }

  func testTheDestinationGraphInMermaid() throws {
    let run = try NavcheckProcess.run(["graph", notes, "--format", "mermaid"])
    XCTAssertEqual(run.status, 0)
    XCTAssertTrue(run.stdout.hasPrefix("flowchart LR\n"))
    XCTAssertTrue(run.stdout.contains("d_Folders -->|\"push\"| d_NoteList"), run.stdout)
  }

  func testTheStateGraphDrawsEveryStateAndItsViolations() throws {
    let run = try NavcheckProcess.run(["graph", notes, "--states"])
    XCTAssertEqual(run.status, 0)
    XCTAssertTrue(run.stdout.contains("// 9 states"), run.stdout)
    XCTAssertEqual(run.stdout.components(separatedBy: "✗ orphanedCompletion").count - 1, 2)
    XCTAssertEqual(run.stderr, "")
  }

  func testACutStateGraphSaysSo() throws {
    let run = try NavcheckProcess.run([
      "graph", notes, "--states", "--max-states", "3", "--format", "mermaid",
    ])
    XCTAssertEqual(run.status, 0)
    XCTAssertTrue(run.stdout.contains("%% incomplete: cut at 3 states"), run.stdout)
    XCTAssertTrue(run.stderr.contains("cut at 3 states"), run.stderr)
    XCTAssertFalse(run.stdout.contains("s3["), "no fourth state is drawn")
  }

  func testExportWritesTheSameSpecAsJSON() throws {
    let run = try NavcheckProcess.run(["export", notes])
    XCTAssertEqual(run.status, 0)
    let exported = try NavigationSpec(json: Data(run.stdout.utf8))
    let original = try NavigationSpec(
      json: Data(contentsOf: NavcheckProcess.root.appendingPathComponent(notes)))
    XCTAssertEqual(exported, original)
  }

  func testSpecPicksOneOfSeveralSpecArgumentsAndOnlyItIsValidated() throws {
    let holds = NavcheckProcess.fixtures + "/holds.json"
    let invalid = NavcheckProcess.fixtures + "/invalid.json"
    let export = try NavcheckProcess.run(["export", notes, holds, "--spec", "Reader"])
    XCTAssertEqual(export.status, 0, export.stderr)
    XCTAssertEqual(try NavigationSpec(json: Data(export.stdout.utf8)).name, "Reader")
    let graph = try NavcheckProcess.run(["graph", notes, invalid, "--spec", "notes"])
    XCTAssertEqual(graph.status, 0, graph.stderr)
    XCTAssertTrue(graph.stdout.hasPrefix("digraph \"Notes\" {"), graph.stdout)
    let several = try NavcheckProcess.run(["graph", notes, holds])
    XCTAssertEqual(several.status, 64)
    XCTAssertTrue(several.stderr.contains("name 2 specs (Notes, Reader)"), several.stderr)
    XCTAssertTrue(several.stderr.contains("pick it with --spec NAME"), several.stderr)
    let unknown = try NavcheckProcess.run(["graph", notes, holds, "--spec", "Reeder"])
    XCTAssertEqual(unknown.status, 64)
    XCTAssertTrue(unknown.stderr.contains("did you mean 'Reader'?"), unknown.stderr)
    XCTAssertTrue(unknown.stderr.contains(": Notes, Reader\n"), unknown.stderr)
  }

  func testListShowsTheGivenSpecs() throws {
    let run = try NavcheckProcess.run(["list", notes])
    XCTAssertEqual(run.status, 0)
    XCTAssertTrue(run.stdout.hasPrefix("Notes  5 destinations, 9 transitions"), run.stdout)
    let bundled = try NavcheckProcess.run(["list"])
    XCTAssertEqual(bundled.status, 0)
    XCTAssertFalse(bundled.stdout.isEmpty)
  }
}
