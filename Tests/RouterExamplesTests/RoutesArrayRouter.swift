import NavCheck
import NavCheckTesting

/// A route of a FlowStacks-style routes array: a screen, and how it is shown. A presented
/// screen's `withNavigation` says whether it is embedded in a `NavigationStack` of its own, so
/// that screens can be pushed in it (FlowStacks' `Route<Screen>`).
enum Route<Screen: Equatable>: Equatable {
  case push(Screen)
  case sheet(Screen, withNavigation: Bool)
  case cover(Screen, withNavigation: Bool)

  var screen: Screen {
    switch self {
    case .push(let screen), .sheet(let screen, _), .cover(let screen, _): screen
    }
  }

  var isPush: Bool { style == .push }

  /// How it is shown, as FlowStacks' `RouteStyle` says.
  var style: PresentationStyle {
    switch self {
    case .push: .push
    case .sheet: .sheet
    case .cover: .fullScreenCover
    }
  }

  /// Whether screens pushed on top of it are shown: a presentation's `NavigationStack`.
  var withNavigation: Bool {
    switch self {
    case .push: true
    case .sheet(_, let navigation), .cover(_, let navigation): navigation
    }
  }
}

/// FlowStacks' operations on a routes array, after its public API (`push`, `presentSheet`,
/// `presentCover`, `goBack`, `dismiss`, `goBackToRoot`).
extension Array {
  mutating func push<Screen>(_ screen: Screen) where Element == Route<Screen> {
    append(.push(screen))
  }

  /// FlowStacks' default is `withNavigation: false`: no `NavigationStack` in the sheet.
  mutating func presentSheet<Screen>(_ screen: Screen, withNavigation: Bool = false)
  where Element == Route<Screen> { append(.sheet(screen, withNavigation: withNavigation)) }

  mutating func presentCover<Screen>(_ screen: Screen, withNavigation: Bool = false)
  where Element == Route<Screen> { append(.cover(screen, withNavigation: withNavigation)) }

  /// Removes the top screen, pushed or presented.
  mutating func goBack<Screen>() where Element == Route<Screen> { removeLast() }

  /// Removes the top presentation and the screens pushed in it.
  mutating func dismiss<Screen>() where Element == Route<Screen> {
    if let i = lastIndex(where: { !$0.isPush }) { removeSubrange(i...) }
  }
}

/// A notes app on a FlowStacks-style routes array (`FlowStack($routes, withNavigation: true)
/// { FoldersView() }`): notes pushed on a folder, an alert to delete the folder, and a
/// new-folder sheet with a stack of its own (the icon picker), created by a network call that
/// closes the sheet and stops with its screen (a `.task`).
///
/// The bug: the app presents the sheet with `presentSheet(.newFolder)`, whose `withNavigation`
/// defaults to `false`. The icon picker's push is appended to the routes (FlowStacks asserts in
/// a debug build), but the sheet has no `NavigationStack` to show it: the user taps "Choose icon"
/// and nothing happens. The fixed app passes `withNavigation: true`.
///
/// Plain Swift, no SwiftUI; a class, so that a task's closure captures the app as a view's
/// closure captures its binding.
final class NotesApp {
  /// How the app presents the new-folder sheet.
  enum SheetNavigation {
    /// `presentSheet(screen)`: FlowStacks' default, no `NavigationStack` in the sheet.
    case libraryDefault
    /// `presentSheet(screen, withNavigation: true)`.
    case withNavigation
  }

  let root = "Folders"
  let sheets: SheetNavigation
  /// Every screen above the root: `FlowStack`'s binding.
  var routes: [Route<String>] = [] {
    // SwiftUI cancels the `.task` of a view that goes.
    didSet { tasks.cancelAll(ownedBy: { index(of: $0) == nil }) }
  }
  /// The alert of the top screen's view (its `@State`).
  var alert: String?
  /// The work the screens' `.task`s run, by the screen that started it.
  var tasks = PendingWork<() -> Void>()

  init(_ sheets: SheetNavigation) { self.sheets = sheets }

  /// "New folder" on the folders screen.
  func newFolder() { routes.presentSheet("NewFolder", withNavigation: sheets == .withNavigation) }

  /// What SwiftUI shows: the root, then each route but those pushed in a presentation without a
  /// `NavigationStack`, with its index in `routes`.
  var shown: [(index: Int, route: Route<String>)] {
    var navigation = true
    return routes.enumerated().compactMap { i, route in
      if !route.isPush { navigation = route.withNavigation }
      return route.isPush && !navigation ? nil : (i, route)
    }
  }

  /// The index in `routes` of the screen at `location` (-1 for the root); `nil` where it is not
  /// there.
  func index(of location: ScreenLocation) -> Int? {
    var (environment, position) = (0, 0)
    for i in -1..<routes.count {
      if i >= 0 {
        (environment, position) =
          routes[i].isPush ? (environment, position + 1) : (environment + 1, 0)
      }
      if (environment, position) == (location.environment, location.position) { return i }
    }
    return nil
  }
}

/// The notes app's routes as NavCheck drives them.
final class NotesAdapter: RouterAdapter {
  let app: NotesApp

  init(_ sheets: NotesApp.SheetNavigation = .libraryDefault) { app = NotesApp(sheets) }

  func perform(_ step: NavigationStep) throws {
    // The gestures, an alert's button: what SwiftUI writes back to FlowStack's binding.
    if SwiftUIWriteBack.routes(&app.routes, for: step, isPush: \.isPush) { return }
    if SwiftUIWriteBack.alert(&app.alert, for: step) { return }
    switch (step.event, step.actions.first?.action) {
    // The `.task { await create(); routes.dismiss() }` of the new-folder sheet.
    case (.startAsync(let work), _):
      app.tasks.start(work, at: step.screen) { [app] in app.routes.dismiss() }
    case (.completeAsync(let work), _): app.tasks.complete(work)?()
    case (_, .push(let screen)): app.routes.push(screen)
    case (_, .sheet("NewFolder")): app.newFolder()
    case (_, .alert(let alert, _, _)): app.alert = alert
    case (_, .dismiss(nil)): app.routes.goBack()
    case (_, .dismissEnvironment): app.routes.dismiss()
    default: throw RouterAdapterError.unsupported(step)
    }
  }

  func snapshot() -> RouterSnapshot {
    var frames =
      [(-1, RouterSnapshot.Frame.root(app.root))]
      + app.shown.map { ($0, .init($1.screen, style: .init($1.style))) }
    for f in frames.indices {
      frames[f].1.pendingWork = app.tasks.ids { app.index(of: $0) == frames[f].0 }
    }
    frames[frames.count - 1].1.alert = app.alert
    return RouterSnapshot(frames: frames.map(\.1))
  }
}
