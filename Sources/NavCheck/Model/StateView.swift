/// A read-only view of a router state: what custom invariants see and what traces print.
///
/// ```swift
/// Invariant("no detail under a sheet") { state in
///   !(state.depth > 0 && state.environments[0].stack.last?.destination == "TodoDetail")
/// }
/// Invariant("at most two details") { state in state.count(of: "TodoDetail") <= 2 }
/// ```
public struct StateView: Sendable, Hashable, CustomStringConvertible {
  /// How an environment is shown, described once: the one presentation kind that views,
  /// snapshots, the state's links, traces and drawings read. A new kind is one more value here
  /// (and its action and rules); every list of kinds derives from `allCases`.
  ///
  /// An open kind: NavCheck adds styles as the semantics grows (an overlay modal).
  ///
  /// ```swift
  /// StateView.Style.fullScreenCover.words           // "full-screen cover"
  /// StateView.Style.modal.hasNavigation             // false: a modal pushes nothing
  /// StateView.Style.presented.map(\.rawValue)       // ["sheet", "fullScreenCover", "modal"]
  /// ```
  public struct Style: OpenKind {
    public let rawValue: String
    /// The style in a report's words: `sheet`, `full-screen cover`, `modal`.
    public let words: String
    /// The style as a phone frame labels its card: `sheet`, `cover`, `modal`.
    public let label: String
    /// Whether its screens have a navigation stack (a push from them is allowed; an overlay
    /// modal has none).
    public let hasNavigation: Bool
    /// How a phone frame draws it.
    package let shape: Shape

    /// How a phone frame draws an environment: each style picks one.
    package enum Shape: Sendable {
      /// The whole screen, under everything else (the root).
      case screen
      /// A card from near the top edge, with a grabber, over the dimmed screen (a sheet).
      case card
      /// The whole screen, status bar included (a full-screen cover).
      case cover
      /// A small card in the middle of the dimmed screen, with no navigation bar (a modal).
      case overlay
    }

    private init(
      _ name: String, words: String? = nil, label: String? = nil, hasNavigation: Bool = true,
      shape: Shape
    ) {
      rawValue = name
      self.words = words ?? name
      self.label = label ?? name
      self.hasNavigation = hasNavigation
      self.shape = shape
    }

    /// The app's root environment.
    public static let root = Style("root", shape: .screen)
    /// A sheet.
    public static let sheet = Style("sheet", shape: .card)
    /// A full-screen cover.
    public static let fullScreenCover = Style(
      "fullScreenCover", words: "full-screen cover", label: "cover", shape: .cover)
    /// An overlay modal (SEMANTICS §1 `modal`): no navigation stack.
    public static let modal = Style("modal", hasNavigation: false, shape: .overlay)

    /// Every style: the root's, then the presented ones.
    public static let allCases: [Style] = [root, sheet, fullScreenCover, modal]

    /// The styles of a presented environment (every style but the root's).
    public static let presented: [Style] = allCases.filter(\.isPresented)

    /// Whether it is a presented environment (it counts toward `maxPresentationDepth`).
    public var isPresented: Bool { self != .root }

    /// The presented style named `name`; `nil` for the root's name or an unknown one (how a
    /// snapshot's slot or frame style, named as styles are, finds its style).
    package init?(presented name: String) {
      guard let style = Self.presented.first(where: { $0.rawValue == name }) else { return nil }
      self = style
    }

    /// The kind of action that presents an environment of this style (`nil` for the root).
    public var action: Action.Kind? { Action.Kind.allCases.first { $0.presentation == self } }
  }

  /// One screen.
  public struct Screen: Sendable, Hashable {
    /// The destination it shows.
    public var destination: String {
      didSet { asciiName = false }
    }
    /// The alert it shows, by name.
    public var alert: String?
    /// Whether that alert is a confirmation dialog (a tap outside closes it).
    public var showsDialog = false
    /// Its flow cursor: the flow, the index of the step `Next()` would show, and the flow's
    /// number of steps.
    public var flow: (name: String, next: Int, steps: Int)?
    /// Its pending async transitions, by label (or `#index` where unlabelled: `#0` is the
    /// destination's first transition), in declaration order.
    public var pending: [String]
    /// Whether `destination` is known to be ASCII: NavCheck's own screens know it, a name set
    /// afterwards is not known. `count(of:)` tells apart two ASCII names of different lengths
    /// without comparing them.
    var asciiName = false

