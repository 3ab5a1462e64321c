/// Shows an alert with buttons; each button's optional action runs after the alert closes.
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

  /// Declares an alert, or a confirmation dialog, and its buttons.
  ///
  /// - Parameter style: `.alert` (the default) or `.confirmationDialog`.
  public init(
    _ name: String, style: AlertStyle = .alert, fileID: String = #fileID,
    filePath: String = #filePath, line: Int = #line,
    @AlertBuilder buttons: () -> [Button] = { [] }
  ) {
    let buttons = buttons()
    transition = Transition(
      .alert(name: name, style: style, buttons: buttons.map(\.button)), fileID, filePath, line)
    transition.buildProblems = buttons.flatMap(\.problems)
  }
}

/// A button of an `Alert`: a label and an optional action.
///
/// Where SwiftUI is imported too, write `NavCheck.Button`.
///
/// ```swift
/// Button("Delete") { DismissStack() }
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

  /// Declares a button whose action the screen performs after the alert closes.
  public init<Node: TransitionNode>(
    _ label: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    action: () -> Node
  ) {
    let node = action()
    let location = SourceLocation(fileID, filePath, line)
    button = AlertButton(label: label, action: node.transition.action, location: location)
    problems = node.transition.buildProblems
    if node.transition.trigger != .user {
      problems.append(
        SpecProblem(
          "the action of button '\(label)' runs when the button is tapped; remove '.async()'",
          location: node.transition.location ?? location))
    }
  }
}
