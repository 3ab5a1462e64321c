import Foundation

// NavCheckSupport is shared by NavCheck's own modules and is not API. Its hot paths are
// `public` and `@inlinable` because `package` declarations are not inlined across modules by
// this toolchain; no product exports it.

/// A growable array of plain values in one `malloc` block, for the explorer's big tables and
/// the reference router's per-state lists.
///
/// `RawArray` below is the same kind of buffer held in a struct for a worker's appends; this
/// one is a class, shared between phases. Its base, count and capacity live in a header behind
/// a constant pointer, not in stored variables: a class's variables are accessed with dynamic
/// exclusivity checks wherever the optimizer cannot see every access (another module inlining
/// an append), which cost more than the append itself.
///
/// Unlike `Array` it grows with `realloc`, which large blocks extend in place (by remapping
/// pages on Linux) instead of copying into a new block while the old one is alive, and pages it
/// has reserved but not written take no resident memory. Workers may write disjoint elements
/// concurrently between `reserve` calls; nothing else is thread-safe.
///
/// ```swift
/// let ids = PodBuffer<UInt32>(capacity: 64)
/// ids.append(7)
/// ids[0]   // 7
/// ```
public final class PodBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
  @usableFromInline
  struct Header {
    @usableFromInline var base: UnsafeMutablePointer<Element>
    @usableFromInline var count: Int
    @usableFromInline var capacity: Int
  }

  @usableFromInline let header: UnsafeMutablePointer<Header>

  /// An empty buffer with room for `capacity` elements (at least 16).
  public init(capacity: Int = 1024) {
    let capacity = max(capacity, 16)
    header = .allocate(capacity: 1)
    header.initialize(to: Header(base: Self.allocate(capacity), count: 0, capacity: capacity))
  }

  deinit {
    free(header.pointee.base)
    header.deallocate()
  }

  private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<Element> {
    guard let raw = malloc(capacity * MemoryLayout<Element>.stride) else {
      fatalError("NavCheck: out of memory allocating \(capacity) table entries")
    }
    return raw.assumingMemoryBound(to: Element.self)
  }

  /// The first element's address (it moves when the buffer grows).
  @inlinable public var base: UnsafeMutablePointer<Element> {
    @inline(__always) get { header.pointee.base }
  }

  /// The number of elements.
  @inlinable public var count: Int {
    @inline(__always) get { header.pointee.count }
  }

  /// The number of elements it has room for.
  @inlinable public var capacity: Int {
    @inline(__always) get { header.pointee.capacity }
  }

  /// Bytes reserved.
  @inlinable
  public var memoryBytes: Int { capacity * MemoryLayout<Element>.stride }

  /// Element `i`, which is below `count` (or was written past it by the caller).
  @inlinable public subscript(i: Int) -> Element {
    @inline(__always) get { header.pointee.base[i] }
    @inline(__always) set { header.pointee.base[i] = newValue }
  }

  /// Makes room for `count + extra` elements, growing by half again at least.
  @inlinable @inline(__always)
  public func reserve(_ extra: Int) {
    if header.pointee.count + extra > header.pointee.capacity {
      grow(to: header.pointee.count + extra)
    }
  }

  @usableFromInline func grow(to needed: Int) {
    let newCapacity = max(needed, capacity + capacity / 2)
    guard let raw = realloc(base, newCapacity * MemoryLayout<Element>.stride) else {
      fatalError("NavCheck: out of memory growing a table to \(newCapacity) entries")
    }
    header.pointee.base = raw.assumingMemoryBound(to: Element.self)
    header.pointee.capacity = newCapacity
  }

  /// Appends `value`.
  @inlinable @inline(__always)
  public func append(_ value: Element) {
    reserve(1)
    header.pointee.base[header.pointee.count] = value
    header.pointee.count += 1
  }

  /// Sets the count to `newCount` (at most the capacity); new elements are uninitialized
  /// memory the caller writes before reading.
  @inlinable
  public func setCount(_ newCount: Int) {
    precondition(newCount <= capacity)
    header.pointee.count = newCount
  }

  /// Sets the count to `newCount`, growing as needed; new elements are uninitialized memory
  /// the caller writes before reading.
  @inlinable
  public func resize(to newCount: Int) {
    if newCount > capacity { grow(to: newCount) }
    header.pointee.count = newCount
  }

  /// Removes every element, keeping the memory.
  @inlinable public func removeAll() { header.pointee.count = 0 }
}

/// A growable array of plain values held in a struct, for a worker's hot appends: no
/// reference counting and no uniqueness checks. Whoever owns the struct frees it with
/// `deallocate()`; copies share the memory.
///
/// ```swift
/// var bytes = RawArray<UInt8>()
/// bytes.append(1)
/// bytes.deallocate()
/// ```
public struct RawArray<Element: BitwiseCopyable> {
  /// The first element's address; `nil` before the first append.
  public var base: UnsafeMutablePointer<Element>?
  /// The number of elements.
  public var count = 0
  /// The number of elements it has room for.
  public var capacity = 0

  /// An empty array (it allocates on the first append).
  public init() {}

  /// Bytes reserved.
  @inlinable
  public var memoryBytes: Int { capacity * MemoryLayout<Element>.stride }

  /// Element `i`.
  @inlinable public subscript(i: Int) -> Element {
    @inline(__always) get { base.unsafelyUnwrapped[i] }
    @inline(__always) nonmutating set { base.unsafelyUnwrapped[i] = newValue }
  }

  /// Appends `count` copies of `value`.
  @inlinable
  public mutating func append(repeating value: Element, count n: Int) {
    if count + n > capacity { grow(to: count + n) }
    if n > 0 { (base.unsafelyUnwrapped + count).initialize(repeating: value, count: n) }
    count += n
  }

  /// Appends `value`.
  @inlinable @inline(__always)
  public mutating func append(_ value: Element) {
    if count == capacity { grow(to: count + 1) }
    base.unsafelyUnwrapped[count] = value
    count += 1
  }

  /// Room for at least `n` more elements past the end, not yet counted: the caller writes
  /// some there, then counts them with `extend(by:)`.
  @inlinable @inline(__always)
  public mutating func tail(_ n: Int) -> UnsafeMutablePointer<Element> {
    if count + n > capacity { grow(to: count + n) }
    return base.unsafelyUnwrapped + count
  }

  /// Counts `n` elements written past the end (at most what `tail` made room for).
  @inlinable @inline(__always)
  public mutating func extend(by n: Int) { count += n }

  @usableFromInline mutating func grow(to needed: Int) {
    let newCapacity = max(needed, capacity * 2, 64)
    guard let raw = realloc(base, newCapacity * MemoryLayout<Element>.stride) else {
      fatalError("NavCheck: out of memory growing a buffer to \(newCapacity) entries")
    }
    base = raw.assumingMemoryBound(to: Element.self)
    capacity = newCapacity
  }

  /// Removes every element, keeping the memory.
  @inlinable public mutating func removeAll() { count = 0 }

  /// The elements' memory, read-only.
  @inlinable
  public var bytes: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: base, count: count * MemoryLayout<Element>.stride)
  }

  /// Frees the memory; the array (and every copy) must not be used after.
  public func deallocate() { free(base) }
}
