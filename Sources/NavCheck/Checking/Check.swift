import NavCheckExplorer

extension NavigationSpec {
  /// Validates the spec, explores every reachable state and checks every rule of SEMANTICS.md.
  ///
  /// ```swift
  /// let result = try todoApp.check(threads: 2, maxStates: 1_000_000)
  /// print(result.states, result.violationCounts)
  /// ```
  ///
  /// - Parameters:
  ///   - threads: Worker threads; results never depend on it.
  ///   - maxStates: Past this many distinct states the result is incomplete.
  /// - Throws: `SpecError` with every problem where the spec is invalid; nothing is explored.
  public func check(
    threads: Int = ExplorationOptions().threads, maxStates: Int = ExplorationOptions().maxStates
  ) throws(SpecError) -> CheckResult {
    var options = ExplorationOptions()
    options.threads = threads
    options.maxStates = maxStates
    return try check(options: options)
  }

  /// Validates the spec and checks it with the given options (progress, cancellation, …).
  ///
  /// ```swift
  /// var options = ExplorationOptions()
  /// options.progress = { print("\($0.states) states") }
  /// let result = try spec.check(options: options)
  /// ```
  public func check(options: ExplorationOptions) throws(SpecError) -> CheckResult {
    try validate()
    let spec = CompiledSpec(self)
    guard spec.isTabbed else { return Self.fullProduct(spec, options) }
    // A run whose tabs are not reduced says why.
    func full(_ options: ExplorationOptions, because obstacle: TabReduction.Obstacle)
      -> CheckResult
    {
      var result = Self.fullProduct(spec, options)
      result.fullProductReason = obstacle.reason
      result.fullProductDeclaration = obstacle.declaration
      return result
    }
    if options.reduction == .never {
      return full(options, because: TabReduction.Obstacle("the reduction is off (never)"))
    }
    if let obstacle = TabReduction.obstacle(spec) { return full(options, because: obstacle) }
    var spent = 0.0
    if options.reduction == .auto {
      // Small specs keep SEMANTICS §7's counts: the full product, up to the threshold.
      var first = options
      first.maxStates = min(options.maxStates, options.reductionThreshold)
      let threshold = grouped(first.maxStates)
      var result = Self.fullProduct(spec, first)
      switch result.cutoff {
      case nil:
        result.fullProductReason =
          "its full product fits in \(threshold) states, up to which auto explores it in full (SEMANTICS §7's counts)"
        return result
      case .maxStates?:
        spent = result.seconds
      case .memoryLimit?, .cancelled?:
        result.fullProductReason =
          "its run stopped before the \(threshold) states past which auto reduces"
        return result
      }
    }
    var result: CheckResult
    switch TabReduction.check(spec, options: options) {
    case .success(let reduced):
      result = reduced
    case .failure(let needed):
      result = full(options, because: TabReduction.Obstacle(needed.reason))
      spent += needed.seconds
    }
    // The time is the whole check's, the attempts before included.
    result.seconds += spent
    return result
  }

  /// Checks the full product of `spec`'s states.
  private static func fullProduct(_ spec: CompiledSpec, _ options: ExplorationOptions)
    -> CheckResult
  {
    let model = RouterModel(spec)
    // A launch whose appearances break a rule has no states (§11.11).
    if model.launch.outcome != .state {
      return CheckReport.failedLaunch(model, threads: options.threads)
    }
    let exploration = Explorer.explore(model, options: options.explorer(reduced: false))
    return CheckReport(model: model, exploration: exploration).result
  }
}

/// Turns an exploration of the reference router into a `CheckResult`: violations in words with
/// their traces, and the whole-graph properties of SEMANTICS §6.
struct CheckReport {
  let model: RouterModel
  let exploration: Exploration
  var spec: CompiledSpec { model.spec }

