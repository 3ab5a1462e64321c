import Testing

@testable import NavCheck

/// What multiplies a spec's states (issue 33, `navcheck-benchmark --profile`): each row's count
/// on a spec small enough to derive by hand.
@Suite("State profile")
struct StateProfileTests {
  /// A list whose request pushes the detail: its states are [A], [A w], [A, B] and [A w, B]
  /// (w pending on A; completing it under B is a violation, so no state). Without pending
  /// work two shapes are left, [A] and [A, B]; the pending work alone takes two values (none,
  /// w on A); nothing else varies.
  @Test func countsEachPartsValuesByHand() throws {
    let spec = NavigationSpec("Profile", root: "A") {
      Destination("A") {
        Push("B").label("Open")
        Push("B").async(cancelsOnDismiss: true).label("Load")
      }
      Destination("B") {}
    }
    .bounds(maxStackDepth: 2, maxPresentationDepth: 1)
    let profile = try spec.stateProfile(maxStates: 100, reduced: false)
    #expect(profile.complete)
    let values = Dictionary(uniqueKeysWithValues: profile.rows.map { ($0.part, $0.values) })
    #expect(values["whole states"] == 4)
    #expect(values["without pending work (screens' and the app's)"] == 2)
    #expect(values["… and without presentations (the tabs' pushed screens only)"] == 2)
    #expect(values["module, selected tab and flags"] == 1)
    #expect(values["pending work alone (every screen's set, in order, and the app's)"] == 2)
    #expect(profile.rows.count == 8, "a plain root has no tab rows")
  }

  /// Two tabs that each push one screen: the reduced graph (one changed tab at a time) holds
  /// 6 states, in which each tab's stack takes two values.
  @Test func countsEachTabsStacks() throws {
    let spec = NavigationSpec("Two", tabs: ["A", "B"]) {
      Destination("A") { Push("X") }
      Destination("B") { Push("Y") }
      Destination("X") {}
      Destination("Y") {}
    }
    let full = try spec.stateProfile(maxStates: 100, reduced: false)
    let reduced = try spec.stateProfile(maxStates: 100, reduced: true)
    #expect(full.states == 8)
    #expect(reduced.states == 6)
    let values = Dictionary(uniqueKeysWithValues: reduced.rows.map { ($0.part, $0.values) })
    #expect(values["tab 1's stack, whole"] == 2)
    #expect(values["tab 2's stack, screens only"] == 2)
    #expect(values["module, selected tab and flags"] == 2)
  }
}