    public static func == (a: Screen, b: Screen) -> Bool {
      a.destination == b.destination && a.alert == b.alert && a.showsDialog == b.showsDialog
        && a.flow?.name == b.flow?.name
        && a.flow?.next == b.flow?.next && a.flow?.steps == b.flow?.steps
        && a.pending == b.pending
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(destination)
      hasher.combine(alert)
      hasher.combine(flow?.name)
      hasher.combine(flow?.next)
      hasher.combine(pending)
    }
  }

  /// One environment: its style and its stack, bottom to top.
  public struct Environment: Sendable, Hashable {
    /// How it is shown.
    public var style: Style
    /// Its screens, bottom to top; never empty.
    public var stack: [Screen]
  }

  /// One tab of a tab bar: its root destination's name and its stack, bottom to top.
  public struct Tab: Sendable, Hashable {
    /// The tab's name: its root destination's.
    public var name: String
    /// Its stack in the root environment, bottom to top.
    public var stack: [Screen]
  }

  /// The chain of environments: the selected stack of the root environment first (with tabs,
  /// the selected tab's), each next one presented by the top of the one before; where
  /// `appPresents`, the second is the app's presentation, above the tabs.
  public var environments: [Environment]

  /// Whether `environments[1]` is the app's presentation (SEMANTICS v3 §11.10): presented by
  /// the app above every tab, not by the selected stack's top.
  ///
  /// ```swift
  /// if view.appPresents { print("the app shows \(view.environments[1].stack[0].destination)") }
  /// ```
  public var appPresents = false

  /// The current module's name, where the spec has several modules; `nil` otherwise.
  public var module: String?

  /// Every tab of the current module, where it has tabs; empty otherwise. The selected tab's
  /// stack is also `environments[0].stack`.
  public var tabs: [Tab] = []

  /// The selected tab's index in `tabs` (0 without tabs).
  public var selectedTab = 0

  /// The flags that are true, in declaration order.
  public var flags: [String] = []

  /// The async work the app holds (not a screen), by label, in declaration order.
  public var appPending: [String] = []

  /// The name of the toast the app shows (SEMANTICS v3 §11.4), if any.
  public var toast: String?

  /// The name of the window prompt the app shows above every screen (SEMANTICS v3 §11.8), if
  /// any: while it shows, every screen is covered.
  ///
  /// ```swift
  /// if let prompt = view.prompt { print("the user must answer '\(prompt)' first") }
  /// ```
  public var prompt: String?
  /// Whether that prompt is a confirmation dialog (a tap outside closes it).
  public var promptIsDialog = false

  /// The screen that receives the user's taps.
  public var activeScreen: Screen { environments.last!.stack.last! }

  /// Environments presented above the root environment.
  public var depth: Int { environments.count - 1 }

  /// Every screen, in tree pre-order: the tabs' stacks in tab order, the selected tab's
  /// followed by the environments presented above it.
  public var screens: [Screen] {
    guard !tabs.isEmpty else { return environments.flatMap(\.stack) }
    var screens: [Screen] = []
    for (index, tab) in tabs.enumerated() {
      screens += tab.stack
      if index == selectedTab && !appPresents {
        screens += environments.dropFirst().flatMap(\.stack)
      }
    }
    // The app's presentation comes after every tab (§11.10).
    if appPresents { screens += environments.dropFirst().flatMap(\.stack) }
    return screens
  }

  /// The alerts shown, by name.
  public var alerts: [String] { screens.compactMap(\.alert) }

