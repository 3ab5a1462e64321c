/// A router state in a buffer of fixed capacity, where the explorer performs events: no
/// copy-on-write, uniqueness checks or reference counting per change (it performs every event
/// of every state).
///
/// The screens are kept in tree pre-order, each with its `ScreenLink`, and the header fields
/// (module, flags, selected tab, the app's pending work) beside them. A `Position` is a
/// screen's pre-order index. In every reachable state only the top screen of a stack presents,
/// and only in the selected stack (SEMANTICS §2), so the screen after a stack's top is the root
/// of the environment it presents, the screen before a presented root is its presenter, and
/// everything after a screen up to the next root-environment stack is above it.
///
/// Changes go through `StateEditor`'s methods, which record the lowest screen they touched in
/// `changedFrom` and how many screens at the end they left alone in `unchangedTail`, so the
/// expander encodes only between the two and restores only from the first. Copies share the
/// screens: each buffer is used in one place, `inout`.
struct StateBuffer<Shape: StackShape> {
  private final class Storage {
    let base: UnsafeMutablePointer<ScreenState>
    let removed: UnsafeMutablePointer<ScreenState>
    let roots: UnsafeMutablePointer<Int>
    init(capacity: Int) {
      base = .allocate(capacity: capacity)
      removed = .allocate(capacity: capacity)
      roots = .allocate(capacity: capacity + 1)
    }
    deinit {
      base.deallocate()
      removed.deallocate()
      roots.deallocate()
    }
  }

  /// Keeps `base`, `removed` and `roots` allocated.
  private let storage: Storage
  private let base: UnsafeMutablePointer<ScreenState>
  /// Where a removal from the middle copies the screens it takes out.
  private let removedBase: UnsafeMutablePointer<ScreenState>
  /// With tabs (or the app's presentation, §11.10), the index of each root-environment stack's
  /// root, then the end of the tabs' screens: stack `n`'s tree is `roots[n]..<roots[n + 1]`.
  /// The tabs' screens end at `count`, or where the app's presentation starts (it is the last
  /// subtree, after every tab's). The active screen, the app root and the tabs
  /// reduction's test are asked for by nearly every rule and successor, and finding the stacks
  /// walks the screens; every change keeps them instead (a debug build checks them against the
  /// walk at each use).
  private let roots: UnsafeMutablePointer<Int>
  /// With tabs, how many stacks the root environment holds.
  private var stackCount = 0
  /// The most screens it holds: the most a state of the spec has.
  let capacity: Int
  /// Whether the root environment may hold several stacks (a spec with tabs): a type's
  /// constant, so the buffer of a spec without tabs compiles to queries that know the active
  /// screen is the last one and everything after a screen is above it.
  var tabbed: Bool { @inline(__always) get { Shape.tabbed } }
  /// Whether the spec's states have header fields that change (modules, tabs, flags,
  /// app-level work); where they do not, restoring skips them.
  let hasHeader: Bool
  private(set) var count = 0

  private(set) var header = StateBufferHeader()

  /// The lowest screen index changed since `startChanges` (`Int.max`: none). Not part of the
  /// state.
  private(set) var changedFrom = Int.max
  /// With tabs, how many screens at the end are the ones that ended the state at
  /// `startChanges`, in the same order: no change since then touched them or came after them
  /// (0 with one stack, whose changes are all at its end). Not part of the state.
  private(set) var unchangedTail = 0

  /// Whether a header field was set since `startChanges` (perhaps to the value it had). Not
  /// part of the state.
  private(set) var headerChanged = false

  /// Whether a module switch happened since `startChanges`. Not part of the state.
  private(set) var switchedModule = false

  /// Starts recording changes (`changedFrom`, `unchangedTail`, `headerChanged`): none so far.
  @inline(__always)
  mutating func startChanges() {
    changedFrom = .max
    if tabbed { unchangedTail = count }
    headerChanged = false
    switchedModule = false
  }

  /// Records a change of the screen at `p`.
  @inline(__always)
  private mutating func changed(at p: Int) {
    changedFrom = min(changedFrom, p)
    if tabbed { unchangedTail = min(unchangedTail, count - p - 1) }
  }

