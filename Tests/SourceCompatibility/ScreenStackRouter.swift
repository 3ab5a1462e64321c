import NavCheck
import NavCheckTesting

/// A router after SwiftfulRouting 6: one shared array of screen stacks for the whole app (the
/// root stack, then one stack per sheet or full-screen cover, each with its pushed screens), a
/// router per screen that knows its screen's id (`@Environment(\.router)`), dismissals that
/// remove a screen with everything in front of it (`dismissScreen()`, `dismissEnvironment()`,
/// `dismissScreens(to:)`), a queue of screens for flows (`addScreensToQueue`, `showNextScreen`)
/// and alerts kept by router id.
///
/// The bug: a screen's network save runs in a `Task` started from a button, which captured the
/// screen's `router` and calls `router.dismissScreen()` when the request returns. Nothing cancels
/// the task when the user swipes the screen away, and in the first variant `dismissScreen()`
/// resolves its screen when it runs, as the last screen shown (what `dismissLastScreen()` does):
/// the caller's own screen whenever the user taps, but not when a completion runs later, which
/// dismisses whatever sits on top by then. The fixed variant scopes the work to its screen
/// (cancelled by the screen's `onDismiss`, as `.task` is) and dismisses by the router's screen
/// id, as SwiftfulRouting 6's `dismissScreen()` does: a no-op when that screen is gone.
///
/// Plain Swift, no SwiftUI: the stacks array is what the library's `RouterView`s render, a
/// swipe back or down is what their bindings write back, and `PendingWork` holds the tasks.
final class ScreenStackRouter {
  /// How a screen's work and its `dismissScreen()` behave.
  enum Variant {
    /// Work outlives its screen; `dismissScreen()` dismisses the last screen shown.
    case unscopedWork
    /// Work is cancelled with its screen; `dismissScreen()` dismisses the router's own screen.
    case screenScopedWork
  }

  /// A screen shown, with its router's id and the segue that showed it.
  struct Screen {
    let id: String
    let destination: String
    let segue: PresentationStyle
  }

  /// One stack: the root stack, or a presented environment's, with the screens pushed in it.
  struct ScreenStack {
    var style: StateView.Style
    var screens: [Screen]
  }

  /// The router a screen's view receives: the shared stacks, and its screen's id.
  struct ScreenRouter {
    let id: String
    unowned let shared: ScreenStackRouter

    func showScreen(_ style: PresentationStyle, _ destination: String) {
      shared.showScreen(FlowStep(style: style, destination: destination), from: id)
    }

    func dismissScreen() {
      switch shared.variant {
      case .unscopedWork: shared.dismissLastScreen()
      case .screenScopedWork: shared.dismissScreen(id: id)
      }
    }

    func dismissEnvironment() { shared.dismissEnvironment(of: id) }

    /// Dismisses everything in front of the nearest screen showing `destination` below this one.
    func dismissScreens(to destination: String) {
      let below = shared.allScreens.prefix { $0.id != id }
      if let target = below.last(where: { $0.destination == destination }) {
        shared.dismissScreens(to: target.id)
      }
    }

    func addScreensToQueue(_ steps: [FlowStep]) { shared.queue += steps }

    func showNextScreen() {
      guard !shared.queue.isEmpty else { return }  // the library logs an empty queue
      shared.showScreen(shared.queue.removeFirst(), from: id)
    }

    func showAlert(_ alert: String) { shared.alerts[id] = alert }

    func dismissAlert() { shared.alerts[id] = nil }

    /// Starts a screen's async work, which runs `completion` when it is done.
    func startTask(_ work: AsyncWork, completion: @escaping () -> Void) {
      shared.owners[work.id] = id
      shared.tasks.start(work, completion)
    }
  }

  let variant: Variant
  /// The active screen stacks, the root stack first.
  private(set) var stacks: [ScreenStack]
  /// The screens `showNextScreen()` shows, in order.
  private(set) var queue: [FlowStep] = []
  /// The alert each router shows, by router id.
  private(set) var alerts: [String: String] = [:]
  /// The tasks the screens started, and the id of the router each captured.
  private var tasks = PendingWork<() -> Void>()
  private var owners: [AsyncWork.ID: String] = [:]
  private var screensShown = 0

  init(root: String, variant: Variant) {
    self.variant = variant
    // The root's segue is never read: SwiftfulRouting shows its root as a cover's stack.
    let root = Screen(id: "root", destination: root, segue: .fullScreenCover)
    stacks = [ScreenStack(style: .root, screens: [root])]
  }

  /// The tasks still running, each with the id of the router it captured.
  var pendingTasks: [(id: AsyncWork.ID, router: String)] { tasks.ids.map { ($0, owners[$0]!) } }

  /// Every screen shown, bottom to top.
  var allScreens: [Screen] { stacks.flatMap(\.screens) }

