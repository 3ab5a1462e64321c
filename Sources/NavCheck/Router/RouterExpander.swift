import NavCheckExplorer
import NavCheckSupport

/// One thread's scratch space for expanding reference-router states; reused for every state.
/// Generic over the state's shape, so each kind of spec runs the semantics compiled for it;
/// the explorer calls it through `OneStackExpander` or `TabsExpander`.
struct RouterExpander<Shape: StackShape> {
  let model: RouterModel
  /// The state being expanded, and the copy each event works on.
  var base: StateBuffer<Shape>
  var work: StateBuffer<Shape>
  /// Where `check` decodes a new state (custom invariants read it).
  var checked: StateBuffer<Shape>
  let events = PodBuffer<RouterEvent>(capacity: 64)
  let fired = PodBuffer<Int>(capacity: 64)
  let callbacks = Callbacks()
  /// The encoding of the state in `checked`.
  let lastChecked = PodBuffer<UInt8>(capacity: 64)
  /// The stacks of the last view custom invariants saw.
  var views = StateView.Cache()

  init(model: RouterModel) {
    self.model = model
    base = StateBuffer(
      capacity: model.semantics.maxScreens, hasHeader: model.codec.headerBytes > 0)
    work = StateBuffer(
      capacity: model.semantics.maxScreens, hasHeader: model.codec.headerBytes > 0)
    checked = StateBuffer(
      capacity: model.semantics.maxScreens, hasHeader: model.codec.headerBytes > 0)
  }

  @inline(__always)
  mutating func expand(_ state: UnsafeRawBufferPointer, into sink: inout SuccessorSink) {
    // `base` and `work` both hold the state expanded before: consecutive states of a level
    // share most of their screens, and only the screens from the first one that differs are
    // decoded and restored.
    // Read once: the codec is copied for each use otherwise (it is twelve words).
    let codec = model.codec
    let restriction = model.restriction
    let shared = codec.sharedScreens(sink.sharedBytes)
    codec.decode(state, into: &base, sharedScreens: shared)
    assert(encodes(base, state), "the screens kept from the state before are not this one's")
    // The screens kept were covered with the state before, in this chunk.
    Self.cover(base, from: shared, firstMark: model.destinationMark(0), &sink)
    if restriction.homeIsEveryTabAtRoot
      ? base.everyStackAtRoot || (restriction.homeIncludesVisibleTabBar && base.tabBarIsVisible)
      : base.isHome || base.header.holder > 0 || base.header.writersHold
        || ((base.header.parked > 0 || base.header.writers != 0) && base.tabBarIsVisible)
    {
      // A state with a parked tab or writer and the tab bar showing counts as home: the user
      // could select a tab that is still at its root (a trap needs every tab stuck, which the
      // stuck analysis looks for). So does one with a parked holder: its work can always end
      // doing nothing (`TabReduction.parksHolders`), after which a way home through a module
      // switch no longer orphans it; and so does one with a parked writer whose root holds work.
      sink.home()
    }
    // What parking reads of `base`, read once: passing `base` itself (part of `self`, as
    // `work` is) to the checks below would copy it for every event.
    let parking = restriction.parking ? Parking(base) : nil
    let parks = base.header.parking & 0x7F3F != 0
    events.removeAll()
    model.semantics.events(of: base, into: events)
    // Each event works on `work`, a copy of `base`; afterwards only the screens from the first
    // one it changed (which `work` records) are encoded, and then restored.
    work.restore(base, from: shared)
    assert(
      work.firstDifference(from: base) == base.count && work.count == base.count
        && work.header == base.header)
    for e in 0..<events.count {
      let event = events[e]
      // No deep link acts in a parked tab (what it would do there depends on the screens the
      // state no longer keeps); one that would is left out, as a successor in it would be.
      if parks, case .deepLink(let l) = event, let parking, linkActsInAParkedTab(l, parking) {
        sink.skip()
        continue
      }
      fired.removeAll()
      work.startChanges()
      let outcome = model.semantics.apply(
        event, to: &work, fired: fired, callbacks: callbacks)
      // The screens before the first one the event changed are the parent's.
      var same = min(work.changedFrom, work.count, base.count)
      assert(
        work.firstDifference(from: base) >= same,
        "\(event) changed a screen without going through StateEditor's changes")
      switch outcome {
      case .state:
        for i in 0..<fired.count { sink.cover(fired[i]) }
        if let parking {
          // Parking a tab is rare and done out of line, in a static function with the semantics
          // passed, borrowed (a method of `self` would copy the expander, of which `work` is
          // part, and the whole model passed was copied for every call).
          let changed = work.changedStacks()
          guard Self.leavesParkedAlone(work, parking),
            parking.writers == 0 || Self.leavesWritersAlone(work, base, parking.writers),
            changed.count < 2
              ? Self.keep(&work, parking, changed, restriction)
              : changed.count == 2
                && Self.parkChangedTab(
                  &work, parking, model.semantics, parksHolders: restriction.parksHolders)
          else {
            sink.skip()
            break
          }
          same = min(work.changedFrom, work.count, base.count)
        } else if restriction.oneChangedTab && !restriction.keeps(work.changedStacks()) {
          sink.skip()
          break
        }
        // The screens after the last one the event changed are the parent's last ones.
        let tail = Shape.tabbed ? min(work.unchangedTail, work.count - same) : 0
        assert(
          (0..<tail).allSatisfy {
            work.screen(work.count - 1 - $0) == base.screen(base.count - 1 - $0)
          },
          "\(event) changed a screen at the end without going through StateEditor's changes")
        assert(work.headerChanged || work.header == base.header)
        let length = codec.encode(
          work, base: state, same: same, tail: tail, sameHeader: !work.headerChanged,
          into: sink.stateBuffer(capacity: codec.maxStateBytes))
        sink.state(
          length: length,
          returning: RouterModel.returns(event)
            && (restriction.onlyTab < 0
              || !actsInAnotherTab(event, base, restriction) && !readsSharedFlag(event))
        )
      case .violation(let kind, let declaration):
        sink.violation(RouterModel.key(kind, declaration))
      case .pruned:
        sink.pruned()
      }
      work.restore(base, from: same)
    }
  }

