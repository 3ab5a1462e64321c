import NavCheckExplorer
import NavCheckSupport

/// The reference router as one model: the only owner of what a spec means.
///
/// Events, what they do, custom invariants, home states and traps are decided here (through
/// `RouterSemantics`), and every tool that walks states goes through it: `check` and
/// `stateGraph` explore it with the `Explorer`, `replay` and `simulate` step it, and the trap
/// test of a replay is the explorer's return analysis from the state the replay reached.
///
/// Finding keys are `kind << 24 | declaration`; coverage marks are the declarations, then the
/// destinations (a destination's mark is seen when a reachable state shows it).
struct RouterModel: ExplorationModel {
  /// The spec, compiled.
  let spec: CompiledSpec
  let semantics: RouterSemantics
  let codec: StateCodec
  let invariants: [(invariant: Invariant, declaration: Int)]
  /// Where an exploration starts: the spec's start state (§11.11: after the launch's
  /// appearances), or a state a replay reached.
  var start: RouterState
  /// The launch (SEMANTICS v3 §11.11): §2's initial state followed by the appearances of its
  /// first screens, where a destination declares onAppear.
  let launch: Launch

  /// What the launch did: the start state, or the rule its appearances broke.
  struct Launch: Sendable {
    /// The start state where `outcome` is `.state`; §2's initial state otherwise.
    var state: RouterState
    /// `.state`, or the violation or pruning of the launch's appearances.
    var outcome: EventOutcome
    /// The declarations the launch fired, in order (onAppears and the callbacks they ran).
    var fired: [Int]
    /// Whether the launch ran appearances (the spec declares onAppear).
    var appears: Bool
  }
  /// The part of the graph explored: all of it, or the tabs reduction's (`TabReduction`).
  var restriction = Restriction()

  /// A part of the state graph (the tabs reduction, `TabReduction`): successors outside it are
  /// left out (`SuccessorSink.skip`), and home may mean every tab at its root.
  struct Restriction: Sendable {
    /// Successors in which more than one tab's stack differs from its initial one are left out.
    var oneChangedTab = false
    /// With `oneChangedTab`, a tab whose changes began with a module switch (the actions after
    /// it) is parked instead where another tab then changes: kept as it was, never acted in
    /// again, and the successor kept (`RouterExpander`, issue 33). At most 7 tabs
    /// (`StateCodec.sharesTheTabByte`).
    var parking = false
    /// With `parking`, a tab whose root holds work that a module switch would orphan is parked
    /// too (a *holder*), with that work, where another tab then changes: a switch there orphans
    /// it as the product's would (`TabReduction.parksHolders`).
    var parksHolders = false
    /// With `parking`, the flags shared one way (`TabReduction.MonotoneFlag`, bit k: flag k),
    /// the value each is given (bit k set: true), and the app's pending work (bits of
    /// `appPending`) of their writers: a tab that gives one its value, or hands the app such
    /// work, is parked as a writer where another tab then changes.
    var sharedFlags: UInt64 = 0
    var sharedValues: UInt64 = 0
    var sharedWork: UInt64 = 0
    /// Where it is a tab's index, successors in which another tab's stack changed are left out
    /// too.
    var onlyTab = -1
    /// Home states are those in which every tab's stack holds only its root (the stuck
    /// analysis), not only the selected one's.
    var homeIsEveryTabAtRoot = false
    /// With `homeIsEveryTabAtRoot`, a state whose tab bar is visible is home too: its traps
    /// are the stuck states that never show the tab bar again (the stuck analysis's second
    /// question).
    var homeIncludesVisibleTabBar = false

    /// Whether a successor whose changed stacks are `changed` is in the graph.
    @inline(__always)
    func keeps(_ changed: (count: Int, last: Int)) -> Bool {
      changed.count <= 1 && (onlyTab < 0 || changed.count == 0 || changed.last == onlyTab)
    }
  }

  /// In the stuck analysis of one tab (`Restriction.onlyTab`), the events whose guards read a
  /// flag shared one way (`Restriction.sharedFlags`): by transition, and whether any alert
  /// button or tab button does. Another tab may give the flag its value at any moment, so they
  /// are no way home. Kept out of `Restriction`, which the expander copies for every state.
  struct SharedReaders: Sendable {
    var transitions: [Bool] = []
    var buttons = false
    var tabButtons = false
  }
  var sharedReaders = SharedReaders()

  /// For each module and deep link (`module * links + link`), the tabs the link, arriving
  /// while the module shows, may act in before any module switch (bit k: tab k): the tab whose
  /// router it acts on (`start: tab`), and the tabs it selects. The tabs reduction's parking
  /// leaves out a link that may act in a parked tab (`RouterExpander`). Empty without parking.
  let deepLinkTabs: [UInt64]

