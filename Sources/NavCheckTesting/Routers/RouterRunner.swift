import NavCheck

/// Runs a sequence of events on a fresh router beside the reference router, checking the
/// invariants and the differential check after every step.
struct RouterRunner<Adapter: RouterAdapter> {
  var reference: ReferenceRouter
  let invariants: [RouterInvariant]
  let makeRouter: () throws -> Adapter

  /// The runner of `spec`, checking the product's invariants and then `invariants`; `nil` for
  /// an invalid spec, each of whose problems is recorded at `call`.
  static func checking(
    _ spec: NavigationSpec, invariants: [RouterInvariant], call: TestLocation,
    makeRouter: @escaping () throws -> Adapter
  ) -> RouterRunner? {
    do {
      // Past the spec's own orphanedCompletion, so that a router is tested where apps break.
      var reference = try ReferenceRouter(spec)
      reference.walksPastOrphans = true
      return RouterRunner(
        reference: reference,
        invariants: RouterInvariant.productInvariants + invariants, makeRouter: makeRouter)
    } catch {
      for failure in NavigationFailure.failures(of: error, spec: spec.name) {
        failure.record(at: call)
      }
      return nil
    }
  }

  /// How a run ended.
  enum Outcome {
    /// Every step passed.
    case passed(RouterRun)
    /// A rule broke.
    case failed(RouterFailure)
    /// Event `step` is not possible in the reference router (a sequence that is no longer
    /// valid after a shrinking edit, or a hand-written one).
    case impossible(step: Int, reason: String)

    /// The failure, where a rule broke.
    var failure: RouterFailure? {
      if case .failed(let failure) = self { return failure }
      return nil
    }
  }

  /// Runs `events` from the first state.
  ///
  /// - Parameter beforeStep: Called with each step's index before the router performs it (the
  ///   journal marks it).
  func run(_ events: [EventReference], beforeStep: (Int) -> Void = { _ in }) -> Outcome {
    var tracker = SequenceTracker(reference: reference)
    var steps: [NavigationStep] = []
    var declaration: DeclarationReference?
    var run = RouterRun()
    func failure(_ rule: RouterFailure.Rule, _ message: String, _ snapshot: RouterSnapshot?)
      -> Outcome
    {
      .failed(
        RouterFailure(
          spec: reference.specName, rule: rule, message: message, steps: steps,
          expected: ShownScreens(tracker.reference.expected).description, snapshot: snapshot,
          declaration: declaration, workNames: tracker.workNames,
          specFindings: tracker.specFindings, referenceRouter: reference))
    }
    var router: Adapter
    do { router = try makeRouter() } catch {
      return failure(.throwsNoError, "making the router threw \(error)", nil)
    }
    var snapshot = router.snapshot()
    if let (rule, message) = Self.check(
      snapshot, invariants: invariants,
      context: .init(after: nil, reference: tracker.reference))
    {
      return failure(rule, message, snapshot)
    }
    for (n, event) in events.enumerated() {
      let next: SequenceTracker.Next
      switch tracker.next(event, steps: steps) {
      case .failure(let error): return .impossible(step: n, reason: error.message)
      case .success(let s): next = s
      }
      beforeStep(n)
      let before = snapshot
      steps.append(next.navigation)
      let removed = tracker.perform(next)
      declaration = tracker.lastDeclaration
      if case .startAsync = next.navigation.event { run.startedWork += 1 }
      do { try router.perform(next.navigation) } catch {
        // An adapter that finds no router for stale work's screen ignores it: what it should.
        if !next.navigation.isStaleCompletion {
          return failure(.throwsNoError, "performing \(next.navigation) threw \(error)", nil)
        }
      }
      snapshot = router.snapshot()
      if snapshot.routers.contains(where: { !$0.pendingWork.isEmpty }) {
        run.reportedPendingWork = true
      }
      let context = RouterInvariant.Context(
        after: next.navigation, reference: tracker.reference, removed: removed, before: before,
        startedWork: tracker.started, orphanedBySpec: tracker.orphanedBySpec)
      if next.navigation.isStaleCompletion, case .completeAsync(let work) = next.navigation.event {
        let shown = snapshot.shown
        let expected = ShownScreens(tracker.reference.expected)
        if !shown.matches(expected) {
          return failure(
            .staleWorkDoesNothing,
            "work \(work.words), kept after its screen was removed, changed the screens when it completed: expected \(expected.inline), the router shows \(shown.inline)",
            snapshot)
        }
      }
      if let (rule, message) = Self.check(snapshot, invariants: invariants, context: context) {
        return failure(rule, message, snapshot)
      }
    }
    return .passed(run)
  }

