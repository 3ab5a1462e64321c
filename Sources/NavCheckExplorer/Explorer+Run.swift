import Dispatch
import NavCheckSupport

extension Explorer {
  /// One exploration in progress: the visited set, parent links, findings and return records.
  ///
  /// Each batch of a level goes through four phases, so that everything but the cheap
  /// bookkeeping runs in parallel and results never depend on the thread count:
  ///
  /// 1. *expand* (parallel by chunk): each worker lists its parents' successors, with their
  ///    keys and encodings, grouped by visited-set shard;
  /// 2. *deduplicate* (parallel by shard, each shard owned by one thread): each shard takes its
  ///    candidates in batch order and inserts the new ones, so the first occurrence of a state
  ///    in BFS order is the one kept, whoever runs it;
  /// 3. *number* (serial, one step per chunk): new states get consecutive ids in batch order;
  /// 4. *commit* (parallel by chunk): parent links, the next level, invariant checks, and the
  ///    return analysis's marks; then findings are merged chunk by chunk in order.
  ///
  /// It is not generic: the model is seen through its initial state, its coverage count and
  /// one expander per thread (a class, called once per state), so this module's code is
  /// compiled once, whole, for every model.
  final class Run {
    /// The initial state's encoding.
    let initial: [UInt8]
    let coverageMarks: Int
    let options: ExplorerOptions
    let threads: Int
    let chunkSize: Int
    let visited: VisitedSet
    /// Each state's parent and event from it (events of 255 and up in `largeEvents`).
    let links: ParentLinks
    var largeEvents: [UInt32: UInt16] = [:]
    /// Expanded states not known to reach home when they were expanded.
    var records = ReturnRecords()
    /// The record count past which the merge settles the records again (`ReturnRecords.settle`).
    lazy var settlesRecordsAt = options.settlesRecordsAt
    var result = Exploration()
    /// Each finding key's first occurrence in BFS order, and how often it happened.
    var findings: [UInt32: (index: Int, parent: UInt32, event: UInt16, state: Bool)] = [:]
    var counts: [UInt32: Int] = [:]
    var coverage: [UInt64]
    let outputs: [ChunkOutput]
    let workers: [ExpanderBox]
    /// Marks of the last committed batch, applied by the shards' owners before the next
    /// batch's lookups.
    var pendingMarks: [ChunkOutput] = []
    /// Per thread and chunk of a batch, the new states the thread's shards found.
    let tallies = PodBuffer<Int>()
    /// Where each thread leaves what its prefetching loads read (so they are not optimized
    /// away), a cache line apart.
    let sinks = PodBuffer<UInt64>()
    /// Each visited-set shard's owner in the deduplicate phase (`s % threads`), looked up by
    /// the commit for every mark (a division costs tens of cycles).
    let owners = PodBuffer<UInt8>()
    /// Runs the parallel phases (nil with 1 thread).
    let runner: ParallelRunner?

    init<Model: ExplorationModel>(model: Model, options: ExplorerOptions) {
      var initial: [UInt8] = []
      model.initialState(into: &initial)
      self.initial = initial
      let coverageMarks = model.coverageMarks
      self.coverageMarks = coverageMarks
      self.options = options
      let threads = max(1, options.threads)
      self.threads = threads
      let chunkSize = max(1, min(options.chunkSize, 1 << 16))
      self.chunkSize = chunkSize
      visited = VisitedSet(exact: options.exact)
      links = ParentLinks(memoryBytesKept: options.levelMemory)
      coverage = Array(repeating: 0, count: (coverageMarks + 63) / 64)
      outputs = (0..<Explorer.chunksPerBatch).map { _ in
        ChunkOutput(coverageMarks: coverageMarks, chunkSize: chunkSize, threads: threads)
      }
      tallies.resize(to: threads * Explorer.chunksPerBatch)
      sinks.resize(to: threads * 8)
      sinks.base.initialize(repeating: 0, count: threads * 8)
      for s in 0..<VisitedSet.shardCount { owners.append(UInt8(s % threads)) }
      runner = makeParallelRunner(threads: threads)
      workers = (0..<threads).map { _ in
        ExpanderBox(
          model.makeExpander(), coverageMarks: coverageMarks,
          keyMask: ~VisitedSet.reachesHome >> UInt64(63 - options.fingerprintBits),
          checks: model.checksStates)
      }
    }

