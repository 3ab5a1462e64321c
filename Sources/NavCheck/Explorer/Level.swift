/// One BFS level's states, back to back, each behind a varint of `length << 1 | stop` (stop:
/// the state broke a rule and is counted, not expanded).
///
/// Workers read it by chunks (`chunkStarts` holds the byte offset of every `chunkSize`-th
/// state) and write the next level concurrently into ranges the explorer gave them.
final class Level: @unchecked Sendable {
  let chunkSize: Int
  let bytes = PodBuffer<UInt8>(capacity: 1 << 16)
  let chunkStarts = PodBuffer<Int>(capacity: 64)
  /// Exact mode: each state's index in its visited-set shard.
  let locals: PodBuffer<UInt32>?
  private(set) var count = 0

  init(chunkSize: Int, exact: Bool) {
    self.chunkSize = chunkSize
    locals = exact ? PodBuffer(capacity: 1024) : nil
  }

  var isEmpty: Bool { count == 0 }

  /// Bytes its buffers hold.
  var memoryBytes: Int {
    bytes.memoryBytes + chunkStarts.memoryBytes + (locals?.memoryBytes ?? 0)
  }

  /// Bytes a state of `length` bytes takes here.
  @inline(__always)
  static func size(_ length: Int) -> Int { Varint.size(UInt64(length) << 1) + length }

  /// Appends one state (the serial path: the initial state).
  func append(_ state: UnsafeRawBufferPointer, stop: Bool, local: UInt32) {
    reserve(states: 1, bytes: Self.size(state.count))
    write(state, stop: stop, local: local, index: count, at: bytes.count)
    commit(states: 1, bytes: Self.size(state.count))
  }

  /// Makes room for `states` more states of `bytes` bytes in all.
  func reserve(states: Int, bytes extra: Int) {
    bytes.reserve(extra)
    chunkStarts.reserve((count + states) / chunkSize + 1 - chunkStarts.count)
    locals?.reserve(states)
  }

  /// Writes state number `index` at byte `offset`; concurrent writers use disjoint ranges that
  /// `reserve` made room for. Returns the offset past it.
  @inline(__always)
  @discardableResult
  func write(
    _ state: UnsafeRawBufferPointer, stop: Bool, local: UInt32, index: Int, at offset: Int
  ) -> Int {
    if index % chunkSize == 0 { chunkStarts[index / chunkSize] = offset }
    if let locals { locals[index] = local }
    var p = offset
    Varint.write(UInt64(state.count) << 1 | (stop ? 1 : 0), to: bytes.base, at: &p)
    if state.count > 0 {
      (bytes.base + p).update(
        from: state.baseAddress!.assumingMemoryBound(to: UInt8.self), count: state.count)
    }
    return p + state.count
  }

  /// Counts `states` written states of `bytes` bytes in all.
  func commit(states: Int, bytes written: Int) {
    count += states
    bytes.setCount(bytes.count + written)
    chunkStarts.setCount((count + chunkSize - 1) / chunkSize)
    locals?.setCount(count)
  }

  /// Calls `body` with each state from number `lower` (a multiple of `chunkSize`) below
  /// `upper`: its index, its encoding and whether it stopped.
  @inline(__always)
  func forEach(
    _ lower: Int, _ upper: Int,
    _ body: (Int, UnsafeRawBufferPointer, Bool) -> Void
  ) {
    var p = chunkStarts[lower / chunkSize]
    for i in lower..<upper {
      let header = Varint.read(bytes.base, at: &p)
      let length = Int(header >> 1)
      body(i, UnsafeRawBufferPointer(start: bytes.base + p, count: length), header & 1 != 0)
      p += length
    }
  }

  func removeAll() {
    count = 0
    bytes.removeAll()
    chunkStarts.removeAll()
    locals?.removeAll()
  }
}

/// LEB128 varints: 7 bits a byte, low bits first.
enum Varint {
  @inline(__always)
  static func size(_ value: UInt64) -> Int {
    var v = value
    var n = 1
    while v >= 0x80 {
      v >>= 7
      n += 1
    }
    return n
  }

  @inline(__always)
  static func write(_ value: UInt64, to base: UnsafeMutablePointer<UInt8>, at p: inout Int) {
    var v = value
    while v >= 0x80 {
      base[p] = UInt8(truncatingIfNeeded: v) | 0x80
      v >>= 7
      p += 1
    }
    base[p] = UInt8(v)
    p += 1
  }

  @inline(__always)
  static func read(_ base: UnsafeMutablePointer<UInt8>, at p: inout Int) -> UInt64 {
    var v: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let b = base[p]
      p += 1
      v |= UInt64(b & 0x7F) << shift
      if b < 0x80 { return v }
      shift += 7
    }
  }
}
