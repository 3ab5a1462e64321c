import Foundation
import NavCheck

/// `navcheck replay SPEC TRACE` and `navcheck simulate SPEC`: a sequence of events performed
/// step by step, each printed with the screens after it.
struct ReplayCommand {
  var context: CommandContext
  var console: Console { context.console }

  func replay() throws(CommandError) -> ExitStatus {
    let positionals = context.arguments.positionals
    guard positionals.count >= 2 else {
      throw .usage(
        positionals.isEmpty ? "missing SPEC and TRACE" : "missing TRACE",
        hint: "usage: navcheck \(CommandDefinition.replay.synopsis)")
    }
    // SPEC ... TRACE: the last argument is the trace.
    let tracePath = positionals[positionals.count - 1]
    let spec = try context.singleSpec(
      Array(positionals.dropLast()), usage: CommandDefinition.replay.synopsis
    ).spec
    let events = try Self.readTrace(tracePath, console: console)
    let replay: Replay
    do { replay = try spec.replay(events) } catch {
      throw .invalid("spec '\(spec.name)' is invalid:\n" + context.loader.describe(error))
    }
    return try finish(
      replay,
      title:
        "Replaying \(events.count) step\(events.count == 1 ? "" : "s") of \(tracePath) in \(spec.name)",
      spec: spec, extra: [])
  }

  func simulate() throws(CommandError) -> ExitStatus {
    let spec = try context.singleSpec(
      context.arguments.positionals, usage: CommandDefinition.simulate.synopsis
    ).spec
    let steps = try context.arguments.integer("steps", minimum: 0, fallback: 20)
    let seed: UInt64
    if let text = context.arguments["seed"] {
      guard let value = UInt64(text) else {
        throw .usage("--seed takes an unsigned integer, not '\(text)'")
      }
      seed = value
    } else {
      seed = UInt64.random(in: 0...999_999)
    }
    let walk: Replay
    do { walk = try spec.simulate(steps: steps, seed: seed) } catch {
      throw .invalid("spec '\(spec.name)' is invalid:\n" + context.loader.describe(error))
    }
    return try finish(
      walk,
      title: "A random walk of \(steps) steps in \(spec.name), seed \(seed)"
        + " (navcheck simulate \(spec.name) --steps \(steps) --seed \(seed))",
      spec: spec, extra: [("seed", .string(String(seed))), ("steps", .int(steps))])
  }

  func finish(
    _ outcome: Replay, title: String, spec: NavigationSpec, extra: [(String, JSONValue)]
  ) throws(CommandError) -> ExitStatus {
    let status: ExitStatus
    let verdict: String
    switch outcome.ending {
    case .state:
      status = .success
      verdict = "✓ every step is possible; it ends in the state above"
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

    if context.arguments["format"] == "json" {
      try context.emit(json(outcome, spec: spec, extra: extra).text() + "\n")
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
    case .state: ending = [("kind", .string("state"))]
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

  // MARK: - Reading traces

  /// The events of a trace file: a list of steps, a violation object, or a report with
  /// exactly one violation.
  static func readTrace(_ path: String, console: Console) throws(CommandError) -> [EventReference] {
    let data = try SpecLoader.contents(of: path, console: console)
    let value: JSONValue
    do {
      value = try JSONReader.read(Array(data))
    } catch {
      throw .invalid(
        "\(path) is not valid JSON: \(error.message) (line \(error.line), column \(error.column))")
    }
    let steps = try traceSteps(value, path: path)
    var events: [EventReference] = []
    for (n, step) in steps.enumerated() {
      do {
        events.append(try EventReference(jsonValue: step))
      } catch {
        let problems = error.problems.map(\.message).joined(separator: "; ")
        throw .invalid("\(path): step \(n + 1) is not a trace step: \(problems)")
      }
    }
    return events
  }

  static func traceSteps(_ value: JSONValue, path: String) throws(CommandError) -> [JSONValue] {
    func violations(_ report: JSONValue) -> [JSONValue] {
      if case .array(let list)? = report["violations"]?.kind { return list }
      return []
    }
    switch value.kind {
    case .array(let items):
      // A report of several specs is an array of report objects.
      if let first = items.first, first["violations"] != nil {
        return try single(items.flatMap(violations), path: path)
      }
      return items
    case .object:
      if case .array(let results)? = value["results"]?.kind {
        return try single(results.flatMap(violations), path: path)
      }
      if case .array(let steps)? = value["trace"]?.kind { return steps }
      if value["violations"] != nil { return try single(violations(value), path: path) }
      if value["event"] != nil || value["screen"] != nil || value["gesture"] != nil
        || value["alertButton"] != nil || value["complete"] != nil || value["deepLink"] != nil
      {
        return [value]
      }
      throw .invalid(
        "\(path) is not a trace: expected a list of steps, a violation with a \"trace\", or a report"
      )
    default:
      throw .invalid(
        "\(path) is not a trace: expected a JSON list of steps, found \(value.typeName)")
    }
  }

  static func single(_ violations: [JSONValue], path: String) throws(CommandError) -> [JSONValue] {
    guard violations.count == 1, case .array(let steps)? = violations[0]["trace"]?.kind else {
      let kinds = violations.compactMap { v -> String? in
        if case .string(let s)? = v["kind"]?.kind { return s }
        return nil
      }
      throw .invalid(
        "\(path) is a report with \(violations.count) violations"
          + (kinds.isEmpty ? "" : " (\(kinds.joined(separator: ", ")))")
          + "; replay one: pass its violation object or its \"trace\" array")
    }
    return steps
  }
}
