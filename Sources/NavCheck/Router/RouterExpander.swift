/// One thread's scratch space for expanding reference-router states; reused for every state.
struct RouterExpander: StateExpander {
  let model: RouterModel
  var base: RouterState
  var work: RouterState
  var events = PodBuffer<RouterEvent>(capacity: 64)
  var fired = PodBuffer<Int>(capacity: 64)
  /// Where successors are encoded, `maxStateBytes` long.
  let scratch: ScratchBuffer

  init(model: RouterModel) {
    self.model = model
    base = model.semantics.initialState
    work = base
    scratch = ScratchBuffer(bytes: model.codec.maxStateBytes)
  }

  mutating func expand(_ state: UnsafeRawBufferPointer, into sink: inout SuccessorSink) {
    model.codec.decode(state, into: &base)
    cover(base, &sink)
    if model.isHome(base) { sink.home() }
    events.removeAll()
    model.semantics.events(of: base, into: &events)
    // Each event works on `work`, a copy of `base`; afterwards only the screens from the first
    // one it changed (which `work` records) are encoded, and then restored.
    work.restore(base, from: 0)
    for e in 0..<events.count {
      let event = events[e]
      fired.removeAll()
      work.changedFrom = .max
      let outcome = model.semantics.apply(event, to: &work, fired: &fired)
      // The screens before the first one the event changed are the parent's.
      let same = min(work.changedFrom, work.screens.count, base.screens.count)
      assert(
        work.firstDifference(from: base) >= same,
        "\(event) changed a screen without going through RouterState's changes")
      switch outcome {
      case .state:
        for i in 0..<fired.count { sink.cover(fired[i]) }
        let length = model.codec.encode(work, base: state, same: same, into: scratch.buffer)
        sink.state(
          UnsafeRawBufferPointer(rebasing: scratch.buffer[..<length]),
          returning: RouterModel.returns(event))
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
    model.codec.decode(state, into: &work)
    guard let declaration = model.brokenInvariant(work) else { return nil }
    // The state is not expanded, so its destinations are covered here.
    cover(work, &sink)
    return RouterModel.key(.invariant, declaration)
  }

  private func cover(_ state: RouterState, _ sink: inout SuccessorSink) {
    for screen in state.screens { sink.cover(model.destinationMark(Int(screen.destination))) }
  }
}
