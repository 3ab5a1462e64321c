/// A deep link: a named list of actions that can arrive in every state (SEMANTICS §1, §4).
///
/// It also models any event from outside the screen: a push notification, a server command,
/// an intent. `start` names the router it acts through (Docs/Semantics.md §11.1).
///
/// ```swift
/// DeepLink("promo", start: .root) {
///   DismissAll()
///   Push("TodoDetail")
/// }
/// DeepLink("mention", tab: "Notifications") { Push("Status") }  // that tab's router
/// ```
public struct DeepLink: Sendable, Equatable {
  /// Where a deep link's first action starts.
  ///
  /// A `switch` over it needs a `default:` arm or every case: v3 added `stack` and `tab`.
  public enum Start: String, Sendable, Hashable, CaseIterable, Codable {
    /// From the app root.
    case root
    /// From the active screen.
    case active
    /// From the top screen of the selected tab's stack (a plain root's stack): the router of
    /// the tab the user is in, whatever that screen presents.
    case stack
    /// From the top screen of the stack of the tab `DeepLink.tab` names, selected or not.
    case tab
  }

  /// The deep link's name, unique among the spec's deep links.
  public var name: String
  /// Where its first action starts.
  public var start: Start
  /// The tab whose stack it acts on (its root destination's name), where `start` is `.tab`.
  public var tab: String?
  /// The actions, performed in order; never empty in a valid spec.
  public var actions: [DeepLinkAction]
  /// The conditions it needs to arrive (SEMANTICS §1: `when` and `unless` only).
  public var guards = Guards()
  /// Where the deep link was declared.
  public var location: SourceLocation?
  /// Mistakes the DSL noticed while building this node (an `async` deep-link action, …);
  /// validation reports them. Not part of equality.
  var buildProblems: [SpecProblem] = []

  /// Creates a deep link from model values.
  public init(
    name: String, start: Start = .root, tab: String? = nil, actions: [DeepLinkAction],
    location: SourceLocation? = nil
  ) {
    self.name = name
    self.start = start
    self.tab = tab
    self.actions = actions
    self.location = location
  }

  /// Deep links are equal when they say the same thing, wherever they were written.
  public static func == (a: DeepLink, b: DeepLink) -> Bool {
    a.name == b.name && a.start == b.start && a.tab == b.tab && a.actions == b.actions
      && a.guards == b.guards
  }
}

/// One action of a deep link: a `SequenceAction` (deep links were sequences from the start).
public typealias DeepLinkAction = SequenceAction
