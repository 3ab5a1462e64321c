extension NavigationSpec {
  /// `result` with each violation's checked fixes: every candidate change of its rule (cancel
  /// the work with its screen, disable the button while the work is pending, keep the sheet
  /// from being swiped down, dismiss what is presented first in a deep link, give a trapping
  /// screen a way back, …) is applied to a copy of the spec, which is checked again (at most
  /// `maxStates` states, by default four times the first run's); a change is kept where the
  /// finding is gone and every violation left was there before. Each violation's `fixSearch`
  /// becomes `.searched`, with the changes that do not hold and why.
  ///
  /// ```swift
  /// let checked = spec.suggestingFixes(for: try spec.check())
  /// ```
  public func suggestingFixes(
    for result: CheckResult, maxStates: Int? = nil, threads: Int = 2
  ) -> CheckResult {
    var result = result
    let cap = maxStates ?? (4 * result.states + 10_000)
    for v in result.violations.indices {
      let violation = result.violations[v]
      var rejected: [RejectedFix] = []
      for candidate in FixCandidates(spec: self, violation: violation).all {
        let checked: CheckResult
        do {
          checked = try candidate.patched.check(threads: threads, maxStates: cap)
        } catch {
          let problem = error.problems.first?.message ?? "\(error)"
          rejected.append(RejectedFix(change: candidate.change, reason: .invalid(problem)))
          continue
        }
        if let reason = Self.rejection(of: checked, for: violation, in: result) {
          rejected.append(RejectedFix(change: candidate.change, reason: reason))
          continue
        }
        var fix = candidate
        let before = Set(result.warnings.map(\.message))
        let lost = checked.warnings.filter {
          $0.kind == .unreachableDestination && !before.contains($0.message)
        }
        if !lost.isEmpty {
          let words = lost.map(\.message).joined(separator: "; ")
          fix.cost = (fix.cost.map { $0 + "; " } ?? "") + "and then " + words
        }
        result.violations[v].fixes.append(fix)
      }
      result.violations[v].fixSearch = .searched(rejected: rejected)
    }
    return result
  }

  /// Why the changed spec's result `checked` does not fix `violation` of `result`, or `nil`
  /// where it does: its check is complete, the finding is gone and nothing new breaks.
  static func rejection(
    of checked: CheckResult, for violation: Violation, in result: CheckResult
  ) -> RejectedFix.Reason? {
    guard checked.complete else { return .unsettled(states: checked.states) }
    if let stays = checked.violations.first(where: { sameCause($0, violation) }) {
      return .findingStays(event: stays.trace.last?.description)
    }
    let new = checked.violations.filter { found in
      !result.violations.contains { sameCause(found, $0) }
    }
    guard let first = new.first else { return nil }
    return .breaks(first.kind, cause: first.cause?.title, others: new.count - 1)
  }

  /// Whether two violations are the same finding: the same rule, by the same declaration (a
  /// deep link's action by its link, whose actions a fix may renumber).
  static func sameCause(_ a: Violation, _ b: Violation) -> Bool {
    a.kind == b.kind && causeKey(a) == causeKey(b)
  }

  /// A violation's cause as fixes compare it: the declaration's title, a deep link's action by
  /// its link (a fix may renumber its actions).
  private static func causeKey(_ violation: Violation) -> String {
    guard let declaration = violation.cause else { return "" }
    if declaration.kind == .deepLinkAction, let end = declaration.title.range(of: "' action ") {
      return String(declaration.title[..<end.lowerBound])
    }
    return declaration.title
  }
}

extension NavigationSpec {
  /// The transition a declaration reference names: its destination's and its own index.
  func transition(_ declaration: DeclarationReference?) -> (d: Int, t: Int)? {
    guard let declaration, declaration.kind == .transition else { return nil }
    return Self.position(declaration.index, in: destinations.map(\.transitions.count))
  }

  /// The deep link a deep-link action reference belongs to, and the action's index in it.
  func deepLinkAction(_ declaration: DeclarationReference?) -> (link: Int, action: Int)? {
    guard let declaration, declaration.kind == .deepLinkAction else { return nil }
    return Self.position(declaration.index, in: deepLinks.map(\.actions.count))
  }

  /// The tab button a tab-button reference names (§11.5): the module it belongs to (among
  /// `startModules`) and its index there.
  func tabButton(_ declaration: DeclarationReference?) -> (module: Int, button: Int)? {
    guard let declaration, declaration.kind == .tabButton else { return nil }
    return Self.position(declaration.index, in: startModules.map(\.tabButtons.count))
  }

