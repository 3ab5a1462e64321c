import NavCheckSupport

/// What one worker's expansion of a chunk of parents produced: every successor (candidate) in
/// event order, with its key and encoding, and the chunk's findings, counts and coverage.
@usableFromInline
struct ChunkBuffers {
  struct FirstFinding {
    var count: Int
    var parent: UInt32
    var event: UInt16
  }

  /// One successor: its key, where its encoding is in `arena`, its parent (an index in the
  /// chunk), its event, and whether the event counts for the return analysis.
  @usableFromInline
  struct Candidate: BitwiseCopyable {
    @usableFromInline var key: UInt64
    @usableFromInline var start: UInt32
    @usableFromInline var length: UInt32
    @usableFromInline var parent: UInt32
    @usableFromInline var event: UInt16
    @usableFromInline var returning: Bool

    @inlinable
    init(
      key: UInt64, start: UInt32, length: UInt32, parent: UInt32, event: UInt16, returning: Bool
    ) {
      self.key = key
      self.start = start
      self.length = length
      self.parent = parent
      self.event = event
      self.returning = returning
    }

    /// Its encoding in `arena`.
    @inline(__always)
    func bytes(_ arena: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
      UnsafeRawBufferPointer(rebasing: arena[Int(start)..<Int(start + length)])
    }
  }

  /// Candidates' encodings back to back. Freed by the `ChunkOutput` that owns the buffers.
  @usableFromInline var arena = RawArray<UInt8>()
  @usableFromInline var candidates = RawArray<Candidate>()
  /// For each parent of the chunk, in order: how many candidates it produced, whether it is a
  /// home state, and its key.
  var candidateCounts = RawArray<UInt32>()
  var homes = RawArray<Bool>()
  var parentKeys = RawArray<UInt64>()
  /// The candidates' indices grouped by shard, in order within each: shard `s`'s are
  /// `order[shardStarts[s]..<shardStarts[s + 1]]`.
  var order = RawArray<UInt32>()
  var shardStarts = RawArray<UInt32>()
  /// Each candidate's place in `order`.
  var positions = RawArray<UInt32>()
  @usableFromInline var pruned = 0
  /// The chunk's finding keys in order of first occurrence, and for each its first
  /// occurrence and count.
  var findingOrder: [UInt32] = []
  var firstFindings: [FirstFinding] = []
  /// One bit per coverage mark (a raw array: the hot path sets bits without copy-on-write
  /// checks).
  @usableFromInline var coverage = RawArray<UInt64>()

  init(coverageMarks: Int) {
    coverage.append(repeating: 0, count: (coverageMarks + 63) / 64)
  }

  /// Events that led to a state: one candidate each.
  var candidateCount: Int { candidates.count }

  /// Frees the raw arrays (the `ChunkOutput` that owns the buffers does, once).
  func deallocate() {
    arena.deallocate()
    candidates.deallocate()
    candidateCounts.deallocate()
    homes.deallocate()
    parentKeys.deallocate()
    order.deallocate()
    shardStarts.deallocate()
    positions.deallocate()
    coverage.deallocate()
  }

  mutating func reset() {
    arena.removeAll()
    candidates.removeAll()
    candidateCounts.removeAll()
    homes.removeAll()
    parentKeys.removeAll()
    pruned = 0
    findingOrder.removeAll(keepingCapacity: true)
    firstFindings.removeAll(keepingCapacity: true)
    for i in 0..<coverage.count { coverage[i] = 0 }
  }

  @usableFromInline mutating func record(_ key: UInt32, parent: UInt32, event: UInt16) {
    // A chunk repeats few keys, often the same one: check the last one first.
    if let last = findingOrder.last, last == key {
      firstFindings[firstFindings.count - 1].count += 1
    } else if let i = findingOrder.firstIndex(of: key) {
      firstFindings[i].count += 1
    } else {
      firstFindings.append(FirstFinding(count: 1, parent: parent, event: event))
      findingOrder.append(key)
    }
  }

  /// Groups the candidates by shard (a counting sort, stable).
  mutating func groupByShard() {
    let shards = VisitedSet.shardCount
    shardStarts.removeAll()
    shardStarts.append(repeating: 0, count: shards + 1)
    for i in 0..<candidates.count {
      shardStarts[VisitedSet.shard(of: candidates[i].key) + 1] += 1
    }
    for s in 0..<shards { shardStarts[s + 1] += shardStarts[s] }
    order.removeAll()
    order.append(repeating: 0, count: candidates.count)
    positions.removeAll()
    positions.append(repeating: 0, count: candidates.count)
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: shards) { fill in
      for s in 0..<shards { fill[s] = shardStarts[s] }
      for i in 0..<candidates.count {
        let s = VisitedSet.shard(of: candidates[i].key)
        order[Int(fill[s])] = UInt32(i)
        positions[i] = fill[s]
        fill[s] += 1
      }
    }
  }
}

/// A chunk between phases: expanded by one worker, deduplicated by the shards' owners,
/// committed by one worker, then merged in order.
final class ChunkOutput: @unchecked Sendable {
  var buffers: ChunkBuffers
  /// Written by the shards' owners, by place in `order` (so that each thread writes its own
  /// ranges, not bytes next to the other threads'): `newState` and `reachesHome` bits, and in
  /// exact mode each candidate's index in its shard.
  let outcomes = PodBuffer<UInt8>()
  let locals = PodBuffer<UInt32>()
  static let newState: UInt8 = 1
  static let reachesHome: UInt8 = 2

  /// Set before the commit: the new states the chunk may keep (a state cap can cut it), their
  /// first id and first index in the next level.
  var newStates = 0
  var firstID = 0
  var firstIndex = 0
  /// The commit's entries for the next level.
  var writer: LevelWriter

  /// Written by the commit.
  var stateFindings: [(id: UInt32, key: UInt32)] = []
  /// New states whose event index does not fit the byte `Run.events` keeps.
  var largeEvents: [(id: UInt32, event: UInt16)] = []
  var encodings: [[UInt8]] = []
  /// States found to reach home, to mark in the visited set before the next batch's lookups:
  /// one list per thread, of the states in the shards it owns.
  var marks: [[StateHandle]]
  /// Expanded states not yet known to reach home, with their returning events' targets.
  var unresolved = ReturnRecords()

  init(coverageMarks: Int, chunkSize: Int, threads: Int) {
    marks = Array(repeating: [], count: threads)
    buffers = ChunkBuffers(coverageMarks: coverageMarks)
    writer = LevelWriter(chunkSize: chunkSize)
  }

  deinit { buffers.deallocate() }

  /// Frees the chunk's buffers, which the last batch left at their largest: at the run's end,
  /// so that the return analysis has their memory. `marks` stay.
  func releaseBuffers() {
    buffers.deallocate()
    buffers = ChunkBuffers(coverageMarks: 0)
    writer = LevelWriter(chunkSize: 1)
    unresolved = ReturnRecords()
  }

  /// Sizes the deduplication outputs for the chunk's candidates.
  func prepare(exact: Bool) {
    outcomes.resize(to: buffers.candidateCount)
    if exact { locals.resize(to: buffers.candidateCount) }
  }
}