  /// A failure of `events` that the router did not report itself (a crash): the steps and the
  /// screens expected come from the reference router alone.
  func failure(_ rule: RouterFailure.Rule, _ message: String, events: [EventReference])
    -> RouterFailure
  {
    var tracker = SequenceTracker(reference: reference)
    var steps: [NavigationStep] = []
    var declaration: DeclarationReference?
    for event in events {
      guard case .success(let next) = tracker.next(event, steps: steps) else { break }
      _ = tracker.perform(next)
      steps.append(next.navigation)
      declaration = tracker.lastDeclaration
    }
    return RouterFailure(
      spec: reference.specName, rule: rule, message: message, steps: steps,
      expected: ShownScreens(tracker.reference.expected).description, snapshot: nil,
      declaration: declaration, workNames: tracker.workNames,
      specFindings: tracker.specFindings, referenceRouter: reference)
  }

  /// The events possible after `events`, in canonical order.
  func nextEvents(after events: [EventReference]) -> [EventReference] {
    var tracker = SequenceTracker(reference: reference)
    var steps: [NavigationStep] = []
    for event in events {
      guard case .success(let next) = tracker.next(event, steps: steps) else { return [] }
      _ = tracker.perform(next)
      steps.append(next.navigation)
    }
    return tracker.reference.steps(leavingOut: Adapter.leftOutEvents).map(
      \.navigation.reference)
  }

  /// The first rule `snapshot` breaks after a step, with what is wrong. Where the step
  /// removed environments and the router shows something else, the difference comes first: a
  /// dismissal that did nothing is a wrong screen, whatever it leaves behind.
  static func check(
    _ snapshot: RouterSnapshot, invariants: [RouterInvariant], context: RouterInvariant.Context
  ) -> (RouterFailure.Rule, String)? {
    let shown = snapshot.shown
    let expected = ShownScreens(context.expected)
    let differs = !shown.matches(expected)
    let difference = (
      RouterFailure.Rule.showsWhatTheReferenceShows,
      "expected \(expected.inline), the router shows \(shown.inline)"
    )
    if differs && !context.removedRouters.isEmpty { return difference }
    for invariant in invariants {
      if let message = invariant.violation(snapshot, context) {
        return (.invariant(invariant.name), message)
      }
    }
    return differs ? difference : nil
  }
}

/// What a run that passed saw.
struct RouterRun {
  /// Whether any snapshot reported pending work.
  var reportedPendingWork = false
  /// Pieces of async work started.
  var startedWork = 0
}

/// A sequence of event references followed beside the reference router: each named event
/// resolved to the step a router performs, the async work it started stamped with its step, and
/// stale completions (work the reference router no longer holds) resolved to that work.
struct SequenceTracker {
  var reference: ReferenceRouter
  /// Work started, by the step that started it (1-based).
  var started: [Int: AsyncWork] = [:]
  /// The steps whose work completed, or was completed stale.
  var finished: Set<Int> = []
  /// The spec's declaration behind each step performed (the transition, button, deep-link
  /// action; for a stale completion, the transition that started the work; none for a
  /// gesture).
  var declarations: [DeclarationReference?] = []
  /// The steps (1-based) that went on past the spec's own orphanedCompletion.
  var specFindings: [Int: SpecFinding] = [:]
  /// The starts (steps, 1-based) of work those steps orphaned, not cancelled with its screen.
  var orphanedStarts: Set<Int> = []

  /// The ids of work the spec itself orphaned that has not completed: a router may hold it.
  var orphanedBySpec: Set<AsyncWork.ID> {
    Set(orphanedStarts.subtracting(finished).compactMap { started[$0]?.id })
  }

