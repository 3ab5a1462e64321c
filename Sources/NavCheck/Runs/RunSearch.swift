import NavCheckRecorder

extension NavigationSpec {
  /// Checks that a recorded run is a behaviour of the spec (TLA+'s trace validation): searches
  /// for the spec's events that explain each record, reports the first record none explains
  /// and every rule the run broke on the way.
  ///
  /// The search keeps every (state, record) pair the run may be at, advanced by the events of
  /// the reference router: an event explains the records after it where they take the screens
  /// it acted on to the screens it leaves (one event may explain several records, an event
  /// that changes nothing a record shows none). `Docs/RecordedRuns.md` says how, and `limits`
  /// how far.
  ///
  /// ```swift
  /// let validation = try todoApp.validate(RecordedRun(text: recorded))
  /// #expect(validation.holds)
  /// ```
  ///
  /// - Throws: `SpecError` where the spec is invalid.
  public func validate(
    _ run: RecordedRun, limits: RunValidation.Limits = .init()
  ) throws(SpecError) -> RunValidation {
    try validate()
    var search = RunSearch(
      model: RouterModel(CompiledSpec(self)), spec: self, run: run, limits: limits)
    return search.result()
  }
}

/// The search of `NavigationSpec.validate(_:limits:)`: nodes (a state and the number of records
/// explained so far) reached by events, processed record by record.
struct RunSearch {
  let model: RouterModel
  let spec: NavigationSpec
  let run: RecordedRun
  let limits: RunValidation.Limits
  let observation: RunObservation

  /// A state the run may be in after `position` records, and how it got there.
  struct Node {
    var state: RouterState
    var shown: ShownScreens
    var position: Int
    /// Events from the first state (with a large weight for a broken custom invariant, so an
    /// explanation that breaks none is preferred).
    var cost: Int
    /// Events in a row that recorded nothing, ending here.
    var silent: Int
    var parent: Int?
    var via: Via
    var expanded = false
  }

  /// How a node was reached.
  enum Via {
    case start
    /// An event, explaining the records in `records` (empty: it recorded nothing); where the
    /// state it leads to breaks a custom invariant, that invariant's declaration.
    case event(RouterEvent, records: Range<Int>, invariant: Int?)
    /// After an event that broke a rule (`brokenRules[rule]`), the records in `records` took
    /// the screens back to this node's.
    case resumed(rule: Int, records: Range<Int>)
  }

  struct Key: Hashable {
    var bytes: [UInt8]
    var position: Int
  }

  /// An event that breaks a rule and would have recorded records `records`.
  struct Violating {
    var node: Int
    var step: RouterModel.Step
    var kind: ViolationKind
    var declaration: Int
    var records: Range<Int>
    /// The environment the event acts in (an index into the chain): where its push lands.
    var environment: Int
  }

  /// A rule broken by an event where nothing else explains the records.
  struct Broken {
    var violating: Violating
    var resumedAt: Int?
  }

  var nodes: [Node] = []
  var index: [Key: Int] = [:]
  var frontier: [[Int]]
  var furthest = 0
  var broken: [Broken] = []
  var cuts: [RunValidation.Cut] = []
  var screensOfState: [[UInt8]: ShownScreens] = [:]
  /// The record being processed, and its nodes not yet expanded by cost.
  var processing = 0
  var queue: [Int: [Int]] = [:]
  /// Where the run is unexplained after a broken rule it never came back from: the record and
  /// the screens as the records left them.
  var diverged: (position: Int, node: Int, screens: ShownScreens, reason: String?)?

  init(model: RouterModel, spec: NavigationSpec, run: RecordedRun, limits: RunValidation.Limits) {
    self.model = model
    self.spec = spec
    self.run = run
    self.limits = limits
    observation = RunObservation(run, spec: spec)
    frontier = Array(repeating: [], count: run.steps.count + 1)
  }

  var records: Int { run.steps.count }

