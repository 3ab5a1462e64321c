import NavCheck

/// A router that broke a rule: which rule, what is wrong, and the steps that led there.
///
/// ```swift
/// if let failure = fuzzRouter(todoApp) { TodoRouterAdapter() }.failure {
///   print(failure)                  // the rule, the steps, the screens expected and shown
///   print(failure.xcTestMethod())   // a test to paste
/// }
/// ```
public struct RouterFailure: Error, Sendable, CustomStringConvertible {
  /// A rule a router keeps after every step.
  public enum Rule: Sendable, Hashable, CustomStringConvertible {
    /// A `RouterInvariant`, by name: the product's three or a team's own.
    case invariant(String)
    /// The screens the router shows equal the reference router's (SEMANTICS.md).
    case showsWhatTheReferenceShows
    /// The router throws no error (the adapter's `perform` or the router's factory threw).
    case throwsNoError
    /// Work the reference router no longer holds (cancelled with its screen, or kept past it)
    /// changes nothing when it completes anyway.
    case staleWorkDoesNothing
    /// The router does not crash the process (a journal left by a crashed run).
    case doesNotCrash

    public var description: String {
      switch self {
      case .invariant(let name): name
      case .showsWhatTheReferenceShows: "shows what the reference router shows"
      case .throwsNoError: "throws no error"
      case .staleWorkDoesNothing: "stale work does nothing"
      case .doesNotCrash: "does not crash"
      }
    }
  }

  /// The spec's name.
  public var spec: String
  /// The rule broken.
  public var rule: Rule
  /// What is wrong, in words.
  public var message: String
  /// The steps performed; the last is the one after which the rule broke. Empty where the
  /// router's first state breaks it.
  public var steps: [NavigationStep]
  /// What the reference router shows after the last step.
  public var expected: String
  /// The router's snapshot after the last step; `nil` where it threw.
  public var snapshot: RouterSnapshot?
  /// The spec's declaration behind the last step (the transition, button, deep-link action),
  /// where it has one: the spec line to look at.
  public var declaration: DeclarationReference?
  /// The work the steps started, by id, in words: how the snapshot's pending work is named.
  var workNames: [AsyncWork.ID: String] = [:]
  /// The steps (1-based) on which the check went on past the spec's own orphanedCompletion.
  var specFindings: [Int: SpecFinding] = [:]
  /// What the process said as it died, for a crash (the runtime's `Fatal error: …` line, the
  /// first frame of the app's code): printed under the first line.
  var crashOutput: [String] = []
  /// The reference router the steps ran on: what names a pasted test's transitions by what
  /// they do.
  var referenceRouter: ReferenceRouter?

  /// The steps as `assertRouterSequence` and `navcheck replay` name them.
  public var events: [EventReference] { steps.map(\.reference) }

  /// The failure in words: the rule, the numbered steps, the screens expected and the router's
  /// snapshot.
  public var description: String {
    var lines = ["\(spec): the router breaks '\(rule)': \(message)"]
    lines += crashOutput.map { "  " + $0 }
    if steps.isEmpty {
      lines.append("  in its first state, before any step")
    } else {
      lines.append("  after \(steps.count) step\(steps.count == 1 ? "" : "s"):")
      let width = String(steps.count).count
      for (i, step) in steps.enumerated() {
        lines.append("    " + String(i + 1).leftPadded(to: width) + ". \(step)")
        if let finding = specFindings[i + 1] {
          lines.append("    " + String(repeating: " ", count: width + 2) + finding.stepNote)
        }
      }
    }
    if let declaration {
      var line = "  the last step is declared at "
      if let location = declaration.location { line += "\(location.filePath):\(location.line): " }
      lines.append(line + declaration.title)
    }
    lines.append("  the reference router shows:")
    lines += expected.split(separator: "\n").map { "    " + $0 }
    if let snapshot {
      lines.append("  the router's snapshot:")
      lines += snapshot.description(naming: workNames).split(separator: "\n").map { "    " + $0 }
    }
    return lines.joined(separator: "\n")
  }
}
