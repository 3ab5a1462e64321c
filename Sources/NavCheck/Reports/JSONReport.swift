extension CheckResult {
  /// The result in the JSON form of SEMANTICS §9: counts, violations with replayable traces,
  /// warnings, threads and seconds; `"reduced": true` where the counts are of the tabs
  /// reduction's graph, and `fullProductReason` (with `fullProductDeclaration`, where it names
  /// one) where tabs were explored as their full product.
  ///
  /// ```swift
  /// print(try spec.check().jsonValue.text())
  /// ```
  public var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = [
      ("spec", .string(spec)),
      ("complete", .bool(complete)),
      ("cutoff", cutoff.map { .string($0.rawValue) } ?? .null),
      ("states", .int(states)),
      ("transitions", .int(transitions)),
      ("pruned", .int(pruned)),
      ("depth", .int(depth)),
      (
        "violationCounts",
        .object(
          violationCounts.sorted { $0.key < $1.key }.map { ($0.key.rawValue, .int($0.value)) })
      ),
      ("violations", .array(violations.map(\.jsonValue))),
      ("warnings", .array(warnings.map(\.jsonValue))),
      (
        "coverage",
        .object([("fired", .int(coveredDeclarations)), ("declared", .int(totalDeclarations))])
      ),
      (
        "fingerprintCollisionProbability",
        JSONValue(.number(String(fingerprintCollisionProbability)))
      ),
      ("exact", .bool(exact)),
      ("threads", .int(threads)),
      ("seconds", .double(seconds)),
    ]
    // Only where it applies, so that a spec without tabs reports what it always did.
    if reduced { members.insert(("reduced", .bool(true)), at: 3) }
    if let fullProductReason {
      members.append(("fullProductReason", .string(fullProductReason)))
    }
    if let fullProductDeclaration {
      members.append(("fullProductDeclaration", fullProductDeclaration.jsonValue))
    }
    return .object(members)
  }
}

extension BoundClimb {
  /// `{"target": "4/3", "result": "4/2", "rungs": [...]}`: each rung climbed, in order, as
  /// `{"bounds", "complete", "cutoff", "states", "violations", "largest"}`, with `"unshown"`
  /// (`{"kind", "message", "declaration"}`) where it found what the result lacks.
  func jsonValue(_ paths: ReportPaths) -> JSONValue {
    .object([
      ("target", .string(target.words)),
      ("result", .string(result.words)),
      (
        "rungs",
        .array(
          rungs.map { rung in
            var members: [(String, JSONValue)] = [
              ("bounds", .string(rung.bounds.words)),
              ("complete", .bool(rung.cutoff == nil)),
              ("cutoff", rung.cutoff.map { .string($0.rawValue) } ?? .null),
              ("states", .int(rung.states)),
              ("violations", .int(rung.violations)),
              ("largest", .bool(rung.isLargest)),
            ]
            if !rung.unshown.isEmpty {
              members.append(
                (
                  "unshown",
                  .array(
                    CheckResult.relocating(rung.unshown, paths).map { violation in
                      .object([
                        ("kind", .string(violation.kind.rawValue)),
                        ("message", .string(violation.message)),
                        ("declaration", violation.declaration.map(\.jsonValue) ?? .null),
                      ])
                    })
                ))
            }
            return .object(members)
          })
      ),
    ])
  }
}

extension Violation {
  /// The violation as JSON: kind, message, declaration, count and trace; then, where there are
  /// some, `why` (lines) and `fixes` (`{"change", "cost"}`, each checked); and where fixes were
  /// searched or a reason not to was given, `fixSearch` (`{"searched": true, "rejected":
  /// [{"change", "reason"}]}`, or `{"searched": false, "reason"}`).
  public var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = [
      ("kind", .string(kind.rawValue)),
      ("message", .string(message)),
      ("declaration", declaration.map(\.jsonValue) ?? .null),
      ("count", .int(count)),
      ("trace", .array(trace.map(\.jsonValue))),
    ]
    if !why.isEmpty { members.append(("why", .array(why.map { .string($0) }))) }
    if !fixes.isEmpty { members.append(("fixes", .array(fixes.map(\.jsonValue)))) }
    if let search = fixSearchJSON { members.append(("fixSearch", search)) }
    return .object(members)
  }

  /// `fixSearch`: the changes tried that fail, each with why in `FixVerdict`'s words, or why
  /// fixes were not searched; `nil` where nobody searched or said why not.
  package var fixSearchJSON: JSONValue? {
    switch fixSearch {
    case .notSearched(nil): nil
    case .notSearched(let reason?):
      .object([("searched", .bool(false)), ("reason", .string(reason))])
    case .searched(let rejected):
      .object([
        ("searched", .bool(true)),
        (
          "rejected",
          .array(
            rejected.map {
              .object([
                ("change", .string($0.change)),
                ("reason", .string(FixVerdict.words($0.reason))),
              ])
            })
        ),
      ])
    }
  }
}

extension SuggestedFix {
  /// `{"change", "cost"}`.
  package var jsonValue: JSONValue {
    .object([("change", .string(change)), ("cost", cost.map { .string($0) } ?? .null)])
  }
}

