/// One thread's scratch space for expanding reference-router states; reused for every state.
struct RouterExpander: StateExpander {
  let model: RouterModel
  /// The state being expanded, and the copy each event works on.
  var base: ScreenBuffer
  var work: ScreenBuffer
  let events = PodBuffer<RouterEvent>(capacity: 64)
  let fired = PodBuffer<Int>(capacity: 64)
  /// A state that `check` decodes into.
  var checked: RouterState

  init(model: RouterModel) {
    self.model = model
    base = ScreenBuffer(capacity: model.semantics.maxScreens)
    work = ScreenBuffer(capacity: model.semantics.maxScreens)
    checked = model.initialState
  }

  mutating func expand(_ state: UnsafeRawBufferPointer, into sink: inout SuccessorSink) {
    // `base` and `work` both hold the state expanded before: consecutive states of a level
    // share most of their screens, and only the screens from the first one that differs are
    // decoded and restored.
    let shared = sink.sharedBytes / model.codec.screenBytes
    model.codec.decode(state, into: &base, from: shared)
    assert(encodes(base, state), "the screens kept from the state before are not this one's")
    cover(base, &sink)
    if base.isHome { sink.home() }
    events.removeAll()
    model.semantics.events(of: base, into: events)
    // Each event works on `work`, a copy of `base`; afterwards only the screens from the first
    // one it changed (which `work` records) are encoded, and then restored.
    work.restore(base, from: shared)
    assert(work.firstDifference(from: base) == base.count && work.count == base.count)
    for e in 0..<events.count {
      let event = events[e]
      fired.removeAll()
      work.changedFrom = .max
      let outcome = model.semantics.apply(event, to: &work, fired: fired)
      // The screens before the first one the event changed are the parent's.
      let same = min(work.changedFrom, work.count, base.count)
      assert(
        work.firstDifference(from: base) >= same,
        "\(event) changed a screen without going through ScreenBuffer's changes")
      switch outcome {
      case .state:
        for i in 0..<fired.count { sink.cover(fired[i]) }
        let length = model.codec.encode(
          work, base: state, same: same,
          into: sink.stateBuffer(capacity: model.codec.maxStateBytes))
        sink.state(length: length, returning: RouterModel.returns(event))
      case .violation(let kind, let declaration):
        sink.violation(RouterModel.key(kind, declaration))
      case .pruned:
        sink.pruned()
      }
      work.restore(base, from: same)
    }
  }

  mutating func check(_ state: UnsafeRawBufferPointer, into sink: inout SuccessorSink) -> UInt32? {
    guard !model.invariants.isEmpty else { return nil }
    model.codec.decode(state, into: &checked)
    guard let declaration = model.brokenInvariant(checked) else { return nil }
    // The state is not expanded, so its destinations are covered here.
    cover(checked, &sink)
    return RouterModel.key(.invariant, declaration)
  }

  /// Whether `buffer` encodes to `state` (the debug check of the screens kept).
  private func encodes(_ buffer: ScreenBuffer, _ state: UnsafeRawBufferPointer) -> Bool {
    var bytes = [UInt8](repeating: 0, count: model.codec.maxStateBytes)
    let length = bytes.withUnsafeMutableBytes {
      model.codec.encode(buffer, base: state, same: 0, into: $0)
    }
    return bytes[..<length].elementsEqual(state)
  }

  private func cover(_ state: some ScreenChain, _ sink: inout SuccessorSink) {
    let firstMark = model.destinationMark(0)
    for i in 0..<state.count { sink.cover(firstMark + Int(state[i].destination)) }
  }
}
