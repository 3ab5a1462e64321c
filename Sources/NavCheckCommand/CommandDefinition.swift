import NavCheck

/// A subcommand of `navcheck`: its synopsis, what it does and its options, which make its help.
struct CommandDefinition: Sendable {
  var name: String
  var synopsis: String
  var summary: String
  var details: String
  var options: [OptionDeclaration]
  /// What its own exit statuses mean (0, 1, 2); `errorStatuses` follow them in its help.
  var statuses: [(status: ExitStatus, meaning: String)]

  /// The reader of this command's arguments.
  var reader: ArgumentReader { ArgumentReader(command: "navcheck \(name)", options: options) }

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
    let writes = options.contains { $0.name == "output" }
    let errors = Self.errorStatuses.filter { writes || $0.status != .cannotCreate }
    text += "\nEXIT STATUS:\n" + Self.statusTable(statuses + errors)
    return text
  }

  /// The statuses of errors, the same for every command.
  static let errorStatuses: [(status: ExitStatus, meaning: String)] = [
    (.usage, "usage error (an unknown command, option, spec name, --spec or --violation)"),
    (.invalidSpec, "invalid spec or trace (not JSON, a spec problem, an impossible step)"),
    (.noInput, "a SPEC or TRACE file does not exist or cannot be read"),
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

  static let spec = OptionDeclaration(
    name: "spec", value: "NAME", help: "The spec to use where SPEC declares several.")
  static let threads = OptionDeclaration(
    name: "threads", value: "N", help: "Worker threads (default: the active processors).")
  static let maxStates = OptionDeclaration(
    name: "max-states", value: "N",
    help: "Stop with an incomplete result past N states (default: no cap but memory).")
  static let memoryLimit = OptionDeclaration(
    name: "memory-limit", value: "SIZE",
    help:
      "Stop with an incomplete result before the explorer's tables could pass SIZE (800M, 12G; default: 3/4 of the machine's memory)."
  )
  static let exact = OptionDeclaration(
    name: "exact", value: nil,
    help:
      "Store every state in full and compare states byte for byte: no fingerprint collision can hide a state (more memory and time; default: 63-bit fingerprints)."
  )
  static let output = OptionDeclaration(
    name: "output", value: "FILE", writesFile: true,
    help: "Write the report to FILE instead of stdout.")

  static let check = CommandDefinition(
    name: "check",
    synopsis:
      "check [SPEC ...] [--threads N] [--max-states N] [--memory-limit SIZE] [--exact] [--bounds S/P|auto] [--time-limit DURATION] [--reduction WHEN | --no-reduction] [--fixes WHEN] [--verbose] [--format FORMAT] [--output FILE] [--baseline FILE] [--write-baseline FILE] [--progress WHEN]",
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
    options: [
      threads, maxStates, memoryLimit, exact,
      OptionDeclaration(
        name: "bounds", value: "S/P|auto",
        help:
          "Check at these bounds (stack depth/presentation depth) instead of the spec's; auto climbs both bounds from 1/1 toward the spec's and reports one result: the largest bounds checked completely within the limits, with the rungs it climbed."
      ),
      OptionDeclaration(
        name: "time-limit", value: "DURATION",
        help: "Stop with an incomplete result after DURATION (90s, 5m, 1h)."),
      OptionDeclaration(
        name: "reduction", value: "WHEN", choices: ["auto", "always", "never"],
        help:
          "Explore a spec with tabs without the product of its tabs' stacks, where its tabs cannot act on each other: the same findings and shortest traces, counts of the reduced graph (\"states (reduced)\"); auto: past 2,000,000 states of the full product."
      ),
      OptionDeclaration(
        name: "no-reduction", value: nil,
        help: "The same as --reduction never: the full product, SEMANTICS §7's counts."),
      OptionDeclaration(
        name: "verbose", value: nil,
        help:
          "Where a .swift spec's own code crashes (an invariant), also show the runtime's backtrace; after each run, the bytes per state the explorer's tables took."
      ),
      OptionDeclaration(
        name: "fixes", value: "WHEN", choices: ["auto", "always", "never"],
        help:
          "Suggest changes that remove each finding, each checked by exploring the changed spec again; auto: for specs of at most \(grouped(CheckCommand.mostStatesForFixes)) states."
      ),
      OptionDeclaration(
        name: "format", value: "FORMAT", choices: ReportFormat.allCases.map(\.rawValue),
        help: "The report's format (default text)."),
      output,
      OptionDeclaration(
        name: "baseline", value: "FILE",
        help: "Accept the findings of FILE (from --write-baseline): only new violations fail."),
      OptionDeclaration(
        name: "write-baseline", value: "FILE", writesFile: true,
        help: "Write this run's findings to FILE as the baseline, and accept them."),
      OptionDeclaration(
        name: "progress", value: "WHEN", choices: ["auto", "always", "never"],
        help: "Progress on stderr once a second; auto: when stderr is a terminal."),
    ],
    statuses: [
      (.success, "every spec holds (or breaks only rules its --baseline accepts)"),
      (.violations, "a rule is broken (a new violation, with --baseline)"),
      (.incomplete, "incomplete: a limit or ^C cut the run short and nothing was found"),
    ])

  static let list = CommandDefinition(
    name: "list", synopsis: "list [SPEC ...] [--format text|json]",
    summary: "List the bundled specs (or the given ones) with their sizes.",
    details: specArgument,
    options: [
      OptionDeclaration(
        name: "format", value: "FORMAT", choices: ["text", "json"],
        help: "Output format (default text).")
    ],
    statuses: [(.success, "the specs are listed")])

  static let replay = CommandDefinition(
    name: "replay",
    synopsis:
      "replay SPEC TRACE [--spec NAME] [--violation N] [--format text|json|svg] [--output FILE]",
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
    options: [
      spec,
      OptionDeclaration(
        name: "violation", value: "N",
        help: "The violation of a report to replay (1-based, as the error lists them)."),
      OptionDeclaration(
        name: "format", value: "FORMAT", choices: ["text", "json", "svg"],
        help: "Output format (default text)."),
      output,
    ],
    statuses: [
      (.success, "the trace replays and ends in a state"),
      (.violations, "it replays into a violation (named)"),
    ])

  static let simulate = CommandDefinition(
    name: "simulate",
    synopsis:
      "simulate SPEC [--spec NAME] [--steps N] [--seed S] [--format text|json] [--output FILE]",
    summary: "Walk random events from the first screen, reproducibly for a seed.",
    details: """
      Events a bound cuts are not chosen; the walk stops at the first violation or where no
      event is possible. Without --seed a seed is chosen and printed, so the walk reproduces.

      \(specArgument)

      \(oneSpec)
      """,
    options: [
      spec,
      OptionDeclaration(name: "steps", value: "N", help: "Events to walk (default 20)."),
      OptionDeclaration(name: "seed", value: "S", help: "The random seed (an unsigned integer)."),
      OptionDeclaration(
        name: "format", value: "FORMAT", choices: ["text", "json"],
        help: "Output format (default text)."),
      output,
    ],
    statuses: [
      (.success, "the walk ends in a state"), (.violations, "it ran into a violation"),
    ])

  static let graph = CommandDefinition(
    name: "graph",
    synopsis:
      "graph SPEC [--spec NAME] [--states] [--max-states N] [--format dot|mermaid] [--output FILE]",
    summary: "Draw the spec's destination graph, or its explored state graph.",
    details: """
      Without --states: one node per destination, one edge per transition (pushes solid,
      presentations dashed). With --states: the reachable states breadth-first, at most
      --max-states of them (default 200); a cut graph says so in a comment and on stderr.

      \(specArgument)

      \(oneSpec)
      """,
    options: [
      spec,
      OptionDeclaration(name: "states", value: nil, help: "Draw the explored state graph."),
      OptionDeclaration(
        name: "max-states", value: "N", help: "The most states to draw (default 200)."),
      OptionDeclaration(
        name: "format", value: "FORMAT", choices: ["dot", "mermaid"],
        help: "Graph language (default dot)."),
      output,
    ],
    statuses: [(.success, "the graph is drawn (also a cut one)")])

  static let export = CommandDefinition(
    name: "export", synopsis: "export SPEC [--spec NAME] [--format json] [--output FILE]",
    summary: "Print a spec in its JSON form (custom invariants cannot be exported).",
    details: specArgument + "\n\n" + oneSpec,
    options: [
      spec,
      OptionDeclaration(
        name: "format", value: "FORMAT", choices: ["json"], help: "Output format (default json)."),
      output,
    ],
    statuses: [(.success, "the spec is exported")])

  static let all: [CommandDefinition] = [check, list, replay, simulate, graph, export]
}
