// Async work with outcomes (SEMANTICS §1): one request that ends one of several ways, each
// its own completion event. `Async(label) { Outcome(…) { … } … }` declares it; the first outcome
// to fire ends the work.

/// Async work with outcomes: the user starts it on the active screen (labelled `label`) and it
/// completes later, one of several ways (success *or* failure of one request). Each `Outcome` is
/// its own completion event, a label and the actions performed when the work ends that way; the
/// first to fire ends the work.
///
/// ```swift
/// Destination("SignIn") {
///   Async("Sign in") {
///     Outcome("ok") { SetFlag("loggedIn", true); ShowModule("Main") }
///     Outcome("failed") { Alert("SignInFailed") }
///   }
/// }
/// Destination("Search") {
///   Async("Find") { Outcome("found") { Push("Message") }; Outcome("none") }.actsOn(.stack)
/// }
/// ```
///
/// It takes the modifiers of every transition: guards (`.when`, `.unless`, `.unlessPending` —
/// on its start), `.actsOn(_:)`, `.label(_:)` (which renames it) and `.async(cancelsOnDismiss:)`.
/// Work with one unlabeled outcome is any action made async:
/// `DismissEnvironment().async().label("Save")`.
public struct Async: TransitionNode {
  /// The transition this noun declares: async, labelled, with `outcomes` in place of actions.
  public var transition: Transition

  /// Declares async work and its outcomes, in the order of their completion events.
  ///
  /// ```swift
  /// Async("Send", cancelsOnDismiss: true) {
  ///   Outcome("sent") { DismissEnvironment() }
  ///   Outcome("failed") { Alert("SendFailed") }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - label: The work's name: traces say "async 'Send' completes: sent".
  ///   - cancelsOnDismiss: Whether the work is cancelled when the screen that started it is
  ///     removed (SwiftUI's `.task`).
  ///   - actsOn: The router its outcomes act through; the same as `.actsOn(_:)`.
  public init(
    _ label: String, cancelsOnDismiss: Bool = false, actsOn: ActsOn = .screen,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    @OutcomeBuilder _ outcomes: () -> [Outcome]
  ) {
    let outcomes = outcomes()
    transition = Transition(
      actions: [], trigger: .async(cancelsOnDismiss: cancelsOnDismiss), label: label,
      location: SourceLocation(fileID, filePath, line))
    transition.outcomes = outcomes.map(\.outcome)
    transition.actsOn = actsOn
    transition.buildProblems = outcomes.flatMap(\.problems)
  }
}

/// One way async work ends: a label and the actions performed, in order, when it ends that way
/// (none: the work ends, doing nothing). It belongs inside `Async(label) { … }`.
///
/// ```swift
/// Async("Pay") {
///   Outcome("authorised") { Next() }
///   Outcome("declined") { Alert("PaymentFailed") }
///   Outcome("cancelled")
/// }
/// ```
public struct Outcome: Sendable {
  /// The outcome this noun declares.
  public var outcome: AsyncOutcome
  var problems: [SpecProblem] = []

  /// Declares an outcome whose actions are performed, in order, when the work ends this way:
  /// the first from the screen its `Async`'s `actsOn` says, each next one from the screen the one
  /// before leaves active. The body may be empty or left out.
  ///
  /// ```swift
  /// Outcome("ok") { SetFlag("loggedIn", true); ShowModule("Main") }
  /// Outcome("cancelled") {}
  /// Outcome("cancelled")                 // the same
  /// ```
  public init(
    _ label: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    @SequenceBuilder _ actions: () -> [Transition] = { [] }
  ) {
    let location = SourceLocation(fileID, filePath, line)
    let (sequence, problems) = Transition.sequence(actions()) { _ in
      "the actions of outcome '\(label)' run when the work completes; remove '.async()' or '.label(_:)' from them"
    }
    outcome = AsyncOutcome(label: label, actions: sequence, location: location)
    self.problems = problems.map { problem in
      var problem = problem
      if problem.location == nil { problem.location = location }
      return problem
    }
  }
}

/// Builds the outcomes of an `Async`, in the order of their completion events.
/// `@OutcomeBuilder` helpers share outcomes between several `Async`s.
///
/// ```swift
/// @OutcomeBuilder var failures: [Outcome] {
///   Outcome("offline") { Alert("Offline") }
///   Outcome("cancelled")
/// }
/// Async("Send") { Outcome("sent") { DismissEnvironment() }; failures }
/// ```
@resultBuilder
public enum OutcomeBuilder {
  public static func buildExpression(_ outcome: Outcome) -> [Outcome] { [outcome] }
  public static func buildExpression(_ outcomes: [Outcome]) -> [Outcome] { outcomes }
  public static func buildBlock(_ parts: [Outcome]...) -> [Outcome] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [Outcome]?) -> [Outcome] { part ?? [] }
  public static func buildEither(first part: [Outcome]) -> [Outcome] { part }
  public static func buildEither(second part: [Outcome]) -> [Outcome] { part }
  public static func buildArray(_ parts: [[Outcome]]) -> [Outcome] { parts.flatMap { $0 } }
  public static func buildLimitedAvailability(_ part: [Outcome]) -> [Outcome] { part }

  @available(
    *, unavailable,
    message:
      "Async's body holds outcomes: wrap the actions in Outcome(\"done\") { … }; for work with one unlabeled outcome write the action with .async().label(\"Save\")"
  )
  public static func buildExpression<Node: TransitionNode>(_ node: Node) -> [Outcome] { [] }

  @available(
    *, unavailable,
    message:
      "a bare string is not an outcome: write Outcome(\"failed\") { … } or Outcome(\"cancelled\")"
  )
  public static func buildExpression(_ label: String) -> [Outcome] { [] }

  @available(
    *, unavailable,
    message:
      "a Button belongs inside an Alert: Outcome(\"failed\") { Alert(\"Failed\") { Button(\"OK\") } }"
  )
  public static func buildExpression(_ button: Button) -> [Outcome] { [] }

  @available(
    *, unavailable,
    message:
      "a Flag is declared at the top of the spec, beside the destinations; set it here with Outcome(\"ok\") { SetFlag(\"name\", true) }"
  )
  public static func buildExpression(_ flag: Flag) -> [Outcome] { [] }
}
