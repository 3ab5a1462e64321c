// The action nouns of the DSL. Each declares one transition; see `TransitionNode` for the
// modifiers they share and SEMANTICS.md §1 for what each action does.

/// Appends a screen to this screen's navigation stack.
///
/// ```swift
/// Push("TodoDetail")
/// ```
public struct Push: TransitionNode {
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
/// ```
public struct Sheet: TransitionNode {
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
}

/// Presents a full-screen cover whose stack starts with the destination.
///
/// ```swift
/// FullScreenCover("Editor")
/// ```
public struct FullScreenCover: TransitionNode {
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
