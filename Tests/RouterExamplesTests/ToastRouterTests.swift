import NavCheck
import Testing

@testable import NavCheckTesting

/// A value-type router with one stack and an app-wide toast centre (IceCubesApp's
/// `ToastCenter`: one toast, replaced by the next, closed by a tap after its action, or by its
/// timer). `tapKeepsTheToast` is its bug: a tap runs the toast's action but leaves the toast up.
struct ToastRouter: RouterAdapter, Equatable {
  var path: [String] = []
  var toast: String?
  var tapKeepsTheToast = false

  mutating func perform(_ step: NavigationStep) throws {
    switch step.event {
    case .transition(.push(let destination), _): path.append(destination)
    case .transition(.toast(let shown), _): toast = shown.name
    case .transition(.dismissToast, _): toast = nil
    case .swipeBack: path.removeLast()
    case .tapToast(_, _, let actions):
      if !tapKeepsTheToast { toast = nil }
      for case .push(let destination) in actions { path.append(destination) }
    case .toastExpires: toast = nil
    default: throw RouterAdapterError.unsupported(step)
    }
  }

  func snapshot() -> RouterSnapshot {
    var snapshot = RouterSnapshot(routers: [.init(id: "root", screen: "Feed", path: path)])
    snapshot.toast = toast.map { .shown($0) } ?? .none
    return snapshot
  }
}

/// Feed shows "Saved" (whose tap pushes Detail) or a progress toast that stays, and can close it.
let toastSpec = NavigationSpec("Toasts", root: "Feed") {
  Destination("Feed") {
    ShowToast("Saved") { Push("Detail") }.label("Save")
    ShowToast("Syncing", expires: false).label("Sync")
    DismissToast().label("Hide")
  }
  Destination("Detail")
}
.bounds(maxStackDepth: 2)

@Suite struct ToastRouterTests {
  /// The router that closes a tapped toast shows what the reference shows in every state: the
  /// toast's tap, its expiry and its replacement reach it.
  @Test func aRouterWithAToastCentrePasses() throws {
    let result = checkRouterExhaustively(toastSpec) { ToastRouter() }
    #expect(result.failure == nil && result.complete)
    #expect(result.states == (try toastSpec.check().states))
    let fuzzed = fuzzRouter(toastSpec, options: exampleOptions(runs: 60)) { ToastRouter() }
    #expect(fuzzed.passed)
    for kind: NavigationEvent.Kind in [.tapToast, .toastExpires] {
      #expect(fuzzed.statistics.eventsByKind[kind, default: 0] > 0, "\(kind) never reached it")
    }
  }

  /// A tap that leaves the toast up is found at the tap: the snapshot's toast is compared.
  @Test func aTapThatKeepsTheToastIsFound() throws {
    var result: RouterExhaustiveResult?
    withExpectedNavigationFailures {
      result = checkRouterExhaustively(toastSpec) { ToastRouter(tapKeepsTheToast: true) }
    }
    let failure = try #require(result?.failure)
    #expect(
      failure.events == [
        .transition(screen: "Feed", transition: .label("Save")), .tapToast("Saved"),
      ])
  }

  /// An adapter without toasts says so: the fuzzer leaves their events out (the toast shown by
  /// a transition is then left unchecked in its snapshot).
  @Test func toastEventsAnAdapterDoesNotSupportAreLeftOut() {
    struct NoToasts: RouterAdapter {
      static var unsupportedEvents: Set<NavigationEvent.Kind> { [.tapToast, .toastExpires] }
      var router = ToastRouter()
      mutating func perform(_ step: NavigationStep) throws { try router.perform(step) }
      func snapshot() -> RouterSnapshot {
        var snapshot = router.snapshot()
        snapshot.toast = .unchecked
        return snapshot
      }
    }
    let result = fuzzRouter(toastSpec, options: exampleOptions(runs: 30)) { NoToasts() }
    #expect(result.passed)
    #expect(result.statistics.eventsByKind[.tapToast] == nil)
    #expect(
      result.statistics.description.contains("left out (unsupported): tapToast, toastExpires"))
  }
}