  @inline(__always)
  mutating func check(_ state: UnsafeRawBufferPointer, into sink: inout SuccessorSink) -> UInt32? {
    guard !model.invariants.isEmpty else { return nil }
    // `checked` holds the state checked before, often a sibling.
    let unchanged = model.codec.decode(state, into: &checked, holding: lastChecked)
    guard
      let declaration = model.brokenInvariant(checked, cache: &views, unchanged: unchanged)
    else { return nil }
    // The state is not expanded, so its destinations are covered here.
    Self.cover(checked, from: 0, firstMark: model.destinationMark(0), &sink)
    return RouterModel.key(.invariant, declaration)
  }

  /// What the parking of a successor reads of the state expanded, `base`.
  struct Parking {
    /// Its one changed tab (-1: none), its parked tab and parked holder (-1: none).
    var changed: Int
    var parked: Int
    var holder: Int
    var switchBegan: Bool
    var module: Int
    /// The roots of its parked tab and of its parked holder, as it keeps them (`nil`: none).
    var parkedRoot: ScreenState?
    var holderRoot: ScreenState?
    /// Its parked writers (bit k: tab k), whether its one changed tab wrote
    /// (`StateBufferHeader.wrote`), and its flags and app's pending work (what a write reads).
    var writers: Int
    var wrote: Bool
    var flags: UInt64
    var appPending: UInt64

    init(_ base: StateBuffer<Shape>) {
      changed = base.changedStacks().last
      parked = base.header.parked - 1
      holder = base.header.holder - 1
      switchBegan = base.header.switchBegan
      module = base.module
      parkedRoot = parked >= 0 ? base.screen(base.tabRoot(parked)) : nil
      holderRoot = holder >= 0 ? base.screen(base.tabRoot(holder)) : nil
      writers = base.header.writers
      wrote = base.header.wrote
      flags = base.flags
      appPending = base.appPending
    }
  }

  /// Whether deep link `l` may act in a parked tab of the state expanded (what it would do
  /// there depends on the screens the state no longer keeps): it is left out, as a successor
  /// in that tab would be.
  @inline(__always)
  private func linkActsInAParkedTab(_ l: Int, _ base: Parking) -> Bool {
    let tabs = model.deepLinkTabs[base.module * model.spec.deepLinks.count + l]
    return base.parked >= 0 && tabs & (1 << UInt64(base.parked)) != 0
      || base.holder >= 0 && tabs & (1 << UInt64(base.holder)) != 0
      || tabs & UInt64(base.writers) != 0
  }

