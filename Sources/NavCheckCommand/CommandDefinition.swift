import NavCheck

/// A subcommand of `navcheck`: its synopsis, what it does, its options and how it runs. Its help,
/// its reader, `navcheck _arguments` and the README's synopsis derive from its options.
struct CommandDefinition: Sendable {
  var name: String
  /// What it takes besides options (`[SPEC ...]`, `SPEC TRACE`).
  var operands: String
  var summary: String
  var details: String
  /// Its options, typed, in the order of its help.
  var declared: [any DeclaredOption]
  /// Which of its positional arguments are SPECs (folders of specs expand, `.swift` specs
  /// compile): all of them for most commands; `draft`'s are sources, `drift`'s first alone.
  var specOperands = SpecOperands.all
  /// What its own exit statuses mean (0, 1, 2); `errorStatuses` follow them in its help.
  var statuses: [(status: ExitStatus, meaning: String)]
  /// Runs it with the arguments read, read through its typed options.
  var run: @Sendable (Console, SpecLoader, ParsedArguments) throws(CommandError) -> ExitStatus

  init<Options: CommandOptions>(
    name: String, operands: String, summary: String, details: String, options: Options.Type,
    statuses: [(status: ExitStatus, meaning: String)],
    run: @escaping @Sendable (CommandContext<Options>) throws(CommandError) -> ExitStatus
  ) {
    self.name = name
    self.operands = operands
    self.summary = summary
    self.details = details
    declared = Options().all
    self.statuses = statuses
    self.run = { console, loader, parsed throws(CommandError) in
      try run(CommandContext(console: console, loader: loader, arguments: CommandArguments(parsed)))
    }
  }

  /// Which positional arguments of a command are SPECs.
  enum SpecOperands: Sendable {
    case all, allButLast, first, none

    /// The range of `positionals` that are SPECs.
    func range(in positionals: [String]) -> Range<Int> {
      switch self {
      case .all: 0..<positionals.count
      case .allButLast: 0..<max(0, positionals.count - 1)
      case .first: 0..<min(1, positionals.count)
      case .none: 0..<0
      }
    }
  }

  /// This definition with `operands` as its SPECs.
  func specs(_ operands: SpecOperands) -> Self {
    var copy = self
    copy.specOperands = operands
    return copy
  }

  /// Every option as the command line spells it, in the order of its help.
  var options: [OptionDeclaration] { declared.flatMap(\.spellings) }

  /// Throws where the text given for one of its options is not a value of it.
  func checkValues(_ parsed: ParsedArguments) throws(CommandError) {
    for option in declared { try option.check(parsed) }
  }

  /// The reader of this command's arguments.
  var reader: ArgumentReader { ArgumentReader(command: "navcheck \(name)", options: options) }

  /// How it is called, with every option: `check [SPEC ...] [--threads N] …`.
  var synopsis: String {
    let options = declared.map { option in
      "[" + option.spellings.map(\.synopsis).joined(separator: " | ") + "]"
    }
    return ([name, operands] + options).joined(separator: " ")
  }

  /// `navcheck NAME --help`.
  var help: String {
    var text = "OVERVIEW: \(summary)\n\nUSAGE: navcheck \(synopsis)\n"
    if !details.isEmpty { text += "\n" + details + "\n" }
    text += "\nOPTIONS:\n"
    let rows =
      options.map { option -> (String, String) in
        var left = "--" + option.name
        if let value = option.value { left += " " + value }
        var help = option.help
        if !option.choices.isEmpty { help += " (\(option.choices.joined(separator: "|")))" }
        return (left, help)
      } + [("-h, --help", "Show this help.")]
    let width = rows.map(\.0.count).max()! + 2
    for (left, right) in rows {
      text += "  " + left.padding(toLength: width, withPad: " ", startingAt: 0) + right + "\n"
    }
    let writes = options.contains(where: \.writesFile)
    let errors = Self.errorStatuses.filter { writes || $0.status != .cannotCreate }
    text += "\nEXIT STATUS:\n" + Self.statusTable(statuses + errors)
    return text
  }

  /// The statuses of errors, the same for every command.
  static let errorStatuses: [(status: ExitStatus, meaning: String)] = [
    (.usage, "usage error (an unknown command, option, spec name, --spec or --violation)"),
    (
      .invalidSpec,
      "invalid spec, trace or run (not JSON, a spec problem, an impossible step, a line that is not a record)"
    ),
    (.noInput, "a SPEC, TRACE or RUN file does not exist or cannot be read"),
    (.internalError, "internal error (or no NavCheck library for a .swift spec)"),
    (.cannotCreate, "the report cannot be written to --output FILE"),
  ]

  /// Statuses and their meanings, one per line.
  static func statusTable(_ rows: [(status: ExitStatus, meaning: String)]) -> String {
    rows.map { row in
      "  " + String(row.status.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0)
        + row.meaning + "\n"
    }.joined()
  }
}

