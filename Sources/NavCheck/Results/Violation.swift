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
  /// The declaration involved: the one that broke the rule (for `orphanedCompletion`, the
  /// pending async transition; for `invariant`, the invariant); `nil` for a trap.
  public var declaration: DeclarationReference?
  /// How many (state, event) pairs broke the rule through this declaration.
  public var count: Int
  /// The events from the first screen, each with the screen tree after it. The last step of
  /// an event violation is the violating event, with no state after it.
  public var trace: [TraceStep]
  /// Why it happens, in words a developer acts on: what covers the screen an action comes
  /// from, when the work a removal orphans started, which ways out of a trap there are and
  /// which rule each breaks.
  public var why: [String] = []
  /// Changes to the spec that remove it, each checked (`NavigationSpec.suggestingFixes`).
  public var fixes: [SuggestedFix] = []
  /// Whether fixes were searched, and the changes tried that do not hold, each with why.
  public var fixSearch: FixSearch = .notSearched(reason: nil)

  /// Where to point at the violation: its declaration, or where there is none (a trap) the
  /// step that led into it.
  public var location: SourceLocation? { declaration?.location ?? trace.last?.location }

  /// The declaration that causes it: its own, or for a trap the one that led into it; what
  /// reports group findings by and fixes change.
  public var cause: DeclarationReference? { declaration ?? trace.last?.declarations.first }
}
