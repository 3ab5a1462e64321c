/// A router state (SEMANTICS §2) as a typed tree: the module, the flags, the root environment's
/// stacks (one per tab) and the selected one, and the app's own pending work; each screen with
/// its alert, flow cursor, pending work and the environment it presents.
///
/// It is the value everything but the explorer's hot loop uses (traces, replays, walks, views,
/// the router under test), and one of the two `StateEditor`s the semantics runs on: queries and
/// changes are written here the obvious way, on nested arrays, so that a test can hold the fast
/// `StateBuffer` to it.
///
/// ```swift
/// var state = RouterState(root: 0)                        // [List]
/// state.push(ScreenState(destination: 1), onto: state.active)   // [List, Detail]
/// ```
struct RouterState: Sendable, Equatable {
  /// A screen and the environment it presents.
  struct Screen: Sendable, Equatable {
    /// Its own fields (`link` is kept `.pushed`: the place in the tree says how it attaches).
    var fields: ScreenState
    /// The environment it presents, if any.
    var presented: Environment?
  }

  /// A presented environment: its style and its stack, bottom first; never empty; for a modal,
  /// whether a tap on its background dismisses it.
  struct Environment: Sendable, Equatable {
    var style: EnvironmentStyle
    var stack: [Screen]
    var dismissOnBackgroundTap = true
  }

  /// The current module's index (0 where the spec has none).
  var module = 0
  /// The flags that are true, one bit per flag in declaration order.
  var flags: UInt64 = 0
  /// The root environment's stacks, one per tab of the module (one for a plain root).
  var stacks: [[Screen]]
  /// The selected tab: the index of the root environment's stack in view.
  var selectedTab = 0
  /// Async work held by the app, not by a screen: work that acts on `app`, and router-free work
  /// whose screen is gone.
  var appPending: UInt64 = 0
  /// The toast shown (§11.4): its index among the spec's toasts + 1; 0: none.
  var toast = 0
  /// The window prompt shown (§11.8): its alert's index + 1; 0: none.
  var prompt = 0
  /// The app's presentation (§11.10), above the tabs: presented by no screen.
  var app: Environment?

  /// The initial state of a plain root: the root environment whose stack is [root].
  init(root: Int) {
    stacks = [[Screen(fields: ScreenState(destination: UInt16(root)))]]
  }

  /// A state with these stacks in the root environment, the first selected.
  init(stacks: [[Screen]]) { self.stacks = stacks }
}

// MARK: - Positions

/// Where a screen is in a `RouterState`: its tab's stack, then its position in each stack on
/// the way up, each but the last one a screen that presents the next environment.
///
/// `ScreenPath(tab: 0, positions: [2, 0])` is the root of the environment presented by the third
/// screen of the first tab's stack. The app's presentation (§11.10) has `tab` `ScreenPath.app`.
struct ScreenPath: Sendable, Hashable {
  /// The `tab` of the app's presentation's screens (§11.10).
  static let app = -1
  var tab: Int
  /// Never empty: `positions[0]` is in the tab's stack.
  var positions: [Int]

  /// The path of the screen at `position` in the same stack.
  func sibling(_ position: Int) -> ScreenPath {
    var path = self
    path.positions[path.positions.count - 1] = position
    return path
  }
}

extension RouterState {
  /// The screens of the stack that holds `p`.
  func screens(inStackOf p: ScreenPath) -> [Screen] {
    var stack = p.tab == ScreenPath.app ? app!.stack : stacks[p.tab]
    for position in p.positions.dropLast() { stack = stack[position].presented!.stack }
    return stack
  }

  /// Changes the stack that holds `p` in place.
  mutating func withStack<R>(of p: ScreenPath, _ body: (inout [Screen]) -> R) -> R {
    func modify(_ stack: inout [Screen], _ rest: ArraySlice<Int>) -> R {
      guard rest.count > 1 else { return body(&stack) }
      return modify(&stack[rest.first!].presented!.stack, rest.dropFirst())
    }
    if p.tab == ScreenPath.app { return modify(&app!.stack, p.positions[...]) }
    return modify(&stacks[p.tab], p.positions[...])
  }

  /// The screen at `p`, with what it presents.
  func screen(at p: ScreenPath) -> Screen { screens(inStackOf: p)[p.positions.last!] }

  /// Every screen with its path, in pre-order: the tab stacks in tab order, each stack bottom
  /// to top, a screen before the environment it presents; then the app's presentation.
  var preOrder: [(path: ScreenPath, screen: Screen)] {
    var result: [(ScreenPath, Screen)] = []
    func walk(_ stack: [Screen], _ path: ScreenPath) {
      for (i, screen) in stack.enumerated() {
        let here = path.sibling(i)
        result.append((here, screen))
        if let environment = screen.presented {
          walk(environment.stack, ScreenPath(tab: here.tab, positions: here.positions + [0]))
        }
      }
    }
    for (tab, stack) in stacks.enumerated() { walk(stack, ScreenPath(tab: tab, positions: [0])) }
    if let app { walk(app.stack, ScreenPath(tab: ScreenPath.app, positions: [0])) }
    return result
  }

