import Foundation
import NavCheckExplorer
import NavCheckSpecs
import NavCheckSupport
import NavCheckTestSupport
import Testing

@testable import NavCheck

/// The semantics runs on two `StateEditor`s: `StateBuffer` (the explorer's, in place, with its
/// change tracking) and `RouterState` (the plain typed tree, for traces, replays and views).
/// They must agree on every event of every reachable state, and the codec must rebuild both.
@Suite struct StateEditorTests {
  /// Every spec the backends are compared on: the bundled ones, the examples (v1 and v2) and
  /// the smallest sizes of the benchmark family; the largest bundled ones (the Shop, IceCubes)
  /// only in a long run.
  static let specs: [NavigationSpec] =
    BundledSpecs.all.filter {
      LongTests.enabled || !LongTests.largestBundledSpecs.contains($0.name)
    }
    + [everyRuleBroken]
    + ["notes", "onboarding", "apppresenter"].map { try! example($0) }
    + [photosSpec, draftsSpec, readerSpec, toastsSpec]
    + [
      SyntheticSpecs.mesh(destinations: 3, maxStackDepth: 3, maxPresentationDepth: 1),
      SyntheticSpecs.mesh(destinations: 2, maxStackDepth: 3, maxPresentationDepth: 2),
    ]

  @Test(arguments: specs.map(\.name))
  func bothBackendsGiveTheSameSuccessors(_ name: String) throws {
    let spec = try #require(Self.specs.first { $0.name == name })
    let model = RouterModel(CompiledSpec(spec))
    let withTail =
      model.spec.hasSeveralSubtrees
      ? try compare(name, model, StateBuffer<Stacks>.self)
      : try compare(name, model, StateBuffer<OneStack>.self)
    // The first tab's successors end with the other tab's screens, copied.
    if ["Shop", "Mail"].contains(name) { #expect(withTail > 0) }
  }

  /// Performs every event of every reachable state (the first 4,000 in breadth-first order)
  /// on both backends and compares; returns how many successors the
  /// buffer said end with their state's last screens.
  func compare<Shape: StackShape>(
    _ name: String, _ model: RouterModel, _: StateBuffer<Shape>.Type
  ) throws -> Int {
    var options = ExplorerOptions()
    options.recordsStates = true
    options.maxStates = 4_000
    let exploration = Explorer.explore(model, options: options)
    #expect(exploration.stateEncodings.count > 1)

    var base = StateBuffer<Shape>(
      capacity: model.semantics.maxScreens, hasHeader: model.codec.headerBytes > 0)
    var work = StateBuffer<Shape>(
      capacity: model.semantics.maxScreens, hasHeader: model.codec.headerBytes > 0)
    var compared = 0
    var withTail = 0
    for bytes in exploration.stateEncodings {
      let tree = bytes.withUnsafeBytes { model.codec.decode($0) }
      bytes.withUnsafeBytes { model.codec.decode($0, into: &base, sharedScreens: 0) }
      #expect(encoding(tree, model) == bytes, "the tree does not encode back to its bytes")
      #expect(encoding(base, model) == bytes, "the buffer does not encode back to its bytes")
      #expect(tree.isHome == base.isHome)

      let treeEvents = PodBuffer<RouterEvent>(capacity: 64)
      let bufferEvents = PodBuffer<RouterEvent>(capacity: 64)
      model.semantics.events(of: tree, into: treeEvents)
      model.semantics.events(of: base, into: bufferEvents)
      let events = (0..<treeEvents.count).map { treeEvents[$0] }
      try #require(events == (0..<bufferEvents.count).map { bufferEvents[$0] })

      for event in events {
        var next = tree
        let treeFired = PodBuffer<Int>(capacity: 16)
        let treeOutcome = model.semantics.apply(
          event, to: &next, fired: treeFired, callbacks: Callbacks())
        work.restore(base, from: 0)
        work.startChanges()
        let bufferFired = PodBuffer<Int>(capacity: 16)
        let bufferOutcome = model.semantics.apply(
          event, to: &work, fired: bufferFired, callbacks: Callbacks())
        try #require(
          treeOutcome == bufferOutcome,
          "\(name): \(event) in \(StateView(tree, model.spec)): \(treeOutcome) vs \(bufferOutcome)")
        #expect(
          (0..<treeFired.count).map { treeFired[$0] }
            == (0..<bufferFired.count).map { bufferFired[$0] })
        guard treeOutcome == .state else { continue }
        let after = encoding(next, model)
        #expect(
          encoding(work, model) == after, "\(name): \(event) in \(StateView(tree, model.spec))")
        // The buffer's change tracking: the screens before the first one it says changed, and
        // the ones after the last, are the state's own, and an encoding that copies their bytes
        // from the state's is the successor's.
        let same = min(work.changedFrom, work.count, base.count)
        let tail = min(work.unchangedTail, work.count - same)
        #expect(work.firstDifference(from: base) >= same)
        #expect(
          (0..<tail).allSatisfy {
            work.screen(work.count - 1 - $0) == base.screen(base.count - 1 - $0)
          })
        #expect(
          encoding(work, model, base: bytes, same: same, tail: tail) == after,
          "\(name): \(event) in \(StateView(tree, model.spec)), copying \(same) and \(tail)")
        if tail > 0 { withTail += 1 }
        compared += 1
      }
    }
    #expect(compared > 0)
    return withTail
  }

  @Test func aRemovalFromAnEarlierStackKeepsTheStacksAfterIt() {
    // Two stacks (a tab bar's, as SEMANTICS v2 has them): removing a pushed screen of the first
    // takes out what is above it there and keeps the second, in both backends.
    let a = RouterState.Screen(fields: ScreenState(destination: 0))
    let b = RouterState.Screen(fields: ScreenState(destination: 1))
    let c = RouterState.Screen(fields: ScreenState(destination: 2))
    var tree = RouterState(stacks: [[a, b, c], [b, a]])
    var buffer = StateBuffer<Stacks>(tree, capacity: 8)
    let removedFromTree = tree.remove(ScreenPath(tab: 0, positions: [1]))
    let removedFromBuffer = buffer.remove(1)
    #expect(removedFromTree.map(\.destination) == [1, 2])
    #expect(removedFromBuffer.map(\.destination) == [1, 2])
    #expect(tree.stacks.map { $0.map(\.fields.destination) } == [[0], [1, 0]])
    #expect(buffer.state == tree)
    #expect(buffer.changedFrom == 1)
  }

  /// The buffer keeps where the selected stack is as screens come and go before it, on it and
  /// after it (no reachable state changes an unselected stack, whose screens are covered, but
  /// the editor allows it).
  @Test func theSelectedStackIsFoundAfterChangesAroundIt() {
    let a = RouterState.Screen(fields: ScreenState(destination: 0))
    let b = RouterState.Screen(fields: ScreenState(destination: 1))
    var tree = RouterState(stacks: [[a, b], [b], [a, a]])
    tree.selectedTab = 1
    var buffer = StateBuffer<Stacks>(tree, capacity: 12)
    #expect(buffer.appRoot == 2 && buffer.active == 2)
    // A push onto the stack before: its screen goes at the selected root's index.
    buffer.push(ScreenState(destination: 2), onto: 1)
    tree.push(ScreenState(destination: 2), onto: ScreenPath(tab: 0, positions: [1]))
    #expect(buffer.state == tree)
    #expect(buffer.appRoot == 3 && buffer.active == 3)
    // A push at the selected stack's end, then a sheet over it.
    buffer.push(ScreenState(destination: 0), onto: 3)
    buffer.present(.sheet, ScreenState(destination: 2), from: 4, dismissOnBackgroundTap: false)
    #expect(buffer.appRoot == 3 && buffer.active == 5 && buffer.presentationDepth == 1)
    // A push onto the stack after changes nothing before it.
    buffer.push(ScreenState(destination: 1), onto: 7)
    #expect(buffer.appRoot == 3 && buffer.active == 5)
    // Removals before the selected stack and on it.
    _ = buffer.remove(1)
    #expect(buffer.appRoot == 1 && buffer.active == 3)
    _ = buffer.remove(2)
    #expect(buffer.appRoot == 1 && buffer.active == 1 && buffer.presentationDepth == 0)
    buffer.selectTab(2)
    #expect(buffer.appRoot == 2 && buffer.active == 4)
    buffer.selectTab(0)
    #expect(buffer.appRoot == 0 && buffer.active == 0)
  }

  @Test func theActiveScreenIsOnTheSelectedStack() {
    let a = RouterState.Screen(fields: ScreenState(destination: 0))
    let b = RouterState.Screen(fields: ScreenState(destination: 1))
    var tree = RouterState(stacks: [[a, b], [b, a, a]])
    tree.selectedTab = 1
    tree.present(.sheet, ScreenState(destination: 2), from: tree.active)
    var buffer = StateBuffer<Stacks>(tree, capacity: 8)
    #expect(tree.active == ScreenPath(tab: 1, positions: [2, 0]))
    #expect(buffer.active == 5)
    #expect(tree.appRoot == ScreenPath(tab: 1, positions: [0]))
    #expect(buffer.appRoot == 2)
    #expect(tree.isCovered(ScreenPath(tab: 0, positions: [1])))
    #expect(buffer.isCovered(1))
    #expect(tree.presentationDepth == 1 && buffer.presentationDepth == 1)
    #expect(tree.below(tree.active) == ScreenPath(tab: 1, positions: [2]) && buffer.below(5) == 4)
    #expect(tree.below(tree.appRoot) == nil && buffer.below(2) == nil)
    // Dismissing the sheet (its root) leaves the stacks.
    buffer.push(ScreenState(destination: 0), onto: 5)
    tree.push(ScreenState(destination: 0), onto: tree.active)
    #expect(buffer.state == tree)
    _ = buffer.remove(5)
    _ = tree.remove(ScreenPath(tab: 1, positions: [2, 0]))
    #expect(buffer.state == tree)
    #expect(tree.presented(by: tree.active) == nil)
  }

  @Test func theHeaderTakesNoBytesInAV1Spec() throws {
    let model = RouterModel(CompiledSpec(try example("notes")))
    #expect(model.codec.headerBytes == 0)
    // Folders: link, destination, alert, pending: 4 bytes per screen, as before the tree.
    #expect(encoding(model.initialState, model).count == model.codec.screenBytes)
  }

  @Test func theHeaderAndTheStacksRoundTripThroughTheCodec() throws {
    let spec = try v2Sized(flags: 9, appWork: 2)
    let codec = StateCodec(spec)
    #expect(codec.headerBytes == 1 + 1 + 2 + 1)
    let a = RouterState.Screen(fields: ScreenState(destination: 0))
    let b = RouterState.Screen(fields: ScreenState(destination: 1, alert: 1))
    var state = RouterState(stacks: [[a, b], [b], [a]])
    state.module = 1
    state.selectedTab = 2
    state.flags = 0b1_0000_0001
    state.appPending = 0b10
    state.present(.fullScreenCover, ScreenState(destination: 2), from: state.active)
    var bytes: [UInt8] = []
    codec.encode(state, into: &bytes)
    #expect(bytes.count == codec.headerBytes + 5 * codec.screenBytes)
    #expect(bytes.withUnsafeBytes { codec.decode($0) } == state)
    // The buffer decodes the header too, and encodes the same bytes.
    var buffer = StateBuffer<Stacks>(capacity: RouterSemantics.maxScreens(spec), hasHeader: true)
    bytes.withUnsafeBytes { codec.decode($0, into: &buffer, sharedScreens: 0) }
    #expect(buffer.state == state)
    #expect(buffer.active == 4 && buffer.appRoot == 3)
    var again = [UInt8](repeating: 0, count: codec.maxStateBytes)
    let length = again.withUnsafeMutableBytes { out in
      bytes.withUnsafeBytes { codec.encode(buffer, base: $0, same: 2, into: out) }
    }
    #expect(Array(again[..<length]) == bytes)
    // Two states that differ only in the header share no screens' worth of prefix.
    #expect(codec.sharedScreens(codec.headerBytes - 1) == 0)
    #expect(codec.sharedScreens(codec.headerBytes + codec.screenBytes) == 1)
  }

  @Test func tabsFlagsAppWorkAndModulesChangeBothBackendsAlike() throws {
    let spec = try v2Sized(flags: 4, appWork: 1)
    let codec = StateCodec(spec)
    let a = RouterState.Screen(fields: ScreenState(destination: 0))
    var tree = RouterState(stacks: [[a], [a]])
    var buffer = StateBuffer<Stacks>(tree, capacity: RouterSemantics.maxScreens(spec))
    func same() -> Bool {
      var bytes: [UInt8] = []
      codec.encode(tree, into: &bytes)
      var again = [UInt8](repeating: 0, count: codec.maxStateBytes)
      let length = again.withUnsafeMutableBytes { out in
        bytes.withUnsafeBytes { codec.encode(buffer, base: $0, same: 0, into: out) }
      }
      return Array(again[..<length]) == bytes && buffer.state == tree
    }
    tree.selectTab(1)
    buffer.selectTab(1)
    #expect(same() && buffer.active == 1 && buffer.appRoot == 1)
    tree.push(ScreenState(destination: 1), onto: tree.active)
    buffer.push(ScreenState(destination: 1), onto: buffer.active)
    tree.setFlag(3, to: true)
    buffer.setFlag(3, to: true)
    tree.setFlag(0, to: true)
    buffer.setFlag(0, to: true)
    tree.setFlag(3, to: false)
    buffer.setFlag(3, to: false)
    tree.setAppPending(1)
    buffer.setAppPending(1)
    #expect(same() && tree.flags == 1 && buffer.flags == 1 && buffer.appPending == 1)
    let removedFromTree = tree.switchModule(1, roots: [2, 1, 0])
    let removedFromBuffer = buffer.switchModule(1, roots: [2, 1, 0])
    #expect(removedFromTree.map(\.destination) == [0, 0, 1])
    #expect(removedFromBuffer.map(\.destination) == [0, 0, 1])
    #expect(same() && tree.module == 1 && buffer.selectedTab == 0)
    #expect(tree.stacks.map { $0.map(\.fields.destination) } == [[2], [1], [0]])
    // Flags and the app's work survive the switch (SEMANTICS v2 §5, showModule).
    #expect(buffer.flags == 1 && buffer.appPending == 1 && buffer.changedFrom == 0)
  }

  @Test func modalsKeepWhetherABackgroundTapDismissesThem() throws {
    let model = RouterModel(CompiledSpec(try example("notes")))
    for dismiss in [true, false] {
      var tree = model.initialState
      var buffer = StateBuffer<OneStack>(tree, capacity: model.semantics.maxScreens)
      tree.present(
        .modal, ScreenState(destination: 1), from: tree.active, dismissOnBackgroundTap: dismiss)
      buffer.present(.modal, ScreenState(destination: 1), from: 0, dismissOnBackgroundTap: dismiss)
      #expect(buffer.state == tree)
      #expect(tree.dismissesOnBackgroundTap(environmentOf: tree.active) == dismiss)
      #expect(buffer.dismissesOnBackgroundTap(environmentOf: 1) == dismiss)
      #expect(buffer.environmentStyle(of: 1) == .modal && buffer.presentationDepth == 1)
      let bytes = encoding(tree, model)
      #expect(bytes.withUnsafeBytes { model.codec.decode($0) } == tree)
      #expect(StateView(tree, model.spec).environments.map(\.style) == [.root, .modal])
      // A sheet is no modal.
      tree.present(.sheet, ScreenState(destination: 2), from: tree.active)
      #expect(!tree.dismissesOnBackgroundTap(environmentOf: tree.active))
    }
  }

  /// A compiled spec whose states are sized like a v2 one's: 2 modules, 3 tabs, these flags
  /// and pieces of app-level work.
  /// Custom invariants see each new state through one view brought up to date in place
  /// (`StateView.Cache`), decoded from the state checked before: from state to state (siblings
  /// in order, then in a shuffled order) it must equal the view built anew.
  @Test(arguments: specs.map(\.name))
  func theViewKeptUpToDateEqualsTheViewBuiltAnew(_ name: String) throws {
    let spec = try #require(Self.specs.first { $0.name == name })
    try compareViews(spec)
  }

  /// The same, on random tab specs (modules, flags, app work, modals, dialogs). Long.
  @Test(.long)
  func theViewKeptUpToDateEqualsTheViewBuiltAnewOnRandomTabSpecs() throws {
    for seed in UInt64(1)...20 { try compareViews(try RandomTabSpecs.spec(seed: seed)) }
  }

  private func compareViews(_ spec: NavigationSpec) throws {
    let model = RouterModel(CompiledSpec(spec))
    if model.spec.isTabbed {
      try compareViews(spec.name, model, StateBuffer<Stacks>.self)
    } else {
      try compareViews(spec.name, model, StateBuffer<OneStack>.self)
    }
  }

  /// `count(of:)` skips the ASCII names whose length differs from the one asked for, and
  /// compares the others as strings: "Kelvin" spelt with the Kelvin sign (which is the letter
  /// K, in 8 bytes rather than 6) counts the screens named "Kelvin", and a screen renamed so
  /// afterwards counts as "Kelvin".
  @Test func countOfComparesNamesAsStrings() throws {
    let kelvin = "\u{212A}elvin"
    #expect(kelvin == "Kelvin" && kelvin.utf8.count != "Kelvin".utf8.count)
    let spec = NavigationSpec("Units", root: "Home") {
      Destination("Home") { Push("Kelvin") }
      Destination("Kelvin")
      Invariant("no Kelvin") { $0.count(of: kelvin) == 0 }
    }
    let result = try check(spec)
    #expect(result.violations.map(\.kind) == [.invariant])
    let model = RouterModel(CompiledSpec(spec))
    var view = StateView(model.initialState, model.spec)
    #expect(view.count(of: "Home") == 1 && view.count(of: "Kelvin") == 0)
    view.environments[0].stack[0].destination = kelvin
    #expect(view.count(of: "Kelvin") == 1 && view.count(of: "Home") == 0)
  }

  private func compareViews<Shape: StackShape>(
    _ name: String, _ model: RouterModel, _: StateBuffer<Shape>.Type
  ) throws {
    var options = ExplorerOptions()
    options.recordsStates = true
    options.maxStates = 5_000
    let states = Explorer.explore(model, options: options).stateEncodings
    var random = SplitMix64(seed: 42)
    var buffer = StateBuffer<Shape>(
      capacity: model.semantics.maxScreens, hasHeader: model.codec.headerBytes > 0)
    let last = PodBuffer<UInt8>(capacity: 16)
    var cache = StateView.Cache()
    var changed = 0
    var previous: StateView?
    for bytes in states + states.shuffled(using: &random) {
      let unchanged = bytes.withUnsafeBytes {
        model.codec.decode($0, into: &buffer, holding: last)
      }
      #expect(Array(UnsafeBufferPointer(start: last.base, count: last.count)) == bytes)
      cache.update(to: buffer, model.spec, unchanged: unchanged)
      let expected = StateView(bytes.withUnsafeBytes { model.codec.decode($0) }, model.spec)
      try #require(cache.view == expected, "\(name): \(cache.view) instead of \(expected)")
      if let previous, previous != expected { changed += 1 }
      previous = expected
    }
    #expect(states.count < 2 || changed > 0)
  }

  private func v2Sized(flags: UInt16, appWork: UInt16) throws -> CompiledSpec {
    var spec = CompiledSpec(try example("notes"))
    spec.moduleCount = 2
    spec.maxTabs = 3
    spec.flagCount = flags
    spec.appWorkCount = appWork
    return spec
  }

  private func encoding(_ state: RouterState, _ model: RouterModel) -> [UInt8] {
    var bytes: [UInt8] = []
    model.codec.encode(state, into: &bytes)
    return bytes
  }

  private func encoding(_ state: StateBuffer<some StackShape>, _ model: RouterModel) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: model.codec.maxStateBytes)
    let length = bytes.withUnsafeMutableBytes { buffer in
      model.codec.encode(state, base: UnsafeRawBufferPointer(buffer), same: 0, into: buffer)
    }
    return Array(bytes[..<length])
  }

  /// The encoding the expander writes: the first `same` and the last `tail` screens' bytes
  /// copied from `base`'s.
  private func encoding(
    _ state: StateBuffer<some StackShape>, _ model: RouterModel, base: [UInt8], same: Int,
    tail: Int
  ) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: model.codec.maxStateBytes)
    let length = base.withUnsafeBytes { base in
      bytes.withUnsafeMutableBytes { buffer in
        model.codec.encode(state, base: base, same: same, tail: tail, into: buffer)
      }
    }
    return Array(bytes[..<length])
  }
}
