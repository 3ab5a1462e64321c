import NavCheckExplorer

/// The tabs reduction (issue 19): a spec whose tabs cannot act on each other is explored
/// without the product of its tabs' stacks, with the same findings.
///
/// The reduced graph holds the states in which at most one tab's stack differs from its
/// initial one. Where no event of one tab depends on or changes another tab but by a module
/// switch that never violates and resets them all (the conditions of `obstacle`), a shortest
/// path to any violation, destination or declaration of the product
/// keeps only one tab's events once the others' are left out, so it lies in the reduced graph
/// with the same length; and a state of the reduced graph reaches home there exactly when it
/// does in the product. The one kind of trap the reduced graph cannot hold is a state in which
/// every tab is stuck (no tab can get back to its root, though the tab bar shows): it needs
/// every tab changed at once. The stuck analysis looks for a stuck state in each tab on its
/// own; where every tab of a module has one, the check explores the full product instead.
/// `Docs/Performance.md` ("The tabs reduction") gives the argument in full.
enum TabReduction {
  /// Why the reduction cannot be used on `spec`, in words (`nil`: it can): the first way its
  /// tabs act on each other.
  static func obstacle(_ spec: CompiledSpec) -> String? {
    guard spec.isTabbed else { return "the app has no tabs" }
    // A module switch resets every tab: it keeps the reduction's promise where it never
    // violates, so that what it does depends on no tab (no pending work it could orphan).
    let switchOrphans =
      spec.destinations.contains { $0.orphaningMask != 0 }
      || spec.scopes.contains { $0.holder == .stack && !$0.isRouterFree }
    if !spec.invariantDeclarations.isEmpty {
      return "a custom invariant may read every tab at once"
    }
    func title(_ declaration: Int) -> String { "'\(spec.declarations[declaration].title)'" }
    // Flags some action sets: a guard on one of them reads what another tab may have done. A
    // flag set only by sequences that also switch module changes only with the module (as a
    // log-in sets "signed in"), when every tab is reset: it is part of the module.
    var setFlags = Set<Int>()
    func noteFlags(_ sequence: Range<Int>) {
      let acts = spec.steps[sequence].map(\.act)
      guard !acts.contains(where: { if case .showModule = $0 { true } else { false } }) else {
        return
      }
      for act in acts { if case .setFlag(let flag, _) = act { setFlags.insert(flag) } }
    }
    for transition in spec.transitions { noteFlags(transition.sequence) }
    for outcome in spec.outcomes { noteFlags(outcome.sequence) }
    for alert in spec.alerts { for button in alert.buttons { noteFlags(button.sequence) } }
    for link in spec.deepLinks { noteFlags(link.sequence) }
    for onDismiss in spec.onDismisses { noteFlags(onDismiss.sequence) }
    func readsSetFlag(_ guards: CompiledSpec.CompiledGuards) -> Int? {
      [guards.when, guards.unless].first { $0 >= 0 && setFlags.contains($0) }
    }
    func flagName(_ flag: Int) -> String { "'\(spec.spec.flags[flag].name)'" }

    /// Checks one sequence; `hidden`: it may run from a screen of a tab that is not selected
    /// (an async outcome, an onDismiss callback); `deepLink`: it can arrive in every state.
    func check(_ sequence: Range<Int>, hidden: Bool, deepLink: Bool = false) -> String? {
      var anchoredAtActive = false
      var switched = false
      var switchedModule = false
      var acted = false
      for step in spec.steps[sequence] {
        let act = step.act
        if act.isSetFlag { continue }
        defer { acted = true }
        if switchedModule {
          return
            "\(title(step.declaration)) acts after a module switch, in the new module's first tab"
        }
        if case .showModule = act {
          if switchOrphans {
            return
              "\(title(step.declaration)) switches module, which may orphan pending work in any tab"
          }
          switchedModule = true
          continue
        }
        if switched {
          return
            "\(title(step.declaration)) acts in the tab it selects (only a deep link that starts by selecting the tab may)"
        }
        if hidden && anchoredAtActive {
          return
            "\(title(step.declaration)) acts from the active screen after a dismiss, which may be in another tab than the work's"
        }
        switch act {
        case .selectTab where deepLink && !acted:
          // A deep link that starts by selecting a tab (to show one of its screens) reads only
          // whether the tab bar shows, then acts in that tab alone; it can arrive whatever the
          // other tabs show (a tap could not: its screen must be on top of its own tab).
          anchoredAtActive = false
        case .selectTab:
          switched = true
        case .dismissAll where hidden:
          return
            "\(title(step.declaration)) dismisses everything from the selected tab's root, though it may run in another tab"
        case .push, .sheet, .fullScreenCover, .modal, .alert, .startFlow, .next:
          break
        default:
          anchoredAtActive = true
        }
      }
      return nil
    }

    for (t, transition) in spec.transitions.enumerated() {
      let scope = spec.scopes[t]
      if let flag = readsSetFlag(scope.guards) {
        return
          "\(title(transition.declaration)) reads flag \(flagName(flag)), which any tab may set"
      }
      if transition.isAsync {
        if scope.actsOn == .app {
          return
            "\(title(transition.declaration)) acts on the active screen (actsOn app), whichever tab shows"
        }
        for outcome in spec.outcomes[scope.outcomes] {
          if let problem = check(outcome.sequence, hidden: true) { return problem }
        }
      } else if let problem = check(transition.sequence, hidden: false) {
        return problem
      }
    }
    for alert in spec.alerts {
      for button in alert.buttons {
        if let flag = readsSetFlag(button.guards) {
          return "\(title(button.declaration)) reads flag \(flagName(flag)), which any tab may set"
        }
        if let problem = check(button.sequence, hidden: false) { return problem }
      }
    }
    for link in spec.deepLinks {
      if let flag = readsSetFlag(link.guards) {
        return "deep link '\(link.name)' reads flag \(flagName(flag)), which any tab may set"
      }
      if let problem = check(link.sequence, hidden: false, deepLink: true) { return problem }
    }
    for onDismiss in spec.onDismisses {
      if onDismiss.actsOn == .app && !onDismiss.isRouterFree {
        return
          "\(title(onDismiss.declaration)) acts on the active screen (actsOn app), whichever tab shows"
      }
      if let problem = check(onDismiss.sequence, hidden: true) { return problem }
    }
    return nil
  }

