import NavCheck
import NavCheckSupport

/// Seeded random walks through the reference router, run on a team's router, failures shrunk.
///
/// Each walk is generated from the reference router alone (only events whose outcome is a
/// state, and completions of work the reference no longer holds), then run on a fresh router
/// with the journal written ahead of every step; so the same seed gives the same walks whatever
/// the router does, and a router that crashes the process leaves the step it died in.
struct RouterFuzzer<Adapter: RouterAdapter> {
  let runner: RouterRunner<Adapter>
  let options: RouterFuzzOptions
  let seed: UInt64
  let journal: RouterJournal
  /// The test that runs it, `file:line`, as the journal names it.
  let test: String

  var reference: ReferenceRouter { runner.reference }

  /// What one fuzzing run found.
  struct Found {
    var failure: RouterFailure?
    var originalLength = 0
    var flakiness: String?
    /// Every sequence shorter than this passes: the failure is minimal where it equals its
    /// length.
    var minimalBelow: Int?
    var statistics = RouterStatistics()
  }

  func fuzz() -> Found {
    var found = Found()
    var generator = WalkGenerator(
      reference: reference, leftOut: Adapter.leftOutEvents,
      injectsStaleCompletions: options.injectsStaleCompletions)
    var tally = Tally(reference: reference)
    for run in 0..<max(0, options.runs) {
      var random = SplitMix64(seed: seed ^ (UInt64(run) &* 0xD1B5_4A32_D192_ED03))
      let walk = generator.walk(&random, maxSteps: options.maxSteps, swarm: options.swarm)
      let events = walk.map(\.event)
      let outcome = runner.run(events) { step in
        journal.write(
          .init(
            spec: reference.specName, test: test, seed: seed, run: run, state: .running,
            step: step, events: events))
      }
      switch outcome {
      case .passed(let ran):
        tally.add(walk[...], ran)
      case .impossible(let step, let reason):
        // A walk of the reference router is always possible; this is a bug in NavCheck.
        preconditionFailure("walk \(run) step \(step) is not possible: \(reason)")
      case .failed(let failure):
        tally.add(walk[..<failure.steps.count], nil)
        found.originalLength = failure.steps.count
        var minimal = failure
        if options.shrinks {
          let shrinker = Shrinker(
            reference: reference, budget: options.shrinkBudget,
            leftOut: Adapter.leftOutEvents,
            staleCompletions: options.injectsStaleCompletions
              && !Adapter.leftOutEvents.contains(.completeAsync),
            attempt: { runner.run($0).failure })
          (minimal, found.minimalBelow) = shrinker.shrink(failure)
        }
        found.failure = minimal
        found.flakiness = flakiness(of: minimal)
        journal.write(
          .init(
            spec: reference.specName, test: test, seed: seed, run: run, state: .failed,
            events: minimal.events))
        found.statistics = tally.statistics(leftOut: Adapter.leftOutEvents)
        return found
      }
    }
    journal.write(
      .init(spec: reference.specName, test: test, seed: seed, state: .finished, events: []))
    found.statistics = tally.statistics(leftOut: Adapter.leftOutEvents)
    return found
  }

  // MARK: - Flakiness

  /// Why the minimal sequence's outcome differs when it runs again, if it does.
  func flakiness(of failure: RouterFailure) -> String? {
    switch runner.run(failure.events) {
    case .passed:
      return "the same \(failure.steps.count) steps passed when run again"
    case .impossible(_, let reason):
      return "the sequence could not run again: \(reason)"
    case .failed(let again):
      if again.rule != failure.rule || again.steps.count != failure.steps.count {
        return
          "run again, the same steps broke '\(again.rule)' after \(again.steps.count) steps, not '\(failure.rule)' after \(failure.steps.count)"
      }
      return nil
    }
  }
}

/// Shrinks a failing sequence: loops cut (a state reached twice, as in push-then-back), then
/// chunks dropped, halving their size down to single steps, keeping the rule; then a
/// breadth-first search over every shorter sequence the reference router allows, in canonical
/// order, accepting a failure under any rule, until a budget of router steps runs out. Every
/// candidate is checked against the reference router before it runs.
struct Shrinker {
  let reference: ReferenceRouter
  /// Router steps the search may perform.
  let budget: Int
  /// The kinds the router does not support: the search never tries them.
  var leftOut: Set<NavigationEvent.Kind> = []
  /// Whether the search tries stale completions (where the walks fired them).
  var staleCompletions = true
  /// Runs a candidate: its failure, or `nil` where it passes.
  let attempt: ([EventReference]) -> RouterFailure?

