/// A router state as the semantics works on it.
///
/// In every reachable state only the top screen of a stack presents, so the state is a chain of
/// environments, each presented by the top screen of the one below (SEMANTICS §2). It is kept
/// as one flat array: all screens in tree pre-order, the first screen of each environment
/// marked with the environment's style. Screen `i` presents exactly when screen `i + 1` starts
/// an environment, and removing a screen "and everything above it" is a truncation.
struct RouterState: Sendable, Equatable {
  /// The screens. The semantics changes them only through the methods under "Changes", which
  /// record the lowest index they touched in `changedFrom`.
  var screens: [ScreenState]
  /// The lowest screen index changed since the expander last reset it (`Int.max`: none), so
  /// it encodes and restores only from there. Not part of the state: equality ignores it.
  var changedFrom = Int.max

  /// The initial state: the root environment whose stack is [root].
  init(root: Int) {
    screens = [ScreenState(destination: UInt16(root), style: .root)]
  }

  /// The index of the first screen that differs from `other`'s (or the shorter count): what
  /// the expander's debug check compares `changedFrom` with.
  func firstDifference(from other: RouterState) -> Int {
    zip(screens, other.screens).prefix { $0 == $1 }.count
  }

  /// Makes this state equal to `other` again, given that their screens before `k` are equal
  /// (from 0: a copy), without allocating when capacity allows.
  @inline(__always)
  mutating func restore(_ other: RouterState, from k: Int) {
    while screens.count > other.screens.count { screens.removeLast() }
    let n = screens.count
    if k < n {
      // A few screens at most: element by element, not a call to `memmove`.
      screens.withUnsafeMutableBufferPointer { target in
        other.screens.withUnsafeBufferPointer { source in
          for i in k..<n { target[i] = source[i] }
        }
      }
    }
    while screens.count < other.screens.count { screens.append(other.screens[screens.count]) }
  }

  // MARK: - Queries (SEMANTICS §3)

  /// The screen that receives the user's taps: the last one in pre-order.
  var activeIndex: Int { screens.count - 1 }

  /// The index of the root of the environment that holds screen `i`.
  ///
  /// - Complexity: O(stack depth)
  func environmentStart(of i: Int) -> Int {
    var j = i
    while screens[j].style == .none { j -= 1 }
    return j
  }

  /// One past the last screen of the environment whose root is at `start`.
  func environmentEnd(from start: Int) -> Int {
    var j = start + 1
    while j < screens.count && screens[j].style == .none { j += 1 }
    return j
  }

  /// Environments presented above the root environment.
  var presentationDepth: Int {
    screens.count { $0.style.rawValue > EnvironmentStyle.root.rawValue }
  }

  /// The index of each environment's root, from the root environment up.
  var environmentStarts: [Int] { screens.indices.filter { screens[$0].style != .none } }

  /// Whether screen `i` presents an environment.
  func presents(_ i: Int) -> Bool { i + 1 < screens.count && screens[i + 1].style != .none }

  /// Whether screen `i` is covered: not the top of its stack, presenting, or showing an alert.
  /// In a chain of environments only the last screen is neither under another nor presenting.
  func isCovered(_ i: Int) -> Bool { i != activeIndex || screens[i].alert != 0 }

  // MARK: - Changes

  /// Keeps the screens before `k` and removes the rest: a screen "and everything above it".
  /// Removing an environment's root dismisses that environment.
  mutating func truncate(at k: Int) {
    changedFrom = min(changedFrom, k)
    while screens.count > k { screens.removeLast() }
  }

  /// Appends a screen to the last environment's stack, or presents a new environment whose
  /// stack is [screen] where the screen's style says so.
  mutating func append(_ screen: ScreenState) {
    changedFrom = min(changedFrom, screens.count)
    screens.append(screen)
  }

  /// Sets the alert of screen `i` (alert declaration + 1; 0: none).
  mutating func setAlert(_ alert: UInt16, at i: Int) {
    changedFrom = min(changedFrom, i)
    screens[i].alert = alert
  }

  /// Sets the pending async work of screen `i`.
  mutating func setPending(_ pending: UInt64, at i: Int) {
    changedFrom = min(changedFrom, i)
    screens[i].pending = pending
  }

  /// Equal screens: `changedFrom` is bookkeeping, not state.
  static func == (a: RouterState, b: RouterState) -> Bool { a.screens == b.screens }
}
