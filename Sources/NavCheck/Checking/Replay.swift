/// Re-executing a trace, and seeded random walks: the "what happens if" tools.
///
/// ```swift
/// let replay = try spec.replay([
///   .transition(screen: "TodoList", transition: .label("Add")),
///   .gesture(.swipeDown),
/// ])
/// print(replay.ending)
/// ```
public struct Replay: Sendable {
  /// How a replay or walk ended.
  public enum Ending: Sendable, Equatable {
    /// Every step was possible; the last state is the final step's (or the initial state).
    case state
    /// Step `step` (0-based) broke a rule; step -1 is the first state (a custom invariant).
    /// A replay whose last state is a trap ends with a `.trap` violation at its last step.
    case violation(step: Int, kind: ViolationKind, message: String)
    /// Step `step` was cut by a bound.
    case pruned(step: Int)
    /// Step `step` is not possible in the state it came to, for `reason`.
    case impossible(step: Int, reason: String)
  }

  /// The initial state.
  public var initial: StateView
  /// The steps performed, each with the state after it (none after a violating or pruned step).
  public var steps: [TraceStep]
  /// How it ended.
  public var ending: Ending
}

extension NavigationSpec {
  /// Replays events from the first screen, naming the first one that is not possible.
  ///
  /// ```swift
  /// let replay = try spec.replay(result.violations[0].trace.map(\.event))
  /// ```
  ///
  /// - Throws: `SpecError` where the spec is invalid.
  public func replay(_ events: [EventReference]) throws(SpecError) -> Replay {
    try validate()
    var walk = Walk(RouterSemantics(CompiledSpec(self)))
    if let ending = walk.checkInitialState() { return walk.end(ending) }
    for (n, reference) in events.enumerated() {
      switch walk.match(reference) {
      case .failure(let reason): return walk.end(.impossible(step: n, reason: reason.message))
      case .success(let event):
        if let ending = walk.perform(event, step: n) { return walk.end(ending) }
      }
    }
    if !events.isEmpty && walk.endsInTrap() == true {
      return walk.end(
        .violation(
          step: events.count - 1, kind: .trap,
          message: CheckReport.message(.trap, title: root, event: "")))
    }
    return walk.end(.state)
  }

  /// Walks `steps` random events from the first screen, reproducibly for a seed; stops at the
  /// first violation (custom invariants included), or where no event is possible. Events a
  /// bound cuts are not chosen.
  ///
  /// ```swift
  /// let walk = try spec.simulate(steps: 20, seed: 42)
  /// for step in walk.steps { print(step.description) }
  /// ```
  public func simulate(steps: Int, seed: UInt64) throws(SpecError) -> Replay {
    try validate()
    let semantics = RouterSemantics(CompiledSpec(self))
    var walk = Walk(semantics)
    if let ending = walk.checkInitialState() { return walk.end(ending) }
    var random = SplitMix64(seed: seed)
    for n in 0..<steps {
      var events: [RouterEvent] = []
      semantics.events(of: walk.state, into: &events)
      // Keep the events a bound does not cut.
      events = events.filter { event in
        var copy = walk.state
        var fired: [Int] = []
        return semantics.apply(event, to: &copy, fired: &fired) != .pruned
      }
      guard !events.isEmpty else { break }
      let event = events[Int(random.next() % UInt64(events.count))]
      if let ending = walk.perform(event, step: n) { return walk.end(ending) }
    }
    return walk.end(.state)
  }
}

/// A replay in progress.
struct Walk {
  let semantics: RouterSemantics
  var state: RouterState
  var steps: [TraceStep] = []

  init(_ semantics: RouterSemantics) {
    self.semantics = semantics
    state = semantics.initialState
  }

  var spec: CompiledSpec { semantics.spec }

  func end(_ ending: Replay.Ending) -> Replay {
    Replay(
      initial: StateView(semantics.initialState, spec), steps: steps, ending: ending)
  }

  /// The first custom invariant `state` breaks, by name.
  func brokenInvariant(_ state: RouterState) -> String? {
    let invariants = spec.spec.invariants
    guard !invariants.isEmpty else { return nil }
    let view = StateView(state, spec)
    return invariants.first { !$0.holds(view) }?.name
  }

