import NavCheckSupport

/// One BFS level's states in order, each stored as the bytes it does not share with the one
/// before it (siblings differ in a few bytes at the end, so a level takes a third of its
/// states' length, or less).
///
/// An entry is a varint of `suffix length << 1 | stop` (stop: the state broke a rule and is
/// counted, not expanded), a varint of the length of the prefix it shares with the previous
/// state, then the suffix. Every `chunkSize`-th state starts from nothing, so workers can read
/// chunks on their own: `chunkStarts` holds those states' byte offsets. Workers write their
/// chunks' entries to their own buffers (`LevelWriter`); the explorer appends them in order.
///
/// Past `memoryBytesKept`, the level's bytes go to a temporary file as they come (`SpillFile`)
/// and are read back a chunk at a time, as TLC keeps its queue of states on disk: memory then
/// holds the visited set and the parent links, not the two levels, which are the widest part
/// of the peak on large specs. Results do not depend on it.
final class Level: @unchecked Sendable {
  let chunkSize: Int
  /// The level's bytes from offset `spilled` on.
  let bytes = PodBuffer<UInt8>(capacity: 1 << 16)
  /// Offsets in the whole level (file, then memory).
  let chunkStarts = PodBuffer<Int>(capacity: 64)
  /// Exact mode: each state's index in its visited-set shard.
  let locals: PodBuffer<UInt32>?
  private(set) var count = 0
  /// The bytes of the level kept in memory before they go to `file`.
  let memoryBytesKept: Int
  /// Where the file is made; nil: the temporary directory.
  private let folder: String?
  /// Made at the first spill.
  private var file: SpillFile?
  /// Whether spilling is given up (no temporary file could be made or written).
  private var keepsAll = false
  /// The level's first bytes, which are in `file`.
  private(set) var spilled = 0

  init(chunkSize: Int, exact: Bool, memoryBytesKept: Int = .max, folder: String? = nil) {
    self.chunkSize = chunkSize
    self.memoryBytesKept = memoryBytesKept
    self.folder = folder
    locals = exact ? PodBuffer(capacity: 1024) : nil
  }

  var isEmpty: Bool { count == 0 }

  /// Bytes its buffers hold in memory.
  var memoryBytes: Int {
    bytes.memoryBytes + chunkStarts.memoryBytes + (locals?.memoryBytes ?? 0)
  }

  /// Appends the entries a writer made for the states numbered from `count` on.
  func append(_ writer: LevelWriter) {
    let base = bytes.count
    for offset in writer.chunkStarts { chunkStarts.append(spilled + base + offset) }
    bytes.reserve(writer.bytes.count)
    (bytes.base + base).update(from: writer.bytes.base, count: writer.bytes.count)
    bytes.setCount(base + writer.bytes.count)
    if let locals {
      for local in writer.locals { locals.append(local) }
    }
    count += writer.count
    if bytes.count >= memoryBytesKept && !keepsAll { spill() }
  }

  /// Moves the bytes in memory to the file; where that fails, the level keeps them all.
  private func spill() {
    if file == nil { file = SpillFile(folder: folder, holding: "levels") }
    guard let file, file.write(bytes.base, count: bytes.count, at: spilled) else {
      keepsAll = true
      return
    }
    spilled += bytes.count
    bytes.removeAll()
  }

  /// Calls `body` with each state from number `lower` (a multiple of `chunkSize`) below
  /// `upper`: its index, its encoding (valid during the call), how many leading bytes it shares
  /// with the state before it (0 for the first), and whether it stopped. A chunk in the file is
  /// read into `fileChunk` first.
  @inline(__always)
  func forEach(
    _ lower: Int, _ upper: Int, into scratch: inout RawArray<UInt8>,
    fileChunk: inout RawArray<UInt8>, _ body: (Int, UnsafeRawBufferPointer, Int, Bool) -> Void
  ) {
    let c = lower / chunkSize
    let start = chunkStarts[c]
    var entries = bytes.base
    var p = start - spilled
    if start < spilled {
      let end = c + 1 < chunkStarts.count ? chunkStarts[c + 1] : spilled + bytes.count
      fileChunk.removeAll()
      entries = fileChunk.tail(end - start)
      file!.read(into: entries, count: min(end, spilled) - start, at: start)
      if end > spilled {
        (entries + (spilled - start)).update(from: bytes.base, count: end - spilled)
      }
      p = 0
    }
    for i in lower..<upper {
      let header = Varint.read(entries, at: &p)
      let prefix = Int(Varint.read(entries, at: &p))
      let suffix = Int(header >> 1)
      // The state is rebuilt in the scratch's spare room, over the state before it (growing
      // keeps the prefix).
      let state = scratch.tail(prefix + suffix)
      (state + prefix).update(from: entries + p, count: suffix)
      body(
        i, UnsafeRawBufferPointer(start: state, count: prefix + suffix), prefix, header & 1 != 0)
      p += suffix
    }
  }

  func removeAll() {
    count = 0
    bytes.removeAll()
    chunkStarts.removeAll()
    locals?.removeAll()
    if spilled > 0 { file?.removeAll() }
    spilled = 0
  }
}

/// Writes a run of a level's entries, for the states numbered from `firstIndex` on, into its
/// own buffer; `Level.append` adds them to the level.
struct LevelWriter {
  let chunkSize: Int
  let bytes = PodBuffer<UInt8>(capacity: 1 << 12)
  private(set) var chunkStarts: [Int] = []
  private(set) var locals: [UInt32] = []
  private(set) var count = 0
  /// States to write before the next one that starts a chunk (and from nothing).
  private var toChunkStart = 0
  /// The previous state's bytes (valid until the next `write`), which the next shares a
  /// prefix with.
  private var previous = UnsafeRawBufferPointer(start: nil, count: 0)

  init(chunkSize: Int) { self.chunkSize = chunkSize }

  /// Starts over for the states numbered from `firstIndex` on.
  mutating func reset(firstIndex: Int) {
    toChunkStart = (chunkSize - firstIndex % chunkSize) % chunkSize
    bytes.removeAll()
    chunkStarts.removeAll(keepingCapacity: true)
    locals.removeAll(keepingCapacity: true)
    count = 0
    previous = UnsafeRawBufferPointer(start: nil, count: 0)
  }

  /// Writes the next state. `state` must stay valid until the next call (it is the next
  /// state's reference).
  // Transparent: `@inline(__always)` left it a call in the commit loop once the explorer became
  // its own module (a call per new state).
  @_transparent
  mutating func write(_ state: UnsafeRawBufferPointer, stop: Bool, local: UInt32, exact: Bool) {
    var prefix = 0
    if toChunkStart == 0 {
      chunkStarts.append(bytes.count)
      toChunkStart = chunkSize
    } else {
      prefix = previous.commonPrefixCount(with: state)
    }
    let suffix = state.count - prefix
    bytes.reserve(20 + suffix)
    var p = bytes.count
    Varint.write(UInt64(suffix) << 1 | (stop ? 1 : 0), to: bytes.base, at: &p)
    Varint.write(UInt64(prefix), to: bytes.base, at: &p)
    if suffix > 0 {
      (bytes.base + p).update(
        from: state.baseAddress!.assumingMemoryBound(to: UInt8.self) + prefix, count: suffix)
    }
    bytes.setCount(p + suffix)
    if exact { locals.append(local) }
    previous = state
    count += 1
    toChunkStart -= 1
  }
}

/// LEB128 varints: 7 bits a byte, low bits first.
enum Varint {
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
