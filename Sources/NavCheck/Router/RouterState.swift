/// A router state as the semantics works on it: a chain of screens (SEMANTICS §2).
///
/// In every reachable state only the top screen of a stack presents, so the state is a chain of
/// environments, each presented by the top screen of the one below. It is kept as one flat
/// sequence: all screens in tree pre-order, the first screen of each environment marked with
/// the environment's style. Screen `i` presents exactly when screen `i + 1` starts an
/// environment, and removing a screen "and everything above it" is a truncation.
///
/// Two types hold one: `RouterState`, a value (traces, replays, views), and `ScreenBuffer`,
/// where the semantics performs events without copy-on-write or reference counting.
protocol ScreenChain {
  /// The number of screens; at least 1.
  var count: Int { get }
  /// Screen `i` in pre-order.
  subscript(_ i: Int) -> ScreenState { get }
}

// MARK: - Queries (SEMANTICS §3)

extension ScreenChain {
  /// The screen that receives the user's taps: the last one in pre-order.
  var activeIndex: Int { count - 1 }

  /// The index of the root of the environment that holds screen `i`.
  ///
  /// - Complexity: O(stack depth)
  func environmentStart(of i: Int) -> Int {
    var j = i
    while self[j].style == .none { j -= 1 }
    return j
  }

  /// One past the last screen of the environment whose root is at `start`.
  func environmentEnd(from start: Int) -> Int {
    var j = start + 1
    while j < count && self[j].style == .none { j += 1 }
    return j
  }

  /// Environments presented above the root environment.
  var presentationDepth: Int {
    var depth = 0
    for i in 0..<count where self[i].style.rawValue > EnvironmentStyle.root.rawValue {
      depth += 1
    }
    return depth
  }

  /// The index of each environment's root, from the root environment up.
  var environmentStarts: [Int] { (0..<count).filter { self[$0].style != .none } }

  /// Whether screen `i` presents an environment.
  func presents(_ i: Int) -> Bool { i + 1 < count && self[i + 1].style != .none }

  /// Whether screen `i` is covered: not the top of its stack, presenting, or showing an alert.
  /// In a chain of environments only the last screen is neither under another nor presenting.
  func isCovered(_ i: Int) -> Bool { i != activeIndex || self[i].alert != 0 }

  /// Whether it is a home state (SEMANTICS §6): the root alone, nothing presented, no alert.
  var isHome: Bool { count == 1 && self[0].alert == 0 }
}

/// A router state as a value.
struct RouterState: ScreenChain, Sendable, Equatable {
  /// The screens in pre-order.
  var screens: [ScreenState]

  /// The initial state: the root environment whose stack is [root].
  init(root: Int) {
    screens = [ScreenState(destination: UInt16(root), style: .root)]
  }

  init(screens: [ScreenState]) { self.screens = screens }

  var count: Int { screens.count }
  subscript(_ i: Int) -> ScreenState { screens[i] }
}

/// A router state in a buffer of fixed capacity, where the semantics performs events: no
/// copy-on-write, uniqueness checks or reference counting per change (the explorer performs
/// every event of every state).
///
/// The semantics changes screens only through the methods under "Changes", which record the
/// lowest index they touched in `changedFrom`, so the expander encodes and restores only from
/// there. Copies share the screens: each buffer is used in one place, `inout`.
struct ScreenBuffer: ScreenChain {
  private final class Storage {
    let base: UnsafeMutablePointer<ScreenState>
    init(capacity: Int) { base = .allocate(capacity: capacity) }
    deinit { base.deallocate() }
  }

  /// Keeps `base` allocated.
  private let storage: Storage
  private let base: UnsafeMutablePointer<ScreenState>
  /// The most screens it holds: the most a state of the spec has.
  let capacity: Int
  private(set) var count = 0
  /// The lowest screen index changed since the last reset (`Int.max`: none). Not part of the
  /// state.
  var changedFrom = Int.max

  /// An empty buffer for up to `capacity` screens.
  init(capacity: Int) {
    self.capacity = max(capacity, 1)
    storage = Storage(capacity: self.capacity)
    base = storage.base
  }

  /// A buffer holding `state`, with room for `capacity` screens (at least the state's).
  init(_ state: RouterState, capacity: Int) {
    self.init(capacity: max(capacity, state.count))
    for screen in state.screens { append(screen) }
    changedFrom = .max
  }

  subscript(_ i: Int) -> ScreenState {
    @inline(__always) get {
      assert(i >= 0 && i < count)
      return base[i]
    }
  }

  /// The screens as a value.
  var state: RouterState {
    RouterState(screens: Array(UnsafeBufferPointer(start: base, count: count)))
  }

  /// The index of the first screen that differs from `other`'s (or the shorter count): what
  /// the expander's debug check compares `changedFrom` with.
  func firstDifference(from other: ScreenBuffer) -> Int {
    var i = 0
    while i < count && i < other.count && base[i] == other.base[i] { i += 1 }
    return i
  }

  /// Makes this buffer equal to `other` again, given that their screens before `k` are equal.
  @inline(__always)
  mutating func restore(_ other: ScreenBuffer, from k: Int) {
    for i in k..<other.count { base[i] = other.base[i] }
    count = other.count
  }

  /// Sets the screens from `k` on (what a decoder writes), and the count.
  @inline(__always)
  mutating func set(count n: Int, from k: Int, _ screen: (Int) -> ScreenState) {
    precondition(n <= capacity, "a state has more screens than the spec's bounds allow")
    for i in k..<n { base[i] = screen(i) }
    count = n
  }

  // MARK: - Changes

  /// Keeps the screens before `k` and removes the rest: a screen "and everything above it".
  /// Removing an environment's root dismisses that environment.
  @inline(__always)
  mutating func truncate(at k: Int) {
    changedFrom = min(changedFrom, k)
    count = min(count, k)
  }

  /// Appends a screen to the last environment's stack, or presents a new environment whose
  /// stack is [screen] where the screen's style says so.
  @inline(__always)
  mutating func append(_ screen: ScreenState) {
    precondition(count < capacity, "a state has more screens than the spec's bounds allow")
    changedFrom = min(changedFrom, count)
    base[count] = screen
    count += 1
  }

  /// Sets the alert of screen `i` (alert declaration + 1; 0: none).
  @inline(__always)
  mutating func setAlert(_ alert: UInt16, at i: Int) {
    changedFrom = min(changedFrom, i)
    base[i].alert = alert
  }

  /// Sets the pending async work of screen `i`.
  @inline(__always)
  mutating func setPending(_ pending: UInt64, at i: Int) {
    changedFrom = min(changedFrom, i)
    base[i].pending = pending
  }
}