  var result: CheckResult {
    var counts: [ViolationKind: Int] = [:]
    var violations: [(order: Int, violation: Violation)] = []
    for (order, finding) in exploration.findings.enumerated() {
      let (kind, declaration) = RouterModel.finding(finding.key)
      counts[kind, default: 0] += finding.count
      violations.append((order, violation(kind, declaration, finding)))
    }
    if exploration.trapStates > 0, let path = exploration.firstTrapPath {
      counts[.trap] = exploration.trapStates
      // Home is the first screen; with tabs or modules, any tab's root or module's first screen.
      let root =
        spec.isTabbed || spec.modules.count > 1
        ? "an app root (a tab's root or a module's first screen)"
        : spec.destinations[spec.root].name
      violations.append(
        (
          violations.count,
          Violation(
            kind: .trap,
            message: Self.message(.trap, title: root, event: ""),
            declaration: nil, count: exploration.trapStates, trace: model.trace(path),
            why: waysOut(after: path)
          )
        ))
    }
    violations.sort {
      ($0.violation.kind, $0.violation.trace.count, $0.order)
        < ($1.violation.kind, $1.violation.trace.count, $1.order)
    }
    let fired = (0..<spec.declarations.count).filter {
      isCovered($0) && spec.declarations[$0].kind != .invariant
    }
    var result = CheckResult(
      spec: spec.spec.name, cutoff: exploration.cutoff, states: exploration.states,
      transitions: exploration.transitions, pruned: exploration.pruned, depth: exploration.depth,
      violationCounts: counts, violations: violations.map(\.violation),
      warnings: exploration.isComplete ? warnings : [],
      coveredDeclarations: fired.count,
      totalDeclarations: spec.declarations.count(where: { $0.kind != .invariant }),
      threads: exploration.threads, seconds: exploration.seconds,
      memoryBytes: exploration.memoryBytes, returnAnalysisBytes: exploration.returnAnalysisBytes,
      exact: exploration.exact)
    result.levelFileBytes = exploration.levelFileBytes
    result.linkFileBytes = exploration.linkFileBytes
    return result
  }

  /// Whether declaration `i` fired: in an event the exploration covered, or at the launch
  /// (§11.11: the first appearances fire before the first state).
  func isCovered(_ i: Int) -> Bool {
    exploration.covered[i] || model.launch.fired.contains(i)
  }

  /// The result of a spec whose launch broke a rule or was pruned (§11.11): no states; the
  /// violation once, with the one step "the app launches", or `pruned` 1.
  static func failedLaunch(_ model: RouterModel, threads: Int) -> CheckResult {
    let spec = model.spec
    var counts: [ViolationKind: Int] = [:]
    var violations: [Violation] = []
    var pruned = 0
    let step = model.launchStep()
    switch model.launch.outcome {
    case .violation(let kind, let declaration):
      counts[kind] = 1
      let reference = spec.declarations[declaration]
      violations.append(
        Violation(
          kind: kind,
          message: message(
            kind, title: reference.title, event: step.description,
            callback: reference.kind == .onDismiss),
          declaration: reference, count: 1, trace: [step], why: []))
    case .pruned:
      pruned = 1
    case .state:
      break
    }
    return CheckResult(
      spec: spec.spec.name, cutoff: nil, states: 0, transitions: 0, pruned: pruned, depth: 0,
      violationCounts: counts, violations: violations, warnings: [], coveredDeclarations: 0,
      totalDeclarations: spec.declarations.count(where: { $0.kind != .invariant }),
      threads: threads, seconds: 0, memoryBytes: 0, returnAnalysisBytes: 0, exact: true)
  }

  func violation(
    _ kind: ViolationKind, _ declaration: Int, _ finding: Exploration.Finding
  ) -> Violation {
    let trace = model.trace(finding.path)
    let reference = spec.declarations[declaration]
    return Violation(
      kind: kind,
      message: Self.message(
        kind, title: reference.title,
        event: trace.last?.description ?? "the first screen",
        callback: reference.kind == .onDismiss,
        prompt: kind == .duplicateAlert ? violatingStep(after: finding.path)?.shownPrompt : nil,
        appConflict: kind == .duplicatePresentation
          ? violatingStep(after: finding.path)?.appConflict : nil),
      declaration: reference, count: finding.count, trace: trace,
      why: why(kind, reference, path: finding.path, trace: trace))
  }

  /// Why an event broke `kind`: for an action from a covered screen, what covers it; for an
  /// orphaned completion, when the work started.
  func why(
    _ kind: ViolationKind, _ declaration: DeclarationReference, path: [Int], trace: [TraceStep]
  ) -> [String] {
    switch kind {
    case .actionFromCoveredScreen:
      guard let step = coveredStep(after: path), let screen = step.coveredScreen else { return [] }
      return [whatCovers(screen, in: step.state, selectingTab: step.coveredSelectingTab)]
    case .orphanedCompletion where declaration.kind != .onDismiss:
      if let started = trace.dropLast().lastIndex(where: {
        $0.declarations.contains(declaration) && $0.description.hasSuffix(" starts")
      }) {
        return [
          "\(trace[started].description) at step \(started + 1), and it is still pending at step \(trace.count), which removes its screen"
        ]
      }
      // Started by an action (a deep link's, a button's, an outcome's `start`, §11.2): the
      // last step after which more of its entries are pending than before.
      guard let started = startingStep(of: declaration, in: trace) else { return [] }
      return [
        "it starts at step \(started + 1) (\(trace[started].description)), and it is still pending at step \(trace.count), which removes its screen"
      ]
    default:
      return []
    }
  }

