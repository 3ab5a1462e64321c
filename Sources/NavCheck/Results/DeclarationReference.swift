/// A declaration of a spec: what a trace step fired, what a violation or warning points at.
///
/// It carries the declaration's identity (its kind and index), so reports never have to find a
/// declaration again by its name.
///
/// ```swift
/// for declaration in violation.trace.last?.declarations ?? [] {
///   print(declaration.kind, declaration.title, declaration.location?.line ?? 0)
/// }
/// // transition TodoList: Sheet AddTodo 'Add' 12
/// ```
public struct DeclarationReference: Sendable, Hashable {
  /// What kind of declaration it is.
  public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
    /// A destination (what a gesture acts on, what an unreachable-destination warning names).
    case destination
    /// A transition of a destination.
    case transition
    /// A button of an alert, wherever the alert is declared (a transition, a button's action, a
    /// deep link); an alert without buttons has an implicit "OK", which is the alert's own
    /// declaration.
    case alertButton
    /// A step of a flow.
    case flowStep
    /// An action of a deep link.
    case deepLinkAction
    /// The onDismiss of a show action (SEMANTICS §5): what runs when the screen it shows goes.
    case onDismiss
    /// An outcome of async work (SEMANTICS §1).
    case outcome
    /// A custom invariant.
    case invariant
    /// The tap of a toast (SEMANTICS v3 §11.4): its actions, wherever the toast is declared.
    case toastTap
    /// A tab bar item that acts instead of selecting (SEMANTICS v3 §11.5): one declaration
    /// whatever the length of its sequence, as a transition is.
    case tabButton
    /// An observer of a broadcast (SEMANTICS v3 §11.7): one declaration whatever the length of
    /// its sequence, fired each time an observer screen of it acts.
    case broadcastObserver
    /// What a destination's screens do when they appear (SEMANTICS v3 §11.11): one
    /// declaration whatever the length of its sequence, titled "Timeline: onAppear".
    case onAppear
  }

  /// What kind of declaration it is.
  public var kind: Kind
  /// Its position among the spec's declarations of its kind, in declaration order: the n-th
  /// invariant of `spec.invariants` has index n, the n-th destination index n.
  public var index: Int
  /// The declaration in words: "TodoList: Sheet AddTodo 'Add'".
  public var title: String
  /// Where it was written.
  public var location: SourceLocation?

  /// A reference to a declaration.
  public init(kind: Kind, index: Int, title: String, location: SourceLocation?) {
    self.kind = kind
    self.index = index
    self.title = title
    self.location = location
  }
}
