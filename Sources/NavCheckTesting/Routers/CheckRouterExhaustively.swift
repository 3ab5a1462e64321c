import Dispatch
import Foundation
import NavCheck

/// What checking a router over every reachable state found.
public struct RouterExhaustiveResult: Sendable, CustomStringConvertible {
  /// The shortest failing sequence (breadth-first), or `nil` where every reachable pair of
  /// states passed.
  public var failure: RouterFailure?
  /// With `allFailures`, every distinct failure (one per rule and declaration), each with its
  /// shortest sequence, in breadth-first order; otherwise the first alone.
  public var failures: [RouterFailure] = []
  /// Distinct (reference state, router state) pairs explored.
  public var states: Int
  /// Steps performed on the router.
  public var transitions: Int
  /// Whether every reachable pair was explored (no cap was reached, no failure stopped it).
  public var complete: Bool
  /// Kinds the router does not support: left out.
  public var leftOut: Set<NavigationEvent.Kind>
  /// The spec's own findings the check went on past (a screen removed while its work is
  /// pending: `orphanedCompletion`), one note per declaration; the report ends with them.
  public var specFindings: [String] = []
  /// The report a failing test shows.
  public var report: String

  public var description: String { report }
}

/// Checks a router over every sequence of events the spec allows: the pairs (reference state,
/// router state) are explored breadth-first on all cores, so each failure reported is a
/// shortest one, the same for every thread count. It stops at the first failure unless
/// `allFailures` is set.
///
/// Two router states are the same where the router is `Hashable` and equal, otherwise where
/// everything it holds, read by reflection, is the same: its stored properties, those of the
/// objects it references, its pending work's ids, dictionaries and sets in a canonical order
/// (never the hash seed's). A value-type router is copied; a class router is rebuilt by
/// replaying the sequence that reached each state. No `Codable` is needed. A router whose state
/// never repeats (ids that only grow, a `UUID` per screen) is stopped with a message that names
/// the field: compare it by a projection without them (`state:`).
///
/// ```swift
/// @Test func everySequenceWorks() {
///   checkRouterExhaustively(todoApp) { TodoCoordinator() }
/// }
/// ```
///
/// - Parameters:
///   - maxStates: Past this many pairs the check stops, incomplete (a test failure).
///   - threads: Worker threads; the result never depends on it.
///   - allFailures: Whether to go on past the first failure and report every distinct one
///     (rule × declaration), each with its shortest sequence.
///   - firesStaleCompletions: Whether each state also fires the completion of every piece of
///     work the reference router no longer holds (cancelled with its screen, or kept past it,
///     SEMANTICS' orphanedCompletion), requiring that it changes nothing, as fuzzing does. Stale
///     work is told apart by what it is, not by when it started: the same work stale twice is
///     one, and the latest start fires.
///   - journal: Where each state is written before its steps run (a crash leaves it, and the
///     next run reports it); `nil`: as `RouterFuzzOptions.journal`.
@discardableResult
public func checkRouterExhaustively<Adapter: RouterAdapter>(
  _ spec: NavigationSpec, invariants: [RouterInvariant] = [], maxStates: Int = 1_000_000,
  threads: Int = ProcessInfo.processInfo.activeProcessorCount, allFailures: Bool = false,
  firesStaleCompletions: Bool = false, journal: String? = nil, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column, makeRouter: @escaping () throws -> Adapter
) -> RouterExhaustiveResult {
  let call = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return RouterExhaustiveCheck(
    spec: spec, invariants: invariants, maxStates: maxStates, threads: threads,
    allFailures: allFailures, firesStaleCompletions: firesStaleCompletions, journal: journal,
    call: call, makeRouter: makeRouter, comparison: .reflection
  ).run()
}

/// Checks a `Hashable` router over every sequence of events the spec allows; two router states
/// are the same where the routers are equal. See the other `checkRouterExhaustively`.
///
/// ```swift
/// struct TodoCoordinator: RouterAdapter, Hashable { … }
/// checkRouterExhaustively(todoApp) { TodoCoordinator() }
/// ```
@discardableResult
public func checkRouterExhaustively<Adapter: RouterAdapter & Hashable>(
  _ spec: NavigationSpec, invariants: [RouterInvariant] = [], maxStates: Int = 1_000_000,
  threads: Int = ProcessInfo.processInfo.activeProcessorCount, allFailures: Bool = false,
  firesStaleCompletions: Bool = false, journal: String? = nil, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column, makeRouter: @escaping () throws -> Adapter
) -> RouterExhaustiveResult {
  let call = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return RouterExhaustiveCheck(
    spec: spec, invariants: invariants, maxStates: maxStates, threads: threads,
    allFailures: allFailures, firesStaleCompletions: firesStaleCompletions, journal: journal,
    call: call, makeRouter: makeRouter, comparison: .equality
  ).run()
}

