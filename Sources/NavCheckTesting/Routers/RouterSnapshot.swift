import NavCheck

/// A router's own state, as its adapter reports it after each step: every router (or
/// coordinator, or view model) with its screen, its parent and the slot that binds it, its
/// pushed path, its sheet, cover and alert slots, and the async work it holds.
///
/// ```swift
/// RouterSnapshot(routers: [
///   .init(id: "root", screen: "TodoList", path: ["TodoDetail"], sheet: "add"),
///   .init(id: "add", screen: "AddTodo", parent: "root", slot: .sheet, pendingWork: [save.id]),
/// ])
/// ```
public struct RouterSnapshot: Sendable, Equatable, CustomStringConvertible {
  /// How a router is bound to its parent: the root, a place in its parent's pushed path, or
  /// one of its parent's presentation slots.
  ///
  /// An open kind: NavCheck adds slots as the semantics grows (an overlay modal, a tab).
  ///
  /// ```swift
  /// .init(id: "detail", screen: "Detail", parent: "root", slot: .path(0))
  /// ```
  public struct Slot: Sendable, Hashable, CustomStringConvertible {
    /// The slot's name: `root`, `path`, `sheet`, `fullScreenCover`.
    public let name: String
    /// For a path slot, the index in the parent's path (0 is the first pushed screen).
    public let pathIndex: Int?

    private init(_ name: String, pathIndex: Int? = nil) {
      self.name = name
      self.pathIndex = pathIndex
    }

    /// The app's root router: it has no parent.
    public static let root = Slot("root")
    /// The router of the screen at this index of its parent's pushed path (0 is the first
    /// pushed screen).
    public static func path(_ index: Int) -> Slot { Slot("path", pathIndex: index) }
    /// The router presented in its parent's sheet slot.
    public static let sheet = Slot("sheet")
    /// The router presented in its parent's full-screen-cover slot.
    public static let fullScreenCover = Slot("fullScreenCover")

    /// `root`, `path[2]`, `sheet`.
    public var description: String { pathIndex.map { "path[\($0)]" } ?? name }
  }

  /// One router.
  public struct Router: Sendable, Equatable, CustomStringConvertible {
    /// Its identity for its whole life; a router created later gets another.
    public var id: String
    /// The destination of the screen it routes for: the root of its stack.
    public var screen: String
    /// Its parent's id; `nil` for the root router.
    public var parent: String?
    /// The slot of its parent that binds it.
    public var slot: Slot
    /// The destinations pushed on its stack, bottom to top.
    public var path: [String]
    /// The id of the router it presents as a sheet.
    public var sheet: String?
    /// The id of the router it presents as a full-screen cover.
    public var fullScreenCover: String?
    /// The alert it shows, by name.
    public var alert: String?
    /// The async work it holds, not yet completed.
    public var pendingWork: [AsyncWork.ID]

    /// A router; only `id` and `screen` are required.
    public init(
      id: String, screen: String, parent: String? = nil, slot: Slot? = nil, path: [String] = [],
      sheet: String? = nil, fullScreenCover: String? = nil, alert: String? = nil,
      pendingWork: [AsyncWork.ID] = []
    ) {
      self.id = id
      self.screen = screen
      self.parent = parent
      self.slot = slot ?? (parent == nil ? .root : .sheet)
      self.path = path
      self.sheet = sheet
      self.fullScreenCover = fullScreenCover
      self.alert = alert
      self.pendingWork = pendingWork
    }

    /// Whether this router's `slot` holds the router `id`: its path has that place, or that
    /// presentation slot names it.
    func holds(_ id: String, in slot: Slot) -> Bool {
      if let index = slot.pathIndex { return path.indices.contains(index) }
      if slot == .sheet { return sheet == id }
      if slot == .fullScreenCover { return fullScreenCover == id }
      return false
    }

