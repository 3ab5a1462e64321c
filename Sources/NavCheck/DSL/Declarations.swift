// The builder initializers of the model types: how people write a spec.

extension NavigationSpec {
  /// Declares a spec: its name, its root destination and a body of destinations, flows, deep
  /// links and invariants.
  ///
  /// ```swift
  /// let notes = NavigationSpec("Notes", root: "Folders") {
  ///   Destination("Folders") { Push("NoteList") }
  ///   Destination("NoteList") { Push("Note") }
  ///   Destination("Note")
  /// }
  /// ```
  public init(
    _ name: String, root: String, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line, @SpecBuilder _ body: () -> [SpecNode]
  ) {
    self.init(
      name: name, root: root, destinations: [], location: SourceLocation(fileID, filePath, line))
    for node in body() {
      switch node {
      case .destination(let destination): destinations.append(destination)
      case .flow(let flow): flows.append(flow)
      case .deepLink(let deepLink): deepLinks.append(deepLink)
      case .invariant(let invariant): invariants.append(invariant)
      }
    }
  }

  /// Declares a spec whose root is named by a `String`-backed enum case.
  ///
  /// ```swift
  /// enum Route: String { case shelf, book }
  /// let library = NavigationSpec("Library", root: Route.shelf) {
  ///   Destination(Route.shelf) { Push(Route.book) }
  ///   Destination(Route.book)
  /// }
  /// ```
  public init<Name: RawRepresentable>(
    _ name: String, root: Name, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line, @SpecBuilder _ body: () -> [SpecNode]
  ) where Name.RawValue == String {
    self.init(name, root: root.rawValue, fileID: fileID, filePath: filePath, line: line, body)
  }

  /// Returns the spec with other bounds.
  ///
  /// ```swift
  /// NavigationSpec("App", root: "Home") { Destination("Home") { Push("Home") } }
  ///   .bounds(maxStackDepth: 4, maxPresentationDepth: 2)
  /// ```
  public func bounds(
    maxStackDepth: Int = Bounds.default.maxStackDepth,
    maxPresentationDepth: Int = Bounds.default.maxPresentationDepth
  ) -> NavigationSpec {
    var copy = self
    copy.bounds = Bounds(maxStackDepth: maxStackDepth, maxPresentationDepth: maxPresentationDepth)
    return copy
  }
}

extension Destination {
  /// Declares a destination and the transitions it can trigger, in event order.
  ///
  /// ```swift
  /// Destination("AddTodo", navigation: true, swipeToDismiss: false) {
  ///   Push("DatePicker")
  ///   DismissEnvironment().async().label("Save")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - navigation: When presented, whether its environment has a navigation stack.
  ///   - swipeToDismiss: When presented as a sheet, whether the user can swipe it down.
  public init(
    _ name: String, navigation: Bool = true, swipeToDismiss: Bool = true,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    @TransitionBuilder _ transitions: () -> [Transition] = { [] }
  ) {
    self.init(
      name: name, navigation: navigation, swipeToDismiss: swipeToDismiss,
      transitions: transitions(), location: SourceLocation(fileID, filePath, line))
  }

  /// Declares a destination named by a `String`-backed enum case.
  ///
  /// ```swift
  /// Destination(Route.book) { Dismiss() }
  /// ```
  public init<Name: RawRepresentable>(
    _ name: Name, navigation: Bool = true, swipeToDismiss: Bool = true,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    @TransitionBuilder _ transitions: () -> [Transition] = { [] }
  ) where Name.RawValue == String {
    self.init(
      name.rawValue, navigation: navigation, swipeToDismiss: swipeToDismiss, fileID: fileID,
      filePath: filePath, line: line, transitions)
  }
}

extension Flow {
  /// Declares a flow: the screens `StartFlow` and `Next` show, in order.
  ///
  /// ```swift
  /// Flow("Onboarding") {
  ///   FullScreenCover("Welcome")
  ///   Push("Permissions")
  /// }
  /// ```
  public init(
    _ name: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    @FlowBuilder _ steps: () -> [FlowStep]
  ) {
    self.init(name: name, steps: steps(), location: SourceLocation(fileID, filePath, line))
  }
}

extension DeepLink {
  /// Declares a deep link: actions performed in order when it arrives, from the app root
  /// (`.root`, the default) or the active screen (`.active`).
  ///
  /// ```swift
  /// DeepLink("promo", start: .root) {
  ///   DismissAll()
  ///   Push("TodoDetail")
  /// }
  /// ```
  public init(
    _ name: String, start: Start = .root, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line, @TransitionBuilder _ actions: () -> [Transition]
  ) {
    let transitions = actions()
    self.init(
      name: name, start: start,
      actions: transitions.map { DeepLinkAction($0.action, location: $0.location) },
      location: SourceLocation(fileID, filePath, line))
    for transition in transitions {
      buildProblems += transition.buildProblems
      if transition.trigger != .user || transition.label != nil {
        buildProblems.append(
          SpecProblem(
            "a deep link's actions run when it arrives; remove '.async()' or '.label(_:)' from them",
            location: transition.location))
      }
    }
  }
}

extension Invariant {
  /// Declares an invariant: a rule every reachable state must satisfy.
  ///
  /// ```swift
  /// Invariant("at most two details") { state in state.count(of: "TodoDetail") <= 2 }
  /// ```
  public init(
    _ name: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    _ holds: @escaping @Sendable (StateView) -> Bool
  ) {
    self.init(name: name, location: SourceLocation(fileID, filePath, line), holds: holds)
  }
}