    deinit { runner?.stop() }

    var returns: Bool { options.analyzesReturns }

    /// Runs `work(t)` for every worker `t`, on `threads` threads. Chunks are dealt to the
    /// workers in turn (`c % threads`) in both the expand and the commit phase, so a chunk's
    /// successors are committed by the thread whose cache holds them.
    func parallel(_ work: @escaping (Int) -> Void) {
      if let runner {
        runner.run(work)
      } else {
        work(0)
      }
    }

    func explore() -> Exploration {
      let start = DispatchTime.now().uptimeNanoseconds
      result.threads = threads
      result.exact = options.exact
      var frontier = Level(
        chunkSize: chunkSize, exact: options.exact, memoryBytesKept: options.levelMemory)
      var next = Level(
        chunkSize: chunkSize, exact: options.exact, memoryBytesKept: options.levelMemory)
      // The initial state is checked like every new state.
      var sink = SuccessorSink(buffers: ChunkBuffers(coverageMarks: coverageMarks))
      let finding = initial.withUnsafeBytes { bytes in
        let key = VisitedSet.key(bytes, mask: workers[0].keyMask)
        let local = visited.shards[VisitedSet.shard(of: key)].findOrInsert(key, bytes).local
        let finding = workers[0].expander.check(bytes, into: &sink)
        var writer = LevelWriter(chunkSize: chunkSize)
        writer.write(bytes, stop: finding != nil, local: local, exact: options.exact)
        frontier.append(writer)
        return finding
      }
      links.append(parent: .max, event: 0)
      result.states = 1
      if options.recordsStates { result.stateEncodings.append(initial) }
      mergeCoverage(sink.buffers.coverage)
      sink.buffers.deallocate()
      if let finding { recordStateFinding(finding, id: 0) }

      var levelStart = 0
      var depth = 0
      levels: while !frontier.isEmpty {
        var position = 0
        while position < frontier.count {
          if options.cancellation?.isCancelled == true || Task.isCancelled {
            result.cutoff = .cancelled
            break levels
          }
          if peakMemory(frontier, next) > options.memoryLimit {
            result.cutoff = .memoryLimit
            break levels
          }
          let batch = min(frontier.count - position, chunkSize * Explorer.chunksPerBatch)
          let chunks = (batch + chunkSize - 1) / chunkSize
          expand(frontier, from: position, count: batch, firstID: levelStart + position)
          deduplicate(chunks)
          let complete = number(chunks, next: next)
          commit(
            chunks, frontier: frontier, from: position, firstID: levelStart + position,
            next: next)
          merge(chunks, complete: complete)
          links.spillIfFull()
          result.levelFileBytes = max(result.levelFileBytes, frontier.spilled + next.spilled)
          if complete < chunks {
            result.cutoff = .maxStates
            break levels
          }
          position += batch
          options.progress?(
            ExplorerProgress(
              states: result.states, transitions: result.transitions, depth: depth,
              queued: frontier.count - position + next.count,
              seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9))
        }
        levelStart += frontier.count
        if !next.isEmpty { depth += 1 }
        swap(&frontier, &next)
        next.removeAll()
      }
      result.depth = depth
      result.returnAnalysisBytes = records.memoryBytes
      result.memoryBytes = visited.memoryBytes + links.memoryBytes + records.memoryBytes
      result.linkFileBytes = links.fileBytes
      if result.isComplete && returns {
        // The levels and the batch's buffers are done with: the analysis has their memory.
        frontier = Level(chunkSize: chunkSize, exact: false)
        next = frontier
        for output in outputs { output.releaseBuffers() }
        analyzeReturns()
      }
      result.covered = (0..<coverageMarks).map {
        coverage[$0 >> 6] & (1 << UInt64($0 & 63)) != 0
      }
      result.findings = findings.sorted { $0.value.index < $1.value.index }.map { key, first in
        // A state finding's `parent` is the breaking state itself.
        var path = self.path(to: first.parent)
        if !first.state { path.append(Int(first.event)) }
        return Exploration.Finding(
          key: key, count: counts[key] ?? 0, path: path, endsInState: first.state)
      }
      result.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      return result
    }

