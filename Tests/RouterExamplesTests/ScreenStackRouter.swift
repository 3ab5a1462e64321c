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

  /// A screen shown, with its router's id.
  struct Screen {
    let id: String
    let destination: String
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
      shared.owners[work.id] = shared.snapshot()[id]
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
  /// The tasks the screens started, and the router each captured (as it was bound then).
  private var tasks = PendingWork<() -> Void>()
  private var owners: [AsyncWork.ID: RouterSnapshot.Router] = [:]
  private var screensShown = 0

  init(root: String, variant: Variant) {
    self.variant = variant
    stacks = [ScreenStack(style: .root, screens: [Screen(id: "root", destination: root)])]
  }

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
    let screen = Screen(id: "\(step.destination)-\(screensShown)", destination: step.destination)
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
    tasks.cancel { owners[$0]?.id == screen.id }
  }

  // MARK: - What NavCheck reads

  /// A router per screen: each stack's first screen routes it (its path: the screens pushed in
  /// it) and is bound to the screen that presents it; a pushed screen's router is bound to its
  /// place in that path. A task whose screen is gone keeps the router it captured, bound to a
  /// slot that no longer holds it.
  func snapshot() -> RouterSnapshot {
    var routers: [RouterSnapshot.Router] = []
    func router(_ screen: Screen, parent: String?, slot: RouterSnapshot.Slot, path: [String] = [])
      -> RouterSnapshot.Router
    {
      RouterSnapshot.Router(
        id: screen.id, screen: screen.destination, parent: parent, slot: slot, path: path,
        alert: alerts[screen.id], pendingWork: tasks.ids.filter { owners[$0]?.id == screen.id })
    }
    for stack in stacks {
      let root = stack.screens[0]
      let presenter = routers.indices.last
      if let presenter {
        if stack.style == .sheet {
          routers[presenter].sheet = root.id
        } else {
          routers[presenter].fullScreenCover = root.id
        }
      }
      routers.append(
        router(
          root, parent: presenter.map { routers[$0].id },
          slot: presenter == nil ? .root : stack.style == .sheet ? .sheet : .fullScreenCover,
          path: stack.screens.dropFirst().map(\.destination)))
      for (i, screen) in stack.screens.dropFirst().enumerated() {
        routers.append(router(screen, parent: root.id, slot: .path(i)))
      }
    }
    for id in tasks.ids {
      guard let owner = owners[id], !routers.contains(where: { $0.id == owner.id }) else {
        continue
      }
      routers.append(
        RouterSnapshot.Router(
          id: owner.id, screen: owner.screen, parent: owner.parent, slot: owner.slot,
          pendingWork: [id]))
    }
    return RouterSnapshot(routers: routers)
  }
}

/// The trip planner's screens as NavCheck drives them.
final class TripPlannerAdapter: RouterAdapter {
  let screens: ScreenStackRouter
  /// The app's flows: the screens each queues.
  let flows = [
    "Onboarding": [
      FlowStep(style: .fullScreenCover, destination: "Welcome"),
      FlowStep(style: .sheet, destination: "Permissions"),
    ]
  ]

  init(_ variant: ScreenStackRouter.Variant) {
    screens = ScreenStackRouter(root: "TripList", variant: variant)
  }

  func perform(_ step: NavigationStep) throws {
    let router = try screens.router(at: step.screen)
    switch step.event {
    case .transition(let action, _): try perform(action, by: router, step)
    case .alertButton(_, _, let action):
      router.dismissAlert()
      if let action { try perform(action, by: router, step) }
    case .swipeBack: screens.dismissScreen(id: router.id)
    case .swipeDown: router.dismissEnvironment()
    case .startAsync(let work) where work.action == .dismiss(destination: nil):
      // `Task { try await save(); router.dismissScreen() }`
      router.startTask(work) { router.dismissScreen() }
    case .completeAsync(let work): screens.completeTask(work)
    default: throw RouterAdapterError.unsupported(step)
    }
  }

  func perform(_ action: Action, by router: ScreenStackRouter.ScreenRouter, _ step: NavigationStep)
    throws
  {
    switch action {
    case .push(let destination): router.showScreen(.push, destination)
    case .alert(let alert, _, _): router.showAlert(alert)
    case .startFlow(let flow):
      router.addScreensToQueue(flows[flow] ?? [])
      router.showNextScreen()
    case .next: router.showNextScreen()
    case .dismiss(nil): router.dismissScreen()
    case .dismissTo(let destination): router.dismissScreens(to: destination)
    default: throw RouterAdapterError.unsupported(step)
    }
  }

  func snapshot() -> RouterSnapshot { screens.snapshot() }
}
