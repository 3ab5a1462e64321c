/// The phrases an event is put into words with, each worded once. An event has two wordings,
/// each with its one owner: a trace's sentence (`RouterModel.describe`: `Home: tap 'Add' →
/// sheet Add`, `user swipes back from Detail`), in an action's trace words (`Action.words`),
/// and a router step's description (`NavigationEvent.description`: `sheet Add 'Add'`,
/// `swipe back`), in an action's declaration words (`Action.declarationWords`). A gesture's two
/// wordings are its descriptor's (`EventReference.Gesture`); the phrases both wordings share
/// are here.
enum EventWords {
  /// A tap on an alert's button: `alert 'Delete', tap 'OK'` (`kind`: `alert` or `dialog`).
  static func alertButton(_ kind: String, alert: String, button: String) -> String {
    "\(kind) '\(alert)', tap '\(button)'"
  }

  /// Async work starts: `async 'Save' starts`.
  static func asyncStarts(_ name: String) -> String { "async \(name) starts" }

  /// Async work completes, with its outcome where it declares outcomes:
  /// `async 'Save' completes: failed`.
  static func asyncCompletes(_ name: String, outcome: String? = nil) -> String {
    "async \(name) completes" + (outcome.map { ": \($0)" } ?? "")
  }

  /// A tap on a tab bar item that acts instead of selecting (§11.5): `user taps tab item
  /// 'Post'`.
  static func tabButton(_ name: String) -> String { "user taps tab item '\(name)'" }
  /// The launch of a spec with onAppear (SEMANTICS v3 §11.11), as a trace step.
  static let launch = "the app launches"

  /// A broadcast (§11.7): `broadcast 'deleted'`.
  static func broadcast(_ name: String) -> String { "broadcast '\(name)'" }

  /// A deep link: `deep link 'open'`.
  static func deepLink(_ name: String) -> String { "deep link '\(name)'" }

  /// The user taps a toast: `user taps toast 'Posted'` (§11.4).
  static func tapToast(_ name: String) -> String { "user taps toast '\(name)'" }

  /// A toast goes away by itself: `toast 'Posted' goes away`.
  static func toastExpires(_ name: String) -> String { "toast '\(name)' goes away" }

  /// Where a toast's tap acts, where that is not the active screen (its default):
  /// ` (on the selected stack's top)`.
  static func toastStart(_ start: DeepLink.Start, tab: String?) -> String {
    switch start {
    case .active: ""
    case .root: " (from the app root)"
    case .stack: " (on the selected stack's top)"
    case .tab: " (on tab '\(tab ?? "")')"
    }
  }
}
