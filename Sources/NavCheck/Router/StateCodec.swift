import NavCheckSupport

/// The canonical byte encoding of a router state, laid out for one compiled spec.
///
/// A header, then each screen in pre-order. The header holds the state's fields that are not
/// screens (module, selected tab, flags, the app's pending work), each in the fewest whole
/// bytes its spec needs: none for a spec without modules, tabs, flags or app-level work, so
/// such a spec's state encodes to exactly its screens. A screen is its link (how it attaches to
/// the tree, which is all a pre-order list needs to rebuild it), destination, alert, flow cursor
/// and pending work, again in the fewest bytes: screens have one width, so the length gives
/// their number, and states that start with the same header and screens start with the same bytes
/// (which the explorer's prefix-compressed levels rely on). Most states of an app spec encode
/// in 3 to 40 bytes. Equal states have equal encodings, which is what fingerprints rely on.
struct StateCodec: Sendable {
  let moduleBytes: Int
  let selectedTabBytes: Int
  let flagBytes: Int
  let appPendingBytes: Int
  /// The toast shown (§11.4): none for a spec without toasts.
  let toastBytes: Int
  /// The window prompt shown (§11.8): none for a spec without window prompts.
  let promptBytes: Int
  /// Bytes before the first screen.
  let headerBytes: Int
  /// The tabs reduction's parking (issue 33, `StateBufferHeader.parking`), after the rest of
  /// the header. None in every other run, and for a spec of more than 7 tabs (explored without
  /// parking).
  let parkingBytes: Int
  let destinationBytes: Int
  let alertBytes: Int
  let flowBytes: Int
  let pendingBytes: Int
  let onDismissBytes: Int
  /// Bytes per screen.
  let screenBytes: Int

  /// The codec of `spec`'s states; `parking`: with the tabs reduction's parking byte, and
  /// `writers`: a second one, for parked writers (`StateBufferHeader.writers`).
  init(_ spec: CompiledSpec, parking: Bool = false, writers: Bool = false) {
    // Each header field in the fewest bytes its values need; none at all for a spec of one
    // module of one stack without flags or app-level work.
    moduleBytes = spec.moduleCount > 1 ? 1 : 0
    selectedTabBytes = spec.maxTabs > 1 ? 1 : 0
    parkingBytes = parking && spec.maxTabs > 1 && spec.maxTabs <= 7 ? (writers ? 2 : 1) : 0
    flagBytes = (Int(spec.flagCount) + 7) / 8
    appPendingBytes = (Int(spec.appWorkCount) + 7) / 8
    toastBytes = spec.toasts.isEmpty ? 0 : (spec.toasts.count < 255 ? 1 : 2)
    promptBytes =
      !spec.alerts.contains(where: \.isWindow) ? 0 : (spec.alerts.count < 255 ? 1 : 2)
    headerBytes =
      moduleBytes + selectedTabBytes + flagBytes + appPendingBytes + toastBytes + promptBytes
      + parkingBytes
    destinationBytes = spec.destinations.count <= 256 ? 1 : 2
    alertBytes = spec.alerts.isEmpty ? 0 : (spec.alerts.count < 256 ? 1 : 2)
    flowBytes = spec.flows.isEmpty ? 0 : (spec.flows.count < 255 ? 1 : 2)
    // A screen's own async work, then the stack work its stack's bottom may hold.
    pendingBytes = (spec.stackBase + spec.stackWork.count + 7) / 8
    onDismissBytes = spec.onDismisses.isEmpty ? 0 : (spec.onDismisses.count < 256 ? 1 : 2)
    // The link byte, then the fields; a flow cursor adds its next-step byte.
    screenBytes =
      1 + destinationBytes + alertBytes + (flowBytes > 0 ? flowBytes + 1 : 0) + pendingBytes
      + onDismissBytes
    maxStateBytes = headerBytes + RouterSemantics.maxScreens(spec) * screenBytes
  }

  /// The most bytes a state of the spec encodes to.
  let maxStateBytes: Int

  /// How many whole screens two encodings that share their first `bytes` bytes share.
  @inline(__always)
  func sharedScreens(_ bytes: Int) -> Int {
    bytes < headerBytes ? 0 : (bytes - headerBytes) / screenBytes
  }

  /// Writes the encoding of `state` at the start of `buffer`, which holds at least
  /// `maxStateBytes`; returns its length.
  func encode(_ state: RouterState, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    encode(state, state.linkedScreens, into: buffer)
  }

