// The builder initializers of the model types: how people write a spec.

extension NavigationSpec {
  /// Declares a spec: its name, its root destination and a body of flags, destinations, flows,
  /// deep links and invariants. (`NavigationSpec(_:tabs:_:)` starts with tabs; `NavigationSpec(_:_:)`
  /// with the `Module`s its body declares.)
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
    append(body())
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

  /// Declares a spec that starts with tabs (SEMANTICS §1): one module, named after the spec,
  /// whose root environment is a TabView; each tab is a navigation stack, named by its root
  /// destination. The first tab is selected.
  ///
  /// ```swift
  /// let mail = NavigationSpec("Mail", tabs: ["Inbox", "Search"]) {
  ///   Destination("Inbox") { Push("Thread") }
  ///   Destination("Search") { SelectTab("Inbox") }
  ///   Destination("Thread")
  /// }
  /// ```
  public init(
    _ name: String, tabs: [String], fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line, @SpecBuilder _ body: () -> [SpecNode]
  ) {
    self.init(
      name: name, tabs: tabs, destinations: [], location: SourceLocation(fileID, filePath, line))
    append(body())
  }

  /// Declares a spec that starts with tabs named by `String`-backed enum cases.
  ///
  /// ```swift
  /// enum Tab: String { case inbox, search }
  /// let mail = NavigationSpec("Mail", tabs: [Tab.inbox, .search]) {
  ///   Destination(Tab.inbox)
  ///   Destination(Tab.search)
  /// }
  /// ```
  public init<Name: RawRepresentable>(
    _ name: String, tabs: [Name], fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line, @SpecBuilder _ body: () -> [SpecNode]
  ) where Name.RawValue == String {
    self.init(
      name, tabs: tabs.map(\.rawValue), fileID: fileID, filePath: filePath, line: line, body)
  }

  /// Declares a spec that starts with the modules its body declares (SEMANTICS §1): alternative
  /// apps such as signed out and signed in. The app starts in the first `Module`; `ShowModule`
  /// switches to another.
  ///
  /// ```swift
  /// let mail = NavigationSpec("Mail") {
  ///   Module("SignedOut", root: "SignIn")
  ///   Module("Main", tabs: ["Inbox", "Search", "Settings"])
  ///   Destination("SignIn") { ShowModule("Main") }
  ///   Destination("Inbox") { Push("Thread") }
  ///   Destination("Search")
  ///   Destination("Settings") { ShowModule("SignedOut").label("Sign out") }
  ///   Destination("Thread")
  /// }
  /// ```
  ///
  /// A body without a `Module` declares no start, which validation reports.
  public init(
    _ name: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    @SpecBuilder _ body: () -> [SpecNode]
  ) {
    self.init(
      name: name, destinations: [], location: SourceLocation(fileID, filePath, line))
    append(body())
  }

  /// Adds the body's parts, each to its list, in declaration order.
  private mutating func append(_ nodes: [SpecNode]) {
    for node in nodes {
      switch node {
      case .module(let module): modules.append(module)
      case .flag(let flag): flags.append(flag)
      case .destination(let destination): destinations.append(destination)
      case .flow(let flow): flows.append(flow)
      case .deepLink(let deepLink): deepLinks.append(deepLink)
      case .invariant(let invariant): invariants.append(invariant)
      case .tabButton(let tabButton): tabButtons.append(tabButton)
      case .broadcast(let broadcast): broadcasts.append(broadcast)
      }
    }
  }