  /// `deepLinkTabs` of `spec`.
  private static func deepLinkTabs(_ spec: CompiledSpec) -> [UInt64] {
    spec.modules.indices.flatMap { module in
      spec.deepLinks.map { link in
        var tabs: UInt64 = 0
        if link.start == .tab, let tab = link.tabInModule[module] { tabs |= 1 << UInt64(tab) }
        let roots = spec.modules[module].roots
        for step in spec.steps[link.sequence] {
          if case .showModule = step.act { break }
          if case .selectTab(let d) = step.act, let tab = roots.firstIndex(of: UInt16(d)) {
            tabs |= 1 << UInt64(tab)
          }
        }
        return tabs
      }
    }
  }

  /// The model of `spec`; `parking`: its states have room for the tabs reduction's parking
  /// (`Restriction.parking`), and `writers`: for parked writers too.
  init(_ spec: CompiledSpec, parking: Bool = false, writers: Bool = false) {
    self.spec = spec
    semantics = RouterSemantics(spec)
    codec = StateCodec(spec, parking: parking, writers: writers)
    deepLinkTabs = parking ? Self.deepLinkTabs(spec) : []
    invariants = zip(spec.spec.invariants, spec.invariantDeclarations).map { ($0, $1) }
    launch = Self.launch(semantics)
    start = launch.state
  }

  /// The launch of the spec `semantics` runs (§11.11).
  static func launch(_ semantics: RouterSemantics) -> Launch {
    var state = semantics.initialState
    guard semantics.hasOnAppear else {
      return Launch(state: state, outcome: .state, fired: [], appears: false)
    }
    let fired = PodBuffer<Int>(capacity: 16)
    let outcome = semantics.launch(&state, fired: fired, callbacks: Callbacks())
    return Launch(
      state: outcome == .state ? state : semantics.initialState, outcome: outcome,
      fired: (0..<fired.count).map { fired[$0] }, appears: true)
  }

  /// The first state: SEMANTICS §2's initial state, or, where a destination declares
  /// onAppear, the start state after the launch's appearances (§11.11; §2's where the launch
  /// broke a rule).
  var initialState: RouterState { launch.state }

  // MARK: - Rules

  /// The declaration of the first custom invariant `state` breaks, in declaration order.
  func brokenInvariant(_ state: some StateEditor) -> Int? {
    guard !invariants.isEmpty else { return nil }
    return brokenInvariant(StateView(state, spec))
  }

  /// The same through `cache`, the view of the state checked before, whose first `unchanged`
  /// screens in pre-order are those of `state` (`StateView.Cache.update`).
  func brokenInvariant(
    _ state: some StateEditor, cache: inout StateView.Cache, unchanged: Int
  ) -> Int? {
    guard !invariants.isEmpty else { return nil }
    cache.update(to: state, spec, unchanged: unchanged)
    return brokenInvariant(cache.view)
  }

  private func brokenInvariant(_ view: borrowing StateView) -> Int? {
    // In place: `first(where:)` would copy each invariant (its name and closure) per state.
    invariants.withUnsafeBufferPointer { invariants in
      for i in invariants.indices where !invariants[i].invariant.holds(view) {
        return invariants[i].declaration
      }
      return nil
    }
  }

  /// Whether deep links count for the return analysis: they do not, the user cannot trigger
  /// them at will (SEMANTICS §6); nor broadcasts, which also come from outside (§11.7).
  static func returns(_ event: RouterEvent) -> Bool {
    switch event {
    case .deepLink, .broadcast: false
    case .transition, .alertButton, .gesture, .complete, .selectTab, .tabButton, .tapToast,
      .toastExpires:
      true
    }
  }

  // MARK: - ExplorationModel

  var coverageMarks: Int { spec.declarations.count + spec.destinations.count }

  /// Only custom invariants are checked on states.
  var checksStates: Bool { !invariants.isEmpty }

  func destinationMark(_ destination: Int) -> Int { spec.declarations.count + destination }

  func initialState(into bytes: inout [UInt8]) { codec.encode(start, into: &bytes) }

  /// A worker with its own compiled spec: the arrays the hot loop reads are then not shared
  /// between threads, whose reference counting would otherwise bounce their cache lines
  /// between cores.
  func makeExpander() -> any StateExpander {
    var own = RouterModel(
      CompiledSpec(spec.spec), parking: codec.parkingBytes > 0, writers: codec.parkingBytes > 1)
    own.start = start
    own.restriction = restriction
    own.sharedReaders = sharedReaders
    // The semantics compiled for the spec's shape: one stack, or tabs.
    return spec.hasSeveralSubtrees
      ? TabsExpander(expander: RouterExpander(model: own))
      : OneStackExpander(expander: RouterExpander(model: own))
  }

  static func key(_ kind: ViolationKind, _ declaration: Int) -> UInt32 {
    UInt32(kind.ordinal) << 24 | UInt32(declaration)
  }

  static func finding(_ key: UInt32) -> (kind: ViolationKind, declaration: Int) {
    (ViolationKind.allCases[Int(key >> 24)], Int(key & 0xFF_FFFF))
  }
}
