import Foundation
import NavCheck
import NavCheckExplorer

/// What checking a value-type router over every reachable state found.
public struct RouterExhaustiveResult: Sendable, CustomStringConvertible {
  /// The shortest failing sequence (breadth-first), or `nil` where every reachable pair of
  /// states passed.
  public var failure: RouterFailure?
  /// Distinct (reference state, router state) pairs explored.
  public var states: Int
  /// Steps performed on the router.
  public var transitions: Int
  /// Whether every reachable pair was explored (`maxStates` was not reached).
  public var complete: Bool
  /// Kinds the router does not support: left out.
  public var leftOut: Set<NavigationEvent.Kind>
  /// The report a failing test shows.
  public var report: String

  public var description: String { report }
}

/// Checks a value-type router over every sequence of events the spec allows: the pair
/// (reference state, router state) is explored breadth-first on all cores, so the failure
/// reported is a shortest one, the same for every thread count.
///
/// The router's state is compared by its `Codable` encoding, so it must hold its pending work
/// as data (`PendingWork<SomeCodableValue>`), not as closures.
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
@discardableResult
public func checkRouterExhaustively<Adapter: RouterAdapter & Codable>(
  _ spec: NavigationSpec, invariants: [RouterInvariant] = [], maxStates: Int = 1_000_000,
  threads: Int = ExplorationOptions().threads, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
  makeRouter: @escaping () throws -> Adapter
) -> RouterExhaustiveResult {
  let call = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  var result = RouterExhaustiveResult(
    failure: nil, states: 0, transitions: 0, complete: false, leftOut: Adapter.unsupportedEvents,
    report: "")
  func fail(_ message: String) -> RouterExhaustiveResult {
    result.report = message
    NavigationFailure(message: message, location: nil).record(at: call)
    return result
  }
  let reference: ReferenceRouter
  do { reference = try ReferenceRouter(spec) } catch {
    for failure in NavigationFailure.failures(of: error, spec: spec.name) {
      failure.record(at: call)
    }
    result.report = "invalid spec '\(spec.name)'"
    return result
  }
  let allInvariants = RouterInvariant.productInvariants + invariants
  let runner = RouterRunner(reference: reference, invariants: allInvariants, makeRouter: makeRouter)
  // The first state, checked like every other.
  if case .failed(let failure) = runner.run([]) {
    result.failure = failure
    return fail(failure.description)
  }
  let initial: Data
  do { initial = try RouterPair<Adapter>.encoder.encode(try makeRouter()) } catch {
    return fail("\(spec.name): the router's first state cannot be encoded: \(error)")
  }
  var options = ExplorationOptions()
  options.threads = threads
  options.maxStates = maxStates
  options.analyzesReturns = false
  let model = RouterPair<Adapter>(
    reference: reference, initialRouter: Array(initial), invariants: allInvariants)
  let exploration = Explorer.explore(model, options: options)
  result.states = exploration.states
  result.transitions = exploration.transitions
  result.complete = exploration.isComplete
  let counts = "\(exploration.states) states, \(exploration.transitions) steps"
  if let first = exploration.findings.first {
    // The finding's path: event indices among each reference state's possible steps.
    var walk = reference
    var events: [EventReference] = []
    for index in first.path {
      let step = walk.steps(leavingOut: Adapter.unsupportedEvents)[index]
      events.append(step.navigation.reference)
      walk.perform(step)
    }
    guard case .failed(let failure) = runner.run(events) else {
      return fail(
        "\(spec.name): the router broke a rule after \(events.count) steps while exploring, but not when the same steps ran again: it is not deterministic (\(events.map(\.swiftLiteral).joined(separator: ", ")))"
      )
    }
    result.failure = failure
    return fail(
      failure.description + "\nthe shortest such sequence, found breadth-first among \(counts)\n"
        + "Paste to reproduce, in XCTest:\n"
        + failure.xcTestMethod(router: "\(Adapter.self)()").split(separator: "\n").map {
          "  " + $0
        }.joined(separator: "\n"))
  }
  if !exploration.isComplete {
    return fail(
      "\(spec.name): the exhaustive check is incomplete after \(counts) (maxStates \(maxStates)); raise maxStates or tighten the spec's bounds"
    )
  }
  result.report = "\(spec.name): every sequence passed; \(counts)"
  return result
}

/// The pair (reference state, router state) as a model the explorer walks. A state is the
/// reference state's encoding (its length in two bytes first), then the router's JSON with
/// sorted keys.
struct RouterPair<Adapter: RouterAdapter & Codable>: ExplorationModel {
  let reference: ReferenceRouter
  let initialRouter: [UInt8]
  let invariants: [RouterInvariant]

  static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }

  func initialState(into bytes: inout [UInt8]) {
    Self.append(reference, initialRouter, to: &bytes)
  }

  func makeExpander() -> any StateExpander { Expander(model: self) }

  static func append(_ reference: ReferenceRouter, _ router: [UInt8], to bytes: inout [UInt8]) {
    var encoded: [UInt8] = []
    reference.encode(into: &encoded)
    bytes.append(UInt8(truncatingIfNeeded: encoded.count))
    bytes.append(UInt8(truncatingIfNeeded: encoded.count >> 8))
    bytes += encoded
    bytes += router
  }

  /// A finding key names the rule: each invariant by index, then the differential check, then
  /// a thrown error.
  func key(_ rule: RouterFailure.Rule) -> UInt32 {
    switch rule {
    case .invariant(let name): UInt32(invariants.firstIndex { $0.name == name } ?? 0)
    case .showsWhatTheReferenceShows: UInt32(invariants.count)
    case .throwsNoError: UInt32(invariants.count + 1)
    }
  }

  final class Expander: StateExpander {
    let model: RouterPair
    var reference: ReferenceRouter
    let encoder = RouterPair.encoder
    let decoder = JSONDecoder()
    var bytes: [UInt8] = []

    init(model: RouterPair) {
      self.model = model
      reference = model.reference
    }

    func expand(_ state: UnsafeRawBufferPointer, into sink: inout SuccessorSink) {
      let length = Int(state[0]) | Int(state[1]) << 8
      reference.decode(UnsafeRawBufferPointer(rebasing: state[2..<(2 + length)]))
      let routerData = Data(state[(2 + length)...])
      guard let before = try? decoder.decode(Adapter.self, from: routerData) else {
        // Every state here was encoded from a router; one that does not decode is the
        // router's Codable conformance at fault.
        for _ in reference.steps(leavingOut: Adapter.unsupportedEvents) {
          sink.violation(model.key(.throwsNoError))
        }
        return
      }
      let snapshot = before.snapshot()
      for step in reference.steps(leavingOut: Adapter.unsupportedEvents) {
        var next = reference
        let removed = next.perform(step)
        // A fresh copy each time, in case the adapter is a class after all.
        guard var router = try? decoder.decode(Adapter.self, from: routerData),
          (try? router.perform(step.navigation)) != nil
        else {
          sink.violation(model.key(.throwsNoError))
          continue
        }
        let context = RouterInvariant.Context(
          after: step.navigation, reference: next, removed: removed, before: snapshot)
        if let (rule, _) = RouterRunner<Adapter>.check(
          router.snapshot(), invariants: model.invariants, context: context)
        {
          sink.violation(model.key(rule))
          continue
        }
        guard let encoded = try? encoder.encode(router) else {
          sink.violation(model.key(.throwsNoError))
          continue
        }
        bytes.removeAll(keepingCapacity: true)
        RouterPair.append(next, Array(encoded), to: &bytes)
        sink.state(bytes)
      }
    }
  }
}
