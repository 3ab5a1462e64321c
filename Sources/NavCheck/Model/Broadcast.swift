/// One event handled by every live observer (SEMANTICS v3 §11.7): a "deleted" notification
/// that every live item page and editor dismisses on, or a URL that every loaded tab's router
/// handles (IceCubesApp's `.onOpenURL` on every tab's `NavigationStack`).
///
/// Where its guards hold and at least one screen of an observer's destination is in the
/// state, the broadcast arrives: each such screen of the event's start, in tree pre-order,
/// performs its observer's actions, from itself or from its stack's top, unless an earlier
/// observer removed it.
///
/// ```swift
/// NavigationSpec("Library", tabs: ["Home", "Search"]) {
///   Broadcast("deleted") {
///     Observer("Item") { Dismiss() }
///     Observer("Editor") { Dismiss() }
///   }
///   // destinations …
/// }
/// ```
public struct Broadcast: Sendable, Equatable {
  /// Its name, unique among the spec's broadcasts (any non-empty text).
  public var name: String
  /// The conditions it needs to arrive (`when` and `unless` only).
  public var guards = Guards()
  /// Its observers, in declaration order; never empty in a valid spec.
  public var observers: [Observer]
  /// Where it was declared.
  public var location: SourceLocation?
  /// Mistakes the DSL noticed while building it; validation reports them. Not part of
  /// equality.
  var buildProblems: [SpecProblem] = []

  /// Creates a broadcast from model values.
  ///
  /// ```swift
  /// let deleted = Broadcast(
  ///   name: "deleted",
  ///   observers: [.init(destination: "Item", actions: [SequenceAction(.dismiss(nil))])])
  /// ```
  public init(
    name: String, observers: [Observer], guards: Guards = Guards(),
    location: SourceLocation? = nil
  ) {
    self.name = name
    self.observers = observers
    self.guards = guards
    self.location = location
  }

  /// Broadcasts are equal when they say the same thing, wherever they were written.
  public static func == (a: Broadcast, b: Broadcast) -> Bool {
    a.name == b.name && a.guards == b.guards && a.observers == b.observers
  }

  /// An observer of a broadcast: every live screen of `destination` performs `actions` when the
  /// broadcast arrives (SEMANTICS v3 §11.7).
  ///
  /// ```swift
  /// Broadcast.Observer(destination: "Timeline", actsOn: .stack,
  ///                    actions: [SequenceAction(.push(destination: "Status"))])
  /// ```
  public struct Observer: Sendable, Equatable {
    /// The router an observer acts through.
    public enum ActsOn: String, Sendable, Hashable, CaseIterable, Codable {
      /// The observer screen itself.
      case screen
      /// The top screen, when it acts, of the observer screen's stack (the tab's or the
      /// environment's router).
      case stack
    }

    /// The destination whose screens observe; at most once per broadcast.
    public var destination: String
    /// Where its first action is performed from.
    public var actsOn: ActsOn
    /// The actions, performed in order; never empty in a valid spec.
    public var actions: [SequenceAction]
    /// Where it was declared.
    public var location: SourceLocation?
    /// Mistakes the DSL noticed while building it; validation reports them. Not part of
    /// equality.
    var buildProblems: [SpecProblem] = []

    /// Creates an observer from model values.
    public init(
      destination: String, actsOn: ActsOn = .screen, actions: [SequenceAction],
      location: SourceLocation? = nil
    ) {
      self.destination = destination
      self.actsOn = actsOn
      self.actions = actions
      self.location = location
    }

    /// Observers are equal when they say the same thing, wherever they were written.
    public static func == (a: Observer, b: Observer) -> Bool {
      a.destination == b.destination && a.actsOn == b.actsOn && a.actions == b.actions
    }
  }
}
