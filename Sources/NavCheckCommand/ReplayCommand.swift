import Foundation
import NavCheck

/// `navcheck replay SPEC TRACE` and `navcheck simulate SPEC`: a sequence of events performed
/// step by step, each printed with the screens after it.
struct ReplayCommand<Options: WritesReport> {
  var context: CommandContext<Options>
  var console: Console { context.console }
}

extension ReplayCommand where Options == ReplayOptions {
  func replay() throws(CommandError) -> ExitStatus {
    let positionals = context.arguments.positionals
    guard positionals.count >= 2 else {
      throw .usage(
        positionals.isEmpty ? "missing SPEC and TRACE" : "missing TRACE",
        hint: "usage: navcheck \(CommandDefinition.replay.synopsis)")
    }
    // SPEC ... TRACE: the last argument is the trace.
    let violation = try context.arguments.value(of: \.violation)
    let trace = try TraceFile.read(
      positionals[positionals.count - 1], violation: violation, console: console)
    // A report's violation names its spec: of several, that one is replayed.
    let spec = try context.singleSpec(
      Array(positionals.dropLast()), usage: CommandDefinition.replay.synopsis,
      preferred: trace.spec
    ).spec
    if let found = trace.spec, found != spec.name {
      console.errLine(
        "navcheck: warning: \(trace.name) was found in spec '\(found)'; replaying it in '\(spec.name)'"
      )
    }
    let events = trace.events
    let replay: Replay
    do { replay = try spec.replay(events) } catch {
      throw .invalid("spec '\(spec.name)' is invalid:\n" + context.loader.describe(error))
    }
    return try finish(
      replay,
      title:
        "Replaying \(events.count) step\(events.count == 1 ? "" : "s") of \(trace.name) in \(spec.name)",
      spec: spec, format: try context.arguments.value(of: \.format), extra: [])
  }
}

extension ReplayCommand where Options == SimulateOptions {
  func simulate() throws(CommandError) -> ExitStatus {
    let chosen = try context.singleSpec(
      context.arguments.positionals, usage: CommandDefinition.simulate.synopsis)
    let spec = chosen.spec
    let steps = try context.arguments.value(of: \.steps)
    let seed = try context.arguments.value(of: \.seed) ?? UInt64.random(in: 0...999_999)
    let walk: Replay
    do { walk = try spec.simulate(steps: steps, seed: seed) } catch {
      throw .invalid("spec '\(spec.name)' is invalid:\n" + context.loader.describe(error))
    }
    let again = reproduction(of: chosen, steps: steps, seed: seed)
    return try finish(
      walk,
      title: "A random walk of \(steps) steps in \(spec.name), seed \(seed)\n"
        + "To walk it again: \(again)",
      spec: spec, format: try context.arguments.value(of: \.format),
      extra: [("seed", .string(String(seed))), ("steps", .int(steps)), ("command", .string(again))]
    )
  }

  /// The command line that walks the same way again: the SPEC as given (a file by its path,
  /// with `--spec` for a `.swift` file's spec; a bundled spec by its name), the steps and the
  /// seed.
  func reproduction(of chosen: ChosenSpec, steps: Int, seed: UInt64) -> String {
    var source = chosen.argument
    if let hash = source.lastIndex(of: "#"), SpecLoader.isFile(String(source[..<hash])) {
      source = String(source[..<hash])
    }
    var words = [console.programName, "simulate"]
    if !SpecLoader.isFile(source) {
      words.append(chosen.spec.name)
    } else {
      words.append(source)
      // A .swift file may declare several specs (FILE#NAME picks one of any file).
      if source.hasSuffix(".swift") || source != chosen.argument {
        words += ["--spec", chosen.spec.name]
      }
    }
    words += ["--steps", String(steps), "--seed", String(seed)]
    return words.map(shellQuoted).joined(separator: " ")
  }
}

extension ReplayCommand {
  /// Writes `outcome` in `format` (text, json or svg) and says how it ended.
  func finish(
    _ outcome: Replay, title: String, spec: NavigationSpec, format: ReportFormat,
    extra: [(String, JSONValue)]
  ) throws(CommandError) -> ExitStatus {
    let status: ExitStatus
    let verdict: String
    switch outcome.ending {
    case .state:
      status = .success
      verdict =
        "✓ every step is possible; it ends in the state above"
        + (outcome.trapUnsettled
          ? " (whether it is a trap was not settled: more than "
            + "\(grouped(NavigationSpec.replayTrapLimit)) states are reachable from it; "
            + "`navcheck check` settles it)" : "")
    case .violation(let step, let kind, let message):
      status = .violations
      verdict =
        step < 0
        ? "✗ \(kind.rawValue) — \(message)"
        : "✗ step \(step + 1) breaks \(kind.rawValue) — \(message)"
    case .pruned(let step):
      status = .invalidSpec
      verdict =
        "✗ step \(step + 1) is not possible in \(spec.name): it would exceed the spec's bounds "
        + "(maxStackDepth \(spec.bounds.maxStackDepth), maxPresentationDepth \(spec.bounds.maxPresentationDepth))"
    case .impossible(let step, let reason):
      status = .invalidSpec
      verdict = "✗ step \(step + 1) is not possible in \(spec.name): \(reason)"
    }

    if format == .json {
      try context.emit(json(outcome, spec: spec, extra: extra).text() + "\n")
    } else if format == .svg {
      var kind: ViolationKind?
      if case .violation(_, let k, _) = outcome.ending { kind = k }
      let picture = TracePicture(
        steps: outcome.steps, initial: outcome.initial, breaks: kind, spec: spec)
      try context.emit(picture.svg(title: title, subtitle: verdict))
    } else {
      let number = String(0).leftPadded(to: String(outcome.steps.count).count) + ". "
      var lines = [title, "", number + "(the first state)"]
      let indent = String(repeating: " ", count: number.count + 2)
      lines += outcome.initial.description.split(separator: "\n").map { indent + $0 }
      var kind: ViolationKind?
      if case .violation(_, let k, _) = outcome.ending { kind = k }
      lines += TextReport.trace(outcome.steps, kind: kind, indent: "")
      if case .impossible(let step, _) = outcome.ending {
        lines.append("\(step + 1). (not possible)")
      }
      lines += ["", verdict]
      try context.emit(lines.joined(separator: "\n") + "\n")
    }
    if status == .invalidSpec { console.errLine("navcheck: error: " + verdict.dropFirst(2)) }
    return status
  }

  func json(_ outcome: Replay, spec: NavigationSpec, extra: [(String, JSONValue)]) -> JSONValue {
    var ending: [(String, JSONValue)]
    switch outcome.ending {
    case .state:
      ending = [("kind", .string("state"))]
      if outcome.trapUnsettled { ending.append(("trapSettled", .bool(false))) }
    case .violation(let step, let kind, let message):
      ending = [
        ("kind", .string("violation")), ("step", .int(step + 1)),
        ("violation", .string(kind.rawValue)), ("message", .string(message)),
      ]
    case .pruned(let step):
      ending = [("kind", .string("pruned")), ("step", .int(step + 1))]
    case .impossible(let step, let reason):
      ending = [
        ("kind", .string("impossible")), ("step", .int(step + 1)), ("reason", .string(reason)),
      ]
    }
    return .object(
      [("spec", .string(spec.name))] + extra + [
        ("initial", outcome.initial.jsonValue),
        ("trace", .array(outcome.steps.map(\.jsonValue))),
        ("ending", .object(ending)),
      ])
  }
}