  /// The last step of `trace` (its violating step left out) after which the async transition
  /// declared by `declaration` has more pending entries than before it, counted in the steps'
  /// drawn states by the names the drawing gives them.
  func startingStep(of declaration: DeclarationReference, in trace: [TraceStep]) -> Int? {
    let spec = model.spec
    guard
      let t = spec.transitions.indices.first(where: {
        spec.declarations[spec.transitions[$0].declaration] == declaration
      })
    else { return nil }
    // A screen of its destination holds it by its name; a stack's bottom of another
    // destination by its destination and name; `appPending` by its name.
    let name = spec.transitionName(t)
    let destination = spec.destinations[spec.transitions[t].destination].name
    func entries(_ state: StateView?) -> Int {
      guard let state else { return 0 }
      let held = state.screens.reduce(0) { count, screen in
        count
          + screen.pending.filter {
            $0 == "\(destination).\(name)" || (screen.destination == destination && $0 == name)
          }.count
      }
      return held + state.appPending.filter { $0 == name }.count
    }
    var before = 0
    var started: Int?
    for (i, step) in trace.dropLast().enumerated() {
      let now = entries(step.state)
      if now > before { started = i }
      before = now
    }
    return started
  }

  /// The last step of `path`, where it broke `actionFromCoveredScreen`: its state is the one
  /// in which the screen acted.
  func coveredStep(after path: [Int]) -> RouterModel.Step? {
    violatingStep(after: path).flatMap { $0.coveredScreen == nil ? nil : $0 }
  }

  /// The last step of `path`, where it broke a rule (the first step that does not yield a
  /// state).
  func violatingStep(after path: [Int]) -> RouterModel.Step? {
    var state = model.start
    for index in path {
      let step = model.step(model.events(of: state)[index], from: state)
      guard step.outcome == .state else { return step }
      state = step.state
    }
    return nil
  }

  /// What covers screen `x` of `s` (SEMANTICS §3), in words: the screens pushed above it on
  /// its own stack, the environment it presents, its alert, the tab selected instead of its
  /// own. For a tab selection (`selectingTab`), what hides the tab bar, or where the screen is
  /// that the tab bar is not.
  func whatCovers(_ x: ScreenPath, in s: RouterState, selectingTab: Bool) -> String {
    let name = model.screenName(x, s)
    let selectedTabName = model.screenName(s.appRoot, s)
    let ownTab = model.screenName(ScreenPath(tab: x.tab, positions: [0]), s)
    let hiddenTab =
      "tab '\(selectedTabName)', which is selected while \(name) is in tab '\(ownTab)'"
    // A window prompt covers every screen and the tab bar (§11.8).
    let prompt =
      s.prompt == 0
      ? nil : "the window prompt '\(spec.alerts[s.prompt - 1].name)' above every screen"
    // The app's presentation covers every tab's screen and the tab bar (§11.10).
    let app = s.appPresentation.map { "the app's \(environmentWords($0, s)) above every tab" }
    if selectingTab {
      if let prompt { return "the tab bar is hidden by \(prompt)" }
      if let app { return "the tab bar is hidden by \(app)" }
      let top = s.top(ofStackOf: s.appRoot)
      if let presented = s.presented(by: top) {
        return
          "the tab bar is hidden by the \(environmentWords(presented, s)) (presented by \(model.screenName(top, s)))"
      }
      if let alert = s[top].shownAlert {
        return
          "the tab bar is hidden by the \(alertWords(alert)) that \(model.screenName(top, s)) shows"
      }
      return "the screen it acts from, \(name), is covered by \(hiddenTab)"
    }
    var covers: [String] = []
    if x.tab != s.selectedTab && x.tab != ScreenPath.app { covers.append(hiddenTab) }
    var above: [String] = []
    var next = s.above(x)
    while let screen = next {
      above.append(model.screenName(screen, s))
      next = s.above(screen)
    }
    if !above.isEmpty {
      covers.append("\(above.joined(separator: " › ")), pushed above it on its own stack")
    }
    if let presented = s.presented(by: x) {
      covers.append("the \(environmentWords(presented, s)) it presents")
    }
    if let alert = s[x].shownAlert { covers.append("the \(alertWords(alert)) it shows") }
    if let app, x.tab != ScreenPath.app { covers.append(app) }
    if let prompt { covers.append(prompt) }
    return "the screen it acts from, \(name), is covered by "
      + covers.joined(separator: ", and by ")
  }

