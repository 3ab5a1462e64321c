/// A team's navigation: its destinations, flows, deep links, bounds and invariants.
///
/// Write one with the DSL, read one from JSON (SEMANTICS §8), then check it:
///
/// ```swift
/// let todoApp = NavigationSpec("TodoApp", root: "TodoList") {
///   Destination("TodoList") {
///     Push("TodoDetail")
///     Sheet("AddTodo").label("Add")
///   }
///   Destination("TodoDetail") { PopTo("TodoList") }
///   Destination("AddTodo") { DismissEnvironment().async().label("Save") }
/// }
/// .bounds(maxStackDepth: 6, maxPresentationDepth: 3)
///
/// let result = try todoApp.check()
/// ```
public struct NavigationSpec: Sendable, Equatable {
  /// The spec's name, as reports show it.
  public var name: String
  /// The destination the app starts on.
  public var root: String
  /// The destinations, in declaration order.
  public var destinations: [Destination]
  /// The flows, in declaration order.
  public var flows: [Flow]
  /// The deep links, in declaration order (which is the order of their events).
  public var deepLinks: [DeepLink]
  /// The bounds that keep the state space finite.
  public var bounds: Bounds
  /// The team's own invariants (DSL only; JSON cannot carry closures).
  public var invariants: [Invariant]
  /// Where the spec was declared.
  public var location: SourceLocation?
  /// Problems the DSL noticed while the spec was built (an `async` deep-link action, …);
  /// validation reports them with the others.
  var buildProblems: [SpecProblem] = []

  /// Creates a spec from model values (the DSL's builder initializer is the usual way).
  public init(
    name: String, root: String, destinations: [Destination], flows: [Flow] = [],
    deepLinks: [DeepLink] = [], bounds: Bounds = .default, invariants: [Invariant] = [],
    location: SourceLocation? = nil
  ) {
    self.name = name
    self.root = root
    self.destinations = destinations
    self.flows = flows
    self.deepLinks = deepLinks
    self.bounds = bounds
    self.invariants = invariants
    self.location = location
  }

  /// Returns the destination with this name, if the spec declares one.
  public func destination(named name: String) -> Destination? {
    destinations.first { $0.name == name }
  }

  /// Specs are equal when they say the same thing, wherever they were written; invariants are
  /// compared by name, as closures cannot be compared.
  public static func == (a: NavigationSpec, b: NavigationSpec) -> Bool {
    a.name == b.name && a.root == b.root && a.destinations == b.destinations && a.flows == b.flows
      && a.deepLinks == b.deepLinks && a.bounds == b.bounds
      && a.invariants.map(\.name) == b.invariants.map(\.name)
  }
}

/// A rule of the team's own that every reachable state must satisfy.
///
/// A state that breaks it is a violation named after it; the state counts but is not expanded.
///
/// ```swift
/// Invariant("at most two details") { state in state.count(of: "TodoDetail") <= 2 }
/// ```
public struct Invariant: Sendable {
  /// The name reports show.
  public var name: String
  /// The rule: `true` where the state is fine.
  public var holds: @Sendable (StateView) -> Bool
  /// Where the invariant was declared.
  public var location: SourceLocation?

  /// Creates an invariant from a predicate over the read-only state view.
  public init(
    name: String, location: SourceLocation? = nil, holds: @escaping @Sendable (StateView) -> Bool
  ) {
    self.name = name
    self.location = location
    self.holds = holds
  }
}