  // The tabs reduction with parking (issue 33): whether the successor in `work` of the state
  // expanded, `base`, is in the graph. Where the selected tab now changes too, the tab changed
  // before is parked: as a *holder*, with its root's pending work, where that holds work a
  // module switch would orphan (`parksHolders`); else where its changes began with a module
  // switch (a deep link or a log-in that switches and then acts in a tab) and it holds no
  // work. A parked tab holds no pending work but its root's, is never selected or acted in
  // again (such successors are left out), and the state keeps its root alone: the events of
  // the state and of the product's state, with the tab as it was, are the same, in the same
  // order, so traces replay in the product.

  /// Whether the successor in `work` leaves the parked tabs of `base` alone: it selects
  /// neither, nor changes one (a module switch resets them all).
  @inline(__always)
  private static func leavesParkedAlone(_ work: StateBuffer<Shape>, _ base: Parking) -> Bool {
    func touches(_ tab: Int, _ root: ScreenState?) -> Bool {
      guard let root else { return false }
      return work.selectedTab == tab || !work.tab(tab, isAlone: root)
    }
    return work.switchedModule
      || !touches(base.parked, base.parkedRoot) && !touches(base.holder, base.holderRoot)
  }

  /// Whether the successor in `work` leaves `writers`, the parked writers of `base`, alone
  /// (rare: out of line, and the only place that reads `base` itself).
  @inline(never)
  private static func leavesWritersAlone(
    _ work: StateBuffer<Shape>, _ base: StateBuffer<Shape>, _ writers: Int
  ) -> Bool {
    work.switchedModule
      || (0..<7).allSatisfy { tab in
        writers & 1 << tab == 0
          || work.selectedTab != tab && work.tab(tab, isAlone: base.screen(base.tabRoot(tab)))
      }
  }

  /// Keeps a successor with at most one changed tab (`changed`), recording whether that tab's
  /// changes began with a module switch.
  @inline(__always)
  private static func keep(
    _ work: inout StateBuffer<Shape>, _ base: Parking, _ changed: (count: Int, last: Int),
    _ restriction: borrowing RouterModel.Restriction
  ) -> Bool {
    if changed.count == 0 {
      work.setSwitchBegan(false)
      work.setWrote(false)
    } else if work.switchedModule {
      work.setSwitchBegan(true)
    } else {
      if changed.last != base.changed {
        work.setSwitchBegan(false)
        work.setWrote(false)
      }
      if restriction.sharedFlags != 0 {
        noteWrite(
          &work, base, shared: restriction.sharedFlags, values: restriction.sharedValues,
          work: restriction.sharedWork)
      }
    }
    return true
  }

  /// Records that the one changed tab wrote (`StateBufferHeader.wrote`) where the event gave a
  /// flag shared one way its value other than by completing work the app held (handed over
  /// by a tab parked since), or handed the app a writer's work.
  @inline(never)
  private static func noteWrite(
    _ work: inout StateBuffer<Shape>, _ base: Parking, shared: UInt64, values: UInt64,
    work writers: UInt64
  ) {
    let (before, after) = (base.appPending & writers, work.appPending & writers)
    let newlyHanded = after & ~before
    let consumed = before & ~after
    let given = { (flags: UInt64) in ~(flags ^ values) & shared }
    let newlyGiven = given(work.flags) & ~given(base.flags)
    if newlyHanded != 0 || (newlyGiven != 0 && consumed == 0) { work.setWrote(true) }
  }

  /// Parks the tab `base` changed where the successor in `work` changes the selected one too,
  /// or says that the successor is left out.
  @inline(never)
  private static func parkChangedTab(
    _ work: inout StateBuffer<Shape>, _ base: Parking, _ semantics: borrowing RouterSemantics,
    parksHolders: Bool
  ) -> Bool {
    let tab = base.changed
    guard !work.switchedModule, tab >= 0, tab != work.selectedTab,
      !work.isUnchanged(tab: work.selectedTab)
    else { return false }
    let pending = work.rootPending(tab: tab)
    let root = Int(work.screen(work.tabRoot(tab)).destination)
    let read = semantics.pendingARemovalReads(pending, of: root)
    if base.wrote {
      // A writer: parked with what a switch reads of its root's work, where the work its
      // other screens hold is cancelled with them (`TabReduction.monotoneFlags` sees to it).
      for i in work.tabRoot(tab) + 1..<work.tabRoot(tab + 1) {
        let screen = work.screen(i)
        guard
          semantics.pendingARemovalReads(screen.pending, of: Int(screen.destination)).kept
            == 0
        else { return false }
      }
      work.parkWriter(tab: tab, holding: read.kept)
      return true
    }
    guard !work.holdsPendingAboveRoot(tab: tab) else { return false }
    if read.orphans {
      guard parksHolders, base.holder < 0 else { return false }
      work.park(tab: tab, holding: read.kept)
    } else {
      guard pending == 0, base.switchBegan, base.parked < 0 else { return false }
      work.park(tab: tab, holding: nil)
    }
    return true
  }

