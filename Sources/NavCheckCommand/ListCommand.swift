import NavCheck

/// `navcheck list [SPEC ...]`: the bundled specs (or the given ones), with their sizes.
struct ListCommand {
  var context: CommandContext<ListOptions>

  func run() throws(CommandError) -> ExitStatus {
    let arguments = context.arguments
    var specs: [NavigationSpec] = []
    if arguments.positionals.isEmpty {
      specs = context.loader.bundled
    } else {
      for argument in arguments.positionals { specs += try context.loader.load(argument) }
    }
    let paths = ReportPaths(context.console.currentDirectory)
    if try arguments.value(of: \.format) == .json {
      // The same envelope as `check --format json`: the tool, its version, then the specs.
      let list: JSONValue = .array(
        specs.map { spec in
          var members: [(String, JSONValue)] = [
            ("name", .string(spec.name)), ("root", .string(spec.root)),
            ("destinations", .int(spec.destinations.count)),
            ("transitions", .int(spec.destinations.reduce(0) { $0 + $1.transitions.count })),
            ("flows", .int(spec.flows.count)), ("deepLinks", .int(spec.deepLinks.count)),
            ("invariants", .int(spec.invariants.count)),
          ]
          // Broadcasts (§11.7) only where there are some: the list of a v2 spec is unchanged.
          if !spec.broadcasts.isEmpty {
            members.append(("broadcasts", .int(spec.broadcasts.count)))
          }
          if let location = spec.location {
            members.append(("file", .string(paths.relative(location.filePath))))
            members.append(("line", .int(location.line)))
          }
          return .object(members)
        })
      let value = JSONValue.object([
        ("tool", .string("navcheck")), ("version", .string(ToolInfo.version)), ("specs", list),
      ])
      context.console.out(value.text() + "\n")
      return .success
    }
    guard !specs.isEmpty else {
      context.console.out("no bundled specs; pass a .json or .swift spec file to check\n")
      return .success
    }
    let width = specs.map(\.name.count).max()! + 2
    var text = ""
    for spec in specs {
      let transitions = spec.destinations.reduce(0) { $0 + $1.transitions.count }
      func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
      var line =
        spec.name.padding(toLength: width, withPad: " ", startingAt: 0)
        + count(spec.destinations.count, "destination") + ", " + count(transitions, "transition")
      if !spec.flows.isEmpty { line += ", " + count(spec.flows.count, "flow") }
      if !spec.deepLinks.isEmpty { line += ", " + count(spec.deepLinks.count, "deep link") }
      if !spec.broadcasts.isEmpty { line += ", " + count(spec.broadcasts.count, "broadcast") }
      if !spec.invariants.isEmpty { line += ", " + count(spec.invariants.count, "invariant") }
      if let location = spec.location { line += "  (\(paths.relative(location.filePath)))" }
      text += line + "\n"
    }
    context.console.out(text)
    return .success
  }
}
