// Flags (SEMANTICS §1): app state that navigation depends on. A spec declares each with
// `Flag`, beside its destinations; `SetFlag` sets one, guards (`.when`, `.unless`) read them.

extension Flag {
  /// Declares a flag: app state that navigation depends on (`loggedIn`, `hasDraft`), false in
  /// the first state unless `initially` says otherwise. Declare it at the top of the spec,
  /// beside the destinations; set it with `SetFlag` and read it with `.when(_:)` and
  /// `.unless(_:)`.
  ///
  /// ```swift
  /// let mail = NavigationSpec("Mail", root: "SignIn") {
  ///   Flag("loggedIn", initially: false)
  ///   Flag("hasDraft")                          // initially false
  ///   Destination("SignIn") { SetFlag("loggedIn", true) }
  /// }
  /// ```
  ///
  /// - Parameter initially: Its value in the first state.
  public init(
    _ name: String, initially: Bool = false, fileID: String = #fileID,
    filePath: String = #filePath, line: Int = #line
  ) {
    self.init(name: name, initially: initially, location: SourceLocation(fileID, filePath, line))
  }

  /// Declares a flag named by a `String`-backed enum case.
  ///
  /// ```swift
  /// enum AppFlag: String { case loggedIn, hasDraft }
  /// Flag(AppFlag.loggedIn, initially: true)
  /// ```
  public init<Name: RawRepresentable>(
    _ name: Name, initially: Bool = false, fileID: String = #fileID,
    filePath: String = #filePath, line: Int = #line
  ) where Name.RawValue == String {
    self.init(
      name.rawValue, initially: initially, fileID: fileID, filePath: filePath, line: line)
  }
}

/// Sets a flag to a value: app state changes, navigation does not. It goes through no router
/// and never violates; in a sequence, the action after it acts from the same screen. Use it
/// wherever actions go: a destination's body, `Actions { … }`, a `Button`, an `Outcome`, an
/// `.onDismiss { … }`, a `DeepLink`.
///
/// ```swift
/// Destination("Settings") {
///   Actions { SetFlag("loggedIn", false); ShowModule("SignedOut") }.label("Sign out")
/// }
/// Async("Sign in") { Outcome("ok") { SetFlag("loggedIn", true); ShowModule("Main") } }
/// ```
public struct SetFlag: TransitionNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares the action, naming the flag by its string name.
  ///
  /// ```swift
  /// SetFlag("hasDraft", true)
  /// ```
  public init(
    _ flag: String, _ value: Bool, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line
  ) {
    transition = Transition(.setFlag(flag: flag, value: value), fileID, filePath, line)
  }

  /// Declares the action, naming the flag by a `String`-backed enum case.
  ///
  /// ```swift
  /// SetFlag(AppFlag.loggedIn, false)
  /// ```
  public init<Name: RawRepresentable>(
    _ flag: Name, _ value: Bool, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line
  ) where Name.RawValue == String {
    self.init(flag.rawValue, value, fileID: fileID, filePath: filePath, line: line)
  }

  /// `SetFlag("name")` without a value is a compile-time error: say which.
  @available(
    *, unavailable,
    message:
      "SetFlag needs the value it sets: SetFlag(\"loggedIn\", true) or SetFlag(\"loggedIn\", false)"
  )
  public init(
    _ flag: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  ) {
    self.init(flag, true, fileID: fileID, filePath: filePath, line: line)
  }
}
