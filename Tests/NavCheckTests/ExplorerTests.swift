import Foundation
import NavCheckSpecs
import NavCheckSupport
import NavCheckTestSupport
import Testing

@testable import NavCheck
@testable import NavCheckExplorer

/// A spec that breaks every rule of SEMANTICS §5 and §6, with a wide state space (a screen with
/// ten independent timers) so that levels span many batches and chunks.
let everyRuleBroken = NavigationSpec("EveryRule") {
  Module("Main", root: "Home")
  Module("Tabbed", tabs: ["Home", "Timers"])  // never shown: its tabs are what Main lacks
  Destination("Home") {
    Push("List")
    Sheet("Modal")
    Sheet("Modal").async().label("late sheet")  // duplicatePresentation
    Alert("Note")
    Alert("Note2").async().label("late alert")  // duplicateAlert, actionFromCoveredScreen
    DismissEnvironment()  // dismissEnvironmentAtRoot
    Dismiss()  // dismissAtRoot
    Next()  // flowExhausted
    FullScreenCover("Cage")  // trap
    Push("Timers")
    SelectTab("Timers")  // tabMissing: Main, a plain root, has no tabs
  }
  Destination("List") {
    Push("List")
    PopTo("Modal")  // popTargetMissing
    DismissTo("Modal")  // dismissTargetMissing
    Dismiss().async().label("load")  // orphanedCompletion
  }
  Destination("Modal", navigation: false) { Push("List") }  // pushWithoutNavigation
  Destination("Cage")
  Destination("Timers") {
    for i in 0..<10 { DismissAlert().async(cancelsOnDismiss: true).label("timer \(i)") }
  }
  Invariant("lists stay shallow") { $0.count(of: "List") < 3 }  // invariant
}
.bounds(maxStackDepth: 4, maxPresentationDepth: 2)

/// A state space of 2^24 states: one screen with 24 independent timers.
let sixteenMillionStates = NavigationSpec("Huge", root: "A") {
  Destination("A") {
    for i in 0..<24 { DismissAlert().async(cancelsOnDismiss: true).label("t\(i)") }
  }
}

/// The parts of a result that must not depend on threads or timing.
func stable(_ result: CheckResult, without keys: Set<String> = ["threads", "seconds"]) -> String {
  guard case .object(let members) = result.jsonValue.kind else { return "" }
  return JSONValue(.object(members.filter { !keys.contains($0.key) })).text()
}

@Suite struct ExplorerTests {
  @Test func everyRuleIsFound() throws {
    let result = try check(everyRuleBroken)
    #expect(Set(result.violationCounts.keys) == Set(ViolationKind.allCases))
    #expect(result.states == 4154)
  }

  @Test(arguments: [everyRuleBroken, todoApp, try example("notes"), try example("onboarding")])
  func resultsAreIdenticalForEveryThreadCount(spec: NavigationSpec) throws {
    let reference = try stable(spec.check(threads: 1))
    for threads in [2, 3, 8] {
      #expect(try stable(spec.check(threads: threads)) == reference, "threads: \(threads)")
    }
    #expect(try stable(spec.check(threads: 2)) == reference, "second run")
    // Small chunks: many batches per level, many chunks per batch.
    var options = ExplorationOptions()
    options.chunkSize = 3
    for threads in [1, 3] {
      options.threads = threads
      #expect(try stable(spec.check(options: options)) == reference, "small chunks")
    }
  }

