/// The return analysis's leftovers (SEMANTICS §6 traps): expanded states that were not yet
/// known to reach a home state when they were expanded, each with the targets of its
/// returning events.
///
/// Most states are known to reach home the moment they are expanded: they are home states, or
/// one of their events returns to a state already marked (a dismiss back to the screen below
/// was found, expanded and marked a level earlier). Only the others are kept here, so the
/// analysis costs a few bytes per state instead of 4 bytes per transition; once the graph is
/// complete, `unreachable` settles them by a backward search over their own edges.
///
/// A handle is a key and, in exact mode only, a shard-local index: the keys and the indices
/// are kept apart, so that a record outside exact mode takes 8 bytes per handle, not a
/// 16-byte `StateHandle`.
struct ReturnRecords {
  /// Each record's state id (increasing), key and first target.
  private(set) var ids: [UInt32] = []
  private var keys: [UInt64] = []
  /// Exact mode: each record's local index (empty otherwise: all 0).
  private var locals: [UInt32] = []
  private var targetStarts: [UInt32] = [0]
  private var targetKeys: [UInt64] = []
  private var targetLocals: [UInt32] = []

  var count: Int { ids.count }

  var memoryBytes: Int {
    ids.capacity * 4 + keys.capacity * 8 + locals.capacity * 4 + targetStarts.capacity * 4
      + targetKeys.capacity * 8 + targetLocals.capacity * 4
  }

  /// Record `r`'s state.
  func handle(_ r: Int) -> StateHandle {
    StateHandle(key: keys[r], local: locals.isEmpty ? 0 : locals[r])
  }

  /// Target `t` (of all records' targets, in order).
  private func target(_ t: Int) -> StateHandle {
    StateHandle(key: targetKeys[t], local: targetLocals.isEmpty ? 0 : targetLocals[t])
  }

  /// Starts a record for state `id`; its targets follow (`appendTarget`), then `close`.
  mutating func append(id: UInt32, _ handle: StateHandle, exact: Bool) {
    ids.append(id)
    keys.append(handle.key)
    if exact { locals.append(handle.local) }
  }

  /// Adds a target to the record begun last, unless it adds no path: the record's own state,
  /// or a target it lists already (several events often lead back to the same screen).
  mutating func appendTarget(_ handle: StateHandle, exact: Bool) {
    if handle == self.handle(count - 1) { return }
    for t in Int(targetStarts[targetStarts.count - 1])..<targetKeys.count where target(t) == handle
    {
      return
    }
    targetKeys.append(handle.key)
    if exact { targetLocals.append(handle.local) }
  }

  /// Ends the record begun last.
  mutating func close() { targetStarts.append(UInt32(targetKeys.count)) }

  mutating func append(contentsOf other: ReturnRecords) {
    let base = UInt32(targetKeys.count)
    ids.append(contentsOf: other.ids)
    keys.append(contentsOf: other.keys)
    locals.append(contentsOf: other.locals)
    targetStarts.append(contentsOf: other.targetStarts.dropFirst().map { $0 + base })
    targetKeys.append(contentsOf: other.targetKeys)
    targetLocals.append(contentsOf: other.targetLocals)
  }

  /// Drops the records that reach home through a target the visited set now marks
  /// (`reachesHome`), marking their own states (`mark`) so that records pointing at them go
  /// next; repeated while a pass drops a tenth of them (at most four passes). While the graph
  /// grows, the states that first looked stuck (their ways back led to states not yet known
  /// to reach home) mostly turn out not to be: settling them keeps the records to the
  /// frontier's few levels instead of the whole graph. A dropped record surely reaches home;
  /// one kept may still, and `unreachable` decides at the end, so the traps are the same.
  mutating func settle(
    _ reachesHome: (StateHandle) -> Bool, mark: (StateHandle) -> Void
  ) {
    for _ in 0..<4 {
      let before = count
      var kept = 0
      var keptTargets = 0
      var start = Int(targetStarts[0])
      for r in 0..<before {
        // Read before the compaction below can overwrite it (it writes at most index r + 1).
        let end = Int(targetStarts[r + 1])
        defer { start = end }
        if (start..<end).contains(where: { reachesHome(target($0)) }) {
          mark(handle(r))
          continue
        }
        ids[kept] = ids[r]
        keys[kept] = keys[r]
        if !locals.isEmpty { locals[kept] = locals[r] }
        for t in start..<end {
          targetKeys[keptTargets] = targetKeys[t]
          if !targetLocals.isEmpty { targetLocals[keptTargets] = targetLocals[t] }
          keptTargets += 1
        }
        kept += 1
        targetStarts[kept] = UInt32(keptTargets)
      }
      // The arrays keep their capacity: the records that follow reuse it.
      ids.removeLast(before - kept)
      keys.removeLast(before - kept)
      if !locals.isEmpty { locals.removeLast(before - kept) }
      targetStarts.removeLast(before - kept)
      targetKeys.removeLast(targetKeys.count - keptTargets)
      if !targetLocals.isEmpty { targetLocals.removeLast(targetLocals.count - keptTargets) }
      if (before - kept) * 10 < before { break }
    }
  }

