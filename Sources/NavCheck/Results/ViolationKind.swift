/// The rules a spec can break (SEMANTICS §5 and §6).
///
/// ```swift
/// result.violationCounts[.orphanedCompletion]   // how many (state, event) pairs broke it
/// ```
public enum ViolationKind: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
  /// A sheet or cover requested from a screen that already presents one.
  case duplicatePresentation
  /// An alert requested from a screen that already shows one.
  case duplicateAlert
  /// A show action from a screen the user cannot see (under a push, a modal or an alert).
  case actionFromCoveredScreen
  /// A push in a presented environment that has no navigation stack.
  case pushWithoutNavigation
  /// `Next()` where the screen has no flow or its flow is exhausted.
  case flowExhausted
  /// `DismissEnvironment()` from the root environment.
  case dismissEnvironmentAtRoot
  /// A dismiss that would remove the app root.
  case dismissAtRoot
  /// `PopTo` whose destination is not below the screen in its stack.
  case popTargetMissing
  /// A `Dismiss(D)`, `DismissTo` or `DismissCount` whose target is not there.
  case dismissTargetMissing
  /// A screen with pending work that is not cancelled with it is removed.
  case orphanedCompletion
  /// A custom invariant is broken.
  case invariant
  /// A reachable state from which the user cannot get back to the first screen.
  case trap

  /// The rule in words, for reports.
  public var summary: String {
    switch self {
    case .duplicatePresentation: "one active sheet per router"
    case .duplicateAlert: "one alert at a time"
    case .actionFromCoveredScreen: "no action lands under what the user sees"
    case .pushWithoutNavigation: "push only where there is a navigation stack"
    case .flowExhausted: "a flow's Next has a step to show"
    case .dismissEnvironmentAtRoot: "dismissEnvironment clears a presented environment"
    case .dismissAtRoot: "the app root is never dismissed"
    case .popTargetMissing: "popTo finds its screen"
    case .dismissTargetMissing: "a dismiss finds the screens it was meant to remove"
    case .orphanedCompletion: "no orphan bindings: pending work dies with its screen"
    case .invariant: "the team's invariants hold"
    case .trap: "the user can always get back to the first screen"
    }
  }

  public static func < (a: ViolationKind, b: ViolationKind) -> Bool {
    a.ordinal < b.ordinal
  }
}

extension ViolationKind {
  /// The kind's place in `allCases` (declaration order), without searching: finding keys are
  /// made from it for every violation the explorer meets.
  var ordinal: Int {
    switch self {
    case .duplicatePresentation: 0
    case .duplicateAlert: 1
    case .actionFromCoveredScreen: 2
    case .pushWithoutNavigation: 3
    case .flowExhausted: 4
    case .dismissEnvironmentAtRoot: 5
    case .dismissAtRoot: 6
    case .popTargetMissing: 7
    case .dismissTargetMissing: 8
    case .orphanedCompletion: 9
    case .invariant: 10
    case .trap: 11
    }
  }
}