  /// The return records settled after every batch (`ReturnRecords.settle`) instead of once
  /// they pass 65,536: the same traps, first trap trace and everything else, at every thread
  /// count, in both modes; and fewer records kept where the states that first looked stuck
  /// turn out to reach home (the realistic store: a page whose request is in flight cannot be
  /// left without orphaning it, so its ways back are violations, until the request completes).
  @Test(arguments: [everyRuleBroken, todoApp, try example("notes"), try example("onboarding")])
  func settlingTheReturnRecordsEarlyChangesNoResult(spec: NavigationSpec) throws {
    var options = ExplorationOptions()
    options.threads = 1
    let reference = try stable(spec.check(options: options))
    options.exact = true
    let exactReference = try stable(spec.check(options: options))
    options.settlesRecordsAt = 1
    for (threads, chunkSize, exact) in [(1, 256, false), (2, 3, false), (3, 7, true)] {
      options.threads = threads
      options.chunkSize = chunkSize
      options.exact = exact
      #expect(
        try stable(spec.check(options: options)) == (exact ? exactReference : reference),
        "threads \(threads), chunks of \(chunkSize), exact \(exact)")
    }
  }

  @Test func settlingTheReturnRecordsKeepsFewer() throws {
    let store = SyntheticSpecs.store(products: 2, maxStackDepth: 2, maxPresentationDepth: 1)
    var options = ExplorationOptions()
    options.chunkSize = 16
    let late = try store.check(options: options)
    options.settlesRecordsAt = 1
    let early = try store.check(options: options)
    #expect(stable(early) == stable(late))
    #expect(early.returnAnalysisBytes * 2 < late.returnAnalysisBytes)
  }

  /// Past `levelMemory`, a level's states go to a temporary file and are read back a chunk at
  /// a time, some chunks partly from the file and partly from memory: the same results at every
  /// thread count and chunk size, in both modes.
  @Test(arguments: [everyRuleBroken, try example("notes")])
  func levelsKeptInAFileGiveTheSameResults(spec: NavigationSpec) throws {
    let reference = try spec.check(threads: 1)
    #expect(reference.levelFileBytes == 0)
    var options = ExplorationOptions()
    for (threads, chunkSize, levelMemory) in [(1, 256, 1), (2, 3, 1), (3, 7, 50), (2, 5, 200)] {
      options.threads = threads
      options.chunkSize = chunkSize
      options.levelMemory = levelMemory
      let spilled = try spec.check(options: options)
      // Notes' levels are smaller than 50 bytes; EveryRule's are not.
      if levelMemory == 1 || spec.name == "EveryRule" { #expect(spilled.levelFileBytes > 0) }
      // The parent links too: the traces are read back from the file.
      if levelMemory == 1 { #expect(spilled.linkFileBytes > 0) }
      #expect(stable(spilled) == stable(reference), "threads \(threads), chunks of \(chunkSize)")
    }
    options.exact = true
    let exact = try spec.check(options: options)
    options.levelMemory = .max
    #expect(try stable(exact) == stable(spec.check(options: options)), "exact mode")
  }

  @Test func maxStatesEndsTheRunIncompleteWithBoundedMemory() throws {
    let result = try sixteenMillionStates.check(threads: 2, maxStates: 100_000)
    #expect(!result.complete)
    #expect(result.cutoff == .maxStates)
    #expect(result.states == 100_000)
    #expect(result.warnings.isEmpty, "whole-graph properties need a complete run")
    #expect(result.violationCounts[.trap] == nil)
    // The visited set, parent links and edges of 100,000 states; nothing of the 16 million.
    #expect(result.memoryBytes < 16 * 1024 * 1024)
  }

  /// The default limit is memory: a run stops cleanly before a batch could take the tables
  /// past it, at the same state whatever the thread count.
  @Test func theMemoryLimitEndsTheRunIncompleteBeforeItIsPassed() throws {
    var options = ExplorationOptions()
    options.memoryLimit = 8 * 1024 * 1024
    var results: [CheckResult] = []
    for threads in [1, 2] {
      options.threads = threads
      results.append(try sixteenMillionStates.check(options: options))
    }
    let result = results[0]
    #expect(result.cutoff == .memoryLimit)
    // 8 MB take 49,206 states.
    #expect(result.states > 40_000)
    #expect(result.states < 16_000_000)
    #expect(result.memoryBytes < options.memoryLimit)
    #expect(result.warnings.isEmpty && result.violationCounts[.trap] == nil)
    #expect(results[1].states == result.states && results[1].transitions == result.transitions)
    #expect(ExplorationOptions().maxStates == ExplorationOptions.noStateCap)
  }

  @Test func aCancelledRunIsIncomplete() throws {
    var options = ExplorationOptions()
    let token = CancellationToken()
    options.cancellation = token
    options.progress = { _ in token.cancel() }
    let result = try sixteenMillionStates.check(options: options)
    #expect(result.cutoff == .cancelled)
    #expect(result.states < 16_777_216)
  }

  @Test func progressReportsGrowingCounts() throws {
    final class Log: @unchecked Sendable {
      var states: [Int] = []
    }
    let log = Log()
    var options = ExplorationOptions()
    options.threads = 2
    options.progress = { log.states.append($0.states) }
    let result = try everyRuleBroken.check(options: options)
    #expect(!log.states.isEmpty)
    #expect(log.states == log.states.sorted())
    #expect(log.states.last == result.states)
  }
}

/// The explorer knows nothing about navigation: a counter that may add 1 or 2 up to 10, and
/// breaks a rule at 7.
struct Counter: ExplorationModel {
  func initialState(into bytes: inout [UInt8]) { bytes.append(0) }
  func makeExpander() -> any StateExpander { CounterExpander() }
  var coverageMarks: Int { 11 }
}

final class CounterExpander: StateExpander {
  func expand(_ state: UnsafeRawBufferPointer, into sink: inout SuccessorSink) {
    let n = state[0]
    sink.cover(Int(n))
    if n == 0 { sink.home() }
    for step: UInt8 in [1, 2] {
      if n + step == 7 {
        sink.violation(7)
      } else if n + step > 10 {
        sink.pruned()
      } else {
        sink.state([n + step])
      }
    }
  }
}

/// A one-way street with a way home from its far end: 0 → 1 → … → `length` → 0, plus
/// `deadEnd` → `deadEnd` + 100 where a dead end is set, and the dead end's state loops on itself.
struct Street: ExplorationModel {
  var length: UInt8
  var deadEnd: UInt8?
  func initialState(into bytes: inout [UInt8]) { bytes.append(0) }
  func makeExpander() -> any StateExpander { StreetExpander(street: self) }
}

final class StreetExpander: StateExpander {
  let street: Street
  init(street: Street) { self.street = street }
  func expand(_ state: UnsafeRawBufferPointer, into sink: inout SuccessorSink) {
    let n = state[0]
    if n == 0 { sink.home() }
    if n >= 100 { return sink.state([n]) }
    sink.state([n == street.length ? 0 : n + 1])
    if n == street.deadEnd { sink.state([n + 100]) }
  }
}

/// A state with 300 events, each to its own state; state 291 (event 290's) breaks a rule.
struct Fan: ExplorationModel {
  func initialState(into bytes: inout [UInt8]) { bytes += [0, 0] }
  func makeExpander() -> any StateExpander { FanExpander() }
}

final class FanExpander: StateExpander {
  func expand(_ state: UnsafeRawBufferPointer, into sink: inout SuccessorSink) {
    let n = Int(state[0]) | Int(state[1]) << 8
    if n == 0 {
      for i in 1...300 { sink.state([UInt8(i & 0xFF), UInt8(i >> 8)]) }
    } else if n == 291 {
      sink.violation(1)
    }
  }
}

@Suite struct FindingKeyTests {
  /// Finding keys name a kind by its ordinal, which must be its place in `allCases` (the order
  /// reports sort by), and come back as the same kind and declaration.
  @Test func kindsKeepTheirPlaceInFindingKeys() {
    for (i, kind) in ViolationKind.allCases.enumerated() {
      #expect(kind.ordinal == i)
      let key = RouterModel.key(kind, 4242)
      #expect(RouterModel.finding(key) == (kind, 4242))
    }
  }
}

@Suite struct ParentLinkTests {
  /// Links written a batch at a time (as the commit writes them, by id into reserved room) and
  /// spilled whenever they pass the bytes kept: every link reads back as written, from the file
  /// or from memory; where no file can be made, every link stays in memory.
  @Test(arguments: [true, false])
  func everyLinkComesBackWithOrWithoutAFile(fileCanBeMade: Bool) {
    let folder =
      fileCanBeMade ? FileManager.default.temporaryDirectory.path : "/nonexistent/navcheck"
    let links = ParentLinks(memoryBytesKept: 40, folder: folder)
    func link(_ id: Int) -> (parent: UInt32, event: UInt8) {
      (UInt32(truncatingIfNeeded: id &* 2_654_435_761), UInt8(truncatingIfNeeded: id % 251))
    }
    links.append(parent: .max, event: 0)
    var id = 1
    for batch in 0..<40 {
      let added = batch % 7
      links.reserve(added)
      for i in 0..<added {
        let (parent, event) = link(id + i)
        links.parents[id + i - links.first] = parent
        links.events[id + i - links.first] = event
      }
      links.extend(by: added)
      id += added
      links.spillIfFull()
    }
    #expect(links.count == id)
    #expect(fileCanBeMade ? links.fileBytes > 0 && links.first > 0 : links.first == 0)
    #expect(links.link(0) == (.max, 0))
    for i in 1..<id { #expect(links.link(i) == link(i), "link \(i)") }
  }
}

@Suite struct WorkerPoolTests {
  /// Every piece of work runs once on every worker, with its own index, and `run` returns only
  /// after all of them: with threads that stay awake, and with threads that park between
  /// pieces (a spin of 1 µs), with more threads than cores, and with random pauses of the
  /// workers, the caller and between pieces (a worker parked late, or woken by the previous
  /// piece's `publish`, must neither run a piece twice nor miss one).
  @Test(arguments: [2, 3, 6], [1_000, 50_000] as [UInt64])
  func everyWorkerRunsEveryPieceOnce(threads: Int, spin: UInt64) throws {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    try runPiecesOnEveryWorker(WorkerPool(threads: threads, spin: spin), threads: threads)
  }

  /// The same of `concurrentPerform`, which the explorer uses where the pool is not available.
  @Test func theDispatchRunnerRunsEveryPieceOnce() throws {
    try runPiecesOnEveryWorker(DispatchRunner(threads: 3), threads: 3)
  }

  /// Runs 3,000 pieces on `pool` with random pauses, checking after each that every worker ran
  /// it once.
  func runPiecesOnEveryWorker(_ pool: ParallelRunner, threads: Int) throws {
    defer { pool.stop() }
    let runs = UnsafeMutablePointer<Int>.allocate(capacity: threads)
    defer { runs.deallocate() }
    runs.initialize(repeating: 0, count: threads)
    let box = UncheckedSendable(runs)
    var random = SplitMix64(seed: UInt64(threads))
    for piece in 1...3_000 {
      let pauses = (0..<threads).map { _ in
        Int.random(in: 0..<20, using: &random) == 0 ? UInt32.random(in: 1..<50, using: &random) : 0
      }
      pool.run { t in
        if pauses[t] > 0 { usleep(pauses[t]) }
        box.value[t] += 1
      }
      let counts = (0..<threads).map { runs[$0] }
      try #require(counts == Array(repeating: piece, count: threads), "piece \(piece)")
      if Int.random(in: 0..<30, using: &random) == 0 {
        usleep(UInt32.random(in: 1..<100, using: &random))
      }
    }
  }

  /// A finished exploration lets its pool's threads end: the run is released, its pool once
  /// its threads have returned.
  @Test func anExplorationsThreadsEnd() async throws {
    var options = ExplorerOptions()
    options.threads = 2
    weak var pool: AnyObject?
    weak var run: Explorer.Run?
    do {
      let strong = Explorer.Run(model: Street(length: 30), options: options)
      pool = strong.runner
      run = strong
      #expect(strong.explore().states == 31)
    }
    #expect(run == nil)
    for _ in 0..<200 where pool != nil { try await Task.sleep(nanoseconds: 10_000_000) }
    #expect(pool == nil)
  }
}

@Suite struct LevelFileTests {
  /// States of different lengths, written by several writers (as the commit's chunks are) and
  /// read back chunk by chunk: with a file, every chunk comes back whole whether it lies in the
  /// file, in memory or across both; where no file can be made, the level keeps all in memory.
  @Test(arguments: [true, false])
  func everyStateComesBackWithOrWithoutAFile(fileCanBeMade: Bool) {
    let states: [[UInt8]] = (0..<200).map { i in
      (0..<(3 + i % 7)).map { UInt8(truncatingIfNeeded: $0 == 0 ? i / 10 : i &* 31 &+ $0) }
    }
    let folder =
      fileCanBeMade ? FileManager.default.temporaryDirectory.path : "/nonexistent/navcheck"
    let level = Level(chunkSize: 4, exact: false, memoryBytesKept: 64, folder: folder)
    // One buffer, so each state stays valid until the next write (the writer's reference).
    let bytes = states.flatMap { $0 }
    let starts = states.reduce(into: [0]) { $0.append($0.last! + $1.count) }
    var writer = LevelWriter(chunkSize: 4)
    bytes.withUnsafeBytes { all in
      for run in stride(from: 0, to: states.count, by: 13) {
        writer.reset(firstIndex: run)
        for i in run..<min(run + 13, states.count) {
          let state = UnsafeRawBufferPointer(rebasing: all[starts[i]..<starts[i + 1]])
          writer.write(state, stop: i % 5 == 0, local: 0, exact: false)
        }
        level.append(writer)
      }
    }
    #expect(level.count == states.count)
    #expect(fileCanBeMade ? level.spilled > 0 : level.spilled == 0)
    var scratch = RawArray<UInt8>()
    var fileChunk = RawArray<UInt8>()
    defer {
      scratch.deallocate()
      fileChunk.deallocate()
    }
    var read: [[UInt8]] = []
    var stops: [Bool] = []
    for lower in stride(from: 0, to: level.count, by: 4) {
      level.forEach(lower, min(lower + 4, level.count), into: &scratch, fileChunk: &fileChunk) {
        _, state, _, stop in
        read.append(Array(state))
        stops.append(stop)
      }
    }
    #expect(read == states)
    #expect(stops == states.indices.map { $0 % 5 == 0 })
    level.removeAll()
    #expect(level.isEmpty && level.spilled == 0)
  }
}

@Suite struct SharedPrefixTests {
  /// The word-at-a-time count of shared leading bytes (levels' prefix compression, the
  /// expander's incremental decode) agrees with a byte-by-byte count: every length from 0 to
  /// 20, a difference at every place, including the last word that overlaps the one before.
  @Test func sharedPrefixesAreCountedToTheByte() {
    for length in 0...20 {
      let a = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 1) }
      for other in [length, max(0, length - 3), length + 5] {
        for place in 0...max(other, 1) {
          var b = (0..<other).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 1) }
          if place < other { b[place] ^= 0x40 }
          let expected = zip(a, b).prefix { $0 == $1 }.count
          let counted = a.withUnsafeBytes { x in b.withUnsafeBytes { x.commonPrefixCount(with: $0) }
          }
          #expect(counted == expected, "lengths \(length), \(other), difference at \(place)")
        }
      }
    }
  }
}

