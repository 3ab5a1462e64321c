import NavCheckExplorer

/// The tabs reduction (issue 19): a spec whose tabs cannot act on each other is explored
/// without the product of its tabs' stacks, with the same findings.
///
/// The reduced graph holds the states in which at most one tab's stack differs from its
/// initial one. Where no event of one tab depends on or changes another tab but by a module
/// switch that resets them all, and that never violates or runs only where its own tab is
/// unchanged (the conditions of `obstacle`), a shortest
/// path to any violation, destination or declaration of the product
/// keeps only one tab's events once the others' are left out, so it lies in the reduced graph
/// with the same length; and a state of the reduced graph reaches home there exactly when it
/// does in the product. The one kind of trap the reduced graph cannot hold is a state in which
/// every tab is stuck (no tab can get back to its root, though the tab bar shows): it needs
/// every tab changed at once. The stuck analysis looks for a stuck state in each tab on its
/// own; where every tab of a module has one, and one of them one that shows the tab bar (a
/// tab stuck only under a sheet or a cover is a trap alone), the check explores the full
/// product instead.
/// `Docs/Performance.md` ("The tabs reduction") gives the argument in full.
enum TabReduction {
  /// Why the reduction cannot be used on `spec` (`nil`: it can): the first way its tabs act on
  /// each other, in words, with the declaration it names.
  static func obstacle(_ spec: CompiledSpec) -> Obstacle? {
    guard spec.isTabbed else { return Obstacle("the app has no tabs") }
    // A module switch resets every tab: it keeps the reduction's promise where it never
    // violates, so that what it does depends on no tab (no pending work it could orphan), or
    // where it can only be performed from a state in which its own tab is unchanged (a deep
    // link, which arrives in any state; a tap of a screen that is only ever a tab's root):
    // the work it orphans in another tab is then orphaned in a state of the reduced graph.
    let switchOrphans =
      spec.destinations.contains { $0.orphaningMask != 0 }
      || spec.scopes.contains { $0.holder == .stack && !$0.isRouterFree }
    let rootsOnly = rootOnlyDestinations(spec)
    let environments = Sequences(spec)
    let startedByActions = startedByActions(spec)
    if let toast = spec.toasts.first {
      return Obstacle(
        "\(spec.declarations[toast.declaration].title): a toast is app-wide, shown from one tab and tapped from another",
        spec.declarations[toast.declaration])
    }
    if let onAppear = spec.onAppears.first {
      // Selecting a tab makes its top screen appear (§11.11): the tab's events depend on it.
      let declaration = spec.declarations[onAppear.declaration]
      return Obstacle(
        "\(declaration.title): onAppear performs when a screen appears, which selecting a tab makes happen",
        declaration)
    }
    if let broadcast = spec.broadcasts.first {
      // One event acts on the observer screens of every tab at once (§11.7).
      let first = spec.declarations[broadcast.observers[0].declaration]
      return Obstacle("broadcast '\(broadcast.name)' acts in every tab", first)
    }
    if let prompt = spec.steps.first(where: {
      if case .prompt = $0.act { true } else { false }
    }) {
      guard case .prompt(let k, _) = prompt.act else { preconditionFailure() }
      return Obstacle(
        "\(spec.declarations[prompt.declaration].title) shows window prompt '\(spec.alerts[k].name)': a window prompt covers every tab",
        spec.declarations[prompt.declaration])
    }
    if let onApp = spec.steps.first(where: {
      if case .presentOnApp = $0.act { true } else { false }
    }) {
      // The app's presentation covers every tab (§11.10).
      return Obstacle(
        "\(spec.declarations[onApp.declaration].title) presents on the app, above every tab's stack",
        spec.declarations[onApp.declaration])
    }
    if let invariant = spec.invariantDeclarations.first {
      return Obstacle(
        "\(spec.declarations[invariant].title), a custom invariant, may read every tab at once",
        spec.declarations[invariant])
    }
    /// A declaration in words: its title as every report writes it (`SignIn: 'Sign in'
    /// outcome 'ok'`), which quotes its own names.
    func title(_ declaration: Int) -> String { spec.declarations[declaration].title }
    // Every sequence, with the declaration that runs it and the guards that enable it, in
    // declaration order: an async transition's start (no actions) before its outcomes.
    var sequences: [Runner] = []
    for (t, transition) in spec.transitions.enumerated() {
      let scope = spec.scopes[t]
      let who = transition.declaration
      guard transition.isAsync else {
        sequences.append(
          Runner(
            steps: transition.sequence, who: who, guards: scope.guards,
            atRoot: rootsOnly[transition.destination]))
        continue
      }
      // Work that acts on the app, started only by a tap of a screen that is only ever a root
      // (its tab unchanged when it starts: the entry is the app's), completes as a deep link
      // arrives: in any state, acting through the active screen.
      let fromRoot =
        scope.actsOn == .app && scope.holder == .app && scope.isTapped
        && !startedByActions.contains(t) && rootsOnly[transition.destination]
      sequences.append(
        Runner(
          steps: 0..<0, who: who, guards: scope.guards,
          actsOnApp: scope.actsOn == .app && !fromRoot))
      for outcome in spec.outcomes[scope.outcomes] {
        sequences.append(
          Runner(
            steps: outcome.sequence, who: outcome.declaration, hidden: !fromRoot,
            deepLink: fromRoot, wayHome: fromRoot,
            whileSelected: scope.holder != .app
              && !environments.rootEnvironment[transition.destination]))
      }
    }
    for alert in spec.alerts {
      for button in alert.buttons {
        sequences.append(
          Runner(steps: button.sequence, who: button.declaration, guards: button.guards))
      }
    }
    for link in spec.deepLinks where !link.sequence.isEmpty {
      // A deep link points at its first action. One that acts on a named tab's router may act
      // in a tab that is not selected, as a completion does (`hidden`); `root`, `active` and
      // `stack` links act in the selected tab.
      sequences.append(
        Runner(
          steps: link.sequence, who: spec.steps[link.sequence.lowerBound].declaration,
          words: EventWords.deepLink(link.name), guards: link.guards,
          hidden: link.start == .tab, deepLink: true))
    }
    for module in spec.modules {
      // A tab button (§11.5) acts from the selected stack's top, as a tap of that screen does:
      // checked as a transition is.
      for button in module.tabButtons {
        sequences.append(
          Runner(steps: button.sequence, who: button.declaration, guards: button.guards))
      }
    }
    for onDismiss in spec.onDismisses {
      sequences.append(
        Runner(
          steps: onDismiss.sequence, who: onDismiss.declaration, hidden: true,
          actsOnApp: onDismiss.actsOn == .app && !onDismiss.isRouterFree))
    }
    // Flags set while tabs show: a guard on one of them reads what another tab may have done
    // (`flagsSetWithTabs`).
    let setters = flagsSetWithTabs(spec, environments.constants)
    // Set flags that couple no tabs the reduced graph cannot follow: local to the environments
    // that read them, or shared one way (the writer's tab is parked, `MonotoneFlag`).
    var followed = environmentLocalFlags(spec, environments)
    // Why each flag is not shared one way, for the words of a refusal.
    var notShared: [Int: String] = [:]
    for f in spec.spec.flags.indices where setters[f] != nil && !followed[f] {
      switch sharedOneWay(f, spec, environments) {
      case .success: followed[f] = true
      case .failure(let why): notShared[f] = why.reason
      }
    }
    // Whether a tab changed by the actions after a module switch can be parked (`check`), and
    // one that holds work a switch would orphan (then a switch by a tap, a button or a deep
    // link, from any tab, keeps the reduction, and so does one by work held only inside
    // presented environments, which completes while its tab is selected; not one by other work
    // or an onDismiss, which may run while another tab is selected, after the holder changed).
    let parks = spec.maxTabs <= 7
    let holders = switchOrphans && parksHolders(spec, environments)
    func readsSetFlag(_ guards: CompiledSpec.CompiledGuards) -> Int? {
      [guards.when, guards.unless].first { $0 >= 0 && setters[$0] != nil && !followed[$0] }
    }
    func flagName(_ flag: Int) -> String { "'\(spec.spec.flags[flag].name)'" }
    /// A guard's read of `flag`, which a tab sets, in words: who sets it and why the tabs do
    /// not share it one way.
    func setWithTabs(_ flag: Int) -> String {
      "\(flagName(flag)), which \(title(setters[flag]!)) sets while the tabs show, and the tabs do not share it one way: \(notShared[flag]!)"
    }

    /// Checks one sequence; `hidden`: it may run from a screen of a tab that is not selected
    /// (an async outcome, an onDismiss callback); `deepLink`: it can arrive in every state.
    func check(_ runner: Runner) -> Obstacle? {
      let (sequence, hidden, deepLink) = (runner.steps, runner.hidden, runner.deepLink)
      var anchoredAtActive = false
      var switched = false
      var switchedModule = false
      // No action has shown or dismissed anything since the module switch.
      var freshAfterSwitch = false
      var acted = false
      for step in spec.steps[sequence] {
        let act = step.act
        let problem = { (words: String) in
          Obstacle("\(title(step.declaration)) \(words)", spec.declarations[step.declaration])
        }
        // After a module switch, the actions act in the new module's selected tab (or the one
        // a first `selectTab` selects), as a deep link that starts by selecting a tab does;
        // the tab is parked where another tab then changes, which it may only be while it
        // holds no work (a parking needs at most 7 tabs).
        if switchedModule, case .start = act {
          return problem("starts work after a module switch, in a tab that may be left with it")
        }
        // setFlag, start and cancel change no navigation: the work they start or cancel is
        // its holder's, in the tab of the screen that performs them (app work is an obstacle
        // of its own, below).
        if act.keepsTheActingScreen { continue }
        let firstAfterSwitch = freshAfterSwitch
        freshAfterSwitch = false
        defer { acted = true }
        if switchedModule && !parks {
          return problem("acts after a module switch, in the new module's first tab")
        }
        if case .showModule(_, let keepTab) = act {
          if keepTab {
            return problem(
              "switches module keeping the selected tab, which every tab's stack then depends on")
          }
          // A deep link anywhere in its actions; a root's tap as its first navigation (what
          // came before read nothing of its tab but its root). Not a completion, which may
          // be a stuck tab's way home: whether it violates would depend on the other tabs.
          if switchOrphans && !(holders && (!hidden || runner.whileSelected))
            && !(deepLink && !runner.wayHome) && !(runner.atRoot && !acted)
          {
            return problem("switches module, which may orphan pending work in any tab")
          }
          switchedModule = true
          freshAfterSwitch = true
          anchoredAtActive = false
          continue
        }
        if switched {
          return problem(
            "acts in the tab it selects (only a deep link that starts by selecting the tab may)")
        }
        if hidden && anchoredAtActive {
          return problem(
            "acts from the active screen after a dismiss, which may be in another tab than the work's"
          )
        }
        switch act {
        case .selectTab where deepLink && !acted || firstAfterSwitch:
          // A deep link that starts by selecting a tab (to show one of its screens) reads only
          // whether the tab bar shows, then acts in that tab alone; it can arrive whatever the
          // other tabs show (a tap could not: its screen must be on top of its own tab).
          anchoredAtActive = false
        case .selectTab:
          switched = true
        case .dismissAll where hidden:
          return problem(
            "dismisses everything from the selected tab's root, though it may run in another tab")
        case .push, .present, .presentOnApp, .alert, .startFlow, .next, .start, .cancel, .toast,
          .dismissToast, .prompt:
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
      let declaration = spec.declarations[runner.who]
      let who = runner.words ?? declaration.title
      if let guards = runner.guards, let flag = readsSetFlag(guards) {
        return Obstacle(
          "\(who) reads flag \(setWithTabs(flag))",
          declaration)
      }
      if runner.actsOnApp {
        return Obstacle(
          "\(who) acts on the active screen (actsOn app), whichever tab shows", declaration)
      }
      if let problem = check(runner) {
        return problem
      }
    }
    // A sheet's swipe conditions read flags as guards do (§11.3).
    for (d, guards) in spec.swipeGuards.enumerated() {
      guard let flag = readsSetFlag(guards) else { continue }
      return Obstacle(
        "\(spec.destinations[d].name)'s swipe to dismiss reads flag \(setWithTabs(flag))",
        spec.destinationReferences[d])
    }
    return nil
  }

  /// The async transitions that a `start` action starts (SEMANTICS v3 §11.2).
  static func startedByActions(_ spec: CompiledSpec) -> Set<Int> {
    Set(
      spec.steps.compactMap { step -> Int? in
        if case .start(let t) = step.act { t } else { nil }
      })
  }

  /// For each destination, whether it is only ever a module's root (a tab's, or the one root):
  /// no action pushes or presents it, and no flow shows it.
  static func rootOnlyDestinations(_ spec: CompiledSpec) -> [Bool] {
    var rootOnly = [Bool](repeating: false, count: spec.destinations.count)
    for module in spec.modules {
      for root in module.roots { rootOnly[Int(root)] = true }
    }
    for step in spec.steps {
      switch step.act {
      case .push(let d), .present(let d, _, _, _), .presentOnApp(let d, _, _, _):
        rootOnly[d] = false
      default: break
      }
    }
    for flow in spec.flows {
      for flowStep in flow.steps { rootOnly[flowStep.destination] = false }
    }
    return rootOnly
  }

  /// Where each flag may be set while a module with tabs shows: by flag, the first declaration
  /// that sets it there (`nil`: none does). A flag no tab can set cannot carry what one tab did
  /// to another: set only while a module without tabs shows (a log-in screen's "accept the
  /// terms"), or only beside a `showModule` (a log-in's "signed in", when every tab is reset),
  /// it is the same all along a stay in a module with tabs.
  ///
  /// A sequence runs in the modules its screen may show in: found from the modules' roots
  /// through every action that shows a screen (a push, a presentation, a flow's screens, an
  /// alert's buttons, an onDismiss, a `showModule` for what follows it), guards aside. A deep
  /// link may arrive in any module, and so may the outcomes of work that outlives its screen
  /// (work that acts on the app, and router-free work, SEMANTICS §5); an onDismiss runs in
  /// the module of its screen (a `showModule` runs none). A sequence whose guards read a flag
  /// `constants` holds false in a module (or true, for `unless`) does not run there.
  static func flagsSetWithTabs(_ spec: CompiledSpec, _ constants: ModuleConstants) -> [Int?] {
    let startedByActions = startedByActions(spec)
    var setters = [Int?](repeating: nil, count: spec.spec.flags.count)
    let modules = spec.modules.indices
    var shows = modules.map { _ in [Bool](repeating: false, count: spec.destinations.count) }
    var queue: [(module: Int, destination: Int)] = []
    func show(_ destination: Int, in module: Int) {
      guard !shows[module][destination] else { return }
      shows[module][destination] = true
      queue.append((module, destination))
    }
    /// Walks a sequence run while `module` shows.
    func run(
      _ sequence: Range<Int>, in module: Int, guards: CompiledSpec.CompiledGuards = .init()
    ) {
      guard constants.allow(guards, in: module) else { return }
      let acts = spec.steps[sequence]
      let switches = acts.contains { if case .showModule = $0.act { true } else { false } }
      var module = module
      for step in acts {
        switch step.act {
        case .push(let d), .present(let d, _, _, _), .presentOnApp(let d, _, _, _):
          show(d, in: module)
        case .startFlow(let flow):
          for flowStep in spec.flows[flow].steps { show(flowStep.destination, in: module) }
        case .alert(let alert), .prompt(let alert, _):
          for button in spec.alerts[alert].buttons {
            run(button.sequence, in: module, guards: button.guards)
          }
        case .showModule(let other, _):
          module = other
        case .setFlag(let flag, _):
          if !switches && spec.modules[module].hasTabs {
            setters[flag] = min(setters[flag] ?? .max, step.declaration)
          }
        case .next, .nextOrDismissEnvironment, .dismiss, .dismissTo, .dismissCount, .dismissStack,
          .dismissEnvironment, .popTo, .dismissAll, .dismissPresented, .dismissAlert, .selectTab,
          .start, .cancel, .toast, .dismissToast:
          break
        }
        if step.onDismiss > 0 {
          run(spec.onDismisses[Int(step.onDismiss) - 1].sequence, in: module)
        }
      }
    }
    for (m, module) in spec.modules.enumerated() {
      for root in module.roots { show(Int(root), in: m) }
    }
    for link in spec.deepLinks {
      for m in modules { run(link.sequence, in: m, guards: link.guards) }
    }
    for (m, module) in spec.modules.enumerated() {
      for button in module.tabButtons { run(button.sequence, in: m, guards: button.guards) }
    }
    while let (module, destination) = queue.popLast() {
      for t in spec.destinations[destination].transitions {
        let scope = spec.scopes[t]
        guard spec.transitions[t].isAsync else {
          run(spec.transitions[t].sequence, in: module, guards: scope.guards)
          continue
        }
        let anywhere = scope.holder == .app || scope.isRouterFree
        // A `start` action ignores the started transition's guards (§11.2); work that
        // outlives its screen, once started here, may complete in any module.
        guard startedByActions.contains(t) || constants.allow(scope.guards, in: module)
        else { continue }
        for outcome in spec.outcomes[scope.outcomes] {
          for m in anywhere ? Array(modules) : [module] { run(outcome.sequence, in: m) }
        }
      }
    }
    return setters
  }

  /// For each flag, whether what one tab does to it never reaches another (issue 33): every
  /// guard that reads it is a screen's that only ever shows inside a presented environment (a
  /// sheet, cover or modal: the tab bar is hidden while it shows, so no other tab acts); every
  /// action that may open an environment where it is read, from a screen of a tab's root
  /// environment, sets it first in the same sequence; and every other write is the selected
  /// tab's own: a tap, an alert's button, a tab button, a deep link that acts in the selected
  /// tab, or the outcome of work a tap starts, held inside such an environment, that cannot
  /// outlive it (not on the app, not router-free). A composer's "the draft is dirty" is one:
  /// set as the composer opens, read only inside it. Whatever another tab did to the flag, a
  /// tab reads the value its own events gave it since it opened the environment.
  ///
  /// Where a screen may show is `map`'s (`Sequences`).
  static func environmentLocalFlags(_ spec: CompiledSpec, _ map: Sequences) -> [Bool] {
    let flagCount = spec.spec.flags.count
    guard flagCount > 0 else { return [] }
    let (sequences, rootEnvironment, alertAtRoot) = (map.all, map.rootEnvironment, map.alertAtRoot)

    let startedByActions = startedByActions(spec)
    var local = [Bool](repeating: true, count: flagCount)
    func reads(_ guards: CompiledSpec.CompiledGuards) -> [Int] {
      [guards.when, guards.unless].filter { $0 >= 0 }
    }
    // The readers: where one may show in a root environment, the flag is not local. The
    // destinations whose screens read each flag (a guard of theirs, their swipe, a button of an
    // alert they show), for the entries below.
    var readers = [Set<Int>](repeating: [], count: flagCount)
    for (t, transition) in spec.transitions.enumerated() {
      for f in reads(spec.scopes[t].guards) {
        readers[f].insert(transition.destination)
        if rootEnvironment[transition.destination] { local[f] = false }
      }
    }
    for (d, guards) in spec.swipeGuards.enumerated() {
      for f in reads(guards) {
        readers[f].insert(d)
        if rootEnvironment[d] { local[f] = false }
      }
    }
    var buttonReads = [Set<Int>](repeating: [], count: spec.alerts.count)
    for (k, alert) in spec.alerts.enumerated() {
      for button in alert.buttons {
        for f in reads(button.guards) {
          buttonReads[k].insert(f)
          if alertAtRoot[k] { local[f] = false }
        }
      }
    }
    for link in spec.deepLinks { for f in reads(link.guards) { local[f] = false } }
    for module in spec.modules {
      for button in module.tabButtons { for f in reads(button.guards) { local[f] = false } }
    }
    for broadcast in spec.broadcasts { for f in reads(broadcast.guards) { local[f] = false } }
    for onAppear in spec.onAppears { for f in reads(onAppear.guards) { local[f] = false } }

    // What each destination may show (every action of its sequences, its alerts' buttons and
    // the onDismiss its actions carry), each with the flags its sequence set before showing it,
    // and so what an environment it opens may come to show without setting a flag again.
    struct Shown: Hashable {
      var destination: Int
      var setBefore: Set<Int>
    }
    var shows = [Set<Shown>](repeating: [], count: spec.destinations.count)
    var alertShows = [Set<Shown>](repeating: [], count: spec.alerts.count)
    var alertsShown = [Set<Int>](repeating: [], count: spec.destinations.count)
    func targets(_ steps: Range<Int>, into set: inout Set<Shown>, alerts: inout Set<Int>) {
      var setBefore = Set<Int>()
      for step in spec.steps[steps] {
        switch step.act {
        case .push(let d), .present(let d, _, _, _), .presentOnApp(let d, _, _, _):
          set.insert(Shown(destination: d, setBefore: setBefore))
        case .startFlow(let f):
          for flowStep in spec.flows[f].steps {
            set.insert(Shown(destination: flowStep.destination, setBefore: setBefore))
          }
        case .alert(let k), .prompt(let k, _): alerts.insert(k)
        case .setFlag(let f, _): setBefore.insert(f)
        default: break
        }
        if step.onDismiss > 0 {
          targets(spec.onDismisses[Int(step.onDismiss) - 1].sequence, into: &set, alerts: &alerts)
        }
      }
    }
    for sequence in sequences {
      switch sequence.kind {
      case .transition(let d):
        targets(sequence.steps, into: &shows[d], alerts: &alertsShown[d])
      case .outcome(let t):
        let d = spec.transitions[t].destination
        targets(sequence.steps, into: &shows[d], alerts: &alertsShown[d])
      case .button(let k):
        var none: Set<Int> = []
        targets(sequence.steps, into: &alertShows[k], alerts: &none)
      default: break
      }
    }
    for d in spec.destinations.indices {
      for k in alertsShown[d] {
        shows[d].formUnion(alertShows[k])
        for f in buttonReads[k] { readers[f].insert(d) }
      }
    }
    /// Whether an environment whose root shows `d` may come to show a screen reading `f`
    /// without an action setting `f` on the way.
    func mayRead(_ d: Int, _ f: Int) -> Bool {
      var seen: Set<Int> = [d]
      var queue = [d]
      while let next = queue.popLast() {
        if readers[f].contains(next) { return true }
        for other in shows[next]
        where !other.setBefore.contains(f) && seen.insert(other.destination).inserted {
          queue.append(other.destination)
        }
      }
      return false
    }

    for sequence in sequences {
      var set = Set<Int>()
      map.walk(sequence) { step, atRoot in
        switch step.act {
        case .setFlag(let f, _):
          set.insert(f)
          // The writes: the selected tab's own, or work's inside an environment.
          switch sequence.kind {
          case .transition, .button, .other: break
          case .deepLink(let start): if start == .tab { local[f] = false }
          case .outcome(let t):
            // Work a `start` action starts could be started in a tab that is not selected.
            let scope = spec.scopes[t]
            if rootEnvironment[spec.transitions[t].destination] || scope.actsOn == .app
              || scope.holder == .app || scope.isRouterFree || startedByActions.contains(t)
            {
              local[f] = false
            }
          case .onDismiss, .callback: local[f] = false
          }
        case .present(let d, _, _, _), .presentOnApp(let d, _, _, _):
          // The entries: an environment opened from a root environment sets the flag first.
          guard atRoot else { break }
          for f in 0..<flagCount where local[f] && !set.contains(f) && mayRead(d, f) {
            local[f] = false
          }
        case .startFlow(let fl) where atRoot:
          for flowStep in spec.flows[fl].steps where flowStep.style != nil {
            for f in 0..<flagCount where local[f] && mayRead(flowStep.destination, f) {
              local[f] = false
            }
          }
        default: break
        }
      }
    }
    return local
  }

  /// The flags that are constant within a module, and their value there. A flag is constant
  /// in module `m` with value `c` where every write of it that is not *beside a switch*
  /// (followed in its sequence by a `showModule`, with only other writes between: SEMANTICS
  /// §4, an event is all or nothing, so the write and the switch happen together) sets `c`,
  /// and every way into `m` leaves it `c`: the initial value, for the first module; for a
  /// switch, the value its sequence last wrote before it, or else the value its guard reads
  /// (a `when` reads true, an `unless` false): the guard of the tap, button, tab button or
  /// deep link that runs it, or of the transition whose outcome it is, where that work is
  /// held by a screen (a switch removes every screen, so the work cannot outlive a switch
  /// write) and no other write could change the flag while it is pending (every write not
  /// beside a switch sets the value the guard reads). A log-in's "logged in" is one (true
  /// into the main module, false into the logged-out one); so is IceCubes' "several accounts"
  /// in its logged-out module (its log-out runs only `unless` it holds, and the writes not
  /// beside a switch all clear it). A module some switch enters with the value unknown, or
  /// two with different values, leaves it unknown there.
  struct ModuleConstants {
    /// By module, by flag: its value wherever the module shows (`nil`: it may vary).
    let values: [[Bool?]]

    /// Whether `guards` may hold while module `m` shows.
    func allow(_ guards: CompiledSpec.CompiledGuards, in m: Int) -> Bool {
      !(guards.when >= 0 && values[m][guards.when] == false)
        && !(guards.unless >= 0 && values[m][guards.unless] == true)
    }
  }

  /// `ModuleConstants` of `spec`, whose sequences (every action range an event may run) are
  /// `sequences`, each enabled by `guards` (a sequence that runs whatever the guards say, as
  /// the outcomes of work a `start` action starts or that outlives its screen, has none).
  private static func moduleConstants(
    _ spec: CompiledSpec, sequences: [Sequences.Sequence], guards: [CompiledSpec.CompiledGuards]
  ) -> ModuleConstants {
    let flags = spec.spec.flags
    // Per module and flag: the values the switches into it leave (`nil` in the set: unknown).
    var entries = spec.modules.map { _ in [Set<Bool?>](repeating: [], count: flags.count) }
    for (f, flag) in flags.enumerated() {
      entries[0][f].insert(flag.initially)
    }
    // The values the writes not beside a switch set (`nil` in the set: a write nothing checks).
    var loose = [Set<Bool?>](repeating: [], count: flags.count)
    // A write in no sequence read here (none is known) would be one that nothing checks.
    var read = [Bool](repeating: false, count: spec.steps.count)
    for sequence in sequences { for i in sequence.steps { read[i] = true } }
    for (i, step) in spec.steps.enumerated() where !read[i] {
      if case .setFlag(let f, _) = step.act { loose[f].insert(nil) }
    }
    for sequence in sequences {
      // The writes since the last action that is not one.
      var run: [Int: Bool] = [:]
      for step in spec.steps[sequence.steps] {
        switch step.act {
        case .setFlag(let f, let value): run[f] = value
        case .showModule: run = [:]
        default:
          for (f, value) in run { loose[f].insert(value) }
          run = [:]
        }
      }
      for (f, value) in run { loose[f].insert(value) }
    }
    let presentsOnApp = spec.steps.contains {
      if case .presentOnApp = $0.act { true } else { false }
    }
    /// The value of `f` that a switch in a sequence run by `kind` with `guards` reads from its
    /// guards, where it holds at the switch.
    func guardValue(
      _ f: Int, _ kind: SequenceKind, _ guards: CompiledSpec.CompiledGuards
    ) -> Bool? {
      let value: Bool? = guards.when == f ? true : guards.unless == f ? false : nil
      guard let value else { return nil }
      switch kind {
      case .transition, .button, .deepLink, .other: return value
      case .outcome:
        // Held by a screen (`guards` is empty otherwise), which a switch removes (unless the
        // app presents it, §11.10): pending until the switch, in which the flag may change
        // only by the writes not beside a switch.
        return !presentsOnApp && loose[f].allSatisfy { $0 == value } ? value : nil
      case .onDismiss, .callback: return nil
      }
    }
    for (i, sequence) in sequences.enumerated() {
      // The last write of each flag so far.
      var written: [Int: Bool] = [:]
      for step in spec.steps[sequence.steps] {
        switch step.act {
        case .setFlag(let f, let value): written[f] = value
        case .showModule(let m, _):
          for f in flags.indices {
            entries[m][f].insert(written[f] ?? guardValue(f, sequence.kind, guards[i]))
          }
        default: break
        }
      }
    }
    return ModuleConstants(
      values: entries.map { module in
        flags.indices.map { f in
          guard module[f].count == 1, let value = module[f].first ?? nil,
            loose[f].allSatisfy({ $0 == value })
          else { return nil }
          return value
        }
      })
  }

  /// Every sequence of a spec, with what runs it, and where its screens may show: found from
  /// the modules' roots through every sequence, a push keeping the acting screen's environment,
  /// a presentation opening a new one, and an action that moves the acting screen elsewhere (a
  /// dismiss, `next`, a tab or module switch) maybe leaving it in a root environment. Deep
  /// links, tab buttons and onDismiss callbacks may act from a root environment; an outcome
  /// acts where its holder is (anywhere, for work on the app).
  struct Sequences {
    typealias Sequence = (steps: Range<Int>, kind: SequenceKind)
    let spec: CompiledSpec
    /// Every sequence, with what runs it.
    let all: [Sequence]
    /// Which destinations may show in a root environment (a module's root, or pushed there).
    let rootEnvironment: [Bool]
    /// By module: which destinations may show in a root environment while it shows.
    let rootIn: [[Bool]]
    /// Which alerts may show on a screen of a root environment.
    let alertAtRoot: [Bool]
    /// The flags constant within each module.
    let constants: ModuleConstants

    init(_ spec: CompiledSpec) {
      self.spec = spec
      // The guards of each sequence's start, and the one module it runs in (tab buttons).
      var all: [Sequence] = []
      var guards: [CompiledSpec.CompiledGuards] = []
      var ownModule: [Int?] = []
      func add(
        _ steps: Range<Int>, _ kind: SequenceKind, _ guard: CompiledSpec.CompiledGuards = .init(),
        module: Int? = nil
      ) {
        all.append((steps, kind))
        guards.append(`guard`)
        ownModule.append(module)
      }
      let startedByActions = TabReduction.startedByActions(spec)
      for (t, transition) in spec.transitions.enumerated() {
        let scope = spec.scopes[t]
        if transition.isAsync {
          // Work outlives a module switch where it is the app's or router-free (SEMANTICS
          // §5), and a `start` action starts it whatever its guards say.
          let anywhere =
            scope.holder == .app || scope.isRouterFree || startedByActions.contains(t)
          for outcome in spec.outcomes[scope.outcomes] {
            add(outcome.sequence, .outcome(t), anywhere ? .init() : scope.guards)
          }
        } else {
          add(transition.sequence, .transition(transition.destination), scope.guards)
        }
      }
      for (k, alert) in spec.alerts.enumerated() {
        for button in alert.buttons { add(button.sequence, .button(k), button.guards) }
      }
      for link in spec.deepLinks { add(link.sequence, .deepLink(link.start), link.guards) }
      for (m, module) in spec.modules.enumerated() {
        for button in module.tabButtons { add(button.sequence, .other, button.guards, module: m) }
      }
      for onDismiss in spec.onDismisses { add(onDismiss.sequence, .onDismiss) }
      for toast in spec.toasts { add(toast.sequence, .callback) }
      for broadcast in spec.broadcasts {
        for observer in broadcast.observers {
          add(observer.sequence, .callback, broadcast.guards)
        }
      }
      for onAppear in spec.onAppears { add(onAppear.sequence, .callback, onAppear.guards) }

      // Found module by module: a guard on a flag that is constant in a module
      // (`moduleConstants`) and false there keeps its sequence out of that module.
      let constants = TabReduction.moduleConstants(spec, sequences: all, guards: guards)
      self.constants = constants
      let modules = spec.modules.indices
      var root = modules.map { _ in [Bool](repeating: false, count: spec.destinations.count) }
      var alertIn = modules.map { _ in [Bool](repeating: false, count: spec.alerts.count) }
      for (m, module) in spec.modules.enumerated() {
        for r in module.roots { root[m][Int(r)] = true }
      }
      var changed = true
      while changed {
        changed = false
        for (i, sequence) in all.enumerated() {
          for m in modules where ownModule[i] ?? m == m {
            guard constants.allow(guards[i], in: m) else { continue }
            var module = m
            var atRoot = Self.startsAtRoot(sequence.kind, spec, root[m], alertIn[m])
            for step in spec.steps[sequence.steps] {
              if atRoot {
                switch step.act {
                case .push(let d) where !root[module][d]:
                  root[module][d] = true
                  changed = true
                case .alert(let k) where !alertIn[module][k]:
                  alertIn[module][k] = true
                  changed = true
                case .startFlow(let f):
                  // A flow's screens up to its first presentation stay where it started.
                  for flowStep in spec.flows[f].steps {
                    guard flowStep.style == nil else { break }
                    if !root[module][flowStep.destination] {
                      root[module][flowStep.destination] = true
                      changed = true
                    }
                  }
                default: break
                }
              }
              if case .showModule(let other, _) = step.act { module = other }
              atRoot = Self.atRoot(after: step.act, atRoot, spec)
            }
          }
        }
      }
      rootEnvironment = spec.destinations.indices.map { d in modules.contains { root[$0][d] } }
      rootIn = root
      alertAtRoot = spec.alerts.indices.map { k in modules.contains { alertIn[$0][k] } }
      self.all = all
    }

    /// Whether the acting screen may be in a root environment after `act`, given whether it
    /// may be before.
    private static func atRoot(
      after act: CompiledSpec.Act, _ atRoot: Bool, _ spec: CompiledSpec
    ) -> Bool {
      switch act {
      case .push, .alert, .setFlag, .start, .cancel, .toast, .dismissToast, .prompt: atRoot
      case .present, .presentOnApp: false
      case .startFlow(let f): atRoot && spec.flows[f].steps.first?.style == nil
      case .next, .nextOrDismissEnvironment, .dismiss, .dismissTo, .dismissCount,
        .dismissStack, .dismissEnvironment, .popTo, .dismissAll, .dismissPresented,
        .dismissAlert, .selectTab, .showModule:
        true
      }
    }

    /// Whether a sequence run by `kind` may start from a screen of a root environment.
    func startsAtRoot(_ kind: SequenceKind) -> Bool {
      Self.startsAtRoot(kind, spec, rootEnvironment, alertAtRoot)
    }

    /// Whether a sequence run by `kind` may start from a screen of a root environment, where
    /// `root` and `alerts` say which destinations and alerts may show in one.
    private static func startsAtRoot(
      _ kind: SequenceKind, _ spec: CompiledSpec, _ root: [Bool], _ alerts: [Bool]
    ) -> Bool {
      switch kind {
      case .transition(let d): root[d]
      case .outcome(let t):
        spec.scopes[t].actsOn == .app || spec.scopes[t].holder == .app
          || root[spec.transitions[t].destination]
      case .button(let k): alerts[k]
      case .deepLink, .other, .onDismiss, .callback: true
      }
    }

    /// Walks a sequence, calling `visit` with each action and whether its acting screen may
    /// be in a root environment.
    func walk(_ sequence: Sequence, _ visit: (CompiledSpec.Step, Bool) -> Void) {
      var atRoot = startsAtRoot(sequence.kind)
      for step in spec.steps[sequence.steps] {
        visit(step, atRoot)
        atRoot = Self.atRoot(after: step.act, atRoot, spec)
      }
    }
  }

  /// A flag the tabs share one way (issue 33): every write of it that is not beside a module
  /// switch gives it the same value, `value`, in an outcome of router-free work (`writers`)
  /// held only inside presented environments; and every other guard that reads it enables
  /// a module switch (its sequence switches, or every outcome of the work it starts does). A
  /// settings sheet's "log out another account" clearing IceCubes' `multiAccount`, which the
  /// avatar menus' account switches read, is one. Such a flag can carry what one tab did to
  /// another only as far as the next module switch, and only by its first write there; the
  /// reduced graph keeps the writer's tab, parked, where the user then changes another
  /// (`RouterExpander`), and the argument is in `Docs/Performance.md`.
  struct MonotoneFlag: Equatable {
    let flag: Int
    let value: Bool
    /// The writers: async transitions, in declaration order.
    let writers: [Int]
  }

  /// The flags of `spec` that its tabs share one way (`MonotoneFlag`), where `map` says where
  /// its sequences run and its screens show.
  static func monotoneFlags(_ spec: CompiledSpec, _ map: Sequences) -> [MonotoneFlag] {
    spec.spec.flags.indices.compactMap { try? sharedOneWay($0, spec, map).get() }
  }

  /// Why a flag is not shared one way (`sharedOneWay`), in words that name the declaration.
  struct NotSharedOneWay: Error, Equatable {
    let reason: String
  }

  /// Flag `f` as shared one way (`MonotoneFlag`), or the first condition it fails, in words.
  /// No flag is where holders cannot be parked (a writer's tab is parked with its root's work,
  /// whatever holds it), or where work on the app may be started in two tabs (a writer's
  /// events, moved before another tab's, could then find the app's entry pending where it was
  /// not: the work of a tab root's tap, the only app work the reduction allows, must be its
  /// root's in one tab of each module).
  static func sharedOneWay(_ f: Int, _ spec: CompiledSpec, _ map: Sequences) -> Result<
    MonotoneFlag, NotSharedOneWay
  > {
    func title(_ declaration: Int) -> String { spec.declarations[declaration].title }
    func refuse(_ words: String) -> Result<MonotoneFlag, NotSharedOneWay> {
      .failure(NotSharedOneWay(reason: words))
    }
    guard spec.maxTabs <= 7 else {
      return refuse("a module has more than 7 tabs, more than the reduced graph can park")
    }
    let rootsOnly = rootOnlyDestinations(spec)
    if let t = spec.transitions.indices.first(where: { t in
      let d = spec.transitions[t].destination
      return spec.scopes[t].holder == .app
        && !(rootsOnly[d]
          && spec.modules.allSatisfy { $0.roots.filter { Int($0) == d }.count <= 1 })
    }) {
      return refuse(
        "\(title(spec.transitions[t].declaration)) works on the app from a screen that is not only ever the root of one tab"
      )
    }
    if let holder = holderObstacle(spec, map) {
      return refuse("a tab holding work cannot be parked with it: " + holder)
    }
    let startedByActions = startedByActions(spec)
    let named = Set(spec.guardTransitions)
    // The labels an alert button's `unlessPending` names (looked up where the alert shows).
    let buttonNamed = Set(spec.alerts.flatMap { $0.buttons.compactMap(\.unlessPending) })
    // Every action in a sequence read here (a write anywhere else is one nothing checks).
    var read = [Bool](repeating: false, count: spec.steps.count)
    for sequence in map.all { for i in sequence.steps { read[i] = true } }
    func cancelled(_ t: Int) -> Bool {
      let transition = spec.transitions[t]
      let declared = spec.spec.destinations[transition.destination].transitions[transition.index]
      if case .async(let cancels) = declared.trigger { return cancels }
      return false
    }
    /// Whether destination `d` may show in a root environment of a module where `guards` hold.
    func shownAtRoot(_ d: Int, _ guards: CompiledSpec.CompiledGuards) -> Bool {
      spec.modules.indices.contains { m in
        map.rootIn[m][d] && map.constants.allow(guards, in: m)
      }
    }
    func switches(_ steps: Range<Int>) -> Bool {
      spec.steps[steps].contains { if case .showModule = $0.act { true } else { false } }
    }
    func reads(_ guards: CompiledSpec.CompiledGuards) -> Bool {
      guards.when == f || guards.unless == f
    }
    func name(_ d: Int) -> String { spec.destinations[d].name }
    // The writes not beside a switch, by the work whose outcome makes them: for each value,
    // the first declaration that writes it.
    var values: [Bool: Int] = [:]
    var writers = Set<Int>()
    for (i, step) in spec.steps.enumerated() where !read[i] {
      if case .setFlag(f, _) = step.act {
        return refuse("\(title(step.declaration)) sets it in actions this analysis does not follow")
      }
    }
    for sequence in map.all {
      // The writes since the last switch, each with its declaration.
      var run: [(value: Bool, declaration: Int)] = []
      func loose() -> Int? {
        guard let first = run.first else { return nil }
        guard case .outcome(let t) = sequence.kind else { return first.declaration }
        for write in run where values[write.value] == nil {
          values[write.value] = write.declaration
        }
        writers.insert(t)
        return nil
      }
      for step in spec.steps[sequence.steps] {
        switch step.act {
        case .setFlag(let g, let value): if g == f { run.append((value, step.declaration)) }
        case .showModule: run = []
        default:
          if let declaration = loose() {
            return refuse(
              "\(title(declaration)) sets it, neither beside a module switch nor in the outcome of work"
            )
          }
          run = []
        }
      }
      if let declaration = loose() {
        return refuse(
          "\(title(declaration)) sets it, neither beside a module switch nor in the outcome of work"
        )
      }
    }
    if let setsTrue = values[true], let setsFalse = values[false] {
      return refuse(
        "\(title(setsTrue)) sets it true and \(title(setsFalse)) false, without switching module")
    }
    guard let value = values.keys.first else {
      return refuse("nothing sets it without switching module")
    }
    for t in writers.sorted() {
      let scope = spec.scopes[t]
      let d = spec.transitions[t].destination
      // Router-free (its entry outlives its screen, and completes in any state), started
      // by taps alone, named by no `unlessPending`, never read `value` by its own guard,
      // and held only where the tab bar is hidden (its tab is selected while it holds it).
      let writer = "\(title(spec.transitions[t].declaration)), which sets it,"
      if !scope.isRouterFree {
        return refuse("\(writer) also navigates, so its work does not outlive its screen")
      }
      if cancelled(t) { return refuse("\(writer) is cancelled with its screen") }
      if startedByActions.contains(t) { return refuse("\(writer) is started by a start action") }
      if named.contains(t) || buttonNamed.contains(spec.transitionLabels[t] ?? "") {
        return refuse("\(writer) is named by an unlessPending guard")
      }
      if value ? scope.guards.when == f : scope.guards.unless == f {
        return refuse("\(writer) needs, in its own guard, the value it gives")
      }
      if shownAtRoot(d, scope.guards) {
        return refuse(
          "\(writer) starts on \(name(d)), which shows in a tab's root environment (its tab bar showing)"
        )
      }
    }
    // Every other reader enables a module switch.
    for (t, transition) in spec.transitions.enumerated() where !writers.contains(t) {
      let scope = spec.scopes[t]
      guard reads(scope.guards) else { continue }
      let reader = title(transition.declaration)
      if !transition.isAsync {
        if !switches(transition.sequence) {
          return refuse("\(reader) reads it without switching module")
        }
        continue
      }
      // Work whose every outcome switches, held inside presented environments and not
      // cancelled with its screen: its tab cannot be left while it is pending (leaving
      // orphans it, a violation), so it ends with a switch in the tab that read the flag.
      if !spec.outcomes[scope.outcomes].allSatisfy({ switches($0.sequence) }) {
        return refuse("\(reader) reads it, and not every outcome of its work switches module")
      }
      if cancelled(t) {
        return refuse("\(reader) reads it, and its work is cancelled with its screen")
      }
      if scope.isRouterFree {
        return refuse("\(reader) reads it, and its work outlives its screen")
      }
      if shownAtRoot(transition.destination, scope.guards) {
        return refuse(
          "\(reader) reads it on \(name(transition.destination)), which shows in a tab's root environment (its tab bar showing)"
        )
      }
    }
    for alert in spec.alerts {
      for button in alert.buttons where reads(button.guards) && !switches(button.sequence) {
        return refuse("\(title(button.declaration)) reads it without switching module")
      }
    }
    for link in spec.deepLinks where reads(link.guards) && !switches(link.sequence) {
      return refuse("deep link '\(link.name)' reads it without switching module")
    }
    for module in spec.modules {
      for button in module.tabButtons where reads(button.guards) && !switches(button.sequence) {
        return refuse("\(title(button.declaration)) reads it without switching module")
      }
    }
    if let d = spec.swipeGuards.firstIndex(where: reads) {
      return refuse("\(name(d))'s swipe to dismiss reads it")
    }
    if let broadcast = spec.broadcasts.first(where: { reads($0.guards) }) {
      return refuse("broadcast '\(broadcast.name)' reads it")
    }
    if let onAppear = spec.onAppears.first(where: { reads($0.guards) }) {
      return refuse("\(title(onAppear.declaration)) reads it")
    }
    return .success(MonotoneFlag(flag: f, value: value, writers: writers.sorted()))
  }

  /// Whether a tab whose root holds work that a module switch would orphan may be parked with
  /// it (a *holder*, `RouterExpander`, issue 33), so that a module switch from any tab is no
  /// obstacle: every such work that may be held in a root environment is held by the tab's
  /// root (stack work, which its stack's bottom holds, or the work of a destination that is
  /// only ever a root), and has an outcome that does nothing (it can always end, so no trap
  /// needs it pending); and all other work that may be held in a root environment above the
  /// root is started by taps alone (a shortest path can leave it unstarted, so the tab is left
  /// with its root's work only).
  static func parksHolders(_ spec: CompiledSpec, _ map: Sequences) -> Bool {
    holderObstacle(spec, map) == nil
  }

  /// Why a tab holding work that a module switch would orphan cannot be parked with it
  /// (`parksHolders`), in words that name the work; nil where it can.
  static func holderObstacle(_ spec: CompiledSpec, _ map: Sequences) -> String? {
    guard spec.maxTabs <= 7 else {
      return "a module has more than 7 tabs, more than the reduced graph can park"
    }
    let rootsOnly = rootOnlyDestinations(spec)
    let startedByActions = startedByActions(spec)
    for (t, transition) in spec.transitions.enumerated() where transition.isAsync {
      let scope = spec.scopes[t]
      let d = transition.destination
      guard scope.holder != .app, map.rootEnvironment[d] else { continue }
      let heldByRoot = scope.holder == .stack || rootsOnly[d]
      let orphaning =
        scope.holder == .stack
        ? !scope.isRouterFree
        : spec.destinations[d].orphaningMask & (1 << UInt64(scope.holderBit)) != 0
      let work = spec.declarations[transition.declaration].title
      if orphaning {
        if !heldByRoot {
          return
            "\(work) may be pending on \(spec.destinations[d].name) above a tab's root, where a module switch would orphan it"
        }
        if !spec.outcomes[scope.outcomes].contains(where: \.sequence.isEmpty) {
          return
            "\(work) may be pending in a tab's root environment, where a module switch would orphan it, and has no outcome that does nothing"
        }
      } else if !heldByRoot && (startedByActions.contains(t) || !scope.isTapped) {
        return
          "\(work) may be started above a tab's root, on \(spec.destinations[d].name), by something other than a tap"
      }
    }
    return nil
  }

  /// What runs a sequence (`Sequences`).
  enum SequenceKind {
    /// A transition of this destination (a tap).
    case transition(Int)
    /// An outcome of this async transition.
    case outcome(Int)
    /// A button of this alert.
    case button(Int)
    case deepLink(DeepLink.Start)
    /// A tab button.
    case other
    case onDismiss
    /// A toast's tap, a broadcast's observer, an onAppear.
    case callback
  }

  /// Checks `spec` on the reduced graph, or says that the full product is needed after all
  /// (every tab can get stuck, so a trap may need them all).
  /// `parking: false` explores without parking, `writers: false` without parking writers (the
  /// tests' measures of what they add).
  static func check(
    _ spec: CompiledSpec, options: ExplorationOptions, parking: Bool = true, writers: Bool = true
  ) -> Result<CheckResult, FullProductNeeded> {
    let map = Sequences(spec)
    let shared = parking && writers ? monotoneFlags(spec, map) : []
    var model = RouterModel(spec, parking: parking, writers: !shared.isEmpty)
    model.restriction.oneChangedTab = true
    model.restriction.parking = model.codec.parkingBytes > 0
    model.restriction.parksHolders = model.restriction.parking && parksHolders(spec, map)
    if model.restriction.parking {
      for monotone in shared {
        model.restriction.sharedFlags |= 1 << UInt64(monotone.flag)
        if monotone.value { model.restriction.sharedValues |= 1 << UInt64(monotone.flag) }
        for t in monotone.writers {
          model.restriction.sharedWork |= 1 << UInt64(spec.scopes[t].appBit)
        }
      }
      let flags = model.restriction.sharedFlags
      func reads(_ guards: CompiledSpec.CompiledGuards) -> Bool {
        [guards.when, guards.unless].contains { $0 >= 0 && flags & 1 << UInt64($0) != 0 }
      }
      if flags != 0 {
        model.sharedReaders.transitions = spec.scopes.map { reads($0.guards) }
        model.sharedReaders.buttons = spec.alerts.contains {
          $0.buttons.contains { reads($0.guards) }
        }
        model.sharedReaders.tabButtons = spec.modules.contains {
          $0.tabButtons.contains { reads($0.guards) }
        }
      }
    }
    // The reduced run's progress says so: its counts start again from the first state.
    var exploration = Explorer.explore(model, options: options.explorer(reduced: true))
    var seconds = exploration.seconds
    if exploration.isComplete && options.analyzesReturns {
      // The stuck analysis: for each tab alone, the states from which it cannot get back to
      // its root. A state in which every tab is stuck is a trap the reduced graph does not
      // hold.
      var quiet = options.explorer
      quiet.progress = nil
      /// How many states of `tab` alone cannot get back to its root (with `tabBarIsHome`,
      /// nor show the tab bar again); `nil` where the analysis was cut short (^C, the time
      /// limit): whether a trap needs every tab is then not known, so the run is incomplete and
      /// says nothing of traps.
      func stuckStates(_ tab: Int, tabBarIsHome: Bool) -> Int? {
        var stuck = model
        stuck.restriction.parking = false
        stuck.restriction.onlyTab = tab
        stuck.restriction.homeIsEveryTabAtRoot = true
        stuck.restriction.homeIncludesVisibleTabBar = tabBarIsHome
        let analysis = Explorer.explore(stuck, options: quiet)
        seconds += analysis.seconds
        guard analysis.isComplete else {
          exploration.cutoff = analysis.cutoff
          exploration.trapStates = 0
          return nil
        }
        return analysis.trapStates
      }
      // First question: which tabs can get stuck at all. Once every module has a tab that
      // cannot, no trap needs every tab, whatever the other tabs do: their analyses are left
      // out (and count as not stuck).
      var stuckTabs: [Int] = []
      for tab in 0..<Int(spec.maxTabs) {
        guard let count = stuckStates(tab, tabBarIsHome: false) else { break }
        stuckTabs.append(count)
        let settled = spec.modules.allSatisfy { module in
          !module.hasTabs
            || module.roots.indices.contains { $0 < stuckTabs.count && stuckTabs[$0] == 0 }
        }
        if settled { break }
      }
      // A module whose tabs can all get stuck (the stuck states of a tab index may be another
      // module's: a cautious answer, never a wrong one).
      let allStuck = Set(
        spec.modules.filter { module in
          module.hasTabs
            && module.roots.indices.allSatisfy { $0 < stuckTabs.count && stuckTabs[$0] > 0 }
        }.flatMap { $0.roots.indices })
      // Second question, for those tabs only, until one says yes: can the tab get stuck with
      // its tab bar visible (or shown again)? Only such a tab, selected, lets the user reach
      // the others while no tab leads home. Its stuck states that can show the tab bar are no
      // traps once a visible tab bar counts as home, so the count drops.
      var everyTabStuck = false
      for tab in allStuck.sorted() where exploration.isComplete {
        guard let count = stuckStates(tab, tabBarIsHome: true) else { break }
        if count < stuckTabs[tab] {
          everyTabStuck = true
          break
        }
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

  /// A sequence of the spec, as `obstacle` reads it: its actions, who runs it, the
  /// guards that enable it, and where it runs from.
  private struct Runner {
    var steps: Range<Int>
    /// The declaration that runs it (a deep link's first action).
    var who: Int
    /// Who runs it in words, where not the declaration's title (a deep link).
    var words: String? = nil
    var guards: CompiledSpec.CompiledGuards?
    /// It may run from a screen of a tab that is not selected (an async outcome, an onDismiss).
    var hidden = false
    /// It can arrive in every state (a deep link, or the completion of work that acts on the
    /// app, started at a root).
    var deepLink = false
    /// It counts as a way home for the trap analysis (a completion, unlike a deep link).
    var wayHome = false
    /// It is a tap of a screen that is only ever a tab's root (`rootOnlyDestinations`): its tab
    /// shows the root alone, with no alert, when it runs.
    var atRoot = false
    /// It acts through the active screen, whichever tab shows (work or an onDismiss that acts
    /// on the app).
    var actsOnApp = false
    /// It is an outcome of work held only inside presented environments (its destination never
    /// shows in a root environment): the tab bar is hidden while the work is pending, so it
    /// completes while its tab is selected.
    var whileSelected = false
  }

  /// Why the reduction cannot be used, in words, and the declaration it names.
  struct Obstacle: Equatable {
    var reason: String
    var declaration: DeclarationReference?

    init(_ reason: String, _ declaration: DeclarationReference? = nil) {
      self.reason = reason
      self.declaration = declaration
    }
  }

  /// Every tab has a stuck state, and one of them a stuck state with the tab bar visible: a
  /// trap may need all of them stuck at once.
  struct FullProductNeeded: Error {
    let reason =
      "every tab can get stuck away from its root, one of them with its tab bar showing, and a trap may need them all at once"
    /// The time the reduced run and the stuck analysis took.
    let seconds: Double
  }
}
