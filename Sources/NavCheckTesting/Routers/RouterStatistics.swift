import NavCheck

/// What a fuzzing or exhaustive run covered.
///
/// ```swift
/// let result = fuzzRouter(todoApp) { TodoRouterAdapter() }
/// print(result.statistics)   // "200 walks, 5,312 events, transitions fired 14/16, …"
/// ```
public struct RouterStatistics: Sendable, CustomStringConvertible {
  /// Sequences run (walks, or states explored in an exhaustive check).
  public var runs = 0
  /// Events performed on the router.
  public var events = 0
  /// Events performed, by kind.
  public var eventsByKind: [NavigationEvent.Kind: Int] = [:]
  /// Kinds the router does not support (`RouterAdapter.unsupportedEvents`): left out; with
  /// `.appPresentation` where the adapter does not present on the app.
  public var leftOut: Set<NavigationEvent.Kind> = []
  /// Declarations (transitions, alert buttons, flow steps, deep-link actions) that fired.
  public var coveredDeclarations = 0
  /// Declarations in the spec.
  public var totalDeclarations = 0
  /// The declarations that never fired, in words.
  public var uncovered: [String] = []
  /// The longest sequence run.
  public var longestRun = 0
  /// The most environments presented above the root in any state reached.
  public var deepestPresentation = 0
  /// Distinct reference states reached.
  public var distinctStates = 0
  /// Completions of work the reference router no longer held (cancelled with its screen, or
  /// kept past it), fired to check that the router ignores them.
  public var staleCompletions = 0
  /// What may make the run miss bugs: an adapter whose snapshots never report pending work.
  public var warnings: [String] = []
  /// The spec's own findings the run went on past (`RouterFuzzOptions.walksPastSpecFindings`),
  /// one note per declaration: the spec has a bug of its own there, and the router was tested
  /// past it.
  public var specFindings: [String] = []

  /// One paragraph.
  public var description: String {
    var parts = [
      "\(runs) \(runs == 1 ? "walk" : "walks")", "\(events) events",
      "transitions fired \(coveredDeclarations)/\(totalDeclarations)",
      "\(distinctStates) distinct states", "longest walk \(longestRun)",
      "deepest presentation \(deepestPresentation)",
    ]
    let kinds = NavigationEvent.Kind.allCases.compactMap { kind in
      eventsByKind[kind].map { "\(kind.rawValue) \($0)" }
    }
    if !kinds.isEmpty { parts.append("by kind: " + kinds.joined(separator: ", ")) }
    if staleCompletions > 0 { parts.append("stale completions \(staleCompletions)") }
    // The kinds of event left out (the app's presentations, `.appPresentation`, are no kind).
    let kindsLeftOut = NavigationEvent.Kind.allCases.filter(leftOut.contains)
    if !kindsLeftOut.isEmpty {
      parts.append(
        "left out (unsupported): " + kindsLeftOut.map(\.rawValue).joined(separator: ", "))
    }
    return ([parts.joined(separator: "; ")] + warnings.map { "warning: " + $0 } + specFindings)
      .joined(separator: "\n")
  }
}