@Suite struct GenericModelTests {
  /// Parent links keep an event index in a byte; indices from 255 on are kept aside, and
  /// traces through them are whole.
  @Test func tracesThroughEventsPastTheByteAreWhole() {
    for threads in [1, 2] {
      var options = ExplorerOptions()
      options.threads = threads
      options.chunkSize = 7
      let exploration = Explorer.explore(Fan(), options: options)
      #expect(exploration.states == 301)
      #expect(exploration.findings.map(\.path) == [[290, 0]])
    }
  }

  /// No state but the first is home, and each one's way home goes through states found later:
  /// none is known to reach home when it is expanded, so the return analysis settles them
  /// from its records once the graph is complete. Only the dead end (a self-loop) is a trap.
  @Test(arguments: [1, 2, 256])
  func waysHomeThroughLaterStatesAreFound(chunkSize: Int) {
    var options = ExplorerOptions()
    options.chunkSize = chunkSize
    for threads in [1, 3] {
      options.threads = threads
      let open = Explorer.explore(Street(length: 30), options: options)
      #expect(open.states == 31)
      #expect(open.trapStates == 0)
      let blocked = Explorer.explore(Street(length: 30, deadEnd: 12), options: options)
      #expect(blocked.states == 32)
      #expect(blocked.trapStates == 1)
      // 0 →+1 … → 12, then the dead end's event (1).
      #expect(blocked.firstTrapPath == Array(repeating: 0, count: 12) + [1])
    }
  }

