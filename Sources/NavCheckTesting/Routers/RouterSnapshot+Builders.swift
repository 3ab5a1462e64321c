import NavCheck

// Snapshots built from the shapes real routers have: one array of screens, a tree of
// coordinators, one router object per environment. Each builder binds parents and slots, and
// gives a router the caller names no id its place's id (see `RouterSnapshot.Frame.id`).

// MARK: - API: one array of screens

extension RouterSnapshot {
  /// One screen of a router that keeps every screen of the app in one array, bottom to top
  /// (SwiftfulRouting 6's shared screens, FlowStacks' `[Route<Screen>]`): its destination, how
  /// it was shown, and the alert and async work it holds.
  ///
  /// A push joins the stack of the environment below it; any other style starts a new
  /// environment, presented by the frame before it. The first frame is the app's root (or its
  /// tab's), whatever its style says.
  ///
  /// ```swift
  /// RouterSnapshot(frames: [
  ///   .root("TripList"),
  ///   .push("Trip", alert: "DeleteTrip"),
  ///   .sheet("EditTrip", id: "EditTrip-2", pendingWork: [save.id]),
  /// ])
  /// ```
  public struct Frame: Sendable, Equatable {
    /// How a frame's screen was shown: `root`, `push`, `sheet`, `fullScreenCover`, `modal`.
    ///
    /// An open kind: NavCheck adds styles as the semantics grows.
    ///
    /// ```swift
    /// RouterSnapshot.Frame(screen.name, style: .init(screen.segue))   // a PresentationStyle
    /// ```
    public struct Style: OpenKind {
      public let rawValue: String
      private init(named name: String) { rawValue = name }

      /// The app's root screen, or a tab's.
      public static let root = Style(named: "root")
      /// Pushed on the stack of the environment below.
      public static let push = Style(named: "push")
      /// The root of a sheet.
      public static let sheet = Style(environment: .sheet)
      /// The root of a full-screen cover.
      public static let fullScreenCover = Style(environment: .fullScreenCover)
      /// The root of an overlay modal (SEMANTICS §1 `modal`).
      public static let modal = Style(environment: .modal)

      /// The root, a push, then the root of each presented style.
      public static let allCases: [Style] =
        [root, push] + StateView.Style.presented.map { Style(environment: $0) }

      /// The root of an environment of `style`, named as the style is.
      ///
      /// ```swift
      /// RouterSnapshot.Frame.Style(environment: .fullScreenCover) == .fullScreenCover   // true
      /// ```
      public init(environment style: StateView.Style) { self.init(named: style.rawValue) }

      /// The style of the environment a frame of this style presents; `nil` for the root and
      /// a push.
      public var presentation: StateView.Style? {
        StateView.Style(presented: rawValue)
      }

      /// The style of a flow step, or of a router that names its styles as flow steps do.
      ///
      /// ```swift
      /// RouterSnapshot.Frame.Style(step.flowStep!.style)   // .push, .sheet or .fullScreenCover
      /// ```
      public init(_ style: PresentationStyle) {
        self = style.environment.map { Style(environment: $0) } ?? .push
      }
    }

    /// The destination of its screen.
    public var destination: String
    /// How it was shown.
    public var style: Style
    /// Its router's identity, where the router has one (SwiftfulRouting's screen id, a view
    /// model's id); `nil` to have the frame's place stand for it.
    ///
    /// A place is the chain of destinations from the app's root up to the frame, with the
    /// style of each presentation: `TripList/Trip/sheet:EditTrip`. It stays the same while the
    /// router lives (removing a screen removes everything above it), and changes when anything
    /// below it is replaced, as the reference router's environments do. Give the router's own
    /// id where it has one, so that a router the app keeps after its environment is dismissed
    /// and shows again is the same router, not a new one in the same place.
    public var id: String?
    /// The alert it shows, by name.
    public var alert: String?
    /// The async work its router holds, not yet completed.
    public var pendingWork: [AsyncWork.ID]

    /// A frame for the screen of `destination`, shown as `style`.
    ///
    /// ```swift
    /// RouterSnapshot.Frame(route.screen, style: .init(route.style), alert: route.alert)
    /// ```
    public init(
      _ destination: String, style: Style, id: String? = nil, alert: String? = nil,
      pendingWork: [AsyncWork.ID] = []
    ) {
      self.destination = destination
      self.style = style
      self.id = id
      self.alert = alert
      self.pendingWork = pendingWork
    }

