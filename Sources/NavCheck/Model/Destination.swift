/// A screen of the app and the transitions it can trigger (SEMANTICS §1).
///
/// ```swift
/// Destination("AddTodo", navigation: true, swipeToDismiss: false) {
///   Push("DatePicker")
///   DismissEnvironment().async().label("Save")
/// }
/// ```
public struct Destination: Sendable, Equatable {
  /// The destination's name, unique in its spec: `[A-Za-z_][A-Za-z0-9_]*`.
  public var name: String
  /// When presented, whether its environment has a navigation stack (screens can be pushed).
  public var navigation: Bool
  /// When presented as a sheet, whether the user can swipe it down.
  public var swipeToDismiss: Bool
  /// Where `swipeToDismiss` is true, the conditions the swipe also needs (SEMANTICS v3 §11.3:
  /// `interactiveDismissDisabled(isSigningIn)` is `unlessPending` "Sign in"), read on the
  /// sheet's root screen; empty: none.
  public var swipeConditions = Guards()
  /// The transitions, in declaration order (which is the order of their events).
  public var transitions: [Transition]
  /// What its screens do when they appear (SEMANTICS v3 §11.11: `.onAppear`, `.task`); `nil`:
  /// nothing.
  public var onAppear: OnAppear?
  /// Where the destination was declared.
  public var location: SourceLocation?
  /// Mistakes the DSL noticed while building this node (an `async` deep-link action, …);
  /// validation reports them. Not part of equality.
  var buildProblems: [SpecProblem] = []

  /// Creates a destination from model values (the DSL's builder initializer is the usual way).
  public init(
    name: String, navigation: Bool = true, swipeToDismiss: Bool = true,
    transitions: [Transition] = [], location: SourceLocation? = nil
  ) {
    self.name = name
    self.navigation = navigation
    self.swipeToDismiss = swipeToDismiss
    self.transitions = transitions
    self.location = location
  }

  /// Destinations are equal when they say the same thing, wherever they were written.
  public static func == (a: Destination, b: Destination) -> Bool {
    a.name == b.name && a.navigation == b.navigation && a.swipeToDismiss == b.swipeToDismiss
      && a.swipeConditions == b.swipeConditions && a.transitions == b.transitions
      && a.onAppear == b.onAppear
  }
}