extension DeclarationReference {
  /// `{"kind", "index", "title", "file", "line"}`.
  public var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = [
      ("kind", .string(kind.rawValue)), ("index", .int(index)), ("title", .string(title)),
    ]
    if let location {
      members.append(("file", .string(location.filePath)))
      members.append(("line", .int(location.line)))
      if let path = location.jsonPath { members.append(("jsonPath", .string(path))) }
    }
    return .object(members)
  }
}

extension Warning {
  /// `{"kind", "message", "declaration"}`.
  public var jsonValue: JSONValue {
    .object([
      ("kind", .string(kind.rawValue)), ("message", .string(message)),
      ("declaration", declaration.jsonValue),
    ])
  }
}

extension TraceStep {
  /// `{"event": {...}, "description": "...", "declarations": [...], "screen": {...},
  /// "state": {...} or null}`: the declarations that fired, and the destination acted on.
  public var jsonValue: JSONValue {
    .object([
      ("event", event.jsonValue),
      ("description", .string(description)),
      ("declarations", .array(declarations.map(\.jsonValue))),
      ("screen", screen.jsonValue),
      ("state", state?.jsonValue ?? .null),
    ])
  }
}

extension StateView {
  /// `{"environments": [{"style", "stack": [{"destination", …}]}]}`; with modules, `"module"`;
  /// with tabs, `"tabs": [{"tab", "selected", "stack"}]` (the selected tab's stack is also the
  /// first environment's); the app's presentation (§11.10) is the second environment, with
  /// `"presenter": "app"`.
  public var jsonValue: JSONValue {
    func stack(_ screens: [Screen]) -> JSONValue {
      .array(
        screens.map { screen in
          var members: [(String, JSONValue)] = [("destination", .string(screen.destination))]
          if let alert = screen.alert { members.append(("alert", .string(alert))) }
          if screen.showsDialog { members.append(("dialog", .bool(true))) }
          if let flow = screen.flow {
            members.append(
              ("flow", .object([("name", .string(flow.name)), ("next", .int(flow.next))])))
          }
          if !screen.pending.isEmpty {
            members.append(("pending", .array(screen.pending.map { .string($0) })))
          }
          return .object(members)
        })
    }
    var members: [(String, JSONValue)] = []
    if let module { members.append(("module", .string(module))) }
    if !flags.isEmpty { members.append(("flags", .array(flags.map { .string($0) }))) }
    if !appPending.isEmpty {
      members.append(("appPending", .array(appPending.map { .string($0) })))
    }
    if let toast { members.append(("toast", .string(toast))) }
    if let prompt { members.append(("prompt", .string(prompt))) }
    if !tabs.isEmpty {
      members.append(
        (
          "tabs",
          .array(
            tabs.enumerated().map { index, tab in
              .object([
                ("tab", .string(tab.name)), ("selected", .bool(index == selectedTab)),
                ("stack", stack(tab.stack)),
              ])
            })
        ))
    }
    members.append(
      (
        "environments",
        .array(
          environments.enumerated().map { index, environment in
            // The app's presentation (§11.10) says who presents it.
            .object(
              [("style", .string(environment.style.rawValue))]
                + (index == 1 && appPresents ? [("presenter", .string("app"))] : [])
                + [("stack", stack(environment.stack))])
          })
      ))
    return .object(members)
  }
}

extension CheckResult {
  /// The JSON report of a run: one object of the same shape for any number of specs,
  /// `{"tool": "navcheck", "version": "0.1.0", "results": [...]}` with one result object (SEMANTICS
  /// §9) per spec in the order they were checked, and file paths as `paths` prints them (relative
  /// to the working directory, as in every report). A result `--bounds auto` reached has a
  /// `ladder` (`BoundClimb.jsonValue`).
  package static func jsonReport(_ checks: [SpecCheck], paths: ReportPaths) -> String {
    let value: JSONValue = .object([
      ("tool", .string("navcheck")),
      ("version", .string(ToolInfo.version)),
      (
        "results",
        .array(
          checks.map { check in
            var value = check.result.relocated(paths).jsonValue
            if let climb = check.climb, case .object(var members) = value.kind {
              members.append((key: "ladder", value: climb.jsonValue(paths)))
              value.kind = .object(members)
            }
            return value
          })
      ),
    ])
    return value.text() + "\n"
  }

  /// The result with every declaration's file path made relative by `paths`.
  package func relocated(_ paths: ReportPaths) -> CheckResult {
    var copy = self
    copy.violations = Self.relocating(violations, paths)
    for i in copy.warnings.indices { paths.relocate(&copy.warnings[i].declaration) }
    if copy.fullProductDeclaration != nil { paths.relocate(&copy.fullProductDeclaration!) }
    return copy
  }

  /// `violations` with every declaration's file path made relative by `paths`.
  static func relocating(_ violations: [Violation], _ paths: ReportPaths) -> [Violation] {
    var copy = violations
    for i in copy.indices {
      if copy[i].declaration != nil { paths.relocate(&copy[i].declaration!) }
      for s in copy[i].trace.indices {
        paths.relocate(&copy[i].trace[s].screen)
        for d in copy[i].trace[s].declarations.indices {
          paths.relocate(&copy[i].trace[s].declarations[d])
        }
      }
    }
    return copy
  }
}

extension ReportPaths {
  /// Makes `declaration`'s file path relative.
  func relocate(_ declaration: inout DeclarationReference) {
    if let file = declaration.location?.filePath {
      declaration.location?.filePath = relative(file)
    }
  }
}