  func shown(_ state: RouterState) -> ShownScreens {
    observation.observed(StateView(state, model.spec))
  }

  /// The state's canonical bytes: what tells two states apart.
  func bytes(of state: RouterState) -> [UInt8] {
    var bytes: [UInt8] = []
    model.codec.encode(state, into: &bytes)
    return bytes
  }

  /// The screens of the state with these bytes, drawn once: a run comes back to the same
  /// states again and again.
  mutating func shown(_ state: RouterState, bytes: [UInt8]) -> ShownScreens {
    if let known = screensOfState[bytes] { return known }
    let screens = shown(state)
    screensOfState[bytes] = screens
    return screens
  }

  // MARK: - Search

  mutating func result() -> RunValidation {
    let start = model.initialState
    _ = add(
      Node(
        state: start, shown: shown(start), position: 0, cost: 0, silent: 0, parent: nil,
        via: .start))
    var p = 0
    while p <= records {
      process(p)
      if p == records { break }
      if furthest <= p {
        // Nothing explains record p from any state the run may be in.
        guard let resumed = resume(at: p) else { break }
        p = resumed
        continue
      }
      p += 1
    }
    return report()
  }

  /// Adds a node (or a cheaper way to one not yet expanded); `false` where a limit left it out.
  @discardableResult
  mutating func add(_ node: Node, bytes known: [UInt8]? = nil) -> Bool {
    let key = Key(bytes: known ?? bytes(of: node.state), position: node.position)
    if let existing = index[key] {
      if !nodes[existing].expanded, node.cost < nodes[existing].cost {
        nodes[existing].cost = node.cost
        nodes[existing].parent = node.parent
        nodes[existing].via = node.via
        nodes[existing].silent = node.silent
        if node.position == processing { queue[node.cost, default: []].append(existing) }
      }
      return true
    }
    guard frontier[node.position].count < limits.maxCandidates else {
      cut(node.position, "maxCandidates")
      return false
    }
    index[key] = nodes.count
    frontier[node.position].append(nodes.count)
    if node.position == processing { queue[node.cost, default: []].append(nodes.count) }
    nodes.append(node)
    furthest = max(furthest, node.position)
    return true
  }

  mutating func cut(_ position: Int, _ limit: String) {
    guard records > 0 else { return }
    let line = run.steps[min(position, records - 1)].line
    if let i = cuts.firstIndex(where: { $0.line == line && $0.limit == limit }) {
      cuts[i].count += 1
    } else {
      cuts.append(RunValidation.Cut(line: line, limit: limit, count: 1))
    }
  }

  /// Expands the nodes at record `p`, cheapest first (the events that record nothing add nodes
  /// at `p` as they go).
  mutating func process(_ p: Int) {
    processing = p
    queue = [:]
    for i in frontier[p] { queue[nodes[i].cost, default: []].append(i) }
    while let cost = queue.keys.min() {
      for i in queue.removeValue(forKey: cost)! where !nodes[i].expanded && nodes[i].cost == cost {
        nodes[i].expanded = true
        if p < records { expand(i) }
      }
    }
  }

