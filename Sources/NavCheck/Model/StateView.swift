/// A read-only view of a router state: what custom invariants see and what traces print.
///
/// ```swift
/// Invariant("no detail under a sheet") { state in
///   !(state.depth > 0 && state.environments[0].stack.last?.destination == "TodoDetail")
/// }
/// Invariant("at most two details") { state in state.count(of: "TodoDetail") <= 2 }
/// ```
public struct StateView: Sendable, Hashable, CustomStringConvertible {
  /// How an environment is shown: the one public presentation style, for views, snapshots
  /// and reports.
  ///
  /// An open kind: NavCheck adds styles as the semantics grows (an overlay modal).
  public struct Style: OpenKind {
    public let rawValue: String
    private init(_ name: String) { rawValue = name }

    /// The app's root environment.
    public static let root = Style("root")
    /// A sheet.
    public static let sheet = Style("sheet")
    /// A full-screen cover.
    public static let fullScreenCover = Style("fullScreenCover")
    /// An overlay modal (SEMANTICS v2 `modal`): no navigation stack.
    public static let modal = Style("modal")

    public static let allCases: [Style] = [root, sheet, fullScreenCover, modal]
  }

  /// One screen.
  public struct Screen: Sendable, Hashable {
    /// The destination it shows.
    public var destination: String
    /// The alert it shows, by name.
    public var alert: String?
    /// Its flow cursor: the flow and the index of the step `Next()` would show.
    public var flow: (name: String, next: Int)?
    /// Its pending async transitions, by label (or `#index` where unlabelled: `#0` is the
    /// destination's first transition), in declaration order.
    public var pending: [String]

    public static func == (a: Screen, b: Screen) -> Bool {
      a.destination == b.destination && a.alert == b.alert && a.flow?.name == b.flow?.name
        && a.flow?.next == b.flow?.next && a.pending == b.pending
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

  /// The chain of environments: the root one first, each presented by the top of the one
  /// before.
  public var environments: [Environment]

  /// The screen that receives the user's taps.
  public var activeScreen: Screen { environments.last!.stack.last! }

  /// Environments presented above the root environment.
  public var depth: Int { environments.count - 1 }

  /// Every screen, in tree pre-order.
  public var screens: [Screen] { environments.flatMap(\.stack) }

  /// The alerts shown, by name.
  public var alerts: [String] { screens.compactMap(\.alert) }

  /// How many screens show `destination`.
  public func count(of destination: String) -> Int {
    environments.reduce(0) { $0 + $1.stack.count { $0.destination == destination } }
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
  /// `TodoList › TodoDetail` then `  ⤷ sheet: AddTodo (pending 'Save')`.
  public var description: String {
    environments.enumerated().map { index, environment in
      let stack = environment.stack.map { screen in
        var text = screen.destination
        var notes: [String] = []
        if let alert = screen.alert { notes.append("alert '\(alert)'") }
        if !screen.pending.isEmpty {
          // Labels in quotes; an unlabelled transition is `#index` as it is.
          let names = screen.pending.map { name in
            name.first == "#" && Int(name.dropFirst()) != nil ? name : "'\(name)'"
          }
          notes.append("pending \(names.joined(separator: ", "))")
        }
        if let flow = screen.flow { notes.append("flow '\(flow.name)' next step \(flow.next + 1)") }
        if !notes.isEmpty { text += " [\(notes.joined(separator: "; "))]" }
        return text
      }.joined(separator: " › ")
      if index == 0 { return stack }
      return String(repeating: "  ", count: index) + "⤷ \(environment.style.rawValue): " + stack
    }.joined(separator: "\n")
  }
}