  /// The ending where the first state already breaks a custom invariant.
  func checkInitialState() -> Replay.Ending? {
    brokenInvariant(state).map {
      .violation(step: -1, kind: .invariant, message: "the first state breaks invariant '\($0)'")
    }
  }

  /// Whether no home state can be reached from the current state by events other than deep
  /// links (SEMANTICS §6); `nil` where the search passed `limit` states. States that break a
  /// custom invariant are not expanded, as in a check.
  ///
  /// - Complexity: O(states and transitions reachable from the current state)
  func endsInTrap(limit: Int = 1_000_000) -> Bool? {
    let codec = StateCodec(spec)
    var seen: Set<[UInt8]> = []
    var queue = [state]
    var bytes: [UInt8] = []
    codec.encode(state, into: &bytes)
    seen.insert(bytes)
    var head = 0
    var events: [RouterEvent] = []
    var fired: [Int] = []
    while head < queue.count {
      let current = queue[head]
      head += 1
      if current.isHome { return false }
      if brokenInvariant(current) != nil { continue }
      events.removeAll()
      semantics.events(of: current, into: &events)
      for event in events {
        if case .deepLink = event { continue }
        var next = current
        guard semantics.apply(event, to: &next, fired: &fired) == .state else { continue }
        bytes.removeAll()
        codec.encode(next, into: &bytes)
        if seen.insert(bytes).inserted {
          guard seen.count <= limit else { return nil }
          queue.append(next)
        }
      }
    }
    return true
  }

  /// Performs `event`; returns an ending where it broke a rule (custom invariants included) or
  /// was pruned.
  mutating func perform(_ event: RouterEvent, step: Int) -> Replay.Ending? {
    var next = state
    var fired: [Int] = []
    let outcome = semantics.apply(event, to: &next, fired: &fired)
    let words = semantics.describe(event, in: state)
    steps.append(
      TraceStep(
        event: semantics.reference(event, in: state), description: words,
        state: outcome == .state ? StateView(next, spec) : nil))
    switch outcome {
    case .state:
      state = next
      return brokenInvariant(next).map {
        .violation(step: step, kind: .invariant, message: "the state breaks invariant '\($0)'")
      }
    case .pruned:
      return .pruned(step: step)
    case .violation(let kind, let declaration):
      return .violation(
        step: step, kind: kind,
        message: CheckReport.message(
          kind, title: spec.declarations[declaration].title, event: words))
    }
  }

  struct Impossible: Error {
    var message: String
  }

