import NavCheck
import NavCheckTesting

/// A view model after Obscured Pixels' "Abstracting Navigation in SwiftUI": navigation is an
/// intent that the view model publishes as a `NavigationDirection` (forward to a screen, back,
/// present, dismiss), and the view applies it to its own navigation state, its
/// `NavigationStack`'s path and its sheet. The view model keeps its own idea of the stack, from
/// which it decides what "back" means (pop or dismiss) and where "next" goes in a flow.
///
/// The bug: a swipe back is the view's business (the `NavigationStack` pops the path the view
/// keeps in its `@State`), so the view model never hears of it and its stack goes stale; its
/// next intent is computed from a screen the user already left. After a swipe back from Payment
/// to Shipping, "Continue" goes forward to the screen after Payment, Review; after a swipe back
/// in the address-book sheet, "Cancel" pops a screen that is gone instead of dismissing the
/// sheet. The fixed variant binds the path both ways: the view reports the swipe back, and the
/// view model pops its stack with it.
///
/// Plain Swift, no SwiftUI: each intent returns the direction the view model publishes (its
/// `@Published var direction`, received by the view's `.onReceive` in the article), and
/// `CheckoutView` applies it.
struct NavigationDirectionViewModel: Codable {
  typealias Screen = String

  /// A navigation intent: where to go, not how the view gets there.
  enum NavigationDirection: Codable, Equatable {
    /// Push the screen.
    case forward(Screen)
    /// Pop the top screen.
    case back
    /// Present the screen as a sheet.
    case present(Screen)
    /// Dismiss the sheet.
    case dismiss
  }

  /// A screen above the root as the view model knows it: pushed, or presented as a sheet.
  struct Route: Codable, Equatable {
    var screen: Screen
    var isPresented: Bool
  }

  /// The flow's screens in order: `next()` goes to the one after the top of the stack.
  let flow: [Screen]
  /// The screens above the root as the view model believes they are, bottom to top.
  private(set) var stack: [Route] = []

  init(flow: [Screen]) { self.flow = flow }

  // MARK: - Intents

  /// Forward to `screen`, pushed on the stack that is on top.
  mutating func forward(_ screen: Screen) -> NavigationDirection {
    stack.append(Route(screen: screen, isPresented: false))
    return .forward(screen)
  }

  /// `screen` in a sheet.
  mutating func present(_ screen: Screen) -> NavigationDirection {
    stack.append(Route(screen: screen, isPresented: true))
    return .present(screen)
  }

  /// Forward to the flow's first screen.
  mutating func startFlow() -> NavigationDirection { forward(flow[0]) }

  /// Forward to the flow's screen after the top of the stack; nothing where the top is not in
  /// the flow or is its last screen.
  mutating func next() -> NavigationDirection? {
    guard let top = stack.last, let i = flow.firstIndex(of: top.screen), i + 1 < flow.count
    else { return nil }
    return forward(flow[i + 1])
  }

  /// Back from the top of the stack: pop it where it was pushed, dismiss it where presented.
  mutating func back() -> NavigationDirection? {
    guard let top = stack.popLast() else { return nil }
    return top.isPresented ? .dismiss : .back
  }

  // MARK: - What the view reports

  /// The path binding's setter: the `NavigationStack` popped its top screen.
  mutating func pathDidPop() { stack.removeLast() }

  /// The sheet's `onDismiss`: the sheet and the screens pushed in it are gone.
  mutating func sheetDidDismiss() {
    if let sheet = stack.lastIndex(where: \.isPresented) { stack.removeSubrange(sheet...) }
  }
}

/// The checkout's root view: what it shows (a `NavigationStack` on the cart, a sheet with its
/// own stack) and the view model whose directions it applies.
struct CheckoutView: Codable {
  typealias Screen = NavigationDirectionViewModel.Screen

  /// Whether the view model hears of the user's swipe back.
  enum Variant: Codable {
    /// As published: the path is the view's `@State`; a swipe back goes unreported.
    case published
    /// The path is a two-way binding: a swipe back pops the view model's stack too.
    case pathBinding
  }

  let variant: Variant
  /// The view model, with the checkout flow's screens (`@StateObject` in the app).
  var viewModel = NavigationDirectionViewModel(flow: ["Shipping", "Payment", "Review"])
  /// The root `NavigationStack`'s path, above the cart.
  var path: [Screen] = []
  /// The sheet, and the path of its own `NavigationStack`.
  var sheet: Screen?
  var sheetPath: [Screen] = []

  init(_ variant: Variant) { self.variant = variant }

  /// What `.onReceive(viewModel.$direction)` does: the direction, on the stack that is on top.
  mutating func apply(_ direction: NavigationDirectionViewModel.NavigationDirection?) {
    guard let direction else { return }
    switch direction {
    case .forward(let screen):
      if sheet == nil { path.append(screen) } else { sheetPath.append(screen) }
    case .back:
      // `removeLast()` on an empty path traps; the view guards it.
      if sheet == nil { _ = path.popLast() } else { _ = sheetPath.popLast() }
    case .present(let screen):
      sheet = screen
      sheetPath = []
    case .dismiss:
      sheet = nil
      sheetPath = []
    }
  }

  /// The user swipes back: the `NavigationStack` on top pops.
  mutating func swipeBack() {
    if sheet == nil { path.removeLast() } else { sheetPath.removeLast() }
    if variant == .pathBinding { viewModel.pathDidPop() }
  }

  /// The user swipes the sheet down; `.sheet(item:onDismiss:)` tells the view model.
  mutating func swipeDown() {
    sheet = nil
    sheetPath = []
    viewModel.sheetDidDismiss()
  }
}

/// The checkout view as NavCheck drives it: each event becomes the view model's intent, which
/// the view applies, or the view's own gesture.
extension CheckoutView: RouterAdapter {
  mutating func perform(_ step: NavigationStep) throws {
    switch step.event {
    case .transition(.startFlow, _): apply(viewModel.startFlow())
    case .transition(.next, _): apply(viewModel.next())
    case .transition(.push(let screen), _): apply(viewModel.forward(screen))
    case .transition(.sheet(let screen), _): apply(viewModel.present(screen))
    case .transition(.dismiss(nil), _): apply(viewModel.back())
    case .swipeBack: swipeBack()
    case .swipeDown: swipeDown()
    default: throw RouterAdapterError.unsupported(step)
    }
  }

  func snapshot() -> RouterSnapshot {
    RouterSnapshot(
      coordinator: .init(
        screen: "Cart", path: path, sheet: sheet.map { .init(screen: $0, path: sheetPath) }))
  }
}
