/// A tab bar item that acts instead of selecting a tab (SEMANTICS v3 §11.5): IceCubesApp's
/// "Post" item presents the status editor as a sheet, and no tab is selected.
///
/// It belongs to a module with tabs (a spec that starts with `tabs`, or a `Module` with tabs).
/// Where the tab bar is in view and its guards hold, tapping it performs its sequence from the
/// top screen of the selected tab's stack, which is then the active screen.
///
/// ```swift
/// NavigationSpec("Mastodon", tabs: ["Timeline", "Notifications"]) {
///   TabButton("Post") { Sheet("Composer") }.when("loggedIn")
///   Destination("Timeline") { Push("Status") }
///   // …
/// }
/// ```
public struct TabButton: Sendable, Equatable {
  /// The item's name, unique among its module's tab buttons (`[A-Za-z_][A-Za-z0-9_]*`).
  public var name: String
  /// The actions, performed in order; never empty in a valid spec.
  public var actions: [SequenceAction]
  /// The conditions it needs to be offered (`when` and `unless` only: it has no screen of its
  /// own, so no pending work to wait for).
  public var guards = Guards()
  /// Where it was declared.
  public var location: SourceLocation?
  /// Mistakes the DSL noticed while building it; validation reports them. Not part of
  /// equality.
  var buildProblems: [SpecProblem] = []

  /// Creates a tab button from model values.
  public init(
    name: String, actions: [SequenceAction], guards: Guards = Guards(),
    location: SourceLocation? = nil
  ) {
    self.name = name
    self.actions = actions
    self.guards = guards
    self.location = location
  }

  /// Tab buttons are equal when they say the same thing, wherever they were written.
  public static func == (a: TabButton, b: TabButton) -> Bool {
    a.name == b.name && a.actions == b.actions && a.guards == b.guards
  }
}
