/// Who performs a transition: the user, or work that completes later (SEMANTICS §1).
///
/// ```swift
/// Dismiss().async(cancelsOnDismiss: true)   // .async(cancelsOnDismiss: true)
/// ```
public enum Trigger: Sendable, Hashable {
  /// The active screen's user does it.
  case user
  /// Work started on the active screen that completes later; with `cancelsOnDismiss` the work is
  /// cancelled when its screen is removed (SwiftUI's `.task`).
  case async(cancelsOnDismiss: Bool)

  /// Whether this is an `async` trigger.
  public var isAsync: Bool { if case .async = self { true } else { false } }
}

/// A transition a destination declares: a sequence of actions (most often one), its trigger
/// and an optional label.
///
/// ```swift
/// Destination("TodoList") {
///   Sheet("AddTodo").label("Add")       // Transition(action: .sheet(destination: "AddTodo"), label: "Add")
/// }
/// ```
public struct Transition: Sendable, Equatable {
  /// What the transition does, in order (SEMANTICS §1: the first from the acting screen,
  /// then each from the screen the one before leaves active); never empty in a valid spec.
  public var actions: [SequenceAction]
  /// Who performs it.
  public var trigger: Trigger
  /// The name people know it by ("Add", "Save"); used in traces and to name it in a replay.
  public var label: String?
  /// The outcomes of async work (SEMANTICS §1), in place of `actions`: each its own completion
  /// event; `nil` for one unlabeled outcome, `actions`.
  public var outcomes: [AsyncOutcome]?
  /// The router an async transition's completion acts through (SEMANTICS §1 `actsOn`).
  public var actsOn: ActsOn = .screen
  /// Whether a tap starts it (async work only): `false` for work that only `start` actions
  /// start (SEMANTICS v3 §11.2, `Work(label) { … }`; JSON `"tap": false`).
  public var isStartedByTap = true
  /// The conditions it needs (SEMANTICS §1); for async work, its start's.
  public var guards = Guards()
  /// Where the transition was declared.
  public var location: SourceLocation?
  /// Mistakes the DSL noticed while building this node (an `async` deep-link action, …);
  /// validation reports them. Not part of equality.
  var buildProblems: [SpecProblem] = []
  /// An `OnAppear { … }` written in a destination's body (SEMANTICS v3 §11.11): the builder
  /// carries it as a transition, and the destination takes it out. Not part of equality.
  var appearance: OnAppear?

  /// Creates a transition of one action.
  public init(
    action: Action, trigger: Trigger = .user, label: String? = nil,
    location: SourceLocation? = nil
  ) {
    self.init(
      actions: [SequenceAction(action, location: location)], trigger: trigger, label: label,
      location: location)
  }

  /// Creates a transition that performs `actions` in order.
  public init(
    actions: [SequenceAction], trigger: Trigger = .user, label: String? = nil,
    location: SourceLocation? = nil
  ) {
    self.actions = actions
    self.trigger = trigger
    self.label = label
    self.location = location
  }

  /// The first action: the whole transition where it has one action. Setting it makes the
  /// transition that one action. (An invalid transition without actions reads as `dismissAlert`,
  /// which changes nothing; validation reports it.)
  public var action: Action {
    get { actions.first?.action ?? .dismissAlert }
    set { actions = [SequenceAction(newValue, location: location)] }
  }

  /// Transitions are equal when they say the same thing, wherever they were written.
  public static func == (a: Transition, b: Transition) -> Bool {
    a.actions == b.actions && a.trigger == b.trigger && a.label == b.label
      && a.outcomes == b.outcomes && a.actsOn == b.actsOn && a.guards == b.guards
      && a.isStartedByTap == b.isStartedByTap
  }
}