extension CommandDefinition {
  static let specArgument = """
    SPEC is one of:
      NAME          a spec bundled with this runner (navcheck list shows them)
      FILE.json     a spec in the JSON form of the semantics (§8)
      -             a spec in that JSON form, read from standard input
      FILE.swift    a Swift file that declares specs with the DSL (import NavCheck);
                    navcheck compiles it against the NavCheck library next to itself
                    (or in $NAVCHECK_LIBRARY_PATH), caches the program, and runs it.
                    Its specs are its top-level declarations written
                      let NAME = NavigationSpec(…)   or   let NAME: NavigationSpec = …
                    (also var, public let, and [NavigationSpec] arrays), at the start
                    of a line. Several .swift files compile into one program.
      FOLDER        every .json and .swift spec file in it and its subfolders, by path
    """

  /// How `--spec` picks the one spec of a command that takes one.
  static let oneSpec = """
    The command works on one spec. Where SPEC declares several (a .swift file), or several
    SPECs are given, --spec NAME picks one; FILE#NAME picks one of a file as well.
    """

  static let check = CommandDefinition(
    name: "check",
    operands: "[SPEC ...]",
    summary: "Explore every reachable navigation state and check every rule.",
    details: """
      With no SPEC, checks every bundled spec.

      \(specArgument)

      The report goes to stdout (or --output); diagnostics and progress go to stderr. With
      --format json it is one object, {"tool", "version", "results": [one per spec]}.
      --format html is one self-contained page (no network): a summary, then each finding
      under its declaration, its trace drawn as phone frames. --format svg is one image of
      the first finding's trace (the report's order), for a pull request's comment.

      --format xcode prints compiler-style lines (/abs/Spec.swift:LINE:1: error: KIND: …,
      then note: lines for the rule and each step of the trace; warning: lines for warnings
      and incomplete runs) that Xcode's issue navigator shows; `swift package navcheck`
      prints them.

      A baseline accepts known findings, so CI fails only on new ones. --write-baseline FILE
      writes every finding of the run to FILE (JSON, one per line: spec, rule, declaration and
      a fingerprint of the three, never a line number) and accepts them in this run.
      --baseline FILE reports the findings in FILE as known: text, JSON, JUnit and GitHub
      reports list only new violations (text and GitHub list the known ones and those no
      longer found after it); SARIF marks every result baselineState new or unchanged and
      adds the baseline's findings no longer found as absent; xcode shows known ones as
      warnings. The exit status counts new violations only. Both options together compare
      with the old baseline and write the new one. A baseline that cannot be read exits 66,
      one that is not a baseline 65.
      """,
    options: CheckOptions.self,
    statuses: [
      (.success, "every spec holds (or breaks only rules its --baseline accepts)"),
      (.violations, "a rule is broken (a new violation, with --baseline)"),
      (.incomplete, "incomplete: a limit or ^C cut the run short and nothing was found"),
    ]
  ) { context throws(CommandError) in try CheckCommand(context: context).run() }

  static let list = CommandDefinition(
    name: "list", operands: "[SPEC ...]",
    summary: "List the bundled specs (or the given ones) with their sizes.",
    details: specArgument,
    options: ListOptions.self,
    statuses: [(.success, "the specs are listed")]
  ) { context throws(CommandError) in try ListCommand(context: context).run() }

  static let replay = CommandDefinition(
    name: "replay",
    operands: "SPEC TRACE",
    summary: "Re-execute a trace step by step and print the screens after each step.",
    details: """
      TRACE (the last argument; - reads it from standard input, where SPEC is not -) is a
      JSON file holding a list of steps, each one of
        {"screen": "Cart", "transition": "Checkout"}   (a label, or the 0-based index)
        {"gesture": "swipeBack"}  {"gesture": "swipeDown"}
        {"alertButton": "Delete"}
        {"complete": {"screen": "AddTodo", "transition": "Save"}}
        {"deepLink": "promo"}
      or a violation object of a report of `navcheck check --format json` (its "trace"),
      or such a report: --violation N replays its N-th violation (1-based, in report
      order, spec by spec), in the spec it was found in where SPEC declares several. A
      report with several violations needs --violation; the error lists them.

      \(specArgument)

      \(oneSpec)

      A step that is not possible in SPEC (or beyond its bounds) exits 65, naming the step
      and the reason. --format svg draws the steps as phone frames in one image (for a pull
      request's comment: a report's N-th finding with --violation N).
      """,
    options: ReplayOptions.self,
    statuses: [
      (.success, "the trace replays and ends in a state"),
      (.violations, "it replays into a violation (named)"),
    ]
  ) { context throws(CommandError) in try ReplayCommand(context: context).replay() }
  .specs(.allButLast)

  static let simulate = CommandDefinition(
    name: "simulate",
    operands: "SPEC",
    summary: "Walk random events from the first screen, reproducibly for a seed.",
    details: """
      Events a bound cuts are not chosen; the walk stops at the first violation or where no
      event is possible. Without --seed a seed is chosen and printed, so the walk reproduces.

      \(specArgument)

      \(oneSpec)
      """,
    options: SimulateOptions.self,
    statuses: [
      (.success, "the walk ends in a state"), (.violations, "it ran into a violation"),
    ]
  ) { context throws(CommandError) in try ReplayCommand(context: context).simulate() }