    /// The app's root screen, or a tab's.
    ///
    /// ```swift
    /// .root("TripList")
    /// ```
    public static func root(
      _ destination: String, id: String? = nil, alert: String? = nil,
      pendingWork: [AsyncWork.ID] = []
    ) -> Frame {
      Frame(destination, style: .root, id: id, alert: alert, pendingWork: pendingWork)
    }

    /// A screen pushed on the stack of the environment below.
    ///
    /// ```swift
    /// .push("Trip", alert: "DeleteTrip")
    /// ```
    public static func push(
      _ destination: String, id: String? = nil, alert: String? = nil,
      pendingWork: [AsyncWork.ID] = []
    ) -> Frame {
      Frame(destination, style: .push, id: id, alert: alert, pendingWork: pendingWork)
    }

    /// The root of a sheet, presented by the frame before it.
    ///
    /// ```swift
    /// .sheet("EditTrip", pendingWork: [save.id])
    /// ```
    public static func sheet(
      _ destination: String, id: String? = nil, alert: String? = nil,
      pendingWork: [AsyncWork.ID] = []
    ) -> Frame {
      Frame(destination, style: .sheet, id: id, alert: alert, pendingWork: pendingWork)
    }

    /// The root of a full-screen cover, presented by the frame before it.
    ///
    /// ```swift
    /// .fullScreenCover("Welcome")
    /// ```
    public static func fullScreenCover(
      _ destination: String, id: String? = nil, alert: String? = nil,
      pendingWork: [AsyncWork.ID] = []
    ) -> Frame {
      Frame(destination, style: .fullScreenCover, id: id, alert: alert, pendingWork: pendingWork)
    }

    /// The root of an overlay modal, presented by the frame before it.
    ///
    /// ```swift
    /// .modal("Toast")
    /// ```
    public static func modal(
      _ destination: String, id: String? = nil, alert: String? = nil,
      pendingWork: [AsyncWork.ID] = []
    ) -> Frame {
      Frame(destination, style: .modal, id: id, alert: alert, pendingWork: pendingWork)
    }
  }

  /// A snapshot of an app whose screens are one array of frames: a router per frame, each
  /// pushed frame's router bound to its place in the path of its environment's root router,
  /// each presented frame's router bound to the slot of the frame before it.
  ///
  /// ```swift
  /// RouterSnapshot(
  ///   frames: screens.map { .init($0.destination, style: .init($0.segue), id: $0.id) },
  ///   retained: alerts.map { id, alert in .init("alert '\(alert)'", for: id) })
  /// ```
  ///
  /// - Complexity: O(number of frames)
  public init(
    frames: [Frame], module: String? = nil, flags: [String]? = nil, retained: [Retained] = []
  ) {
    var assembly = Assembly()
    assembly.append(frames, top: .root)
    self.init(routers: assembly.routers, module: module, flags: flags, retained: retained)
  }

  /// A snapshot of an app with a tab bar whose tabs each keep one array of frames: the first
  /// frame of tab `i` is its root, bound to slot `.tab(i)`.
  ///
  /// ```swift
  /// RouterSnapshot(
  ///   tabs: [[.root("Inbox"), .push("Thread")], [.root("Search"), .modal("Filters")]],
  ///   selectedTab: 1)
  /// ```
  public init(
    tabs: [[Frame]], selectedTab: Int, module: String? = nil, flags: [String]? = nil,
    retained: [Retained] = []
  ) {
    var assembly = Assembly()
    for (i, frames) in tabs.enumerated() { assembly.append(frames, top: .tab(i)) }
    self.init(
      routers: assembly.routers, selectedTab: selectedTab, module: module, flags: flags,
      retained: retained)
  }
}

// MARK: - API: coordinators

