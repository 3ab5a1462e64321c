import NavCheckSupport

/// Each state's parent and the event from it, by state id: what the traces are rebuilt from
/// once the run is over.
///
/// Nothing reads a link while the run is on, so only the links of the last states found stay
/// in memory: past `memoryBytesKept`, the links found so far go to a temporary file, five bytes
/// a state, and a trace reads each of its steps back from there (TLC keeps its parent pointers
/// on disk the same way). Where no file can be made or written, every link stays in memory.
final class ParentLinks {
  /// The parents of the states from id `first` on.
  let parents = PodBuffer<UInt32>(capacity: 1 << 12)
  /// Their events, in a byte: 255 and up are kept apart (`Explorer.Run.largeEvents`).
  let events = PodBuffer<UInt8>(capacity: 1 << 12)
  /// The first id whose link is in memory: those before it are in the file.
  private(set) var first = 0
  private let memoryBytesKept: Int
  private let folder: String?
  private var file: SpillFile?
  private var keepsAll = false
  /// Bytes each link takes in the file: the parent (4, little-endian), then the event.
  private static let recordBytes = 5

  init(memoryBytesKept: Int, folder: String? = nil) {
    self.memoryBytesKept = memoryBytesKept
    self.folder = folder
  }

  /// The states with a link: every state found.
  var count: Int { first + parents.count }

  /// The bytes the links in memory take.
  var memoryBytes: Int { parents.memoryBytes + events.memoryBytes }

  /// The bytes of the links in the file.
  var fileBytes: Int { first * Self.recordBytes }

  func append(parent: UInt32, event: UInt8) {
    parents.append(parent)
    events.append(event)
  }

  /// Makes room for `extra` more links, which the commit then writes by id.
  func reserve(_ extra: Int) {
    parents.reserve(extra)
    events.reserve(extra)
  }

  /// Counts the `added` links the commit wrote.
  func extend(by added: Int) {
    parents.setCount(parents.count + added)
    events.setCount(events.count + added)
  }

  /// Moves the links in memory to the file once they take `memoryBytesKept`.
  func spillIfFull() {
    let n = parents.count
    guard !keepsAll, n > 0, n * Self.recordBytes >= memoryBytesKept else { return }
    if file == nil {
      file =
        folder.map { SpillFile(folder: $0, holding: "parent links") }
        ?? SpillFile(holding: "parent links")
    }
    var records = [UInt8](repeating: 0, count: n * Self.recordBytes)
    records.withUnsafeMutableBytes { records in
      for i in 0..<n {
        records.storeBytes(
          of: parents[i].littleEndian, toByteOffset: i * Self.recordBytes, as: UInt32.self)
        records[i * Self.recordBytes + 4] = events[i]
      }
    }
    let written = records.withUnsafeBytes { records in
      file?.write(records.baseAddress!, count: records.count, at: fileBytes) ?? false
    }
    guard written else {
      keepsAll = true
      return
    }
    first += n
    parents.removeAll()
    events.removeAll()
  }

  /// The parent of state `id` and the event from it.
  func link(_ id: Int) -> (parent: UInt32, event: UInt8) {
    if id >= first { return (parents[id - first], events[id - first]) }
    var record = [UInt8](repeating: 0, count: Self.recordBytes)
    record.withUnsafeMutableBytes {
      file!.read(into: $0.baseAddress!, count: Self.recordBytes, at: id * Self.recordBytes)
    }
    let parent = record.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) }
    return (parent, record[4])
  }
}
