/// A state space the explorer can walk: states are byte strings in a canonical encoding.
///
/// The explorer knows nothing about navigation, like Stateright's `Model`: the reference router
/// is one such model, and a team's own value-type router can be another. States are compared by
/// a fixed-seed fingerprint of their encoding, so equal states must encode to equal bytes.
///
/// ```swift
/// struct Counter: ExplorationModel {
///   func initialState(into bytes: inout [UInt8]) { bytes.append(0) }
///   func makeExpander() -> CounterExpander { CounterExpander() }
/// }
/// final class CounterExpander: StateExpander {
///   func expand(_ state: UnsafeRawBufferPointer, into sink: inout SuccessorSink) {
///     if state[0] < 9 { sink.state([state[0] + 1]) } else { sink.violation(0) }
///   }
/// }
/// ```
package protocol ExplorationModel: Sendable {
  /// Appends the encoding of the initial state to `bytes`.
  func initialState(into bytes: inout [UInt8])
  /// A fresh worker; the explorer makes one per thread and reuses it.
  func makeExpander() -> any StateExpander
  /// How many coverage marks the model uses (`SuccessorSink.cover(_:)` takes `0..<count`).
  var coverageMarks: Int { get }
  /// Whether new states are given to `StateExpander.check` (a model whose states break no
  /// rule of their own says no, and the explorer skips the call).
  var checksStates: Bool { get }
}

extension ExplorationModel {
  /// No coverage marks by default.
  package var coverageMarks: Int { 0 }
  /// Every new state is checked by default.
  package var checksStates: Bool { true }
}

/// The worker that lists a state's events and their outcomes, one thread's scratch space.
///
/// A class: the explorer calls it once per state through the protocol, and a class's witness
/// is the concrete type's own code, where a struct held as an existential would be made unique
/// at every call (and a generic struct's witness would run unspecialized code).
package protocol StateExpander: AnyObject {
  /// Reports each event of `state`, in the model's canonical order, to `sink`: exactly one
  /// `state`, `violation` or `pruned` call per event.
  func expand(_ state: UnsafeRawBufferPointer, into sink: inout SuccessorSink)
  /// Checks a newly found state; returns the finding key of a rule it breaks (it then counts
  /// as a state but is not expanded). It may mark coverage on `sink`, nothing else: it reports
  /// no events.
  func check(_ state: UnsafeRawBufferPointer, into sink: inout SuccessorSink) -> UInt32?
}

extension StateExpander {
  /// No invariants by default.
  package func check(
    _ state: UnsafeRawBufferPointer, into sink: inout SuccessorSink
  ) -> UInt32? { nil }
}
