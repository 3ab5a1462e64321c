/// The return analysis's leftovers (SEMANTICS §6 traps): expanded states that were not yet
/// known to reach a home state when they were expanded, each with the targets of its
/// returning events.
///
/// Most states are known to reach home the moment they are expanded: they are home states, or
/// one of their events returns to a state already marked (a dismiss back to the screen below
/// was found, expanded and marked a level earlier). Only the others are kept here, so the
/// analysis costs a few bytes per state instead of 4 bytes per transition; once the graph is
/// complete, `unreachable` settles them by a backward search over their own edges.
struct ReturnRecords {
  /// Each record's state id (increasing), handle and first target.
  var ids: [UInt32] = []
  var handles: [StateHandle] = []
  var targetStarts: [UInt32] = [0]
  var targets: [StateHandle] = []

  var count: Int { ids.count }

  var memoryBytes: Int {
    ids.capacity * 4 + handles.capacity * 16 + targetStarts.capacity * 4 + targets.capacity * 16
  }

  mutating func append(contentsOf other: ReturnRecords) {
    let base = UInt32(targets.count)
    ids.append(contentsOf: other.ids)
    handles.append(contentsOf: other.handles)
    targetStarts.append(contentsOf: other.targetStarts.dropFirst().map { $0 + base })
    targets.append(contentsOf: other.targets)
  }

  /// The records that cannot reach a home state, as indices in increasing id order, given
  /// which states the visited set marks as reaching home.
  ///
  /// - Complexity: O(records + their targets)
  func unreachable(_ reachesHome: (StateHandle) -> Bool) -> [Int] {
    var index: [StateHandle: Int] = [:]
    index.reserveCapacity(count)
    for (r, handle) in handles.enumerated() { index[handle] = r }
    // Reverse edges among records; a record with a marked target reaches home.
    var reaches = [Bool](repeating: false, count: count)
    var incoming = [UInt32](repeating: 0, count: count + 1)
    var edges: [(from: Int, to: Int)] = []
    for r in 0..<count {
      for t in Int(targetStarts[r])..<Int(targetStarts[r + 1]) {
        if let to = index[targets[t]] {
          edges.append((r, to))
          incoming[to + 1] += 1
        } else if reachesHome(targets[t]) {
          reaches[r] = true
        }
      }
    }
    for r in 0..<count { incoming[r + 1] += incoming[r] }
    var sources = [Int](repeating: 0, count: edges.count)
    var fill = incoming
    for edge in edges {
      sources[Int(fill[edge.to])] = edge.from
      fill[edge.to] += 1
    }
    var queue = (0..<count).filter { reaches[$0] }
    var head = 0
    while head < queue.count {
      let to = queue[head]
      head += 1
      for e in Int(incoming[to])..<Int(incoming[to + 1]) where !reaches[sources[e]] {
        reaches[sources[e]] = true
        queue.append(sources[e])
      }
    }
    return (0..<count).filter { !reaches[$0] }
  }
}