/// Checks a router over every sequence of events the spec allows, two router states being the
/// same where `state` gives equal values: the router projected onto what matters, without the
/// ids, counters and caches that only grow. See the other `checkRouterExhaustively`.
///
/// ```swift
/// let result = checkRouterExhaustively(composeSpec, state: { $0.stack }) { NumberingRouter() }
/// ```
///
/// - Parameter state: What a router state is compared by. Everything it leaves out is taken to
///   be the same: a projection that leaves out what the screens depend on hides states, and the
///   failures in them.
@discardableResult
public func checkRouterExhaustively<Adapter: RouterAdapter, State: Hashable>(
  _ spec: NavigationSpec, invariants: [RouterInvariant] = [], maxStates: Int = 1_000_000,
  threads: Int = ProcessInfo.processInfo.activeProcessorCount, allFailures: Bool = false,
  firesStaleCompletions: Bool = false, journal: String? = nil, state: @escaping (Adapter) -> State,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column, makeRouter: @escaping () throws -> Adapter
) -> RouterExhaustiveResult {
  let call = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return RouterExhaustiveCheck(
    spec: spec, invariants: invariants, maxStates: maxStates, threads: threads,
    allFailures: allFailures, firesStaleCompletions: firesStaleCompletions, journal: journal,
    call: call, makeRouter: makeRouter, comparison: .projection(state)
  ).run()
}

/// Checks a router over every sequence of events the spec allows, two router states being the
/// same where `state` gives equal tuples of `Hashable` values: the router projected onto the
/// fields that matter. See the other `checkRouterExhaustively`.
///
/// ```swift
/// let result = checkRouterExhaustively(notesSpec, state: { ($0.path, $0.sheet) }) {
///   CountingRouter()
/// }
/// ```
///
/// - Parameter state: What a router state is compared by: a tuple of `Hashable` values.
@discardableResult
public func checkRouterExhaustively<Adapter: RouterAdapter, each Part: Hashable>(
  _ spec: NavigationSpec, invariants: [RouterInvariant] = [], maxStates: Int = 1_000_000,
  threads: Int = ProcessInfo.processInfo.activeProcessorCount, allFailures: Bool = false,
  firesStaleCompletions: Bool = false, journal: String? = nil,
  state: @escaping (Adapter) -> (repeat each Part),
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column, makeRouter: @escaping () throws -> Adapter
) -> RouterExhaustiveResult {
  let call = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return RouterExhaustiveCheck(
    spec: spec, invariants: invariants, maxStates: maxStates, threads: threads,
    allFailures: allFailures, firesStaleCompletions: firesStaleCompletions, journal: journal,
    call: call, makeRouter: makeRouter, comparison: .projection(state)
  ).run()
}

/// A value handed to Dispatch's workers; each touches only its own part.
private struct Unchecked<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// Each chunk's expansions, written by the workers under a lock.
private final class Expansions<Item> {
  private let lock = NSLock()
  private var items: [[Item]]

  init(count: Int) { items = Array(repeating: [], count: count) }

  func set(_ index: Int, _ value: [Item]) {
    lock.lock()
    items[index] = value
    lock.unlock()
  }

  var all: [[Item]] {
    lock.lock()
    defer { lock.unlock() }
    return items
  }
}

/// How two router states compare: by value, or by everything reflection shows of them.
enum RouterStateKey: Hashable {
  case value(AnyHashable)
  case reflection(String)

  /// The router's whole state as `CanonicalReflection` writes it: stored properties,
  /// recursively, objects numbered in the order met (no addresses), closures as "(Function)",
  /// dictionaries and sets sorted.
  static func reflecting(_ router: Any) -> RouterStateKey {
    .reflection(CanonicalReflection.text(of: router))
  }

