/// The visited set: fingerprints and state ids in one open-addressing table.
///
/// Lookups may run on many threads while nothing inserts; inserts run on one thread between
/// parallel phases. 12 bytes a slot, at most 70% full.
final class FingerprintTable: @unchecked Sendable {
  private var keys: UnsafeMutablePointer<UInt64>
  private var ids: UnsafeMutablePointer<UInt32>
  private var mask: Int
  private(set) var count = 0

  init(capacity: Int = 1 << 16) {
    var size = 1 << 10
    while size < capacity { size <<= 1 }
    keys = .allocate(capacity: size)
    keys.initialize(repeating: 0, count: size)
    ids = .allocate(capacity: size)
    mask = size - 1
  }

  deinit {
    keys.deallocate()
    ids.deallocate()
  }

  /// Bytes the table holds.
  var memoryBytes: Int { (mask + 1) * 12 }

  /// The id stored for `key`, if any.
  @inline(__always)
  func lookup(_ key: UInt64) -> UInt32? {
    var i = Int(truncatingIfNeeded: key) & mask
    while true {
      let k = keys[i]
      if k == key { return ids[i] }
      if k == 0 { return nil }
      i = (i + 1) & mask
    }
  }

  /// Inserts `key`, which is not in the table.
  func insert(_ key: UInt64, id: UInt32) {
    if (count + 1) * 10 > (mask + 1) * 7 { grow() }
    var i = Int(truncatingIfNeeded: key) & mask
    while keys[i] != 0 { i = (i + 1) & mask }
    keys[i] = key
    ids[i] = id
    count += 1
  }

  private func grow() {
    let oldKeys = keys
    let oldIDs = ids
    let oldSize = mask + 1
    let size = oldSize * 2
    keys = .allocate(capacity: size)
    keys.initialize(repeating: 0, count: size)
    ids = .allocate(capacity: size)
    mask = size - 1
    for j in 0..<oldSize where oldKeys[j] != 0 {
      var i = Int(truncatingIfNeeded: oldKeys[j]) & mask
      while keys[i] != 0 { i = (i + 1) & mask }
      keys[i] = oldKeys[j]
      ids[i] = oldIDs[j]
    }
    oldKeys.deallocate()
    oldIDs.deallocate()
  }
}
