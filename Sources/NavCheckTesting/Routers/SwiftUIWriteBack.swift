import NavCheck

/// What SwiftUI's views write back to the state a router binds them to, for the events that are
/// the system's and not the app's: a swipe back pops the `NavigationStack`'s path, a swipe down
/// or a tap on a modal's background sets the presentation's item to `nil` (and the router its
/// content made goes with it), a tap on an alert's button or outside a dialog sets the alert's
/// item to `nil`, a tab bar sets its selection.
///
/// An adapter's `perform` plays SwiftUI's part for these and maps only the app's own calls. Each
/// helper takes the bound state `inout`, so that it serves a value-type router checked
/// exhaustively as well as a class; it does its write-back where `step` is one for it, and
/// returns whether SwiftUI's part was the whole step: `true` leaves nothing for the app's code to
/// do, `false` where the step is not the helper's, or where an alert's button has an action of
/// the app's to run after the alert closed.
///
/// ```swift
/// // Fragment: an adapter's perform(_:) for a FlowStacks-style `routes: [Route<Screen>]`
/// if SwiftUIWriteBack.routes(&routes, for: step, isPush: \.isPush) { return }
/// switch step.actions.first?.action {   // the app's own calls: a tap, a button's action
/// case .push(let screen): routes.push(screen)
/// ```
///
/// A helper acts on the state the adapter hands it: give it the path, item or routes of the
/// environment of `step.screen` (a gesture acts on the active screen, which is the top of a
/// routes array). Where a gesture's write-back is what the app's own code does too (a view
/// model that pops on the back button and on a swipe), call the app's code instead: a view
/// model that never hears of the swipe is the bug the check is for
/// (`NavigationDirectionRouter.swift`).
public enum SwiftUIWriteBack {
  // MARK: - API: a NavigationStack's path

  /// `NavigationStack(path: $path)`: a swipe back removes the path's last element; reselecting
  /// the selected tab empties it (SwiftUI pops a tab's stack to its root). Returns whether
  /// `step` was one of these.
  ///
  /// ```swift
  /// // Fragment: an adapter's perform(_:), its path of the acting screen's stack in `path`
  /// if SwiftUIWriteBack.path(&path, for: step) { return }
  /// ```
  ///
  /// An empty path is left as it is (SwiftUI pops nothing); the check then finds the screen the
  /// router failed to push.
  public static func path<Path: RangeReplaceableCollection & BidirectionalCollection>(
    _ path: inout Path, for step: NavigationStep
  ) -> Bool {
    if step.event.kind == .reselectTab {
      path.removeAll()
      return true
    }
    guard step.event.kind == .swipeBack else { return false }
    if !path.isEmpty { path.removeLast() }
    return true
  }

  // MARK: - API: a presentation's item

  /// `.sheet(item: $item)`, `.fullScreenCover(item:)`, an overlay's binding: a swipe down or a
  /// tap on the modal's background sets the item to `nil`. Returns whether `step` was one of
  /// these.
  ///
  /// Give it the item of the router that presents the acting screen's environment
  /// (`step.screen.environment - 1`), not the acting screen's own.
  ///
  /// ```swift
  /// // Fragment: an adapter's perform(_:), the presenter's `.sheet(item: $sheet)` item in `sheet`
  /// if SwiftUIWriteBack.presentation(&sheet, for: step) { return }
  /// ```
  public static func presentation<Item>(_ item: inout Item?, for step: NavigationStep) -> Bool {
    guard closesPresentation(step) else { return false }
    item = nil
    return true
  }

  /// A presentation and the router its content made (a child coordinator, the child `Router` a
  /// `RoutingView` creates in the sheet's content closure): a swipe down or a tap on the modal's
  /// background sets the item to `nil` and drops the content's router with it, as SwiftUI
  /// drops the content's `@StateObject`. Returns whether `step` was one of these.
  ///
  /// ```swift
  /// // Fragment: an adapter's perform(_:) for a coordinator with a `sheet` item and a `child`
  /// if SwiftUIWriteBack.presentation(&sheet, content: &child, for: step) { return }
  /// ```
  public static func presentation<Item, Content>(
    _ item: inout Item?, content: inout Content?, for step: NavigationStep
  ) -> Bool {
    guard closesPresentation(step) else { return false }
    item = nil
    content = nil
    return true
  }

  /// `.sheet(isPresented: $isPresented)`: a swipe down or a tap on the modal's background sets
  /// the flag to `false`. Returns whether `step` was one of these.
  ///
  /// ```swift
  /// // Fragment: an adapter's perform(_:), the presenter's `isShowingSettings` flag
  /// if SwiftUIWriteBack.presentation(&isShowingSettings, for: step) { return }
  /// ```
  public static func presentation(_ isPresented: inout Bool, for step: NavigationStep) -> Bool {
    guard closesPresentation(step) else { return false }
    isPresented = false
    return true
  }

