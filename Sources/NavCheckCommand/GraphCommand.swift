import NavCheck

/// `navcheck graph SPEC` and `navcheck export SPEC`.
struct GraphCommand<Options: WritesReport & PicksOneSpec> {
  var context: CommandContext<Options>
}

extension GraphCommand where Options == GraphOptions {
  func run() throws(CommandError) -> ExitStatus {
    let spec = try context.singleSpec(
      context.arguments.positionals, usage: CommandDefinition.graph.synopsis
    ).spec
    let report = GraphReport(
      language: try context.arguments.value(of: \.format), limits: .commandLine)
    guard try context.arguments.value(of: \.states) else {
      try context.emit(report.destinationGraph(spec))
      return .success
    }
    let maxStates = try context.arguments.value(of: \.maxStates)
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
}

extension GraphCommand where Options == ExportOptions {
  func export() throws(CommandError) -> ExitStatus {
    let spec = try context.singleSpec(
      context.arguments.positionals, usage: CommandDefinition.export.synopsis
    ).spec
    let language = try context.arguments.value(of: \.format)
    if !spec.invariants.isEmpty {
      let names = spec.invariants.map { "'\($0.name)'" }.joined(separator: ", ")
      let form = language == .json ? "the JSON form cannot hold" : "closures are not written for"
      context.console.errLine("navcheck: warning: \(form) custom invariants; left out: \(names)")
    }
    switch language {
    case .json: try context.emit(spec.jsonValue.text() + "\n")
    case .swift: try context.emit(spec.swiftSource())
    }
    return .success
  }
}
