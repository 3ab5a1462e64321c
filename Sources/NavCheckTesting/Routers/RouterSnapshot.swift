import NavCheck

/// A router's own state, as its adapter reports it after each step: every router (or
/// coordinator, or view model) with its screen, its parent and the slot that binds it, its
/// pushed path, its sheet, cover and alert slots, and the async work it holds.
///
/// Build it from the shape the router has (`init(frames:)` for one array of screens,
/// `init(coordinator:)` for nested coordinators, `init(environments:)` for a router per
/// environment), or list the routers:
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
    /// The slot's name: `root`, `tab`, `path`, `sheet`, `fullScreenCover`, `modal`.
    public let name: String
    /// For a path slot, the index in the parent's path (0 is the first pushed screen).
    public let pathIndex: Int?
    /// For a tab slot, the tab's index.
    public let tabIndex: Int?

    private init(_ name: String, pathIndex: Int? = nil, tabIndex: Int? = nil) {
      self.name = name
      self.pathIndex = pathIndex
      self.tabIndex = tabIndex
    }

    /// The app's root router: it has no parent.
    public static let root = Slot("root")
    /// The router of the screen at this index of its parent's pushed path (0 is the first
    /// pushed screen).
    public static func path(_ index: Int) -> Slot { Slot("path", pathIndex: index) }
    /// The router presented in its parent's sheet slot.
    public static let sheet = Slot(.sheet)
    /// The router presented in its parent's full-screen-cover slot.
    public static let fullScreenCover = Slot(.fullScreenCover)
    /// The router presented in its parent's overlay-modal slot (SEMANTICS §1 `modal`).
    public static let modal = Slot(.modal)

    /// The router presented in its parent's slot of a presentation style: one slot per
    /// presented style, named as the style is.
    ///
    /// ```swift
    /// RouterSnapshot.Slot(.fullScreenCover) == .fullScreenCover   // true
    /// ```
    public init(_ style: StateView.Style) { self.init(style.rawValue) }

    /// The presentation style of a presentation slot; `nil` for the root, a tab or a path.
    public var style: StateView.Style? {
      pathIndex == nil && tabIndex == nil ? StateView.Style(presented: name) : nil
    }
    /// The root router of the tab at this index of the app's tab bar (SEMANTICS §1): it has no
    /// parent, like `root`.
    public static func tab(_ index: Int) -> Slot { Slot("tab", tabIndex: index) }

    /// The router the app presents above the tabs (SEMANTICS v3 §11.10): it has no parent;
    /// `RouterSnapshot.app` names it with its style.
    public static let app = Slot("app")

    /// Whether it binds a router that has no parent: `root`, a tab, or the app's presentation.
    public var isTop: Bool { name == "root" || name == "tab" || name == "app" }

    /// `root`, `tab[1]`, `path[2]`, `sheet`.
    public var description: String {
      if let pathIndex { return "path[\(pathIndex)]" }
      if let tabIndex { return "tab[\(tabIndex)]" }
      return name
    }
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
    public var sheet: String? {
      get { self[presenting: .sheet] }
      set { self[presenting: .sheet] = newValue }
    }
    /// The id of the router it presents as a full-screen cover.
    public var fullScreenCover: String? {
      get { self[presenting: .fullScreenCover] }
      set { self[presenting: .fullScreenCover] = newValue }
    }
    /// The id of the router it presents as an overlay modal.
    public var modal: String? {
      get { self[presenting: .modal] }
      set { self[presenting: .modal] = newValue }
    }
    /// The id of the router it presents in each presentation slot, by the slot's style.
    private var presenting: [StateView.Style: String] = [:]
    /// The alert it shows, by name.
    public var alert: String?
    /// The async work it holds, not yet completed.
    public var pendingWork: [AsyncWork.ID]

    /// A router; only `id` and `screen` are required.
    public init(
      id: String, screen: String, parent: String? = nil, slot: Slot? = nil, path: [String] = [],
      sheet: String? = nil, fullScreenCover: String? = nil, modal: String? = nil,
      alert: String? = nil, pendingWork: [AsyncWork.ID] = []
    ) {
      self.id = id
      self.screen = screen
      self.parent = parent
      self.slot = slot ?? (parent == nil ? .root : .sheet)
      self.path = path
      self.alert = alert
      self.pendingWork = pendingWork
      self[presenting: .sheet] = sheet
      self[presenting: .fullScreenCover] = fullScreenCover
      self[presenting: .modal] = modal
    }

    /// The id of the router it presents in its slot of `style`; `nil` where that slot is
    /// empty.
    ///
    /// ```swift
    /// router[presenting: .sheet] = "add"   // the same as router.sheet = "add"
    /// ```
    public subscript(presenting style: StateView.Style) -> String? {
      get { presenting[style] }
      set { presenting[style] = newValue }
    }

    /// Whether this router's `slot` holds the router `id`: its path has that place, or that
    /// presentation slot names it.
    func holds(_ id: String, in slot: Slot) -> Bool {
      if let index = slot.pathIndex { return path.indices.contains(index) }
      if let style = slot.style { return self[presenting: style] == id }
      return false
    }

    /// The routers it presents, by slot, in the order of `StateView.Style.presented`: at most
    /// one in a correct router.
    var presentations: [(slot: Slot, style: StateView.Style, id: String)] {
      StateView.Style.presented.compactMap { style in
        self[presenting: style].map { (Slot(style), style, $0) }
      }
    }

    /// `root: TodoList › TodoDetail, sheet → add, pending 1#0`.
    public var description: String { description(naming: [:]) }

    /// The router on one line, its pending work named where `names` knows it:
    /// `add (sheet of root): AddTodo, pending AddTodo 'Save' [1#0]`.
    func description(naming names: [AsyncWork.ID: String]) -> String {
      var text = "\(id)"
      if let parent { text += " (\(slot) of \(parent))" }
      text += ": " + ([screen] + path).joined(separator: " › ")
      for presented in presentations { text += ", \(presented.slot) → \(presented.id)" }
      if let alert { text += ", alert '\(alert)'" }
      if !pendingWork.isEmpty {
        text +=
          ", pending "
          + pendingWork.map { id in names[id].map { "\($0) [\(id)]" } ?? "\(id)" }.joined(
            separator: ", ")
      }
      return text
    }
  }

  /// Every router the app holds.
  public var routers: [Router]
  /// The selected tab, where the app has a tab bar (its tabs' root routers have slot
  /// `.tab(i)`); 0 otherwise.
  public var selectedTab: Int
  /// The current module's name, where the spec has several; `nil` to leave it unchecked.
  public var module: String?
  /// The flags that are true in the app, in any order; `nil` to leave them unchecked.
  public var flags: [String]?
  /// The toast the app shows (SEMANTICS v3 §11.4); `.unchecked` (the default) for an app
  /// whose adapter does not report toasts.
  public var toast: ToastSlot = .unchecked
  /// The window prompt the app shows above every screen (SEMANTICS v3 §11.8); `.unchecked`
  /// (the default) for an app whose adapter does not report prompts.
  public var prompt: PromptSlot = .unchecked
  /// The app's presentation, above the tabs (SEMANTICS v3 §11.10): the router the app presents
  /// (bound to slot `.app`, with no parent) and its style; `nil` where the app presents
  /// nothing. Only an adapter with `supportsAppPresenter` has it compared.
  ///
  /// ```swift
  /// snapshot.app = app.presentedSheet.map { .init(router: $0.id, style: .sheet) }
  /// ```
  public var app: AppPresentation?

  /// What the app presents above the tabs (SEMANTICS v3 §11.10).
  public struct AppPresentation: Sendable, Equatable {
    /// The id of the router at the presentation's root.
    public var router: String
    /// How it is presented: sheet, full-screen cover or modal.
    public var style: StateView.Style

    /// The app presents the router `router` in `style`.
    public init(router: String, style: StateView.Style) {
      self.router = router
      self.style = style
    }
  }
  /// What the app keeps for a router, by the router's id, besides the router itself: a cached
  /// child router, an alert entry, a task. Each must be for a router of `routers`: one kept for
  /// a router that is gone breaks "no orphan bindings".
  public var retained: [Retained]

  /// A snapshot of these routers.
  ///
  /// ```swift
  /// RouterSnapshot(routers: [
  ///   .init(id: "inbox", screen: "Inbox", slot: .tab(0)),
  ///   .init(id: "search", screen: "Search", slot: .tab(1), path: ["Message"]),
  /// ], selectedTab: 1)
  /// ```
  public init(
    routers: [Router], selectedTab: Int = 0, module: String? = nil, flags: [String]? = nil,
    retained: [Retained] = []
  ) {
    self.routers = routers
    self.selectedTab = selectedTab
    self.module = module
    self.flags = flags
    self.retained = retained
  }

  /// The toast an app shows, as its adapter reports it.
  ///
  /// ```swift
  /// var snapshot = RouterSnapshot(routers: routers)
  /// snapshot.toast = toastCenter.toast.map { .shown($0.title) } ?? .none
  /// ```
  public enum ToastSlot: Sendable, Equatable {
    /// The adapter does not report toasts: they are not compared.
    case unchecked
    /// No toast is shown.
    case none
    /// The toast of this name (its spec name) is shown.
    case shown(String)
  }

  /// The window prompt an app shows, as its adapter reports it (SEMANTICS v3 §11.8).
  ///
  /// ```swift
  /// var snapshot = RouterSnapshot(routers: routers)
  /// snapshot.prompt = app.windowPrompt.map { .shown($0.title) } ?? .none
  /// ```
  public enum PromptSlot: Sendable, Equatable {
    /// The adapter does not report window prompts: they are not compared.
    case unchecked
    /// No window prompt is shown.
    case none
    /// The window prompt of this name (its spec name) is shown.
    case shown(String)
  }

  /// Something the app keeps for a router, named by the router's id: what a router holds about
  /// its children (a cache of child routers), or what the app holds by router (SwiftfulRouting's
  /// alerts by router id, a task that captured a router).
  ///
  /// ```swift
  /// RouterSnapshot(
  ///   frames: frames,
  ///   retained: alerts.map { id, alert in .init("alert '\(alert)'", for: id) }
  ///     + cachedChildren.keys.map { .init("a cached child router", for: $0) })
  /// ```
  public struct Retained: Sendable, Equatable, CustomStringConvertible {
    /// What is kept, in words: "a cached child router", "alert 'Delete'", "task 3#0".
    public var what: String
    /// The id of the router it is kept for.
    public var router: String

    /// `what`, kept for the router with id `router`.
    public init(_ what: String, for router: String) {
      self.what = what
      self.router = router
    }

    /// `task 3#0 for EditTrip-2`.
    public var description: String { "\(what) for \(router)" }
  }

  /// One router per line, after the module and the selected tab where they are given, then
  /// what is retained.
  public var description: String { description(naming: [:]) }

  /// The snapshot, its pending work named where `names` knows it.
  func description(naming names: [AsyncWork.ID: String]) -> String {
    var lines: [String] = []
    if let module { lines.append("module \(module)") }
    if let flags {
      lines.append("flags: " + (flags.isEmpty ? "none" : flags.sorted().joined(separator: ", ")))
    }
    switch toast {
    case .unchecked: break
    case .none: lines.append("toast: none")
    case .shown(let name): lines.append("toast '\(name)'")
    }
    switch prompt {
    case .unchecked: break
    case .none: lines.append("window prompt: none")
    case .shown(let name): lines.append("window prompt '\(name)'")
    }
    if let app { lines.append("app presents \(app.style.rawValue) → \(app.router)") }
    if routers.contains(where: { $0.slot.tabIndex != nil }) {
      lines.append("selected tab \(selectedTab)")
    }
    lines += routers.map { $0.description(naming: names) }
    if !retained.isEmpty {
      lines.append("retained: " + retained.map(\.description).joined(separator: ", "))
    }
    return lines.joined(separator: "\n")
  }

  /// The root routers of the tabs, by tab index.
  var tabRouters: [Router] {
    routers.filter { $0.parent == nil && $0.slot.tabIndex != nil }
      .sorted { $0.slot.tabIndex! < $1.slot.tabIndex! }
  }

  /// The router with this id.
  public subscript(id: String) -> Router? { routers.first { $0.id == id } }

  // MARK: - What it shows

  /// The routers of each environment the app shows, from the root up: the router at the
  /// environment's root first, then the routers bound to its path. The walk follows each
  /// environment's first presentation and stops at a missing router or a cycle.
  var environments: [(style: StateView.Style, routers: [Router])] {
    let tabs = tabRouters
    let root =
      tabs.isEmpty
      ? routers.first(where: { $0.parent == nil && $0.slot != .app })
      : tabs.first { $0.slot.tabIndex == selectedTab }
    guard let root else { return [] }
    var result: [(StateView.Style, [Router])] = []
    var current = root
    var style = StateView.Style.root
    var seen: Set<String> = []
    // The app's presentation follows the selected stack's environments (§11.10).
    var app = self.app.flatMap { app in self[app.router].map { ($0, app.style) } }
    while seen.insert(current.id).inserted {
      let pathRouters = routers.filter {
        $0.parent == current.id && $0.slot.pathIndex != nil
      }
      let members = [current] + pathRouters
      result.append((style, members))
      let next = members.lazy.compactMap { router in
        router.presentations.first.map { ($0.id, $0.style) }
      }.first
      guard let (id, nextStyle) = next, let child = self[id] else {
        guard let (appRouter, appStyle) = app else { break }
        app = nil
        current = appRouter
        style = appStyle
        continue
      }
      current = child
      style = nextStyle
    }
    return result
  }

  /// The screens the app shows: each environment's style and stack, and the alert; the tabs'
  /// stacks and the module.
  var shown: ShownScreens {
    let environments = environments
    let tabs = tabRouters
    return ShownScreens(
      environments: environments.map { style, routers in
        ShownScreens.Environment(style: style, stack: [routers[0].screen] + routers[0].path)
      },
      alerts: environments.flatMap { $0.routers.compactMap(\.alert) },
      tabs: tabs.map { [$0.screen] + $0.path }, selectedTab: tabs.isEmpty ? 0 : selectedTab,
      module: module, flags: flags?.sorted(),
      toast: {
        switch toast {
        case .unchecked: nil
        case .none: .some(nil)
        case .shown(let name): .some(name)
        }
      }(),
      prompt: {
        switch prompt {
        case .unchecked: nil
        case .none: .some(nil)
        case .shown(let name): .some(name)
        }
      }(),
      appPresents: app != nil)
  }
}