    /// `root: TodoList › TodoDetail, sheet → add, pending 1#0`.
    public var description: String {
      var text = "\(id)"
      if let parent { text += " (\(slot) of \(parent))" }
      text += ": " + ([screen] + path).joined(separator: " › ")
      if let sheet { text += ", sheet → \(sheet)" }
      if let fullScreenCover { text += ", fullScreenCover → \(fullScreenCover)" }
      if let alert { text += ", alert '\(alert)'" }
      if !pendingWork.isEmpty {
        text += ", pending " + pendingWork.map(\.description).joined(separator: " ")
      }
      return text
    }
  }

  /// Every router the app holds.
  public var routers: [Router]

  /// A snapshot of these routers.
  public init(routers: [Router]) { self.routers = routers }

  /// One router per line.
  public var description: String { routers.map(\.description).joined(separator: "\n") }

  /// The router with this id.
  public subscript(id: String) -> Router? { routers.first { $0.id == id } }

  // MARK: - What it shows

  /// The routers of each environment the app shows, from the root up: the router at the
  /// environment's root first, then the routers bound to its path. The walk follows each
  /// environment's first presentation and stops at a missing router or a cycle.
  var environments: [(style: StateView.Style, routers: [Router])] {
    guard let root = routers.first(where: { $0.parent == nil }) else { return [] }
    var result: [(StateView.Style, [Router])] = []
    var current = root
    var style = StateView.Style.root
    var seen: Set<String> = []
    while seen.insert(current.id).inserted {
      let pathRouters = routers.filter {
        $0.parent == current.id && $0.slot.pathIndex != nil
      }
      let members = [current] + pathRouters
      result.append((style, members))
      let next = members.lazy.compactMap { router -> (String, StateView.Style)? in
        if let sheet = router.sheet { return (sheet, .sheet) }
        if let cover = router.fullScreenCover { return (cover, .fullScreenCover) }
        return nil
      }.first
      guard let (id, nextStyle) = next, let child = self[id] else { break }
      current = child
      style = nextStyle
    }
    return result
  }

  /// The screens the app shows: each environment's style and stack, and the alert.
  var shown: ShownScreens {
    let environments = environments
    return ShownScreens(
      environments: environments.map { style, routers in
        ShownScreens.Environment(style: style, stack: [routers[0].screen] + routers[0].path)
      },
      alerts: environments.flatMap { $0.routers.compactMap(\.alert) })
  }
}

/// What a router shows: the chain of environments and the alerts; what the differential check
/// compares with the reference router.
struct ShownScreens: Equatable, CustomStringConvertible {
  struct Environment: Equatable {
    var style: StateView.Style
    var stack: [String]
  }

  var environments: [Environment]
  var alerts: [String]

  /// What the reference router shows in `state`.
  init(_ state: StateView) {
    environments = state.environments.map {
      Environment(style: $0.style, stack: $0.stack.map(\.destination))
    }
    alerts = state.alerts
  }

  init(environments: [Environment], alerts: [String]) {
    self.environments = environments
    self.alerts = alerts
  }

  /// On one line: `[TodoList › TodoDetail ⤷ sheet: AddTodo, alert 'Saved']`.
  var inline: String {
    let parts = environments.isEmpty ? ["no root router"] : environments.map(Self.words)
    var text = "[" + parts.joined(separator: " ")
    if !alerts.isEmpty { text += ", " + alertWords }
    return text + "]"
  }

  /// `TodoList › TodoDetail` then `  ⤷ sheet: AddTodo`, then the alerts.
  var description: String {
    var lines = environments.enumerated().map { index, environment in
      String(repeating: "  ", count: index) + Self.words(environment)
    }
    if lines.isEmpty { lines = ["(no root router)"] }
    if !alerts.isEmpty { lines.append(alertWords) }
    return lines.joined(separator: "\n")
  }

  /// `TodoDetail › Editor`, or `⤷ sheet: AddTodo` for a presented environment.
  private static func words(_ environment: Environment) -> String {
    let stack = environment.stack.joined(separator: " › ")
    return environment.style == .root ? stack : "⤷ \(environment.style.rawValue): " + stack
  }

  private var alertWords: String { "alert " + alerts.map { "'\($0)'" }.joined(separator: ", ") }
}