  /// An empty buffer for up to `capacity` screens, with a header or without.
  init(capacity: Int, hasHeader: Bool) {
    self.capacity = max(capacity, 1)
    self.hasHeader = hasHeader
    storage = Storage(capacity: self.capacity)
    base = storage.base
    removedBase = storage.removed
    roots = storage.roots
    roots[0] = 0
  }

  /// A buffer holding `state`, with room for `capacity` screens (at least the state's).
  init(_ state: RouterState, capacity: Int) {
    let screens = state.linkedScreens
    precondition(Shape.tabbed || state.stacks.count == 1, "a state with tabs in a one-stack buffer")
    self.init(capacity: max(capacity, screens.count), hasHeader: true)
    header = StateBufferHeader(
      module: state.module, selectedTab: state.selectedTab, flags: state.flags,
      appPending: state.appPending, toast: state.toast, prompt: state.prompt)
    set(count: screens.count, from: 0) { screens[$0] }
  }

  /// The state as a value.
  var state: RouterState {
    var state = RouterState(linkedScreens: UnsafeBufferPointer(start: base, count: count))
    state.module = header.module
    state.flags = header.flags
    state.selectedTab = header.selectedTab
    state.appPending = header.appPending
    state.toast = header.toast
    state.prompt = header.prompt
    return state
  }

  /// Screen `i` in pre-order, with its link.
  @inline(__always)
  func screen(_ i: Int) -> ScreenState {
    assert(i >= 0 && i < count)
    return base[i]
  }

  /// The index of the first screen that differs from `other`'s (or the shorter count): what
  /// the expander's debug check compares `changedFrom` with.
  func firstDifference(from other: StateBuffer) -> Int {
    var i = 0
    while i < count && i < other.count && base[i] == other.base[i] { i += 1 }
    return i
  }

  /// Makes this buffer equal to `other` again, given that their screens before `k` are equal.
  @inline(__always)
  mutating func restore(_ other: StateBuffer, from k: Int) {
    for i in k..<other.count { base[i] = other.base[i] }
    count = other.count
    unchangedTail = 0
    if hasHeader { header = other.header }
    if tabbed {
      stackCount = other.stackCount
      roots.update(from: other.roots, count: stackCount + 1)
    }
  }

  /// Sets the header (what a decoder reads first).
  mutating func setHeader(_ header: StateBufferHeader) { self.header = header }

  /// Sets the screens from `k` on (what a decoder writes, after the header), and the count.
  @inline(__always)
  mutating func set(count n: Int, from k: Int, _ screen: (Int) -> ScreenState) {
    precondition(n <= capacity, "a state has more screens than the spec's bounds allow")
    for i in k..<n { base[i] = screen(i) }
    count = n
    unchangedTail = 0
    if tabbed { findStacks(from: k) }
  }

  /// Finds the stacks' roots by walking the screens from `k` on: the roots before it are kept
  /// (and the start of the app's presentation, where it is before `k`).
  private mutating func findStacks(from k: Int) {
    var n = 0
    while n < stackCount && roots[n] < k { n += 1 }
    // Every tab's root and the app's presentation's root are kept.
    if n == stackCount && roots[n] < k { return }
    var end = count
    for i in k..<count where base[i].link.startsSubtree {
      guard base[i].link == .root else {
        end = i
        break
      }
      roots[n] = i
      n += 1
    }
    stackCount = n
    roots[n] = end
  }

  /// Whether `roots` are where the walk finds them (debug builds' check).
  private func stacksAreKnown() -> Bool {
    var n = 0
    var end = count
    for i in 0..<count where base[i].link.startsSubtree {
      guard base[i].link == .root else {
        end = i
        break
      }
      if n >= stackCount || roots[n] != i { return false }
      n += 1
    }
    return n == stackCount && roots[n] == end
  }

  /// Where the app's presentation starts (§11.10); `count` where the app presents nothing.
  @inline(__always)
  private var tabsEnd: Int { tabbed ? roots[stackCount] : count }

