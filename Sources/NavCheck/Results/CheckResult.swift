/// The outcome of checking a spec: the counts of SEMANTICS §7, the violations with their
/// shortest traces, and the whole-graph warnings.
///
/// ```swift
/// let result = try todoApp.check()
/// if !result.holds {
///   for violation in result.violations { print(violation.kind, violation.trace.count) }
/// }
/// ```
public struct CheckResult: Sendable {
  /// The spec's name.
  public var spec: String
  /// Whether every reachable state was explored.
  public var complete: Bool { cutoff == nil }
  /// Why the run stopped early, if it did.
  public var cutoff: Exploration.Cutoff?
  /// Distinct reachable states, the initial one included.
  public var states: Int
  /// (state, event) pairs that led to a state, new or already seen.
  public var transitions: Int
  /// (state, event) pairs cut by a bound.
  public var pruned: Int
  /// The largest BFS distance of a reachable state from the initial one.
  public var depth: Int
  /// (state, event) pairs and invariant-breaking states by kind, and trap states.
  public var violationCounts: [ViolationKind: Int]
  /// One violation per distinct (kind, declaration), each with its first trace in BFS order (a
  /// shortest one); sorted by kind, then by trace length.
  public var violations: [Violation]
  /// Unreachable destinations and dead transitions (complete runs only).
  public var warnings: [Warning]
  /// Declarations (transitions, alert buttons, flow steps, deep-link actions) that fired.
  public var coveredDeclarations: Int
  /// Declarations in the spec.
  public var totalDeclarations: Int
  /// Worker threads used.
  public var threads: Int
  /// Wall-clock seconds of the exploration.
  public var seconds: Double
  /// Bytes the explorer's visited set, parent links and edges took.
  public var memoryBytes: Int
  /// The part of `memoryBytes` the trap analysis's edges took.
  public var returnAnalysisBytes: Int

  /// Whether the run is complete and found no violation.
  public var holds: Bool { complete && violations.isEmpty }

  /// Distinct states per second.
  public var statesPerSecond: Double { seconds > 0 ? Double(states) / seconds : 0 }
}

/// A declaration of a spec that a violation or warning points at.
public struct DeclarationReference: Sendable, Hashable {
  /// The declaration in words: "TodoList: sheet AddTodo 'Add'".
  public var title: String
  /// Where it was written.
  public var location: SourceLocation?
}

/// A broken rule with the shortest sequence of events that breaks it.
///
/// ```swift
/// for step in violation.trace { print(step.description) }
/// // TodoList: tap 'Add' → sheet AddTodo
/// // AddTodo: async 'Save' starts
/// // user swipes the AddTodo sheet down          ✗ orphanedCompletion
/// ```
public struct Violation: Sendable {
  /// The rule.
  public var kind: ViolationKind
  /// What happened, in words.
  public var message: String
  /// The declaration involved (for `orphanedCompletion`, the pending async transition).
  public var declaration: DeclarationReference?
  /// How many (state, event) pairs broke the rule through this declaration.
  public var count: Int
  /// The events from the first screen, each with the screen tree after it. The last step of
  /// an event violation is the violating event, with no state after it.
  public var trace: [TraceStep]
}

/// One event of a trace.
public struct TraceStep: Sendable {
  /// The event, machine-readable, so a trace replays (`navcheck replay`).
  public var event: EventReference
  /// The event in words: "TodoList: tap 'Add' → sheet AddTodo".
  public var description: String
  /// The state after the event; `nil` for an event that broke a rule.
  public var state: StateView?
}

/// An event named the way people and replays name it (SEMANTICS §4).
///
/// ```swift
/// EventReference.transition(screen: "Cart", transition: .label("Checkout"))
/// EventReference.gesture(.swipeBack)
/// EventReference.complete(screen: "AddTodo", transition: .label("Save"), at: nil)
/// ```
public enum EventReference: Sendable, Hashable {
  /// A transition by its label or its index in the destination.
  public enum TransitionName: Sendable, Hashable, CustomStringConvertible {
    /// By label.
    case label(String)
    /// By 0-based index among the destination's transitions.
    case index(Int)

    public var description: String {
      switch self {
      case .label(let label): "'\(label)'"
      case .index(let index): "#\(index)"
      }
    }
  }

  /// A user gesture.
  public enum Gesture: String, Sendable, Hashable, CaseIterable {
    /// Swipe back from the active screen.
    case swipeBack
    /// Swipe the active sheet down.
    case swipeDown
  }

  /// The active screen's transition: a tap, or the start of an async transition.
  case transition(screen: String, transition: TransitionName)
  /// A gesture.
  case gesture(Gesture)
  /// A button of the active screen's alert, by label.
  case alertButton(String)
  /// A pending async transition completes; `at` is the screen's pre-order position where the
  /// screen name alone is ambiguous.
  case complete(screen: String, transition: TransitionName, at: Int?)
  /// A deep link arrives.
  case deepLink(String)
}

/// A finding about the spec's graph that is not a violation.
public struct Warning: Sendable, Hashable {
  /// What kind of warning.
  public enum Kind: String, Sendable, Hashable, Codable {
    /// A declared destination that no reachable state shows.
    case unreachableDestination
    /// A declared transition, flow step, alert button or deep-link action that never fires.
    case deadTransition
  }

  /// The kind.
  public var kind: Kind
  /// What it means, in words.
  public var message: String
  /// The declaration it is about.
  public var declaration: DeclarationReference
}