  /// A snapshot's fields, router ids renamed by order of appearance: the screens a router shows
  /// with its own bookkeeping aside.
  static func canonical(_ snapshot: RouterSnapshot) -> String {
    var names: [String: Int] = [:]
    for router in snapshot.routers where names[router.id] == nil {
      names[router.id] = names.count
    }
    func name(_ id: String?) -> String {
      guard let id else { return "-" }
      return names[id].map { "#\($0)" } ?? "?\(id)"
    }
    var text =
      "\(snapshot.selectedTab)|\(snapshot.module ?? "-")|\(snapshot.flags?.sorted().joined(separator: ",") ?? "-")"
    for r in snapshot.routers {
      text +=
        "\n\(name(r.id))|\(r.screen)|\(name(r.parent))|\(r.slot)|\(r.path.joined(separator: ","))|\(StateView.Style.presented.map { name(r[presenting: $0]) }.joined(separator: "|"))|\(r.alert ?? "-")|\(r.pendingWork.map(\.description).joined(separator: ","))"
    }
    return text
  }
}

/// One exhaustive check: a level-synchronous breadth-first search over (reference state,
/// router state) pairs. Each level is expanded in fixed chunks on `threads` workers and merged
/// in order, so what it finds never depends on the thread count.
struct RouterExhaustiveCheck<Adapter: RouterAdapter> {
  let spec: NavigationSpec
  let invariants: [RouterInvariant]
  let maxStates: Int
  let threads: Int
  let allFailures: Bool
  let firesStaleCompletions: Bool
  let journal: String?
  let call: TestLocation
  let makeRouter: () throws -> Adapter
  let comparison: RouterStateComparison<Adapter>
  /// Whether every state is rebuilt by replaying its sequence, value type or not.
  var replays = false

  /// Distinct router states one reference state may show with the same screens (ids aside)
  /// before the check says the router's state never repeats.
  static var maxRouterStatesPerScreens: Int { 32 }

  /// A pair on the frontier.
  struct Node {
    /// Its index in `paths`.
    var index: Int
    /// The reference router after the node's path, with the work each step started and which
    /// of it is stale.
    var tracker: SequenceTracker
    /// The path's steps, as the router performed them.
    var steps: [NavigationStep]
    /// The router, for a value type; a class router is rebuilt from the path.
    var router: Adapter?

    var reference: ReferenceRouter { tracker.reference }
  }

  /// What expanding one node found.
  struct Expansion {
    var successors:
      [(
        event: EventReference, tracker: SequenceTracker, steps: [NavigationStep],
        router: Adapter?, key: PairKey, screens: ScreensKey?
      )] = []
    var failures:
      [(event: EventReference, rule: RouterFailure.Rule, declaration: DeclarationReference?)] = []
    var transitions = 0
    /// The steps that went on past the spec's own orphanedCompletion.
    var specFindings: [SpecFinding] = []
    /// Whether performing a step on a copy of the router changed the original: a value type
    /// that keeps its state in an object it references, which copies do not separate.
    var sharesState = false
  }

  struct PairKey: Hashable {
    var reference: [UInt8]
    var router: RouterStateKey
    /// The stale work that may still complete, by what it is (`staleKey`).
    var stale: [String] = []
  }

  /// A reference state and the screens a router shows in it, ids aside.
  struct ScreensKey: Hashable {
    var reference: [UInt8]
    var snapshot: String
  }