extension RouterSnapshot {
  /// A coordinator that owns one navigation path and presents child coordinators in its sheet,
  /// full-screen-cover and modal slots, nested (a coordinator with a `NavigationPath` and a
  /// `sheet` item, a view model with its own path and sheet).
  ///
  /// Where a sheet's content has no coordinator of its own (it shares its presenter's), give
  /// the sheet a coordinator of its screen alone: its stack is that screen.
  ///
  /// ```swift
  /// RouterSnapshot(coordinator: .init(
  ///   screen: "RecipeList", path: path,
  ///   sheet: sheet.map { .init(screen: $0, path: child?.path ?? []) }))
  /// ```
  public struct Coordinator: Sendable, Equatable {
    /// Its identity, where it has one; `nil` to have its place stand for it, as a frame's
    /// does (`RouterSnapshot.Frame.id`): `RecipeList/Recipe/fullScreenCover:CookingMode`.
    public var id: String?
    /// The destination at the root of its stack.
    public var screen: String
    /// The destinations pushed on its stack, bottom to top.
    public var path: [String]
    /// The alert it shows, by name.
    public var alert: String?
    /// The async work it holds, not yet completed.
    public var pendingWork: [AsyncWork.ID]
    /// The coordinator it presents in each presentation slot, in the order of
    /// `StateView.Style.presented`; an array because a struct cannot hold itself.
    private var presented = [Coordinator?](repeating: nil, count: StateView.Style.presented.count)

    /// The coordinator it presents in its slot of `style`.
    ///
    /// ```swift
    /// coordinator[presenting: .sheet] = .init(screen: "AddressBook")   // as .sheet = …
    /// ```
    public subscript(presenting style: StateView.Style) -> Coordinator? {
      get { StateView.Style.presented.firstIndex(of: style).flatMap { presented[$0] } }
      set {
        guard let i = StateView.Style.presented.firstIndex(of: style) else { return }
        presented[i] = newValue
      }
    }

    /// The coordinator of the sheet it presents.
    public var sheet: Coordinator? {
      get { self[presenting: .sheet] }
      set { self[presenting: .sheet] = newValue }
    }

    /// The coordinator of the full-screen cover it presents.
    public var fullScreenCover: Coordinator? {
      get { self[presenting: .fullScreenCover] }
      set { self[presenting: .fullScreenCover] = newValue }
    }

    /// The coordinator of the overlay modal it presents.
    public var modal: Coordinator? {
      get { self[presenting: .modal] }
      set { self[presenting: .modal] = newValue }
    }

    /// A coordinator; only `screen` is required.
    ///
    /// ```swift
    /// .init(screen: "Cart", path: ["Shipping"], sheet: .init(screen: "AddressBook"))
    /// ```
    public init(
      id: String? = nil, screen: String, path: [String] = [], sheet: Coordinator? = nil,
      fullScreenCover: Coordinator? = nil, modal: Coordinator? = nil, alert: String? = nil,
      pendingWork: [AsyncWork.ID] = []
    ) {
      self.id = id
      self.screen = screen
      self.path = path
      self.alert = alert
      self.pendingWork = pendingWork
      self.sheet = sheet
      self.fullScreenCover = fullScreenCover
      self.modal = modal
    }

    /// What it presents, by slot.
    var presentations: [(slot: Slot, coordinator: Coordinator)] {
      zip(StateView.Style.presented, presented).compactMap { style, coordinator in
        coordinator.map { (Slot(style), $0) }
      }
    }
  }

  /// A snapshot of an app whose root coordinator presents the others: a router per
  /// coordinator, bound to its presenter's slot.
  ///
  /// ```swift
  /// RouterSnapshot(coordinator: .init(
  ///   screen: "Cart", path: path, sheet: sheet.map { .init(screen: $0, path: sheetPath) }))
  /// ```
  ///
  /// - Complexity: O(number of coordinators)
  public init(
    coordinator: Coordinator, module: String? = nil, flags: [String]? = nil,
    retained: [Retained] = []
  ) {
    var assembly = Assembly()
    assembly.append(coordinator, parent: nil, slot: .root, place: coordinator.screen)
    self.init(routers: assembly.routers, module: module, flags: flags, retained: retained)
  }

