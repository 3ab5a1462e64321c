/// Events named the way people and replays name them (`EventReference`), both ways.
extension RouterModel {
  /// The event as a replayable reference.
  func reference(_ event: RouterEvent, in s: RouterState) -> EventReference {
    func name(_ t: Int) -> EventReference.TransitionName {
      spec.transitionLabels[t].map { .label($0) } ?? .index(spec.transitions[t].index)
    }
    switch event {
    case .transition(let t):
      return .transition(screen: screenName(s.active, s), transition: name(t))
    case .alertButton(let b):
      // A window prompt's button where one shows (§11.8), else the active screen's alert's.
      let alert = s.prompt != 0 ? s.prompt - 1 : s[s.active].shownAlert!
      return .alertButton(spec.alerts[alert].buttons[b].label)
    case .gesture(let gesture): return .gesture(gesture.reference)
    case .complete(let holder, let t, let o):
      // The names are enough unless an earlier holder has the same transition pending (its
      // completions come first in canonical order).
      let ambiguous = events(of: s).contains {
        guard case .complete(let earlier, let u, let p) = $0 else { return false }
        return u == t && p == o && earlier < holder
      }
      let declared = spec.declaredTransition(t)
      return .complete(
        screen: spec.destinations[spec.transitions[t].destination].name, transition: name(t),
        outcome: declared.outcomes == nil ? nil : spec.outcomes[o].label,
        actsOn: declared.actsOn,
        at: ambiguous ? holder.index : nil)
    case .deepLink(let l): return .deepLink(spec.deepLinks[l].name)
    case .selectTab(let tab):
      return .selectTab(spec.destinations[Int(spec.modules[s.module].roots[tab])].name)
    case .tapToast: return .tapToast(spec.toasts[s.toast - 1].name)
    case .toastExpires: return .toastExpires(spec.toasts[s.toast - 1].name)
    case .tabButton(let b): return .tabButton(spec.modules[s.module].tabButtons[b].name)
    case .broadcast(let b): return .broadcast(spec.broadcasts[b].name)
    }
  }

  /// The event each gesture names (a test checks that every gesture has one).
  static let gestureEvents = Dictionary(
    uniqueKeysWithValues: GestureEvent.allCases.map { ($0.reference, RouterEvent.gesture($0)) })

  /// Why a reference names no event of a state.
  struct Impossible: Error {
    var message: String
  }

