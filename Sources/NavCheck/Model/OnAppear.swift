/// Work started when a screen appears (SEMANTICS v3 §11.11): SwiftUI's `.onAppear` and `.task`.
/// IceCubesApp's signed-out timeline presents the add-account sheet each time it appears
/// (`TimelineTab.swift:72-74`); a detail page's `.task` loads, then pushes what it loaded.
///
/// A destination declares at most one. When a screen of the destination appears in an event
/// (it is shown after the event and was not before it) and the guards hold when its turn comes,
/// its actions are performed from that screen, as a transition's, at the end of the event.
///
/// ```swift
/// Destination("Timeline") {
///   OnAppear { Sheet("AddAccount") }.unless("signedIn")
/// }
/// ```
public struct OnAppear: Sendable, Equatable {
  /// The actions, performed in order from the screen that appears; never empty in a valid
  /// spec. A `.task` is an onAppear that starts work (`StartWork`).
  public var actions: [SequenceAction]
  /// The conditions it needs when its turn comes (`when` and `unless` only: `unlessPending` is
  /// invalid, starting pending work already does nothing).
  public var guards = Guards()
  /// Where it was declared.
  public var location: SourceLocation?
  /// Mistakes the DSL noticed while building it; validation reports them. Not part of
  /// equality.
  var buildProblems: [SpecProblem] = []

  /// Creates an onAppear from model values.
  ///
  /// ```swift
  /// let onAppear = OnAppear(
  ///   actions: [SequenceAction(.sheet(destination: "AddAccount"))],
  ///   guards: Guards(unless: "signedIn"))
  /// ```
  public init(
    actions: [SequenceAction], guards: Guards = Guards(), location: SourceLocation? = nil
  ) {
    self.actions = actions
    self.guards = guards
    self.location = location
  }

  /// OnAppears are equal when they say the same thing, wherever they were written.
  public static func == (a: OnAppear, b: OnAppear) -> Bool {
    a.actions == b.actions && a.guards == b.guards
  }
}
