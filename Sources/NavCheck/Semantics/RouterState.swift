/// One screen of a router state (SEMANTICS §2), 16 bytes.
struct ScreenState: Sendable, Equatable {
  /// Index of the destination in the compiled spec.
  var destination: UInt16
  /// Alert declaration index + 1; 0 where the screen shows no alert.
  var alert: UInt16 = 0
  /// Flow index + 1; 0 where the screen has no flow cursor.
  var flow: UInt16 = 0
  /// The flow cursor's next step index (meaningful only where `flow != 0`).
  var flowNext: UInt16 = 0
  /// Pending async transitions, one bit per async transition of the destination, in
  /// declaration order.
  var pending: UInt64 = 0
}

/// The environment styles of SEMANTICS §2.
enum EnvironmentStyle: UInt8, Sendable {
  case root = 0, sheet = 1, fullScreenCover = 2
}

/// A router state as the semantics works on it.
///
/// In every reachable state only the top screen of a stack presents, so the state is a chain of
/// environments, each presented by the top screen of the one below (SEMANTICS §2). It is kept
/// flat: all screens in tree pre-order, with the index where each environment starts. Screen
/// `i` presents environment `e + 1` exactly when it is the last screen of environment `e`.
struct RouterState: Sendable, Equatable {
  var screens: [ScreenState]
  /// The index in `screens` of each environment's root; `environmentStarts[0] == 0`.
  var environmentStarts: [Int]
  var styles: [EnvironmentStyle]

  /// The initial state: the root environment whose stack is [root].
  init(root: Int) {
    screens = [ScreenState(destination: UInt16(root))]
    environmentStarts = [0]
    styles = [.root]
  }

  /// Makes this state equal to `other` without allocating when capacity allows.
  mutating func assign(_ other: RouterState) {
    screens.removeAll(keepingCapacity: true)
    screens.append(contentsOf: other.screens)
    environmentStarts.removeAll(keepingCapacity: true)
    environmentStarts.append(contentsOf: other.environmentStarts)
    styles.removeAll(keepingCapacity: true)
    styles.append(contentsOf: other.styles)
  }

  // MARK: - Queries (SEMANTICS §3)

  /// Environments presented above the root environment.
  var presentationDepth: Int { environmentStarts.count - 1 }

  /// The screen that receives the user's taps: the last one in pre-order.
  var activeIndex: Int { screens.count - 1 }

  /// The environment that holds screen `i`.
  ///
  /// - Complexity: O(presentation depth)
  func environment(of i: Int) -> Int {
    var e = environmentStarts.count - 1
    while environmentStarts[e] > i { e -= 1 }
    return e
  }

  /// One past the last screen of environment `e`.
  func end(of e: Int) -> Int {
    e + 1 < environmentStarts.count ? environmentStarts[e + 1] : screens.count
  }

  /// Screens in environment `e`'s stack.
  func stackCount(of e: Int) -> Int { end(of: e) - environmentStarts[e] }

  /// Whether screen `i` is the top of its stack.
  func isTop(_ i: Int) -> Bool { i + 1 == end(of: environment(of: i)) }

  /// Whether screen `i` presents an environment.
  func presents(_ i: Int) -> Bool { i + 1 < screens.count && environmentStarts.contains(i + 1) }

  /// Whether screen `i` is covered: not the top of its stack, presenting, or showing an alert.
  func isCovered(_ i: Int) -> Bool { i != activeIndex || screens[i].alert != 0 }

  /// Whether this is a home state: the root environment's stack is the root alone, nothing
  /// presented, no alert (pending work and flow cursors may be anything).
  var isHome: Bool { screens.count == 1 && screens[0].alert == 0 }

  // MARK: - Changes

  /// Keeps the screens before `k` and removes the rest: a screen "and everything above it".
  /// Removing an environment's root dismisses that environment.
  mutating func truncate(at k: Int) {
    screens.removeSubrange(k...)
    while let last = environmentStarts.last, last >= k, environmentStarts.count > 1 {
      environmentStarts.removeLast()
      styles.removeLast()
    }
  }

