import Dispatch
import Foundation

/// How to run an exploration.
///
/// ```swift
/// var options = ExplorationOptions()
/// options.threads = 2
/// options.maxStates = 100_000
/// let result = try spec.check(options: options)
/// ```
public struct ExplorationOptions: Sendable {
  /// Worker threads; default: the active processors. Results never depend on it.
  public var threads: Int = ProcessInfo.processInfo.activeProcessorCount
  /// Past this many distinct states the run stops with an incomplete result.
  public var maxStates: Int = 5_000_000
  /// Whether to keep the state graph's edges for the return analysis (traps). Costs about
  /// 4 bytes per transition.
  public var analyzesReturns: Bool = true
  /// Called after each batch of states with the progress so far (on the exploring thread).
  public var progress: (@Sendable (ExplorationProgress) -> Void)?
  /// Stops the run early (with an incomplete result) when cancelled.
  public var cancellation: CancellationToken?
  /// States a worker expands as one unit; a batch is 32 chunks. Results do not depend on it
  /// either; tests make it small to exercise many batches on small specs.
  var chunkSize = 256

  /// Default options.
  public init() {}
}

/// Where a running exploration is.
public struct ExplorationProgress: Sendable {
  /// Distinct states found so far.
  public var states: Int
  /// (state, event) pairs that led to a state so far.
  public var transitions: Int
  /// The BFS level being expanded.
  public var depth: Int
  /// States found but not expanded yet.
  public var queued: Int
  /// Seconds since the run began.
  public var seconds: Double
}

/// Stops a running exploration from another thread.
///
/// ```swift
/// let token = CancellationToken()
/// options.cancellation = token
/// // elsewhere: token.cancel()
/// ```
public final class CancellationToken: @unchecked Sendable {
  private let lock = NSLock()
  private var cancelled = false

  /// A token that is not cancelled.
  public init() {}

  /// Asks the exploration to stop after its current batch.
  public func cancel() { lock.withLock { cancelled = true } }

  /// Whether `cancel()` was called.
  public var isCancelled: Bool { lock.withLock { cancelled } }
}

/// What an exploration found, in the model's terms (event indices and finding keys).
public struct Exploration: Sendable {
  /// Why a run ended before it was complete.
  public enum Cutoff: String, Sendable, Codable {
    /// The `maxStates` limit.
    case maxStates
    /// A `CancellationToken` or the task was cancelled.
    case cancelled
  }

  /// One finding key: how often it happened and its first occurrence in BFS order.
  public struct Finding: Sendable {
    /// The model's key.
    public var key: UInt32
    /// How many (state, event) pairs, or new states, reported it.
    public var count: Int
    /// The events from the initial state: for an event finding, the last one is the event that
    /// broke the rule; for a state finding (`endsInState`), they lead to the breaking state.
    public var path: [Int]
    /// Whether the finding is a state (an invariant) rather than an event.
    public var endsInState: Bool
  }

  /// Distinct reachable states, the initial one included.
  public var states = 0
  /// (state, event) pairs that led to a state.
  public var transitions = 0
  /// (state, event) pairs cut by a bound.
  public var pruned = 0
  /// The largest BFS distance of a reachable state.
  public var depth = 0
  /// Why the run stopped early, if it did.
  public var cutoff: Cutoff?
  /// Findings, in the order of their first occurrence.
  public var findings: [Finding] = []
  /// The coverage marks seen.
  public var covered: [Bool] = []
  /// States from which no home state can be reached (complete runs with a return analysis).
  public var trapStates = 0
  /// The events that lead to the first trap state in BFS order.
  public var firstTrapPath: [Int]?
  /// Threads used.
  public var threads = 1
  /// Wall-clock seconds.
  public var seconds = 0.0
  /// The memory the visited set, parent links and edges took at the end, in bytes.
  public var memoryBytes = 0
  /// The part of `memoryBytes` that the return analysis (edges) took.
  public var returnAnalysisBytes = 0

  /// Whether every reachable state was explored.
  public var isComplete: Bool { cutoff == nil }
}

