import Testing

@testable import NavCheck
@testable import NavCheckTesting

/// A router test draws the screens it expected with `StateView`'s line shapes (its tab bar, its
/// presented environments), so a failure draws a state the way `navcheck` does.
@Suite struct StateDrawingTests {
  @Test func aRouterTestDrawsTheTabBarAndThePresentedEnvironmentsAsNavcheckDoes() {
    let spec = NavigationSpec("Drawn", tabs: ["A", "T"]) {
      Destination("A") {
        Sheet("B")
        Push("C")
      }
      Destination("B") {
        Push("C")
        FullScreenCover("C")
      }
      Destination("C") {}
      Destination("T") { Push("C") }
    }
    let model = RouterModel(CompiledSpec(spec))
    var states = [model.initialState]
    var index = 0
    var presented = 0
    while index < states.count {
      let view = StateView(states[index], model.spec)
      // navcheck: the tab bar, then each presented environment; the router test: the tab bar
      // after `tabs: `, the selected stack, then the same presented environments.
      let drawn = view.description.split(separator: "\n").map(String.init)
      let shown = ShownScreens(view).description.split(separator: "\n").map(String.init)
      #expect(shown[0] == "tabs: " + drawn[0])
      #expect(Array(shown.dropFirst(2)) == Array(drawn.dropFirst()))
      if drawn.count > 1 { presented += 1 }
      for event in model.events(of: states[index]) {
        let next = model.step(event, from: states[index])
        if next.outcome == .state && !states.contains(next.state) { states.append(next.state) }
      }
      index += 1
    }
    #expect(presented > 0)
  }
}
