import NavCheck
import NavCheckTesting

/// A router after the Router pattern of Curious Algorithm's "Router Pattern for SwiftUI
/// Navigation" blog series and its open-source "Routing" library: one `Router` per navigation
/// environment, with the `path` of its `NavigationStack` and separate `presentingSheet` and
/// `presentingFullScreenCover` slots, each presented environment getting a child `Router` whose
/// `isPresented` binding is its parent's slot (setting it to `nil` dismisses the child).
///
/// The bug: `presentSheet` and `presentFullScreenCover` each set their own slot without looking
/// at the other, so a sheet requested while a cover is up leaves both set: SwiftUI shows one
/// and logs "Currently, only presenting a single sheet is supported". The app's deep-link
/// handler (`popToRoot()` then `presentSheet`) counts on presenting to replace what is up, which
/// holds for a sheet over a sheet (one slot) but not for a sheet over the onboarding cover:
/// NavCheck reports "one active sheet per router" after two steps, the tour then the deep link.
/// The fixed variant presents one thing at a time: each `present` clears the other slot first.
///
/// Plain Swift, no SwiftUI: `didSet` on the slots does what `.sheet(item:)` and
/// `.fullScreenCover(item:)` do, building the content with a fresh child router when the slot
/// takes a new item and tearing it down when the slot goes back to `nil`.
final class RoutingPatternRouter {
  typealias Destination = String

  /// The router as the blog series publishes it, or with the fix.
  enum Variant {
    /// Two independent slots.
    case published
    /// Presenting clears the other slot: one presentation at a time.
    case onePresentationAtATime
  }

  /// SwiftUI's `Binding`, reduced to what the pattern uses.
  struct Binding<Value> {
    let get: () -> Value
    let set: (Value) -> Void

    var wrappedValue: Value {
      get { get() }
      nonmutating set { set(newValue) }
    }
  }

  /// The router's identity in snapshots: its parent's id and the presentation that made it.
  let id: String
  /// The destination at the root of its `NavigationStack`.
  let screen: Destination
  let variant: Variant
  /// The parent's slot that presents this router's environment; `nil` dismisses it.
  let isPresented: Binding<Destination?>
  /// The router whose slot `isPresented` reads, and that slot (`.sheet` or `.fullScreenCover`);
  /// `nil` and `.root` for the app's root router.
  let presenter: String?
  let slot: RouterSnapshot.Slot
  /// The `NavigationStack`'s path.
  var path: [Destination] = []
  /// The work the screens of this environment started (their `Task`s), to run on completion.
  var pendingWork = PendingWork<() -> Void>()

  var presentingSheet: Destination? {
    didSet { if presentingSheet != oldValue { sheetRouter = child(presenting: presentingSheet) } }
  }

  var presentingFullScreenCover: Destination? {
    didSet {
      if presentingFullScreenCover != oldValue {
        fullScreenCoverRouter = child(presenting: presentingFullScreenCover, cover: true)
      }
    }
  }

  /// The routers of the sheet's and the cover's content.
  private(set) var sheetRouter: RoutingPatternRouter?
  private(set) var fullScreenCoverRouter: RoutingPatternRouter?
  private var presentations = 0

  /// The app's root router, or (`isPresented` given) a presented environment's.
  init(
    id: String = "root", screen: Destination, variant: Variant,
    isPresented: Binding<Destination?> = Binding(get: { nil }, set: { _ in }),
    presenter: String? = nil, slot: RouterSnapshot.Slot = .root
  ) {
    self.id = id
    self.screen = screen
    self.variant = variant
    self.isPresented = isPresented
    self.presenter = presenter
    self.slot = slot
  }

  // MARK: - The Router's API

  func push(_ destination: Destination) { path.append(destination) }

  func back() { path.removeLast() }

  func popToRoot() { path = [] }

  func presentSheet(_ destination: Destination) {
    if variant == .onePresentationAtATime { presentingFullScreenCover = nil }
    presentingSheet = destination
  }

  func presentFullScreenCover(_ destination: Destination) {
    if variant == .onePresentationAtATime { presentingSheet = nil }
    presentingFullScreenCover = destination
  }