  static let graph = CommandDefinition(
    name: "graph",
    operands: "SPEC",
    summary: "Draw the spec's destination graph, or its explored state graph.",
    details: """
      Without --states: one node per destination, one edge per transition (pushes solid,
      presentations dashed). With --states: the reachable states breadth-first, at most
      --max-states of them (default 200); a cut graph says so in a comment and on stderr.

      \(specArgument)

      \(oneSpec)
      """,
    options: GraphOptions.self,
    statuses: [(.success, "the graph is drawn (also a cut one)")]
  ) { context throws(CommandError) in try GraphCommand(context: context).run() }

  static let export = CommandDefinition(
    name: "export", operands: "SPEC",
    summary: "Print a spec in its JSON form, or in the Swift DSL (custom invariants are left out).",
    details: specArgument + "\n\n" + oneSpec
      + "\n\n--format swift writes the spec in the DSL: one `let` of the spec, its destinations in\n"
      + "@SpecBuilder groups (a long builder body type-checks slowly).",
    options: ExportOptions.self,
    statuses: [(.success, "the spec is exported")]
  ) { context throws(CommandError) in try GraphCommand(context: context).export() }

  static let validate = CommandDefinition(
    name: "validate",
    operands: "SPEC RUN",
    summary: "Check that a run an app's router recorded is a behaviour of the spec.",
    details: """
      RUN (the last argument; - reads it from standard input, where SPEC is not -) holds one
      JSON object per line, as NavCheckRecorder writes them: {"record": "push",
      "destination": "Detail"}, {"record": "present", "destination": "Compose", "style":
      "sheet"}, {"record": "dismiss"}, {"record": "alertButton", "button": "Delete"}, …
      (Docs/RecordedRuns.md lists every kind).

      The search keeps every state the run may be in, advanced by the spec's events: an event
      explains the records after it where they take the screens it acted on to the screens it
      leaves; one event may explain several records, an event that changes nothing a record
      shows (an async start the router does not record) none. A record that only an event
      breaking a rule explains is that rule broken, in check's words; validation goes on once
      the run's screens are back to a state of the spec. The report names the first record no
      event explains, with the state drawn and what each event the spec allows there would
      record.

      \(specArgument)

      \(oneSpec)
      """,
    options: ValidateOptions.self,
    statuses: [
      (.success, "the run is a behaviour of the spec and breaks no rule"),
      (.violations, "the run breaks a rule, or a record is not a behaviour of the spec (named)"),
    ]
  ) { context throws(CommandError) in try ValidateCommand(context: context).run() }

  static let draft = CommandDefinition(
    name: "draft", operands: "SOURCES ...",
    summary: "Draft a spec from an app's SwiftUI code.",
    details: """
      SOURCES are folders (searched recursively) or .swift files. Each is read with the
      toolchain's own parser (swiftc -frontend -dump-parse, which needs no SDK), in batches, in
      parallel; a file whose syntax tree cannot be read is named in a warning and left out.

      Destinations come from the route types (enums used with navigationDestination(for:),
      path arrays and presentation properties, or a coordinator's static route constructors),
      the views of NavigationLink, sheet, fullScreenCover and popover, and the tabs of a
      TabView; transitions from the code that pushes, presents, alerts and dismisses, each on
      the screen whose view holds it. Every declaration carries a comment with its source
      file:line; "guessed" marks an inference. What could not be placed is listed at the end
      (in JSON, under "$comment", which the spec reader ignores). Where inference fails, name
      the types with --route-type, --sheet-type, --router-type and --tab-type.
      Docs/SpecFromCode.md says what the draft cannot see.
      """,
    options: DraftOptions.self,
    statuses: [(.success, "the draft is written")]
  ) { context throws(CommandError) in try DraftCommand(context: context).run() }.specs(.none)

  static let drift = CommandDefinition(
    name: "drift", operands: "SPEC",
    summary: "Report where a spec and the app's code disagree.",
    details: """
      Reads the app's sources as draft does and compares what the code pushes, presents,
      alerts, selects as tabs and handles as links with what SPEC declares: each thing the code
      does that SPEC does not declare is reported at the code's line, each destination SPEC
      declares that no code names at the spec's line. Code names are matched to spec names by
      a key: letters and digits, lowercased, without a trailing View, Screen, Sheet, Page,
      Destination or Tab (accountDetail, AccountDetailView and AccountDetailSheet all match
      AccountDetail); a push or presentation also matches the view its route case shows.

      \(specArgument)

      \(oneSpec)

      A baseline accepts known drift as for check: --write-baseline FILE writes every finding
      and accepts it; --baseline FILE reports only new findings and fails only on them.
      """,
    options: DriftOptions.self,
    statuses: [
      (.success, "the spec and the code agree (or disagree only where --baseline accepts)"),
      (.violations, "drift: the code does what the spec does not declare, or the reverse"),
    ]
  ) { context throws(CommandError) in try DriftCommand(context: context).run() }.specs(.first)

  static let all: [CommandDefinition] = [
    check, list, replay, simulate, graph, export, validate, draft, drift,
  ]
}