  mutating func expand(_ i: Int) {
    let node = nodes[i]
    let p = node.position
    for event in model.events(of: node.state) {
      let step = model.step(event, from: node.state)
      switch step.outcome {
      case .pruned:
        continue
      case .violation:
        // Looked at only where nothing else explains the record (`resume(at:)`).
        continue
      case .state:
        let key = bytes(of: step.state)
        let after = shown(step.state, bytes: key)
        let invariant = model.brokenInvariant(step.state)
        let cost = node.cost + 1 + (invariant == nil ? 0 : 1_000)
        if after == node.shown {
          if node.silent < limits.maxSilentEvents {
            add(
              Node(
                state: step.state, shown: after, position: p, cost: cost, silent: node.silent + 1,
                parent: i, via: .event(event, records: p..<p, invariant: invariant)), bytes: key)
          } else {
            cut(p, "maxSilentEvents")
          }
        }
        var screens = node.shown
        var j = p
        // An event's records remove, then add (a switch of tab or module starts over): a push
        // and its pop are two events, never one that changes nothing.
        var adding = false
        while j < records {
          guard j < p + limits.maxRecordsPerEvent else {
            cut(p, "maxRecordsPerEvent")
            break
          }
          let record = run.steps[j].record
          if record.namesEvent, j > p || !names(record, event, in: node.state) { break }
          let change = record.change
          if adding, change == .removes { break }
          // An event that changes nothing the records show explains only records that name it.
          if after == node.shown, change != .none { break }
          if change == .adds { adding = true } else if change == .switches { adding = false }
          guard case .success(let next) = screens.applying(record, observation),
            next == after || next.isOnTheWay(from: node.shown, to: after)
          else { break }
          screens = next
          j += 1
          if screens == after {
            add(
              Node(
                state: step.state, shown: after, position: j, cost: cost, silent: 0, parent: i,
                via: .event(event, records: p..<j, invariant: invariant)), bytes: key)
          }
        }
      }
    }
  }

  /// Whether a record that names an event names `event`.
  func names(_ record: NavigationRecord, _ event: RouterEvent, in state: RouterState) -> Bool {
    let compiled = model.spec
    func named(_ t: Int, _ work: String) -> Bool {
      compiled.transitionLabels[t] == work
        || (compiled.transitionLabels[t] == nil && work == "#\(compiled.transitions[t].index)")
    }
    switch record {
    case .asyncStarted(let work):
      guard case .transition(let t) = event else { return false }
      return compiled.transitions[t].isAsync && named(t, work)
    case .asyncCompleted(let work, let outcome):
      guard case .complete(_, let t, let o) = event else { return false }
      return named(t, work) && (outcome == nil || compiled.outcomes[o].label == outcome)
    case .deepLink(let name):
      guard case .deepLink(let l) = event else { return false }
      return compiled.deepLinks[l].name == name
    case .alertButton(let label):
      guard case .alertButton(let b) = event, let alert = state[state.active].shownAlert else {
        return false
      }
      return compiled.alerts[alert].buttons[b].label == label
    case .push, .present, .pop, .popTo, .popToRoot, .dismiss, .dismissAll, .alert,
      .alertDismissed, .selectTab, .module, .flag:
      return false
    }
  }

  /// The records, from the node's, that an event breaking `kind` explains: those up to the
  /// first one that shows what it would have shown (or removes, for a rule of removals), each
  /// before it possible on the screens; `nil` where the records do not show it.
  func wouldRecord(
    _ kind: ViolationKind, _ declaration: Int, step: RouterModel.Step, from node: Node
  ) -> (records: Range<Int>, environment: Int)? {
    let before = StateView(node.state, model.spec)
    let trace = model.trace(of: step)
    var failure = TracePicture.failure(
      kind, of: model.spec.declarations[declaration], by: trace, in: before, spec: spec)
    if case .tab = failure.landing {
      // It lands in a tab the user does not see: the router records what it shows there.
      let acting = trace.declarations.first { $0.kind == .outcome } ?? trace.declarations.last
      if let shown = TracePicture.actions(of: acting, in: spec).lazy.compactMap({
        TracePicture.shown(by: $0.action, in: spec)
      }).first {
        failure.landing = shown.landing
        failure.title = shown.name
      }
    }
    var screens = node.shown
    var j = node.position
    while j < records, j < node.position + limits.maxRecordsPerEvent {
      let record = run.steps[j].record
      if record.namesEvent {
        guard j == node.position, names(record, step.event, in: node.state) else { return nil }
      }
      guard case .success(let next) = screens.applying(record, observation) else {
        // A tab selected under a sheet is a record the screens refuse: that is the rule broken.
        guard case .tab = failure.landing, Self.shows(failure, record) else { return nil }
        return (node.position..<(j + 1), failure.environment)
      }
      if !record.namesEvent, Self.shows(failure, record) {
        return (node.position..<(j + 1), failure.environment)
      }
      screens = next
      j += 1
    }
    return nil
  }

