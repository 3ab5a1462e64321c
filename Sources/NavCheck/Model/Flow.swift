/// How a flow step shows its destination.
public enum PresentationStyle: String, Sendable, Hashable, CaseIterable, Codable {
  /// Pushed onto the performing screen's stack.
  case push
  /// Presented as a sheet.
  case sheet
  /// Presented as a full-screen cover.
  case fullScreenCover

  /// The style of the environment it presents; `nil` for a push.
  public var environment: StateView.Style? {
    switch self {
    case .push: nil
    case .sheet: .sheet
    case .fullScreenCover: .fullScreenCover
    }
  }

  /// The action kind that shows a screen as this step does.
  public var action: Action.Kind { environment?.action ?? .push }
}

/// A multi-screen flow: a named, ordered list of steps that `StartFlow` and `Next` walk through.
///
/// ```swift
/// Flow("Onboarding") {
///   FullScreenCover("Welcome")
///   Push("Permissions")
/// }
/// ```
public struct Flow: Sendable, Equatable {
  /// The flow's name, unique among the spec's flows.
  public var name: String
  /// The steps, never empty in a valid spec.
  public var steps: [FlowStep]
  /// Where the flow was declared.
  public var location: SourceLocation?
  /// Mistakes the DSL noticed while building this node (an `async` deep-link action, …);
  /// validation reports them. Not part of equality.
  var buildProblems: [SpecProblem] = []

  /// Creates a flow from model values.
  public init(name: String, steps: [FlowStep], location: SourceLocation? = nil) {
    self.name = name
    self.steps = steps
    self.location = location
  }

  /// Flows are equal when they say the same thing, wherever they were written.
  public static func == (a: Flow, b: Flow) -> Bool { a.name == b.name && a.steps == b.steps }
}

/// One step of a flow: a presentation style and a destination.
///
/// ```swift
/// FlowStep(style: .push, destination: "Permissions")
/// ```
public struct FlowStep: Sendable, Equatable {
  /// How the step shows its destination.
  public var style: PresentationStyle
  /// The destination it shows.
  public var destination: String
  /// Where the step was declared.
  public var location: SourceLocation?
  /// Mistakes the DSL noticed while building this step; validation reports them.
  var buildProblems: [SpecProblem] = []

  /// Creates a step.
  public init(style: PresentationStyle, destination: String, location: SourceLocation? = nil) {
    self.style = style
    self.destination = destination
    self.location = location
  }

  /// The action this step performs.
  public var action: Action {
    switch style {
    case .push: .push(destination: destination)
    case .sheet: .sheet(destination: destination)
    case .fullScreenCover: .fullScreenCover(destination: destination)
    }
  }

  /// Steps are equal when they say the same thing, wherever they were written.
  public static func == (a: FlowStep, b: FlowStep) -> Bool {
    a.style == b.style && a.destination == b.destination
  }
}
