import NavCheck
import NavCheckTesting

/// A podcast app whose navigation is one array of routes, as FlowStacks keeps it
/// (`FlowStack($routes, withNavigation: true) { LibraryView() }`): every screen above the root,
/// in order, each pushed or presented as a sheet or a full-screen cover. The array's operations
/// are FlowStacks': `push`, `goBack()` (the top screen, however it was shown), `dismiss()` (the
/// top presentation, with the screens pushed in it), `dismissAll()` and `goBackToRoot()`.
///
/// Each route also carries what its view holds: the alert it shows and the work its `.task`
/// runs, which goes with the route when it leaves the array, as SwiftUI cancels a view's
/// `.task` when the view goes.
///
/// The bug: the app's link to a show goes back with FlowStacks' `dismissAll()` before it pushes
/// the show. `dismissAll()` closes what is presented but keeps the screens pushed on the root,
/// so a link that arrives while a show is open pushes a second one over it. The spec's
/// `DismissAll()` removes everything above the root: FlowStacks' `goBackToRoot()`, which the
/// fixed variant calls.
///
/// Plain Swift, no SwiftUI; a class, so that a task's closure captures the app as a view's
/// closure captures its `@Binding`.
final class PodcastRoutes {
  /// A screen above the root, how it is shown, and what its view holds.
  struct Route {
    var screen: String
    var style: PresentationStyle
    var alert: String?
    var tasks = PendingWork<() -> Void>()

    init(_ screen: String, _ style: PresentationStyle) {
      self.screen = screen
      self.style = style
    }

    var isPush: Bool { style == .push }
  }

  /// How the app's link to a show goes back before it pushes the show.
  enum LinkHandling {
    /// FlowStacks' `dismissAll()`: what is presented goes, the screens pushed on the root stay.
    case dismissAll
    /// FlowStacks' `goBackToRoot()`: every screen above the root goes.
    case goBackToRoot
  }

  /// The root screen, under the routes.
  let root: String
  let links: LinkHandling
  var routes: [Route] = []

  init(root: String, links: LinkHandling) {
    self.root = root
    self.links = links
  }

  /// The app's `.onOpenURL` for a link to a show: back, then the show.
  func openShow() {
    switch links {
    case .dismissAll: routes.dismissAll()
    case .goBackToRoot: routes.goBackToRoot()
    }
    routes.push("Show")
  }

  /// The top screen's route.
  var top: Route {
    get { routes[routes.count - 1] }
    set { routes[routes.count - 1] = newValue }
  }

  /// Work finishes: the `.task` that runs it continues, where its screen is still up.
  func finish(_ work: AsyncWork) {
    guard let i = routes.firstIndex(where: { $0.tasks.ids.contains(work.id) }) else { return }
    routes[i].tasks.complete(work)?()
  }
}

/// FlowStacks' operations on an array of routes.
extension [PodcastRoutes.Route] {
  mutating func push(_ screen: String) { append(.init(screen, .push)) }

  /// Removes the top screen, pushed or presented.
  mutating func goBack() { removeLast() }

  /// Removes the top presentation and the screens pushed in it.
  mutating func dismiss() {
    if let i = lastIndex(where: { $0.style != .push }) { removeSubrange(i...) }
  }

  /// Removes every presentation, and the screens pushed in them; keeps the screens pushed on
  /// the root.
  mutating func dismissAll() {
    if let i = firstIndex(where: { $0.style != .push }) { removeSubrange(i...) }
  }

  /// Removes every screen above the root.
  mutating func goBackToRoot() { removeAll() }
}

/// The podcast app's routes as NavCheck drives them.
final class PodcastAdapter: RouterAdapter {
  let app: PodcastRoutes

  /// The app as it ships, or (`.goBackToRoot`) with the fix.
  init(_ links: PodcastRoutes.LinkHandling = .dismissAll) {
    app = PodcastRoutes(root: "Library", links: links)
  }

  func perform(_ step: NavigationStep) throws {
    // A swipe, an alert's button: SwiftUI writes them back to the routes (`FlowStack($routes)`).
    if SwiftUIWriteBack.routes(&app.routes, for: step, isPush: \.isPush, alert: \.alert) { return }
    switch step.event {
    case .transition(.push(let screen), _): app.routes.push(screen)
    case .transition(.startFlow, _), .transition(.next, _):
      guard let next = step.flowStep else { throw RouterAdapterError.unsupported(step) }
      app.routes.append(.init(next.destination, next.style))
    case .transition(.alert(let alert, _, _), _): app.top.alert = alert
    case .alertButton(_, _, .dismiss(nil)): app.routes.goBack()
    // The screen's `.task { await pay(); routes.dismiss() }`, cancelled with its screen.
    case .startAsync(let work): app.top.tasks.start(work) { [app] in app.routes.dismiss() }
    case .completeAsync(let work): app.finish(work)
    case .deepLink("show", _, _): app.openShow()
    default: throw RouterAdapterError.unsupported(step)
    }
  }

  func snapshot() -> RouterSnapshot {
    RouterSnapshot(
      frames: [.root(app.root)]
        + app.routes.map {
          .init($0.screen, style: .init($0.style), alert: $0.alert, pendingWork: $0.tasks.ids)
        })
  }
}