  /// The declaration behind the last step performed.
  var lastDeclaration: DeclarationReference? { declarations.last ?? nil }

  /// The next step: what the router performs, and the reference step where it has one.
  struct Next {
    var navigation: NavigationStep
    var step: ReferenceRouter.Step?
    var declaration: DeclarationReference? { step?.declarations.first }
  }

  /// The names of the work started so far, by id: the latest start of each id.
  var workNames: [AsyncWork.ID: String] { Self.names(started) }

  /// The names of work started, by id: the latest start of each id.
  static func names(_ started: [Int: AsyncWork]) -> [AsyncWork.ID: String] {
    var names: [AsyncWork.ID: String] = [:]
    for (_, work) in started.sorted(by: { $0.key < $1.key }) { names[work.id] = work.words }
    return names
  }

  /// The step that started the work with `id` the reference router still holds.
  func liveStart(of id: AsyncWork.ID) -> Int? {
    guard reference.pendingWork.contains(id) else { return nil }
    return started.filter { $0.value.id == id && !finished.contains($0.key) }.map(\.key).max()
  }

  /// The steps whose work the reference router no longer holds and which never completed: what
  /// a stale completion may fire, in order.
  var staleStarts: [Int] {
    let pending = Set(reference.pendingWork)
    return started.keys.sorted().filter { s in
      guard !finished.contains(s), let work = started[s] else { return false }
      // While other work with the same id is pending, a router keyed by id could not tell them
      // apart: not fired then.
      return !pending.contains(work.id)
    }
  }

  /// Resolves `event`, the step after `steps`.
  func next(_ event: EventReference, steps: [NavigationStep]) -> Result<
    Next, ReferenceRouter.ReplayError
  > {
    if case .staleCompletion(let s) = event {
      guard s >= 1, s <= steps.count, case .startAsync(var work) = steps[s - 1].event else {
        return .failure(.init(message: "step \(s) of the sequence started no async work"))
      }
      guard !finished.contains(s) else {
        return .failure(.init(message: "the work step \(s) started has already completed"))
      }
      guard staleStarts.contains(s) else {
        return .failure(
          .init(
            message:
              "the reference router still holds the work step \(s) started, or other pending work shares its id"
          ))
      }
      work.startedAt = s
      return .success(
        Next(
          navigation: NavigationStep(
            event: .completeAsync(work), screen: steps[s - 1].screen, reference: event,
            isStaleCompletion: true)))
    }
    switch reference.step(event) {
    case .failure(let error): return .failure(error)
    case .success(let step):
      var navigation = step.navigation
      switch navigation.event {
      case .startAsync(var work):
        work.startedAt = steps.count + 1
        navigation.event = .startAsync(work)
      case .completeAsync(var work):
        work.startedAt = liveStart(of: work.id)
        navigation.event = .completeAsync(work)
      default: break
      }
      return .success(Next(navigation: navigation, step: step))
    }
  }

  /// Performs `next`; returns the environments the reference removed (none for a stale
  /// completion: the reference does not move).
  mutating func perform(_ next: Next) -> Range<Int> {
    var declaration = next.declaration
    switch next.navigation.event {
    case .startAsync(let work):
      if let s = work.startedAt { started[s] = work }
    case .completeAsync(let work):
      if let s = work.startedAt {
        finished.insert(s)
        if next.navigation.isStaleCompletion { declaration = declarations[s - 1] }
      }
    default: break
    }
    declarations.append(declaration)
    guard let step = next.step else { return 0..<0 }
    guard let finding = step.specFinding else { return reference.perform(step) }
    specFindings[declarations.count] = SpecFinding(finding)
    let pendingBefore = Set(reference.pendingWork)
    let removed = reference.perform(step)
    let gone = pendingBefore.subtracting(reference.pendingWork)
    for (start, work) in started
    where !finished.contains(start) && gone.contains(work.id) && !work.cancelsOnDismiss {
      orphanedStarts.insert(start)
    }
    return removed
  }
}