  /// Pops the top screen, or else dismisses what this router presents, or else dismisses this
  /// router's own environment, as the library's `dismiss()` does.
  func dismiss() {
    if !path.isEmpty {
      path.removeLast()
    } else if presentingSheet != nil {
      presentingSheet = nil
    } else if presentingFullScreenCover != nil {
      presentingFullScreenCover = nil
    } else {
      isPresented.wrappedValue = nil
    }
  }

  /// Closes the sheet or cover this router's environment is shown in, whatever it pushed.
  func dismissPresentation() { isPresented.wrappedValue = nil }

  /// The app's deep-link handler (`.onOpenURL` on the root view): back to the root, then the
  /// linked sheet, expected to replace whatever is presented.
  func openDeepLink(presenting destination: Destination) {
    popToRoot()
    presentSheet(destination)
  }

  // MARK: - What SwiftUI does

  /// A fresh router for a slot's new item, bound to that slot; `nil` when the slot is empty.
  private func child(presenting destination: Destination?, cover: Bool = false)
    -> RoutingPatternRouter?
  {
    guard let destination else { return nil }
    presentations += 1
    let binding = Binding<Destination?>(
      get: { [unowned self] in cover ? presentingFullScreenCover : presentingSheet },
      set: { [unowned self] in
        if cover { presentingFullScreenCover = $0 } else { presentingSheet = $0 }
      })
    return RoutingPatternRouter(
      id: "\(id).\(presentations)", screen: destination, variant: variant, isPresented: binding,
      presenter: id, slot: cover ? .fullScreenCover : .sheet)
  }

  /// The router SwiftUI gives the views of the screen at `location`: its environment's.
  func router(at location: ScreenLocation) throws -> RoutingPatternRouter {
    guard let router = shown.dropFirst(location.environment).first else {
      throw RouterAdapterError.noRouter(at: location)
    }
    return router
  }

  /// The routers whose screens SwiftUI shows, from this one up: it shows one presentation, the
  /// sheet where both slots are set.
  var shown: [RoutingPatternRouter] {
    [self] + ((sheetRouter ?? fullScreenCoverRouter)?.shown ?? [])
  }

  /// This router and the routers of the content it presents, shown or not.
  var routers: [RoutingPatternRouter] {
    [self] + (sheetRouter?.routers ?? []) + (fullScreenCoverRouter?.routers ?? [])
  }
}

// MARK: - What NavCheck drives and reads

/// The storefront's root router, which is its own adapter.
typealias RoutingPatternAdapter = RoutingPatternRouter

extension RoutingPatternRouter {
  /// The storefront's root router, as the blog series publishes it or with the fix.
  convenience init(_ variant: Variant) { self.init(screen: "Catalog", variant: variant) }
}

/// The storefront app's root router as NavCheck drives it.
extension RoutingPatternRouter: RouterAdapter {
  func perform(_ step: NavigationStep) throws {
    let router = try router(at: step.screen)
    switch step.event {
    case .transition(.push(let destination), _): router.push(destination)
    case .transition(.sheet(let destination), _): router.presentSheet(destination)
    case .transition(.fullScreenCover(let cover), _): router.presentFullScreenCover(cover)
    case .transition(.dismiss(nil), _): router.dismiss()
    case .transition(.dismissEnvironment, _), .swipeDown: router.dismissPresentation()
    case .swipeBack: router.back()
    case .startAsync(let work) where work.action == .dismissEnvironment:
      // The screen's `Task` captures its router, and closes its sheet when the work is done.
      router.pendingWork.start(work) { router.dismissPresentation() }
    case .completeAsync(let work): router.pendingWork.complete(work)?()
    case .deepLink("orderStatus", _, _): openDeepLink(presenting: "OrderStatus")
    default: throw RouterAdapterError.unsupported(step)
    }
  }

  func snapshot() -> RouterSnapshot {
    RouterSnapshot(
      environments: routers.map {
        .init(
          id: $0.id, screen: $0.screen, path: $0.path, presentedIn: $0.slot, by: $0.presenter,
          pendingWork: $0.pendingWork.ids)
      })
  }
}