  /// The broadcast observer an observer reference names (§11.7): the broadcast's index and the
  /// observer's index in it.
  func broadcastObserver(_ declaration: DeclarationReference?) -> (broadcast: Int, observer: Int)? {
    guard let declaration, declaration.kind == .broadcastObserver else { return nil }
    return Self.position(declaration.index, in: broadcasts.map(\.observers.count))
  }

  /// The destination whose onAppear an onAppear reference names (§11.11): the `index`-th of the
  /// destinations that declare one.
  func onAppearDestination(_ declaration: DeclarationReference?) -> Int? {
    guard let declaration, declaration.kind == .onAppear else { return nil }
    let declaring = destinations.indices.filter { destinations[$0].onAppear != nil }
    return declaring.indices.contains(declaration.index) ? declaring[declaration.index] : nil
  }

  /// The `index`-th item of lists of `counts` items laid end to end, as references count a
  /// kind's declarations: the list, and the item's index in it.
  private static func position(_ index: Int, in counts: [Int]) -> (Int, Int)? {
    var k = index
    for (list, count) in counts.enumerated() {
      if k < count { return (list, k) }
      k -= count
    }
    return nil
  }
}

/// The candidate changes for one violation, by its rule.
struct FixCandidates {
  let spec: NavigationSpec
  let violation: Violation

  var all: [SuggestedFix] {
    // A spec with a window prompt (§11.8) is offered none: the candidates do not close the
    // prompt, which covers every screen, and waiting for its answer is a change of design.
    if spec.hasWindowPrompts { return [] }
    return switch violation.kind {
    case .orphanedCompletion: orphanedCompletion
    case .actionFromCoveredScreen: actionFromCoveredScreen
    case .trap: trap
    case .dismissEnvironmentAtRoot:
      replacing(
        .dismiss(destination: nil), "use Dismiss() in the root environment: Dismiss()", cost: nil)
    case .flowExhausted:
      replacing(
        .nextOrDismissEnvironment,
        "close the flow after its last step: NextOrDismissEnvironment()", cost: nil)
    default: []
    }
  }

  func transition(_ declaration: DeclarationReference?) -> (d: Int, t: Int)? {
    spec.transition(declaration)
  }

  func fix(_ change: String, cost: String?, _ edit: (inout NavigationSpec) -> Void)
    -> SuggestedFix
  {
    var patched = spec
    edit(&patched)
    return SuggestedFix(change: change, cost: cost, patched: patched)
  }

  /// A transition's name in a fix: `Payment's 'Pay'`, `Home's transition 2`.
  func name(_ d: Int, _ t: Int) -> String {
    let destination = spec.destinations[d]
    return "\(destination.name)'s "
      + (destination.transitions[t].label.map { "'\($0)'" } ?? "transition \(t + 1)")
  }

  var orphanedCompletion: [SuggestedFix] {
    guard let (d, t) = transition(violation.declaration) else { return [] }
    let work = spec.destinations[d].transitions[t]
    var fixes = [
      fix(
        "cancel \(name(d, t)) with its screen: .async(cancelsOnDismiss: true)",
        cost: "the work no longer completes once its screen is gone"
      ) { $0.destinations[d].transitions[t].trigger = .async(cancelsOnDismiss: true) }
    ]
    guard let removing = violation.trace.last else { return fixes }
    // The event that removed the screen: a swipe down of a sheet, or a transition.
    if removing.event == .gesture(.swipeDown),
      let before = violation.trace.dropLast().last?.state ?? nil,
      let sheet = before.environments.last?.stack.first?.destination,
      let s = spec.destinations.firstIndex(where: { $0.name == sheet })
    {
      fixes.append(
        fix(
          "keep \(sheet) from being swiped down: Destination(\"\(sheet)\", swipeToDismiss: false)",
          cost: "the user can no longer swipe \(sheet) down; it needs a button that closes it"
        ) { $0.destinations[s].swipeToDismiss = false })
    }
    if let label = work.label,
      let (rd, rt) = transition(removing.declarations.first { $0.kind != .outcome }),
      spec.destinations[rd].name == spec.destinations[d].name
    {
      fixes.append(
        fix(
          "disable \(name(rd, rt)) while '\(label)' is pending: .unlessPending(\"\(label)\")",
          cost: "\(name(rd, rt)) does nothing while '\(label)' runs"
        ) { $0.destinations[rd].transitions[rt].guards.unlessPending = label })
    }
    return fixes
  }

