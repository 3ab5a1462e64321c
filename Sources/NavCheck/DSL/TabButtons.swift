// Tab bar items that act instead of selecting (SEMANTICS v3 §11.5), declared where the tabs
// are: in the body of `NavigationSpec(_:tabs:_:)`, or of a `Module` with tabs.

extension TabButton {
  /// Declares a tab bar item that performs its actions instead of selecting a tab: IceCubesApp's
  /// "Post" item presents the status editor. Tapped where the tab bar is in view, its actions
  /// are performed from the top screen of the selected tab's stack.
  ///
  /// ```swift
  /// NavigationSpec("Mastodon", tabs: ["Timeline", "Notifications"]) {
  ///   TabButton("Post") { Sheet("Composer") }
  ///   Destination("Timeline")
  ///   Destination("Notifications")
  ///   Destination("Composer") { DismissEnvironment().label("Cancel") }
  /// }
  /// ```
  ///
  /// - Parameter name: the item's name, unique among its module's tab buttons; an identifier.
  public init(
    _ name: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    @SequenceBuilder _ actions: () -> [Transition]
  ) {
    let (sequence, problems) = Transition.sequence(actions()) { _ in
      "a tab button's actions run when it is tapped; remove '.async()' or '.label(_:)' from them"
    }
    self.init(
      name: name, actions: sequence, location: SourceLocation(fileID, filePath, line))
    buildProblems = problems
  }

  /// Declares a tab button named by a `String`-backed enum case.
  ///
  /// ```swift
  /// TabButton(Item.post) { Sheet("Composer") }
  /// ```
  public init<Name: RawRepresentable>(
    _ name: Name, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    @SequenceBuilder _ actions: () -> [Transition]
  ) where Name.RawValue == String {
    self.init(name.rawValue, fileID: fileID, filePath: filePath, line: line, actions)
  }

  /// Shows the item only while the flag is true (elsewhere it is no event).
  ///
  /// ```swift
  /// TabButton("Post") { Sheet("Composer") }.when("loggedIn")
  /// ```
  ///
  /// A tab button has one `.when` guard; a second one replaces it, and validation reports that.
  public func when(_ flag: String) -> TabButton {
    var copy = self
    copy.setGuard(\.when, flag, "when")
    return copy
  }

  /// Shows the item only while the flag, named by a `String`-backed enum case, is true.
  ///
  /// ```swift
  /// TabButton("Post") { Sheet("Composer") }.when(AppFlag.loggedIn)
  /// ```
  public func when<Name: RawRepresentable>(_ flag: Name) -> TabButton
  where Name.RawValue == String {
    when(flag.rawValue)
  }

  /// Shows the item only while the flag is false.
  ///
  /// ```swift
  /// TabButton("SignIn") { Sheet("SignIn") }.unless("loggedIn")
  /// ```
  ///
  /// A tab button has one `.unless` guard; a second one replaces it, and validation reports
  /// that.
  public func unless(_ flag: String) -> TabButton {
    var copy = self
    copy.setGuard(\.unless, flag, "unless")
    return copy
  }

  /// Shows the item only while the flag, named by a `String`-backed enum case, is false.
  ///
  /// ```swift
  /// TabButton("SignIn") { Sheet("SignIn") }.unless(AppFlag.loggedIn)
  /// ```
  public func unless<Name: RawRepresentable>(_ flag: Name) -> TabButton
  where Name.RawValue == String {
    unless(flag.rawValue)
  }

  /// A tab button has no screen of its own, so it cannot wait for a screen's async work.
  @available(
    *, unavailable,
    message:
      "a tab button has no screen of its own, so it waits for no async work: use .when(_:) or .unless(_:)"
  )
  public func unlessPending(_ label: String) -> TabButton {
    var copy = self
    copy.guards.unlessPending = label
    return copy
  }

  private mutating func setGuard(
    _ key: WritableKeyPath<Guards, String?>, _ value: String, _ modifier: String
  ) {
    if let problem = guards.set(key, value, modifier, what: "tab button '\(name)'", at: location) {
      buildProblems.append(problem)
    }
  }
}

extension Module {
  /// Declares a module with tabs and the tab bar items that act instead of selecting
  /// (SEMANTICS v3 §11.5).
  ///
  /// ```swift
  /// Module("Main", tabs: ["Timeline", "Notifications"]) {
  ///   TabButton("Post") { Sheet("Composer") }
  /// }
  /// ```
  public init(
    _ name: String, tabs: [String], fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line, @TabButtonBuilder tabButtons: () -> [TabButton]
  ) {
    self.init(name: name, tabs: tabs, location: SourceLocation(fileID, filePath, line))
    self.tabButtons = tabButtons()
  }
}

/// Builds the tab buttons of a `Module` with tabs.
///
/// ```swift
/// Module("Main", tabs: ["Timeline", "Notifications"]) {
///   TabButton("Post") { Sheet("Composer") }
///   TabButton("Search") { Sheet("Search") }
/// }
/// ```
@resultBuilder
public enum TabButtonBuilder {
  public static func buildExpression(_ button: TabButton) -> [TabButton] { [button] }
  public static func buildExpression(_ buttons: [TabButton]) -> [TabButton] { buttons }
  public static func buildBlock(_ parts: [TabButton]...) -> [TabButton] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [TabButton]?) -> [TabButton] { part ?? [] }
  public static func buildEither(first part: [TabButton]) -> [TabButton] { part }
  public static func buildEither(second part: [TabButton]) -> [TabButton] { part }
  public static func buildArray(_ parts: [[TabButton]]) -> [TabButton] { parts.flatMap { $0 } }

  @available(
    *, unavailable,
    message:
      "a module's body holds its tab buttons: write TabButton(\"Post\") { Sheet(\"Composer\") }; destinations are declared at the top of the spec"
  )
  public static func buildExpression(_ destination: Destination) -> [TabButton] { [] }

  @available(
    *, unavailable,
    message:
      "an action of a tab bar item belongs in a TabButton: TabButton(\"Post\") { Sheet(\"Composer\") }"
  )
  public static func buildExpression<Node: TransitionNode>(_ node: Node) -> [TabButton] { [] }

  @available(
    *, unavailable,
    message: "a bare string is not a tab button: write TabButton(\"Name\") { … }"
  )
  public static func buildExpression(_ name: String) -> [TabButton] { [] }
}
