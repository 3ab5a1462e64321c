/// A replay or walk in progress: the model's steps one after another.
struct Walk {
  let model: RouterModel
  var state: RouterState
  var steps: [TraceStep] = []

  init(_ model: RouterModel) {
    self.model = model
    state = model.initialState
  }

  var spec: CompiledSpec { model.spec }

  func end(_ ending: Replay.Ending, violation: Violation? = nil) -> Replay {
    Replay(
      initial: StateView(model.initialState, spec), steps: steps, ending: ending,
      violation: violation)
  }

  /// The ending where the launch's appearances break a rule or are pruned (§11.11: step -1,
  /// the one step "the app launches"), or the first state already breaks a custom invariant.
  func checkInitialState() -> Replay? {
    switch model.launch.outcome {
    case .violation(let kind, let declaration):
      let reference = spec.declarations[declaration]
      let step = model.launchStep()
      let message = CheckReport.message(
        kind, title: reference.title, event: step.description,
        callback: reference.kind == .onDismiss)
      return end(
        .violation(step: -1, kind: kind, message: message),
        violation: Violation(
          kind: kind, message: message, declaration: reference, count: 1, trace: [step]))
    case .pruned:
      return end(.pruned(step: -1))
    case .state:
      break
    }
    return model.brokenInvariant(state).map { declaration in
      let title = spec.declarations[declaration].title
      return end(
        .violation(step: -1, kind: .invariant, message: "the first state breaks \(title)"),
        violation: Violation(
          kind: .invariant, message: CheckReport.message(.invariant, title: title, event: ""),
          declaration: spec.declarations[declaration], count: 1, trace: []))
    }
  }

  /// Performs `event`; returns the replay's end where it broke a rule (custom invariants
  /// included) or was pruned.
  mutating func perform(_ event: RouterEvent, step n: Int) -> Replay? {
    let step = model.step(event, from: state)
    steps.append(model.trace(of: step))
    let broken: (kind: ViolationKind, declaration: Int, message: String)
    switch step.outcome {
    case .state:
      state = step.state
      guard let declaration = model.brokenInvariant(state) else { return nil }
      broken = (
        .invariant, declaration,
        CheckReport.message(.invariant, title: spec.declarations[declaration].title, event: "")
      )
    case .pruned:
      return end(.pruned(step: n))
    case .violation(let kind, let declaration):
      broken = (
        kind, declaration,
        CheckReport.message(
          kind, title: spec.declarations[declaration].title, event: model.words(of: step),
          prompt: step.shownPrompt, appConflict: step.appConflict)
      )
    }
    return end(
      .violation(step: n, kind: broken.kind, message: broken.message),
      violation: Violation(
        kind: broken.kind, message: broken.message,
        declaration: spec.declarations[broken.declaration], count: 1, trace: steps))
  }
}
