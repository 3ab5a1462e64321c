// The action nouns of the DSL. Each declares one transition; see `TransitionNode` for the
// modifiers they share and SEMANTICS.md §1 for what each action does.

/// Appends a screen to this screen's navigation stack.
///
/// ```swift
/// Push("TodoDetail")
/// Push("Saved").onDismiss(actsOn: .app) { Modal("Toast") }
/// ```
public struct Push: ShowNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares the transition, naming the destination by its string name.
  public init(
    _ destination: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  ) {
    transition = Transition(.push(destination: destination), fileID, filePath, line)
  }

  /// Declares the transition, naming the destination by a `String`-backed enum case.
  public init<Name: RawRepresentable>(
    _ destination: Name, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  )
  where Name.RawValue == String {
    self.init(destination.rawValue, fileID: fileID, filePath: filePath, line: line)
  }
}

/// Presents a sheet whose stack starts with the destination.
///
/// ```swift
/// Sheet("AddTodo").label("Add")
/// Sheet("Compose").onDismiss { Alert("DraftSaved") }
/// ```
public struct Sheet: ShowNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares the transition, naming the destination by its string name.
  public init(
    _ destination: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  ) {
    transition = Transition(.sheet(destination: destination), fileID, filePath, line)
  }

  /// Declares the transition, naming the destination by a `String`-backed enum case.
  public init<Name: RawRepresentable>(
    _ destination: Name, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  )
  where Name.RawValue == String {
    self.init(destination.rawValue, fileID: fileID, filePath: filePath, line: line)
  }

  /// Declares the transition with its presenter: `.app` presents above the tabs, as a
  /// `sheet(item:)` on the `TabView` or the scene does (SEMANTICS v3 §11.10); it covers every
  /// tab, presents one thing at a time and survives a module switch.
  ///
  /// ```swift
  /// Sheet("Composer", presenter: .app).asItem()
  /// ```
  public init(
    _ destination: String, presenter: Presenter, fileID: String = #fileID,
    filePath: String = #filePath, line: Int = #line
  ) {
    self.init(destination, fileID: fileID, filePath: filePath, line: line)
    if !transition.actions.isEmpty { transition.actions[0].presenter = presenter }
  }
}

/// Presents a full-screen cover whose stack starts with the destination.
///
/// ```swift
/// FullScreenCover("Editor")
/// ```
public struct FullScreenCover: ShowNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares the transition, naming the destination by its string name.
  public init(
    _ destination: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  ) {
    transition = Transition(.fullScreenCover(destination: destination), fileID, filePath, line)
  }

  /// Declares the transition, naming the destination by a `String`-backed enum case.
  public init<Name: RawRepresentable>(
    _ destination: Name, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  )
  where Name.RawValue == String {
    self.init(destination.rawValue, fileID: fileID, filePath: filePath, line: line)
  }

  /// Declares the transition with its presenter: `.app` presents above the tabs, as a
  /// `sheet(item:)` on the `TabView` or the scene does (SEMANTICS v3 §11.10); it covers every
  /// tab, presents one thing at a time and survives a module switch.
  ///
  /// ```swift
  /// FullScreenCover("Player", presenter: .app)
  /// ```
  public init(
    _ destination: String, presenter: Presenter, fileID: String = #fileID,
    filePath: String = #filePath, line: Int = #line
  ) {
    self.init(destination, fileID: fileID, filePath: filePath, line: line)
    if !transition.actions.isEmpty { transition.actions[0].presenter = presenter }
  }
}