  /// Appends a screen to the last environment's stack.
  mutating func push(_ screen: ScreenState) { screens.append(screen) }

  /// Presents a new environment whose stack is [screen] above the active screen.
  mutating func present(_ screen: ScreenState, style: EnvironmentStyle) {
    environmentStarts.append(screens.count)
    styles.append(style)
    screens.append(screen)
  }
}

/// The canonical byte encoding of a router state, laid out for one compiled spec.
///
/// Each field takes the fewest whole bytes its spec needs, so most states of an app spec encode
/// in 10 to 40 bytes. Equal states have equal encodings, which is what fingerprints rely on.
struct StateCodec: Sendable {
  let destinationBytes: Int
  let alertBytes: Int
  let flowBytes: Int
  let pendingBytes: Int

  init(_ spec: CompiledSpec) {
    destinationBytes = spec.destinations.count <= 256 ? 1 : 2
    alertBytes = spec.alerts.isEmpty ? 0 : (spec.alerts.count < 256 ? 1 : 2)
    let longestFlow = spec.flows.map(\.steps.count).max() ?? 0
    flowBytes = spec.flows.isEmpty ? 0 : (spec.flows.count < 255 && longestFlow < 255 ? 2 : 4)
    pendingBytes = (spec.maxAsyncPerDestination + 7) / 8
  }

  /// Appends the encoding of `state` to `bytes`.
  func encode(_ state: RouterState, into bytes: inout [UInt8]) {
    bytes.append(UInt8(state.environmentStarts.count))
    for e in 0..<state.environmentStarts.count {
      bytes.append(state.styles[e].rawValue)
      bytes.append(UInt8(truncatingIfNeeded: state.stackCount(of: e)))
    }
    for s in state.screens {
      put(UInt64(s.destination), destinationBytes, &bytes)
      put(UInt64(s.alert), alertBytes, &bytes)
      if flowBytes > 0 {
        put(UInt64(s.flow), flowBytes / 2, &bytes)
        put(UInt64(s.flowNext), flowBytes / 2, &bytes)
      }
      put(s.pending, pendingBytes, &bytes)
    }
  }

  /// Decodes an encoding made by `encode` into `state`, reusing its storage.
  func decode(_ bytes: UnsafeRawBufferPointer, into state: inout RouterState) {
    var p = 0
    let environments = Int(bytes[p])
    p += 1
    state.screens.removeAll(keepingCapacity: true)
    state.environmentStarts.removeAll(keepingCapacity: true)
    state.styles.removeAll(keepingCapacity: true)
    var start = 0
    for _ in 0..<environments {
      state.styles.append(EnvironmentStyle(rawValue: bytes[p])!)
      state.environmentStarts.append(start)
      start += Int(bytes[p + 1])
      p += 2
    }
    for _ in 0..<start {
      var s = ScreenState(destination: UInt16(get(destinationBytes, bytes, &p)))
      s.alert = UInt16(get(alertBytes, bytes, &p))
      if flowBytes > 0 {
        s.flow = UInt16(get(flowBytes / 2, bytes, &p))
        s.flowNext = UInt16(get(flowBytes / 2, bytes, &p))
      }
      s.pending = get(pendingBytes, bytes, &p)
      state.screens.append(s)
    }
  }

  @inline(__always)
  private func put(_ value: UInt64, _ width: Int, _ bytes: inout [UInt8]) {
    var v = value
    for _ in 0..<width {
      bytes.append(UInt8(truncatingIfNeeded: v))
      v >>= 8
    }
  }

  @inline(__always)
  private func get(_ width: Int, _ bytes: UnsafeRawBufferPointer, _ p: inout Int) -> UInt64 {
    var v: UInt64 = 0
    for i in 0..<width { v |= UInt64(bytes[p + i]) << UInt64(8 * i) }
    p += width
    return v
  }
}