  /// Whether `record` is what lands in `failure`.
  static func shows(_ failure: PhoneFrame.Failure, _ record: NavigationRecord) -> Bool {
    switch failure.landing {
    case .push:
      guard case .push(let name) = record else { return false }
      return name == failure.title
    case .presentation(let style):
      guard case .present(let name, let recorded) = record else { return false }
      return name == failure.title && StateView.Style(recorded) == style
    case .alert:
      guard case .alert(let name, _) = record else { return false }
      return name == failure.title
    case .tab:
      guard case .selectTab(let name) = record else { return false }
      return name == failure.title
    case .removal:
      // Any removal of screens: which screens the rule's event would remove is not drawn.
      switch record {
      case .pop, .popTo, .popToRoot, .dismiss, .dismissAll: return true
      case .push, .present, .alert, .alertButton, .alertDismissed, .selectTab, .asyncStarted,
        .asyncCompleted, .module, .flag, .deepLink:
        return false
      }
    case .nothing:
      return false
    }
  }

  /// After nothing explains record `p`: where an event that breaks a rule does, the rule is
  /// broken and the run goes on from the first record after which its screens are again those
  /// of a state it could be in at `p`. Returns that record's position; `nil` where no such
  /// event explains it, or the screens never come back.
  mutating func resume(at p: Int) -> Int? {
    var violating: [Violating] = []
    for i in frontier[p] {
      for event in model.events(of: nodes[i].state) {
        let step = model.step(event, from: nodes[i].state)
        guard case .violation(let kind, let declaration) = step.outcome,
          let found = wouldRecord(kind, declaration, step: step, from: nodes[i])
        else { continue }
        violating.append(
          Violating(
            node: i, step: step, kind: kind, declaration: declaration, records: found.records,
            environment: found.environment))
      }
    }
    guard let chosen = violating.min(by: { nodes[$0.node].cost < nodes[$1.node].cost }) else {
      return nil
    }
    let rule = broken.count
    broken.append(Broken(violating: chosen, resumedAt: nil))
    var screens = nodes[chosen.node].shown
    for j in chosen.records {
      let record = run.steps[j].record
      if j == chosen.records.upperBound - 1, case .push(let destination) = record,
        screens.environments.indices.contains(chosen.environment)
      {
        // A push under a presentation lands on the covered stack, where the router put it.
        screens.environments[chosen.environment].stack.append(destination)
        if chosen.environment == 0, !screens.tabs.isEmpty {
          screens.tabs[screens.selectedTab].append(destination)
        }
      } else if case .success(let next) = screens.applying(record, observation) {
        screens = next
      } else if case .selectTab(let tab) = record,
        let index = screens.tabs.firstIndex(where: { $0.first == tab })
      {
        // A tab selected under a presentation: the selection changes beneath it, which stays.
        screens.selectedTab = index
        screens.environments[0] = .init(style: .root, stack: screens.tabs[index])
      }
    }
    var k = chosen.records.upperBound
    let back = resumptions(from: chosen, at: p)
    while true {
      if let (state, parent, cost) = back[screens] {
        broken[rule].resumedAt = k
        add(
          Node(
            state: state, shown: screens, position: k, cost: cost, silent: 0, parent: parent,
            via: .resumed(rule: rule, records: p..<k)))
        return k
      }
      guard k < records else {
        diverged = (k, chosen.node, screens, nil)
        return nil
      }
      switch screens.applying(run.steps[k].record, observation) {
      case .success(let next): screens = next
      case .failure(let mismatch):
        diverged = (k, chosen.node, screens, mismatch.message)
        return nil
      }
      k += 1
    }
  }
}

extension RunSearch {
  /// How many events the spec may take, unrecorded, to come back to the run's screens after a
  /// broken rule, and how many states that search looks at.
  static let resumptionDepth = 3
  static let resumptionStates = 2_000