    /// Bytes the tables hold now.
    func memory(_ frontier: Level, _ next: Level) -> Int {
      let tables: Int = visited.memoryBytes + links.memoryBytes
      let levels: Int = records.memoryBytes + frontier.memoryBytes + next.memoryBytes
      let chunks: Int = outputs.reduce(0) { (sum: Int, output: ChunkOutput) -> Int in
        sum + output.buffers.arena.memoryBytes + output.buffers.candidates.memoryBytes * 2
      }
      return tables + levels + chunks
    }

    /// The most bytes the tables could hold by the end of the next batch: every visited-set
    /// shard may double, the parent links grow by half again, and the next level by at most
    /// the batch's candidates (already counted in the chunk buffers).
    func peakMemory(_ frontier: Level, _ next: Level) -> Int {
      memory(frontier, next) + visited.memoryBytes + links.memoryBytes / 2
    }

    /// The events that lead from the initial state to state `id`.
    func path(to id: UInt32) -> [Int] {
      var path: [Int] = []
      var id = id
      while id != 0 {
        let (parent, event) = links.link(Int(id))
        path.append(event == .max ? Int(largeEvents[id]!) : Int(event))
        id = parent
      }
      return path.reversed()
    }

    func recordStateFinding(_ key: UInt32, id: UInt32) {
      counts[key, default: 0] += 1
      if findings[key] == nil {
        findings[key] = (findings.count, id, 0, true)
      }
    }

    func mergeCoverage(_ chunk: RawArray<UInt64>) {
      for i in coverage.indices { coverage[i] |= chunk[i] }
    }

    // MARK: Phases

    /// Phase 1: expands `count` states of `frontier` from `position` into the chunk outputs.
    func expand(_ frontier: Level, from position: Int, count: Int, firstID: Int) {
      let chunks = (count + chunkSize - 1) / chunkSize
      parallel { [self] worker in
        for chunk in stride(from: worker, to: chunks, by: threads) {
          let lower = position + chunk * chunkSize
          let upper = min(position + count, lower + chunkSize)
          workers[worker].expand(
            frontier, lower, upper, firstID: firstID + chunk * chunkSize,
            output: outputs[chunk], returns: returns)
        }
      }
    }

    /// Phase 2: each thread owns the shards `owners` gives it. It first marks the
    /// states the last batch found to reach home (the commit listed them by owner), then takes
    /// its shards' candidates chunk by chunk, in order, and inserts the new ones.
    func deduplicate(_ chunks: Int) {
      for c in 0..<chunks { outputs[c].prepare(exact: options.exact) }
      let exact = options.exact
      let marks = pendingMarks
      parallel { [self] t in
        // The marks of the parents that reach home, a block at a time: every slot of a block
        // is read first, so their cache misses overlap, then marked.
        var touched: UInt64 = 0
        for output in marks {
          output.marks[t].withUnsafeBufferPointer { handles in
            var start = 0
            while start < handles.count {
              let end = min(start + 64, handles.count)
              for handle in handles[start..<end] {
                touched |= visited.shards[VisitedSet.shard(of: handle.key)].touch(handle.key)
              }
              for handle in handles[start..<end] {
                visited.shards[VisitedSet.shard(of: handle.key)].markReachesHome(handle)
              }
              start = end
            }
          }
        }
        sinks[t * 8] |= touched
        // Chunk by chunk, then shard by shard: each shard still takes its candidates in
        // batch order. Only raw arrays are read, so the threads share no reference counts.
        for c in 0..<chunks {
          let output = outputs[c]
          let candidates = output.buffers.candidates
          let order = output.buffers.order
          let shardStarts = output.buffers.shardStarts
          let arena = output.buffers.arena.bytes
          let outcomes = output.outcomes.base
          let locals = output.locals.base
          var new = 0
          for s in 0..<VisitedSet.shardCount where owners[s] == t {
            let range = Int(shardStarts[s])..<Int(shardStarts[s + 1])
            // Touch every slot first: the cache misses overlap instead of queueing.
            var touched: UInt64 = 0
            for o in range { touched |= visited.shards[s].touch(candidates[Int(order[o])].key) }
            sinks[t * 8] |= touched
            for o in range {
              let candidate = candidates[Int(order[o])]
              let found = visited.shards[s].findOrInsert(candidate.key, candidate.bytes(arena))
              outcomes[o] =
                (found.inserted ? ChunkOutput.newState : 0)
                | (found.reachesHome ? ChunkOutput.reachesHome : 0)
              if exact { locals[o] = found.local }
              if found.inserted { new += 1 }
            }
          }
          tallies[t * Explorer.chunksPerBatch + c] = new
        }
      }
      pendingMarks = []
    }

