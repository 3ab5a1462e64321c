import NavCheck

/// Runs a sequence of events on a fresh router beside the reference router, checking the
/// invariants and the differential check after every step.
struct RouterRunner<Adapter: RouterAdapter> {
  let reference: ReferenceRouter
  let invariants: [RouterInvariant]
  let makeRouter: () throws -> Adapter

  /// How a run ended.
  enum Outcome {
    /// Every step passed.
    case passed
    /// A rule broke.
    case failed(RouterFailure)
    /// Event `step` is not possible in the reference router (a sequence that is no longer
    /// valid after a shrinking edit, or a hand-written one).
    case impossible(step: Int, reason: String)
  }

  /// Runs `events` from the first state.
  ///
  /// - Parameter performed: Called with each step before the router performs it.
  func run(_ events: [EventReference], performed: (ReferenceRouter.Step) -> Void = { _ in })
    -> Outcome
  {
    var reference = self.reference
    var steps: [NavigationStep] = []
    var declaration: DeclarationReference?
    func failure(_ rule: RouterFailure.Rule, _ message: String, _ snapshot: RouterSnapshot?)
      -> Outcome
    {
      .failed(
        RouterFailure(
          spec: reference.specName, rule: rule, message: message, steps: steps,
          expected: ShownScreens(reference.expected).description, snapshot: snapshot,
          declaration: declaration))
    }
    var router: Adapter
    do { router = try makeRouter() } catch {
      return failure(.throwsNoError, "making the router threw \(error)", nil)
    }
    var snapshot = router.snapshot()
    if let (rule, message) = Self.check(
      snapshot, invariants: invariants, context: .init(after: nil, reference: reference))
    {
      return failure(rule, message, snapshot)
    }
    for (n, event) in events.enumerated() {
      let step: ReferenceRouter.Step
      switch reference.step(event) {
      case .failure(let error): return .impossible(step: n, reason: error.message)
      case .success(let s): step = s
      }
      performed(step)
      let before = snapshot
      let removed = reference.perform(step)
      steps.append(step.navigation)
      declaration = step.trace.declarations.first
      do { try router.perform(step.navigation) } catch {
        return failure(.throwsNoError, "performing \(step.navigation) threw \(error)", nil)
      }
      snapshot = router.snapshot()
      let context = RouterInvariant.Context(
        after: step.navigation, reference: reference, removed: removed, before: before)
      if let (rule, message) = Self.check(snapshot, invariants: invariants, context: context) {
        return failure(rule, message, snapshot)
      }
    }
    return .passed
  }

  /// The first rule `snapshot` breaks after a step, with what is wrong.
  static func check(
    _ snapshot: RouterSnapshot, invariants: [RouterInvariant], context: RouterInvariant.Context
  ) -> (RouterFailure.Rule, String)? {
    for invariant in invariants {
      if let message = invariant.violation(snapshot, context) {
        return (.invariant(invariant.name), message)
      }
    }
    let shown = snapshot.shown
    let expected = ShownScreens(context.expected)
    if !shown.matches(expected) {
      return (
        .showsWhatTheReferenceShows,
        "it shows \(shown.inline) where the reference router shows \(expected.inline)"
      )
    }
    return nil
  }
}
