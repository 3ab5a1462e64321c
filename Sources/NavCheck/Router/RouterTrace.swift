/// Events in words and in machine-readable form, and traces rebuilt by replaying events.
extension RouterSemantics {
  /// The screen an event acts from, by name.
  func screenName(_ i: Int, _ s: RouterState) -> String {
    spec.destinations[Int(s.screens[i].destination)].name
  }

  /// An action in words: "sheet AddTodo", "dismiss environment".
  func words(_ act: CompiledSpec.Act) -> String {
    let name = { (d: Int) in spec.destinations[d].name }
    switch act {
    case .push(let d): return "push \(name(d))"
    case .sheet(let d): return "sheet \(name(d))"
    case .fullScreenCover(let d): return "full-screen cover \(name(d))"
    case .alert(let a): return "alert '\(spec.alerts[a].name)'"
    case .startFlow(let f): return "start flow '\(spec.flows[f].name)'"
    case .next: return "next flow step"
    case .nextOrDismissEnvironment: return "next flow step or dismiss environment"
    case .dismiss(nil): return "dismiss"
    case .dismiss(let d?): return "dismiss \(name(d))"
    case .dismissTo(let d): return "dismiss to \(name(d))"
    case .dismissCount(let n): return "dismiss \(n) screen\(n == 1 ? "" : "s")"
    case .dismissStack: return "dismiss stack"
    case .dismissEnvironment: return "dismiss environment"
    case .popTo(let d): return "pop to \(name(d))"
    case .dismissAll: return "dismiss all"
    case .dismissPresented: return "dismiss presented"
    case .dismissAlert: return "dismiss alert"
    }
  }

  /// The event in words: "TodoList: tap 'Add' → sheet AddTodo".
  func describe(_ event: RouterEvent, in s: RouterState) -> String {
    let active = screenName(s.activeIndex, s)
    switch event {
    case .transition(let t):
      let transition = spec.transitions[t]
      let label = spec.transitionLabels[t].map { "'\($0)'" }
      if transition.isAsync {
        return "\(active): async \(label ?? words(transition.act)) starts"
      }
      if let label { return "\(active): tap \(label) → \(words(transition.act))" }
      return "\(active): \(words(transition.act))"
    case .alertButton(let b):
      let alert = spec.alerts[Int(s.screens[s.activeIndex].alert) - 1]
      let button = alert.buttons[b]
      let then = button.act.map { " → \(words($0))" } ?? ""
      return "\(active): alert '\(alert.name)', tap '\(button.label)'\(then)"
    case .swipeBack:
      return "user swipes back from \(active)"
    case .swipeDown:
      return "user swipes the \(screenName(s.environmentStart(of: s.activeIndex), s)) sheet down"
    case .completion(let i, let t):
      return
        "\(screenName(i, s)): async \(spec.transitionName(t)) completes → \(words(spec.transitions[t].act))"
    case .deepLink(let l):
      return "deep link '\(spec.deepLinks[l].name)' arrives"
    }
  }

  /// The event as a replayable reference.
  func reference(_ event: RouterEvent, in s: RouterState) -> EventReference {
    func name(_ t: Int) -> EventReference.TransitionName {
      return spec.transitionLabels[t].map { .label($0) } ?? .index(spec.transitions[t].index)
    }
    switch event {
    case .transition(let t):
      return .transition(screen: screenName(s.activeIndex, s), transition: name(t))
    case .alertButton(let b):
      return .alertButton(spec.alerts[Int(s.screens[s.activeIndex].alert) - 1].buttons[b].label)
    case .swipeBack: return .gesture(.swipeBack)
    case .swipeDown: return .gesture(.swipeDown)
    case .completion(let i, let t):
      // The screen's name is enough unless an earlier screen of the same destination has the
      // same transition pending.
      let destination = s.screens[i].destination
      let bit = UInt64(1) << UInt64(spec.transitions[t].pendingBit)
      let ambiguous = s.screens[..<i].contains {
        $0.destination == destination && $0.pending & bit != 0
      }
      return .complete(screen: screenName(i, s), transition: name(t), at: ambiguous ? i : nil)
    case .deepLink(let l): return .deepLink(spec.deepLinks[l].name)
    }
  }

  /// Replays event indices from the initial state into trace steps; a step whose event breaks
  /// a rule or is pruned has no state, and ends the trace.
  func trace(_ path: [Int]) -> [TraceStep] {
    var s = initialState
    var events: [RouterEvent] = []
    var fired: [Int] = []
    var steps: [TraceStep] = []
    for index in path {
      events.removeAll()
      self.events(of: s, into: &events)
      let event = events[index]
      var next = s
      let outcome = apply(event, to: &next, fired: &fired)
      steps.append(
        TraceStep(
          event: reference(event, in: s), description: describe(event, in: s),
          state: outcome == .state ? StateView(next, spec) : nil))
      guard outcome == .state else { break }
      s = next
    }
    return steps
  }
}