/// Presents a modal overlay whose stack is the destination (SwiftfulRouting `showModal`): it has
/// no navigation, and a tap on its background dismisses it unless `dismissOnBackgroundTap` is
/// false.
///
/// ```swift
/// Modal("Toast", dismissOnBackgroundTap: false)
/// Modal("Picker").onDismiss { Push("Result") }
/// ```
public struct Modal: ShowNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares the transition, naming the destination by its string name.
  ///
  /// - Parameter dismissOnBackgroundTap: Whether a tap outside the modal dismisses it.
  public init(
    _ destination: String, dismissOnBackgroundTap: Bool = true, fileID: String = #fileID,
    filePath: String = #filePath, line: Int = #line
  ) {
    transition = Transition(
      .modal(destination: destination, dismissOnBackgroundTap: dismissOnBackgroundTap), fileID,
      filePath, line)
  }

  /// Declares the transition, naming the destination by a `String`-backed enum case.
  ///
  /// ```swift
  /// Modal(Route.toast, dismissOnBackgroundTap: false)
  /// ```
  public init<Name: RawRepresentable>(
    _ destination: Name, dismissOnBackgroundTap: Bool = true, fileID: String = #fileID,
    filePath: String = #filePath, line: Int = #line
  )
  where Name.RawValue == String {
    self.init(
      destination.rawValue, dismissOnBackgroundTap: dismissOnBackgroundTap, fileID: fileID,
      filePath: filePath, line: line)
  }

  /// Declares the transition with its presenter: `.app` presents above the tabs, as a
  /// `sheet(item:)` on the `TabView` or the scene does (SEMANTICS v3 §11.10); it covers every
  /// tab, presents one thing at a time and survives a module switch.
  ///
  /// ```swift
  /// Modal("Card", presenter: .app)
  /// ```
  public init(
    _ destination: String, dismissOnBackgroundTap: Bool = true, presenter: Presenter,
    fileID: String = #fileID,
    filePath: String = #filePath, line: Int = #line
  ) {
    self.init(
      destination, dismissOnBackgroundTap: dismissOnBackgroundTap, fileID: fileID,
      filePath: filePath, line: line)
    if !transition.actions.isEmpty { transition.actions[0].presenter = presenter }
  }
}

/// Pushes several screens in one transition, each on the one before (a deep path such as
/// Inbox → Thread → Message). The new screens have no flow cursor and no onDismiss.
///
/// ```swift
/// PushStack("Thread", "Message").label("Open latest")
/// PushStack(["Thread", "Message"])
/// ```
public struct PushStack: TransitionNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares the transition, naming the destinations, in push order, by their string names.
  public init(
    _ first: String, _ rest: String..., fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line
  ) {
    self.init([first] + rest, fileID: fileID, filePath: filePath, line: line)
  }

  /// Declares the transition from an array of destination names, in push order.
  ///
  /// ```swift
  /// let path = ["Thread", "Message"]
  /// PushStack(path)
  /// ```
  public init(
    _ destinations: [String], fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line
  ) {
    transition = Transition(.pushStack(destinations: destinations), fileID, filePath, line)
  }

  /// Declares the transition, naming the destinations by `String`-backed enum cases.
  ///
  /// ```swift
  /// PushStack(Route.thread, .message)
  /// ```
  public init<Name: RawRepresentable>(
    _ first: Name, _ rest: Name..., fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line
  ) where Name.RawValue == String {
    self.init(([first] + rest).map(\.rawValue), fileID: fileID, filePath: filePath, line: line)
  }

  /// Declares the transition from an array of `String`-backed enum cases.
  ///
  /// ```swift
  /// PushStack([Route.thread, .message])
  /// ```
  public init<Name: RawRepresentable>(
    _ destinations: [Name], fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line
  ) where Name.RawValue == String {
    self.init(destinations.map(\.rawValue), fileID: fileID, filePath: filePath, line: line)
  }

  /// `PushStack()` without destinations is a compile-time error.
  @available(
    *, unavailable, message: "PushStack needs at least one destination: PushStack(\"A\", \"B\")"
  )
  public init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) {
    self.init([String](), fileID: fileID, filePath: filePath, line: line)
  }
}

/// Selects a tab of the current module, named by its root destination (a TabView's selection).
///
/// ```swift
/// SelectTab("Inbox")
/// ```
public struct SelectTab: TransitionNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares the transition, naming the tab by its root destination's string name.
  public init(
    _ tab: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  ) {
    transition = Transition(.selectTab(tab: tab), fileID, filePath, line)
  }

  /// Declares the transition, naming the tab by a `String`-backed enum case.
  ///
  /// ```swift
  /// SelectTab(Route.inbox)
  /// ```
  public init<Name: RawRepresentable>(
    _ tab: Name, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  )
  where Name.RawValue == String {
    self.init(tab.rawValue, fileID: fileID, filePath: filePath, line: line)
  }
}

/// Replaces the whole navigation state by a module's initial one: a log-in or a log-out.
///
/// ```swift
/// ShowModule("Main")
/// Button("Sign out") { ShowModule("SignedOut") }
/// Button("Switch account") { ShowModule("Main", keepingTab: true) }
/// ```
public struct ShowModule: TransitionNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares the transition, naming the module by its string name.
  public init(
    _ module: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  ) {
    transition = Transition(.showModule(module: module), fileID, filePath, line)
  }

  /// Declares the transition; with `keepingTab`, the new module's tab with the root of the tab
  /// selected before is selected, where it has one (an account switch that rebuilds the tabs
  /// but keeps the app's selection, SEMANTICS v3 §11.9).
  ///
  /// ```swift
  /// ShowModule("Main", keepingTab: true)
  /// ```
  public init(
    _ module: String, keepingTab: Bool, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line
  ) {
    self.init(module, fileID: fileID, filePath: filePath, line: line)
    if !transition.actions.isEmpty { transition.actions[0].keepsTab = keepingTab }
  }

  /// Declares the transition, naming the module by a `String`-backed enum case.
  ///
  /// ```swift
  /// ShowModule(AppModule.signedOut)
  /// ```
  public init<Name: RawRepresentable>(
    _ module: Name, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  )
  where Name.RawValue == String {
    self.init(module.rawValue, fileID: fileID, filePath: filePath, line: line)
  }
}