  /// In the stuck analysis of one tab (`Restriction.onlyTab`): whether `event` is the user's,
  /// in another tab of a module with tabs, where that tab shows its root alone. It is no way
  /// home for the analysed tab: where every tab is stuck, no other tab shows its root, so a
  /// log-out tapped there (or anything else tapped there) cannot happen.
  private func actsInAnotherTab(
    _ event: RouterEvent, _ base: StateBuffer<Shape>, _ restriction: RouterModel.Restriction
  ) -> Bool {
    guard base.selectedTab != restriction.onlyTab,
      model.semantics.features.modules[base.module].hasTabs
    else { return false }
    switch event {
    case .transition, .alertButton, .gesture, .tabButton, .tapToast: return true
    case .complete, .deepLink, .selectTab, .toastExpires, .broadcast: return false
    }
  }

  /// In the stuck analysis of one tab: whether `event`'s guards may read a flag shared one way
  /// (`RouterModel.sharedReaders`), which another tab may give its value at any moment.
  private func readsSharedFlag(_ event: RouterEvent) -> Bool {
    switch event {
    case .transition(let t):
      return !model.sharedReaders.transitions.isEmpty && model.sharedReaders.transitions[t]
    case .alertButton: return model.sharedReaders.buttons
    case .tabButton: return model.sharedReaders.tabButtons
    default: return false
    }
  }

  /// Whether `buffer` encodes to `state` (the debug check of the screens kept).
  private func encodes(_ buffer: StateBuffer<Shape>, _ state: UnsafeRawBufferPointer) -> Bool {
    var bytes = [UInt8](repeating: 0, count: model.codec.maxStateBytes)
    let length = bytes.withUnsafeMutableBytes {
      model.codec.encode(buffer, base: state, same: 0, into: $0)
    }
    return bytes[..<length].elementsEqual(state)
  }

  /// Covers the destinations of `state`'s screens from the `k`th (`firstMark`: the first
  /// destination's mark): static, so that a state of `self`'s own is borrowed, not copied.
  private static func cover(
    _ state: borrowing StateBuffer<Shape>, from k: Int, firstMark: Int,
    _ sink: inout SuccessorSink
  ) {
    for i in k..<state.count { sink.cover(firstMark + Int(state.screen(i).destination)) }
  }

}

/// The explorer's worker for a spec without tabs: a concrete class, so the witness the explorer
/// calls is the expander compiled for one stack (a generic type's witness would run
/// unspecialized code).
final class OneStackExpander: StateExpander {
  // Only this thread calls it, one state at a time.
  @exclusivity(unchecked) var expander: RouterExpander<OneStack>

  init(expander: RouterExpander<OneStack>) { self.expander = expander }

  func expand(_ state: UnsafeRawBufferPointer, into sink: inout SuccessorSink) {
    expander.expand(state, into: &sink)
  }

  func check(_ state: UnsafeRawBufferPointer, into sink: inout SuccessorSink) -> UInt32? {
    expander.check(state, into: &sink)
  }
}

/// The explorer's worker for a spec with tabs.
final class TabsExpander: StateExpander {
  @exclusivity(unchecked) var expander: RouterExpander<Stacks>

  init(expander: RouterExpander<Stacks>) { self.expander = expander }

  func expand(_ state: UnsafeRawBufferPointer, into sink: inout SuccessorSink) {
    expander.expand(state, into: &sink)
  }

  func check(_ state: UnsafeRawBufferPointer, into sink: inout SuccessorSink) -> UInt32? {
    expander.check(state, into: &sink)
  }
}