  /// The event of the current state that `reference` names.
  func match(_ reference: EventReference) -> Result<RouterEvent, Impossible> {
    var events: [RouterEvent] = []
    semantics.events(of: state, into: &events)
    let active = state.screens[state.activeIndex]
    let activeName = spec.destinations[Int(active.destination)].name
    let alert = active.alert == 0 ? nil : spec.alerts[Int(active.alert) - 1]
    func transition(_ destination: Int, _ name: EventReference.TransitionName) -> Int? {
      spec.destinations[destination].transitions.first { t in
        switch name {
        case .label(let label): spec.transitionLabels[t] == label
        case .index(let index): spec.transitions[t].index == index
        }
      }
    }
    switch reference {
    case .transition(let screen, let name):
      guard screen == activeName else {
        return .failure(Impossible(message: "the active screen is \(activeName), not \(screen)"))
      }
      guard let t = transition(Int(active.destination), name) else {
        return .failure(Impossible(message: "\(screen) declares no transition \(name)"))
      }
      if let alert {
        return .failure(
          Impossible(
            message: "\(screen) shows alert '\(alert.name)'; only its buttons can be tapped"))
      }
      guard events.contains(.transition(t)) else {
        return .failure(
          Impossible(message: "async transition \(name) is already pending on \(screen)"))
      }
      return .success(.transition(t))
    case .gesture(let gesture):
      let event: RouterEvent = gesture == .swipeBack ? .swipeBack : .swipeDown
      guard events.contains(event) else {
        let why =
          alert != nil
          ? "\(activeName) shows an alert"
          : gesture == .swipeBack
            ? "\(activeName) is the only screen of its stack"
            : "the active environment is not a sheet that can be swiped down"
        return .failure(Impossible(message: "cannot \(gesture.rawValue): \(why)"))
      }
      return .success(event)
    case .alertButton(let label):
      guard let alert else {
        return .failure(Impossible(message: "\(activeName) shows no alert"))
      }
      guard let b = alert.buttons.firstIndex(where: { $0.label == label }) else {
        let labels = alert.buttons.map { "'\($0.label)'" }.joined(separator: ", ")
        return .failure(
          Impossible(message: "alert '\(alert.name)' has no button '\(label)' (it has \(labels))"))
      }
      return .success(.alertButton(b))
    case .complete(let screen, let name, let at):
      let matches = events.filter {
        guard case .completion(let i, let t) = $0 else { return false }
        let destination = Int(state.screens[i].destination)
        return spec.destinations[destination].name == screen && transition(destination, name) == t
          && (at == nil || at == i)
      }
      guard let first = matches.first else {
        return .failure(
          Impossible(message: "no screen \(screen) has async transition \(name) pending"))
      }
      return .success(first)
    case .deepLink(let name):
      guard let l = spec.deepLinks.firstIndex(where: { $0.name == name }) else {
        return .failure(Impossible(message: "the spec declares no deep link '\(name)'"))
      }
      return .success(.deepLink(l))
    }
  }
}

/// SplitMix64: a tiny, fixed, portable generator, so a seed walks the same everywhere.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension EventReference {
  /// Reads a step object of a trace: `{"screen": "Cart", "transition": "Checkout"}` (label or
  /// index), `{"gesture": "swipeBack"}`, `{"alertButton": "Delete"}`,
  /// `{"complete": {"screen": "AddTodo", "transition": "Save"}}`, `{"deepLink": "promo"}`. A
  /// report's `{"event": …, "description": …}` step is read through its `event`.
  ///
  /// ```swift
  /// let step = try EventReference(jsonValue: .object([("gesture", .string("swipeBack"))]))
  /// ```
  public init(jsonValue value: JSONValue) throws(SpecError) {
    func fail(_ message: String) -> SpecError {
      SpecError([SpecProblem(message + " (line \(value.line))")])
    }
    guard case .object(let members) = value.kind else {
      throw fail("a trace step is a JSON object, found \(value.typeName)")
    }
    func name(_ v: JSONValue?) -> TransitionName? {
      switch v?.kind {
      case .string(let s): .label(s)
      case .number(let n): Int(n).map { .index($0) }
      default: nil
      }
    }
    func string(_ key: String) -> String? {
      if case .string(let s) = value[key]?.kind { return s }
      return nil
    }
    if let event = value["event"] {
      try self.init(jsonValue: event)
    } else if let screen = string("screen") {
      guard let t = name(value["transition"]) else {
        throw fail("a transition step needs \"transition\": a label or an index")
      }
      self = .transition(screen: screen, transition: t)
    } else if let gesture = string("gesture") {
      guard let g = Gesture(rawValue: gesture) else {
        throw fail("unknown gesture '\(gesture)'; use swipeBack or swipeDown")
      }
      self = .gesture(g)
    } else if let label = string("alertButton") {
      self = .alertButton(label)
    } else if let complete = value["complete"] {
      guard case .string(let screen) = complete["screen"]?.kind,
        let t = name(complete["transition"])
      else { throw fail("a complete step needs {\"screen\": …, \"transition\": …}") }
      var at: Int?
      if case .number(let n) = complete["at"]?.kind { at = Int(n) }
      self = .complete(screen: screen, transition: t, at: at)
    } else if let link = string("deepLink") {
      self = .deepLink(link)
    } else {
      let keys = members.map(\.key).joined(separator: ", ")
      throw fail(
        "unknown trace step with keys \(keys); expected screen+transition, gesture, alertButton, complete or deepLink"
      )
    }
  }
}