/// Starts a flow: performs its first step; the new screen continues it with `Next()`.
///
/// ```swift
/// StartFlow("Onboarding")
/// ```
public struct StartFlow: TransitionNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares the transition, naming the flow by its string name.
  public init(
    _ flow: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  ) {
    transition = Transition(.startFlow(flow: flow), fileID, filePath, line)
  }

  /// Declares the transition, naming the flow by a `String`-backed enum case.
  public init<Name: RawRepresentable>(
    _ flow: Name, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  )
  where Name.RawValue == String {
    self.init(flow.rawValue, fileID: fileID, filePath: filePath, line: line)
  }
}

/// Performs the next step of the flow this screen belongs to (a violation where it is exhausted).
///
/// ```swift
/// Next()
/// ```
public struct Next: TransitionNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares the transition.
  public init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) {
    transition = Transition(.next, fileID, filePath, line)
  }
}

/// Performs the next flow step, or dismisses the environment where the flow is exhausted.
///
/// ```swift
/// NextOrDismissEnvironment()
/// ```
public struct NextOrDismissEnvironment: TransitionNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares the transition.
  public init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) {
    transition = Transition(.nextOrDismissEnvironment, fileID, filePath, line)
  }
}

/// Removes everything above the nearest such screen below this one, across sheets and covers.
///
/// ```swift
/// DismissTo("TodoList").label("Done")
/// ```
public struct DismissTo: TransitionNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares the transition, naming the destination by its string name.
  public init(
    _ destination: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  ) {
    transition = Transition(.dismissTo(destination: destination), fileID, filePath, line)
  }

  /// Declares the transition, naming the destination by a `String`-backed enum case.
  public init<Name: RawRepresentable>(
    _ destination: Name, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  )
  where Name.RawValue == String {
    self.init(destination.rawValue, fileID: fileID, filePath: filePath, line: line)
  }
}

/// Removes every screen above the root of this screen's environment (pop to root).
///
/// ```swift
/// DismissStack()
/// ```
public struct DismissStack: TransitionNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares the transition.
  public init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) {
    transition = Transition(.dismissStack, fileID, filePath, line)
  }
}

/// Dismisses the sheet or cover that contains this screen, with everything pushed in it.
///
/// ```swift
/// DismissEnvironment().async().label("Save")
/// ```
public struct DismissEnvironment: TransitionNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares the transition.
  public init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) {
    transition = Transition(.dismissEnvironment, fileID, filePath, line)
  }
}

/// Pops every screen above the nearest such screen below this one, in this stack.
///
/// ```swift
/// PopTo("TodoList")
/// ```
public struct PopTo: TransitionNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares the transition, naming the destination by its string name.
  public init(
    _ destination: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  ) {
    transition = Transition(.popTo(destination: destination), fileID, filePath, line)
  }

  /// Declares the transition, naming the destination by a `String`-backed enum case.
  public init<Name: RawRepresentable>(
    _ destination: Name, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
  )
  where Name.RawValue == String {
    self.init(destination.rawValue, fileID: fileID, filePath: filePath, line: line)
  }
}

/// Goes back to the app root: removes everything above it, and its alert.
///
/// ```swift
/// DismissAll()
/// ```
public struct DismissAll: TransitionNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares the transition.
  public init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) {
    transition = Transition(.dismissAll, fileID, filePath, line)
  }
}

/// Dismisses the sheet or cover this screen presents; nothing happens where it presents none.
///
/// ```swift
/// DismissPresented().async(cancelsOnDismiss: true)
/// ```
public struct DismissPresented: TransitionNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares the transition.
  public init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) {
    transition = Transition(.dismissPresented, fileID, filePath, line)
  }
}

/// Closes this screen's alert (a timer closing a toast); nothing happens where it shows none.
///
/// ```swift
/// DismissAlert().async().label("Toast times out")
/// ```
public struct DismissAlert: TransitionNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares the transition.
  public init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) {
    transition = Transition(.dismissAlert, fileID, filePath, line)
  }
}