  private func encode(
    _ state: RouterState, _ screens: [ScreenState], into buffer: UnsafeMutableRawBufferPointer
  ) -> Int {
    var p = 0
    encodeHeader(
      module: state.module, selectedTab: state.selectedTab, flags: state.flags,
      appPending: state.appPending, toast: state.toast, prompt: state.prompt, buffer, &p)
    put(0, parkingBytes, buffer, &p)
    for screen in screens { encode(screen, buffer, &p) }
    return p
  }

  /// Writes the encoding of `state` like `encode(_:into:)`, given the encoding `base` of a
  /// state whose first `same` screens, and last `tail` ones, are `state`'s: those are copied,
  /// not encoded again, and so is the header where `sameHeader` says it is `base`'s.
  // Transparent: `@inline(__always)` left it a call in the expander's loop, which is past the
  // inliner's size limit.
  @_transparent
  func encode(
    _ state: StateBuffer<some StackShape>, base: UnsafeRawBufferPointer, same: Int,
    tail: Int = 0, sameHeader: Bool = false, into buffer: UnsafeMutableRawBufferPointer
  ) -> Int {
    var p = encode(
      state, base: base, same: same, upTo: state.count - tail, sameHeader: sameHeader,
      into: buffer)
    if tail > 0 {
      let bytes = tail * screenBytes
      (buffer.baseAddress! + p).copyMemory(
        from: base.baseAddress! + base.count - bytes, byteCount: bytes)
      p += bytes
    }
    return p
  }

  /// Writes the encoding of the header and the screens before `end` of `state`, copying the
  /// first `same` screens (and the header where `sameHeader`) from `base`; returns its length.
  @inline(__always)
  private func encode(
    _ state: StateBuffer<some StackShape>, base: UnsafeRawBufferPointer, same: Int, upTo end: Int,
    sameHeader: Bool, into buffer: UnsafeMutableRawBufferPointer
  ) -> Int {
    var p = 0
    if headerBytes > 0 && !sameHeader { p = encode(state.header, into: buffer) }
    let copied = same * screenBytes + (headerBytes - p)
    if copied > 0 {
      (buffer.baseAddress! + p).copyMemory(from: base.baseAddress! + p, byteCount: copied)
      p += copied
    }
    for i in same..<end { encode(state.screen(i), buffer, &p) }
    return p
  }

  /// Writes a buffer's header; returns its length. Not inlined: the explorer's hot loop
  /// stays small for specs without one.
  private func encode(_ header: StateBufferHeader, into buffer: UnsafeMutableRawBufferPointer)
    -> Int
  {
    var p = 0
    encodeHeader(
      module: header.module, selectedTab: header.selectedTab, flags: header.flags,
      appPending: header.appPending, toast: header.toast, prompt: header.prompt, buffer, &p)
    assert(parkingBytes > 0 || header.parking == 0)
    put(UInt64(header.parking), parkingBytes, buffer, &p)
    return p
  }

  private func encodeHeader(
    module: Int, selectedTab: Int, flags: UInt64, appPending: UInt64, toast: Int, prompt: Int,
    _ buffer: UnsafeMutableRawBufferPointer, _ p: inout Int
  ) {
    put(UInt64(module), moduleBytes, buffer, &p)
    put(UInt64(selectedTab), selectedTabBytes, buffer, &p)
    put(flags, flagBytes, buffer, &p)
    put(appPending, appPendingBytes, buffer, &p)
    put(UInt64(toast), toastBytes, buffer, &p)
    put(UInt64(prompt), promptBytes, buffer, &p)
  }

  @inline(__always)
  private func encode(_ s: ScreenState, _ buffer: UnsafeMutableRawBufferPointer, _ p: inout Int) {
    put(UInt64(s.link.rawValue), 1, buffer, &p)
    put(UInt64(s.destination), destinationBytes, buffer, &p)
    put(UInt64(s.alert), alertBytes, buffer, &p)
    if flowBytes > 0 {
      put(UInt64(s.flow), flowBytes, buffer, &p)
      put(UInt64(s.flowNext), 1, buffer, &p)
    }
    put(s.pending, pendingBytes, buffer, &p)
    if onDismissBytes > 0 { put(UInt64(s.onDismiss), onDismissBytes, buffer, &p) }
  }