  /// How many screens show `destination`.
  public func count(of destination: String) -> Int {
    // Every screen once, as `screens` lists them, without building that list (custom
    // invariants call it for every state). Two ASCII strings are equal only where their bytes
    // are: those of different lengths are told apart without a string comparison (a call into
    // the runtime for each screen).
    var count = 0
    let length = destination.utf8.count
    let ascii =
      destination.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } }
      ?? destination.utf8.allSatisfy { $0 < 0x80 }
    func add(_ stack: [Screen]) {
      for screen in stack
      where !(ascii && screen.asciiName && screen.destination.utf8.count != length)
        && screen.destination == destination
      {
        count += 1
      }
    }
    if tabs.isEmpty {
      for environment in environments { add(environment.stack) }
    } else {
      for tab in tabs { add(tab.stack) }
      for environment in environments.dropFirst() { add(environment.stack) }
    }
    return count
  }

  /// How many screens show a destination named by a `String`-backed enum case.
  public func count<Name: RawRepresentable>(of destination: Name) -> Int
  where Name.RawValue == String { count(of: destination.rawValue) }

  /// Whether some screen shows `destination`.
  public func contains(_ destination: String) -> Bool { count(of: destination) > 0 }

  /// Whether some screen shows a destination named by a `String`-backed enum case.
  public func contains<Name: RawRepresentable>(_ destination: Name) -> Bool
  where Name.RawValue == String { contains(destination.rawValue) }

  /// The screen tree, one line per environment:
  /// `TodoList › TodoDetail` then `  ⤷ sheet: AddTodo (pending 'Save')`. With tabs, the first
  /// line is the tab bar, every tab's stack, the selected one marked `▸`
  /// (`▸ Inbox › Thread | Search`); with modules, it starts with the module's name.
  public var description: String {
    func line(_ stack: [Screen]) -> String {
      stack.map { screen in
        var text = screen.destination
        var notes: [String] = []
        if let alert = screen.alert {
          notes.append(screen.showsDialog ? "dialog '\(alert)'" : "alert '\(alert)'")
        }
        if !screen.pending.isEmpty {
          // Labels in quotes; an unlabelled transition is `#index` as it is.
          let names = screen.pending.map { name in
            name.first == "#" && Int(name.dropFirst()) != nil ? name : "'\(name)'"
          }
          notes.append("pending \(names.joined(separator: ", "))")
        }
        if let flow = screen.flow {
          notes.append(
            flow.next < flow.steps
              ? "flow '\(flow.name)': Next() shows step \(flow.next + 1) of \(flow.steps)"
              : "flow '\(flow.name)': all \(flow.steps) steps shown")
        }
        if !notes.isEmpty { text += " [\(notes.joined(separator: "; "))]" }
        return text
      }.joined(separator: " › ")
    }
    var first = line(environments[0].stack)
    if !tabs.isEmpty { first = Self.tabBar(tabs.map { line($0.stack) }, selectedTab: selectedTab) }
    if let module { first = "module \(module): " + first }
    var notes: [String] = []
    if !flags.isEmpty { notes.append(flags.joined(separator: ", ")) }
    if !appPending.isEmpty {
      notes.append("app pending " + appPending.map { "'\($0)'" }.joined(separator: ", "))
    }
    if let toast { notes.append("toast '\(toast)'") }
    if !notes.isEmpty { first += " {\(notes.joined(separator: "; "))}" }
    // A window prompt is drawn last: above every screen (§11.8).
    let prompt = prompt.map {
      ["⧉ window \(promptIsDialog ? "dialog" : "prompt") '\($0)' over every screen"]
    }
    return
      ([first]
      + environments.enumerated().dropFirst().map { index, environment in
        // The app's presentation is the app's, above the tab bar (§11.10).
        index == 1 && appPresents
          ? Self.appPresentedLine(environment.style, line(environment.stack))
          : Self.presentedLine(environment.style, depth: index, line(environment.stack))
      } + (prompt ?? [])).joined(separator: "\n")
  }

  // The shapes of the lines a state is drawn with, shared by `description` and a router
  // test's drawing of what a router shows (NavCheckTesting), so both draw a state alike.

  /// The tab bar, every tab's stack in words, the selected one marked: `▸ Inbox › Thread |
  /// Search`.
  package static func tabBar(_ stacks: [String], selectedTab: Int) -> String {
    stacks.enumerated().map { ($0 == selectedTab ? "▸ " : "") + $1 }.joined(separator: " | ")
  }

  /// An environment presented at `depth` above the root (its indentation), its stack in
  /// words: `  ⤷ sheet: AddTodo › Editor`.
  package static func presentedLine(_ style: Style, depth: Int, _ stack: String) -> String {
    String(repeating: "  ", count: depth) + "⤷ \(style.rawValue): " + stack
  }

  /// The app's presentation (SEMANTICS v3 §11.10), above the tabs, its stack in words:
  /// `  ⤷ app presents sheet: Composer`.
  package static func appPresentedLine(_ style: Style, _ stack: String) -> String {
    "  ⤷ app presents \(style.rawValue): " + stack
  }
}
