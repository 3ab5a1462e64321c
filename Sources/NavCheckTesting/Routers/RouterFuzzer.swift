import NavCheck
import NavCheckSupport

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
    var tally = Tally(reference: reference)
    for run in 0..<max(0, options.runs) {
      var random = SplitMix64(seed: seed ^ (UInt64(run) &* 0xD1B5_4A32_D192_ED03))
      let walk = generator.walk(&random, maxSteps: options.maxSteps, swarm: options.swarm)
      let events = walk.map(\.step.navigation.reference)
      journal.write(spec: reference.specName, seed: seed, run: run, events: events)
      switch runner.run(events) {
      case .passed:
        tally.add(walk[...])
      case .impossible(let step, let reason):
        // A walk of the reference router is always possible; this is a bug in NavCheck.
        preconditionFailure("walk \(run) step \(step) is not possible: \(reason)")
      case .failed(let failure):
        tally.add(walk[..<failure.steps.count])
        found.originalLength = failure.steps.count
        let minimal = options.shrinks ? shrink(failure) : failure
        found.failure = minimal
        found.flakiness = flakiness(of: minimal)
        journal.write(
          spec: reference.specName, seed: seed, run: run, events: minimal.events, minimal: true)
        found.statistics = tally.statistics(leftOut: Adapter.unsupportedEvents)
        return found
      }
    }
    found.statistics = tally.statistics(leftOut: Adapter.unsupportedEvents)
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
  /// The declarations fired by the walks generated so far: what steering aims past.
  var covered: Set<DeclarationReference> = []

  /// One step of a walk, with the reference state after it.
  struct Generated {
    var step: ReferenceRouter.Step
    var state: UInt64
    var depth: Int
  }

  mutating func walk(_ random: inout SplitMix64, maxSteps: Int, swarm: Bool) -> [Generated] {
    var current = reference
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
      current.perform(step)
      walk.append(
        Generated(step: step, state: current.fingerprint, depth: current.presentationDepth))
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

  init(reference: ReferenceRouter) {
    self.reference = reference
    states = [reference.fingerprint]
  }

  /// Counts the steps of one walk that ran.
  mutating func add(_ steps: ArraySlice<WalkGenerator.Generated>) {
    runs += 1
    events += steps.count
    longest = max(longest, steps.count)
    for generated in steps {
      eventsByKind[generated.step.navigation.event.kind, default: 0] += 1
      covered.formUnion(generated.step.trace.declarations)
      states.insert(generated.state)
      deepest = max(deepest, generated.depth)
    }
  }

  func statistics(leftOut: Set<NavigationEvent.Kind>) -> RouterStatistics {
    let declarations = reference.declarations
    var statistics = RouterStatistics()
    statistics.runs = runs
    statistics.events = events
    statistics.eventsByKind = eventsByKind
    statistics.leftOut = leftOut
    statistics.totalDeclarations = declarations.count
    statistics.coveredDeclarations = declarations.count { covered.contains($0) }
    statistics.uncovered = declarations.filter { !covered.contains($0) }.map(\.title)
    statistics.longestRun = longest
    statistics.deepestPresentation = deepest
    statistics.distinctStates = states.count
    return statistics
  }
}
