/// A fixed-seed 64-bit hash of a state's canonical encoding.
///
/// Never Swift's per-process `Hasher`: fingerprints decide which states are "the same", so they
/// must be the same in every run and on every machine. Zero is reserved for empty table slots.
///
/// - Complexity: O(bytes)
@inline(__always)
func fingerprint(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
  let m: UInt64 = 0x9FB2_1C65_1E98_DF25
  var h: UInt64 = 0x243F_6A88_85A3_08D3 ^ (UInt64(bytes.count) &* m)
  var i = 0
  let n = bytes.count
  while i + 8 <= n {
    var v = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
    v &*= m
    v ^= v >> 29
    h = (h ^ v) &* m
    i += 8
  }
  if i < n {
    var v: UInt64 = 0
    var shift: UInt64 = 0
    while i < n {
      v |= UInt64(bytes[i]) << shift
      shift += 8
      i += 1
    }
    v &*= m
    v ^= v >> 29
    h = (h ^ v) &* m
  }
  // murmur3's finalizer spreads every input bit over the table index bits.
  h ^= h >> 33
  h &*= 0xFF51_AFD7_ED55_8CCD
  h ^= h >> 33
  h &*= 0xC4CE_B9FE_1A85_EC53
  h ^= h >> 33
  return h == 0 ? 1 : h
}

/// The explorer's fixed-seed 64-bit hash of a state's encoding: `fingerprint`'s mixing, but
/// the last word is read whole (overlapping the one before), not byte by byte, since states
/// are hashed once per transition.
///
/// - Complexity: O(bytes)
@inline(__always)
func stateFingerprint(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
  let m: UInt64 = 0x9FB2_1C65_1E98_DF25
  let n = bytes.count
  var h: UInt64 = 0x243F_6A88_85A3_08D3 ^ (UInt64(n) &* m)
  var last: UInt64 = 0
  if n >= 8 {
    var i = 0
    while i + 8 < n {
      var v = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
      v &*= m
      v ^= v >> 29
      h = (h ^ v) &* m
      i += 8
    }
    last = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self))
  } else {
    for i in 0..<n { last |= UInt64(bytes[i]) << UInt64(8 * i) }
  }
  last &*= m
  last ^= last >> 29
  h = (h ^ last) &* m
  h ^= h >> 33
  h &*= 0xFF51_AFD7_ED55_8CCD
  h ^= h >> 33
  h &*= 0xC4CE_B9FE_1A85_EC53
  h ^= h >> 33
  return h
}

/// The same fixed-seed hash of a text's UTF-8 bytes: the same in every process and on every
/// machine (cache keys, SARIF fingerprints).
package func stableHash(_ text: String) -> UInt64 {
  Array(text.utf8).withUnsafeBytes { fingerprint($0) }
}