  /// A snapshot of an app with a tab bar and a coordinator per tab, bound to slot `.tab(i)`.
  ///
  /// ```swift
  /// RouterSnapshot(
  ///   tabs: tabs.indices.map { .init(screen: tabs[$0], path: paths[$0]) },
  ///   selectedTab: selected)
  /// ```
  public init(
    tabs: [Coordinator], selectedTab: Int, module: String? = nil, flags: [String]? = nil,
    retained: [Retained] = []
  ) {
    var assembly = Assembly()
    for (i, coordinator) in tabs.enumerated() {
      assembly.append(coordinator, parent: nil, slot: .tab(i), place: coordinator.screen)
    }
    self.init(
      routers: assembly.routers, selectedTab: selectedTab, module: module, flags: flags,
      retained: retained)
  }
}

// MARK: - API: a router per environment

extension RouterSnapshot {
  /// The router object of one environment, bound to its presenter by an `isPresented`
  /// binding (the Router pattern: a `Router` per `NavigationStack` with a `presentingSheet`
  /// and a `presentingFullScreenCover` slot): its screen, its path, the slot of its presenter
  /// that presents it, and its alert and async work.
  ///
  /// In a list of environment routers each is presented by the one before it, unless
  /// `presentedBy` names another: a router that presents two environments at once (the bug
  /// "one active sheet per router" finds) lists both, the second with its presenter's id.
  ///
  /// ```swift
  /// RouterSnapshot(environments: [
  ///   .init(id: "root", screen: "Catalog", path: ["Product"]),
  ///   .init(id: "root.1", screen: "Cart", presentedIn: .sheet),
  /// ])
  /// ```
  public struct EnvironmentRouter: Sendable, Equatable {
    /// Its identity, where it has one; `nil` to have its place stand for it, as a frame's
    /// does (`RouterSnapshot.Frame.id`): `Catalog/Product/sheet:Cart`.
    public var id: String?
    /// The destination at the root of its stack.
    public var screen: String
    /// The destinations pushed on its stack, bottom to top.
    public var path: [String]
    /// The slot of its presenter that its `isPresented` binding reads: `.sheet`,
    /// `.fullScreenCover` or `.modal`; `nil` for a sheet. Not read for the first router, the
    /// app's root (or its tab's).
    public var presentedIn: Slot?
    /// The id of the router that presents it, listed before it; `nil` for the router just before
    /// it in the list.
    public var presentedBy: String?
    /// The alert it shows, by name.
    public var alert: String?
    /// The async work it holds, not yet completed.
    public var pendingWork: [AsyncWork.ID]

    /// A router of one environment; only `screen` is required.
    ///
    /// ```swift
    /// .init(id: router.id, screen: "Onboarding", presentedIn: .fullScreenCover, by: "root")
    /// ```
    public init(
      id: String? = nil, screen: String, path: [String] = [], presentedIn: Slot? = nil,
      by presentedBy: String? = nil, alert: String? = nil, pendingWork: [AsyncWork.ID] = []
    ) {
      self.id = id
      self.screen = screen
      self.path = path
      self.presentedIn = presentedIn
      self.presentedBy = presentedBy
      self.alert = alert
      self.pendingWork = pendingWork
    }
  }

  /// A snapshot of an app with one router object per environment, the app's root router
  /// first: each router is bound to the slot it names of the router before it (or of the one
  /// it names in `presentedBy`).
  ///
  /// ```swift
  /// RouterSnapshot(environments: routers.map { router in
  ///   .init(id: router.id, screen: router.screen, path: router.path, presentedIn: router.slot)
  /// })
  /// ```
  ///
  /// - Complexity: O(number of routers)
  public init(
    environments: [EnvironmentRouter], module: String? = nil, flags: [String]? = nil,
    retained: [Retained] = []
  ) {
    var assembly = Assembly()
    assembly.append(environments, top: .root)
    self.init(routers: assembly.routers, module: module, flags: flags, retained: retained)
  }

  /// A snapshot of an app with a tab bar and a list of environment routers per tab: the first
  /// router of tab `i` is its root, bound to slot `.tab(i)`.
  ///
  /// ```swift
  /// RouterSnapshot(
  ///   tabs: [[.init(screen: "Inbox")], [.init(screen: "Search"), .init(screen: "Filters")]],
  ///   selectedTab: 1)
  /// ```
  public init(
    tabs: [[EnvironmentRouter]], selectedTab: Int, module: String? = nil,
    flags: [String]? = nil, retained: [Retained] = []
  ) {
    var assembly = Assembly()
    for (i, routers) in tabs.enumerated() { assembly.append(routers, top: .tab(i)) }
    self.init(
      routers: assembly.routers, selectedTab: selectedTab, module: module, flags: flags,
      retained: retained)
  }
}

