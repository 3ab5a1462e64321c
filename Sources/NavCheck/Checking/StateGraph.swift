/// The explored state graph, small enough to draw (`navcheck graph --states`).
///
/// ```swift
/// let graph = try spec.stateGraph(maxStates: 50)
/// for edge in graph.edges { print(edge.from, "→", edge.to ?? -1, edge.event) }
/// ```
public struct StateGraph: Sendable {
  /// One edge: an event of a state and where it leads.
  public struct Edge: Sendable, Hashable {
    /// The index of the state the event happens in.
    public var from: Int
    /// The index of the state it leads to; nil for a violation or a pruned event.
    public var to: Int?
    /// The event in words.
    public var event: String
    /// The rule it breaks, if it does.
    public var violation: ViolationKind?
    /// Whether a bound cut it.
    public var pruned: Bool
  }

  /// The states in BFS order; the first is the initial state.
  public var states: [StateView]
  /// Every edge out of an explored state, in canonical event order.
  public var edges: [Edge]
  /// Whether every reachable state is in the graph.
  public var complete: Bool
}

extension NavigationSpec {
  /// Explores at most `maxStates` states breadth-first and returns them with every edge.
  ///
  /// ```swift
  /// let graph = try spec.stateGraph(maxStates: 100)
  /// print(graph.complete ? "whole graph" : "first 100 states")
  /// ```
  public func stateGraph(maxStates: Int = 200) throws(SpecError) -> StateGraph {
    try validate()
    let compiled = CompiledSpec(self)
    let semantics = RouterSemantics(compiled)
    let codec = StateCodec(compiled)
    var ids: [[UInt8]: Int] = [:]
    var states: [RouterState] = [semantics.initialState]
    var bytes: [UInt8] = []
    codec.encode(states[0], into: &bytes)
    ids[bytes] = 0
    var edges: [StateGraph.Edge] = []
    var complete = true
    var head = 0
    while head < states.count {
      let state = states[head]
      var events: [RouterEvent] = []
      semantics.events(of: state, into: &events)
      for event in events {
        var next = state
        var fired: [Int] = []
        let outcome = semantics.apply(event, to: &next, fired: &fired)
        var edge = StateGraph.Edge(
          from: head, to: nil, event: semantics.describe(event, in: state), violation: nil,
          pruned: outcome == .pruned)
        if case .violation(let kind, _) = outcome { edge.violation = kind }
        if outcome == .state {
          bytes.removeAll()
          codec.encode(next, into: &bytes)
          if let id = ids[bytes] {
            edge.to = id
          } else if states.count < maxStates {
            ids[bytes] = states.count
            edge.to = states.count
            states.append(next)
          } else {
            complete = false
            continue
          }
        }
        edges.append(edge)
      }
      head += 1
    }
    return StateGraph(
      states: states.map { StateView($0, compiled) }, edges: edges, complete: complete)
  }
}