  /// How many root-environment stacks differ from a tab's initial stack (its root alone, with
  /// no alert, presentation, flow cursor, pending work or onDismiss), and the last of them
  /// (-1: none): what the tabs reduction restricts (`RouterModel.Restriction`). The parked
  /// tabs (`StateBufferHeader.parked`, `holder`) are not counted.
  @inline(__always)
  func changedStacks() -> (count: Int, last: Int) {
    guard tabbed else {
      let root = base[0]
      let changed =
        count > 1 || root.alert != 0 || root.flow != 0 || root.pending != 0
        || root.onDismiss != 0
      return changed ? (1, 0) : (0, -1)
    }
    assert(stacksAreKnown())
    var changed = 0
    var last = -1
    let (parked, holder, writers) = (header.parked, header.holder, header.writers)
    for tab in 0..<stackCount
    where tab + 1 != parked && tab + 1 != holder && writers & 1 << tab == 0 {
      let i = roots[tab]
      let root = base[i]
      if roots[tab + 1] != i + 1 || root.alert != 0 || root.flow != 0 || root.pending != 0
        || root.onDismiss != 0
      {
        changed += 1
        last = tab
      }
    }
    return (changed, last)
  }

  /// Whether tab `tab` holds its root alone, with no alert, flow cursor, pending work or
  /// onDismiss (as a tab starts).
  func isUnchanged(tab: Int) -> Bool {
    let i = roots[tab]
    let root = base[i]
    return roots[tab + 1] == i + 1 && root.alert == 0 && root.flow == 0 && root.pending == 0
      && root.onDismiss == 0
  }

  /// Whether a screen of tab `tab` (its root environment and what it presents) other than its
  /// root holds pending work.
  func holdsPendingAboveRoot(tab: Int) -> Bool {
    for i in roots[tab] + 1..<roots[tab + 1] where base[i].pending != 0 { return true }
    return false
  }

  /// The pending work of tab `tab`'s root.
  func rootPending(tab: Int) -> UInt64 { base[roots[tab]].pending }

  /// Whether tab `tab` is `root` alone (a parked tab, unchanged by the event).
  func tab(_ tab: Int, isAlone root: ScreenState) -> Bool {
    roots[tab + 1] == roots[tab] + 1 && base[roots[tab]] == root
  }

  /// Parks tab `tab` (the tabs reduction, issue 33): the state keeps its root alone, holding
  /// `pending` where that is given (a parked holder: what a module switch reads of the root's
  /// work) and nothing otherwise, and the header says it is parked (no event acts in it again).
  mutating func park(tab: Int, holding pending: UInt64?) {
    keepRootAlone(tab: tab, holding: pending ?? 0)
    if pending != nil { header.holder = tab + 1 } else { header.parked = tab + 1 }
  }

  /// Parks tab `tab` as a writer (`StateBufferHeader.writers`): the state keeps its root alone,
  /// holding `pending` (what a module switch reads of the root's work).
  mutating func parkWriter(tab: Int, holding pending: UInt64) {
    keepRootAlone(tab: tab, holding: pending)
    header.writers |= 1 << tab
    if pending != 0 { header.writersHold = true }
  }

  /// Leaves tab `tab` its root alone, holding `pending`, as a parked tab keeps it; the one
  /// changed tab's marks go.
  private mutating func keepRootAlone(tab: Int, holding pending: UInt64) {
    let i = roots[tab]
    if roots[tab + 1] > i + 1 { _ = remove(i + 1) }
    changed(at: i)
    base[i] = ScreenState(destination: base[i].destination, link: .root)
    base[i].pending = pending
    header.switchBegan = false
    header.wrote = false
    headerChanged = true
  }

  /// Records whether the one changed tab gave a flag shared one way its value (the tabs
  /// reduction's parking).
  mutating func setWrote(_ wrote: Bool) {
    guard header.wrote != wrote else { return }
    header.wrote = wrote
    headerChanged = true
  }

  /// Records whether the one changed tab's changes began with a module switch (the tabs
  /// reduction's parking).
  mutating func setSwitchBegan(_ began: Bool) {
    guard header.switchBegan != began else { return }
    header.switchBegan = began
    headerChanged = true
  }