  /// The index of the screen at `p` in pre-order.
  func preOrderIndex(of p: ScreenPath) -> Int { preOrder.firstIndex { $0.path == p }! }

  /// The screens in pre-order with their links: the flat form the codec writes and
  /// `StateBuffer` holds.
  var linkedScreens: [ScreenState] {
    preOrder.map { path, screen in
      var fields = screen.fields
      if path.positions.last! > 0 {
        fields.link = .pushed
      } else if path.positions.count == 1 && path.tab == ScreenPath.app {
        fields.link = ScreenLink(
          onApp: app!.style, dismissOnBackgroundTap: app!.dismissOnBackgroundTap)
      } else if path.positions.count == 1 {
        fields.link = .root
      } else {
        fields.link = ScreenLink(
          environmentStyle(of: path),
          dismissOnBackgroundTap: dismissesOnBackgroundTap(environmentOf: path))
      }
      return fields
    }
  }

  /// Rebuilds a state from its screens in pre-order with their links (what `linkedScreens`
  /// gives); the header fields are the caller's.
  init(linkedScreens screens: some Collection<ScreenState>) {
    var index = screens.startIndex
    /// Reads the stack that starts at `index` (its bottom) and the environments it presents.
    func readStack() -> [Screen] {
      var stack: [Screen] = []
      repeat {
        var fields = screens[index]
        fields.link = .pushed
        stack.append(Screen(fields: fields))
        index = screens.index(after: index)
        if index != screens.endIndex, screens[index].link.isPresentedByScreen,
          let style = screens[index].link.environment
        {
          let dismissOnBackgroundTap = screens[index].link != .modalKeptOnBackgroundTap
          stack[stack.count - 1].presented = Environment(
            style: style, stack: readStack(), dismissOnBackgroundTap: dismissOnBackgroundTap)
        }
      } while index != screens.endIndex && screens[index].link == .pushed
      return stack
    }
    var stacks: [[Screen]] = []
    var app: Environment?
    while index != screens.endIndex {
      let link = screens[index].link
      if link.isAppRoot {
        // The app's presentation, after every tab's screens (§11.10).
        app = Environment(
          style: link.environment!, stack: readStack(),
          dismissOnBackgroundTap: link.dismissesOnBackgroundTap)
      } else {
        stacks.append(readStack())
      }
    }
    self.init(stacks: stacks)
    self.app = app
  }
}

// MARK: - The editor (the plain value backend)

extension RouterState: StateEditor {
  subscript(_ p: ScreenPath) -> ScreenState { screen(at: p).fields }

  var active: ScreenPath {
    // Where the app presents, the walk starts at its presentation's top (§11.10).
    var path = ScreenPath(
      tab: app == nil ? selectedTab : ScreenPath.app,
      positions: [(app?.stack ?? stacks[selectedTab]).count - 1])
    var stack = app?.stack ?? stacks[selectedTab]
    while let environment = stack[path.positions.last!].presented {
      stack = environment.stack
      path.positions.append(stack.count - 1)
    }
    return path
  }

  var appRoot: ScreenPath { ScreenPath(tab: selectedTab, positions: [0]) }

  func tabRoot(_ index: Int) -> ScreenPath { ScreenPath(tab: index, positions: [0]) }

  func bottom(of p: ScreenPath) -> ScreenPath { p.sibling(0) }

  func above(_ p: ScreenPath) -> ScreenPath? {
    let next = p.positions.last! + 1
    return next < screens(inStackOf: p).count ? p.sibling(next) : nil
  }

  func below(_ p: ScreenPath) -> ScreenPath? {
    if p.positions.last! > 0 { return p.sibling(p.positions.last! - 1) }
    guard p.positions.count > 1 else { return nil }
    return ScreenPath(tab: p.tab, positions: Array(p.positions.dropLast()))
  }

  func presented(by p: ScreenPath) -> ScreenPath? {
    screen(at: p).presented == nil
      ? nil : ScreenPath(tab: p.tab, positions: p.positions + [0])
  }

  var appPresentation: ScreenPath? {
    app == nil ? nil : ScreenPath(tab: ScreenPath.app, positions: [0])
  }

  func environmentStyle(of p: ScreenPath) -> EnvironmentStyle {
    guard p.positions.count > 1 else { return p.tab == ScreenPath.app ? app!.style : .root }
    let presenter = ScreenPath(tab: p.tab, positions: Array(p.positions.dropLast()))
    return screen(at: presenter).presented!.style
  }

  func dismissesOnBackgroundTap(environmentOf p: ScreenPath) -> Bool {
    guard p.positions.count > 1 else {
      return p.tab == ScreenPath.app && app!.style == .modal && app!.dismissOnBackgroundTap
    }
    let presenter = ScreenPath(tab: p.tab, positions: Array(p.positions.dropLast()))
    let environment = screen(at: presenter).presented!
    return environment.style == .modal && environment.dismissOnBackgroundTap
  }

