// Broadcasts (SEMANTICS v3 §11.7): one event handled by every live observer, declared beside
// the deep links.

/// An observer of a `Broadcast`, as the DSL writes it: `Observer("Item") { Dismiss() }`.
public typealias Observer = Broadcast.Observer

extension Broadcast {
  /// Declares a broadcast: when it arrives, every live screen of each observer's destination
  /// performs that observer's actions, in tree pre-order (a screen an earlier observer removed
  /// is skipped).
  ///
  /// ```swift
  /// Broadcast("deleted") {
  ///   Observer("Item") { Dismiss() }
  ///   Observer("Editor") { Dismiss() }
  /// }
  /// Broadcast("openURL") {
  ///   Observer("Timeline", actsOn: .stack) { Push("Status") }
  ///   Observer("Notifications", actsOn: .stack) { Push("Status") }
  /// }
  /// ```
  ///
  /// - Parameter name: its name, unique among the spec's broadcasts.
  public init(
    _ name: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    @ObserverBuilder _ observers: () -> [Observer]
  ) {
    self.init(
      name: name, observers: observers(), location: SourceLocation(fileID, filePath, line))
  }

  /// Declares a broadcast named by a `String`-backed enum case.
  ///
  /// ```swift
  /// Broadcast(Event.deleted) { Observer("Item") { Dismiss() } }
  /// ```
  public init<Name: RawRepresentable>(
    _ name: Name, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    @ObserverBuilder _ observers: () -> [Observer]
  ) where Name.RawValue == String {
    self.init(name.rawValue, fileID: fileID, filePath: filePath, line: line, observers)
  }

  /// Lets the broadcast arrive only while the flag is true (elsewhere it is no event).
  ///
  /// ```swift
  /// Broadcast("deleted") { Observer("Item") { Dismiss() } }.when("loggedIn")
  /// ```
  ///
  /// A broadcast has one `.when` guard; a second one replaces it, and validation reports that.
  public func when(_ flag: String) -> Broadcast {
    var copy = self
    copy.setGuard(\.when, flag, "when")
    return copy
  }

  /// Lets the broadcast arrive only while the flag is false.
  ///
  /// ```swift
  /// Broadcast("signedOut") { Observer("Profile") { Dismiss() } }.unless("loggedIn")
  /// ```
  ///
  /// A broadcast has one `.unless` guard; a second one replaces it, and validation reports
  /// that.
  public func unless(_ flag: String) -> Broadcast {
    var copy = self
    copy.setGuard(\.unless, flag, "unless")
    return copy
  }

  /// A broadcast has no screen of its own, so it cannot wait for a screen's async work.
  @available(
    *, unavailable,
    message:
      "a broadcast has no screen of its own, so it waits for no async work: use .when(_:) or .unless(_:)"
  )
  public func unlessPending(_ label: String) -> Broadcast {
    var copy = self
    copy.guards.unlessPending = label
    return copy
  }

  private mutating func setGuard(
    _ key: WritableKeyPath<Guards, String?>, _ value: String, _ modifier: String
  ) {
    if let problem = guards.set(key, value, modifier, what: "broadcast '\(name)'", at: location) {
      buildProblems.append(problem)
    }
  }
}

extension Broadcast.Observer {
  /// Declares what every live screen of `destination` does when the broadcast arrives: its
  /// actions, the first performed from that screen (`.screen`, the default) or from the top
  /// of its stack (`.stack`: the tab's or the environment's router).
  ///
  /// ```swift
  /// Observer("Item") { Dismiss() }
  /// Observer("Timeline", actsOn: .stack) { Push("Status") }
  /// ```
  public init(
    _ destination: String, actsOn: ActsOn = .screen, fileID: String = #fileID,
    filePath: String = #filePath, line: Int = #line,
    @SequenceBuilder _ actions: () -> [Transition]
  ) {
    let (sequence, problems) = Transition.sequence(actions()) { _ in
      "an observer's actions run when its broadcast arrives; remove '.async()' or '.label(_:)' from them"
    }
    self.init(
      destination: destination, actsOn: actsOn, actions: sequence,
      location: SourceLocation(fileID, filePath, line))
    buildProblems = problems
  }

  /// Declares an observer whose destination is named by a `String`-backed enum case.
  ///
  /// ```swift
  /// Observer(Screen.item) { Dismiss() }
  /// ```
  public init<Name: RawRepresentable>(
    _ destination: Name, actsOn: ActsOn = .screen, fileID: String = #fileID,
    filePath: String = #filePath, line: Int = #line,
    @SequenceBuilder _ actions: () -> [Transition]
  ) where Name.RawValue == String {
    self.init(
      destination.rawValue, actsOn: actsOn, fileID: fileID, filePath: filePath, line: line,
      actions)
  }
}

/// Builds the observers of a `Broadcast`.
///
/// ```swift
/// Broadcast("deleted") {
///   Observer("Item") { Dismiss() }
///   Observer("Editor") { Dismiss() }
/// }
/// ```
@resultBuilder
public enum ObserverBuilder {
  public static func buildExpression(_ observer: Observer) -> [Observer] { [observer] }
  public static func buildExpression(_ observers: [Observer]) -> [Observer] { observers }
  public static func buildBlock(_ parts: [Observer]...) -> [Observer] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [Observer]?) -> [Observer] { part ?? [] }
  public static func buildEither(first part: [Observer]) -> [Observer] { part }
  public static func buildEither(second part: [Observer]) -> [Observer] { part }
  public static func buildArray(_ parts: [[Observer]]) -> [Observer] { parts.flatMap { $0 } }

  @available(
    *, unavailable,
    message: "an action of a broadcast belongs in an Observer: Observer(\"Item\") { Dismiss() }"
  )
  public static func buildExpression<Node: TransitionNode>(_ node: Node) -> [Observer] { [] }
}
