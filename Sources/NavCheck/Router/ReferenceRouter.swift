import NavCheckSupport

/// The reference router stepped event by event beside a team's own router: which events are
/// possible now, each in the public form a `RouterAdapter` performs, and what the screens
/// should be after it.
///
/// It is `RouterModel` with a current state; only events whose outcome is a state are offered
/// (a spec's violations are for `check` to report, not for a router to reproduce), except,
/// where `walksPastOrphans`, the spec's own `orphanedCompletion`: the removal goes on, the
/// orphaned work goes stale and an orphaned onDismiss does nothing (Docs/RouterTesting.md).
package struct ReferenceRouter: Sendable {
  let model: RouterModel
  var state: RouterState
  /// Whether a removal that orphans pending work or an onDismiss is offered (each such step
  /// says so in `Step.specFinding`).
  package var walksPastOrphans = false
  /// Every flow's steps, in declaration order: a flow-step declaration's index is its place.
  let flowSteps: [FlowStep]

  /// An event possible in the current state, with its public form.
  package struct Step: Sendable {
    let event: RouterEvent
    let next: RouterState
    /// What the router under test performs.
    package let navigation: NavigationStep
    /// The declarations that fired, as a trace step lists them (`TraceStep.declarations`).
    package let declarations: [DeclarationReference]
    /// Where the step walked past the spec's own `orphanedCompletion`: the declaration whose
    /// work or onDismiss it orphaned, and the step in a trace's words.
    package let specFinding: (declaration: DeclarationReference, words: String)?
  }

  /// The reference router of a valid spec, in its initial state.
  package init(_ spec: NavigationSpec) throws(SpecError) {
    try spec.validate()
    model = RouterModel(CompiledSpec(spec))
    state = model.initialState
    flowSteps = spec.flows.flatMap(\.steps)
  }

  /// The spec's name.
  package var specName: String { model.spec.spec.name }

  /// The first destination that declares onAppear (SEMANTICS v3 §11.11), where one does: its
  /// screens act when they appear, which an adapter must perform.
  package var firstOnAppear: String? {
    model.spec.onAppears.first.map { model.spec.destinations[$0.destination].name }
  }

  /// Environments presented above the root now.
  package var presentationDepth: Int { state.nesting(of: state.active) }

  /// What the screens should be now.
  package var expected: StateView { StateView(state, model.spec) }

  /// The work pending now, by id: each entry's holder (a screen's pre-order position;
  /// `EventReference.app` for the app's work, SEMANTICS §2) and the transition's index in its
  /// destination.
  package var pendingWork: [AsyncWork.ID] {
    let spec = model.spec
    var ids: [AsyncWork.ID] = []
    for (i, (_, screen)) in state.preOrder.enumerated() where screen.fields.pending != 0 {
      let held = spec.heldWork(screen.fields.pending, destination: Int(screen.fields.destination))
      for t in held.own + held.stack {
        ids.append(AsyncWork.ID(holder: .screen(i), transition: spec.transitions[t].index))
      }
    }
    for t in spec.appHeldWork(state.appPending) {
      ids.append(AsyncWork.ID(holder: .app, transition: spec.transitions[t].index))
    }
    return ids
  }

  /// The kinds of event the spec can produce, in `NavigationEvent.Kind.allCases` order: every
  /// kind but those of a feature the spec does not use (a confirmation dialog, a modal a
  /// background tap dismisses, tabs, sequences, tab buttons, toasts). A fuzzer draws per kind: a spec without those
  /// features draws as it did before they existed.
  package var eventKinds: [NavigationEvent.Kind] {
    let spec = model.spec
    let byFeature: [(NavigationEvent.Kind, Bool)] = [
      (.dismissDialog, spec.alerts.contains { !$0.isWindow && $0.style == .confirmationDialog }),
      (
        .backgroundTap,
        spec.steps.contains {
          switch $0.act {
          case .present(_, .modal, true, _), .presentOnApp(_, .modal, true, _): true
          default: false
          }
        }
      ),
      (.selectTab, model.semantics.hasTabs), (.reselectTab, model.semantics.hasTabs),
      (.tapToast, !spec.toasts.isEmpty), (.toastExpires, !spec.toasts.isEmpty),
      (.tabButton, spec.modules.contains { !$0.tabButtons.isEmpty }),
      (.broadcast, !spec.broadcasts.isEmpty),
      (.promptButton, spec.alerts.contains(where: \.isWindow)),
      (.dismissPrompt, spec.alerts.contains { $0.isWindow && $0.style == .confirmationDialog }),
      (
        .sequence,
        spec.spec.destinations.contains {
          $0.transitions.contains {
            $0.actions.count > 1
              || $0.actions.contains { $0.onDismiss != nil || $0.presenter == .app }
          }
        }
      ),
    ]
    let left = Set(byFeature.filter { !$0.1 }.map(\.0))
    return NavigationEvent.Kind.allCases.filter { !left.contains($0) }
  }

  /// The declarations (transitions, alert buttons, flow steps, deep-link actions) of the spec,
  /// for coverage.
  package var declarations: [DeclarationReference] {
    model.spec.declarations.filter { $0.kind != .invariant }
  }

  /// The events possible now whose outcome is a state, in canonical order (SEMANTICS §4),
  /// leaving out the kinds in `leftOut`.
  package func steps(leavingOut leftOut: Set<NavigationEvent.Kind> = []) -> [Step] {
    model.events(of: state).compactMap { event in
      let step = model.step(event, from: state, walkingPastOrphans: walksPastOrphans)
      guard step.outcome == .state else { return nil }
      // An adapter without the app's presenter has the events that present on it left out.
      if leftOut.contains(.appPresentation) && presentsOnApp(step) { return nil }
      let possible = self.possible(event, step)
      return leftOut.contains(possible.navigation.event.kind) ? nil : possible
    }
  }

  /// Whether the step performed a declaration whose actions present on the app (§11.10).
  private func presentsOnApp(_ step: RouterModel.Step) -> Bool {
    guard model.spec.hasAppPresentations else { return false }
    let onApp = Set(
      model.spec.steps.compactMap { step -> Int? in
        if case .presentOnApp = step.act { return step.declaration } else { return nil }
      }.map { model.spec.declarations[$0].title })
    return step.declarations.contains { onApp.contains($0.title) }
  }

  /// The public form of an event whose outcome is a state.
  private func possible(_ event: RouterEvent, _ step: RouterModel.Step) -> Step {
    var navigation = navigationStep(event, declarations: step.declarations)
    navigation.appearances = step.appearances.map { model.spec.destinations[$0].name }
    return Step(
      event: event, next: step.state,
      navigation: navigation,
      declarations: step.declarations,
      specFinding: step.walkedPast.map { ($0, model.words(of: step)) })
  }

  /// The possible step that `reference` names, or why there is none.
  package func step(_ reference: EventReference) -> Result<Step, ReplayError> {
    switch model.match(reference, in: state) {
    case .failure(let impossible): return .failure(ReplayError(message: impossible.message))
    case .success(let event):
      let step = model.step(event, from: state, walkingPastOrphans: walksPastOrphans)
      switch step.outcome {
      case .state:
        return .success(possible(event, step))
      case .pruned:
        return .failure(ReplayError(message: "\(model.words(of: step)) is cut by a bound"))
      case .violation(let kind, _):
        return .failure(
          ReplayError(message: "\(model.words(of: step)) breaks the spec's rule \(kind.rawValue)"))
      }
    }
  }

  /// `reference` with its unlabelled transition named by what it does (`.does("push
  /// Detail")`) rather than by index, where no other transition of its destination does the
  /// same; otherwise as it is, with why (a pasted test's comment).
  package func namedByWhatItDoes(_ reference: EventReference) -> (
    reference: EventReference, why: String?
  ) {
    model.namedByWhatItDoes(reference)
  }

  /// Why an event reference names no possible step.
  package struct ReplayError: Error, Sendable {
    package var message: String
    package init(message: String) { self.message = message }
  }

  /// Performs a step of the current state; returns the environments (by index, in the state
  /// before it) that the step removed.
  ///
  /// Removing is truncating (SEMANTICS §2's chain of environments, in the selected tab), so an
  /// environment is gone where its root lies at or past the first screen of that tab whose
  /// place changed; an environment dismissed and shown again identically in one event counts
  /// as kept. A switch to another module removes them all but the app's presentation (§11.10);
  /// selecting a tab removes none.
  @discardableResult
  package mutating func perform(_ step: Step) -> Range<Int> {
    defer { state = step.next }
    let tab = state.selectedTab
    // Where the app presents (§11.10), the chain is the selected stack (which presents
    // nothing) and then the app's presentation: only the latter's environments can go, and a
    // module switch keeps it.
    if let app = state.app {
      let old = RouterState(stacks: [app.stack]).linkedScreens
      let new = step.next.app.map { RouterState(stacks: [$0.stack]).linkedScreens } ?? []
      let gone = Self.removed(old, new)
      // A switch to another module takes the root environment's stacks too.
      return (step.next.module != state.module ? 0 : gone.lowerBound + 1)..<(gone.upperBound + 1)
    }
    if step.next.module != state.module {
      return 0..<(state.nesting(of: state.active) + 1)
    }
    return Self.removed(
      RouterState(stacks: [state.stacks[tab]]).linkedScreens,
      RouterState(stacks: [step.next.stacks[tab]]).linkedScreens)
  }

  /// The environments (by index in the chain `old`, screens in pre-order with their links)
  /// that are gone in `new`: those whose root lies at or past the first screen whose place
  /// changed.
  private static func removed(_ old: [ScreenState], _ new: [ScreenState]) -> Range<Int> {
    var changed = 0
    while changed < old.count && changed < new.count
      && old[changed].destination == new[changed].destination
      && old[changed].link == new[changed].link && old[changed].flow == new[changed].flow
      && old[changed].flowNext == new[changed].flowNext
    {
      changed += 1
    }
    let starts = old.indices.filter { old[$0].link != .pushed }
    let firstRemoved = starts.firstIndex { $0 >= changed && changed < old.count } ?? starts.count
    return firstRemoved..<starts.count
  }

  /// Appends the current state's canonical encoding to `bytes`.
  package func encode(into bytes: inout [UInt8]) { model.codec.encode(state, into: &bytes) }

  /// Sets the current state from an encoding made by `encode`.
  package mutating func decode(_ bytes: UnsafeRawBufferPointer) {
    state = model.codec.decode(bytes)
  }

  /// A fixed-seed fingerprint of the current state: equal states, equal fingerprints.
  package var fingerprint: UInt64 {
    var bytes: [UInt8] = []
    encode(into: &bytes)
    return bytes.withUnsafeBytes { NavCheckSupport.fingerprint($0) }
  }

  /// The most bytes a state encodes to.
  package var maxStateBytes: Int { model.codec.maxStateBytes }

  // MARK: - Public form of events

  /// Where the screen at `p` is.
  func location(_ p: ScreenPath) -> ScreenLocation {
    ScreenLocation(
      tab: p.tab, environment: state.nesting(of: p), position: p.positions.last!,
      destination: model.spec.destinations[Int(state[p].destination)].name,
      style: state.environmentStyle(of: p).style)
  }

  func work(_ t: Int, holder: WorkHolder) -> AsyncWork {
    let transition = model.spec.transitions[t]
    let declared = model.spec.spec.destinations[transition.destination].transitions[
      transition.index]
    var cancels = false
    if case .async(let c) = declared.trigger { cancels = c }
    var work = AsyncWork(
      id: AsyncWork.ID(holder: holder, transition: transition.index),
      destination: model.spec.destinations[transition.destination].name, label: declared.label,
      action: declared.action, cancelsOnDismiss: cancels)
    work.outcomes = declared.outcomes?.map(\.label)
    return work
  }

  func navigationStep(_ event: RouterEvent, declarations: [DeclarationReference]) -> NavigationStep
  {
    let spec = model.spec
    let active = state.active
    let navigationEvent: NavigationEvent
    var screen = active
    var actions: [SequenceAction] = []
    switch event {
    case .transition(let t):
      let transition = spec.transitions[t]
      let declared = spec.spec.destinations[transition.destination].transitions[transition.index]
      if transition.isAsync {
        // Its id names its holder: the starting screen, its stack's bottom, or the app.
        let holder: WorkHolder
        switch spec.scopes[t].holder {
        case .screen: holder = .screen(state.preOrderIndex(of: active))
        case .stack: holder = .screen(state.preOrderIndex(of: state.bottom(of: active)))
        case .app: holder = .app
        }
        navigationEvent = .startAsync(work(t, holder: holder))
      } else {
        actions = declared.actions
        navigationEvent =
          declared.actions.count == 1 && declared.actions[0].onDismiss == nil
            && !declared.actions[0].isItem && !declared.actions[0].keepsTab
            && declared.actions[0].presenter == .screen
          ? .transition(declared.action, label: declared.label)
          : .sequence(declared.actions, label: declared.label)
      }
    case .alertButton(let b) where state.prompt != 0:
      // A window prompt's button (§11.8): from the active screen.
      let alert = spec.alerts[state.prompt - 1]
      let button = alert.declared.indices.contains(b) ? alert.declared[b] : nil
      actions = button?.actions ?? []
      navigationEvent = .promptButton(
        prompt: alert.name, label: alert.buttons[b].label, actions: actions.map(\.action))
    case .gesture(.dismissDialog) where state.prompt != 0:
      navigationEvent = .dismissPrompt(prompt: spec.alerts[state.prompt - 1].name)
    case .alertButton(let b):
      let alert = spec.alerts[state[active].shownAlert!]
      let button = alert.declared.indices.contains(b) ? alert.declared[b] : nil
      actions = button?.actions ?? []
      navigationEvent = .alertButton(
        alert: alert.name, label: alert.buttons[b].label, action: button?.action)
    case .gesture(let gesture): navigationEvent = gesture.forms.event
    case .selectTab(let tab):
      navigationEvent = .selectTab(
        tab: spec.destinations[Int(spec.modules[state.module].roots[tab])].name)
    case .complete(let holder, let t, let o):
      screen = holder.screen.map(state.position(preOrder:)) ?? active
      let declared = spec.declaredTransition(t)
      actions =
        declared.outcomes.map { $0[o - spec.scopes[t].outcomes.lowerBound].actions }
        ?? declared.actions
      var completed = work(t, holder: holder)
      if declared.outcomes != nil { completed.outcome = spec.outcomes[o].label }
      navigationEvent = .completeAsync(completed)
    case .tabButton(let b):
      // From the active screen, the selected stack's top (§11.5).
      let button = spec.spec.startModules[state.module].tabButtons[b]
      actions = button.actions
      navigationEvent = .tabButton(name: button.name, actions: button.actions)
    case .deepLink(let l):
      let link = spec.spec.deepLinks[l]
      actions = link.actions
      // In a module without its tab, the link is tabMissing: it acts nowhere.
      screen = model.semantics.actingScreen(ofLink: l, in: state) ?? screen
      navigationEvent = .deepLink(
        name: link.name, start: link.start, actions: link.actions.map(\.action))
    case .tapToast:
      let k = state.toast - 1
      let toast = spec.toasts[k].declared
      actions = toast.actions
      screen = model.semantics.actingScreen(ofToast: k, in: state) ?? screen
      navigationEvent = .tapToast(
        name: toast.name, start: toast.start, actions: toast.actions.map(\.action))
    case .toastExpires:
      navigationEvent = .toastExpires(name: spec.toasts[state.toast - 1].name)
    case .broadcast(let b):
      // Delivered to the router under test, which hands it to every observer it keeps; the
      // step points at the first observer screen (§11.7).
      screen = model.semantics.firstObserverScreen(b, state) ?? screen
      navigationEvent = .broadcast(name: spec.broadcasts[b].name)
    }
    let flowStep = declarations.first { $0.kind == .flowStep }.map { flowSteps[$0.index] }
    return NavigationStep(
      event: navigationEvent, screen: location(screen), flowStep: flowStep,
      reference: model.reference(event, in: state), actions: actions)
  }
}
