import Foundation
import NavCheck

/// The formats of navcheck's reports; each command takes some of them.
enum ReportFormat: String, CaseIterable, Sendable {
  case text, json, junit, github, sarif, xcode, html, svg
}

/// When something happens: `auto` decides by the run.
enum When: String, CaseIterable, Sendable {
  case auto, always, never
}

/// The bounds `check` explores a spec at.
enum BoundsRequest: Equatable, Sendable {
  /// The spec's own.
  case spec
  /// These (`--bounds 4/2`).
  case fixed(Bounds)
  /// Climbing from 1/1 toward the spec's (`--bounds auto`).
  case ladder
}

/// `navcheck check`'s options.
struct CheckOptions: WritesReport {
  let threads = Option.count(
    "threads", minimum: 1, fallback: ExplorationOptions().threads,
    help: "Worker threads (default: the active processors).")
  let maxStates = Option.count(
    "max-states", minimum: 1, fallback: ExplorationOptions().maxStates,
    help: "Stop with an incomplete result past N states (default: no cap but memory).")
  let memoryLimit = Option.size(
    "memory-limit", fallback: ExplorationOptions().memoryLimit,
    help:
      "Stop with an incomplete result before the explorer's tables could pass SIZE (800M, 12G; default: 3/4 of the machine's memory)."
  )
  let exact = Option.flag(
    "exact",
    help:
      "Store every state in full and compare states byte for byte: no fingerprint collision can hide a state (more memory and time; default: 63-bit fingerprints)."
  )
  let bounds = Option(
    "bounds", value: "S/P|auto", fallback: BoundsRequest.spec,
    help:
      "Check at these bounds (stack depth/presentation depth) instead of the spec's; auto climbs both bounds from 1/1 toward the spec's and reports one result: the largest bounds checked completely within the limits, with the rungs it climbed."
  ) { text throws(CommandError) in try BoundLadder.parse(text).map(BoundsRequest.fixed) ?? .ladder }
  let timeLimit = Option<Double?>(
    "time-limit", value: "DURATION", fallback: nil,
    help: "Stop with an incomplete result after DURATION (90s, 5m, 1h)."
  ) { text throws(CommandError) in try BoundLadder.seconds(text) }
  let reduction = Option.choice(
    "reduction", value: "WHEN", fallback: Reduction.auto,
    help:
      "Explore a spec with tabs without the product of its tabs' stacks, where its tabs cannot act on each other: the same findings and shortest traces, counts of the reduced graph (\"states (reduced)\"); auto: past 2,000,000 states of the full product."
  ).or(
    "no-reduction", meaning: .never,
    help: "The same as --reduction never: the full product, SEMANTICS §7's counts.")
  let fixes = Option.choice(
    "fixes", value: "WHEN", fallback: When.auto,
    help:
      "Suggest changes that remove each finding, each checked by exploring the changed spec again; auto: for specs of at most \(grouped(CheckCommand.mostStatesForFixes)) states\(CheckCommand.buildForFixes)."
  )
  let verbose = Option.flag(.verbose)
  let format = Option.format("The report's format", fallback: ReportFormat.text)
  let output = Option.output
  let baseline = Option.text(
    "baseline", value: "FILE",
    help: "Accept the findings of FILE (from --write-baseline): only new violations fail.")
  let writeBaseline = Option.text(
    "write-baseline", value: "FILE", writesFile: true,
    help: "Write this run's findings to FILE as the baseline, and accept them.")
  let progress = Option.choice(
    "progress", value: "WHEN", fallback: When.auto,
    help: "Progress on stderr once a second; auto: when stderr is a terminal.")

  var all: [any DeclaredOption] {
    [
      threads, maxStates, memoryLimit, exact, bounds, timeLimit, reduction, fixes, verbose, format,
      output, baseline, writeBaseline, progress,
    ]
  }
}

/// `navcheck list`'s options.
struct ListOptions: CommandOptions {
  let format = Option.format(among: [ReportFormat.text, .json], fallback: .text)

  var all: [any DeclaredOption] { [format] }
}

/// `navcheck replay`'s options.
struct ReplayOptions: WritesReport, PicksOneSpec {
  let spec = Option.spec
  let violation = Option.count(
    "violation", minimum: 1,
    help: "The violation of a report to replay (1-based, as the error lists them).")
  let format = Option.format(among: [ReportFormat.text, .json, .svg], fallback: .text)
  let output = Option.output

  var all: [any DeclaredOption] { [spec, violation, format, output] }
}