  /// Whether every root-environment stack holds only its root, which presents nothing and
  /// shows no alert: the home states of the tabs reduction's stuck analysis.
  var everyStackAtRoot: Bool {
    for i in 0..<count where base[i].link != .root || base[i].alert != 0 { return false }
    return true
  }

  /// One past the last screen of the subtree of the root-environment stack that holds `p`:
  /// the next stack's bottom, or the end.
  @inline(__always)
  private func stackTreeEnd(after p: Int) -> Int {
    guard tabbed else { return count }
    if p >= roots[stackCount] { return count }
    var n = 1
    while roots[n] <= p { n += 1 }
    return roots[n]
  }

  /// Inserts `screen` at index `k`, moving the screens from there up.
  @inline(__always)
  private mutating func insert(_ screen: ScreenState, at k: Int) {
    precondition(count < capacity, "a state has more screens than the spec's bounds allow")
    changedFrom = min(changedFrom, k)
    if tabbed {
      unchangedTail = min(unchangedTail, count - k)
      var i = count
      while i > k {
        base[i] = base[i - 1]
        i -= 1
      }
      // A screen at a root's index goes on the stack before it (roots are only made by a
      // module switch).
      for n in 1..<stackCount + 1 where roots[n] >= k { roots[n] += 1 }
    }
    // With one stack, a screen is only ever added at the end (above the active screen).
    base[k] = screen
    count += 1
  }
}

extension StateBuffer: StateEditor {
  subscript(_ p: Int) -> ScreenState {
    @inline(__always) get { screen(p) }
  }

  var active: Int {
    @inline(__always) get {
      guard tabbed else { return count - 1 }
      assert(stacksAreKnown())
      // The app's presentation is last, a chain of environments like the selected stack's.
      if roots[stackCount] < count { return count - 1 }
      return roots[header.selectedTab + 1] - 1
    }
  }

  var appRoot: Int {
    @inline(__always) get {
      guard tabbed else { return 0 }
      assert(stacksAreKnown())
      return roots[header.selectedTab]
    }
  }

  func tabRoot(_ index: Int) -> Int {
    guard tabbed else { return 0 }
    assert(stacksAreKnown())
    return roots[index]
  }

  @inline(__always)
  func bottom(of p: Int) -> Int {
    var j = p
    while base[j].link == .pushed { j -= 1 }
    return j
  }

  @inline(__always)
  func above(_ p: Int) -> Int? {
    p + 1 < count && base[p + 1].link == .pushed ? p + 1 : nil
  }

  @inline(__always)
  func below(_ p: Int) -> Int? { base[p].link.startsSubtree ? nil : p - 1 }

  @inline(__always)
  func presented(by p: Int) -> Int? {
    guard p + 1 < count, base[p + 1].link.isPresentedByScreen else { return nil }
    return p + 1
  }

  var appPresentation: Int? {
    @inline(__always) get { tabbed && roots[stackCount] < count ? roots[stackCount] : nil }
  }

  @inline(__always)
  func environmentStyle(of p: Int) -> EnvironmentStyle { base[bottom(of: p)].link.environment! }

  @inline(__always)
  func stack(upTo p: Int) -> (bottom: Int, count: Int, style: EnvironmentStyle) {
    let bottom = bottom(of: p)
    return (bottom, p - bottom + 1, base[bottom].link.environment!)
  }

  var presentationDepth: Int {
    @inline(__always) get {
      // Every presented root in the selected stack's subtree holds the active screen (a chain
      // of environments); with one stack, that is every presented root.
      var start = 0
      var end = count
      if tabbed {
        assert(stacksAreKnown())
        // The app's presentation counts as one, with those presented in it (§11.10).
        (start, end) =
          roots[stackCount] < count
          ? (roots[stackCount], count) : (roots[header.selectedTab], roots[header.selectedTab + 1])
      }
      var depth = 0
      for i in start..<end where base[i].link.presents { depth += 1 }
      return depth
    }
  }

  var screenCount: Int { count }

  @inline(__always)
  func position(preOrder i: Int) -> Int { i }

