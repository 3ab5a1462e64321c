import NavCheck

/// Seeded random walks through the reference router, run on a team's router, failures shrunk.
///
/// Each walk is generated from the reference router alone (only events whose outcome is a
/// state), written to the journal, then run on a fresh router; so the same seed gives the same
/// walks whatever the router does.
struct RouterFuzzer<Adapter: RouterAdapter> {
  let runner: RouterRunner<Adapter>
  let options: RouterFuzzOptions
  let seed: UInt64
  let journal: RouterJournal

  var reference: ReferenceRouter { runner.reference }

  /// What one fuzzing run found.
  struct Found {
    var failure: RouterFailure?
    var originalLength = 0
    var flakiness: String?
    var statistics = RouterStatistics()
  }

  func fuzz() -> Found {
    var found = Found()
    var generator = WalkGenerator(reference: reference, leftOut: Adapter.unsupportedEvents)
    found.statistics.leftOut = Adapter.unsupportedEvents
    for run in 0..<max(0, options.runs) {
      var random = SplitMix64(seed: seed ^ (UInt64(run) &* 0xD1B5_4A32_D192_ED03))
      let walk = generator.walk(&random, maxSteps: options.maxSteps, swarm: options.swarm)
      let events = walk.map(\.navigation.reference)
      journal.write(spec: reference.specName, seed: seed, run: run, events: events)
      found.statistics.runs += 1
      let outcome = runner.run(events)
      switch outcome {
      case .passed:
        found.statistics.events += events.count
      case .impossible(let step, let reason):
        // A walk of the reference router is always possible; this is a bug in NavCheck.
        preconditionFailure("walk \(run) step \(step) is not possible: \(reason)")
      case .failed(let failure):
        found.statistics.events += failure.steps.count
        found.originalLength = failure.steps.count
        let minimal = options.shrinks ? shrink(failure) : failure
        found.failure = minimal
        found.flakiness = flakiness(of: minimal)
        journal.write(
          spec: reference.specName, seed: seed, run: run, events: minimal.events, minimal: true)
        generator.finish(into: &found.statistics)
        return found
      }
    }
    generator.finish(into: &found.statistics)
    return found
  }

  // MARK: - Shrinking

  /// The shortest sequence found that breaks the same rule: loops cut (a state reached twice,
  /// as in push-then-back), then chunks dropped, halving their size down to single steps;
  /// every candidate re-checked step by step against the reference router.
  func shrink(_ failure: RouterFailure) -> RouterFailure {
    var best = failure
    func attempt(_ events: [EventReference]) -> Bool {
      guard events.count < best.steps.count,
        case .failed(let candidate) = runner.run(events), candidate.rule == best.rule
      else { return false }
      best = candidate
      return true
    }
    var improved = true
    while improved {
      improved = false
      // Loops: the state after step i equals the state after step j.
      let states = referenceStates(best.events)
      loops: for j in stride(from: states.count - 1, through: 1, by: -1) {
        for i in 0..<j where states[i] == states[j] {
          if attempt(Array(best.events[..<i] + best.events[j...])) {
            improved = true
            break loops
          }
        }
      }
      if improved { continue }
      // Chunks, from half the sequence down to one step.
      var size = max(1, best.steps.count / 2)
      while size >= 1 && !improved {
        var start = 0
        while start < best.steps.count {
          let events = best.events
          let end = min(events.count, start + size)
          if attempt(Array(events[..<start] + events[end...])) {
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

  /// The fingerprints of the reference states before each step and after the last.
  func referenceStates(_ events: [EventReference]) -> [UInt64] {
    var reference = self.reference
    var states = [reference.fingerprint]
    for event in events {
      guard case .success(let step) = reference.step(event) else { break }
      reference.perform(step)
      states.append(reference.fingerprint)
    }
    return states
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

/// Generates walks: uniform among the possible events, steered toward declarations not yet
/// fired, with a random part of the kinds and declarations left out per walk (swarm testing).
struct WalkGenerator {
  let reference: ReferenceRouter
  let leftOut: Set<NavigationEvent.Kind>
  var covered: Set<DeclarationReference> = []
  var states: Set<UInt64> = []
  var eventsByKind: [NavigationEvent.Kind: Int] = [:]
  var longest = 0
  var deepest = 0

  init(reference: ReferenceRouter, leftOut: Set<NavigationEvent.Kind>) {
    self.reference = reference
    self.leftOut = leftOut
    states.insert(reference.fingerprint)
  }

  mutating func walk(_ random: inout SplitMix64, maxSteps: Int, swarm: Bool)
    -> [ReferenceRouter.Step]
  {
    var current = reference
    var walk: [ReferenceRouter.Step] = []
    var disabledKinds: Set<NavigationEvent.Kind> = []
    var disabledDeclarations: Set<DeclarationReference> = []
    if swarm {
      for kind in NavigationEvent.Kind.allCases where random.next() % 4 == 0 {
        disabledKinds.insert(kind)
      }
      for declaration in reference.declarations where random.next() % 4 == 0 {
        disabledDeclarations.insert(declaration)
      }
    }
    for _ in 0..<maxSteps {
      let steps = current.steps(leavingOut: leftOut)
      guard !steps.isEmpty else { break }
      var candidates = steps.filter { step in
        !disabledKinds.contains(step.navigation.event.kind)
          && !step.trace.declarations.contains(where: disabledDeclarations.contains)
      }
      if candidates.isEmpty { candidates = steps }
      let fresh = candidates.filter { !$0.trace.declarations.allSatisfy(covered.contains) }
      if !fresh.isEmpty && random.next() % 4 != 0 { candidates = fresh }
      let step = candidates[Int(random.next() % UInt64(candidates.count))]
      covered.formUnion(step.trace.declarations)
      eventsByKind[step.navigation.event.kind, default: 0] += 1
      current.perform(step)
      states.insert(current.fingerprint)
      deepest = max(deepest, current.expected.depth)
      walk.append(step)
    }
    longest = max(longest, walk.count)
    return walk
  }

  func finish(into statistics: inout RouterStatistics) {
    let declarations = reference.declarations
    statistics.eventsByKind = eventsByKind
    statistics.totalDeclarations = declarations.count
    statistics.coveredDeclarations = declarations.count { covered.contains($0) }
    statistics.uncovered = declarations.filter { !covered.contains($0) }.map(\.title)
    statistics.longestRun = longest
    statistics.deepestPresentation = deepest
    statistics.distinctStates = states.count
  }
}
