/// The fixed-seed hashing both fingerprints share: a multiply-xorshift mix per 64-bit word and
/// murmur3's finalizer, which spreads every input bit over a table's index bits.
///
/// Never Swift's per-process `Hasher`: these hashes decide which states are "the same" and
/// name things in reports, so they must be the same in every run and on every machine.
@usableFromInline
enum FixedHash {
  @usableFromInline static let m: UInt64 = 0x9FB2_1C65_1E98_DF25

  @inlinable @inline(__always)
  static func start(_ count: Int) -> UInt64 { 0x243F_6A88_85A3_08D3 ^ (UInt64(count) &* m) }

  @inlinable @inline(__always)
  static func mix(_ h: UInt64, _ word: UInt64) -> UInt64 {
    var v = word &* m
    v ^= v >> 29
    return (h ^ v) &* m
  }

  @inlinable @inline(__always)
  static func finish(_ hash: UInt64) -> UInt64 {
    var h = hash
    h ^= h >> 33
    h &*= 0xFF51_AFD7_ED55_8CCD
    h ^= h >> 33
    h &*= 0xC4CE_B9FE_1A85_EC53
    h ^= h >> 33
    return h
  }

  @inlinable @inline(__always)
  static func word(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  /// 4 bytes from `offset` on, little-endian, zero-extended.
  @inlinable @inline(__always)
  static func half(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
    UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
  }

  /// wyhash's secrets (the state fingerprint's seeds).
  @usableFromInline static let s0: UInt64 = 0xA076_1D64_78BD_642F
  @usableFromInline static let s1: UInt64 = 0xE703_7ED1_A0B4_28DB

  /// wyhash's mix: the high and low halves of the 128-bit product, xored.
  @inlinable @inline(__always)
  static func mum(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let product = a.multipliedFullWidth(by: b)
    return product.high ^ product.low
  }

  /// Up to 8 bytes from `offset` on, little-endian, zero-extended.
  @inlinable @inline(__always)
  static func tail(_ bytes: UnsafeRawBufferPointer, from offset: Int) -> UInt64 {
    var v: UInt64 = 0
    for i in offset..<bytes.count { v |= UInt64(bytes[i]) << UInt64(8 * (i - offset)) }
    return v
  }
}

/// A fixed-seed 64-bit hash of bytes, never zero: what `stableHash` gives texts (cache keys,
/// SARIF fingerprints), so it must not change.
///
/// - Complexity: O(bytes)
public func fingerprint(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
  let n = bytes.count
  var h = FixedHash.start(n)
  var i = 0
  while i + 8 <= n {
    h = FixedHash.mix(h, FixedHash.word(bytes, at: i))
    i += 8
  }
  if i < n { h = FixedHash.mix(h, FixedHash.tail(bytes, from: i)) }
  h = FixedHash.finish(h)
  return h == 0 ? 1 : h
}

/// The explorer's fixed-seed 64-bit hash of a state's encoding, computed once per transition:
/// wyhash's construction (a 64 × 64 → 128-bit multiply folds 16 bytes at a time, and two more
/// finish), with fixed secrets. Most encodings are 16 bytes or fewer, which take two
/// multiplies where a word-at-a-time mix takes six in a row. Equal encodings hash equally; that
/// is all the explorer relies on, and no hash of it reaches a report.
///
/// - Complexity: O(bytes)
@inlinable @inline(__always)
public func stateFingerprint(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
  let n = bytes.count
  var seed = FixedHash.s0
  let a: UInt64
  let b: UInt64
  if n <= 16 {
    if n >= 8 {
      a = FixedHash.word(bytes, at: 0)
      b = FixedHash.word(bytes, at: n - 8)
    } else if n >= 4 {
      a = FixedHash.half(bytes, at: 0)
      b = FixedHash.half(bytes, at: n - 4)
    } else if n > 0 {
      a = UInt64(bytes[0]) << 16 | UInt64(bytes[n >> 1]) << 8 | UInt64(bytes[n - 1])
      b = 0
    } else {
      (a, b) = (0, 0)
    }
  } else {
    var i = 0
    while n - i > 16 {
      seed = FixedHash.mum(
        FixedHash.word(bytes, at: i) ^ FixedHash.s1, FixedHash.word(bytes, at: i + 8) ^ seed)
      i += 16
    }
    a = FixedHash.word(bytes, at: n - 16)
    b = FixedHash.word(bytes, at: n - 8)
  }
  return FixedHash.mum(FixedHash.s1 ^ UInt64(n), FixedHash.mum(a ^ FixedHash.s1, b ^ seed))
}

/// The same fixed-seed hash of a text's UTF-8 bytes: the same in every process and on every
/// machine (cache keys, SARIF fingerprints).
public func stableHash(_ text: String) -> UInt64 {
  Array(text.utf8).withUnsafeBytes { fingerprint($0) }
}

extension UnsafeRawBufferPointer {
  /// The number of bytes `self` and `other` share from their start, compared a word at a time.
  @inlinable @inline(__always)
  public func commonPrefixCount(with other: UnsafeRawBufferPointer) -> Int {
    let n = Swift.min(count, other.count)
    // The first differing byte of two words is the lowest set byte of their xor.
    func difference(at offset: Int) -> UInt64 {
      UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        ^ UInt64(littleEndian: other.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    guard n >= 8 else {
      var prefix = 0
      while prefix < n && self[prefix] == other[prefix] { prefix += 1 }
      return prefix
    }
    var prefix = 0
    while prefix + 8 <= n {
      let x = difference(at: prefix)
      if x != 0 { return prefix + x.trailingZeroBitCount >> 3 }
      prefix += 8
    }
    // The last word, overlapping the one before (whose bytes are equal).
    let x = difference(at: n - 8)
    return x == 0 ? n : n - 8 + x.trailingZeroBitCount >> 3
  }
}
