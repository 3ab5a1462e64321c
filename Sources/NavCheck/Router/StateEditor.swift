/// The narrow interface through which the semantics reads and changes a router state: the §3
/// queries and the changes of §5, each named by what it means.
///
/// The semantics (`RouterSemantics`) is written against this protocol alone, so a reader sees
/// the rules, not the storage. Two types conform:
///
/// - `RouterState`, the typed tree as a plain value (stacks of screens, each screen with the
///   environment it presents): every query and change is written the obvious way;
/// - `StateBuffer`, the explorer's fast form: the screens in pre-order in a fixed-capacity
///   buffer, changed in place, which records the lowest screen a change touched so the
///   expander encodes and restores only from there.
///
/// A test performs every event of every reachable state of the bundled specs, the examples and
/// the benchmark family on both and compares the encodings of the results.
///
/// Screens are addressed by `Position`, which stays valid until the next change. Pending work
/// and completions name screens by their pre-order index (`position(preOrder:)`), the order of
/// SEMANTICS §4.7.
protocol StateEditor {
  /// Where a screen is in the tree.
  associatedtype Position: Equatable
  /// The screens a removal took out, in pre-order.
  associatedtype Removed: Collection<ScreenState>

  // MARK: - Reading

  /// The fields of the screen at `p` (its `link` is not meaningful here).
  subscript(_ p: Position) -> ScreenState { get }

  /// The screen that receives the user's taps: the top of the selected stack, or of the
  /// environment presented above it, and so on (§3).
  var active: Position { get }

  /// The bottom of the selected stack of the root environment (§3).
  var appRoot: Position { get }

  /// The bottom of tab `index`'s stack (with one stack, index 0: the app root).
  func tabRoot(_ index: Int) -> Position

  /// The bottom of the stack that holds `p`.
  func bottom(of p: Position) -> Position

  /// The screen just above `p` in its stack; `nil` where `p` is the top.
  func above(_ p: Position) -> Position?

  /// The next screen down across environments: the one under `p` in its stack, or, at the
  /// bottom of a presented environment, its presenter; `nil` at the bottom of a stack of the
  /// root environment.
  func below(_ p: Position) -> Position?

  /// The root of the environment `p` presents, if it presents one.
  func presented(by p: Position) -> Position?

  /// The root of the app's presentation (§11.10), if the app presents one: after every tab's
  /// screens in pre-order, presented by no screen (`below` it is nothing).
  var appPresentation: Position? { get }

  /// The style of the environment whose stack holds `p`.
  func environmentStyle(of p: Position) -> EnvironmentStyle

  /// Whether the environment whose stack holds `p` is a modal that a background tap dismisses.
  func dismissesOnBackgroundTap(environmentOf p: Position) -> Bool

  /// The stack that holds `p`, up to `p`: its bottom, how many of its screens are at or below
  /// `p` (all of them where `p` is its top, as the active screen is), and the style of its
  /// environment.
  func stack(upTo p: Position) -> (bottom: Position, count: Int, style: EnvironmentStyle)

  /// How many presented environments hold the active screen: 0 in the root environment,
  /// d + 1 in an environment presented from one nested d deep (the bound
  /// `maxPresentationDepth` limits it).
  var presentationDepth: Int { get }

  /// The number of screens in the state.
  var screenCount: Int { get }

  /// The screen at index `i` of the tree's pre-order (§4.7: stacks bottom to top, a screen
  /// before the environment it presents).
  func position(preOrder i: Int) -> Position

  /// The index of `p` in the tree's pre-order: the inverse of `position(preOrder:)`.
  func preOrderIndex(of p: Position) -> Int

  // MARK: - Changing

  /// Pushes `screen` on the stack whose top is `p`. `p` presents nothing.
  mutating func push(_ screen: ScreenState, onto p: Position)

  /// Makes `p` present a new environment of `style` whose stack is `[screen]` (a modal that a
  /// background tap dismisses, or not). `p` presents nothing.
  mutating func present(
    _ style: EnvironmentStyle, _ screen: ScreenState, from p: Position,
    dismissOnBackgroundTap: Bool)

  /// Makes the app present a new environment of `style` whose stack is `[screen]`, above the
  /// tabs (§11.10). The app presents nothing.
  mutating func presentOnApp(
    _ style: EnvironmentStyle, _ screen: ScreenState, dismissOnBackgroundTap: Bool)