  /// The shortest failure found, and the length below which every sequence was shown to pass.
  func shrink(_ failure: RouterFailure) -> (RouterFailure, minimalBelow: Int?) {
    var best = deleting(failure)
    var proven: Int?
    var spent = 0
    // Breadth-first: every sequence of length 1, then 2, … below the best's length.
    var length = 1
    search: while length < best.steps.count {
      var exhausted = true
      var found: RouterFailure?
      enumerate(length: length) { events in
        if spent + events.count > budget {
          exhausted = false
          return false
        }
        spent += events.count
        if let failure = attempt(events) {
          found = failure
          return false
        }
        return true
      }
      if let found {
        best = found
        proven = length
        break search
      }
      guard exhausted else { break }
      proven = length + 1
      length += 1
    }
    if proven == nil && best.steps.count <= 1 { proven = best.steps.count }
    return (best, proven.map { min($0, best.steps.count) })
  }

  /// Calls `visit` with every sequence of `length` events the reference router allows, in
  /// canonical order (stale completions after the reference's events), until it returns false.
  func enumerate(length: Int, _ visit: ([EventReference]) -> Bool) {
    var events: [EventReference] = []
    var steps: [NavigationStep] = []
    func walk(_ tracker: SequenceTracker) -> Bool {
      if events.count == length { return visit(events) }
      let next =
        tracker.reference.steps(leavingOut: leftOut).map(\.navigation.reference)
        + (staleCompletions
          ? tracker.staleStarts.map { EventReference.staleCompletion(startedAt: $0) } : [])
      for event in next {
        guard case .success(let resolved) = tracker.next(event, steps: steps) else { continue }
        var after = tracker
        _ = after.perform(resolved)
        events.append(event)
        steps.append(resolved.navigation)
        defer {
          events.removeLast()
          steps.removeLast()
        }
        if !walk(after) { return false }
      }
      return true
    }
    _ = walk(SequenceTracker(reference: reference))
  }

  /// Whether the reference router allows `events`, step by step.
  func allows(_ events: [EventReference]) -> Bool {
    var tracker = SequenceTracker(reference: reference)
    var steps: [NavigationStep] = []
    for event in events {
      guard case .success(let next) = tracker.next(event, steps: steps) else { return false }
      _ = tracker.perform(next)
      steps.append(next.navigation)
    }
    return true
  }

  /// Loops, then chunks, keeping the rule.
  func deleting(_ failure: RouterFailure) -> RouterFailure {
    var best = failure
    func accept(_ events: [EventReference]) -> Bool {
      guard events.count < best.steps.count, allows(events), let candidate = attempt(events),
        candidate.rule == best.rule
      else { return false }
      best = candidate
      return true
    }
    var improved = true
    while improved {
      improved = false
      let states = referenceStates(best.events)
      loops: for j in stride(from: states.count - 1, through: 1, by: -1) {
        for i in 0..<j where states[i] == states[j] {
          if accept(Array(best.events[..<i] + best.events[j...])) {
            improved = true
            break loops
          }
        }
      }
      if improved { continue }
      var size = max(1, best.steps.count / 2)
      while size >= 1 && !improved {
        var start = 0
        while start < best.steps.count {
          let events = best.events
          let end = min(events.count, start + size)
          if accept(Array(events[..<start] + events[end...])) {
            improved = true
            break
          }
          start += size
        }
        size /= 2
      }
    }
    return best
  }

  /// The fingerprints of the reference states before each step and after the last (a stale
  /// completion leaves the state as it was).
  func referenceStates(_ events: [EventReference]) -> [UInt64] {
    var tracker = SequenceTracker(reference: reference)
    var steps: [NavigationStep] = []
    var states = [tracker.reference.fingerprint]
    for event in events {
      guard case .success(let next) = tracker.next(event, steps: steps) else { break }
      _ = tracker.perform(next)
      steps.append(next.navigation)
      states.append(tracker.reference.fingerprint)
    }
    return states
  }
}

/// Generates walks: uniform among the possible events, steered toward declarations not yet
/// fired, with a random part of the kinds and declarations left out per walk (swarm testing);
/// now and then the completion of work the reference router no longer holds.
struct WalkGenerator {
  let reference: ReferenceRouter
  let leftOut: Set<NavigationEvent.Kind>
  let injectsStaleCompletions: Bool
  /// The declarations fired by the walks generated so far: what steering aims past.
  var covered: Set<DeclarationReference> = []

  init(
    reference: ReferenceRouter, leftOut: Set<NavigationEvent.Kind>, injectsStaleCompletions: Bool
  ) {
    self.reference = reference
    self.leftOut = leftOut
    self.injectsStaleCompletions =
      injectsStaleCompletions && !leftOut.contains(.completeAsync)
  }

  /// One step of a walk, with the reference state after it.
  struct Generated {
    var event: EventReference
    var kind: NavigationEvent.Kind
    var declarations: [DeclarationReference]
    var state: UInt64
    var depth: Int
    var isStale: Bool
    /// Where the step went on past the spec's own orphanedCompletion.
    var specFinding: SpecFinding?
  }

