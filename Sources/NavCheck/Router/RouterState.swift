/// One screen of a router state (SEMANTICS §2), 16 bytes.
struct ScreenState: Sendable, Equatable {
  /// Index of the destination in the compiled spec.
  var destination: UInt16
  /// Alert declaration index + 1; 0 where the screen shows no alert.
  var alert: UInt16 = 0
  /// Flow index + 1; 0 where the screen has no flow cursor.
  var flow: UInt16 = 0
  /// The flow cursor's next step index (meaningful only where `flow != 0`).
  var flowNext: UInt8 = 0
  /// Where an environment starts, its style; `.none` for a screen pushed on the one before.
  var style: EnvironmentStyle = .none
  /// Pending async transitions, one bit per async transition of the destination, in
  /// declaration order.
  var pending: UInt64 = 0
}

/// The environment styles of SEMANTICS §2, as a screen that starts an environment records it.
enum EnvironmentStyle: UInt8, Sendable {
  /// The screen does not start an environment: it is pushed on the screen before it.
  case none = 0
  case root = 1, sheet = 2, fullScreenCover = 3
}

/// A router state as the semantics works on it.
///
/// In every reachable state only the top screen of a stack presents, so the state is a chain of
/// environments, each presented by the top screen of the one below (SEMANTICS §2). It is kept
/// as one flat array: all screens in tree pre-order, the first screen of each environment
/// marked with the environment's style. Screen `i` presents exactly when screen `i + 1` starts
/// an environment, and removing a screen "and everything above it" is a truncation.
struct RouterState: Sendable, Equatable {
  var screens: [ScreenState]

  /// The initial state: the root environment whose stack is [root].
  init(root: Int) {
    screens = [ScreenState(destination: UInt16(root), style: .root)]
  }

  /// Makes this state equal to `other` without allocating when capacity allows.
  @inline(__always)
  mutating func assign(_ other: RouterState) {
    screens.removeAll(keepingCapacity: true)
    screens.append(contentsOf: other.screens)
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

  /// Whether this is a home state: the root environment's stack is the root alone, nothing
  /// presented, no alert (pending work and flow cursors may be anything).
  var isHome: Bool { screens.count == 1 && screens[0].alert == 0 }

  // MARK: - Changes

  /// Keeps the screens before `k` and removes the rest: a screen "and everything above it".
  /// Removing an environment's root dismisses that environment.
  mutating func truncate(at k: Int) { screens.removeSubrange(k...) }

  /// Appends a screen to the last environment's stack, or presents a new environment whose
  /// stack is [screen] where the screen's style says so.
  mutating func append(_ screen: ScreenState) { screens.append(screen) }
}

/// The canonical byte encoding of a router state, laid out for one compiled spec.
///
/// A screen count, then each screen in pre-order with fields of the fewest whole bytes its
/// spec needs (style, destination, alert, flow cursor, pending work), so most states of an app
/// spec encode in 5 to 40 bytes. Equal states have equal encodings, which is what fingerprints
/// rely on.
struct StateCodec: Sendable {
  let destinationBytes: Int
  let alertBytes: Int
  let flowBytes: Int
  let pendingBytes: Int
  /// Bytes of the screen count: 2 where the bounds allow more than 255 screens.
  let countBytes: Int
  /// Bytes per screen.
  let screenBytes: Int

  init(_ spec: CompiledSpec) {
    destinationBytes = spec.destinations.count <= 256 ? 1 : 2
    alertBytes = spec.alerts.isEmpty ? 0 : (spec.alerts.count < 256 ? 1 : 2)
    flowBytes = spec.flows.isEmpty ? 0 : (spec.flows.count < 255 ? 1 : 2)
    pendingBytes = (spec.maxAsyncPerDestination + 7) / 8
    let bounds = spec.spec.bounds
    let maxScreens = (bounds.maxPresentationDepth + 1) * bounds.maxStackDepth
    countBytes = maxScreens > 255 ? 2 : 1
    // The style byte, then the fields; a flow cursor adds its next-step byte.
    screenBytes =
      1 + destinationBytes + alertBytes + (flowBytes > 0 ? flowBytes + 1 : 0) + pendingBytes
    maxStateBytes = countBytes + maxScreens * screenBytes
  }

  /// The most bytes a state of the spec encodes to.
  let maxStateBytes: Int

  /// Writes the encoding of `state` at the start of `buffer`, which holds at least
  /// `maxStateBytes`; returns its length.
  @inline(__always)
  func encode(_ state: RouterState, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    var p = 0
    put(UInt64(state.screens.count), countBytes, buffer, &p)
    for s in state.screens {
      buffer[p] = s.style.rawValue
      p += 1
      put(UInt64(s.destination), destinationBytes, buffer, &p)
      put(UInt64(s.alert), alertBytes, buffer, &p)
      if flowBytes > 0 {
        put(UInt64(s.flow), flowBytes, buffer, &p)
        buffer[p] = s.flowNext
        p += 1
      }
      put(s.pending, pendingBytes, buffer, &p)
    }
    return p
  }

  /// Appends the encoding of `state` to `bytes`.
  func encode(_ state: RouterState, into bytes: inout [UInt8]) {
    let start = bytes.count
    bytes.append(
      contentsOf: repeatElement(0, count: countBytes + state.screens.count * screenBytes))
    bytes.withUnsafeMutableBytes {
      _ = encode(state, into: UnsafeMutableRawBufferPointer(rebasing: $0[start...]))
    }
  }

  /// Decodes an encoding made by `encode` into `state`, reusing its storage.
  func decode(_ bytes: UnsafeRawBufferPointer, into state: inout RouterState) {
    state.screens.removeAll(keepingCapacity: true)
    var p = 0
    for _ in 0..<Int(get(countBytes, bytes, &p)) {
      var s = ScreenState(destination: 0, style: EnvironmentStyle(rawValue: bytes[p])!)
      p += 1
      s.destination = UInt16(get(destinationBytes, bytes, &p))
      s.alert = UInt16(get(alertBytes, bytes, &p))
      if flowBytes > 0 {
        s.flow = UInt16(get(flowBytes, bytes, &p))
        s.flowNext = bytes[p]
        p += 1
      }
      s.pending = get(pendingBytes, bytes, &p)
      state.screens.append(s)
    }
  }

  /// Whether an encoded state is a home state, without decoding it.
  func isHome(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var p = 0
    guard get(countBytes, bytes, &p) == 1 else { return false }
    p += 1 + destinationBytes
    return get(alertBytes, bytes, &p) == 0
  }

  @inline(__always)
  private func put(
    _ value: UInt64, _ width: Int, _ buffer: UnsafeMutableRawBufferPointer, _ p: inout Int
  ) {
    var v = value
    for i in 0..<width {
      buffer[p + i] = UInt8(truncatingIfNeeded: v)
      v >>= 8
    }
    p += width
  }

  @inline(__always)
  private func get(_ width: Int, _ bytes: UnsafeRawBufferPointer, _ p: inout Int) -> UInt64 {
    var v: UInt64 = 0
    for i in 0..<width { v |= UInt64(bytes[p + i]) << UInt64(8 * i) }
    p += width
    return v
  }
}
