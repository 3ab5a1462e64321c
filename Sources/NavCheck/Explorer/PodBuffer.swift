import Foundation

/// A growable array of plain values in one `malloc` block, for the explorer's big tables.
///
/// `RawArray` below is the same kind of buffer held in a struct for a worker's appends; this
/// one is a class, shared between phases, with its fields stored directly (wrapping a
/// `RawArray` made every append a dynamically checked access to the whole struct: 1.6 times
/// the instructions).
///
/// Unlike `Array` it grows with `realloc`, which large blocks extend in place (by remapping
/// pages on Linux) instead of copying into a new block while the old one is alive, and pages it
/// has reserved but not written take no resident memory. Workers may write disjoint elements
/// concurrently between `reserve` calls; nothing else is thread-safe.
final class PodBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private(set) var capacity: Int

  init(capacity: Int = 1024) {
    self.capacity = max(capacity, 16)
    base = Self.allocate(self.capacity)
  }

  deinit { free(base) }

  private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<Element> {
    guard let raw = malloc(capacity * MemoryLayout<Element>.stride) else {
      fatalError("NavCheck: out of memory allocating \(capacity) table entries")
    }
    return raw.assumingMemoryBound(to: Element.self)
  }

  /// Bytes reserved.
  var memoryBytes: Int { capacity * MemoryLayout<Element>.stride }

  subscript(i: Int) -> Element {
    @inline(__always) get { base[i] }
    @inline(__always) set { base[i] = newValue }
  }

  /// Makes room for `count + extra` elements, growing by half again at least.
  @inline(__always)
  func reserve(_ extra: Int) {
    if count + extra > capacity { grow(to: count + extra) }
  }

  private func grow(to needed: Int) {
    let newCapacity = max(needed, capacity + capacity / 2)
    guard let raw = realloc(base, newCapacity * MemoryLayout<Element>.stride) else {
      fatalError("NavCheck: out of memory growing a table to \(newCapacity) entries")
    }
    base = raw.assumingMemoryBound(to: Element.self)
    capacity = newCapacity
  }

  @inline(__always)
  func append(_ value: Element) {
    reserve(1)
    base[count] = value
    count += 1
  }

  /// Sets the count to `newCount` (at most the capacity); new elements are uninitialized
  /// memory the caller writes before reading.
  func setCount(_ newCount: Int) {
    precondition(newCount <= capacity)
    count = newCount
  }

  /// Sets the count to `newCount`, growing as needed; new elements are uninitialized memory
  /// the caller writes before reading.
  func resize(to newCount: Int) {
    if newCount > capacity { grow(to: newCount) }
    count = newCount
  }

  func removeAll() { count = 0 }
}

/// A growable array of plain values held in a struct, for a worker's hot appends: no
/// reference counting and no uniqueness checks. Whoever owns the struct frees it with
/// `deallocate()`; copies share the memory.
struct RawArray<Element: BitwiseCopyable> {
  private(set) var base: UnsafeMutablePointer<Element>?
  private(set) var count = 0
  private(set) var capacity = 0

  init() {}

  var memoryBytes: Int { capacity * MemoryLayout<Element>.stride }

  subscript(i: Int) -> Element {
    @inline(__always) get { base.unsafelyUnwrapped[i] }
    @inline(__always) nonmutating set { base.unsafelyUnwrapped[i] = newValue }
  }

  /// Appends `count` copies of `value`.
  mutating func append(repeating value: Element, count n: Int) {
    if count + n > capacity { grow(to: count + n) }
    if n > 0 { (base.unsafelyUnwrapped + count).initialize(repeating: value, count: n) }
    count += n
  }

  @inline(__always)
  mutating func append(_ value: Element) {
    if count == capacity { grow(to: count + 1) }
    base.unsafelyUnwrapped[count] = value
    count += 1
  }

  /// Room for at least `n` more elements past the end, not yet counted: the caller writes
  /// some there, then counts them with `extend(by:)`.
  @inline(__always)
  mutating func tail(_ n: Int) -> UnsafeMutablePointer<Element> {
    if count + n > capacity { grow(to: count + n) }
    return base.unsafelyUnwrapped + count
  }

  /// Counts `n` elements written past the end (at most what `tail` made room for).
  @inline(__always)
  mutating func extend(by n: Int) { count += n }

  private mutating func grow(to needed: Int) {
    let newCapacity = max(needed, capacity * 2, 64)
    guard let raw = realloc(base, newCapacity * MemoryLayout<Element>.stride) else {
      fatalError("NavCheck: out of memory growing a buffer to \(newCapacity) entries")
    }
    base = raw.assumingMemoryBound(to: Element.self)
    capacity = newCapacity
  }

  mutating func removeAll() { count = 0 }

  /// The elements' memory, read-only.
  var bytes: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: base, count: count * MemoryLayout<Element>.stride)
  }

  func deallocate() { free(base) }
}