  /// The router of the screen at `location` (its environment is its stack).
  func router(at location: ScreenLocation) throws -> ScreenRouter {
    guard stacks.indices.contains(location.environment),
      stacks[location.environment].screens.indices.contains(location.position)
    else { throw RouterAdapterError.noRouter(at: location) }
    return ScreenRouter(
      id: stacks[location.environment].screens[location.position].id, shared: self)
  }

  /// Runs what the task `work` started captured, where it is still running.
  func completeTask(_ work: AsyncWork) {
    tasks.complete(work)?()
    owners[work.id] = nil
  }

  // MARK: - Showing

  func showScreen(_ step: FlowStep, from id: String) {
    guard let s = stacks.firstIndex(where: { $0.screens.contains { $0.id == id } }) else { return }
    screensShown += 1
    let screen = Screen(
      id: "\(step.destination)-\(screensShown)", destination: step.destination, segue: step.style)
    switch step.style {
    case .push: stacks[s].screens.append(screen)
    case .sheet: stacks.insert(ScreenStack(style: .sheet, screens: [screen]), at: s + 1)
    case .fullScreenCover:
      stacks.insert(ScreenStack(style: .fullScreenCover, screens: [screen]), at: s + 1)
    }
  }

  // MARK: - Dismissing

  /// Dismisses the screen with this id and every screen in front of it; nothing where it is
  /// the root or gone. A swipe back or down writes it back through the stacks' bindings.
  func dismissScreen(id: String) {
    guard id != "root",
      let s = stacks.firstIndex(where: { $0.screens.contains { $0.id == id } }),
      let i = stacks[s].screens.firstIndex(where: { $0.id == id })
    else { return }
    let removed = Array(stacks[s].screens[i...]) + stacks[(s + 1)...].flatMap(\.screens)
    stacks.removeSubrange((s + 1)...)
    if i == 0 { stacks.remove(at: s) } else { stacks[s].screens.removeSubrange(i...) }
    for screen in removed.reversed() { screenDidDismiss(screen) }
  }

  func dismissLastScreen() {
    if let last = allScreens.last { dismissScreen(id: last.id) }
  }

  /// Dismisses the sheet or cover that contains the screen with this id.
  func dismissEnvironment(of id: String) {
    guard let s = stacks.firstIndex(where: { $0.screens.contains { $0.id == id } }), s > 0
    else { return }
    dismissScreen(id: stacks[s].screens[0].id)
  }

  /// Dismisses every screen in front of the screen with this id.
  func dismissScreens(to id: String) {
    let screens = allScreens
    if let i = screens.firstIndex(where: { $0.id == id }), i + 1 < screens.count {
      dismissScreen(id: screens[i + 1].id)
    }
  }

  /// A screen's `onDismiss`: where work is scoped to its screen, the screen's work is cancelled.
  private func screenDidDismiss(_ screen: Screen) {
    guard variant == .screenScopedWork else { return }
    tasks.cancel { owners[$0] == screen.id }
  }

  // MARK: - The trip planner's own code

  /// What "Take the tour" on the trip list does: queue the onboarding's screens (a cover, then
  /// a sheet), and show the first.
  static func takeTheTour(_ router: ScreenRouter) {
    router.addScreensToQueue([
      FlowStep(style: .fullScreenCover, destination: "Welcome"),
      FlowStep(style: .sheet, destination: "Permissions"),
    ])
    router.showNextScreen()
  }
}

// MARK: - What NavCheck drives and reads

/// The trip planner's screens, which are their own adapter.
typealias TripPlannerAdapter = ScreenStackRouter

extension ScreenStackRouter {
  /// The trip planner's screens, their work unscoped or scoped to its screen.
  convenience init(_ variant: Variant) { self.init(root: "TripList", variant: variant) }
}

/// The trip planner's screens as NavCheck drives them.
extension ScreenStackRouter: RouterAdapter {
  func perform(_ step: NavigationStep) throws {
    let router = try router(at: step.screen)
    if case .alertButton = step.event { router.dismissAlert() }
    switch (step.event, step.actions.first?.action) {
    case (.swipeBack, _), (_, .dismiss(nil)): router.dismissScreen()
    case (.swipeDown, _): router.dismissEnvironment()
    case (.startAsync(let work), _): router.startTask(work) { router.dismissScreen() }  // Save
    case (.completeAsync(let work), _): completeTask(work)
    case (.alertButton, nil): break
    case (_, .push(let destination)): router.showScreen(.push, destination)
    case (_, .alert(let alert, _, _)): router.showAlert(alert)
    case (_, .startFlow("Onboarding")): Self.takeTheTour(router)
    case (_, .next): router.showNextScreen()
    case (_, .dismissTo(let destination)): router.dismissScreens(to: destination)
    default: throw RouterAdapterError.unsupported(step)
    }
  }

  func snapshot() -> RouterSnapshot {
    RouterSnapshot(
      frames: allScreens.map {
        .init($0.destination, style: .init($0.segue), id: $0.id, alert: alerts[$0.id])
      },
      retained: pendingTasks.map { .init("task \($0.id)", for: $0.router) }
        + alerts.map { .init("alert '\($1)'", for: $0) })
  }
}