/// `navcheck simulate`'s options.
struct SimulateOptions: WritesReport, PicksOneSpec {
  let spec = Option.spec
  let steps = Option.count("steps", minimum: 0, fallback: 20, help: "Events to walk (default 20).")
  let seed = Option<UInt64?>(
    "seed", value: "S", fallback: nil, help: "The random seed (an unsigned integer)."
  ) { text throws(CommandError) in
    guard let value = UInt64(text) else {
      throw .usage("--seed takes an unsigned integer, not '\(text)'")
    }
    return value
  }
  let format = Option.format(among: [ReportFormat.text, .json], fallback: .text)
  let output = Option.output

  var all: [any DeclaredOption] { [spec, steps, seed, format, output] }
}

/// `navcheck graph`'s options.
struct GraphOptions: WritesReport, PicksOneSpec {
  let spec = Option.spec
  let states = Option.flag("states", help: "Draw the explored state graph.")
  let maxStates = Option.count(
    "max-states", minimum: 1, fallback: 200, help: "The most states to draw (default 200).")
  let format = Option.format("Graph language", fallback: GraphReport.Language.dot)
  let output = Option.output

  var all: [any DeclaredOption] { [spec, states, maxStates, format, output] }
}

/// `navcheck export`'s options.
struct ExportOptions: WritesReport, PicksOneSpec {
  let spec = Option.spec
  let format = Option.format("The spec's language", fallback: SpecLanguage.json)
  let output = Option.output

  var all: [any DeclaredOption] { [spec, format, output] }
}

/// The languages a spec is written in: the DSL and the JSON form.
enum SpecLanguage: String, CaseIterable, Sendable {
  case swift, json
}

extension Option where Value == [String] {
  /// Names, comma-separated (`--route-type Route,SheetRoute`); empty where not given.
  static func names(_ name: String, help: String) -> Self {
    Option(name, value: "NAME[,NAME...]", fallback: [], help: help) { text in
      text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
    }
  }
}

/// The options `draft` and `drift` share: how to read the app's code where inference fails.
protocol ReadsSources: CommandOptions {
  var routeType: Option<[String]> { get }
  var sheetType: Option<[String]> { get }
  var routerType: Option<[String]> { get }
  var tabType: Option<String?> { get }
  var swiftc: Option<String?> { get }
}

extension ReadsSources {
  static var routeTypeOption: Option<[String]> {
    .names(
      "route-type",
      help:
        "Types whose cases (or static constructors) are pushed routes, where the draft does not find them."
    )
  }
  static var sheetTypeOption: Option<[String]> {
    .names(
      "sheet-type", help: "Types whose cases (or static constructors) are presented as sheets.")
  }
  static var routerTypeOption: Option<[String]> {
    .names(
      "router-type",
      help: "Types whose methods route: a call with a route case pushes or presents it.")
  }
  static var tabTypeOption: Option<String?> {
    .text("tab-type", value: "NAME", help: "The enum whose cases are the app's tabs.")
  }
  static var swiftcOption: Option<String?> {
    .text(
      "swiftc", value: "PATH",
      help:
        "The swiftc that parses the sources (default: xcrun's on macOS, else the first on PATH).")
  }
}

/// `navcheck draft`'s options.
struct DraftOptions: WritesReport, ReadsSources {
  let format = Option.format("The draft's language", fallback: SpecLanguage.swift)
  let output = Option.output
  let name = Option.text(
    "name", value: "NAME", help: "The spec's name (default: the first SOURCE's name).")
  let routeType = Self.routeTypeOption
  let sheetType = Self.sheetTypeOption
  let routerType = Self.routerTypeOption
  let tabType = Self.tabTypeOption
  let swiftc = Self.swiftcOption

  var all: [any DeclaredOption] {
    [format, output, name, routeType, sheetType, routerType, tabType, swiftc]
  }
}

/// `navcheck drift`'s options.
struct DriftOptions: WritesReport, PicksOneSpec, ReadsSources {
  let spec = Option.spec
  let sources = Option.text(
    "sources", value: "SOURCES...",
    help: "The app's Swift sources, folders or files (needed; more may follow SPEC).")
  let format = Option.format(
    "The report's format", among: [ReportFormat.text, .json, .xcode, .github, .sarif],
    fallback: .text)
  let output = Option.output
  let baseline = Option.text(
    "baseline", value: "FILE",
    help: "Accept the drift of FILE (from --write-baseline): only new drift fails.")
  let writeBaseline = Option.text(
    "write-baseline", value: "FILE", writesFile: true,
    help: "Write this run's drift to FILE as the baseline, and accept it.")
  let routeType = Self.routeTypeOption
  let sheetType = Self.sheetTypeOption
  let routerType = Self.routerTypeOption
  let tabType = Self.tabTypeOption
  let swiftc = Self.swiftcOption

  var all: [any DeclaredOption] {
    [
      spec, sources, format, output, baseline, writeBaseline, routeType, sheetType, routerType,
      tabType, swiftc,
    ]
  }
}
