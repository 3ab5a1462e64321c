import Foundation
import NavCheck
import Testing

/// `navcheck graph`, `navcheck export` and `navcheck list`.
@Suite struct GraphCommandTests {
  let notes = NavcheckProcess.fixtures + "/notes.json"

  @Test func theDestinationGraphInDOTHasAnEdgePerTransition() throws {
    let run = try NavcheckProcess.run(["graph", notes])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("digraph \"Notes\" {"), "\(run.stdout)")
    #expect(run.stdout.contains("d_Folders -> d_NoteList [label=\"push\"];"), "\(run.stdout)")
    #expect(
      run.stdout.contains("d_Folders -> d_NewFolder [label=\"sheet 'New folder'\", style=dashed];"),
      "\(run.stdout)")
    #expect(run.stdout.hasSuffix("}\n"))
  }

  @Test func theDestinationGraphInMermaid() throws {
    let run = try NavcheckProcess.run(["graph", notes, "--format", "mermaid"])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("flowchart LR\n"))
    #expect(run.stdout.contains("d_Folders -->|\"push\"| d_NoteList"), "\(run.stdout)")
  }

  @Test func theStateGraphDrawsEveryStateAndItsViolations() throws {
    let run = try NavcheckProcess.run(["graph", notes, "--states"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("// 9 states"), "\(run.stdout)")
    #expect(run.stdout.components(separatedBy: "✗ orphanedCompletion").count - 1 == 2)
    #expect(run.stderr == "")
  }

  @Test func aCutStateGraphSaysSo() throws {
    let run = try NavcheckProcess.run([
      "graph", notes, "--states", "--max-states", "3", "--format", "mermaid",
    ])
    #expect(run.status == 0)
    #expect(run.stdout.contains("%% incomplete: cut at 3 states"), "\(run.stdout)")
    #expect(run.stderr.contains("cut at 3 states"), "\(run.stderr)")
    #expect(!run.stdout.contains("s3["), "no fourth state is drawn")
  }

  @Test func exportWritesTheSameSpecAsJSON() throws {
    let run = try NavcheckProcess.run(["export", notes])
    #expect(run.status == 0)
    let exported = try NavigationSpec(json: Data(run.stdout.utf8))
    let original = try NavigationSpec(
      json: Data(contentsOf: NavcheckProcess.root.appendingPathComponent(notes)))
    #expect(exported == original)
  }

  @Test func specPicksOneOfSeveralSpecArgumentsAndOnlyItIsValidated() throws {
    let holds = NavcheckProcess.fixtures + "/holds.json"
    let invalid = NavcheckProcess.fixtures + "/invalid.json"
    let export = try NavcheckProcess.run(["export", notes, holds, "--spec", "Reader"])
    #expect(export.status == 0, "\(export.stderr)")
    #expect(try NavigationSpec(json: Data(export.stdout.utf8)).name == "Reader")
    let graph = try NavcheckProcess.run(["graph", notes, invalid, "--spec", "notes"])
    #expect(graph.status == 0, "\(graph.stderr)")
    #expect(graph.stdout.hasPrefix("digraph \"Notes\" {"), "\(graph.stdout)")
    let several = try NavcheckProcess.run(["graph", notes, holds])
    #expect(several.status == 64)
    #expect(several.stderr.contains("name 2 specs (Notes, Reader)"), "\(several.stderr)")
    #expect(several.stderr.contains("pick it with --spec NAME"), "\(several.stderr)")
    let unknown = try NavcheckProcess.run(["graph", notes, holds, "--spec", "Reeder"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("did you mean 'Reader'?"), "\(unknown.stderr)")
    #expect(unknown.stderr.contains(": Notes, Reader\n"), "\(unknown.stderr)")
  }

  @Test func listShowsTheGivenSpecs() throws {
    let run = try NavcheckProcess.run(["list", notes])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("Notes  5 destinations, 9 transitions"), "\(run.stdout)")
    let bundled = try NavcheckProcess.run(["list"])
    #expect(bundled.status == 0)
    #expect(!bundled.stdout.isEmpty)
  }
}
