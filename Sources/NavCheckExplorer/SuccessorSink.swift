import NavCheckSupport

/// Where a `StateExpander` reports the outcome of each event of the state it expands.
///
/// Each call to `state`, `violation` or `pruned` is one event, in canonical order; the explorer
/// numbers them, which is how a trace names its events.
///
/// ```swift
/// mutating func expand(_ state: UnsafeRawBufferPointer, into sink: inout SuccessorSink) {
///   sink.state([state[0] &+ 1])     // event 0 leads to a state
///   sink.pruned()                   // event 1 is cut by a bound
/// }
/// ```
public struct SuccessorSink {
  /// The expanded state's id, and its index in the chunk.
  @usableFromInline var parent: UInt32 = 0
  @usableFromInline var parentIndex: UInt32 = 0
  @usableFromInline var event: Int = 0
  /// The bits of a fingerprint the keys keep (`ExplorerOptions.fingerprintBits`).
  @usableFromInline var keyMask = ~VisitedSet.reachesHome
  /// Whether the expander said the state it expands is a home state.
  @usableFromInline var expandsHome = false
  /// How many leading bytes the state being expanded shares with the state the same expander
  /// expanded before it (0: none known). An expander that keeps that state decoded decodes
  /// only the rest; the explorer knows it from the level's prefix compression.
  public var sharedBytes = 0
  /// The chunk's buffers, held here (not in a class) while the chunk is expanded, so the hot
  /// path appends to them without exclusivity checks.
  @usableFromInline var buffers: ChunkBuffers

  init(buffers: ChunkBuffers) { self.buffers = buffers }

  /// The event leads to the state `bytes` encodes.
  ///
  /// - Parameter returning: Whether the event counts for the return analysis (a deep link,
  ///   which the user cannot trigger at will, does not).
  @inlinable @inline(__always)
  public mutating func state(_ bytes: UnsafeRawBufferPointer, returning: Bool = true) {
    let buffer = stateBuffer(capacity: bytes.count)
    if bytes.count > 0 { buffer.copyMemory(from: bytes) }
    state(length: bytes.count, returning: returning)
  }

  /// Room for the encoding of the state the next event leads to, at least `capacity` bytes:
  /// an expander encodes it there and calls `state(length:returning:)`, which saves a copy.
  @inlinable @inline(__always)
  public mutating func stateBuffer(capacity: Int) -> UnsafeMutableRawBufferPointer {
    UnsafeMutableRawBufferPointer(start: buffers.arena.tail(capacity), count: capacity)
  }

  /// The event leads to the state whose encoding, `length` bytes, was written to
  /// `stateBuffer(capacity:)`.
  @inlinable @inline(__always)
  public mutating func state(length: Int, returning: Bool = true) {
    let bytes = UnsafeRawBufferPointer(start: buffers.arena.tail(0), count: length)
    buffers.candidates.append(
      ChunkBuffers.Candidate(
        key: VisitedSet.key(bytes, mask: keyMask),
        start: UInt32(truncatingIfNeeded: buffers.arena.count),
        length: UInt32(length), parent: parentIndex,
        event: UInt16(truncatingIfNeeded: event), returning: returning))
    buffers.arena.extend(by: length)
    event += 1
  }

  /// The event leads to the state `bytes` encodes.
  @inlinable
  public mutating func state(_ bytes: [UInt8], returning: Bool = true) {
    bytes.withUnsafeBytes { state($0, returning: returning) }
  }

  /// The event breaks a rule; `key` names the finding (the model's kind and declaration).
  @inlinable
  public mutating func violation(_ key: UInt32) {
    buffers.record(key, parent: parent, event: UInt16(truncatingIfNeeded: event))
    event += 1
  }

  /// The event leads out of the graph the model explores (a reduction leaves its state out):
  /// it keeps its number, so traces still name the events that follow, and counts nowhere.
  @inlinable
  public mutating func skip() { event += 1 }

  /// A bound cuts the event.
  @inlinable
  public mutating func pruned() {
    buffers.pruned += 1
    event += 1
  }

  /// The state being expanded is a home state: the return analysis (traps) looks for paths to
  /// one. A model without home states never calls it, and has no traps.
  @inlinable
  public mutating func home() { expandsHome = true }

  /// Marks coverage mark `mark` as seen (a destination shown, a transition fired).
  @inlinable
  public mutating func cover(_ mark: Int) {
    buffers.coverage[mark >> 6] |= 1 << UInt64(mark & 63)
  }
}