// MARK: - Internal API

/// Routers being assembled by a builder: each router is appended with its parent's
/// presentation slot set to it, and a router without an id gets its place.
private struct Assembly {
  private(set) var routers: [RouterSnapshot.Router] = []
  /// Where each router is in `routers`, by id, and the place of its stack's top screen.
  private var index: [String: (position: Int, top: String)] = [:]

  /// Appends `router`, whose stack's top screen has the place `top`; where it is bound to a
  /// presentation slot of a router already appended, sets that slot to it.
  mutating func append(_ router: RouterSnapshot.Router, top: String) {
    if let parent = router.parent, let p = index[parent]?.position, let style = router.slot.style {
      routers[p][presenting: style] = router.id
    }
    index[router.id] = (routers.count, top)
    routers.append(router)
  }

  /// The place of a screen `destination` shown as `slot` above the screen at `place`.
  static func place(of destination: String, in slot: RouterSnapshot.Slot, above place: String)
    -> String
  {
    slot.pathIndex == nil ? "\(place)/\(slot.name):\(destination)" : "\(place)/\(destination)"
  }

  mutating func append(_ frames: [RouterSnapshot.Frame], top: RouterSnapshot.Slot) {
    guard let first = frames.first else { return }
    var place = first.destination
    let rootID = first.id ?? place
    append(
      .init(
        id: rootID, screen: first.destination, slot: top, alert: first.alert,
        pendingWork: first.pendingWork), top: place)
    // The root router of the environment on top, and the router of the last frame.
    var (environment, previous) = (rootID, rootID)
    for frame in frames.dropFirst() {
      let slot: RouterSnapshot.Slot
      let parent: String
      if frame.style == .push, let e = index[environment]?.position {
        slot = .path(routers[e].path.count)
        parent = environment
        routers[e].path.append(frame.destination)
      } else {
        slot = Self.slot(presenting: frame.style)
        parent = previous
      }
      place = Self.place(of: frame.destination, in: slot, above: place)
      let id = frame.id ?? place
      append(
        .init(
          id: id, screen: frame.destination, parent: parent, slot: slot, alert: frame.alert,
          pendingWork: frame.pendingWork), top: place)
      if slot.pathIndex == nil { environment = id }
      previous = id
    }
  }

  /// The slot a frame of this style binds; a root frame after the first is bound to a root
  /// slot of the frame before it, which no router holds, so the checks report it.
  private static func slot(presenting style: RouterSnapshot.Frame.Style) -> RouterSnapshot.Slot {
    if let presented = style.presentation { return RouterSnapshot.Slot(presented) }
    return style == .root ? .root : .sheet
  }

  mutating func append(
    _ coordinator: RouterSnapshot.Coordinator, parent: String?, slot: RouterSnapshot.Slot,
    place: String
  ) {
    let id = coordinator.id ?? place
    let top = ([place] + coordinator.path).joined(separator: "/")
    append(
      .init(
        id: id, screen: coordinator.screen, parent: parent, slot: slot, path: coordinator.path,
        alert: coordinator.alert, pendingWork: coordinator.pendingWork), top: top)
    for (slot, child) in coordinator.presentations {
      append(
        child, parent: id, slot: slot, place: Self.place(of: child.screen, in: slot, above: top))
    }
  }

  mutating func append(_ environments: [RouterSnapshot.EnvironmentRouter], top: RouterSnapshot.Slot)
  {
    var previous: String?
    for environment in environments {
      let parent = previous.map { environment.presentedBy ?? $0 }
      let slot = parent == nil ? top : environment.presentedIn ?? .sheet
      let place =
        parent.map {
          Self.place(of: environment.screen, in: slot, above: index[$0]?.top ?? $0)
        } ?? environment.screen
      let id = environment.id ?? place
      append(
        .init(
          id: id, screen: environment.screen, parent: parent, slot: slot, path: environment.path,
          alert: environment.alert, pendingWork: environment.pendingWork),
        top: ([place] + environment.path).joined(separator: "/"))
      previous = id
    }
  }
}
