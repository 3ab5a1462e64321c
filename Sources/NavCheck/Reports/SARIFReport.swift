import Foundation
import NavCheckSupport

/// The SARIF 2.1.0 report that code-scanning tools (GitHub code scanning, IDEs) read: one run
/// with every rule, one result per violation and warning at its declaration's line
/// (repository-relative), the trace as a code flow, the fixes (`FixVerdict`) at the end of its
/// message and, as in the JSON report, in its properties.
///
/// Rule ids are stable: they never change when kinds are added (`NAV010` is always
/// `orphanedCompletion`). Each result's `partialFingerprints["navcheck/v1"]` is its
/// `FindingIdentity` fingerprint; with a baseline, each result has a `baselineState` (`new`,
/// `unchanged`) and the baseline's findings no longer found follow as `absent` results.
package struct SARIFReport {
  package var paths: ReportPaths
  /// The run against `--baseline FILE`, if one was given.
  package var baseline: BaselineComparison?

  package init(paths: ReportPaths, baseline: BaselineComparison? = nil) {
    self.paths = paths
    self.baseline = baseline
  }

  /// A rule: its stable id, its name and its level.
  package struct Rule {
    package var id: String
    package var name: String
    package var summary: String
    /// How a finding is usually fixed (SARIF's `help`); `nil` for the warnings.
    package var help: String?
    package var level: String

    package init(id: String, name: String, summary: String, help: String? = nil, level: String) {
      self.id = id
      self.name = name
      self.summary = summary
      self.help = help
      self.level = level
    }
  }

  /// `NAV001` …: a rule's place in `ViolationKind.allCases`, from 1 (a new rule goes at the
  /// end, so an id never changes).
  package static func ruleID(_ kind: ViolationKind) -> String {
    let digits = String(kind.ordinal + 1)
    return "NAV" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits
  }

  package static func ruleID(_ kind: Warning.Kind) -> String {
    switch kind {
    case .unreachableDestination: "NAV101"
    case .deadTransition: "NAV102"
    }
  }

  /// `check`'s rules: every violation kind, then the warnings.
  package static let rules: [Rule] =
    ViolationKind.allCases.map {
      Rule(id: ruleID($0), name: $0.rawValue, summary: $0.summary, help: $0.help, level: "error")
    } + [
      Rule(
        id: ruleID(.unreachableDestination), name: Warning.Kind.unreachableDestination.rawValue,
        summary: "every declared destination is shown by some reachable state", level: "warning"),
      Rule(
        id: ruleID(.deadTransition), name: Warning.Kind.deadTransition.rawValue,
        summary: "every declared transition fires in some reachable state", level: "warning"),
    ]

  package func render(_ checks: [SpecCheck]) -> String {
    let rules = Self.rules
    func index(_ id: String) -> Int { rules.firstIndex { $0.id == id }! }
    var results: [JSONValue] = []
    for check in checks {
      let spec = check.spec
      for violation in check.result.violations {
        results.append(
          result(violation, spec: spec.name, at: spec.location, ruleIndex: index))
      }
      for warning in check.result.warnings {
        let id = Self.ruleID(warning.kind)
        let identity = FindingIdentity(warning, spec: spec.name)
        results.append(
          .object(
            [
              ("ruleId", .string(id)), ("ruleIndex", .int(index(id))),
              ("level", .string("warning")),
              ("message", .object([("text", .string("\(spec.name): \(warning.message)"))])),
              (
                "locations",
                .array(
                  (warning.declaration.location ?? spec.location).map {
                    [location($0, message: nil)]
                  }
                    ?? [])
              ),
              ("partialFingerprints", .object([("navcheck/v1", .string(identity.fingerprint))])),
            ]
              + (baseline.map { [("baselineState", .string($0.state(identity).rawValue))] } ?? [])
              + [("properties", .object([("spec", .string(spec.name))]))]))
      }
    }
    for entry in baseline?.absent ?? [] {
      results.append(absentResult(entry, ruleIndex: index))
    }
    return log(
      rules: rules, results: results,
      extras: [
        (
          "invocations",
          .array([
            .object([
              ("executionSuccessful", .bool(true)),
              (
                "toolExecutionNotifications",
                .array(
                  checks.compactMap { check in
                    check.incompleteReason.map { reason in
                      .object([
                        ("level", .string("warning")),
                        (
                          "message",
                          .object([
                            ("text", .string("\(check.spec.name) is incomplete: \(reason)"))
                          ])
                        ),
                      ])
                    }
                  })
              ),
            ])
          ])
        ),
        (
          "properties",
          .object([
            (
              "specs",
              .array(
                checks.map { check in
                  let r = check.result
                  var members: [(String, JSONValue)] = [
                    ("spec", .string(r.spec)), ("complete", .bool(r.complete)),
                    ("states", .int(r.states)), ("transitions", .int(r.transitions)),
                    ("pruned", .int(r.pruned)), ("depth", .int(r.depth)),
                    ("transitionsFired", .int(r.coveredDeclarations)),
                    ("transitionsDeclared", .int(r.totalDeclarations)),
                    ("threads", .int(r.threads)), ("seconds", .double(r.seconds)),
                  ]
                  // The counts are of the tabs reduction's graph (as in the JSON report).
                  if r.reduced { members.insert(("reduced", .bool(true)), at: 3) }
                  return .object(members)
                })
            )
          ])
        ),
      ])
  }

  /// A violation's result: at its declaration's line (`fallback`, the spec's, where it has
  /// none), its trace as a code flow, its fixes at the end of its message and in its
  /// properties; `related`: more places it was seen (a recorded run's lines), which
  /// `messageEnd` words before the fixes.
  package func result(
    _ violation: Violation, spec: String, at fallback: SourceLocation?,
    ruleIndex index: (String) -> Int, related: [JSONValue] = [], messageEnd: [String] = []
  ) -> JSONValue {
    let id = Self.ruleID(violation.kind)
    let location = violation.location ?? fallback
    // The message ends with the fixes, as every report words them.
    let verdict = FixVerdict(violation)?.lines(indent: "") ?? []
    let message = (["\(spec): \(violation.message)"] + messageEnd + verdict).joined(
      separator: "\n")
    var members: [(String, JSONValue)] = [
      ("ruleId", .string(id)), ("ruleIndex", .int(index(id))), ("level", .string("error")),
      ("message", .object([("text", .string(message))])),
      ("locations", .array(location.map { [self.location($0, message: nil)] } ?? [])),
    ]
    if !related.isEmpty { members.append(("relatedLocations", .array(related))) }
    if !violation.trace.isEmpty {
      members.append(("codeFlows", .array([codeFlow(violation)])))
    }
    let identity = FindingIdentity(violation, spec: spec)
    members.append(
      ("partialFingerprints", .object([("navcheck/v1", .string(identity.fingerprint))])))
    if let baseline {
      members.append(("baselineState", .string(baseline.state(identity).rawValue)))
    }
    var properties: [(String, JSONValue)] = [
      ("spec", .string(spec)), ("count", .int(violation.count)),
    ]
    if let search = violation.fixSearchJSON {
      properties += [
        ("fixes", .array(violation.fixes.map(\.jsonValue))), ("fixSearch", search),
      ]
    }
    members.append(("properties", .object(properties)))
    return .object(members)
  }

  /// The SARIF log of one run of navcheck with these rules and results; `extras` follow the
  /// results in the run (`invocations`, `properties`). `check`, `drift` and `validate` write
  /// their logs with it.
  package func log(rules: [Rule], results: [JSONValue], extras: [(String, JSONValue)] = [])
    -> String
  {
    let runs: JSONValue = .object(
      [
        (
          "tool",
          .object([
            (
              "driver",
              .object([
                ("name", .string("navcheck")),
                ("version", .string(ToolInfo.version)),
                ("semanticVersion", .string(ToolInfo.version)),
                (
                  "rules",
                  .array(
                    rules.map { rule in
                      .object(
                        [
                          ("id", .string(rule.id)), ("name", .string(rule.name)),
                          ("shortDescription", .object([("text", .string(rule.summary))])),
                        ] + (rule.help.map { [("help", .object([("text", .string($0))]))] } ?? [])
                          + [
                            ("defaultConfiguration", .object([("level", .string(rule.level))]))
                          ])
                    })
                ),
              ])
            )
          ])
        ),
        (
          "originalUriBaseIds",
          .object([
            (
              "SRCROOT",
              .object([("uri", .string(Self.fileURI(paths.root ?? "/", directory: true)))])
            )
          ])
        ),
        ("results", .array(results)),
      ] + extras)
    let log: JSONValue = .object([
      ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
      ("version", .string("2.1.0")),
      ("runs", .array([runs])),
    ])
    return log.text() + "\n"
  }

  package func codeFlow(_ violation: Violation) -> JSONValue {
    let steps: [JSONValue] = violation.trace.enumerated().map { i, step in
      var text = "\(i + 1). \(step.description)"
      if let state = step.state {
        text +=
          " — "
          + state.description.split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
          }.joined(separator: " ")
      } else {
        text += " ✗ \(violation.kind.rawValue)"
      }
      let location =
        step.location.map { self.location($0, message: text) }
        ?? .object([("message", .object([("text", .string(text))]))])
      return .object([("location", location), ("executionOrder", .int(i + 1))])
    }
    return .object([
      ("message", .object([("text", .string("a shortest trace to \(violation.kind.rawValue)"))])),
      ("threadFlows", .array([.object([("locations", .array(steps))])])),
    ])
  }

  package func location(_ location: SourceLocation, message: String?) -> JSONValue {
    let relative = paths.relative(location.filePath)
    var artifact: [(String, JSONValue)]
    if relative.hasPrefix("/") {
      artifact = [("uri", .string(Self.fileURI(relative, directory: false)))]
    } else {
      artifact = [("uri", .string(Self.encode(relative))), ("uriBaseId", .string("SRCROOT"))]
    }
    var members: [(String, JSONValue)] = [
      (
        "physicalLocation",
        .object([
          ("artifactLocation", .object(artifact)),
          ("region", .object([("startLine", .int(max(1, location.line)))])),
        ])
      )
    ]
    if let message { members.append(("message", .object([("text", .string(message))]))) }
    return .object(members)
  }

  /// A finding of the baseline that this run no longer finds: SARIF's `absent` result, with the
  /// rule where the baseline names a known one, and no location (the declaration may be gone).
  func absentResult(_ entry: Baseline.Entry, ruleIndex: (String) -> Int) -> JSONValue {
    let id =
      ViolationKind(rawValue: entry.kind).map { Self.ruleID($0) }
      ?? Warning.Kind(rawValue: entry.kind).map { Self.ruleID($0) }
    var members: [(String, JSONValue)] = []
    if let id { members += [("ruleId", .string(id)), ("ruleIndex", .int(ruleIndex(id)))] }
    members += [
      ("kind", .string("pass")), ("level", .string("none")),
      ("message", .object([("text", .string("\(entry.title): no longer found"))])),
      ("partialFingerprints", .object([("navcheck/v1", .string(entry.fingerprint))])),
      ("baselineState", .string(BaselineComparison.State.absent.rawValue)),
      ("properties", .object([("spec", .string(entry.spec))])),
    ]
    return .object(members)
  }

  /// A path with the characters a URI cannot hold percent-encoded.
  package static func encode(_ path: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: ":")
    return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
  }

  /// `file:///abs/path` (with a trailing slash for a directory).
  package static func fileURI(_ path: String, directory: Bool) -> String {
    var uri = "file://" + encode(path)
    if directory && !uri.hasSuffix("/") { uri += "/" }
    return uri
  }
}
