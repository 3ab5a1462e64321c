/// One action of a sequence (SEMANTICS v2 §1): what a transition, an alert button, a deep link
/// or an onDismiss performs, in order, with where it was written and, for a show action, what
/// runs when the screen it shows is removed.
///
/// ```swift
/// SequenceAction(.sheet(destination: "Compose"),
///                onDismiss: OnDismiss(actions: [SequenceAction(.selectTab(tab: "Search"))]))
/// ```
public struct SequenceAction: Sendable, Equatable {
  /// What it does.
  public var action: Action
  /// What runs when the screen it shows is removed (`push`, `sheet`, `fullScreenCover` and
  /// `modal` only).
  public var onDismiss: OnDismiss?
  /// Where it was declared.
  public var location: SourceLocation?
  /// Mistakes the DSL noticed while building it; validation reports them.
  var buildProblems: [SpecProblem] = []

  /// Creates a sequence action.
  public init(_ action: Action, onDismiss: OnDismiss? = nil, location: SourceLocation? = nil) {
    self.action = action
    self.onDismiss = onDismiss
    self.location = location
  }

  /// Actions are equal when they say the same thing, wherever they were written.
  public static func == (a: SequenceAction, b: SequenceAction) -> Bool {
    a.action == b.action && a.onDismiss == b.onDismiss
  }
}

/// What a screen's router does when the screen is removed (SwiftUI's `onDismiss`; SEMANTICS
/// v2 §5): a non-empty sequence, performed after the whole event that removed the screen, from
/// the screen that showed it (`.screen`), from the top of that screen's stack (`.stack`) or
/// from the active screen (`.app`).
///
/// ```swift
/// Sheet("Compose").onDismiss { Alert("DraftSaved") }
/// ```
public struct OnDismiss: Sendable, Equatable {
  /// The actions, in order; never empty in a valid spec.
  public var actions: [SequenceAction]
  /// Which router performs them.
  public var actsOn: ActsOn
  /// Where it was declared.
  public var location: SourceLocation?

  /// Creates an onDismiss.
  public init(actions: [SequenceAction], actsOn: ActsOn = .screen, location: SourceLocation? = nil)
  {
    self.actions = actions
    self.actsOn = actsOn
    self.location = location
  }

  /// OnDismiss callbacks are equal when they say the same thing, wherever they were written.
  public static func == (a: OnDismiss, b: OnDismiss) -> Bool {
    a.actions == b.actions && a.actsOn == b.actsOn
  }
}

/// The router a callback or async work acts through (SEMANTICS v2 §1 `actsOn`): the screen's
/// own, its stack's (a per-tab router), or the app's (a global coordinator, a toast service).
///
/// ```swift
/// Push("Saved").onDismiss { Modal("Toast") }.actsOn(.app)
/// ```
public enum ActsOn: String, Sendable, Hashable, CaseIterable, Codable {
  /// The screen that showed it (or started it), wherever it is then.
  case screen
  /// The top screen, at that time, of that screen's stack.
  case stack
  /// The active screen at that time.
  case app
}
