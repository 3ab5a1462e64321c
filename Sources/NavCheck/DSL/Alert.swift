/// Shows an alert with buttons; each button's actions run, in order, after the alert closes.
/// No buttons means one "OK" that only closes it. With `style: .confirmationDialog` it is a
/// confirmation dialog, which a tap outside also closes, with no action.
///
/// Where SwiftUI is imported too, write `NavCheck.Alert` and `NavCheck.Button`.
///
/// ```swift
/// Alert("DeleteAll") {
///   Button("Delete") { DismissStack() }
///   Button("Cancel")
/// }
/// Alert("Delete?", style: .confirmationDialog) {
///   Button("Delete") { Dismiss() }
///   Button("Cancel")
/// }
/// ```
public struct Alert: TransitionNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares an alert, or a confirmation dialog, and its buttons; at `level: .window`, a
  /// window prompt (SEMANTICS v3 §11.8): shown by the app above every screen and sheet, which it
  /// covers until a button closes it, each button acting from the active screen.
  ///
  /// ```swift
  /// Alert("PIN", level: .window) {
  ///   Button("Done") { StartWork("Finish sign in", of: "SignIn") }
  ///   Button("Cancel")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - style: `.alert` (the default) or `.confirmationDialog`.
  ///   - level: `.screen` (the default: the performing screen shows it) or `.window`.
  public init(
    _ name: String, style: AlertStyle = .alert, level: AlertLevel = .screen,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    @AlertBuilder buttons: () -> [Button] = { [] }
  ) {
    let buttons = buttons()
    let declared = buttons.map(\.button)
    transition = Transition(
      level == .window
        ? .windowAlert(name: name, style: style, buttons: declared)
        : .alert(name: name, style: style, buttons: declared), fileID, filePath, line)
    transition.buildProblems = buttons.flatMap(\.problems)
  }
}

/// A button of an `Alert`: a label and the actions the screen performs, in order, after the
/// alert closes (none: the button only closes it).
///
/// Where SwiftUI is imported too, write `NavCheck.Button`.
///
/// ```swift
/// Button("Delete") { DismissStack() }
/// Button("Sign out") { ShowModule("SignedOut"); Push("Welcome") }
/// Button("Cancel")
/// ```
public struct Button: Sendable {
  /// The button this noun declares.
  public var button: AlertButton
  var problems: [SpecProblem] = []

  /// Declares a button that only closes the alert.
  public init(
    _ label: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  ) {
    button = AlertButton(label: label, location: SourceLocation(fileID, filePath, line))
  }

  /// Declares a button whose actions the screen performs, in order, after the alert closes:
  /// the first from the screen that showed the alert, each next one from the screen the one
  /// before leaves active.
  ///
  /// ```swift
  /// Button("Sign out") {
  ///   ShowModule("SignedOut")
  ///   Push("Welcome")
  /// }
  /// ```
  public init(
    _ label: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    @SequenceBuilder action: () -> [Transition]
  ) {
    let location = SourceLocation(fileID, filePath, line)
    let (actions, problems) = Transition.sequence(action()) { transition in
      transition.trigger != .user
        ? "the action of button '\(label)' runs when the button is tapped; remove '.async()'"
        : "the button's label names its actions; remove '.label(_:)' from the actions of button '\(label)'"
    }
    button = AlertButton(label: label, actions: actions, location: location)
    self.problems = problems.map { problem in
      var problem = problem
      if problem.location == nil { problem.location = location }
      return problem
    }
  }
}
