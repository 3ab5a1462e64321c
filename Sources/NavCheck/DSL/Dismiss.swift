/// Removes this screen and everything above it; a presented environment's root dismisses the
/// environment. With a destination, removes the nearest such screen at or below this one,
/// across sheets and covers (SwiftfulRouting 6 `dismissScreen(id:)`).
///
/// ```swift
/// Destination("DatePicker") {
///   Dismiss()
///   Dismiss("AddTodo").async()     // the screen AddTodo and all above it
/// }
/// ```
public struct Dismiss: TransitionNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares a dismiss of this screen.
  public init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) {
    transition = Transition(.dismiss(destination: nil), fileID, filePath, line)
  }

  /// Declares a dismiss of the nearest `destination` screen at or below this one.
  public init(
    _ destination: String, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line
  ) {
    transition = Transition(.dismiss(destination: destination), fileID, filePath, line)
  }

  /// Declares a dismiss of the nearest screen named by a `String`-backed enum case.
  public init<Name: RawRepresentable>(
    _ destination: Name, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  ) where Name.RawValue == String {
    self.init(destination.rawValue, fileID: fileID, filePath: filePath, line: line)
  }
}

/// Removes this screen and the `count - 1` screens below it, across sheets and covers, with
/// everything above them (SwiftfulRouting 6 `dismissScreens(count:)`).
///
/// ```swift
/// DismissCount(2)
/// ```
public struct DismissCount: TransitionNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares the transition; `count` must be at least 1.
  public init(
    _ count: Int, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  ) {
    transition = Transition(.dismissCount(count), fileID, filePath, line)
  }
}
