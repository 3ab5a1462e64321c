/// What a transition, an alert button, a flow step or a deep link does (SEMANTICS §1).
///
/// The DSL writes actions as nouns (`Push("Detail")`, `DismissEnvironment()`); the model keeps
/// them as this enum, which is also the JSON form's `action` object.
///
/// ```swift
/// let action: Action = .push(destination: "Detail")
/// ```
public indirect enum Action: Sendable, Equatable {
  /// Appends a screen to the performing screen's environment stack.
  case push(destination: String)
  /// Presents a new sheet environment whose stack is `[destination]`.
  case sheet(destination: String)
  /// Presents a new full-screen-cover environment whose stack is `[destination]`.
  case fullScreenCover(destination: String)
  /// Shows the named alert with its buttons; no buttons means one "OK" with no action.
  case alert(name: String, buttons: [AlertButton])
  /// Performs the flow's first step; the new screen's flow cursor is (flow, 1).
  case startFlow(flow: String)
  /// Performs the next step of the performing screen's flow.
  case next
  /// Like `next`; where the flow is exhausted it is `dismissEnvironment`.
  case nextOrDismissEnvironment
  /// Removes the performing screen (or, with a destination, the nearest such screen at or below
  /// it, across environments) and everything above it.
  case dismiss(destination: String?)
  /// Removes everything above the nearest `destination` screen below the performing screen.
  case dismissTo(destination: String)
  /// Removes the performing screen and the `count - 1` screens below it, across environments.
  case dismissCount(Int)
  /// Removes every screen above the root of the performing screen's environment.
  case dismissStack
  /// Dismisses the presented environment that contains the performing screen.
  case dismissEnvironment
  /// Removes every screen above the nearest `destination` below the performing screen, in its stack.
  case popTo(destination: String)
  /// Removes everything above the app root, and its alert.
  case dismissAll
  /// Dismisses the environment the performing screen presents, if any.
  case dismissPresented
  /// Closes the performing screen's alert, if any.
  case dismissAlert

  /// The kinds of action, one per row of SEMANTICS §1's table, in its order; a kind's raw
  /// value is its name in the JSON form.
  ///
  /// ```swift
  /// Action.Kind.allCases.map(\.rawValue)   // ["push", "sheet", …, "dismissAlert"]
  /// ```
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case push, sheet, fullScreenCover, alert, startFlow, next, nextOrDismissEnvironment
    case dismiss, dismissTo, dismissCount, dismissStack, dismissEnvironment, popTo
    case dismissAll, dismissPresented, dismissAlert
  }

  /// The action's kind.
  public var kind: Kind {
    switch self {
    case .push: .push
    case .sheet: .sheet
    case .fullScreenCover: .fullScreenCover
    case .alert: .alert
    case .startFlow: .startFlow
    case .next: .next
    case .nextOrDismissEnvironment: .nextOrDismissEnvironment
    case .dismiss: .dismiss
    case .dismissTo: .dismissTo
    case .dismissCount: .dismissCount
    case .dismissStack: .dismissStack
    case .dismissEnvironment: .dismissEnvironment
    case .popTo: .popTo
    case .dismissAll: .dismissAll
    case .dismissPresented: .dismissPresented
    case .dismissAlert: .dismissAlert
    }
  }

  /// The action's name in the JSON form (`push`, `dismissEnvironment`, …).
  public var name: String { kind.rawValue }

  /// The destination the action names, if it names one.
  public var destination: String? {
    switch self {
    case .push(let d), .sheet(let d), .fullScreenCover(let d), .dismissTo(let d), .popTo(let d):
      d
    case .dismiss(let d): d
    case .alert, .startFlow, .next, .nextOrDismissEnvironment, .dismissCount, .dismissStack,
      .dismissEnvironment, .dismissAll, .dismissPresented, .dismissAlert:
      nil
    }
  }

  /// Every action name of SEMANTICS §1, in the order of its table.
  public static let allNames = Kind.allCases.map(\.rawValue)
}

/// A button of an alert: a label and an optional action the screen performs after the alert
/// closes.
///
/// ```swift
/// Alert("DeleteAll") {
///   Button("Delete") { DismissStack() }
///   Button("Cancel")
/// }
/// ```
public struct AlertButton: Sendable, Equatable {
  /// The button's title, unique within its alert.
  public var label: String
  /// What the screen does after the alert closes; `nil` only closes the alert.
  public var action: Action?
  /// Where the button was declared.
  public var location: SourceLocation?

  /// Creates a button.
  public init(label: String, action: Action? = nil, location: SourceLocation? = nil) {
    self.label = label
    self.action = action
    self.location = location
  }

  /// Buttons are equal when they say the same thing, wherever they were written.
  public static func == (a: AlertButton, b: AlertButton) -> Bool {
    a.label == b.label && a.action == b.action
  }
}