  /// Appends the encoding of `state` to `bytes`.
  func encode(_ state: RouterState, into bytes: inout [UInt8]) {
    let screens = state.linkedScreens
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(0, count: headerBytes + screens.count * screenBytes))
    bytes.withUnsafeMutableBytes {
      _ = encode(state, screens, into: UnsafeMutableRawBufferPointer(rebasing: $0[start...]))
    }
  }

  /// Decodes an encoding made by `encode`.
  func decode(_ bytes: UnsafeRawBufferPointer) -> RouterState {
    var p = 0
    let header = decodeHeader(bytes, &p)
    // The tabs reduction's parking is no part of the state.
    p += parkingBytes
    var screens: [ScreenState] = []
    while p < bytes.count { screens.append(decodeScreen(bytes, &p)) }
    var state = RouterState(linkedScreens: screens)
    (state.module, state.selectedTab, state.flags, state.appPending, state.toast, state.prompt) =
      header
    return state
  }

  /// Decodes an encoding made by `encode` into `state`, which already holds its first `same`
  /// screens (they are kept; `sharedScreens` tells how many from the bytes two encodings
  /// share).
  @inline(__always)
  func decode(
    _ bytes: UnsafeRawBufferPointer, into state: inout StateBuffer<some StackShape>,
    sharedScreens same: Int
  ) {
    if headerBytes > 0 { state.setHeader(decodeHeader(bytes)) }
    var p = headerBytes + same * screenBytes
    state.set(count: (bytes.count - headerBytes) / screenBytes, from: same) { _ in
      decodeScreen(bytes, &p)
    }
  }

  /// Decodes `bytes` into `state`, which holds the decoding of `last`, and makes `last` a copy
  /// of `bytes`: only the screens from the first byte that differs are decoded. Returns how
  /// many screens, in pre-order, the two share (0 where their headers differ).
  @inline(__always)
  func decode(
    _ bytes: UnsafeRawBufferPointer, into state: inout StateBuffer<some StackShape>,
    holding last: PodBuffer<UInt8>
  ) -> Int {
    let before = UnsafeRawBufferPointer(start: last.base, count: last.count)
    let shared = before.commonPrefixCount(with: bytes)
    let screens = sharedScreens(shared)
    decode(bytes, into: &state, sharedScreens: screens)
    last.resize(to: bytes.count)
    if bytes.count > shared {
      (last.base + shared).update(
        from: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + shared,
        count: bytes.count - shared)
    }
    return screens
  }

  /// Reads a buffer's header. Not inlined, as `encode(_:into:)` of a header.
  private func decodeHeader(_ bytes: UnsafeRawBufferPointer) -> StateBufferHeader {
    var p = 0
    let header = decodeHeader(bytes, &p)
    return StateBufferHeader(
      module: header.module, selectedTab: header.selectedTab, flags: header.flags,
      appPending: header.appPending, toast: header.toast, prompt: header.prompt,
      parking: UInt16(get(parkingBytes, bytes, &p)))
  }

  private func decodeHeader(
    _ bytes: UnsafeRawBufferPointer, _ p: inout Int
  ) -> (module: Int, selectedTab: Int, flags: UInt64, appPending: UInt64, toast: Int, prompt: Int) {
    (
      Int(get(moduleBytes, bytes, &p)), Int(get(selectedTabBytes, bytes, &p)),
      get(flagBytes, bytes, &p), get(appPendingBytes, bytes, &p), Int(get(toastBytes, bytes, &p)),
      Int(get(promptBytes, bytes, &p))
    )
  }

  @inline(__always)
  private func decodeScreen(_ bytes: UnsafeRawBufferPointer, _ p: inout Int) -> ScreenState {
    var s = ScreenState(destination: 0, link: ScreenLink(rawValue: UInt8(get(1, bytes, &p)))!)
    s.destination = UInt16(get(destinationBytes, bytes, &p))
    s.alert = UInt16(get(alertBytes, bytes, &p))
    if flowBytes > 0 {
      s.flow = UInt16(get(flowBytes, bytes, &p))
      s.flowNext = UInt8(get(1, bytes, &p))
    }
    s.pending = get(pendingBytes, bytes, &p)
    if onDismissBytes > 0 { s.onDismiss = UInt16(get(onDismissBytes, bytes, &p)) }
    return s
  }

  @inline(__always)
  private func put(
    _ value: UInt64, _ width: Int, _ buffer: UnsafeMutableRawBufferPointer, _ p: inout Int
  ) {
    let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
    if width == 1 {
      base[p] = UInt8(truncatingIfNeeded: value)
    } else {
      var v = value
      for i in 0..<width {
        base[p + i] = UInt8(truncatingIfNeeded: v)
        v >>= 8
      }
    }
    p += width
  }

  @inline(__always)
  private func get(_ width: Int, _ bytes: UnsafeRawBufferPointer, _ p: inout Int) -> UInt64 {
    let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
    if width == 1 {
      p += 1
      return UInt64(base[p - 1])
    }
    var v: UInt64 = 0
    for i in 0..<width { v |= UInt64(base[p + i]) << UInt64(8 * i) }
    p += width
    return v
  }
}
