// Sequences (SEMANTICS §1): a transition of several actions (`Actions { … }`) and the
// onDismiss callback of the four nouns that show a screen. A button's body and a deep link's
// body are sequences too; `SequenceBuilder` builds them all.

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

/// A noun that shows a screen — `Push`, `Sheet`, `FullScreenCover`, `Modal` — and so can run an
/// onDismiss when that screen is removed.
///
/// ```swift
/// Sheet("Compose").onDismiss { Alert("DraftSaved") }
/// ```
public protocol ShowNode: TransitionNode {}

extension ShowNode {
  /// Runs `actions` when the screen this action shows is removed (SwiftUI's `onDismiss`),
  /// after the whole event that removed it. `actsOn` says which router performs them: the
  /// screen that showed it (`.screen`, the default), the top of that screen's stack
  /// (`.stack`) or the active screen (`.app`).
  ///
  /// ```swift
  /// Sheet("Compose").onDismiss { Alert("DraftSaved") }
  /// Push("Saved").onDismiss(actsOn: .app) { Modal("Toast") }
  /// Push("Saved").onDismiss { Modal("Toast") }.actsOn(.app)      // the same
  /// ```
  ///
  /// `.label(_:)` and `.async(…)` still apply to the transition, before or after it.
  public func onDismiss(
    actsOn: ActsOn = .screen, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line, @SequenceBuilder _ actions: () -> [Transition]
  ) -> ShowWithOnDismiss {
    let (sequence, problems) = Transition.sequence(actions()) { _ in
      "an onDismiss action runs when the screen is removed; remove '.async()' or '.label(_:)' from it"
    }
    var transition = self.transition
    transition.buildProblems += problems
    if !transition.actions.isEmpty {
      transition.actions[0].onDismiss = OnDismiss(
        actions: sequence, actsOn: actsOn, location: SourceLocation(fileID, filePath, line))
    }
    return ShowWithOnDismiss(transition: transition)
  }
}

extension TransitionNode {
  /// Only `Push`, `Sheet`, `FullScreenCover` and `Modal` show a screen that can be dismissed.
  @available(
    *, unavailable,
    message:
      "onDismiss is on Push, Sheet, FullScreenCover and Modal: the actions that show a screen"
  )
  public func onDismiss(
    actsOn: ActsOn = .screen, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line, @SequenceBuilder _ actions: () -> [Transition]
  ) -> ShowWithOnDismiss {
    ShowWithOnDismiss(transition: transition)
  }
}

/// A `Push`, `Sheet`, `FullScreenCover` or `Modal` with an onDismiss, as `.onDismiss { … }`
/// returns it. `.actsOn(_:)` on it sets which router performs the onDismiss.
///
/// ```swift
/// Sheet("Compose").onDismiss { SelectTab("Inbox") }.actsOn(.app).label("Write")
/// ```
public struct ShowWithOnDismiss: TransitionNode {
  /// The transition this noun declares: its one action carries the onDismiss.
  public var transition: Transition

  init(transition: Transition) { self.transition = transition }

  /// Sets which router performs the onDismiss: the screen that showed the dismissed screen
  /// (`.screen`, the default), the top of that screen's stack (`.stack`) or the active screen
  /// (`.app`). It applies to the onDismiss, wherever it is written after `.onDismiss { … }`.
  ///
  /// ```swift
  /// Push("Saved").onDismiss { Modal("Toast") }.actsOn(.app)
  /// ```
  public func actsOn(_ actsOn: ActsOn) -> Self {
    var copy = self
    if !copy.transition.actions.isEmpty {
      copy.transition.actions[0].onDismiss?.actsOn = actsOn
    }
    return copy
  }

  /// An action has one onDismiss.
  @available(
    *, unavailable,
    message: "this action already has an onDismiss: put all its actions in one onDismiss { … }"
  )
  public func onDismiss(
    actsOn: ActsOn = .screen, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line, @SequenceBuilder _ actions: () -> [Transition]
  ) -> ShowWithOnDismiss {
    self
  }
}

extension Transition {
  /// The actions of `transitions` as one sequence, and the problems found building them: each
  /// transition's own, `misplaced`'s message for each that has a trigger or a label, and one for
  /// each that is an `Async` or has guards or an `actsOn`, which all mean nothing inside a
  /// sequence.
  static func sequence(
    _ transitions: [Transition], misplaced: (Transition) -> String
  ) -> (actions: [SequenceAction], problems: [SpecProblem]) {
    var actions: [SequenceAction] = []
    var problems: [SpecProblem] = []
    for transition in transitions {
      actions += transition.actions
      problems += transition.buildProblems
      if transition.appearance != nil {
        problems.append(
          SpecProblem(
            "an OnAppear is no action of a sequence: declare it in a Destination's body, Destination(\"Timeline\") { OnAppear { … } }",
            location: transition.location))
      } else if transition.outcomes != nil {
        // `Async` is a `TransitionNode`, so the builders take it; its outcomes are no actions.
        problems.append(
          SpecProblem(
            "\(transition.isStartedByTap ? "Async" : "Work")(\"\(transition.label ?? "")\") { … } is a transition of its own, not an action of a sequence: declare it in a Destination\(transition.isStartedByTap ? "" : ", and start it here with StartWork(\"\(transition.label ?? "")\")")",
            location: transition.location))
      } else if transition.trigger != .user || transition.label != nil {
        problems.append(SpecProblem(misplaced(transition), location: transition.location))
      }
      problems += transition.sequenceOnlyProblems
    }
    return (actions, problems)
  }

  /// The problems of a node that can only be a whole transition, written as one action of a
  /// sequence or as a flow step: its guards and its `actsOn` would be lost there.
  var sequenceOnlyProblems: [SpecProblem] {
    var problems: [SpecProblem] = []
    if !guards.isEmpty {
      problems.append(
        SpecProblem(
          "a guard on one action of a sequence guards nothing: put '.when(_:)', '.unless(_:)' or '.unlessPending(_:)' on the whole transition, Button or DeepLink",
          location: location))
    }
    if actsOn != .screen {
      problems.append(
        SpecProblem(
          "'.actsOn(_:)' on one action of a sequence means nothing: put it on the async transition, or after '.onDismiss { … }' for the onDismiss",
          location: location))
    }
    return problems
  }
}

/// A noun that presents through a screen's item slot where it is declared an item — `Sheet`
/// and `FullScreenCover` (SEMANTICS v3 §11.6).
///
/// ```swift
/// Sheet("Profile").asItem()
/// ```
public protocol ItemPresentationNode: ShowNode {}

extension Sheet: ItemPresentationNode {}
extension FullScreenCover: ItemPresentationNode {}

extension ItemPresentationNode {
  /// Presents through the performing screen's one slot of this style, as SwiftUI's
  /// `.sheet(item:)` does: where the screen already shows this destination in that slot,
  /// nothing changes; where it shows another, that one is dismissed first, then this one is
  /// presented. (Without it, presenting over a presentation is `duplicatePresentation`.)
  ///
  /// ```swift
  /// Destination("Timeline") {
  ///   Sheet("Profile").asItem().label("Profile")
  ///   Sheet("Settings").asItem().label("Settings")
  /// }
  /// ```
  public func asItem() -> Self {
    var copy = self
    if !copy.transition.actions.isEmpty { copy.transition.actions[0].isItem = true }
    return copy
  }
}

extension TransitionNode {
  /// Only `Sheet` and `FullScreenCover` present through an item slot.
  @available(
    *, unavailable,
    message: "asItem() is on Sheet and FullScreenCover: the presentations SwiftUI binds to an item"
  )
  public func asItem() -> Self { self }
}