  mutating func walk(_ random: inout SplitMix64, maxSteps: Int, swarm: Bool) -> [Generated] {
    var tracker = SequenceTracker(reference: reference)
    var navigation: [NavigationStep] = []
    var walk: [Generated] = []
    var disabledKinds: Set<NavigationEvent.Kind> = []
    var disabledDeclarations: Set<DeclarationReference> = []
    if swarm {
      for kind in reference.eventKinds where random.next() % 4 == 0 {
        disabledKinds.insert(kind)
      }
      for declaration in reference.declarations where random.next() % 4 == 0 {
        disabledDeclarations.insert(declaration)
      }
    }
    for _ in 0..<maxSteps {
      let stale = injectsStaleCompletions ? tracker.staleStarts : []
      let event: EventReference
      var declarations: [DeclarationReference] = []
      if !stale.isEmpty && random.next() % 3 == 0 {
        event = .staleCompletion(startedAt: stale[Int(random.next() % UInt64(stale.count))])
      } else {
        let steps = tracker.reference.steps(leavingOut: leftOut)
        guard !steps.isEmpty else { break }
        var candidates = steps.filter { step in
          !disabledKinds.contains(step.navigation.event.kind)
            && !step.declarations.contains(where: disabledDeclarations.contains)
        }
        if candidates.isEmpty { candidates = steps }
        let fresh = candidates.filter { !$0.declarations.allSatisfy(covered.contains) }
        if !fresh.isEmpty && random.next() % 4 != 0 { candidates = fresh }
        let step = candidates[Int(random.next() % UInt64(candidates.count))]
        covered.formUnion(step.declarations)
        event = step.navigation.reference
        declarations = step.declarations
      }
      guard case .success(let next) = tracker.next(event, steps: navigation) else { break }
      _ = tracker.perform(next)
      navigation.append(next.navigation)
      walk.append(
        Generated(
          event: event, kind: next.navigation.event.kind, declarations: declarations,
          state: tracker.reference.fingerprint, depth: tracker.reference.presentationDepth,
          isStale: next.navigation.isStaleCompletion,
          specFinding: next.step?.specFinding.map(SpecFinding.init)))
    }
    return walk
  }
}

/// What the router actually ran: the statistics of a fuzzing run.
struct Tally {
  let reference: ReferenceRouter
  var runs = 0
  var events = 0
  var eventsByKind: [NavigationEvent.Kind: Int] = [:]
  var covered: Set<DeclarationReference> = []
  var states: Set<UInt64>
  var longest = 0
  var deepest = 0
  var staleCompletions = 0
  /// The spec's own findings the walks went past, one per declaration, in the order met.
  var specFindings: [SpecFinding] = []
  var startedWork = 0
  var reportedPendingWork = false

  init(reference: ReferenceRouter) {
    self.reference = reference
    states = [reference.fingerprint]
  }

  /// Counts the steps of one walk that ran, and what the router reported on the way.
  mutating func add(_ steps: ArraySlice<WalkGenerator.Generated>, _ run: RouterRun?) {
    runs += 1
    events += steps.count
    longest = max(longest, steps.count)
    for generated in steps {
      if generated.isStale {
        staleCompletions += 1
      } else {
        eventsByKind[generated.kind, default: 0] += 1
      }
      covered.formUnion(generated.declarations)
      if let finding = generated.specFinding,
        !specFindings.contains(where: { $0.declaration == finding.declaration })
      {
        specFindings.append(finding)
      }
      states.insert(generated.state)
      deepest = max(deepest, generated.depth)
    }
    if let run {
      startedWork += run.startedWork
      reportedPendingWork = reportedPendingWork || run.reportedPendingWork
    }
  }

  func statistics(leftOut: Set<NavigationEvent.Kind>) -> RouterStatistics {
    let declarations = reference.declarations
    var statistics = RouterStatistics()
    statistics.runs = runs
    statistics.events = events
    statistics.eventsByKind = eventsByKind
    statistics.staleCompletions = staleCompletions
    statistics.specFindings = specFindings.map(\.note)
    statistics.leftOut = leftOut
    statistics.totalDeclarations = declarations.count
    statistics.coveredDeclarations = declarations.count { covered.contains($0) }
    statistics.uncovered = declarations.filter { !covered.contains($0) }.map(\.title)
    statistics.longestRun = longest
    statistics.deepestPresentation = deepest
    statistics.distinctStates = states.count
    if startedWork > 0 && !reportedPendingWork {
      statistics.warnings.append(
        "the router's snapshots never reported pending work, though \(startedWork) pieces of async work started: work kept past its screen is then caught only when it completes (stale completions); report each router's pendingWork"
      )
    }
    return statistics
  }
}