  /// States 0…10 except 7: 0→{1,2}, …, 5→{6, ✗7}, 6→{✗7, 8}, 8→{9,10}, 9→{10, pruned},
  /// 10→{pruned, pruned}. States {0,1,2,3,4,5,6,8,9,10} = 10; depth of 10 is 5 (0,2,4,6,8,10).
  /// Every state but 0 is a trap: no edge leads back to 0.
  @Test func theExplorerWalksAnyModel() {
    let exploration = Explorer.explore(Counter())
    #expect(exploration.states == 10)
    #expect(exploration.depth == 5)
    #expect(exploration.pruned == 3)
    #expect(exploration.transitions == 2 * 10 - 2 - 3)
    #expect(exploration.findings.map(\.count) == [2])
    // BFS levels: {0}, {1, 2}, {3, 4}, {5, 6}, {8}, {9, 10}. The first violation in BFS order
    // is 5's +2 (event 1); 5 was first reached by 0 →+1 1 →+2 3 →+2 5: events 0, 1, 1.
    #expect(exploration.findings[0].path == [0, 1, 1, 1])
    #expect(exploration.trapStates == 9)
    #expect(exploration.covered == (0...10).map { $0 != 7 })
  }
}

@Suite struct FingerprintReportTests {
  /// Hash compaction's risk, reported as TLC does: about n²/2⁶⁴ for n states and 63-bit
  /// fingerprints (the top bit of a slot is the return analysis's mark).
  @Test func theCollisionProbabilityIsReportedForTheStatesFound() throws {
    let result = try check(todoApp)
    let n = Double(result.states)
    #expect(result.fingerprintCollisionProbability == n * n / 0x1p64)
    #expect(TextReport.probability(16 / 0x1p64) == "below 1e-15")
    #expect(TextReport.probability(29_625.0 * 29_625 / 0x1p64) == "about 4.8e-11")
    let text = TextReport(paths: .unchanged).render(
      SpecCheck(spec: todoApp, result: result, maxStates: 10))
    #expect(
      text.contains(
        "\nfingerprints: 63 bits; the chance that a collision hid a state is below 1e-15\n"))
  }

  /// Exact mode stores states in full: the same results, and no collision to report.
  @Test(arguments: [everyRuleBroken, todoApp, try example("notes")])
  func exactModeFindsTheSameResults(spec: NavigationSpec) throws {
    var options = ExplorationOptions()
    options.threads = 2
    let hashed = try spec.check(options: options)
    options.exact = true
    let exact = try spec.check(options: options)
    #expect(exact.exact && !hashed.exact)
    #expect(exact.fingerprintCollisionProbability == 0)
    let mode: Set = ["threads", "seconds", "exact", "fingerprintCollisionProbability"]
    #expect(stable(exact, without: mode) == stable(hashed, without: mode))
    #expect(stable(exact, without: mode).contains("\"states\""))
    let text = TextReport(paths: .unchanged).render(
      SpecCheck(spec: spec, result: exact, maxStates: 10))
    #expect(text.contains("\nstates: stored in full (exact mode); no collision can hide a state\n"))
  }

  /// With 12-bit fingerprints (4,096 values for 4,154 states) collisions are certain: fingerprints alone merge distinct states
  /// (fewer states, wrong counts), exact mode keeps them apart and finds every state.
  @Test func exactModeSurvivesFingerprintCollisions() throws {
    var options = ExplorationOptions()
    options.threads = 2
    let truth = try everyRuleBroken.check(options: options)
    options.fingerprintBits = 12
    let merged = try everyRuleBroken.check(options: options)
    #expect(merged.states < truth.states)
    options.exact = true
    for (threads, chunkSize) in [(1, 256), (3, 256), (2, 3)] {
      options.threads = threads
      options.chunkSize = chunkSize
      let exact = try everyRuleBroken.check(options: options)
      let mode: Set = ["threads", "seconds", "exact", "fingerprintCollisionProbability"]
      #expect(stable(exact, without: mode) == stable(truth, without: mode))
    }
  }
}