  func run() -> RouterExhaustiveResult {
    var result = RouterExhaustiveResult(
      failure: nil, states: 0, transitions: 0, complete: false, leftOut: Adapter.leftOutEvents,
      report: "")
    func fail(_ message: String) -> RouterExhaustiveResult {
      result.report = message
      NavigationFailure(message: message, location: nil).record(at: call)
      return result
    }
    guard
      let runner = RouterRunner.checking(
        spec, invariants: invariants, call: call, makeRouter: makeRouter)
    else {
      result.report = "invalid spec '\(spec.name)'"
      return result
    }
    let reference = runner.reference
    if let destination = reference.firstOnAppear, !Adapter.supportsAppearances {
      return fail(appearancesRefused(spec.name, destination, Adapter.self))
    }
    let testCase = TestCaseArguments.current
    let reproduction = Reproduction(
      spec: spec, adapter: Adapter.self, call: call, function: "checkRouterExhaustively",
      hasInvariants: !invariants.isEmpty, testCase: testCase)
    let journalPath =
      journal
      ?? RouterFuzzOptions().journalPath(for: spec.name, call: call, testCase: testCase)
    let workers = max(1, threads)
    let journals = (0..<workers).map {
      RouterJournal(path: $0 == 0 ? journalPath : "\(journalPath).\($0)")
    }
    let test = RouterJournal.testName(call: call, testCase: testCase)
    // A crash a previous run left: reported first, and nothing else runs.
    for file in journals {
      guard let entry = try? file.read(), entry.spec == spec.name,
        let recovered = CrashRecovery(runner: runner, budget: 2_000).recover(entry)
      else { continue }
      file.write(.init(spec: spec.name, test: test, state: .finished, events: []))
      guard let crash = recovered.failure else {
        print("NavCheck: \(recovered.note)")
        continue
      }
      result.failure = crash
      result.failures = [crash]
      return fail(
        ([crash.description, recovered.note] + crash.pasteable(reproduction))
          .joined(separator: "\n"))
    }
    // The first state, checked like every other.
    if case .failed(let failure) = runner.run([]) {
      result.failure = failure
      result.failures = [failure]
      return fail(failure.description)
    }
    let isClass = replays || Adapter.self is AnyObject.Type
    let first: Adapter
    do { first = try makeRouter() } catch {
      return fail("\(spec.name): making the router threw \(error)")
    }
    var paths: [(parent: Int, event: EventReference?)] = [(-1, nil)]
    var visited: Set<PairKey> = [
      PairKey(reference: encoded(reference), router: comparison.key(first))
    ]
    var routerStatesPerScreens: [ScreensKey: (count: Int, first: Int)] = [:]
    var frontier = [
      Node(
        index: 0, tracker: SequenceTracker(reference: reference), steps: [],
        router: isClass ? nil : first)
    ]
    var found: [(path: Int, event: EventReference, rule: RouterFailure.Rule)] = []
    var seenFailures: Set<String> = []
    var specFindings: [SpecFinding] = []
    var transitions = 0
    var stopped: String?
    levels: while !frontier.isEmpty {
      let chunks = stride(from: 0, to: frontier.count, by: 64).map {
        $0..<min(frontier.count, $0 + 64)
      }
      // Each worker expands the chunks w, w + workers, …: a fixed share, merged in order.
      let shared = Unchecked((check: self, level: frontier, paths: paths, runner: runner))
      let results = Unchecked(Expansions<Expansion>(count: chunks.count))
      DispatchQueue.concurrentPerform(iterations: min(workers, chunks.count)) { worker in
        let (check, level, paths, runner) = shared.value
        for c in stride(from: worker, to: chunks.count, by: workers) {
          var out: [Expansion] = []
          for node in level[chunks[c]] {
            let path = check.events(to: node.index, paths)
            journals[worker].write(
              .init(
                spec: check.spec.name, test: test, state: .running, step: path.count,
                events: path))
            out.append(check.expand(node, path: path, runner: runner))
          }
          results.value.set(c, out)
        }
      }
      let expansions = results.value.all
      let level = frontier
      var next: [Node] = []
      // A value type whose copies share an object cannot be copied: rebuilt by replaying.
      if !isClass && expansions.contains(where: { $0.contains(where: \.sharesState) }) {
        // Its journals are done with: the run again would take them for a crash's.
        journals.forEach {
          $0.write(.init(spec: spec.name, test: test, state: .finished, events: []))
        }
        var again = self
        again.replays = true
        return again.run()
      }
      for (c, chunk) in chunks.enumerated() {
        for (node, expansion) in zip(level[chunk], expansions[c]) {
          transitions += expansion.transitions
          for finding in expansion.specFindings
          where !specFindings.contains(where: { $0.declaration == finding.declaration }) {
            specFindings.append(finding)
          }
          for failure in expansion.failures {
            let id = "\(failure.rule)|\(failure.declaration?.title ?? "")"
            guard seenFailures.insert(id).inserted || !allFailures else { continue }
            if !allFailures && !found.isEmpty { continue }
            found.append((node.index, failure.event, failure.rule))
          }
          for successor in expansion.successors where visited.insert(successor.key).inserted {
            paths.append((node.index, successor.event))
            if let screens = successor.screens {
              let seen = routerStatesPerScreens[screens]
              routerStatesPerScreens[screens] = (
                (seen?.count ?? 0) + 1, seen?.first ?? paths.count - 1
              )
              if let seen, seen.count + 1 > Self.maxRouterStatesPerScreens {
                stopped = neverRepeats(
                  first: events(to: seen.first, paths), last: events(to: paths.count - 1, paths),
                  runner: runner)
                break levels
              }
            }
            next.append(
              Node(
                index: paths.count - 1, tracker: successor.tracker, steps: successor.steps,
                router: successor.router)
            )
            if paths.count >= maxStates {
              stopped =
                "\(spec.name): the exhaustive check is incomplete after \(paths.count) states, \(transitions) steps (maxStates \(maxStates)); raise maxStates or tighten the spec's bounds"
              break levels
            }
          }
        }
      }
      if !found.isEmpty && !allFailures { break }
      frontier = next
    }
    journals.forEach {
      $0.write(.init(spec: spec.name, test: test, state: .finished, events: []))
    }
    result.states = paths.count
    result.transitions = transitions
    result.specFindings = specFindings.map(\.note)
    result.complete = stopped == nil && found.isEmpty
    let counts = "\(paths.count) states, \(transitions) steps"
    var reports: [String] = []
    for finding in found {
      let events = self.events(to: finding.path, paths) + [finding.event]
      guard case .failed(let failure) = runner.run(events) else {
        return fail(
          "\(spec.name): the router broke '\(finding.rule)' after \(events.count) steps while exploring, but not when the same steps ran again: it is not deterministic (\(events.map(\.swiftLiteral).joined(separator: ", ")))"
        )
      }
      result.failures.append(failure)
      reports.append(
        ([failure.description] + failure.pasteable(reproduction)).joined(separator: "\n"))
    }
    result.failure = result.failures.first
    if !reports.isEmpty {
      let what =
        allFailures
        ? "\(reports.count) distinct failure\(reports.count == 1 ? "" : "s"), each the shortest of its rule and declaration, found breadth-first among \(counts)"
        : "the shortest such sequence, found breadth-first among \(counts) (allFailures: true lists every distinct failure)"
      return fail(
        (reports + [what] + (stopped.map { [$0] } ?? []) + result.specFindings).joined(
          separator: "\n"))
    }
    if let stopped { return fail(([stopped] + result.specFindings).joined(separator: "\n")) }
    result.report = (["\(spec.name): every sequence passed; \(counts)"] + result.specFindings)
      .joined(separator: "\n")
    return result
  }

