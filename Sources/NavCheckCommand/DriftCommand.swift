import Foundation
import NavCheck
import NavCheckSource

/// `navcheck drift SPEC --sources SOURCES…`: where a spec and the app's code disagree.
struct DriftCommand {
  var context: CommandContext<DriftOptions>

  func run() throws(CommandError) -> ExitStatus {
    let arguments = context.arguments
    let usage = "usage: navcheck \(CommandDefinition.drift.synopsis)"
    guard let first = try arguments.value(of: \.sources) else {
      throw .usage(
        "missing --sources: the app's Swift sources to compare the spec with", hint: usage)
    }
    let positionals = arguments.positionals
    guard !positionals.isEmpty else { throw .usage("missing SPEC", hint: usage) }
    let chosen = try context.singleSpec([positionals[0]], usage: CommandDefinition.drift.synopsis)
    let spec = chosen.spec
    let sources = [first] + positionals.dropFirst()
    let (files, _) = try readSources(sources, context.console, arguments.value(of: \.swiftc))
    let hints = try SpecDraft.Hints(
      name: spec.name, routeTypes: arguments.value(of: \.routeType),
      sheetTypes: arguments.value(of: \.sheetType), routerTypes: arguments.value(of: \.routerType),
      tabType: arguments.value(of: \.tabType))
    let code = SpecDraft(files: files, hints: hints)
    let drift = SpecDrift(spec: spec, code: code)
    let paths = ReportPaths(context.console.currentDirectory)
    var baseline: (file: String, baseline: Baseline)?
    if let file = try arguments.value(of: \.baseline) {
      guard let data = FileManager.default.contents(atPath: file) else {
        throw CommandError(
          .noInput, "cannot read the baseline \(file)",
          hint: "write one with: navcheck drift SPEC --sources SOURCES --write-baseline \(file)")
      }
      do { baseline = (file, try Baseline(json: Array(data))) } catch {
        throw .invalid("the baseline \(file) is not one: line \(error.line): \(error.message)")
      }
    }
    var report = DriftReport(spec: spec, drift: drift, paths: paths, baseline: baseline)
    if let file = try arguments.value(of: \.writeBaseline) {
      let written = report.asBaseline
      try ReportOutput(path: file, console: context.console).write(written.json)
      context.console.errLine(
        "navcheck: wrote \(counted(written.entries.count, "finding")) to the baseline \(file)")
      // As for check: the run accepts what it wrote (compared with the old one where given).
      if baseline == nil { report.baseline = (file, written) }
    }
    let text: String
    switch try arguments.value(of: \.format) {
    case .json: text = report.json()
    case .xcode: text = report.xcode()
    case .github: text = report.github()
    case .sarif: text = report.sarif()
    case .text, .junit, .html, .svg: text = report.text()
    }
    try context.emit(text)
    return report.new.isEmpty ? .success : .violations
  }
}
