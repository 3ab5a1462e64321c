/// A DSL noun that declares a transition (`Push`, `Sheet`, `DismissEnvironment`, …).
///
/// Every noun records where it was written and takes the same modifiers: `.async(…)`,
/// `.label(_:)`, the guards `.when(_:)`, `.unless(_:)` and `.unlessPending(_:)`, and `.actsOn(_:)`
/// for async work:
///
/// ```swift
/// Destination("AddTodo") {
///   DismissEnvironment().async().label("Save")
///   Dismiss().async(cancelsOnDismiss: true)
///   Dismiss().label("Discard").unlessPending("Save")
///   Push("Tips").when("firstLaunch")
/// }
/// ```
public protocol TransitionNode: Sendable {
  /// The transition this noun declares.
  var transition: Transition { get set }
}

extension TransitionNode {
  /// Makes the transition asynchronous: it *starts* on the active screen and *completes* later,
  /// wherever its screen is then (a network save, a timer).
  ///
  /// ```swift
  /// DismissEnvironment().async().label("Save")           // completes even after a swipe-down
  /// Dismiss().async(cancelsOnDismiss: true)              // cancelled with its screen (`.task`)
  /// ```
  ///
  /// - Parameter cancelsOnDismiss: Whether the work is cancelled when its screen is removed.
  public func async(cancelsOnDismiss: Bool = false) -> Self {
    var copy = self
    copy.transition.trigger = .async(cancelsOnDismiss: cancelsOnDismiss)
    return copy
  }

  /// Makes the transition async work that a tap starts, or (`tap: false`) that only
  /// `StartWork` actions start (SEMANTICS v3 §11.2; `Work(label) { … }` for work with outcomes).
  ///
  /// ```swift
  /// DismissEnvironment().async(tap: false).label("Sign in")   // StartWork("Sign in") starts it
  /// ```
  ///
  /// - Parameters:
  ///   - cancelsOnDismiss: Whether the work is cancelled when its screen is removed.
  ///   - tap: Whether a tap starts it.
  public func async(cancelsOnDismiss: Bool = false, tap: Bool) -> Self {
    var copy = self.async(cancelsOnDismiss: cancelsOnDismiss)
    copy.transition.isStartedByTap = tap
    return copy
  }

  /// Names the transition: traces say "tap 'Add'", and a replay step can name it by this label.
  ///
  /// ```swift
  /// Sheet("AddTodo").label("Add")
  /// ```
  public func label(_ label: String) -> Self {
    var copy = self
    copy.transition.label = label
    return copy
  }
}

extension SourceLocation {
  /// The location of a DSL call site.
  init(_ fileID: String, _ filePath: String, _ line: Int) {
    self.init(fileID: fileID, filePath: filePath, line: line)
  }
}

extension Transition {
  /// A user transition declared at a DSL call site.
  init(_ action: Action, _ fileID: String, _ filePath: String, _ line: Int) {
    self.init(action: action, location: SourceLocation(fileID, filePath, line))
  }
}