  /// Returns the spec with other bounds.
  ///
  /// ```swift
  /// NavigationSpec("App", root: "Home") { Destination("Home") { Push("Home") } }
  ///   .bounds(maxStackDepth: 4, maxPresentationDepth: 2)
  /// ```
  public func bounds(
    maxStackDepth: Int = Bounds.default.maxStackDepth,
    maxPresentationDepth: Int = Bounds.default.maxPresentationDepth,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  ) -> NavigationSpec {
    var copy = self
    copy.bounds = Bounds(maxStackDepth: maxStackDepth, maxPresentationDepth: maxPresentationDepth)
    copy.bounds.location = SourceLocation(fileID, filePath, line)
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
      location: SourceLocation(fileID, filePath, line))
    takeAppearances(transitions())
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

extension Destination {
  /// Declares a destination whose sheet can be swiped down only while `swipeToDismiss`'s
  /// conditions hold (SEMANTICS v3 §11.3): SwiftUI's `interactiveDismissDisabled(_:)`.
  ///
  /// ```swift
  /// Destination("SignIn", swipeToDismiss: .unlessPending("Sign in")) {
  ///   Async("Sign in") { Outcome("ok") { DismissEnvironment() }; Outcome("failed") }
  /// }
  /// ```
  public init(
    _ name: String, navigation: Bool = true, swipeToDismiss: SwipeToDismiss,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    @TransitionBuilder _ transitions: () -> [Transition] = { [] }
  ) {
    self.init(
      name: name, navigation: navigation, swipeToDismiss: true,
      location: SourceLocation(fileID, filePath, line))
    takeAppearances(transitions())
    swipeConditions = swipeToDismiss.conditions
  }
}

/// When a sheet can be swiped down: while its conditions hold (SEMANTICS v3 §11.3), read on the
/// sheet's root screen. Chain them: `.unless("draftDirty").unlessPending("Send")`.
///
/// ```swift
/// Destination("Composer", swipeToDismiss: .unless("draftDirty")) { Dismiss().label("Cancel") }
/// ```
public struct SwipeToDismiss: Sendable, Equatable {
  /// The conditions, as guards.
  public var conditions = Guards()

  /// While flag `flag` is true.
  public static func when(_ flag: String) -> Self { Self(conditions: Guards(when: flag)) }
  /// While flag `flag` is false.
  public static func unless(_ flag: String) -> Self { Self(conditions: Guards(unless: flag)) }
  /// While the root's async work labelled `label` is not pending.
  public static func unlessPending(_ label: String) -> Self {
    Self(conditions: Guards(unlessPending: label))
  }

  /// Also while flag `flag` is true.
  public func when(_ flag: String) -> Self {
    var copy = self
    copy.conditions.when = flag
    return copy
  }
  /// Also while flag `flag` is false.
  public func unless(_ flag: String) -> Self {
    var copy = self
    copy.conditions.unless = flag
    return copy
  }
  /// Also while the root's async work labelled `label` is not pending.
  public func unlessPending(_ label: String) -> Self {
    var copy = self
    copy.conditions.unlessPending = label
    return copy
  }
}

extension Module {
  /// Declares a module that starts with one navigation stack rooted at `root`.
  ///
  /// ```swift
  /// Module("SignedOut", root: "SignIn")
  /// ```
  public init(
    _ name: String, root: String, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line
  ) {
    self.init(name: name, root: root, location: SourceLocation(fileID, filePath, line))
  }

  /// Declares a module that starts with tabs, each a navigation stack named by its root
  /// destination; the first is selected.
  ///
  /// ```swift
  /// Module("Main", tabs: ["Inbox", "Search", "Settings"])
  /// ```
  public init(
    _ name: String, tabs: [String], fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line
  ) {
    self.init(name: name, tabs: tabs, location: SourceLocation(fileID, filePath, line))
  }

  /// Declares a module whose root is named by a `String`-backed enum case.
  ///
  /// ```swift
  /// Module("SignedOut", root: Route.signIn)
  /// ```
  public init<Root: RawRepresentable>(
    _ name: String, root: Root, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line
  ) where Root.RawValue == String {
    self.init(name, root: root.rawValue, fileID: fileID, filePath: filePath, line: line)
  }

