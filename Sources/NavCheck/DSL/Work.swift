// Work that no tap starts, and the actions that start and cancel work (SEMANTICS v3 §11.2):
// a dialog's button that signs in, an outcome that starts the next request, a Cancel that
// cancels the request in flight.

/// Async work that no tap starts: only `StartWork` actions do (a dialog's button, an outcome of
/// another request, a deep link). Otherwise it is `Async`: its outcomes, `.actsOn(_:)`,
/// `cancelsOnDismiss`; guards have nothing to guard on it.
///
/// ```swift
/// Destination("AddAccount") {
///   Alert("DuplicateAccount") {
///     Button("Replace") { StartWork("Sign in") }
///     Button("Cancel")
///   }
///   Work("Sign in") {
///     Outcome("ok") { DismissEnvironment() }
///     Outcome("failed") { Alert("SignInFailed") }
///   }
/// }
/// ```
public struct Work: TransitionNode {
  /// The transition this noun declares: async, not started by a tap, with `outcomes`.
  public var transition: Transition

  /// Declares work that only `StartWork` starts, and its outcomes.
  ///
  /// ```swift
  /// Work("Sync", actsOn: .app) { Outcome("done") {}; Outcome("failed") { Alert("SyncFailed") } }
  /// ```
  ///
  /// - Parameters:
  ///   - label: The work's name, which `StartWork` and `CancelWork` use.
  ///   - cancelsOnDismiss: Whether the work is cancelled when the screen that started it is
  ///     removed (SwiftUI's `.task`).
  ///   - actsOn: The router its outcomes act through.
  public init(
    _ label: String, cancelsOnDismiss: Bool = false, actsOn: ActsOn = .screen,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    @OutcomeBuilder _ outcomes: () -> [Outcome]
  ) {
    let work = Async(
      label, cancelsOnDismiss: cancelsOnDismiss, actsOn: actsOn, fileID: fileID,
      filePath: filePath, line: line, outcomes)
    transition = work.transition
    transition.isStartedByTap = false
  }
}

/// Starts async work from the screen that performs it, as its tap would: an entry in the work's
/// holder (nothing happens where it is already pending). The work is the one labelled `label`
/// of the destination that declares this action, or of `destination`. In a sequence, the next
/// action is performed from the same screen.
///
/// ```swift
/// Alert("Replace account?") { Button("Replace") { StartWork("Sign in") }; Button("Cancel") }
/// Async("Load") { Outcome("loaded") { StartWork("Load comments") }; Outcome("failed") }
/// ```
public struct StartWork: TransitionNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares the action.
  ///
  /// - Parameters:
  ///   - label: The async work's label.
  ///   - destination: The destination that declares the work, where not the one that declares
  ///     this action (required in a deep link).
  public init(
    _ label: String, of destination: String? = nil, fileID: String = #fileID,
    filePath: String = #filePath, line: Int = #line
  ) {
    transition = Transition(
      .startWork(work: label, destination: destination), fileID, filePath, line)
  }
}

/// Cancels async work held for the screen that performs it, if it is pending: it will not
/// complete (a Cancel button that cancels the sign-in task, then closes the sheet). In a
/// sequence, the next action is performed from the same screen.
///
/// ```swift
/// Actions { CancelWork("Sign in"); DismissEnvironment() }.label("Cancel")
/// ```
public struct CancelWork: TransitionNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares the action.
  ///
  /// - Parameters:
  ///   - label: The async work's label.
  ///   - destination: The destination that declares the work, where not the one that declares
  ///     this action (required in a deep link).
  public init(
    _ label: String, of destination: String? = nil, fileID: String = #fileID,
    filePath: String = #filePath, line: Int = #line
  ) {
    transition = Transition(
      .cancelWork(work: label, destination: destination), fileID, filePath, line)
  }
}