/// The breadth-first explorer.
///
/// Each BFS level is expanded in batches of a fixed size, so results are identical for every
/// thread count: workers expand the chunks of a batch in parallel, looking successors up in the
/// visited set (read-only during that phase); then one thread merges the chunks in order,
/// giving new states consecutive ids in BFS order. The visited set holds 64-bit fingerprints;
/// each state keeps only its parent's id and the event index, and traces are rebuilt by
/// replaying those events.
public enum Explorer {
  static let chunksPerBatch = 32

  /// Explores every reachable state of `model`.
  ///
  /// ```swift
  /// let exploration = Explorer.explore(myModel, options: ExplorationOptions())
  /// print(exploration.states, exploration.findings.count)
  /// ```
  ///
  /// - Complexity: O(transitions) time; O(states) memory for the visited set and parent links,
  ///   plus O(transitions) for the return analysis, plus the widest level's encodings.
  public static func explore<Model: ExplorationModel>(
    _ model: Model, options: ExplorationOptions = ExplorationOptions()
  ) -> Exploration {
    var run = Run(model: model, options: options)
    return run.explore()
  }

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
                  next.append(
                    UnsafeRawBufferPointer(
                      rebasing: $0[
                        Int(candidate.offset)..<Int(candidate.offset + candidate.length)]),
                    stop: stop)
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

/// One BFS level's encoded states, back to back.
struct Level {
  var bytes: [UInt8] = []
  var offsets: [Int] = [0]
  /// States that broke a rule: counted, not expanded.
  var stop: [Bool] = []

  var count: Int { stop.count }
  var isEmpty: Bool { stop.isEmpty }

  mutating func append(_ state: [UInt8], stop: Bool) {
    state.withUnsafeBytes { append($0, stop: stop) }
  }

  mutating func append(_ state: UnsafeRawBufferPointer, stop: Bool) {
    bytes.append(contentsOf: state)
    offsets.append(bytes.count)
    self.stop.append(stop)
  }

  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    offsets.removeAll(keepingCapacity: true)
    offsets.append(0)
    stop.removeAll(keepingCapacity: true)
  }
}

/// One thread's expander, used by that thread alone during a parallel phase.
final class ExpanderBox<Expander: StateExpander>: @unchecked Sendable {
  var expander: Expander
  init(_ expander: Expander) { self.expander = expander }

  /// Expands the states `range` of `level` into `output`.
  ///
  /// - Parameter findsHomes: Whether to ask the model which states are home states (only the
  ///   return analysis needs it).
  func run(
    _ level: Level, _ range: Range<Int>, firstID: Int, output: ChunkOutput,
    table: FingerprintTable, findsHomes: Bool
  ) {
    var sink = SuccessorSink(table: table, buffers: ChunkBuffers(coverageMarks: 0))
    swap(&sink.buffers, &output.buffers)
    sink.buffers.reset()
    level.bytes.withUnsafeBytes { all in
      for i in range {
        let state = UnsafeRawBufferPointer(rebasing: all[level.offsets[i]..<level.offsets[i + 1]])
        let before = sink.buffers.candidates.count
        if !level.stop[i] {
          sink.parent = UInt32(firstID + i)
          sink.event = 0
          expander.expand(state, into: &sink)
        }
        if findsHomes { sink.buffers.homes.append(!level.stop[i] && expander.isHome(state)) }
        // New states are checked here, in parallel (invariants). The arena is lent out while
        // `check` runs, which may mark coverage but adds no successor.
        if sink.buffers.candidates.count > before {
          var arena: [UInt8] = []
          swap(&arena, &sink.buffers.arena)
          arena.withUnsafeBytes { bytes in
            for c in before..<sink.buffers.candidates.count
            where sink.buffers.candidates[c].known == .max {
              let candidate = sink.buffers.candidates[c]
              let state = UnsafeRawBufferPointer(
                rebasing: bytes[Int(candidate.offset)..<Int(candidate.offset + candidate.length)])
              if let finding = expander.check(state, into: &sink) {
                sink.buffers.candidates[c].finding = finding
              }
            }
          }
          swap(&arena, &sink.buffers.arena)
        }
        sink.buffers.candidateCounts.append(UInt32(sink.buffers.candidates.count - before))
      }
    }
    swap(&sink.buffers, &output.buffers)
  }
}

/// A value handed to Dispatch's workers; each touches only its own part.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
