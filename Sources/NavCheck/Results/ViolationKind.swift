/// A rule a spec can break (SEMANTICS §5 and §6), with everything a report says of it: its
/// name, its summary, its message and a hint to fix it (its row of the rules' table at the end
/// of this file). A report numbers the rules by their order (SARIF's `NAV001` is the first):
/// a new rule goes at the end.
///
/// Kinds are values, not cases: NavCheck adds rules as the semantics grows, and code that
/// reads a kind (`kind.summary`, `kind == .trap`) keeps compiling. A `switch` over kinds needs
/// a `default:`.
///
/// ```swift
/// result.violationCounts[.orphanedCompletion]   // how many (state, event) pairs broke it
/// ViolationKind.allCases.map(\.rawValue)         // ["duplicatePresentation", …, "trap"]
/// ```
public struct ViolationKind: OpenKind, Comparable {
  /// Its place in `allCases` and in the rules' table: finding keys are made from it, reports
  /// sort by it.
  var ordinal: Int { Int(index) }
  /// The ordinal in a byte: a kind, and an outcome holding one, stay as small as an enum's.
  private let index: UInt8

  private init(_ ordinal: Int) { index = UInt8(ordinal) }

  private var rule: Rule { rules[ordinal] }

  /// The rule's name: its key in JSON counts and its SARIF rule name.
  public var rawValue: String { rule.name }
  /// The rule in words, for reports.
  public var summary: String { rule.summary }
  /// How a violation of the rule is usually fixed, unchecked: SARIF's rule `help` (a finding's
  /// own fixes are checked: `NavigationSpec.suggestingFixes`).
  public var help: String { rule.help }
  /// For a rule broken by a state (not by an event), the line a trace shows under it.
  var stateMark: String? { rule.stateMark }

  /// The kind named `rawValue`, if NavCheck has one.
  public init?(rawValue: String) {
    guard let ordinal = rules.firstIndex(where: { $0.name == rawValue }) else { return nil }
    index = UInt8(ordinal)
  }

  /// The message of a violation: `event` is the event in words, `title` the declaration's (for
  /// a trap, the app root's name); `callback` where that declaration is an onDismiss, which a
  /// rule may word apart.
  func message(event: String, title: String, callback: Bool = false) -> String {
    if callback, let words = rule.callbackWords { return words(event, title) }
    return rule.words(event, title)
  }

  public static func < (a: ViolationKind, b: ViolationKind) -> Bool { a.ordinal < b.ordinal }
  public static func == (a: ViolationKind, b: ViolationKind) -> Bool { a.index == b.index }
  public func hash(into hasher: inout Hasher) { hasher.combine(index) }

  // MARK: - The rules

  /// A sheet or cover requested from a screen that already presents one.
  public static let duplicatePresentation = ViolationKind(0)
  /// An alert requested from a screen that already shows one.
  public static let duplicateAlert = ViolationKind(1)
  /// A show action from a screen the user cannot see (under a push, a modal or an alert).
  public static let actionFromCoveredScreen = ViolationKind(2)
  /// A push in a presented environment that has no navigation stack.
  public static let pushWithoutNavigation = ViolationKind(3)
  /// `Next()` where the screen has no flow or its flow is exhausted.
  public static let flowExhausted = ViolationKind(4)
  /// `DismissEnvironment()` from the root environment.
  public static let dismissEnvironmentAtRoot = ViolationKind(5)
  /// A dismiss that would remove the app root.
  public static let dismissAtRoot = ViolationKind(6)
  /// `PopTo` whose destination is not below the screen in its stack.
  public static let popTargetMissing = ViolationKind(7)
  /// A `Dismiss(D)`, `DismissTo` or `DismissCount` whose target is not there.
  public static let dismissTargetMissing = ViolationKind(8)
  /// A screen with pending work that is not cancelled with it is removed.
  public static let orphanedCompletion = ViolationKind(9)
  /// A custom invariant is broken.
  public static let invariant = ViolationKind(10)
  /// A reachable state from which the user cannot get back to the first screen.
  public static let trap = ViolationKind(11)
  /// `SelectTab` names a tab the current module does not have (SEMANTICS §5).
  public static let tabMissing = ViolationKind(12)

  /// Every rule, in order.
  public static let allCases: [ViolationKind] = [
    duplicatePresentation, duplicateAlert, actionFromCoveredScreen, pushWithoutNavigation,
    flowExhausted, dismissEnvironmentAtRoot, dismissAtRoot, popTargetMissing,
    dismissTargetMissing, orphanedCompletion, invariant, trap, tabMissing,
  ]
}