  /// The event of `state` that `reference` names.
  func match(_ reference: EventReference, in state: RouterState) -> Result<
    RouterEvent, Impossible
  > {
    let events = events(of: state)
    let active = state[state.active]
    let activeName = spec.destinations[Int(active.destination)].name
    let alert = active.shownAlert.map { spec.alerts[$0] }
    // A window prompt takes every touch (§11.8).
    let prompt = state.prompt == 0 ? nil : spec.alerts[state.prompt - 1]
    let promptTakes = prompt.map { "window prompt '\($0.name)' takes every touch" }
    func transition(_ destination: Int, _ name: EventReference.TransitionName) -> Int? {
      transitionNamed(name, in: destination)
    }
    switch reference {
    case .transition(let screen, let name):
      guard screen == activeName else {
        return .failure(Impossible(message: "the active screen is \(activeName), not \(screen)"))
      }
      guard let t = transition(Int(active.destination), name) else {
        return .failure(Impossible(message: noTransition(name, in: Int(active.destination))))
      }
      if let prompt {
        return .failure(
          Impossible(
            message:
              "window prompt '\(prompt.name)' is shown above every screen; only its buttons can be tapped"
          ))
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
      guard let event = Self.gestureEvents[gesture], events.contains(event) else {
        let why =
          promptTakes
          ?? (alert != nil
            ? "\(activeName) shows an alert" : gesture.unavailable(activeName))
        return .failure(Impossible(message: "cannot \(gesture.rawValue): \(why)"))
      }
      return .success(event)
    case .alertButton(let label):
      guard let alert = prompt ?? alert else {
        return .failure(
          Impossible(message: "\(activeName) shows no alert, and no window prompt is shown"))
      }
      guard let b = alert.buttons.firstIndex(where: { $0.label == label }) else {
        let labels = alert.buttons.map { "'\($0.label)'" }.joined(separator: ", ")
        return .failure(
          Impossible(
            message:
              "\(prompt == nil ? "alert" : "window prompt") '\(alert.name)' has no button '\(label)' (it has \(labels))"
              + didYouMean(label, alert.buttons.map(\.label))))
      }
      return .success(.alertButton(b))
    case .complete(let screen, let name, let outcome, _, let at):
      let matches = events.filter {
        guard case .complete(let holder, let t, let o) = $0 else { return false }
        let destination = spec.transitions[t].destination
        return spec.destinations[destination].name == screen && transition(destination, name) == t
          && spec.outcomes[o].label == outcome && (at == nil || at == holder.index)
      }
      guard let first = matches.first else {
        if let t = spec.destinations.firstIndex(where: { $0.name == screen }).flatMap({
          transition($0, name)
        }),
          let labels = spec.declaredTransition(t).outcomes?.map(\.label),
          outcome.map({ !labels.contains($0) }) ?? true
        {
          let list = labels.map { "'\($0)'" }.joined(separator: ", ")
          return .failure(
            Impossible(
              message:
                "async transition \(name) of \(screen) completes with an outcome: name one of \(list)"
            ))
        }
        if case .does = name, let d = spec.destinations.firstIndex(where: { $0.name == screen }),
          transition(d, name) == nil
        {
          return .failure(Impossible(message: noTransition(name, in: d)))
        }
        return .failure(
          Impossible(message: "no screen \(screen) has async transition \(name) pending"))
      }
      return .success(first)
    case .deepLink(let name):
      guard let l = spec.deepLinks.firstIndex(where: { $0.name == name }) else {
        return .failure(
          Impossible(
            message: "the spec declares no deep link '\(name)'"
              + didYouMean(name, spec.deepLinks.map(\.name))))
      }
      return .success(.deepLink(l))
    case .selectTab(let name):
      let module = spec.modules[state.module]
      guard module.hasTabs,
        let tab = module.roots.firstIndex(where: { spec.destinations[Int($0)].name == name })
      else {
        let tabs = module.roots.map { "'\(spec.destinations[Int($0)].name)'" }
        return .failure(
          Impossible(
            message: module.hasTabs
              ? "module '\(module.name)' has no tab '\(name)' (it has \(tabs.joined(separator: ", ")))"
                + didYouMean(name, module.roots.map { spec.destinations[Int($0)].name })
              : "module '\(module.name)' has no tabs"))
      }
      guard events.contains(.selectTab(tab)) else {
        return .failure(
          Impossible(
            message: tab == state.selectedTab
              ? "tab '\(name)' is already selected"
              : promptTakes
                ?? "the tab bar is not in view: \(activeName) is covered or presented"))
      }
      return .success(.selectTab(tab))
    case .tapToast(let name), .toastExpires(let name):
      let tap = reference == .tapToast(name)
      guard state.toast > 0 else { return .failure(Impossible(message: "no toast is shown")) }
      let shown = spec.toasts[state.toast - 1]
      guard shown.name == name else {
        return .failure(Impossible(message: "the toast shown is '\(shown.name)', not '\(name)'"))
      }
      let event: RouterEvent = tap ? .tapToast : .toastExpires
      guard events.contains(event) else {
        return .failure(
          Impossible(
            message: !tap
              ? "toast '\(name)' does not go away by itself (it does not expire)"
              : promptTakes
                ?? (alert != nil
                  ? "\(activeName) shows an alert, which takes every touch"
                  : "toast '\(name)' is drawn on the root environment, under what is presented")))
      }
      return .success(event)
    case .tabButton(let name):
      let module = spec.modules[state.module]
      guard let b = module.tabButtons.firstIndex(where: { $0.name == name }) else {
        return .failure(
          Impossible(
            message: "module '\(module.name)' has no tab button '\(name)'"
              + didYouMean(name, module.tabButtons.map(\.name))))
      }
      guard events.contains(.tabButton(b)) else {
        // The tab bar shows where the active screen is in the root environment, with no alert.
        let barShows = alert == nil && prompt == nil && state.nesting(of: state.active) == 0
        return .failure(
          Impossible(
            message: barShows
              ? "tab button '\(name)' is guarded out: its guards do not hold"
              : "the tab bar is not in view: \(activeName) is covered or presented"))
      }
      return .success(.tabButton(b))
    case .broadcast(let name):
      guard let b = spec.broadcasts.firstIndex(where: { $0.name == name }) else {
        return .failure(
          Impossible(
            message: "the spec declares no broadcast '\(name)'"
              + didYouMean(name, spec.broadcasts.map(\.name))))
      }
      guard events.contains(.broadcast(b)) else {
        // Offered where its guards hold and an observer screen is live (§11.7).
        let observers = spec.broadcasts[b].observers.map {
          spec.destinations[$0.destination].name
        }
        return .failure(
          Impossible(
            message: semantics.hasObserverScreen(b, state)
              ? "broadcast '\(name)' is guarded out: its guards do not hold"
              : "broadcast '\(name)' has no observer screen in this state: none of "
                + observers.joined(separator: ", ") + " is shown"))
      }
      return .success(.broadcast(b))
    case .launch:
      return .failure(
        Impossible(
          message:
            "the app launches once, before the first state (SEMANTICS v3 §11.11): no state offers it; a replay starts after the launch"
        ))
    case .staleCompletion:
      return .failure(
        Impossible(
          message:
            "a stale completion is an event of router checks only (fuzzRouter, assertRouterSequence), not of the spec"
        ))
    }
  }

  // MARK: - Transitions by what they do

  /// The transition of destination `d` that `name` names: by label, by index, or by what it
  /// does where exactly one transition of `d` does that.
  func transitionNamed(_ name: EventReference.TransitionName, in d: Int) -> Int? {
    let transitions = spec.destinations[d].transitions
    switch name {
    case .label(let label): return transitions.first { spec.transitionLabels[$0] == label }
    case .index(let index): return transitions.first { spec.transitions[$0].index == index }
    case .does(let words):
      let matches = transitions.filter { doesWords($0) == words }
      return matches.count == 1 ? matches[0] : nil
    }
  }

  /// Transition `t` in the words `.does` names it by: its declaration's actions and trigger
  /// (`push Detail`, `async dismiss`), and its label where it has one.
  func doesWords(_ t: Int) -> String { CompiledSpec.describe(spec.declaredTransition(t)) }

  /// Why destination `d` has no transition `name`.
  private func noTransition(_ name: EventReference.TransitionName, in d: Int) -> String {
    let destination = spec.destinations[d]
    var message = "\(destination.name) declares no transition \(name)"
    switch name {
    case .label(let label):
      message += didYouMean(label, destination.transitions.compactMap { spec.transitionLabels[$0] })
    case .index: break
    case .does(let words):
      let same = destination.transitions.filter { doesWords($0) == words }
      if same.count > 1 {
        let indices = same.map { "#\(spec.transitions[$0].index)" }.joined(separator: ", ")
        message =
          "\(destination.name) has \(same.count) transitions that do '\(words)' (\(indices)): name one by its index"
      } else {
        message += didYouMean(words, destination.transitions.map(doesWords))
      }
    }
    return message
  }

  /// `reference` with the transition it names by index named by what it does instead (or by
  /// its label, where it has one), so that reordering the declarations does not change what it
  /// names; where another transition of the destination does the same, the index stays, and
  /// `why` says so.
  ///
  /// ```swift
  /// // .transition(screen: "Home", transition: .index(0)) → .does("push Detail")
  /// ```
  func namedByWhatItDoes(_ reference: EventReference) -> (
    reference: EventReference, why: String?
  ) {
    func rename(_ screen: String, _ name: EventReference.TransitionName) -> (
      EventReference.TransitionName, String?
    ) {
      guard case .index(let index) = name,
        let d = spec.destinations.firstIndex(where: { $0.name == screen }),
        let t = transitionNamed(name, in: d)
      else { return (name, nil) }
      if let label = spec.transitionLabels[t] { return (.label(label), nil) }
      let words = doesWords(t)
      let same = spec.destinations[d].transitions.filter { doesWords($0) == words }
      guard same.count > 1 else { return (.does(words), nil) }
      let others = same.filter { $0 != t }.map { "#\(spec.transitions[$0].index)" }
      let alike =
        others.count == 1
        ? "as \(others[0]) does"
        : "as \(others.dropLast().joined(separator: ", ")) and \(others.last!) do"
      return (
        name,
        "\(screen)'s transition #\(index) does '\(words)', \(alike): named by its index, which changes when they are reordered"
      )
    }
    switch reference {
    case .transition(let screen, let name):
      let (renamed, why) = rename(screen, name)
      return (.transition(screen: screen, transition: renamed), why)
    case .complete(let screen, let name, let outcome, let actsOn, let at):
      let (renamed, why) = rename(screen, name)
      return (
        .complete(screen: screen, transition: renamed, outcome: outcome, actsOn: actsOn, at: at),
        why
      )
    case .gesture, .alertButton, .deepLink, .selectTab, .tabButton, .staleCompletion, .broadcast,
      .tapToast, .toastExpires, .launch:
      return (reference, nil)
    }
  }
}