  /// Declares a module whose tabs are named by `String`-backed enum cases.
  ///
  /// ```swift
  /// Module("Main", tabs: [Route.inbox, .search])
  /// ```
  public init<Root: RawRepresentable>(
    _ name: String, tabs: [Root], fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line
  ) where Root.RawValue == String {
    self.init(name, tabs: tabs.map(\.rawValue), fileID: fileID, filePath: filePath, line: line)
  }

  /// Declares a module named by a `String`-backed enum case, with one stack.
  ///
  /// ```swift
  /// Module(AppModule.signedOut, root: "SignIn")
  /// ```
  public init<Name: RawRepresentable>(
    _ name: Name, root: String, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line
  ) where Name.RawValue == String {
    self.init(name.rawValue, root: root, fileID: fileID, filePath: filePath, line: line)
  }

  /// Declares a module named by a `String`-backed enum case, with tabs.
  ///
  /// ```swift
  /// Module(AppModule.main, tabs: ["Inbox", "Search"])
  /// ```
  public init<Name: RawRepresentable>(
    _ name: Name, tabs: [String], fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line
  ) where Name.RawValue == String {
    self.init(name.rawValue, tabs: tabs, fileID: fileID, filePath: filePath, line: line)
  }

  /// Declares a module named by a `String`-backed enum case whose root is one too.
  ///
  /// ```swift
  /// Module(AppModule.signedOut, root: Route.signIn)
  /// ```
  public init<Name: RawRepresentable, Root: RawRepresentable>(
    _ name: Name, root: Root, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line
  ) where Name.RawValue == String, Root.RawValue == String {
    self.init(name.rawValue, root: root.rawValue, fileID: fileID, filePath: filePath, line: line)
  }

  /// Declares a module named by a `String`-backed enum case whose tabs are ones too.
  ///
  /// ```swift
  /// Module(AppModule.main, tabs: [Route.inbox, .search])
  /// ```
  public init<Name: RawRepresentable, Root: RawRepresentable>(
    _ name: Name, tabs: [Root], fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line
  ) where Name.RawValue == String, Root.RawValue == String {
    self.init(
      name.rawValue, tabs: tabs.map(\.rawValue), fileID: fileID, filePath: filePath, line: line)
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
  /// Declares a deep link: a sequence of actions performed in order when it arrives, from the
  /// app root (`.root`, the default), the active screen (`.active`) or the top of the selected
  /// tab's stack (`.stack`: "the selected tab's router", behind whatever it presents).
  ///
  /// ```swift
  /// DeepLink("promo", start: .root) {
  ///   DismissAll()
  ///   Push("TodoDetail")
  /// }
  /// DeepLink("thread") { SelectTab("Inbox"); DismissAll(); Push("Thread") }
  /// DeepLink("status", start: .stack) { Push("Status") }  // lands behind an open sheet
  /// ```
  public init(
    _ name: String, start: Start = .root, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line, @SequenceBuilder _ actions: () -> [Transition]
  ) {
    self.init(
      name, start: start, tab: nil, SourceLocation(fileID, filePath, line), actions())
  }

  /// Declares an external event handled by one tab's router: its actions are performed from
  /// the top of that tab's stack, selected or not (a push notification that pushes onto the
  /// Notifications tab's `RouterPath`).
  ///
  /// ```swift
  /// DeepLink("mention", tab: "Notifications") { Push("Status") }
  /// ```
  ///
  /// - Parameter tab: the tab's root destination.
  public init(
    _ name: String, tab: String, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line, @SequenceBuilder _ actions: () -> [Transition]
  ) {
    self.init(name, start: .tab, tab: tab, SourceLocation(fileID, filePath, line), actions())
  }

  private init(
    _ name: String, start: Start, tab: String?, _ location: SourceLocation,
    _ actions: [Transition]
  ) {
    let (sequence, problems) = Transition.sequence(actions) { _ in
      "a deep link's actions run when it arrives; remove '.async()' or '.label(_:)' from them"
    }
    self.init(name: name, start: start, tab: tab, actions: sequence, location: location)
    buildProblems = problems
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
