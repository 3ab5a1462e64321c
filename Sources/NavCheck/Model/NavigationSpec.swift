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
  /// The destination the app starts on, where it starts with one stack (`root`); empty
  /// where it starts with `tabs` or `modules`.
  public var root: String
  /// The tabs the app starts with, by their root destinations (SEMANTICS §1); empty where it
  /// starts with `root` or `modules`.
  public var tabs: [String] = []
  /// The modules, the first being the start (SEMANTICS §1); empty where the app starts with
  /// `root` or `tabs`, which is one module named after the spec.
  public var modules: [Module] = []
  /// The tab bar items that act instead of selecting, where the app starts with `tabs`
  /// (SEMANTICS v3 §11.5); a `Module` holds its own.
  public var tabButtons: [TabButton] = []
  /// The flags, in declaration order (SEMANTICS §1).
  public var flags: [Flag] = []
  /// The destinations, in declaration order.
  public var destinations: [Destination]
  /// The flows, in declaration order.
  public var flows: [Flow]
  /// The deep links, in declaration order (which is the order of their events).
  public var deepLinks: [DeepLink]
  /// The broadcasts, in declaration order (SEMANTICS v3 §11.7): events that every live
  /// observer screen handles.
  public var broadcasts: [Broadcast] = []
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

  /// Creates a spec that starts with tabs or modules (SEMANTICS §1): give one of them.
  public init(
    name: String, tabs: [String] = [], modules: [Module] = [], destinations: [Destination],
    flows: [Flow] = [], deepLinks: [DeepLink] = [], bounds: Bounds = .default,
    invariants: [Invariant] = [], location: SourceLocation? = nil
  ) {
    self.init(
      name: name, root: "", destinations: destinations, flows: flows, deepLinks: deepLinks,
      bounds: bounds, invariants: invariants, location: location)
    self.tabs = tabs
    self.modules = modules
  }

  /// The modules the app has: those declared, or the one module its `root` or `tabs` make,
  /// named after the spec.
  public var startModules: [Module] {
    if !modules.isEmpty { return modules }
    var module = Module(name: name, root: tabs.isEmpty ? root : "", tabs: tabs, location: location)
    module.tabButtons = tabButtons
    return [module]
  }

  /// Returns the destination with this name, if the spec declares one.
  public func destination(named name: String) -> Destination? {
    destinations.first { $0.name == name }
  }

  /// Specs are equal when they say the same thing, wherever they were written; invariants are
  /// compared by name, as closures cannot be compared.
  public static func == (a: NavigationSpec, b: NavigationSpec) -> Bool {
    a.name == b.name && a.root == b.root && a.tabs == b.tabs && a.modules == b.modules
      && a.tabButtons == b.tabButtons && a.flags == b.flags && a.destinations == b.destinations
      && a.flows == b.flows
      && a.deepLinks == b.deepLinks && a.broadcasts == b.broadcasts && a.bounds == b.bounds
      && a.invariants.map(\.name) == b.invariants.map(\.name)
  }
}

/// An alternative app (SEMANTICS §1): signed out, signed in. It starts with one stack
/// (`root`) or with tabs (`tabs`, each named by its root destination); `ShowModule` switches to
/// it.
///
/// ```swift
/// Module("SignedOut", root: "SignIn")
/// Module("Main", tabs: ["Inbox", "Search", "Settings"])
/// ```
public struct Module: Sendable, Equatable {
  /// The module's name, unique in the spec.
  public var name: String
  /// Its one stack's root, or empty where it has tabs.
  public var root: String
  /// Its tabs' roots, or empty where it has one stack.
  public var tabs: [String]
  /// Its tab bar items that act instead of selecting (SEMANTICS v3 §11.5), in declaration
  /// order (the order of their events); only a module with tabs may have them.
  public var tabButtons: [TabButton] = []
  /// Where it was declared.
  public var location: SourceLocation?

  /// Creates a module; give `root` or `tabs`.
  public init(name: String, root: String = "", tabs: [String] = [], location: SourceLocation? = nil)
  {
    self.name = name
    self.root = root
    self.tabs = tabs
    self.location = location
  }

  /// The roots of its root environment's stacks: its tabs, or its one root.
  public var roots: [String] { tabs.isEmpty ? [root] : tabs }

  /// Modules are equal when they say the same thing, wherever they were written.
  public static func == (a: Module, b: Module) -> Bool {
    a.name == b.name && a.root == b.root && a.tabs == b.tabs && a.tabButtons == b.tabButtons
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