@Suite struct StateFingerprintTests {
  /// Every byte of an encoding counts, at every length (the short loads overlap, the long ones
  /// fold 16 bytes at a time): changing any one byte changes the fingerprint.
  @Test func everyByteChangesTheFingerprint() {
    for length in 0...48 {
      let base = (0..<length).map { UInt8(truncatingIfNeeded: $0 % 5) }
      var seen = Set<UInt64>()
      seen.insert(base.withUnsafeBytes { stateFingerprint($0) })
      for place in 0..<length {
        for flip: UInt8 in [1, 0x10, 0x80] {
          var changed = base
          changed[place] ^= flip
          let inserted = seen.insert(changed.withUnsafeBytes { stateFingerprint($0) }).inserted
          #expect(inserted, "length \(length): byte \(place) ^ \(flip) gives a fingerprint seen")
        }
      }
    }
    // A length counts too, where the bytes added are zeros.
    let lengths = Set(
      (0...40).map { [UInt8](repeating: 0, count: $0) }.map {
        $0.withUnsafeBytes { stateFingerprint($0) }
      })
    #expect(lengths.count == 41)
  }

  /// Encodings like real states (small bytes, shared prefixes) spread evenly over the visited
  /// set's shards (the top bits) and over a table's slots (the low bits), without collisions.
  @Test func statesSpreadOverShardsAndSlots() {
    var random = SplitMix64(seed: 19)
    var shards = [Int](repeating: 0, count: VisitedSet.shardCount)
    var slots = [Int](repeating: 0, count: 1024)
    var seen = Set<UInt64>()
    var encodings = Set<[UInt8]>()
    while encodings.count < 100_000 {
      let length = Int.random(in: 3...24, using: &random)
      encodings.insert((0..<length).map { _ in UInt8.random(in: 0..<6, using: &random) })
    }
    for bytes in encodings {
      let key = bytes.withUnsafeBytes { VisitedSet.key($0) }
      seen.insert(key)
      shards[VisitedSet.shard(of: key)] += 1
      slots[Int(key & 1023)] += 1
    }
    #expect(seen.count == encodings.count)
    let perShard = Double(encodings.count) / Double(shards.count)
    #expect(shards.allSatisfy { abs(Double($0) - perShard) < perShard * 0.15 }, "\(shards)")
    let perSlot = Double(encodings.count) / Double(slots.count)
    #expect(slots.allSatisfy { abs(Double($0) - perSlot) < perSlot * 0.5 }, "\(slots.max()!)")
  }
}
