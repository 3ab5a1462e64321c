import Foundation
import NavCheckSupport

/// The visited set: 63-bit fingerprints in shards of open-addressing tables.
///
/// A fingerprint's top bits choose its shard, so the shards can be filled in parallel, each by
/// one thread, and each shard grows on its own (the set never doubles all at once). A slot is
/// 8 bytes: the fingerprint, with its top bit saying that the state reaches a home state
/// (the return analysis's mark). In exact mode each shard also keeps the states' encodings and
/// compares them, so states with equal fingerprints stay apart.
@usableFromInline
final class VisitedSet: @unchecked Sendable {
  static let shardBits = 6
  static let shardCount = 1 << shardBits
  @usableFromInline static let reachesHome: UInt64 = 1 << 63

  let shards: UnsafeMutablePointer<VisitedShard>
  let exact: Bool

  init(exact: Bool) {
    self.exact = exact
    shards = .allocate(capacity: Self.shardCount)
    for s in 0..<Self.shardCount { (shards + s).initialize(to: VisitedShard(exact: exact)) }
  }

  deinit {
    for s in 0..<Self.shardCount { shards[s].deallocate() }
    shards.deinitialize(count: Self.shardCount)
    shards.deallocate()
  }

  /// The explorer's key of an encoding: its fingerprint without the top bit (or fewer bits:
  /// `mask`, which tests narrow to force collisions), never zero.
  @inlinable @inline(__always)
  static func key(_ bytes: UnsafeRawBufferPointer, mask: UInt64 = ~reachesHome) -> UInt64 {
    let key = stateFingerprint(bytes) & mask
    return key == 0 ? 1 : key
  }

  @inline(__always)
  static func shard(of key: UInt64) -> Int { Int(truncatingIfNeeded: key >> (63 - shardBits)) }

  /// Bytes the set holds.
  var memoryBytes: Int { (0..<Self.shardCount).reduce(0) { $0 + shards[$1].memoryBytes } }

  /// Frees the tables and starts again empty: the trap analysis frees them once it has looked
  /// up every state it needs, and its own tables take their place.
  func removeAll() {
    for s in 0..<Self.shardCount {
      shards[s].deallocate()
      shards[s] = VisitedShard(exact: exact)
    }
  }
}

/// A state's identity in the visited set: its key, and in exact mode its index in its shard
/// (0 otherwise), which tells apart states whose fingerprints are equal.
struct StateHandle: Hashable {
  var key: UInt64
  var local: UInt32
}

/// One shard: linear probing, at most 3/4 full.
struct VisitedShard {
  private(set) var keys: UnsafeMutablePointer<UInt64>
  private var mask: Int
  private(set) var count = 0
  /// Exact mode: each slot's index into `starts`, and the encodings back to back.
  private var locals: UnsafeMutablePointer<UInt32>?
  private var starts: PodBuffer<Int>?
  private var arena: PodBuffer<UInt8>?

  init(exact: Bool) {
    let size = 1 << 8
    keys = .allocate(capacity: size)
    keys.initialize(repeating: 0, count: size)
    mask = size - 1
    if exact {
      locals = .allocate(capacity: size)
      starts = PodBuffer(capacity: 64)
      starts!.append(0)
      arena = PodBuffer(capacity: 1024)
    }
  }

  func deallocate() {
    keys.deallocate()
    locals?.deallocate()
  }

  var memoryBytes: Int {
    (mask + 1) * (locals == nil ? 8 : 12) + (starts?.memoryBytes ?? 0) + (arena?.memoryBytes ?? 0)
  }

  @inline(__always)
  private func matches(_ slot: Int, _ key: UInt64, _ bytes: UnsafeRawBufferPointer) -> Bool {
    guard keys[slot] & ~VisitedSet.reachesHome == key else { return false }
    guard let locals, let starts, let arena else { return true }
    let local = Int(locals[slot])
    let start = Int(starts[local])
    let length = Int(starts[local + 1]) - start
    return length == bytes.count
      && memcmp(arena.base + start, bytes.baseAddress!, length) == 0
  }

  /// Reads the slot where a search for `key` starts, so that a batch of searches can wait for
  /// memory together rather than one after another (a prefetch).
  @inline(__always)
  func touch(_ key: UInt64) -> UInt64 { keys[Int(truncatingIfNeeded: key) & mask] }

  /// Finds the state, or inserts it where it is new.
  ///
  /// - Returns: whether it was inserted, whether it is marked as reaching home, and its index
  ///   in the shard (exact mode; 0 otherwise).
  @inline(__always)
  mutating func findOrInsert(_ key: UInt64, _ bytes: UnsafeRawBufferPointer) -> (
    inserted: Bool, reachesHome: Bool, local: UInt32
  ) {
    var i = Int(truncatingIfNeeded: key) & mask
    while true {
      let k = keys[i]
      if k == 0 { break }
      if matches(i, key, bytes) {
        return (false, k & VisitedSet.reachesHome != 0, locals?[i] ?? 0)
      }
      i = (i + 1) & mask
    }
    if (count + 1) * 4 > (mask + 1) * 3 {
      grow()
      i = Int(truncatingIfNeeded: key) & mask
      while keys[i] != 0 { i = (i + 1) & mask }
    }
    keys[i] = key
    count += 1
    guard let locals, let starts, let arena else { return (true, false, 0) }
    let local = UInt32(starts.count - 1)
    locals[i] = local
    arena.reserve(bytes.count)
    memcpy(arena.base + arena.count, bytes.baseAddress!, bytes.count)
    arena.setCount(arena.count + bytes.count)
    starts.append(arena.count)
    return (true, false, local)
  }

  /// The slot of a state found before, if it is there.
  @inline(__always)
  private func slot(of handle: StateHandle) -> Int? {
    var i = Int(truncatingIfNeeded: handle.key) & mask
    while keys[i] != 0 {
      if keys[i] & ~VisitedSet.reachesHome == handle.key && (locals?[i] ?? 0) == handle.local {
        return i
      }
      i = (i + 1) & mask
    }
    return nil
  }

  /// Marks the state as reaching a home state.
  func markReachesHome(_ handle: StateHandle) {
    guard let i = slot(of: handle) else {
      preconditionFailure("a visited state is missing from the visited set")
    }
    keys[i] |= VisitedSet.reachesHome
  }

  /// Whether the state is marked as reaching a home state.
  func reachesHome(_ handle: StateHandle) -> Bool {
    slot(of: handle).map { keys[$0] & VisitedSet.reachesHome != 0 } ?? false
  }

  private mutating func grow() {
    let oldKeys = keys
    let oldLocals = locals
    let oldSize = mask + 1
    let size = oldSize * 2
    keys = .allocate(capacity: size)
    keys.initialize(repeating: 0, count: size)
    if oldLocals != nil { locals = .allocate(capacity: size) }
    mask = size - 1
    for j in 0..<oldSize where oldKeys[j] != 0 {
      var i = Int(truncatingIfNeeded: oldKeys[j]) & mask
      while keys[i] != 0 { i = (i + 1) & mask }
      keys[i] = oldKeys[j]
      if let oldLocals { locals![i] = oldLocals[j] }
    }
    oldKeys.deallocate()
    oldLocals?.deallocate()
  }
}