  /// The environment whose root is `p`, in words: `sheet Composer`.
  private func environmentWords(_ p: ScreenPath, _ s: RouterState) -> String {
    "\(s.environmentStyle(of: p).style.words) \(model.screenName(p, s))"
  }

  /// A shown alert (its index in the compiled spec), in words: `alert 'Failed'`,
  /// `dialog 'Options'`.
  private func alertWords(_ alert: Int) -> String {
    let declared = spec.alerts[alert]
    return "\(declared.style == .confirmationDialog ? "dialog" : "alert") '\(declared.name)'"
  }

  /// The ways out of the trap state that `path` leads to: each event but a deep link or a
  /// broadcast, and the
  /// rule it breaks or where it leads.
  func waysOut(after path: [Int]) -> [String] {
    var state = model.start
    for index in path {
      let step = model.step(model.events(of: state)[index], from: state)
      guard step.outcome == .state else { return [] }
      state = step.state
    }
    var ways: [String] = []
    for event in model.events(of: state) {
      // Deep links and broadcasts come from outside: not a way out (§6, §11.7).
      if !RouterModel.returns(event) { continue }
      let step = model.step(event, from: state)
      switch step.outcome {
      case .violation(let kind, _):
        ways.append("\(model.words(of: step)) breaks \(kind.rawValue) (\(kind.summary))")
      case .pruned:
        ways.append("\(model.words(of: step)) is cut by a bound")
      case .state:
        ways.append("\(model.words(of: step)) leads to another state that is stuck too")
      }
    }
    return ways.isEmpty
      ? ["no tap, swipe or completion is possible here"]
      : ["the ways out of it, none of which leads home:"] + ways.map { "  - " + $0 }
  }

  /// A violation in words: the event, then what is wrong. For a trap, `title` is the root
  /// destination's name.
  /// `callback`: the declaration is an onDismiss (the rule words what broke it as a callback).
  /// `prompt`: for `duplicateAlert`, the window prompt already shown, where a window alert
  /// broke it (§11.8).
  static func message(
    _ kind: ViolationKind, title: String, event: String, callback: Bool = false,
    prompt: String? = nil, appConflict: String? = nil
  ) -> String {
    if kind == .duplicatePresentation, let appConflict { return "\(event): \(appConflict)" }
    if kind == .duplicateAlert, let prompt {
      return
        "\(event): the window prompt '\(prompt)' is already shown above every screen and a second one is requested"
    }
    return kind.message(event: event, title: title, callback: callback)
  }

  /// Unreachable destinations, then dead declarations, in declaration order.
  var warnings: [Warning] {
    var warnings: [Warning] = []
    for (d, destination) in spec.destinations.enumerated()
    where !exploration.covered[model.destinationMark(d)] {
      warnings.append(
        Warning(
          kind: .unreachableDestination,
          message: "no reachable state shows destination '\(destination.name)'",
          declaration: spec.destinationReferences[d]))
    }
    // The rules each declaration broke: a declaration that breaks a rule wherever it would
    // fire never fires (Docs/Semantics.md §10.10), and the warning says so beside the
    // violation instead of reading as if the declaration were never reached.
    var broken: [Int: [ViolationKind]] = [:]
    for finding in exploration.findings {
      let (kind, declaration) = RouterModel.finding(finding.key)
      if broken[declaration]?.contains(kind) != true {
        broken[declaration, default: []].append(kind)
      }
    }
    for (i, declaration) in spec.declarations.enumerated()
    where declaration.kind != .invariant && !isCovered(i) {
      let message =
        broken[i].map { kinds in
          "\(declaration.title) never fires: no event that performs it leads to a state; it breaks "
            + kinds.sorted().map(\.rawValue).joined(separator: " and ")
            + ", reported as a violation"
        } ?? "\(declaration.title) never fires"
      warnings.append(
        Warning(kind: .deadTransition, message: message, declaration: declaration))
    }
    return warnings
  }
}
