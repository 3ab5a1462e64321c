import NavCheck
import NavCheckTesting

/// Three tabs, each pushing Detail up to two deep: 3 selected tabs × 3 stack heights per tab,
/// cubed, 81 states.
public let tabPathsSpec = NavigationSpec("TabPaths", tabs: ["Inbox", "Search", "Profile"]) {
  Destination("Inbox") { Push("Detail") }
  Destination("Search") { Push("Detail") }
  Destination("Profile") { Push("Detail") }
  Destination("Detail") { Push("Detail") }
}
.bounds(maxStackDepth: 3)

/// A value-type router that keeps each tab's path in a dictionary, an entry only while its tab
/// has a screen pushed: which tabs were pushed on first, and how many entries the dictionary
/// once held, set its iteration order, which differs from one process to the next (the hash
/// seed) and, within one, between two states with the same paths.
public struct TabPathsRouter: RouterAdapter {
  /// A tab.
  public enum Tab: String, CaseIterable, Sendable {
    case inbox = "Inbox", search = "Search", profile = "Profile"
  }

  /// A screen pushed on a tab.
  public enum Route: Hashable, Sendable {
    case detail(level: Int)
  }

  public var paths: [Tab: [Route]] = [:]
  public var selected = Tab.inbox

  public init() {}

  public mutating func perform(_ step: NavigationStep) throws {
    switch step.event {
    case .transition(.push, _):
      paths[selected, default: []].append(.detail(level: (paths[selected]?.count ?? 0) + 1))
    case .swipeBack:
      paths[selected]?.removeLast()
      if paths[selected]?.isEmpty == true { paths[selected] = nil }
    case .selectTab(let tab):
      guard let tab = Tab(rawValue: tab) else { throw RouterAdapterError.unsupported(step) }
      selected = tab
    case .reselectTab: paths[selected] = nil
    default: throw RouterAdapterError.unsupported(step)
    }
  }

  public func snapshot() -> RouterSnapshot {
    RouterSnapshot(
      tabs: Tab.allCases.map { tab in
        .init(screen: tab.rawValue, path: paths[tab, default: []].map { _ in "Detail" })
      }, selectedTab: Tab.allCases.firstIndex(of: selected) ?? 0)
  }
}