  func stack(upTo p: ScreenPath) -> (bottom: ScreenPath, count: Int, style: EnvironmentStyle) {
    (p.sibling(0), p.positions.last! + 1, environmentStyle(of: p))
  }

  /// How many presented environments hold `p` (the app's presentation is one, §11.10).
  func nesting(of p: ScreenPath) -> Int {
    p.positions.count - (p.tab == ScreenPath.app ? 0 : 1)
  }

  var presentationDepth: Int { nesting(of: active) }

  // Both walk the tree without building `preOrder`: a state view asks for every position in
  // turn.
  var screenCount: Int {
    func count(_ stack: [Screen]) -> Int {
      stack.reduce(0) { $0 + 1 + ($1.presented.map { count($0.stack) } ?? 0) }
    }
    return stacks.reduce(0) { $0 + count($1) } + (app.map { count($0.stack) } ?? 0)
  }

  func position(preOrder i: Int) -> ScreenPath {
    var remaining = i
    func find(_ stack: [Screen], below positions: [Int], tab: Int) -> ScreenPath? {
      for (position, screen) in stack.enumerated() {
        if remaining == 0 { return ScreenPath(tab: tab, positions: positions + [position]) }
        remaining -= 1
        if let environment = screen.presented,
          let found = find(environment.stack, below: positions + [position], tab: tab)
        {
          return found
        }
      }
      return nil
    }
    for (tab, stack) in stacks.enumerated() {
      if let found = find(stack, below: [], tab: tab) { return found }
    }
    if let app, let found = find(app.stack, below: [], tab: ScreenPath.app) { return found }
    preconditionFailure("no screen \(i) in pre-order: the state has \(screenCount)")
  }

  mutating func push(_ screen: ScreenState, onto p: ScreenPath) {
    withStack(of: p) { $0.append(Screen(fields: screen)) }
  }

  mutating func present(
    _ style: EnvironmentStyle, _ screen: ScreenState, from p: ScreenPath,
    dismissOnBackgroundTap: Bool
  ) {
    withStack(of: p) {
      $0[p.positions.last!].presented = Environment(
        style: style, stack: [Screen(fields: screen)],
        dismissOnBackgroundTap: dismissOnBackgroundTap)
    }
  }

  mutating func presentOnApp(
    _ style: EnvironmentStyle, _ screen: ScreenState, dismissOnBackgroundTap: Bool
  ) {
    precondition(app == nil, "the app presents twice")
    app = Environment(
      style: style, stack: [Screen(fields: screen)], dismissOnBackgroundTap: dismissOnBackgroundTap
    )
  }

  mutating func remove(_ p: ScreenPath) -> [ScreenState] {
    let removed = RouterState(
      stacks: [Array(screens(inStackOf: p)[p.positions.last!...])]
    ).preOrder.map(\.screen.fields)
    if p.tab == ScreenPath.app && p.positions == [0] {
      // The app's presentation is dismissed (§11.10).
      app = nil
    } else if p.positions.last! == 0 {
      // The bottom of a presented environment: its presenter presents nothing any more.
      let presenter = below(p)!
      withStack(of: presenter) { $0[presenter.positions.last!].presented = nil }
    } else {
      withStack(of: p) { $0.removeSubrange(p.positions.last!...) }
    }
    return removed
  }

  mutating func setAlert(_ alert: Int?, at p: ScreenPath) {
    withStack(of: p) { $0[p.positions.last!].fields.alert = ScreenState.alertField(alert) }
  }

  mutating func setPending(_ pending: UInt64, at p: ScreenPath) {
    withStack(of: p) { $0[p.positions.last!].fields.pending = pending }
  }

  mutating func setMark(_ mark: UInt16, at p: ScreenPath) {
    withStack(of: p) { $0[p.positions.last!].fields.mark = mark }
  }

  func find(mark: UInt16) -> ScreenPath? {
    preOrder.first { $0.screen.fields.mark == mark }?.path
  }

  mutating func clearMarks() {
    for (path, screen) in preOrder where screen.fields.mark != 0 { setMark(0, at: path) }
  }

  mutating func selectTab(_ index: Int) { selectedTab = index }

  mutating func setFlag(_ index: Int, to value: Bool) {
    if value { flags |= 1 << UInt64(index) } else { flags &= ~(1 << UInt64(index)) }
  }

  mutating func setAppPending(_ pending: UInt64) { appPending = pending }

  mutating func setToast(_ toast: Int) { self.toast = toast }

  mutating func setPrompt(_ prompt: Int) { self.prompt = prompt }

  mutating func switchModule(_ module: Int, roots: [UInt16]) -> [ScreenState] {
    // The app's presentation stays (§11.10).
    let removed = preOrder.filter { $0.path.tab != ScreenPath.app }.map(\.screen.fields)
    self.module = module
    stacks = roots.map { [Screen(fields: ScreenState(destination: $0))] }
    selectedTab = 0
    return removed
  }
}
