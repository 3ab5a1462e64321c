// Toasts (SEMANTICS v3 §11.4): a banner over the screens that blocks nothing, tapped or left to
// go away by itself.

/// Shows a toast in the app's one toast slot, replacing the one shown: a banner that blocks
/// nothing, which the user may tap (it closes, then its actions run from the router `start`
/// names: by default the active screen) or ignore, and which goes away by itself unless
/// `expires` is false. Showing a toast is never covered and goes through no router: in a
/// sequence, the next action is performed from the same screen.
///
/// ```swift
/// Async("Post") {
///   Outcome("posted") {
///     ShowToast("Posted", start: .stack, level: .root) { Push("Status") }
///   }
///   Outcome("failed") { ShowToast("Saved to drafts") }
/// }
/// ```
public struct ShowToast: TransitionNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares a toast that a tap only closes.
  ///
  /// - Parameters:
  ///   - name: The toast's words in traces.
  ///   - level: `.window` (above everything) or `.root` (on the tabs' content, hidden under
  ///     anything presented, where it cannot be tapped).
  ///   - expires: Whether it goes away by itself (a progress toast does not).
  public init(
    _ name: String, level: Toast.Level = .window, expires: Bool = true,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  ) {
    transition = Transition(
      .toast(Toast(name: name, level: level, expires: expires)), fileID, filePath, line)
  }

  /// Declares a toast whose tap, after closing it, performs `actions` in order: the first from
  /// the screen `start` names (as a deep link's: `.active`, `.stack`, `.root`), each next one
  /// from the screen the one before leaves active.
  ///
  /// ```swift
  /// ShowToast("Posted", start: .stack) { Push("Status") }
  /// ```
  public init(
    _ name: String, start: DeepLink.Start = .active, level: Toast.Level = .window,
    expires: Bool = true, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line, @SequenceBuilder actions: () -> [Transition]
  ) {
    self.init(
      name, start: start, tab: nil, level: level, expires: expires, fileID: fileID,
      filePath: filePath, line: line, actions: actions())
  }

  /// Declares a toast whose tap acts on tab `tab`'s router (the top of its stack), selected or
  /// not.
  ///
  /// ```swift
  /// ShowToast("Mentioned", tab: "Notifications") { Push("Status") }
  /// ```
  public init(
    _ name: String, tab: String, level: Toast.Level = .window, expires: Bool = true,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    @SequenceBuilder actions: () -> [Transition]
  ) {
    self.init(
      name, start: .tab, tab: tab, level: level, expires: expires, fileID: fileID,
      filePath: filePath, line: line, actions: actions())
  }

  private init(
    _ name: String, start: DeepLink.Start, tab: String?, level: Toast.Level,
    expires: Bool, fileID: String, filePath: String, line: Int, actions nodes: [Transition]
  ) {
    let (actions, problems) = Transition.sequence(nodes) { transition in
      transition.trigger != .user
        ? "the actions of toast '\(name)' run when it is tapped; remove '.async()'"
        : "the toast's name names its actions; remove '.label(_:)' from the actions of toast '\(name)'"
    }
    transition = Transition(
      .toast(
        Toast(
          name: name, start: start, tab: tab, level: level, expires: expires, actions: actions)),
      fileID, filePath, line)
    let location = transition.location
    transition.buildProblems += problems.map { problem in
      var problem = problem
      if problem.location == nil { problem.location = location }
      return problem
    }
  }
}

/// Removes the toast shown, if any (`ToastCenter.dismiss()`: a progress toast closed when its
/// work ends). In a sequence, the next action is performed from the same screen.
///
/// ```swift
/// Outcome("cancelled") { DismissToast() }
/// ```
public struct DismissToast: TransitionNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares the action.
  public init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) {
    transition = Transition(.dismissToast, fileID, filePath, line)
  }
}