    /// Phase 3: numbers the new states chunk by chunk and makes room for them. Returns how many
    /// chunks were kept whole: fewer than `chunks` where `maxStates` cut the batch.
    func number(_ chunks: Int, next: Level) -> Int {
      var id = result.states
      var index = next.count
      var complete = chunks
      for c in 0..<chunks {
        let output = outputs[c]
        var new = (0..<threads).reduce(0) { $0 + tallies[$1 * Explorer.chunksPerBatch + c] }
        if id + new > options.maxStates {
          // The cap cuts this chunk: keep its new states up to it, in order.
          complete = min(complete, c)
          new = max(0, min(new, options.maxStates - id))
        }
        output.newStates = new
        output.firstID = id
        output.firstIndex = index
        id += new
        index += new
      }
      links.reserve(id - result.states)
      return complete
    }

    /// Phase 4: commits each chunk's new states (in parallel), then merges the chunks' counts
    /// and findings in order.
    func commit(_ chunks: Int, frontier: Level, from position: Int, firstID: Int, next: Level) {
      parallel { [self] worker in
        for c in stride(from: worker, to: chunks, by: threads) {
          workers[worker].commit(
            outputs[c], links: links, level: frontier,
            lower: position + c * chunkSize, firstParentID: firstID + c * chunkSize,
            returns: returns, owners: owners, recordsStates: options.recordsStates)
        }
      }
      let added = outputs[..<chunks].reduce(0) { $0 + $1.newStates }
      links.extend(by: added)
      for output in outputs[..<chunks] { next.append(output.writer) }
      result.states += added
    }

    /// Merges the counts, findings and coverage of the first `complete` chunks in order, and
    /// the state findings of every chunk (a cut chunk's kept states are counted).
    func merge(_ chunks: Int, complete: Int) {
      for c in 0..<chunks {
        let output = outputs[c]
        for (id, key) in output.stateFindings { recordStateFinding(key, id: id) }
        for (id, event) in output.largeEvents { largeEvents[id] = event }
        if options.recordsStates { result.stateEncodings.append(contentsOf: output.encodings) }
        guard c < complete else { continue }
        let b = output.buffers
        result.transitions += b.candidateCount
        result.pruned += b.pruned
        for (key, first) in zip(b.findingOrder, b.firstFindings) {
          counts[key, default: 0] += first.count
          if findings[key] == nil {
            findings[key] = (findings.count, first.parent, first.event, false)
          }
        }
        mergeCoverage(b.coverage)
        if returns { records.append(contentsOf: output.unresolved) }
      }
      if returns { pendingMarks = Array(outputs[..<chunks]) }
      // Amortized: a settle looks up every record's targets, so it waits for the records to
      // double. No thread runs here, so the marks go straight into the visited set.
      if returns && records.count >= settlesRecordsAt {
        records.settle(
          { visited.shards[VisitedSet.shard(of: $0.key)].reachesHome($0) },
          mark: { visited.shards[VisitedSet.shard(of: $0.key)].markReachesHome($0) })
        settlesRecordsAt = max(options.settlesRecordsAt, records.count * 2)
      }
    }

    // MARK: Return analysis (SEMANTICS §6 traps)

    /// Counts the states from which no home state can be reached: the return records that
    /// their own edges and the visited set's marks cannot lead home.
    func analyzeReturns() {
      for output in pendingMarks {
        for handle in output.marks.joined() {
          visited.shards[VisitedSet.shard(of: handle.key)].markReachesHome(handle)
        }
      }
      pendingMarks = []
      // The visited set is freed as soon as every record's targets are looked up: nothing
      // looks a state up after, and the analysis's own tables then take its place.
      let traps = records.unreachable(
        { handle in visited.shards[VisitedSet.shard(of: handle.key)].reachesHome(handle) },
        whenResolved: { visited.removeAll() })
      result.trapStates = traps.count
      if let first = traps.first { result.firstTrapPath = path(to: records.ids[first]) }
    }
  }
}