  /// The message for a router whose state never repeats: the same reference state and screens
  /// reached by `first` and by `last` with different router states, and the first field in
  /// which they differ.
  func neverRepeats(first: [EventReference], last: [EventReference], runner: RouterRunner<Adapter>)
    -> String
  {
    func compared(_ path: [EventReference]) -> Any? {
      router(
        at: Node(
          index: 0, tracker: SequenceTracker(reference: runner.reference), steps: [], router: nil),
        path: path, runner: runner
      ).map(comparison.compared)
    }
    let message =
      "\(spec.name): the router's state never repeats: the same reference state and screens (router ids aside) were reached with \(Self.maxRouterStatesPerScreens + 1) different router states, after \(counted(first.count, "step")) and after \(last.count)."
    if let a = compared(first), let b = compared(last),
      let difference = RouterStateDifference.first(
        between: a, and: b, root: comparison.kind == .projection ? "state" : "")
    {
      return message + " " + difference.explanation(comparedBy: comparison.kind)
    }
    switch comparison.kind {
    case .reflection:
      return message
        + " Ids that only grow? Compare by a projection that leaves ids, counters and UUIDs out (`state:`)."
    case .equality:
      return message
        + " Ids that only grow? Leave ids, counters and UUIDs out of the router's == and hash(into:)."
    case .projection:
      return message
        + " Ids that only grow? Leave ids, counters and UUIDs out of what `state:` returns."
    }
  }

  /// The events from the first state to the pair at `index`.
  func events(to index: Int, _ paths: [(parent: Int, event: EventReference?)]) -> [EventReference] {
    var events: [EventReference] = []
    var i = index
    while i > 0, let event = paths[i].event {
      events.append(event)
      i = paths[i].parent
    }
    return events.reversed()
  }

  func encoded(_ reference: ReferenceRouter) -> [UInt8] {
    var bytes: [UInt8] = []
    reference.encode(into: &bytes)
    return bytes
  }

