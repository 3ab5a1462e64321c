import NavCheck

/// `navcheck graph SPEC` and `navcheck export SPEC`.
struct GraphCommand {
  var context: CommandContext

  func run() throws(CommandError) -> ExitStatus {
    let spec = try context.singleSpec(
      context.arguments.positionals, usage: CommandDefinition.graph.synopsis
    ).spec
    let language = GraphReport.Language(rawValue: context.arguments["format"] ?? "dot") ?? .dot
    let report = GraphReport(language: language, limits: .commandLine)
    guard context.arguments.flags.contains("states") else {
      try context.emit(report.destinationGraph(spec))
      return .success
    }
    let maxStates = try context.arguments.integer("max-states", minimum: 1, fallback: 200)
    let graph: StateGraph
    do { graph = try spec.stateGraph(maxStates: maxStates) } catch {
      throw .invalid("spec '\(spec.name)' is invalid:\n" + context.loader.describe(error))
    }
    try context.emit(report.stateGraph(spec, graph))
    if !graph.complete {
      context.console.errLine(
        "navcheck: the state graph is cut at \(maxStates) states; raise --max-states to draw more")
    }
    return .success
  }

  func export() throws(CommandError) -> ExitStatus {
    let spec = try context.singleSpec(
      context.arguments.positionals, usage: CommandDefinition.export.synopsis
    ).spec
    if !spec.invariants.isEmpty {
      let names = spec.invariants.map { "'\($0.name)'" }.joined(separator: ", ")
      context.console.errLine(
        "navcheck: warning: the JSON form cannot hold custom invariants; left out: \(names)")
    }
    try context.emit(spec.jsonValue.text() + "\n")
    return .success
  }
}
