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
    // Every sequence, with who runs it (in words) and the guards that enable it, in
    // declaration order: an async transition's start (no actions) before its outcomes.
    var sequences: [Runner] = []
    for (t, transition) in spec.transitions.enumerated() {
      let scope = spec.scopes[t]
      let who = title(transition.declaration)
      guard transition.isAsync else {
        sequences.append(Runner(steps: transition.sequence, who: who, guards: scope.guards))
        continue
      }
      sequences.append(
        Runner(steps: 0..<0, who: who, guards: scope.guards, actsOnApp: scope.actsOn == .app))
      for outcome in spec.outcomes[scope.outcomes] {
        sequences.append(Runner(steps: outcome.sequence, who: who, hidden: true))
      }
    }
    for alert in spec.alerts {
      for button in alert.buttons {
        sequences.append(
          Runner(steps: button.sequence, who: title(button.declaration), guards: button.guards))
      }
    }
    for link in spec.deepLinks {
      sequences.append(
        Runner(
          steps: link.sequence, who: "deep link '\(link.name)'", guards: link.guards,
          deepLink: true))
    }
    for onDismiss in spec.onDismisses {
      sequences.append(
        Runner(
          steps: onDismiss.sequence, who: title(onDismiss.declaration), hidden: true,
          actsOnApp: onDismiss.actsOn == .app && !onDismiss.isRouterFree))
    }
    // Flags some action sets: a guard on one of them reads what another tab may have done. A
    // flag set only by sequences that also switch module changes only with the module (as a
    // log-in sets "signed in"), when every tab is reset: it is part of the module.
    var setFlags = Set<Int>()
    for runner in sequences {
      let acts = spec.steps[runner.steps].map(\.act)
      if acts.contains(where: { if case .showModule = $0 { true } else { false } }) { continue }
      for act in acts { if case .setFlag(let flag, _) = act { setFlags.insert(flag) } }
    }
    func readsSetFlag(_ guards: CompiledSpec.CompiledGuards) -> Int? {
      [guards.when, guards.unless].first { $0 >= 0 && setFlags.contains($0) }
    }
    func flagName(_ flag: Int) -> String { "'\(spec.spec.flags[flag].name)'" }

    /// Checks one sequence; `hidden`: it may run from a screen of a tab that is not selected
    /// (an async outcome, an onDismiss callback); `deepLink`: it can arrive in every state.
    func check(_ sequence: Range<Int>, hidden: Bool, deepLink: Bool) -> String? {
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
        case .nextOrDismissEnvironment, .dismiss, .dismissTo, .dismissCount, .dismissStack,
          .dismissEnvironment, .popTo, .dismissAll, .dismissPresented, .dismissAlert, .showModule,
          .setFlag:
          anchoredAtActive = true
        }
      }
      return nil
    }

    for runner in sequences {
      if let guards = runner.guards, let flag = readsSetFlag(guards) {
        return "\(runner.who) reads flag \(flagName(flag)), which any tab may set"
      }
      if runner.actsOnApp {
        return "\(runner.who) acts on the active screen (actsOn app), whichever tab shows"
      }
      if let problem = check(runner.steps, hidden: runner.hidden, deepLink: runner.deepLink) {
        return problem
      }
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
    var exploration = Explorer.explore(model, options: options)
    var seconds = exploration.seconds
    if exploration.isComplete && options.analyzesReturns {
      // The stuck analysis: for each tab alone, the states from which it cannot get back to
      // its root. A state in which every tab is stuck is a trap the reduced graph does not
      // hold.
      var quiet = options
      quiet.progress = nil
      var stuckTabs: [Bool] = []
      for tab in 0..<Int(spec.maxTabs) {
        var stuck = model
        stuck.restriction.onlyTab = tab
        stuck.restriction.homeIsEveryTabAtRoot = true
        let analysis = Explorer.explore(stuck, options: quiet)
        seconds += analysis.seconds
        guard analysis.isComplete else {
          // Cut short (^C, the time limit): whether a trap needs every tab is not known, so
          // the run is incomplete and says nothing of traps.
          exploration.cutoff = analysis.cutoff
          exploration.trapStates = 0
          break
        }
        stuckTabs.append(analysis.trapStates > 0)
        // Once every module has a tab that cannot get stuck, no trap needs every tab, whatever
        // the other tabs do: their analyses are left out.
        let settled = spec.modules.allSatisfy { module in
          !module.hasTabs
            || module.roots.indices.contains { $0 < stuckTabs.count && !stuckTabs[$0] }
        }
        if settled { break }
      }
      // A module's tabs all stuck at once (the stuck states of a tab index may be another
      // module's: a cautious answer, never a wrong one). Tabs left out above count as not
      // stuck: their module has another tab that is not.
      let everyTabStuck = spec.modules.contains { module in
        module.hasTabs && module.roots.indices.allSatisfy { $0 < stuckTabs.count && stuckTabs[$0] }
      }
      if exploration.isComplete && everyTabStuck {
        return .failure(FullProductNeeded(seconds: seconds))
      }
    }
    var result = CheckReport(model: model, exploration: exploration).result
    result.reduced = true
    result.seconds = seconds
    return .success(result)
  }

  /// A sequence of the spec, as `obstacle` reads it: its actions, who runs it (in words), the
  /// guards that enable it, and where it runs from.
  private struct Runner {
    var steps: Range<Int>
    var who: String
    var guards: CompiledSpec.CompiledGuards?
    /// It may run from a screen of a tab that is not selected (an async outcome, an onDismiss).
    var hidden = false
    /// It can arrive in every state (a deep link).
    var deepLink = false
    /// It acts through the active screen, whichever tab shows (work or an onDismiss that acts
    /// on the app).
    var actsOnApp = false
  }

  /// Every tab has a stuck state: a trap may need all of them stuck at once.
  struct FullProductNeeded: Error {
    let reason = "every tab can get stuck away from its root, and a trap may need them all at once"
    /// The time the reduced run and the stuck analysis took.
    let seconds: Double
  }
}