  /// The router in `node`'s state: its copy, or a fresh one that replayed `path`.
  func router(at node: Node, path: [EventReference], runner: RouterRunner<Adapter>) -> Adapter? {
    if let router = node.router { return router }
    guard var router = try? makeRouter() else { return nil }
    var tracker = SequenceTracker(reference: runner.reference)
    var steps: [NavigationStep] = []
    for event in path {
      guard case .success(let next) = tracker.next(event, steps: steps) else { return nil }
      do { try router.perform(Self.performed(next.navigation)) } catch {
        // An adapter that finds no router for stale work's screen ignores it: what it should.
        if !next.navigation.isStaleCompletion { return nil }
      }
      _ = tracker.perform(next)
      steps.append(next.navigation)
    }
    return router
  }

  /// A step as the router performs it here: work without the step that started it (a state
  /// is reached by many paths, so a router keyed by it would never repeat); `PendingWork`
  /// then matches work by id.
  static func performed(_ step: NavigationStep) -> NavigationStep {
    var step = step
    switch step.event {
    case .startAsync(var work):
      work.startedAt = nil
      step.event = .startAsync(work)
    case .completeAsync(var work) where !step.isStaleCompletion:
      work.startedAt = nil
      step.event = .completeAsync(work)
    default: break
    }
    return step
  }

  /// The stale work a tracker may still fire, one start per piece of work (the latest), by
  /// what it is: its id and destination.
  func staleWork(_ tracker: SequenceTracker) -> [(key: String, start: Int)] {
    guard firesStaleCompletions else { return [] }
    var latest: [String: Int] = [:]
    for start in tracker.staleStarts {
      guard let work = tracker.started[start] else { continue }
      latest["\(work.id)|\(work.destination)"] = start
    }
    return latest.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// Every step the reference allows from `node`, performed on the router in its state; then,
  /// where `firesStaleCompletions`, the completion of each piece of stale work.
  func expand(_ node: Node, path: [EventReference], runner: RouterRunner<Adapter>) -> Expansion {
    var expansion = Expansion()
    let isValue = node.router != nil
    guard let start = router(at: node, path: path, runner: runner) else {
      // Replaying a class router's path failed: the router is not deterministic or threw.
      expansion.failures.append((path.last ?? .deepLink(""), .throwsNoError, nil))
      return expansion
    }
    let before = start.snapshot()
    let original = isValue ? RouterStateKey.reflecting(start) : nil
    let events =
      node.reference.steps(leavingOut: Adapter.leftOutEvents).map(\.navigation.reference)
      + staleWork(node.tracker).map { EventReference.staleCompletion(startedAt: $0.start) }
    for event in events {
      var tracker = node.tracker
      guard case .success(let next) = tracker.next(event, steps: node.steps) else { continue }
      if let finding = next.step?.specFinding {
        expansion.specFindings.append(SpecFinding(finding))
      }
      let removed = tracker.perform(next)
      let declaration = tracker.lastDeclaration
      guard var router = isValue ? start : self.router(at: node, path: path, runner: runner)
      else {
        expansion.failures.append((event, .throwsNoError, declaration))
        continue
      }
      do { try router.perform(Self.performed(next.navigation)) } catch {
        // An adapter that finds no router for stale work's screen ignores it: what it should.
        if !next.navigation.isStaleCompletion {
          expansion.failures.append((event, .throwsNoError, declaration))
          continue
        }
      }
      expansion.transitions += 1
      let snapshot = router.snapshot()
      if next.navigation.isStaleCompletion
        && !snapshot.shown.matches(ShownScreens(tracker.reference.expected))
      {
        expansion.failures.append((event, .staleWorkDoesNothing, declaration))
        continue
      }
      let context = RouterInvariant.Context(
        after: next.navigation, reference: tracker.reference, removed: removed, before: before,
        orphanedBySpec: tracker.orphanedBySpec)
      if let (rule, _) = RouterRunner<Adapter>.check(
        snapshot, invariants: runner.invariants, context: context)
      {
        expansion.failures.append((event, rule, declaration))
        continue
      }
      let referenceBytes = encoded(tracker.reference)
      let screens = ScreensKey(
        reference: referenceBytes, snapshot: RouterStateKey.canonical(snapshot))
      expansion.successors.append(
        (
          event, tracker, node.steps + [next.navigation], isValue ? router : nil,
          PairKey(
            reference: referenceBytes, router: comparison.key(router),
            stale: staleWork(tracker).map(\.key)),
          screens
        ))
    }
    if let original, RouterStateKey.reflecting(start) != original { expansion.sharesState = true }
    return expansion
  }
}
