/// One event of a trace, with the declarations that fired and the screens after it.
///
/// ```swift
/// for step in violation.trace {
///   print(step.description, step.location?.line ?? 0)
/// }
/// ```
public struct TraceStep: Sendable {
  /// The event, machine-readable, so a trace replays (`navcheck replay`).
  public var event: EventReference
  /// The event in words: "TodoList: tap 'Add' → sheet AddTodo".
  public var description: String
  /// The declarations that fired, in the order they acted: the transition, the alert button,
  /// the flow step a transition performed, each deep-link action; for a completion of work with
  /// outcomes, the outcome, then the work's transition. A gesture fires none.
  public var declarations: [DeclarationReference]
  /// The destination of the screen the event acts from; for a tab selection, the root of the
  /// tab it selects.
  public var screen: DeclarationReference
  /// The state after the event; `nil` for an event that broke a rule or was pruned.
  public var state: StateView?

  /// Where the step is declared: its first declaration, or for a gesture the destination it
  /// acts on.
  public var location: SourceLocation? { declarations.first?.location ?? screen.location }
}