  /// The router's content for a presentation's item, as SwiftUI builds it: the content closure
  /// (`.sheet(item: $item) { RoutingView(router: Router(…)) }`) runs when an item appears, and
  /// makes the content's router once; the router goes when the item goes back to `nil`. Call it
  /// after the app's code changed the item (a `didSet`, or after each step).
  ///
  /// ```swift
  /// // Fragment: a router's `var presentingSheet: Destination?`
  /// didSet { SwiftUIWriteBack.content(&sheetRouter, of: presentingSheet) { Router(root: $0) } }
  /// ```
  ///
  /// An item replaced by another while it is up is, to SwiftUI, a new presentation (with a new
  /// identity): give `makeContent` the new item by setting `content` to `nil` first.
  public static func content<Item, Content>(
    _ content: inout Content?, of item: Item?, _ makeContent: (Item) -> Content
  ) {
    guard let item else {
      content = nil
      return
    }
    if content == nil { content = makeContent(item) }
  }

  // MARK: - API: an alert's item

  /// `.alert(item: $alert)`, `.confirmationDialog`: a tap on one of its buttons, or outside a
  /// dialog, sets the item to `nil` before the button's action runs. Returns whether that was
  /// the whole step: `false` for a button with an action, which the adapter then performs as the
  /// app's code (`step.actions.first?.action`), and for any other event.
  ///
  /// ```swift
  /// // Fragment: an adapter's perform(_:), the acting screen's alert in `alert`
  /// if SwiftUIWriteBack.alert(&alert, for: step) { return }
  /// ```
  public static func alert<Alert>(_ alert: inout Alert?, for step: NavigationStep) -> Bool {
    if case .alertButton(_, _, let action) = step.event {
      alert = nil
      return action == nil
    }
    guard step.event.kind == .dismissDialog else { return false }
    alert = nil
    return true
  }

  // MARK: - API: a routes array

  /// `FlowStack($routes)` (FlowStacks' `[Route<Screen>]`, every screen above the root in one
  /// array, bottom to top): a swipe back removes the top route, as the `NavigationStack`'s path
  /// binding does; a swipe down, or a tap on a modal's background, removes the top presentation
  /// and the routes pushed in it, as its `isPresented` binding does; where `alert` names the
  /// route's alert, a tap on its button or outside a dialog sets it to `nil` (as
  /// `alert(_:for:)`). Returns whether SwiftUI's part was the whole step.
  ///
  /// ```swift
  /// // Fragment: an adapter's perform(_:), FlowStacks' routes in `routes`
  /// if SwiftUIWriteBack.routes(&routes, for: step, isPush: \.isPush) { return }
  /// ```
  ///
  /// - Parameters:
  ///   - routes: The routes above the root, bottom to top; a gesture acts on the top.
  ///   - isPush: Whether a route was pushed (else it is presented: a sheet, a cover, a modal).
  ///   - alert: The alert of a route, where the routes keep their screens' alerts; an alert on
  ///     the root, under every route, is the adapter's.
  public static func routes<Route>(
    _ routes: inout [Route], for step: NavigationStep, isPush: (Route) -> Bool,
    alert: WritableKeyPath<Route, String?>? = nil
  ) -> Bool {
    if step.event.kind == .swipeBack {
      if !routes.isEmpty { routes.removeLast() }
      return true
    }
    if closesPresentation(step) {
      if let i = routes.lastIndex(where: { !isPush($0) }) { routes.removeSubrange(i...) }
      return true
    }
    guard let alert, !routes.isEmpty else { return false }
    return Self.alert(&routes[routes.count - 1][keyPath: alert], for: step)
  }

  // MARK: - API: a tab bar

  /// `TabView(selection: $selection)`: selecting a tab sets the selection to its index in
  /// `tabs`, the names of the tabs' root destinations in the spec's order. Returns whether
  /// `step` selected a tab of `tabs`. Reselecting the selected tab pops its stack: that is
  /// `path(_:for:)`'s.
  ///
  /// ```swift
  /// // Fragment: an adapter's perform(_:), a TabView's selection in `selected`
  /// if SwiftUIWriteBack.tab(&selected, tabs: ["Inbox", "Search"], for: step) { return }
  /// ```
  public static func tab(_ selection: inout Int, tabs: [String], for step: NavigationStep)
    -> Bool
  {
    guard case .selectTab(let tab) = step.event, let index = tabs.firstIndex(of: tab) else {
      return false
    }
    selection = index
    return true
  }

  // MARK: - Internal API

  /// Whether SwiftUI sets the acting screen's presentation binding to `nil` in `step`.
  private static func closesPresentation(_ step: NavigationStep) -> Bool {
    step.event.kind == .swipeDown || step.event.kind == .backgroundTap
  }
}
