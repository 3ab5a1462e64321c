import NavCheck

/// A team's router, seen by NavCheck: it performs the spec's events and shows its own state.
///
/// Adopt it on the router itself or on a small wrapper. `perform` receives each event with the
/// screen it acts on, so the adapter can find the router object that owns that screen;
/// `snapshot` returns every router with its screen, parent, slots and pending work, which
/// NavCheck checks after every step against the product's invariants and the reference router.
///
/// ```swift
/// final class AppRouterAdapter: RouterAdapter {
///   let app = AppRoutes(root: "Home")   // every screen in one array, as FlowStacks keeps them
///
///   func perform(_ step: NavigationStep) throws {
///     switch step.event {
///     case .transition(.push(let d), _): app.routes.push(d)
///     case .transition(.sheet(let d), _): app.routes.presentSheet(d)
///     case .transition(.dismiss(nil), _), .swipeBack: app.routes.goBack()
///     case .startAsync(let work): app.top.tasks.start(work) { [app] in app.routes.goBack() }
///     case .completeAsync(let work): app.finish(work)
///     default: throw RouterAdapterError.unsupported(step)
///     }
///   }
///
///   func snapshot() -> RouterSnapshot {
///     RouterSnapshot(frames: [.root(app.root)] + app.routes.map {
///       .init($0.screen, style: .init($0.style), alert: $0.alert, pendingWork: $0.tasks.ids)
///     })
///   }
/// }
/// ```
public protocol RouterAdapter {
  /// Kinds of event the router does not handle; the checks leave them out and say so in their
  /// statistics. Default: none.
  static var unsupportedEvents: Set<NavigationEvent.Kind> { get }

  /// Whether the router presents on the app, above the tabs (SEMANTICS v3 §11.10: a
  /// `SequenceAction` whose `presenter` is `.app`), and reports that presentation in
  /// `RouterSnapshot.app`. Default: false, and the checks leave out every event whose actions
  /// present on the app.
  ///
  /// ```swift
  /// static var supportsAppPresenter: Bool { true }
  /// ```
  static var supportsAppPresenter: Bool { get }

  /// Whether the router performs appearances (SEMANTICS v3 §11.11): after each step, the
  /// onAppear of the screens it made appear (`NavigationStep.appearances`), by its views or by
  /// the adapter. Default: false, and a spec that declares onAppear is not fuzzed with it.
  static var supportsAppearances: Bool { get }

  /// Performs one event the way the app would. Throwing counts as a failure, with the
  /// sequence that led to it.
  mutating func perform(_ step: NavigationStep) throws

  /// The router's own state now: every router (or coordinator, or view model) it holds.
  func snapshot() -> RouterSnapshot
}

extension RouterAdapter {
  /// No kind is left out.
  public static var unsupportedEvents: Set<NavigationEvent.Kind> { [] }

  /// The app's presenter is not supported.
  public static var supportsAppPresenter: Bool { false }

  /// What the checks leave out: the unsupported kinds, and the events that present on the app
  /// where the router does not.
  static var leftOutEvents: Set<NavigationEvent.Kind> {
    unsupportedEvents.union(supportsAppPresenter ? [] : [.appPresentation])
  }
  /// Appearances are not performed.
  public static var supportsAppearances: Bool { false }
}

/// Errors an adapter throws for what it cannot do.
///
/// ```swift
/// default: throw RouterAdapterError.unsupported(step)
/// ```
public enum RouterAdapterError: Error, CustomStringConvertible {
  /// The router has no way to perform this step.
  case unsupported(NavigationStep)
  /// The adapter found no router for the step's screen.
  case noRouter(at: ScreenLocation)

  public var description: String {
    switch self {
    case .unsupported(let step): "the router cannot perform \(step)"
    case .noRouter(let screen): "no router owns \(screen)"
    }
  }
}