  func preOrderIndex(of p: Int) -> Int { p }

  @inline(__always)
  mutating func push(_ screen: ScreenState, onto p: Int) {
    var screen = screen
    screen.link = .pushed
    insert(screen, at: p + 1)
  }

  @inline(__always)
  mutating func present(
    _ style: EnvironmentStyle, _ screen: ScreenState, from p: Int, dismissOnBackgroundTap: Bool
  ) {
    var screen = screen
    screen.link = ScreenLink(style, dismissOnBackgroundTap: dismissOnBackgroundTap)
    insert(screen, at: p + 1)
  }

  func dismissesOnBackgroundTap(environmentOf p: Int) -> Bool {
    base[bottom(of: p)].link.dismissesOnBackgroundTap
  }

  mutating func presentOnApp(
    _ style: EnvironmentStyle, _ screen: ScreenState, dismissOnBackgroundTap: Bool
  ) {
    precondition(tabbed, "the app's presentation in a one-stack buffer")
    precondition(count < capacity, "a state has more screens than the spec's bounds allow")
    assert(roots[stackCount] == count, "the app presents twice")
    var screen = screen
    screen.link = ScreenLink(onApp: style, dismissOnBackgroundTap: dismissOnBackgroundTap)
    changedFrom = min(changedFrom, count)
    unchangedTail = 0
    base[count] = screen
    roots[stackCount] = count
    count += 1
  }

  @inline(__always)
  mutating func remove(_ p: Int) -> UnsafeBufferPointer<ScreenState> {
    changedFrom = min(changedFrom, p)
    let end = stackTreeEnd(after: p)
    let removed = end - p
    // A root-environment root is never removed (only a module switch replaces them).
    if tabbed {
      unchangedTail = min(unchangedTail, count - end)
      assert(base[p].link != .root, "a root-environment root removed")
      for n in 1..<stackCount + 1 where roots[n] > p { roots[n] -= removed }
    }
    if end == count {
      // The last subtree (always, with one stack): the screens stay where they are, past the
      // end.
      count = p
      return UnsafeBufferPointer(start: base + p, count: removed)
    }
    removedBase.update(from: base + p, count: removed)
    (base + p).update(from: base + end, count: count - end)
    count -= removed
    return UnsafeBufferPointer(start: removedBase, count: removed)
  }

  @inline(__always)
  mutating func setAlert(_ alert: Int?, at p: Int) {
    changed(at: p)
    base[p].alert = ScreenState.alertField(alert)
  }

  @inline(__always)
  mutating func setPending(_ pending: UInt64, at p: Int) {
    changed(at: p)
    base[p].pending = pending
  }

  mutating func setMark(_ mark: UInt16, at p: Int) {
    changed(at: p)
    base[p].mark = mark
  }

  func find(mark: UInt16) -> Int? {
    for i in 0..<count where base[i].mark == mark { return i }
    return nil
  }

  mutating func clearMarks() {
    for i in 0..<count { base[i].mark = 0 }
  }

  // The header's fields change no screen: the codec writes the header whole.

  var module: Int { header.module }
  var selectedTab: Int { header.selectedTab }
  var flags: UInt64 { header.flags }
  var appPending: UInt64 { header.appPending }
  var toast: Int { header.toast }
  var prompt: Int { header.prompt }

  mutating func selectTab(_ index: Int) {
    precondition(Shape.tabbed || index == 0, "a tab selected in a one-stack buffer")
    header.selectedTab = index
    headerChanged = true
  }

  mutating func setFlag(_ index: Int, to value: Bool) {
    headerChanged = true
    if value {
      header.flags |= 1 << UInt64(index)
    } else {
      header.flags &= ~(1 << UInt64(index))
    }
  }

  mutating func setAppPending(_ pending: UInt64) {
    header.appPending = pending
    headerChanged = true
  }

  mutating func setToast(_ toast: Int) {
    header.toast = toast
    headerChanged = true
  }

  mutating func setPrompt(_ prompt: Int) {
    header.prompt = prompt
    headerChanged = true
  }

