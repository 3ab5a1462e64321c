import NavCheckSupport

/// Each state's parent and the event from it, by state id: what the traces are rebuilt from
/// once the run is over.
///
/// Nothing reads a link while the run is on, so only the links of the last states found stay
/// in memory: past `memoryBytesKept`, the links found so far go to two temporary files (the
/// parents, 4 bytes a state, and the events, 1 byte), written as they lie in memory, and a
/// trace reads each of its steps back from there (TLC keeps its parent pointers on disk the same
/// way). Where no file can be made or written, every link stays in memory.
final class ParentLinks {
  /// The parents of the states from id `first` on.
  let parents = PodBuffer<UInt32>(capacity: 1 << 12)
  /// Their events, in a byte: 255 and up are kept apart (`Explorer.Run.largeEvents`).
  let events = PodBuffer<UInt8>(capacity: 1 << 12)
  /// The first id whose link is in memory: those before it are in the files.
  private(set) var first = 0
  private let memoryBytesKept: Int
  private let folder: String?
  private var files: (parents: SpillFile, events: SpillFile)?
  private var keepsAll = false

  init(memoryBytesKept: Int, folder: String? = nil) {
    self.memoryBytesKept = memoryBytesKept
    self.folder = folder
  }

  /// The states with a link: every state found.
  var count: Int { first + parents.count }

  /// The bytes the links in memory take.
  var memoryBytes: Int { parents.memoryBytes + events.memoryBytes }

  /// The bytes of the links in the files.
  var fileBytes: Int { first * 5 }

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

  /// Moves the links in memory to the files once they take `memoryBytesKept`.
  func spillIfFull() {
    let n = parents.count
    guard !keepsAll, n > 0, n * 5 >= memoryBytesKept else { return }
    if files == nil,
      let parents = SpillFile(folder: folder, holding: "parent links"),
      let events = SpillFile(folder: folder, holding: "parent links")
    {
      files = (parents, events)
    }
    guard let files,
      files.parents.write(parents.base, count: n * 4, at: first * 4),
      files.events.write(events.base, count: n, at: first)
    else {
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
    var parent: UInt32 = 0
    var event: UInt8 = 0
    files!.parents.read(into: &parent, count: 4, at: id * 4)
    files!.events.read(into: &event, count: 1, at: id)
    return (parent, event)
  }
}
