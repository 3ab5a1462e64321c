// Sequences (SEMANTICS v2 §1): a transition of several actions (`Actions { … }`). A button's
// body and a deep link's body are sequences too; `SequenceBuilder` builds them all.

/// A transition whose sequence is several actions, performed in order: the first from the
/// acting screen, each next one from the screen the one before leaves active. `.label(_:)` and
/// `.async(…)` apply to the whole sequence.
///
/// ```swift
/// Destination("Settings") {
///   Actions {
///     ShowModule("SignedOut")
///     Push("Welcome")
///   }
///   .label("Sign out")
/// }
/// DeepLink("thread") { SelectTab("Inbox"); Actions { DismissAll(); Push("Thread") } }
/// ```
public struct Actions: TransitionNode {
  /// The transition this noun declares.
  public var transition: Transition

  /// Declares a transition that performs `actions` in order.
  public init(
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    @SequenceBuilder _ actions: () -> [Transition]
  ) {
    let (sequence, problems) = Transition.sequence(actions()) { _ in
      "an action inside Actions { … } runs in turn; put '.async()' or '.label(_:)' on the Actions, not on its actions"
    }
    transition = Transition(actions: sequence, location: SourceLocation(fileID, filePath, line))
    transition.buildProblems = problems
  }
}

extension Transition {
  /// The actions of `transitions` as one sequence, and the problems found building them: each
  /// transition's own, and `misplaced`'s message for each that has a trigger or a label, which
  /// mean nothing inside a sequence.
  static func sequence(
    _ transitions: [Transition], misplaced: (Transition) -> String
  ) -> (actions: [SequenceAction], problems: [SpecProblem]) {
    var actions: [SequenceAction] = []
    var problems: [SpecProblem] = []
    for transition in transitions {
      actions += transition.actions
      problems += transition.buildProblems
      if transition.trigger != .user || transition.label != nil {
        problems.append(SpecProblem(misplaced(transition), location: transition.location))
      }
    }
    return (actions, problems)
  }
}
