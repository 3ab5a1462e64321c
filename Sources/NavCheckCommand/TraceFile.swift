import NavCheck

/// The TRACE of `navcheck replay`, read: a list of steps, one step, a violation object of a
/// `navcheck check --format json` report, or one violation of such a report.
struct TraceFile {
  /// The events to replay, in order.
  var events: [EventReference]
  /// The spec the violation was found in, where TRACE is a report.
  var spec: String?
  /// What a title calls it: `trace.json`, or `violation 2 of report.json`.
  var name: String

  /// Reads a trace; `violation` (1-based, in report order) picks a violation of a report.
  ///
  /// - Throws: 66 for a missing file; 65 for one that is not JSON or not a trace, a report
  ///   without violations, a step that is not a trace step; 64 for a report with several
  ///   violations and no `violation` (listing them), a `violation` past the last, or a
  ///   `violation` for a trace that is not a report.
  static func read(
    _ path: String, violation: Int?, console: Console
  ) throws(CommandError) -> TraceFile {
    let data = try SpecLoader.contents(of: path, console: console)
    let path = SpecLoader.displayName(path)
    let value: JSONValue
    do {
      value = try JSONReader.read(Array(data))
    } catch {
      throw .invalid(
        "\(path) is not valid JSON: \(error.message) (line \(error.line), column \(error.column))")
    }
    var trace = TraceFile(events: [], spec: nil, name: path)
    let steps: [JSONValue]
    if let reported = reportedViolations(value) {
      let chosen = try pick(violation, of: reported, path: path)
      let item = reported[chosen]
      guard case .array(let list)? = item.violation["trace"]?.kind else {
        throw .invalid("violation \(chosen + 1) of \(path) has no \"trace\" list")
      }
      steps = list
      trace.spec = item.spec
      if reported.count > 1 { trace.name = "violation \(chosen + 1) of \(path)" }
    } else {
      if let violation {
        throw .usage(
          "--violation \(violation) picks a violation of a report of 'navcheck check --format json'; "
            + "\(path) is a trace, not a report")
      }
      steps = try traceSteps(value, path: path)
    }
    for (n, step) in steps.enumerated() {
      do {
        trace.events.append(try EventReference(jsonValue: step))
      } catch {
        let problems = error.problems.map(\.message).joined(separator: "; ")
        throw .invalid("\(path): step \(n + 1) is not a trace step: \(problems)")
      }
    }
    return trace
  }

  // MARK: - Internal API

  /// A violation of a report, with the spec it was found in.
  struct ReportedViolation {
    var spec: String?
    var violation: JSONValue

    /// `orphanedCompletion in Notes (Note: async dismiss 'Note deleted elsewhere')`.
    var summary: String {
      var text = string(violation["kind"]) ?? "a violation"
      if let spec { text += " in \(spec)" }
      if let title = string(violation["declaration"]?["title"]) { text += " (\(title))" }
      return text
    }
  }

  /// The violations of a JSON report, in report order (spec by spec); `nil` where `value` is
  /// not a report. Reads the report's one shape, `{"tool", "version", "results": [...]}`, and
  /// the two of navcheck 0.1 (one result object, or an array of them).
  static func reportedViolations(_ value: JSONValue) -> [ReportedViolation]? {
    func violations(of result: JSONValue) -> [ReportedViolation] {
      guard case .array(let list)? = result["violations"]?.kind else { return [] }
      return list.map { ReportedViolation(spec: string(result["spec"]), violation: $0) }
    }
    switch value.kind {
    case .object:
      if case .array(let results)? = value["results"]?.kind {
        return results.flatMap(violations(of:))
      }
      return value["violations"] != nil ? violations(of: value) : nil
    case .array(let items):
      guard let first = items.first, first["violations"] != nil else { return nil }
      return items.flatMap(violations(of:))
    case .null, .bool, .number, .string:
      return nil
    }
  }

  /// The index of the violation to replay.
  static func pick(
    _ violation: Int?, of reported: [ReportedViolation], path: String
  ) throws(CommandError) -> Int {
    guard !reported.isEmpty else {
      throw .invalid("\(path) is a report without violations: it has no trace to replay")
    }
    let list =
      "violations in \(path):\n"
      + reported.enumerated().map { "  \($0.offset + 1). \($0.element.summary)" }.joined(
        separator: "\n")
    let holds = "\(path) holds \(reported.count) violation\(reported.count == 1 ? "" : "s")"
    guard let violation else {
      guard reported.count == 1 else {
        throw .usage("\(holds); pick the one to replay with --violation N", hint: list)
      }
      return 0
    }
    guard violation <= reported.count else {
      throw .usage("there is no violation \(violation): \(holds)", hint: list)
    }
    return violation - 1
  }

  /// The steps of a trace that is not a report: a list of steps, a violation object (its
  /// "trace"), or one step.
  static func traceSteps(_ value: JSONValue, path: String) throws(CommandError) -> [JSONValue] {
    switch value.kind {
    case .array(let items):
      return items
    case .object:
      if case .array(let steps)? = value["trace"]?.kind { return steps }
      if EventReference.stepKeys.contains(where: { value[$0] != nil }) { return [value] }
      throw .invalid(
        "\(path) is not a trace: expected a list of steps, a violation with a \"trace\", or a report"
      )
    case .null, .bool, .number, .string:
      throw .invalid(
        "\(path) is not a trace: expected a JSON list of steps, found \(value.typeName)")
    }
  }
}

/// A JSON string's value.
private func string(_ value: JSONValue?) -> String? {
  if case .string(let text)? = value?.kind { return text }
  return nil
}