  /// The states the run may come back to after `chosen` broke a rule at record `p`, by their
  /// screens: the state as it was when the event broke the rule (what it did before that, a
  /// completion's work taken off), the states the run may have been in before it, and those the
  /// spec reaches from them in a few events; each with the node it continues from and its cost,
  /// the fewest events first.
  func resumptions(from chosen: Violating, at p: Int) -> [ShownScreens: (RouterState, Int, Int)] {
    var found: [ShownScreens: (RouterState, Int, Int)] = [:]
    var seen: Set<[UInt8]> = []
    var level: [(state: RouterState, parent: Int, cost: Int)] = [
      (chosen.step.state, chosen.node, nodes[chosen.node].cost + 1)
    ]
    level += frontier[p].sorted { nodes[$0].cost < nodes[$1].cost }.map {
      (nodes[$0].state, $0, nodes[$0].cost + 1)
    }
    for depth in 0...Self.resumptionDepth {
      var next: [(state: RouterState, parent: Int, cost: Int)] = []
      for entry in level where seen.insert(bytes(of: entry.state)).inserted {
        let screens = shown(entry.state)
        if found[screens] == nil { found[screens] = entry }
        guard depth < Self.resumptionDepth, seen.count < Self.resumptionStates else { continue }
        for event in model.events(of: entry.state) {
          let step = model.step(event, from: entry.state)
          if step.outcome == .state {
            next.append((step.state, entry.parent, entry.cost + 1))
          }
        }
      }
      level = next
    }
    return found
  }
}

// MARK: - The result

extension RunSearch {
  func lines(_ records: Range<Int>) -> ClosedRange<Int>? {
    records.isEmpty
      ? nil : run.steps[records.lowerBound].line...run.steps[records.upperBound - 1].line
  }

  /// The nodes from the first to `node`.
  func path(to node: Int) -> [Int] {
    var path: [Int] = []
    var current: Int? = node
    while let i = current {
      path.append(i)
      current = nodes[i].parent
    }
    return path.reversed()
  }

  /// The explanation up to `node`, and the custom invariants broken on the way.
  func explanation(to node: Int) -> (
    steps: [RunValidation.Step], invariants: [RunValidation.BrokenRule]
  ) {
    var steps: [RunValidation.Step] = []
    var invariants: [RunValidation.BrokenRule] = []
    for i in path(to: node) {
      guard let parent = nodes[i].parent else { continue }
      switch nodes[i].via {
      case .start: continue
      case .event(let event, let records, let invariant):
        let step = model.step(event, from: nodes[parent].state)
        steps.append(RunValidation.Step(step: model.trace(of: step), lines: lines(records)))
        if let invariant {
          let declaration = model.spec.declarations[invariant]
          invariants.append(
            RunValidation.BrokenRule(
              violation: Violation(
                kind: .invariant,
                message: CheckReport.message(.invariant, title: declaration.title, event: ""),
                declaration: declaration, count: 1, trace: steps.map(\.step)),
              lines: lines(records) ?? run.steps[nodes[i].position]
                .line...run.steps[
                  nodes[i].position
                ].line, resumedAtLine: nil))
        }
      case .resumed(let rule, let records):
        let violating = broken[rule].violating
        steps.append(
          RunValidation.Step(step: model.trace(of: violating.step), lines: lines(records)))
      }
    }
    return (steps, invariants)
  }

  /// A rule broken: in `check`'s words, with the explanation up to it.
  func brokenRule(_ entry: Broken) -> RunValidation.BrokenRule {
    let violating = entry.violating
    let declaration = model.spec.declarations[violating.declaration]
    let trace =
      explanation(to: violating.node).steps.map(\.step) + [model.trace(of: violating.step)]
    return RunValidation.BrokenRule(
      violation: Violation(
        kind: violating.kind,
        message: CheckReport.message(
          violating.kind, title: declaration.title, event: model.words(of: violating.step),
          prompt: violating.step.shownPrompt, appConflict: violating.step.appConflict),
        declaration: declaration, count: 1, trace: trace),
      lines: lines(violating.records)!,
      resumedAtLine: entry.resumedAt.flatMap { $0 < records ? run.steps[$0].line : nil })
  }

