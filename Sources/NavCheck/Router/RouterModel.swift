/// The reference router as a model the explorer walks.
///
/// Finding keys are `kind << 24 | declaration`; coverage marks are the declarations, then the
/// destinations (a destination's mark is seen when a reachable state shows it).
struct RouterModel: ExplorationModel {
  let semantics: RouterSemantics
  let codec: StateCodec
  let invariants: [(invariant: Invariant, declaration: Int)]

  init(_ spec: CompiledSpec) {
    semantics = RouterSemantics(spec)
    codec = StateCodec(spec)
    invariants = zip(spec.spec.invariants, spec.invariantDeclarations).map { ($0, $1) }
  }

  var spec: CompiledSpec { semantics.spec }

  var coverageMarks: Int { spec.declarations.count + spec.destinations.count }

  func destinationMark(_ destination: Int) -> Int { spec.declarations.count + destination }

  func initialState(into bytes: inout [UInt8]) {
    codec.encode(semantics.initialState, into: &bytes)
  }

  func makeExpander() -> RouterExpander { RouterExpander(model: self) }

  static func key(_ kind: ViolationKind, _ declaration: Int) -> UInt32 {
    UInt32(ViolationKind.allCases.firstIndex(of: kind)!) << 24 | UInt32(declaration)
  }

  static func finding(_ key: UInt32) -> (kind: ViolationKind, declaration: Int) {
    (ViolationKind.allCases[Int(key >> 24)], Int(key & 0xFF_FFFF))
  }
}

/// One thread's scratch space for expanding reference-router states; reused for every state.
struct RouterExpander: StateExpander {
  let model: RouterModel
  var base: RouterState
  var work: RouterState
  var events: [RouterEvent] = []
  var fired: [Int] = []
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
    events.removeAll(keepingCapacity: true)
    model.semantics.events(of: base, into: &events)
    for event in events {
      work.assign(base)
      fired.removeAll(keepingCapacity: true)
      switch model.semantics.apply(event, to: &work, fired: &fired) {
      case .state:
        for declaration in fired { sink.cover(declaration) }
        let length = model.codec.encode(work, into: scratch.buffer)
        let returning: Bool
        if case .deepLink = event { returning = false } else { returning = true }
        sink.state(
          UnsafeRawBufferPointer(rebasing: scratch.buffer[..<length]), returning: returning)
      case .violation(let kind, let declaration):
        sink.violation(RouterModel.key(kind, declaration))
      case .pruned:
        sink.pruned()
      }
    }
  }

  mutating func check(_ state: UnsafeRawBufferPointer, into sink: inout SuccessorSink) -> UInt32? {
    guard !model.invariants.isEmpty else { return nil }
    model.codec.decode(state, into: &work)
    let view = StateView(work, model.spec)
    for (invariant, declaration) in model.invariants where !invariant.holds(view) {
      // The state is not expanded, so its destinations are covered here.
      cover(work, &sink)
      return RouterModel.key(.invariant, declaration)
    }
    return nil
  }

  mutating func isHome(_ state: UnsafeRawBufferPointer) -> Bool { model.codec.isHome(state) }

  private func cover(_ state: RouterState, _ sink: inout SuccessorSink) {
    for screen in state.screens { sink.cover(model.destinationMark(Int(screen.destination))) }
  }
}

/// A buffer one worker owns for its whole run.
final class ScratchBuffer {
  let buffer: UnsafeMutableRawBufferPointer
  init(bytes: Int) {
    buffer = .allocate(byteCount: max(bytes, 1), alignment: 8)
    buffer.initializeMemory(as: UInt8.self, repeating: 0)
  }
  deinit { buffer.deallocate() }
}
