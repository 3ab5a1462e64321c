import Dispatch

extension Explorer {
  /// One exploration in progress: the visited set, parent links, findings and edges.
  struct Run<Model: ExplorationModel> {
    let model: Model
    let options: ExplorationOptions
    let threads: Int
    let table = FingerprintTable()
    var parents: [UInt32] = []
    var events: [UInt16] = []
    var edgeStarts: [UInt32] = []
    var edges: [UInt32] = []
    var homes: [Bool] = []
    /// States that broke a rule: counted, not expanded.
    var stopped: Set<UInt32> = []
    var result = Exploration()
    /// Each finding key's first occurrence in BFS order, and how often it happened.
    var findings: [UInt32: (index: Int, parent: UInt32, event: UInt16, state: Bool)] = [:]
    var counts: [UInt32: Int] = [:]
    var coverage: [UInt64]
    let outputs: [ChunkOutput]
    let workers: [ExpanderBox<Model.Expander>]

    init(model: Model, options: ExplorationOptions) {
      self.model = model
      self.options = options
      threads = max(1, options.threads)
      coverage = Array(repeating: 0, count: (model.coverageMarks + 63) / 64)
      outputs = (0..<Explorer.chunksPerBatch).map { _ in
        ChunkOutput(coverageMarks: model.coverageMarks)
      }
      workers = (0..<max(1, options.threads)).map { _ in ExpanderBox(model.makeExpander()) }
    }