  /// The records that cannot reach a home state, as indices in increasing id order, given
  /// which states the visited set marks as reaching home.
  ///
  /// It runs once, at the end, when the other tables are at their largest, so it keeps to
  /// 32-bit indices: a table of record indices by handle (open addressing, at most half full),
  /// the edges among records by target (counted, then placed), and a queue.
  ///
  /// - Complexity: O(records + their targets)
  func unreachable(
    _ reachesHome: (StateHandle) -> Bool, whenResolved resolved: () -> Void = {}
  ) -> [Int] {
    let index = RecordIndex(self)
    // Reverse edges among records; a record with a marked target reaches home.
    var reaches = [Bool](repeating: false, count: count)
    var incoming = [UInt32](repeating: 0, count: count + 1)
    // The edges among records are counted by target first, then placed: two lookups per
    // target rather than a list of pairs (8 bytes an edge) at the analysis's peak.
    for r in 0..<count {
      for t in Int(targetStarts[r])..<Int(targetStarts[r + 1]) {
        let target = target(t)
        if let to = index.record(target, in: self) {
          incoming[to + 1] += 1
        } else if reachesHome(target) {
          reaches[r] = true
        }
      }
    }
    // Every target is a record or known to reach home or not: `reachesHome` is done with.
    resolved()
    for r in 0..<count { incoming[r + 1] += incoming[r] }
    // Each edge at its target's next free place: `incoming[to]` moves to `to`'s end, which is
    // `to + 1`'s start, so record `to`'s sources are `incoming[to - 1]..<incoming[to]` after.
    var sources = [UInt32](repeating: 0, count: Int(incoming[count]))
    for r in 0..<count {
      for t in Int(targetStarts[r])..<Int(targetStarts[r + 1]) {
        guard let to = index.record(target(t), in: self) else { continue }
        sources[Int(incoming[to])] = UInt32(r)
        incoming[to] += 1
      }
    }
    var queue = (0..<UInt32(count)).filter { reaches[Int($0)] }
    var head = 0
    while head < queue.count {
      let to = Int(queue[head])
      head += 1
      for e in Int(to == 0 ? 0 : incoming[to - 1])..<Int(incoming[to])
      where !reaches[Int(sources[e])] {
        reaches[Int(sources[e])] = true
        queue.append(sources[e])
      }
    }
    return (0..<count).filter { !reaches[$0] }
  }
}

/// Record indices by state handle: open addressing over 32-bit slots, at most half full, the
/// handles themselves compared in the records' own array (a dictionary of handles would take
/// six times the bytes).
private struct RecordIndex {
  private var slots: [UInt32]
  private let mask: Int
  private static let empty = UInt32.max

  init(_ records: ReturnRecords) {
    var size = 16
    while size < records.count * 2 { size *= 2 }
    mask = size - 1
    slots = [UInt32](repeating: Self.empty, count: size)
    for r in 0..<records.count {
      var slot = Self.slot(records.handle(r), mask)
      while slots[slot] != Self.empty { slot = (slot + 1) & mask }
      slots[slot] = UInt32(r)
    }
  }

  /// The index of the record whose handle is `handle`, if any.
  func record(_ handle: StateHandle, in records: ReturnRecords) -> Int? {
    var slot = Self.slot(handle, mask)
    while slots[slot] != Self.empty {
      let r = Int(slots[slot])
      if records.handle(r) == handle { return r }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Keys are fingerprints, but tests narrow them to a few bits: mixed with the local index.
  private static func slot(_ handle: StateHandle, _ mask: Int) -> Int {
    let mixed =
      (handle.key ^ UInt64(handle.local) &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
    return Int(truncatingIfNeeded: mixed >> 32) & mask
  }
}