  /// Checks `spec` on the reduced graph, or says that the full product is needed after all
  /// (every tab can get stuck, so a trap may need them all).
  static func check(
    _ spec: CompiledSpec, options: ExplorationOptions
  ) -> Result<CheckResult, FullProductNeeded> {
    var model = RouterModel(spec)
    model.restriction.oneChangedTab = true
    let exploration = Explorer.explore(model, options: options)
    var result = CheckReport(model: model, exploration: exploration).result
    result.reduced = true
    guard exploration.isComplete, options.analyzesReturns else { return .success(result) }
    // The stuck analysis: for each tab alone, the states from which it cannot get back to its
    // root. A state in which every tab is stuck is a trap the reduced graph does not hold.
    var quiet = options
    quiet.progress = nil
    var stuckTabs: [Bool] = []
    for tab in 0..<Int(spec.maxTabs) {
      var stuck = model
      stuck.restriction.onlyTab = tab
      stuck.restriction.homeIsEveryTabAtRoot = true
      let analysis = Explorer.explore(stuck, options: quiet)
      result.seconds += analysis.seconds
      guard analysis.isComplete else {
        // Cut short (^C, the time limit): whether a trap needs every tab is not known.
        result.cutoff = analysis.cutoff
        result.violations.removeAll { $0.kind == .trap }
        result.violationCounts[.trap] = nil
        result.warnings = []
        return .success(result)
      }
      stuckTabs.append(analysis.trapStates > 0)
    }
    // A module's tabs all stuck at once (the stuck states of a tab index may be another
    // module's: a cautious answer, never a wrong one).
    let everyTabStuck = spec.modules.contains { module in
      module.hasTabs && module.roots.indices.allSatisfy { stuckTabs[$0] }
    }
    return everyTabStuck ? .failure(FullProductNeeded(seconds: result.seconds)) : .success(result)
  }

  /// Every tab has a stuck state: a trap may need all of them stuck at once.
  struct FullProductNeeded: Error {
    let reason = "every tab can get stuck away from its root, and a trap may need them all at once"
    /// The time the reduced run and the stuck analysis took.
    let seconds: Double
  }
}
