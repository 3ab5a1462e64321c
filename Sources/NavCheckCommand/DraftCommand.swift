import Foundation
import NavCheck
import NavCheckSource

/// `navcheck draft SOURCES…`: a spec drafted from an app's SwiftUI code.
struct DraftCommand {
  var context: CommandContext<DraftOptions>

  func run() throws(CommandError) -> ExitStatus {
    let arguments = context.arguments
    guard !arguments.positionals.isEmpty else {
      throw .usage("missing SOURCES", hint: "usage: navcheck \(CommandDefinition.draft.synopsis)")
    }
    let (files, unreadable) = try readSources(
      arguments.positionals, context.console, arguments.value(of: \.swiftc))
    let name = try arguments.value(of: \.name) ?? Self.defaultName(arguments.positionals[0])
    let hints = try SpecDraft.Hints(
      name: name, routeTypes: arguments.value(of: \.routeType),
      sheetTypes: arguments.value(of: \.sheetType), routerTypes: arguments.value(of: \.routerType),
      tabType: arguments.value(of: \.tabType))
    let draft = SpecDraft(files: files, hints: hints)
    var header = [
      "Drafted by `navcheck draft` from \(counted(files.count, "Swift file")): check it against the app, then edit.",
      "Each declaration's comment names its source line; \"guessed\" marks what the draft inferred.",
    ]
    if !unreadable.isEmpty {
      header.append(
        "Not read (the parser's tree was not readable): "
          + unreadable.map(\.path).joined(separator: ", "))
    }
    let text =
      try arguments.value(of: \.format) == .json
      ? draft.jsonText(header: header) : draft.swiftSource(header: header)
    try context.emit(text)
    let spec = draft.spec
    let transitions = spec.destinations.reduce(0) { $0 + $1.transitions.count }
    let guesses = draft.notes.values.joined().filter { $0.contains("guessed") }.count
    context.console.errLine(
      "navcheck: drafted '\(spec.name)' from \(counted(files.count, "file")): "
        + "\(counted(spec.destinations.count, "destination")), \(counted(transitions, "transition")), "
        + "\(counted(spec.deepLinks.count, "deep link")); \(counted(guesses, "guess", plural: "guesses")), "
        + "\(draft.unplaced.count) not placed (listed at the end)")
    return .success
  }

  static func defaultName(_ source: String) -> String {
    let trimmed = source.hasSuffix("/") ? String(source.dropLast()) : source
    let last = trimmed.split(separator: "/").last.map(String.init) ?? "App"
    return last.hasSuffix(".swift") ? String(last.dropLast(6)) : last
  }
}

/// Parses `sources` with swiftc: the files whose trees could be read, and those that could not.
func readSources(
  _ sources: [String], _ console: Console, _ swiftc: String?
) throws(CommandError) -> ([SyntaxFile], [SyntaxTreeError]) {
  let files = try SourceParser.swiftFiles(sources, console: console)
  let parser = SourceParser(swiftc: try SourceParser.findSwiftc(swiftc), console: console)
  let (parsed, unreadable) = try parser.parse(files)
  guard !parsed.isEmpty else {
    throw .invalid("none of the \(files.count) Swift files could be read by the parser")
  }
  return (parsed, unreadable)
}

func counted(_ n: Int, _ noun: String, plural: String) -> String {
  "\(n) \(n == 1 ? noun : plural)"
}