/// Everything a report says of a rule: its name, summary, help, state mark and
/// message. The table is in `ViolationKind.allCases` order; a kind is its index here, so it is
/// a plain value the semantics returns without reference counting.
private struct Rule: Sendable {
  let name: String
  let summary: String
  let help: String
  let stateMark: String?
  let words: @Sendable (_ event: String, _ title: String) -> String
  /// The message where the declaration is an onDismiss callback, where it differs.
  let callbackWords: (@Sendable (_ event: String, _ title: String) -> String)?

  init(
    _ name: String, summary: String, help: String, stateMark: String? = nil,
    callbackWords: (@Sendable (String, String) -> String)? = nil,
    words: @escaping @Sendable (String, String) -> String
  ) {
    self.name = name
    self.summary = summary
    self.help = help
    self.stateMark = stateMark
    self.callbackWords = callbackWords
    self.words = words
  }
}

private let rules: [Rule] = [
  Rule(
    "duplicatePresentation", summary: "one active sheet per router",
    help:
      "present from the screen the user sees, or dismiss the current sheet or cover first"
  ) { event, _ in
    "\(event): the screen already presents a sheet or cover and a second one is requested (one active sheet per router)"
  },
  Rule(
    "duplicateAlert", summary: "one alert at a time",
    help: "close the alert first, or show the second alert from one of its buttons"
  ) { event, _ in "\(event): the screen already shows an alert and a second one is requested" },
  Rule(
    "actionFromCoveredScreen",
    summary: "no action lands under what the user sees",
    help:
      "cancel the work when its screen is covered or removed (cancelsOnDismiss), or dismiss what covers the screen first"
  ) { event, _ in
    "\(event): the screen it acts from is covered, so what it shows would land under what the user sees"
  },
  Rule(
    "pushWithoutNavigation",
    summary: "push only where there is a navigation stack",
    help: "give the presented destination a navigation stack (navigation: true), or present instead"
  ) { event, _ in
    "\(event): the presented environment has no navigation stack (its root destination has navigation: false)"
  },
  Rule(
    "flowExhausted", summary: "a flow's Next has a step to show",
    help: "use NextOrDismissEnvironment() on the flow's last screen, or add a step"
  ) { event, _ in "\(event): the screen's flow has no next step" },
  Rule(
    "dismissEnvironmentAtRoot",
    summary: "dismissEnvironment clears a presented environment",
    help:
      "use Dismiss() or PopTo(...) in the root environment; dismissEnvironment closes a sheet or cover"
  ) { event, _ in
    "\(event): the screen is in the root environment, so nothing is dismissed and the screens pushed there stay"
  },
  Rule(
    "dismissAtRoot", summary: "the app root is never dismissed",
    help: "only dismiss screens above the app root, or make the action unreachable from it"
  ) { event, _ in "\(event): it would dismiss the app root" },
  Rule(
    "popTargetMissing", summary: "popTo finds its screen",
    help: "pop to a screen that is always below it in its stack, or use DismissTo across sheets"
  ) { event, _ in "\(event): there is no such screen below it in its stack" },
  Rule(
    "dismissTargetMissing",
    summary: "a dismiss finds the screens it was meant to remove",
    help: "name a screen that is always there, or dismiss fewer screens"
  ) { event, _ in "\(event): the screens it was meant to remove are not there" },
  Rule(
    "orphanedCompletion",
    summary: "no orphan bindings: pending work dies with its screen",
    help:
      "cancel the work with its screen (cancelsOnDismiss: true), or keep the screen from being removed while it is pending",
    callbackWords: { event, title in
      "\(event): \(title) runs when its screen is removed, but the screen it acts from is gone by then; its actions would go through a router whose screen is gone"
    }
  ) { event, title in
    "\(event): it removes a screen while \(title) is still pending and not cancelled with it; the completion will act through a router whose screen is gone"
  },
  Rule(
    "invariant", summary: "the team's invariants hold",
    help: "change the transitions that reach the state, or the invariant",
    stateMark: "✗ this state breaks the invariant"
  ) { _, title in "the state breaks \(title)" },
  Rule(
    "trap", summary: "the user can always get back to the first screen",
    help: "give the screens a way back: a dismiss, swipe to dismiss, or a button that closes them",
    stateMark: "✗ trap: stuck here; nothing but a deep link leads back home"
  ) { _, title in
    "the user is stuck: from this state no tap, swipe or completion leads back to \(title) alone"
  },
  Rule(
    "tabMissing", summary: "selectTab names a tab of the current module",
    help:
      "select tabs only in a module that has them (after ShowModule), or add the tab to the module"
  ) { event, _ in "\(event): the current module has no such tab" },
]