  func cheapest(at position: Int) -> Int? {
    frontier[position].min { nodes[$0].cost < nodes[$1].cost }
  }

  func report() -> RunValidation {
    var validation = RunValidation(
      spec: spec.name, records: records, explanation: [], brokenRules: [], unexplained: nil,
      cuts: cuts)
    if let end = cheapest(at: records) {
      let (steps, invariants) = explanation(to: end)
      validation.explanation = steps
      validation.brokenRules = (broken.map(brokenRule) + invariants).sorted {
        $0.lines.lowerBound < $1.lines.lowerBound
      }
      return validation
    }
    let position: Int
    let node: Int
    var recordedScreens: String?
    var reason: String?
    if let diverged {
      position = min(diverged.position, records - 1)
      node = diverged.node
      recordedScreens = diverged.screens.description
      reason =
        diverged.reason
        ?? (diverged.position == records
          ? "the run ends before its screens come back to a state of the spec" : nil)
      var (steps, _) = explanation(to: node)
      steps.append(
        RunValidation.Step(
          step: model.trace(of: broken.last!.violating.step),
          lines: lines(broken.last!.violating.records)))
      validation.explanation = steps
    } else {
      position = furthest
      node = cheapest(at: position)!
      if case .failure(let mismatch) = nodes[node].shown.applying(
        run.steps[position].record, observation)
      {
        reason = mismatch.message
      }
      validation.explanation = explanation(to: node).steps
    }
    validation.brokenRules = (broken.map(brokenRule) + explanation(to: node).invariants).sorted {
      $0.lines.lowerBound < $1.lines.lowerBound
    }
    validation.unexplained = RunValidation.Unexplained(
      line: run.steps[position].line, record: run.steps[position].record, reason: reason,
      state: StateView(nodes[node].state, model.spec), recordedScreens: recordedScreens,
      states: frontier[diverged == nil ? position : nodes[node].position].count,
      candidates: candidates(of: nodes[node]))
    return validation
  }

  /// The events of the node's state, each with what it would record.
  func candidates(of node: Node) -> [RunValidation.Candidate] {
    model.events(of: node.state).map { event in
      let step = model.step(event, from: node.state)
      var candidate = RunValidation.Candidate(
        words: model.words(of: step), event: model.reference(event, in: node.state),
        records: nil, breaks: nil, pruned: false)
      switch step.outcome {
      case .pruned: candidate.pruned = true
      case .violation(let kind, _): candidate.breaks = kind
      case .state:
        candidate.records = node.shown.records(to: shown(step.state), observation).map {
          (identity(of: event, in: node.state).map { [$0] } ?? []) + $0
        }
      }
      return candidate
    }
  }

  /// The record that names `event`, where one does: an async start or completion, a deep link,
  /// an alert's button.
  func identity(of event: RouterEvent, in state: RouterState) -> NavigationRecord? {
    let compiled = model.spec
    func work(_ t: Int) -> String {
      compiled.transitionLabels[t] ?? "#\(compiled.transitions[t].index)"
    }
    switch event {
    case .transition(let t):
      return compiled.transitions[t].isAsync ? .asyncStarted(work(t)) : nil
    case .complete(_, let t, let o):
      return .asyncCompleted(
        work(t),
        outcome: compiled.declaredTransition(t).outcomes == nil ? nil : compiled.outcomes[o].label)
    case .deepLink(let l): return .deepLink(compiled.deepLinks[l].name)
    case .alertButton(let b):
      return state[state.active].shownAlert.map {
        .alertButton(compiled.alerts[$0].buttons[b].label)
      }
    case .gesture, .selectTab, .tabButton, .tapToast, .toastExpires, .broadcast: return nil
    }
  }
}
