import NavCheckSupport

/// One thread's expander, used by that thread alone during a parallel phase.
final class ExpanderBox: @unchecked Sendable {
  /// The model's worker, called once per state.
  let expander: any StateExpander
  /// A sink whose buffers collect the coverage that `check` marks during a commit.
  private var checkSink: SuccessorSink
  /// Where a level's states are rebuilt from their shared prefixes.
  private var scratch = RawArray<UInt8>()
  /// Where a chunk of a level kept in a file is read.
  private var fileChunk = RawArray<UInt8>()

  /// The bits of a fingerprint the keys keep.
  let keyMask: UInt64
  /// Whether new states are checked (`ExplorationModel.checksStates`).
  let checks: Bool

  init(_ expander: any StateExpander, coverageMarks: Int, keyMask: UInt64, checks: Bool) {
    self.checks = checks
    self.expander = expander
    self.keyMask = keyMask
    checkSink = SuccessorSink(buffers: ChunkBuffers(coverageMarks: coverageMarks))
  }

  deinit {
    scratch.deallocate()
    fileChunk.deallocate()
    checkSink.buffers.deallocate()
  }

  /// Expands the states `lower..<upper` of `level` (the chunk starting at id `firstID`) into
  /// `output`, and groups the successors by shard.
  func expand(
    _ level: Level, _ lower: Int, _ upper: Int, firstID: Int, output: ChunkOutput,
    returns: Bool
  ) {
    // One access to the scratch space for the whole chunk, not one per state.
    Self.expand(
      expander, &scratch, &fileChunk, level, lower, upper, firstID: firstID, output: output,
      returns: returns, keyMask: keyMask)
  }

  private static func expand(
    _ expander: any StateExpander, _ scratch: inout RawArray<UInt8>,
    _ fileChunk: inout RawArray<UInt8>, _ level: Level, _ lower: Int,
    _ upper: Int, firstID: Int,
    output: ChunkOutput, returns: Bool, keyMask: UInt64
  ) {
    var sink = SuccessorSink(buffers: ChunkBuffers(coverageMarks: 0))
    sink.keyMask = keyMask
    swap(&sink.buffers, &output.buffers)
    sink.buffers.reset()
    // The bytes the next state shares with the last one expanded: the least of the shared
    // prefixes since (a stopped state in between is not expanded).
    var shared = 0
    level.forEach(lower, upper, into: &scratch, fileChunk: &fileChunk) { i, state, prefix, stop in
      let before = sink.buffers.candidateCount
      sink.expandsHome = false
      shared = min(shared, prefix)
      if !stop {
        sink.parent = UInt32(firstID + i - lower)
        sink.parentIndex = UInt32(i - lower)
        sink.event = 0
        sink.sharedBytes = shared
        expander.expand(state, into: &sink)
        shared = .max
      }
      if returns {
        sink.buffers.homes.append(sink.expandsHome)
        sink.buffers.parentKeys.append(stop ? 0 : VisitedSet.key(state, mask: keyMask))
      }
      sink.buffers.candidateCounts.append(UInt32(sink.buffers.candidateCount - before))
    }
    sink.buffers.groupByShard()
    swap(&sink.buffers, &output.buffers)
  }

  /// Commits the chunk's new states: gives them ids `output.firstID...` in order, records their
  /// parent and event, writes them to the chunk's level writer, and checks each (invariants)
  /// in parallel with the other chunks. With `returns`, also sorts the chunk's parents into
  /// those that reach home (marks, listed by the thread that owns their shard: `owners`) and
  /// the others (return records).
  func commit(
    _ output: ChunkOutput, links: ParentLinks,
    level: Level, lower: Int, firstParentID: Int, returns: Bool, owners: PodBuffer<UInt8>,
    recordsStates: Bool
  ) {
    Self.commit(
      expander, &checkSink, &output.writer, output, parents: links.parents,
      events: links.events, firstLink: links.first,
      level: level, lower: lower, firstParentID: firstParentID, returns: returns,
      owners: owners, recordsStates: recordsStates, checks: checks)
  }

  private static func commit(
    _ expander: any StateExpander, _ checkSink: inout SuccessorSink, _ writer: inout LevelWriter,
    _ output: ChunkOutput, parents: PodBuffer<UInt32>, events: PodBuffer<UInt8>,
    firstLink: Int, level: Level, lower: Int, firstParentID: Int, returns: Bool,
    owners: PodBuffer<UInt8>,
    recordsStates: Bool, checks: Bool
  ) {
    let b = output.buffers
    let exact = level.locals != nil
    let outcomes = output.outcomes
    let locals = output.locals
    // The chunk's results are built in locals and stored once (no access checks per state).
    var stateFindings: [(id: UInt32, key: UInt32)] = []
    var largeEvents: [(id: UInt32, event: UInt16)] = []
    var encodings: [[UInt8]] = []
    swap(&checkSink.buffers.coverage, &output.buffers.coverage)
    writer.reset(firstIndex: output.firstIndex)
    let firstID = output.firstID
    let newStates = output.newStates
    var kept = 0
    let arena = b.arena.bytes
    for i in 0..<b.candidateCount where kept < newStates {
      let o = Int(b.positions[i])
      guard outcomes[o] & ChunkOutput.newState != 0 else { continue }
      let id = firstID + kept
      let candidate = b.candidates[i]
      let state = candidate.bytes(arena)
      parents[id - firstLink] = UInt32(firstParentID + Int(candidate.parent))
      if candidate.event < UInt8.max {
        events[id - firstLink] = UInt8(candidate.event)
      } else {
        events[id - firstLink] = .max
        largeEvents.append((UInt32(id), candidate.event))
      }
      let finding = checks ? expander.check(state, into: &checkSink) : nil
      if let finding { stateFindings.append((UInt32(id), finding)) }
      writer.write(state, stop: finding != nil, local: exact ? locals[o] : 0, exact: exact)
      if recordsStates { encodings.append(Array(state)) }
      kept += 1
    }
    swap(&checkSink.buffers.coverage, &output.buffers.coverage)
    output.stateFindings = stateFindings
    output.largeEvents = largeEvents
    output.encodings = encodings
    guard returns else { return }
    var marks: [[StateHandle]] = []
    swap(&marks, &output.marks)
    for t in marks.indices { marks[t].removeAll(keepingCapacity: true) }
    var unresolved = ReturnRecords()
    var c = 0
    for p in 0..<b.candidateCounts.count {
      let produced = Int(b.candidateCounts[p])
      defer { c += produced }
      let key = b.parentKeys[p]
      // A stopped parent was not expanded: it neither reaches home nor is a trap.
      if key == 0 { continue }
      let handle = StateHandle(key: key, local: level.locals?[lower + p] ?? 0)
      var reachesHome = b.homes[p]
      var i = c
      while !reachesHome && i < c + produced {
        reachesHome =
          b.candidates[i].returning
          && outcomes[Int(b.positions[i])] & ChunkOutput.reachesHome != 0
        i += 1
      }
      if reachesHome {
        marks[Int(owners[VisitedSet.shard(of: key)])].append(handle)
        continue
      }
      unresolved.append(id: UInt32(firstParentID + p), handle, exact: exact)
      for i in c..<c + produced where b.candidates[i].returning {
        let o = Int(b.positions[i])
        unresolved.appendTarget(
          StateHandle(key: b.candidates[i].key, local: exact ? locals[o] : 0), exact: exact)
      }
      unresolved.close()
    }
    output.marks = marks
    output.unresolved = unresolved
  }
}