  /// Removes `p`, every screen above it in its stack and every environment they present
  /// (where `p` is the bottom of a presented environment, that environment is dismissed);
  /// returns the screens removed. `p` is not the bottom of a stack of the root environment.
  mutating func remove(_ p: Position) -> Removed

  /// Shows the alert `alert` (its index in the compiled spec) on `p`, or closes its alert
  /// (`nil`).
  mutating func setAlert(_ alert: Int?, at p: Position)

  /// Sets the pending async work of `p`.
  mutating func setPending(_ pending: UInt64, at p: Position)

  // MARK: - Identity within an event (SEMANTICS §2)

  /// Marks the screen at `p` (`mark` > 0), or clears its mark (0). Marks move with their
  /// screens and go with them; they are not part of the state.
  mutating func setMark(_ mark: UInt16, at p: Position)

  /// The screen that carries `mark`, if it is still in the state.
  func find(mark: UInt16) -> Position?

  /// Clears every mark (after an event that set some).
  mutating func clearMarks()

  // MARK: - The state's own fields (SEMANTICS §2)

  /// The current module's index.
  var module: Int { get }
  /// The selected tab: the index of the root environment's stack in view.
  var selectedTab: Int { get }
  /// The flags that are true, one bit per flag in declaration order.
  var flags: UInt64 { get }
  /// The async work the app holds, one bit per piece of app-level work.
  var appPending: UInt64 { get }
  /// The toast shown (§11.4): its index among the spec's toasts + 1; 0: none.
  var toast: Int { get }
  /// The window prompt shown (§11.8): its alert's index + 1; 0: none.
  var prompt: Int { get }

  /// Selects tab `index`: stack `index` of the root environment; nothing is removed.
  mutating func selectTab(_ index: Int)

  /// Sets flag `index` to `value`.
  mutating func setFlag(_ index: Int, to value: Bool)

  /// Sets the app's pending work.
  mutating func setAppPending(_ pending: UInt64)

  /// Sets the toast shown (its index + 1; 0: none).
  mutating func setToast(_ toast: Int)

  /// Sets the window prompt shown (its alert's index + 1; 0: none).
  mutating func setPrompt(_ prompt: Int)

  /// Replaces every screen of the tabs by module `module`'s initial state: one stack per root
  /// in `roots` (its tabs, or its one root), the first selected; returns the screens removed,
  /// in pre-order. Flags, the app's work and the app's presentation (§11.10) are kept.
  mutating func switchModule(_ module: Int, roots: [UInt16]) -> Removed
}

// MARK: - Queries derived from the editor's (SEMANTICS §3, §6)

extension StateEditor {
  /// Whether `p` is covered: not the top of its stack, presenting, showing an alert, or in a
  /// stack of a tab that is not selected. Only the active screen is none of the first, second
  /// and fourth, so it is covered only by its own alert. While a window prompt shows, every
  /// screen is covered (§11.8).
  @inline(__always)
  func isCovered(_ p: Position) -> Bool { p != active || self[p].alert != 0 || prompt != 0 }

  /// Whether it is a home state (§6): the selected stack holds only its root, which presents
  /// nothing and shows no alert, no window prompt shows (§11.8) and the app presents nothing
  /// (§11.10).
  var isHome: Bool {
    let root = appRoot
    return above(root) == nil && presented(by: root) == nil && self[root].alert == 0
      && prompt == 0 && appPresentation == nil
  }

  /// The top of the stack whose bottom (or any screen) is `p`.
  func top(ofStackOf p: Position) -> Position {
    var top = p
    while let next = above(top) { top = next }
    return top
  }

  /// Whether the tab bar is visible (§3): the top of the selected stack presents nothing and
  /// shows no alert, so the active screen is that top and shows no alert.
  var tabBarIsVisible: Bool {
    let a = active
    return environmentStyle(of: a) == .root && self[a].alert == 0 && prompt == 0
  }

  /// Presents a sheet, cover, or a modal that a background tap dismisses.
  mutating func present(_ style: EnvironmentStyle, _ screen: ScreenState, from p: Position) {
    present(style, screen, from: p, dismissOnBackgroundTap: true)
  }
}
