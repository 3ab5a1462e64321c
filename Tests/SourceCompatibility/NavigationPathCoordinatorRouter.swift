import NavCheck
import NavCheckTesting

/// A coordinator after the "coordinator with `NavigationPath`" articles (such as Diki Dwi
/// Diro's "Mastering Navigation in SwiftUI Using Coordinator Pattern"): one coordinator owns
/// the root `NavigationStack(path: $coordinator.path)` and one `sheet` and one `fullScreenCover`
/// item, and the sheet's and the cover's content get the same coordinator through
/// `.environmentObject(coordinator)`.
///
/// The bug: a push from a screen inside the sheet calls the same `push`, which appends to the
/// one `path`, the root stack's: the screen lands under the modal, where the user cannot see
/// it, and is still there when the sheet closes. The fixed design gives each presented sheet or
/// cover a child coordinator with its own path, made fresh for each presentation and dropped,
/// with the work its screens started, when it is dismissed.
///
/// Plain Swift, no SwiftUI, and a value type (the articles' coordinator is an
/// `ObservableObject`), so that `checkRouterExhaustively` can explore it: the work its screens
/// start is kept as data, the coordinator method to call when it finishes.
struct NavigationPathCoordinator: Codable {
  /// The design the articles publish, or the fix.
  enum Design: String, Codable {
    /// One coordinator for the root stack and everything it presents.
    case sharedCoordinator
    /// A child coordinator per presented sheet or cover, with its own path.
    case childCoordinatorPerPresentation
  }

  /// How a coordinator presents: a presented screen calls `dismissSheet()` or
  /// `dismissFullScreenCover()` to close itself.
  enum Presentation: String, Codable {
    case sheet, fullScreenCover
  }

  let design: Design
  /// The destination at the root of its `NavigationStack`.
  let root: String
  /// The `NavigationStack`'s path.
  var path: [String] = []
  /// The `.sheet(item:)` item.
  var sheet: String?
  /// The `.fullScreenCover(item:)` item.
  var fullScreenCover: String?
  /// The work its screens started (their `Task`s), by id, with the presentation each closes
  /// when it finishes.
  var pendingWork = PendingWork<Presentation>()
  /// The fixed design's child coordinator, in an array because a struct cannot hold itself.
  private var children: [NavigationPathCoordinator] = []

  init(design: Design, root: String) {
    self.design = design
    self.root = root
  }

  /// The child coordinator of the sheet or cover (fixed design only).
  var child: NavigationPathCoordinator? {
    get { children.first }
    set { children = newValue.map { [$0] } ?? [] }
  }

  // MARK: - The coordinator's API

  mutating func push(_ screen: String) { path.append(screen) }

  mutating func pop() { path.removeLast() }

  mutating func presentSheet(_ screen: String) {
    sheet = screen
    if design == .childCoordinatorPerPresentation { child = Self(design: design, root: screen) }
  }

  mutating func presentFullScreenCover(_ screen: String) {
    fullScreenCover = screen
    if design == .childCoordinatorPerPresentation { child = Self(design: design, root: screen) }
  }

  mutating func dismissSheet() {
    sheet = nil
    child = nil
  }

  mutating func dismissFullScreenCover() {
    fullScreenCover = nil
    child = nil
  }

  /// What it presents: the sheet, where SwiftUI would show the sheet and the cover.
  var presentation: Presentation { sheet != nil ? .sheet : .fullScreenCover }

  mutating func dismiss(_ presentation: Presentation) {
    switch presentation {
    case .sheet: dismissSheet()
    case .fullScreenCover: dismissFullScreenCover()
    }
  }

  /// Closes what it presents.
  mutating func dismiss() { dismiss(presentation) }

  // MARK: - Which coordinator a screen has

  /// Runs `body` on the coordinator that the screens of environment `environment` hold (0 is
  /// the root stack's): the shared one, or the fixed design's child at that depth.
  mutating func update<Result>(
    _ environment: Int, _ body: (inout NavigationPathCoordinator) throws -> Result
  ) throws -> Result {
    guard environment > 0, design == .childCoordinatorPerPresentation else {
      return try body(&self)
    }
    guard var child else {
      throw RouterAdapterError.noRouter(
        at: .init(environment: environment, position: 0, destination: root))
    }
    defer { self.child = child }
    return try child.update(environment - 1, body)
  }

  // MARK: - What a screen's `Task` does

  /// A screen of environment `environment` starts its save: the `Task` keeps how the screen is
  /// shown, to close it when the work is done.
  mutating func startTask(_ work: AsyncWork, in environment: Int) throws {
    let presentation = try update(environment - 1) { $0.presentation }
    try update(environment) { $0.pendingWork.start(work, presentation) }
  }

  /// The work completes: its `Task`, where it still runs, closes the screen's presentation.
  mutating func completeTask(_ work: AsyncWork, in environment: Int) throws {
    guard let presentation = try update(environment, { $0.pendingWork.complete(work) }) else {
      return
    }
    try update(environment - 1) { $0.dismiss(presentation) }
  }
}

// MARK: - What NavCheck drives and reads

/// The recipe book's coordinator as NavCheck drives it.
extension NavigationPathCoordinator: RouterAdapter {
  mutating func perform(_ step: NavigationStep) throws {
    let e = step.screen.environment
    switch step.event {
    case .transition(.push(let screen), _): try update(e) { $0.push(screen) }
    case .transition(.sheet(let screen), _): try update(e) { $0.presentSheet(screen) }
    case .transition(.fullScreenCover(let screen), _):
      try update(e) { $0.presentFullScreenCover(screen) }
    case .transition(.dismiss(nil), _) where step.screen.position > 0, .swipeBack:
      try update(e) { $0.pop() }
    case .transition(.dismissEnvironment, _), .swipeDown: try update(e - 1) { $0.dismiss() }
    case .startAsync(let work) where work.action == .dismissEnvironment:
      try startTask(work, in: e)
    case .completeAsync(let work): try completeTask(work, in: e)
    default: throw RouterAdapterError.unsupported(step)
    }
  }

  func snapshot() -> RouterSnapshot { RouterSnapshot(coordinator: coordinator) }

  /// It and what it presents; a sheet or cover without a coordinator of its own is its screen.
  var coordinator: RouterSnapshot.Coordinator {
    let content = { child?.coordinator ?? .init(screen: $0) }
    return .init(
      screen: root, path: path, sheet: sheet.map(content),
      fullScreenCover: fullScreenCover.map(content), pendingWork: pendingWork.ids)
  }
}
