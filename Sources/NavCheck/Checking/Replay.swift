/// Re-executing a trace, and seeded random walks: the "what happens if" tools.
///
/// ```swift
/// let replay = try spec.replay([
///   .transition(screen: "TodoList", transition: .label("Add")),
///   .gesture(.swipeDown),
/// ])
/// print(replay.ending)
/// ```
public struct Replay: Sendable {
  /// How a replay or walk ended.
  public enum Ending: Sendable, Equatable {
    /// Every step was possible; the last state is the final step's (or the initial state).
    case state
    /// Step `step` (0-based) broke a rule; step -1 is the first state (a custom invariant).
    /// A replay whose last state is a trap ends with a `.trap` violation at its last step.
    case violation(step: Int, kind: ViolationKind, message: String)
    /// Step `step` was cut by a bound.
    case pruned(step: Int)
    /// Step `step` is not possible in the state it came to, for `reason`.
    case impossible(step: Int, reason: String)
  }

  /// The initial state.
  public var initial: StateView
  /// The steps performed, each with the state after it (none after a violating or pruned step).
  public var steps: [TraceStep]
  /// How it ended.
  public var ending: Ending
  /// The rule broken, where it ended in a violation: its declaration (the transition, button,
  /// flow step or deep-link action that broke it; the invariant; none for a trap) and the
  /// steps that led there.
  public var violation: Violation?
  /// Whether the replay ended in a state whose trap verdict (SEMANTICS §6) was not settled:
  /// more states are reachable from it than a replay explores (1,000,000), so it may or may
  /// not be a trap. `check` settles it. Always `false` for walks and other endings.
  ///
  /// ```swift
  /// let replay = try spec.replay(trace)
  /// if replay.trapUnsettled { print("whether the last state is a trap is unknown") }
  /// ```
  public var trapUnsettled = false
}
