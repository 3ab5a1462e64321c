/// What an event or an action leads to.
enum EventOutcome: Sendable, Equatable {
  /// A state (the one the event was applied to, changed in place).
  case state
  /// A violation of a rule, naming the declaration involved.
  case violation(ViolationKind, declaration: Int)
  /// A bound cut it.
  case pruned
}
