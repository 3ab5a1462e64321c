import Foundation
import NavCheck

/// `navcheck validate SPEC RUN`: whether a run an app's router recorded is a behaviour of the
/// spec.
struct ValidateCommand {
  var context: CommandContext<ValidateOptions>
  var console: Console { context.console }

  func run() throws(CommandError) -> ExitStatus {
    let positionals = context.arguments.positionals
    guard positionals.count >= 2 else {
      throw .usage(
        positionals.isEmpty ? "missing SPEC and RUN" : "missing RUN",
        hint: "usage: navcheck \(CommandDefinition.validate.synopsis)")
    }
    // SPEC ... RUN: the last argument is the run.
    let path = positionals[positionals.count - 1]
    let data = try SpecLoader.contents(of: path, console: console)
    let name = SpecLoader.displayName(path)
    guard let text = String(data: data, encoding: .utf8) else {
      throw .invalid("\(name) is not UTF-8 text: a recorded run is JSON, one record per line")
    }
    let run: RecordedRun
    do { run = try RecordedRun(text: text) } catch {
      throw .invalid("\(name):\(error.line): \(error.message)")
    }
    let spec = try context.singleSpec(
      Array(positionals.dropLast()), usage: CommandDefinition.validate.synopsis
    ).spec
    let limits = RunValidation.Limits(
      maxCandidates: try context.arguments.value(of: \.maxCandidates),
      maxSilentEvents: try context.arguments.value(of: \.maxSilentEvents))
    let validation: RunValidation
    do { validation = try spec.validate(run, limits: limits) } catch {
      throw .invalid("spec '\(spec.name)' is invalid:\n" + context.loader.describe(error))
    }
    let paths = ReportPaths(console.currentDirectory)
    let report: String
    switch try context.arguments.value(of: \.format) {
    case .json:
      report = validation.jsonValue.text() + "\n"
    case .github:
      report = validation.github(run: name, paths: paths)
    case .xcode:
      report = validation.xcode(run: name, paths: paths)
    case .sarif:
      report = validation.sarif(run: name, paths: paths)
    case .junit:
      report = validation.junit(run: name, paths: paths)
    case .html:
      // Its spec links lead from the folder the page is written to.
      let folder = try context.arguments.value(of: \.output).map {
        URL(fileURLWithPath: paths.absolute($0)).deletingLastPathComponent().path
      }
      report = validation.html(run: name, spec: spec, paths: paths, folder: folder)
    case .svg:
      report = validation.svg(run: name, spec: spec, paths: paths)
    case .text:
      report = validation.text(run: name, paths: paths)
    }
    try context.emit(report)
    if let unexplained = validation.unexplained {
      console.errLine(
        "navcheck: \(name):\(unexplained.line): \(unexplained.record.words) is not a behaviour of \(spec.name)"
          + (validation.cuts.isEmpty
            ? ""
            : " (the search's limits left possibilities out: raise --max-candidates or --max-silent-events)")
      )
    }
    if !validation.brokenRules.isEmpty {
      console.errLine(
        "navcheck: the run breaks \(counted(validation.brokenRules.count, "rule")) of \(spec.name)")
    }
    return validation.unexplained == nil && validation.brokenRules.isEmpty
      ? .success : .violations
  }
}

/// `navcheck validate`'s options.
struct ValidateOptions: WritesReport, PicksOneSpec {
  let spec = Option.spec
  let maxCandidates = Option.count(
    "max-candidates", minimum: 1, fallback: RunValidation.Limits().maxCandidates,
    help:
      "The most states the run may be in at one record; past it the search leaves states out and says so (default \(grouped(RunValidation.Limits().maxCandidates)))."
  )
  let maxSilentEvents = Option.count(
    "max-silent-events", minimum: 0, fallback: RunValidation.Limits().maxSilentEvents,
    help:
      "The most events in a row that record nothing (an async start the router does not record), between two records (default \(RunValidation.Limits().maxSilentEvents))."
  )
  let format = Option.format(
    among: [ReportFormat.text, .json, .junit, .github, .sarif, .xcode, .html, .svg],
    fallback: .text)
  let output = Option.output

  var all: [any DeclaredOption] { [spec, maxCandidates, maxSilentEvents, format, output] }
}
