/// A toast (SEMANTICS v3 §11.4): a banner over the screens that blocks nothing, which the user
/// may tap (it closes, then its actions run from the router its `start` names) or ignore, and
/// which goes away by itself where it `expires`. The app shows one toast at a time: a new one
/// replaces it.
///
/// ```swift
/// let posted = Toast(name: "Posted", start: .stack, level: .root,
///                    actions: [SequenceAction(.push(destination: "Status"))])
/// let action: Action = .toast(posted)
/// ```
public struct Toast: Sendable, Equatable {
  /// Where a toast is drawn, and so when it can be tapped.
  public enum Level: String, Sendable, Hashable, CaseIterable, Codable {
    /// Above everything (a window-level overlay): tappable wherever no alert shows.
    case window
    /// On the root environment's content (the tabs): hidden under anything presented, and not
    /// tappable there.
    case root
  }

  /// The toast's name (its words in traces; not necessarily unique).
  public var name: String
  /// The screen its tap's first action is performed from, as a deep link's (§11.1).
  public var start: DeepLink.Start
  /// The tab whose router its tap acts on, where `start` is `.tab`.
  public var tab: String?
  /// Where it is drawn.
  public var level: Level
  /// Whether it goes away by itself (a progress toast does not).
  public var expires: Bool
  /// What a tap does after closing it, in order; empty: the tap only closes it.
  public var actions: [SequenceAction]

  /// Creates a toast.
  public init(
    name: String, start: DeepLink.Start = .active, tab: String? = nil, level: Level = .window,
    expires: Bool = true, actions: [SequenceAction] = []
  ) {
    self.name = name
    self.start = start
    self.tab = tab
    self.level = level
    self.expires = expires
    self.actions = actions
  }
}
