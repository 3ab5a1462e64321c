import NavCheckExplorer

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
  /// The states that break a custom invariant, by index, with the invariant's name: like a
  /// check, the graph does not expand them.
  public var brokenInvariants: [Int: String]
  /// Whether every reachable state is in the graph.
  public var complete: Bool
}

extension NavigationSpec {
  /// Explores at most `maxStates` states breadth-first and returns them with every edge.
  ///
  /// The states are the explorer's (the same ones, in the same order, as a check finds); the
  /// edges of each are its events in canonical order.
  ///
  /// ```swift
  /// let graph = try spec.stateGraph(maxStates: 100)
  /// print(graph.complete ? "whole graph" : "first 100 states")
  /// ```
  public func stateGraph(maxStates: Int = 200) throws(SpecError) -> StateGraph {
    try validate()
    let model = RouterModel(CompiledSpec(self))
    var options = ExplorerOptions()
    options.maxStates = maxStates
    options.analyzesReturns = false
    options.recordsStates = true
    let exploration = Explorer.explore(model, options: options)
    var ids: [[UInt8]: Int] = [:]
    var states: [RouterState] = []
    for (id, bytes) in exploration.stateEncodings.enumerated() {
      ids[bytes] = id
      states.append(bytes.withUnsafeBytes { model.codec.decode($0) })
    }
    var edges: [StateGraph.Edge] = []
    var brokenInvariants: [Int: String] = [:]
    var bytes: [UInt8] = []
    for (id, state) in states.enumerated() {
      if let declaration = model.brokenInvariant(state) {
        brokenInvariants[id] = invariants[model.spec.declarations[declaration].index].name
        continue
      }
      for event in model.events(of: state) {
        let step = model.step(event, from: state)
        var edge = StateGraph.Edge(
          from: id, to: nil, event: model.words(of: step), violation: nil, pruned: false)
        switch step.outcome {
        case .state:
          bytes.removeAll(keepingCapacity: true)
          model.codec.encode(step.state, into: &bytes)
          // A state past `maxStates` is not in the graph, nor the edge to it.
          guard let to = ids[bytes] else { continue }
          edge.to = to
        case .violation(let kind, _): edge.violation = kind
        case .pruned: edge.pruned = true
        }
        edges.append(edge)
      }
    }
    return StateGraph(
      states: states.map { StateView($0, model.spec) }, edges: edges,
      brokenInvariants: brokenInvariants, complete: exploration.isComplete)
  }
}
