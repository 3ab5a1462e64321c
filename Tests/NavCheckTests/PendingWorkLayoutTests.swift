import Testing

@testable import NavCheck

/// Pending work and shown alerts are decoded by one owner (`PendingWorkLayout`, `WorkHolder`,
/// `ScreenState.shownAlert`): the semantics' completion events, the reference router's
/// pending ids and the state's view all read it, so on every reachable state they list the
/// same work, held by the same holders.
@Suite struct PendingWorkLayoutTests {
  @Test(arguments: ["Reader", "Toasts"])
  func theEventsTheRouterAndTheViewListTheSameHeldWork(_ name: String) throws {
    let spec = try #require([readerSpec, toastsSpec].first { $0.name == name })
    var router = try ReferenceRouter(spec)
    let model = router.model
    var queue = [router.state]
    var seen: Set<[UInt8]> = []
    var holders: Set<WorkHolder> = []
    var stackWork = 0
    while let state = queue.popLast() {
      var bytes: [UInt8] = []
      model.codec.encode(state, into: &bytes)
      guard seen.insert(bytes).inserted else { continue }
      router.state = state
      var completions: [AsyncWork.ID] = []
      for case .complete(let holder, let t, _) in model.events(of: state) {
        // A holder is a screen or the app, and reads back as itself.
        #expect((holder.screen.map(WorkHolder.screen) ?? .app) == holder)
        #expect((holder.screen == nil) == (holder.index == EventReference.app))
        holders.insert(holder)
        if model.spec.scopes[t].holder == .stack { stackWork += 1 }
        let id = AsyncWork.ID(holder: holder, transition: model.spec.transitions[t].index)
        if completions.last != id { completions.append(id) }
      }
      // The semantics merges a screen's own and stack work in declaration order; the ids list
      // its own first.
      #expect(completions.sorted() == router.pendingWork.sorted())
      let view = StateView(state, model.spec)
      let named =
        view.environments.map { $0.stack.map(\.pending.count).reduce(0, +) }.reduce(0, +)
        + view.appPending.count
      #expect(named == completions.count)
      queue += router.steps().map(\.next)
    }
    #expect(seen.count > 5)
    // Each spec's kind of holder is reached: the app's work (Toasts), a stack's (Reader).
    #expect(holders.contains(.app) == (name == "Toasts"))
    #expect((stackWork > 0) == (name == "Reader"))
  }

  @Test func holdersAreInCanonicalOrderAndAlertsReadBack() {
    // The screens in pre-order, then the app.
    #expect(WorkHolder.screen(0) < .screen(1))
    #expect(WorkHolder.screen(7) < .app)
    #expect(!(WorkHolder.app < .app) && !(WorkHolder.app < .screen(0)))
    // The codec's field: 0 for no alert, the alert's index + 1.
    #expect(ScreenState.alertField(nil) == 0)
    for alert in 0..<3 {
      let screen = ScreenState(destination: 0, alert: ScreenState.alertField(alert))
      #expect(screen.alert == UInt16(alert + 1) && screen.shownAlert == alert)
    }
    #expect(ScreenState(destination: 0).shownAlert == nil)
  }
}