  var actionFromCoveredScreen: [SuggestedFix] {
    guard let l = spec.deepLinkAction(violation.declaration)?.link else { return [] }
    let link = spec.deepLinks[l]
    if link.start == .tab, let tab = link.tab {
      // It acts on a tab the user may not be in: closing what is open changes nothing there
      // (DismissAll acts on the selected tab); selecting the tab first, from the app root, does.
      let select = SequenceAction(.selectTab(tab: tab))
      func selectingFirst(_ prefix: [SequenceAction]) -> (inout NavigationSpec) -> Void {
        { spec in
          spec.deepLinks[l].start = .root
          spec.deepLinks[l].tab = nil
          spec.deepLinks[l].actions.insert(contentsOf: prefix + [select], at: 0)
        }
      }
      return [
        fix(
          "select the tab first: SelectTab(\"\(tab)\") as deep link '\(link.name)''s first action, from the app root (start: .root)",
          cost: "the link switches the user to tab '\(tab)'", selectingFirst([])),
        fix(
          "close what is open and select the tab first: DismissAll(), SelectTab(\"\(tab)\") as deep link '\(link.name)''s first actions, from the app root (start: .root)",
          cost: "the link closes whatever the user has open and switches to tab '\(tab)'",
          selectingFirst([SequenceAction(.dismissAll)])),
      ]
    }
    guard link.actions.first?.action != .dismissAll else { return [] }
    return [
      fix(
        "dismiss what is presented first: DismissAll() as deep link '\(link.name)''s first action",
        cost: "the link closes whatever the user has open"
      ) { $0.deepLinks[l].actions.insert(SequenceAction(.dismissAll), at: 0) }
    ]
  }

  var trap: [SuggestedFix] {
    guard let (d, t) = transition(violation.cause) else { return [] }
    let entering = spec.destinations[d].transitions[t]
    guard let shown = entering.actions.last?.action.arguments.destination,
      let s = spec.destinations.firstIndex(where: { $0.name == shown })
    else { return [] }
    var fixes = [
      fix(
        "give \(shown) a way back: Dismiss().label(\"Close\") in Destination(\"\(shown)\")",
        cost: nil
      ) {
        $0.destinations[s].transitions.append(
          Transition(action: .dismiss(destination: nil), label: "Close"))
      }
    ]
    if case .fullScreenCover(let destination) = entering.actions.last?.action,
      let a = entering.actions.indices.last
    {
      fixes.append(
        fix(
          "present \(destination) as a sheet the user can swipe down: Sheet(\"\(destination)\")",
          cost: "\(destination) no longer covers the whole screen"
        ) { $0.destinations[d].transitions[t].actions[a].action = .sheet(destination: destination) }
      )
    }
    return fixes
  }

  /// The violation's transition with its (single) action replaced.
  func replacing(_ action: Action, _ change: String, cost: String?) -> [SuggestedFix] {
    guard let (d, t) = transition(violation.declaration),
      spec.destinations[d].transitions[t].actions.count == 1
    else { return [] }
    return [
      fix("\(name(d, t)): \(change)", cost: cost) {
        $0.destinations[d].transitions[t].actions[0].action = action
      }
    ]
  }
}

extension NavigationSpec {
  /// Whether an `alert` at window level (SEMANTICS v3 §11.8) is declared anywhere: in a
  /// transition, an outcome, a button, an onDismiss, a toast's tap, a deep link or a tab button.
  var hasWindowPrompts: Bool {
    func any(_ actions: [SequenceAction]) -> Bool {
      actions.contains { item in
        if let onDismiss = item.onDismiss, any(onDismiss.actions) { return true }
        switch item.action {
        case .windowAlert: return true
        case .alert(_, _, let buttons): return buttons.contains { any($0.actions) }
        case .toast(let toast): return any(toast.actions)
        default: return false
        }
      }
    }
    return destinations.contains { d in
      d.transitions.contains { any($0.actions) || ($0.outcomes ?? []).contains { any($0.actions) } }
        || any(d.onAppear?.actions ?? [])
    }
      || deepLinks.contains { any($0.actions) }
      || (tabButtons + modules.flatMap(\.tabButtons)).contains { any($0.actions) }
  }
}