    mutating func explore() -> Exploration {
      let start = DispatchTime.now().uptimeNanoseconds
      result.threads = threads
      var frontier = Level()
      var next = Level()
      var initial: [UInt8] = []
      model.initialState(into: &initial)
      let key = initial.withUnsafeBytes { fingerprint($0) }
      table.insert(key, id: 0)
      parents.append(.max)
      events.append(0)
      result.states = 1
      frontier.append(initial, stop: false)
      if options.recordsStates { result.stateEncodings.append(initial) }
      // The initial state is checked like every new state.
      var sink = SuccessorSink(
        table: table, buffers: ChunkBuffers(coverageMarks: model.coverageMarks))
      let finding = initial.withUnsafeBytes { workers[0].expander.check($0, into: &sink) }
      mergeCoverage(sink.buffers)
      if let finding {
        recordStateFinding(finding, id: 0)
        frontier.stop[0] = true
      }

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
          let batch = min(frontier.count - position, options.chunkSize * Explorer.chunksPerBatch)
          expand(frontier, from: position, count: batch, firstID: levelStart)
          if !merge(frontier, from: position, count: batch, firstID: levelStart, into: &next) {
            result.cutoff = .maxStates
            break levels
          }
          position += batch
          options.progress?(
            ExplorationProgress(
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
      if result.isComplete && options.analyzesReturns { analyzeReturns() }
      result.covered = (0..<model.coverageMarks).map {
        coverage[$0 >> 6] & (1 << UInt64($0 & 63)) != 0
      }
      result.findings = findings.sorted { $0.value.index < $1.value.index }.map { key, first in
        // A state finding's `parent` is the breaking state itself.
        var path = self.path(to: first.parent)
        if !first.state { path.append(Int(first.event)) }
        return Exploration.Finding(
          key: key, count: counts[key] ?? 0, path: path, endsInState: first.state)
      }
      result.returnAnalysisBytes = edges.count * 4 + edgeStarts.count * 4 + homes.count
      result.memoryBytes = table.memoryBytes + parents.count * 6 + result.returnAnalysisBytes
      result.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      return result
    }

    /// Bytes the tables hold now.
    func memory(_ frontier: Level, _ next: Level) -> Int {
      table.memoryBytes + parents.capacity * 4 + events.capacity * 2 + edges.capacity * 4
        + edgeStarts.capacity * 4 + homes.capacity + frontier.memoryBytes + next.memoryBytes
    }

    /// The most bytes the tables could hold by the end of the next batch: each array and the
    /// visited set may be copied to one twice its size while the old one is still alive.
    func peakMemory(_ frontier: Level, _ next: Level) -> Int {
      2 * memory(frontier, next) + table.memoryBytes
    }

    /// The events that lead from the initial state to state `id`.
    func path(to id: UInt32) -> [Int] {
      var path: [Int] = []
      var id = id
      while id != 0 {
        path.append(Int(events[Int(id)]))
        id = parents[Int(id)]
      }
      return path.reversed()
    }

    mutating func recordStateFinding(_ key: UInt32, id: UInt32) {
      counts[key, default: 0] += 1
      if findings[key] == nil {
        findings[key] = (findings.count, id, 0, true)
      }
      stopped.insert(id)
    }

    mutating func mergeCoverage(_ buffers: ChunkBuffers) {
      for i in coverage.indices { coverage[i] |= buffers.coverage[i] }
    }

    // MARK: Parallel phase

    /// Expands `count` states of `frontier` from `position` into the chunk outputs.
    func expand(_ frontier: Level, from position: Int, count: Int, firstID: Int) {
      let chunks = (count + options.chunkSize - 1) / options.chunkSize
      let work = { (worker: Int) in
        var chunk = worker
        while chunk < chunks {
          let output = outputs[chunk]
          let lower = position + chunk * options.chunkSize
          let upper = min(position + count, lower + options.chunkSize)
          workers[worker].run(
            frontier, lower..<upper, firstID: firstID, output: output, table: table,
            findsHomes: options.analyzesReturns)
          chunk += threads
        }
      }
      if threads == 1 || chunks == 1 {
        work(0)
      } else {
        let box = UncheckedSendable(work)
        DispatchQueue.concurrentPerform(iterations: min(threads, chunks)) { box.value($0) }
      }
    }

    // MARK: Sequential merge

    /// Merges the chunk outputs in order; returns false where `maxStates` cut the run.
    mutating func merge(
      _ frontier: Level, from position: Int, count: Int, firstID: Int, into next: inout Level
    ) -> Bool {
      let chunks = (count + options.chunkSize - 1) / options.chunkSize
      let recordsEdges = options.analyzesReturns
      for c in 0..<chunks {
        let output = outputs[c].buffers
        var r = 0
        for (p, produced) in output.candidateCounts.enumerated() {
          if recordsEdges {
            edgeStarts.append(UInt32(edges.count))
            homes.append(output.homes[p])
          }
          for _ in 0..<produced {
            let candidate = output.candidates[r]
            r += 1
            var id = candidate.known
            if id == .max {
              if let found = table.lookup(candidate.fingerprint) {
                id = found
              } else {
                if result.states >= options.maxStates { return false }
                id = UInt32(result.states)
                result.states += 1
                table.insert(candidate.fingerprint, id: id)
                parents.append(candidate.parent)
                events.append(candidate.event)
                let stop = candidate.finding != .max
                output.arena.withUnsafeBytes {
                  let bytes = UnsafeRawBufferPointer(
                    rebasing: $0[Int(candidate.offset)..<Int(candidate.offset + candidate.length)])
                  next.append(bytes, stop: stop)
                  if options.recordsStates { result.stateEncodings.append(Array(bytes)) }
                }
                if stop { recordStateFinding(candidate.finding, id: id) }
              }
            }
            // A self-loop or a repeat of the previous edge cannot change what reaches home.
            if recordsEdges && candidate.returning && id != candidate.parent
              && (edges.count == Int(edgeStarts.last!) || edges.last != id)
            {
              edges.append(id)
            }
          }
        }
        result.transitions += output.transitions
        result.pruned += output.pruned
        for key in output.findingOrder {
          let first = output.findings[key]!
          counts[key, default: 0] += first.count
          if findings[key] == nil {
            findings[key] = (findings.count, first.parent, first.event, false)
          }
        }
        mergeCoverage(output)
      }
      return true
    }

    // MARK: Return analysis (SEMANTICS §6 traps)

    /// Finds the states from which no home state can be reached, walking edges backwards from
    /// every home state.
    mutating func analyzeReturns() {
      let n = result.states
      edgeStarts.append(UInt32(edges.count))
      guard edgeStarts.count == n + 1 else { return }
      var incoming = [UInt32](repeating: 0, count: n + 1)
      for target in edges { incoming[Int(target) + 1] += 1 }
      for i in 0..<n { incoming[i + 1] += incoming[i] }
      var sources = [UInt32](repeating: 0, count: edges.count)
      var fill = incoming
      for from in 0..<n {
        for e in Int(edgeStarts[from])..<Int(edgeStarts[from + 1]) {
          let to = Int(edges[e])
          sources[Int(fill[to])] = UInt32(from)
          fill[to] += 1
        }
      }
      var reaches = [Bool](repeating: false, count: n)
      var queue: [UInt32] = []
      for i in 0..<n where homes[i] && !stopped.contains(UInt32(i)) {
        reaches[i] = true
        queue.append(UInt32(i))
      }
      var head = 0
      while head < queue.count {
        let to = Int(queue[head])
        head += 1
        for e in Int(incoming[to])..<Int(incoming[to + 1]) {
          let from = Int(sources[e])
          if !reaches[from] && !stopped.contains(UInt32(from)) {
            reaches[from] = true
            queue.append(UInt32(from))
          }
        }
      }
      for i in 0..<n where !reaches[i] && !stopped.contains(UInt32(i)) {
        result.trapStates += 1
        if result.firstTrapPath == nil { result.firstTrapPath = path(to: UInt32(i)) }
      }
    }
  }
}