  mutating func switchModule(_ module: Int, roots: [UInt16]) -> UnsafeBufferPointer<ScreenState> {
    precondition(Shape.tabbed || roots.count == 1, "tabs in a one-stack buffer")
    precondition(roots.count <= capacity, "a module has more tabs than the buffer holds")
    removedBase.update(from: base, count: count)
    // The app's presentation stays, after the new module's roots (§11.10).
    let kept = tabsEnd
    let app = count - kept
    let removed = UnsafeBufferPointer(start: removedBase, count: kept)
    for (i, root) in roots.enumerated() { base[i] = ScreenState(destination: root, link: .root) }
    if app > 0 {
      precondition(roots.count + app <= capacity, "a module has more tabs than the buffer holds")
      (base + roots.count).update(from: removedBase + kept, count: app)
    }
    count = roots.count + app
    changedFrom = 0
    unchangedTail = 0
    headerChanged = true
    switchedModule = true
    header.module = module
    header.selectedTab = 0
    header.parking = 0
    if tabbed { findStacks(from: 0) }
    return removed
  }
}

/// Whether a `StateBuffer`'s states may hold several stacks in the root environment: a type, so
/// each kind of spec gets the semantics compiled for it.
protocol StackShape {
  static var tabbed: Bool { get }
}

/// One stack in the root environment (a spec without tabs).
enum OneStack: StackShape {
  static var tabbed: Bool { @inline(__always) get { false } }
}

/// Several stacks in the root environment (tabs).
enum Stacks: StackShape {
  static var tabbed: Bool { @inline(__always) get { true } }
}

/// The fields of SEMANTICS §2 that are not screens, as a `StateBuffer` holds them.
struct StateBufferHeader: Equatable {
  var module = 0
  var selectedTab = 0
  var flags: UInt64 = 0
  var appPending: UInt64 = 0
  var toast = 0
  var prompt = 0
  /// The tabs reduction's parking (`RouterExpander`, issue 33), as the codec writes it: the
  /// parked tab + 1 (bits 0–2), the parked holder + 1 (bits 3–5), `wrote` (bit 6),
  /// `switchBegan` (bit 7), the parked writers (bits 8–14, one per tab) and `writersHold`
  /// (bit 15). Not part of SEMANTICS' state: 0 in every other run. One byte (two where a flag
  /// is shared one way, `TabReduction.MonotoneFlag`), so that the header every event copies
  /// stays as small as it was.
  var parking: UInt16 = 0

  /// The parked tab: its index + 1, 0 for none. A parked tab is left as it was and never acted
  /// in again; the state keeps its root alone.
  var parked: Int {
    get { Int(parking & 0x07) }
    set { parking = parking & ~0x07 | UInt16(newValue) }
  }
  /// The parked holder, a tab parked with the pending work of its root (work a module switch
  /// would orphan): its index + 1, 0 for none.
  var holder: Int {
    get { Int(parking >> 3 & 0x07) }
    set { parking = parking & ~0x38 | UInt16(newValue) << 3 }
  }
  /// The parked writers (bit k: tab k), tabs parked because they handed a flag shared one way
  /// its value (`TabReduction.MonotoneFlag`), each with what a module switch reads of its
  /// root's work.
  var writers: Int {
    get { Int(parking >> 8 & 0x7F) }
    set { parking = parking & ~0x7F00 | UInt16(newValue) << 8 }
  }
  /// Whether a parked writer's root holds work (the state then counts as home, as one with a
  /// parked holder does).
  var writersHold: Bool {
    get { parking & 0x8000 != 0 }
    set { parking = newValue ? parking | 0x8000 : parking & ~0x8000 }
  }
  /// Whether the one changed tab gave a flag shared one way its value, or handed the app work
  /// that will (it is parked as a writer where another tab then changes).
  var wrote: Bool {
    get { parking & 0x40 != 0 }
    set { parking = newValue ? parking | 0x40 : parking & ~0x40 }
  }
  var switchBegan: Bool {
    get { parking & 0x80 != 0 }
    set { parking = newValue ? parking | 0x80 : parking & ~0x80 }
  }
}
