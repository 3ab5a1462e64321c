// The result builders of the DSL. Each is non-generic over one component type, so a large
// body type-checks quickly, and accepts arrays of its component so that helper properties and
// functions (`@TransitionBuilder var common: [Transition]`) can split a spec over files.

/// Builds a spec's body: flags, modules, destinations, flows, deep links and invariants.
///
/// ```swift
/// @SpecBuilder var checkout: [SpecNode] {
///   Destination("Cart") { FullScreenCover("Checkout") }
///   Destination("Checkout") { DismissEnvironment() }
/// }
/// let shop = NavigationSpec("Shop", root: "Cart") { checkout }
/// ```
@resultBuilder
public enum SpecBuilder {
  public static func buildExpression(_ destination: Destination) -> [SpecNode] {
    [.destination(destination)]
  }
  public static func buildExpression(_ module: Module) -> [SpecNode] { [.module(module)] }
  public static func buildExpression(_ flag: Flag) -> [SpecNode] { [.flag(flag)] }
  public static func buildExpression(_ flow: Flow) -> [SpecNode] { [.flow(flow)] }
  public static func buildExpression(_ deepLink: DeepLink) -> [SpecNode] { [.deepLink(deepLink)] }
  @available(
    *, unavailable,
    message:
      "an OnAppear belongs in a Destination's body: Destination(\"Timeline\") { OnAppear { … } }"
  )
  public static func buildExpression(_ onAppear: OnAppear) -> [SpecNode] { [] }
  public static func buildExpression(_ tabButton: TabButton) -> [SpecNode] {
    [.tabButton(tabButton)]
  }
  public static func buildExpression(_ broadcast: Broadcast) -> [SpecNode] {
    [.broadcast(broadcast)]
  }
  public static func buildExpression(_ invariant: Invariant) -> [SpecNode] {
    [.invariant(invariant)]
  }
  public static func buildExpression(_ nodes: [SpecNode]) -> [SpecNode] { nodes }
  public static func buildExpression(_ destinations: [Destination]) -> [SpecNode] {
    destinations.map(SpecNode.destination)
  }
  public static func buildBlock(_ parts: [SpecNode]...) -> [SpecNode] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [SpecNode]?) -> [SpecNode] { part ?? [] }
  public static func buildEither(first part: [SpecNode]) -> [SpecNode] { part }
  public static func buildEither(second part: [SpecNode]) -> [SpecNode] { part }
  public static func buildArray(_ parts: [[SpecNode]]) -> [SpecNode] { parts.flatMap { $0 } }
  public static func buildLimitedAvailability(_ part: [SpecNode]) -> [SpecNode] { part }

  @available(
    *, unavailable,
    message:
      "a transition belongs inside a Destination: write Destination(\"Screen\") { Push(\"Other\") }"
  )
  public static func buildExpression<Node: TransitionNode>(_ node: Node) -> [SpecNode] { [] }

  @available(
    *, unavailable,
    message: "a bare string is not a spec part: write Destination(\"Name\") { … }"
  )
  public static func buildExpression(_ name: String) -> [SpecNode] { [] }

  @available(
    *, unavailable,
    message: "a Button belongs inside an Alert in a Destination: Alert(\"Name\") { Button(\"OK\") }"
  )
  public static func buildExpression(_ button: Button) -> [SpecNode] { [] }

  @available(
    *, unavailable,
    message:
      "SetFlag is an action: declare the flag here with Flag(\"name\", initially: true) and set it in a Destination"
  )
  public static func buildExpression(_ node: SetFlag) -> [SpecNode] { [] }

  @available(
    *, unavailable,
    message:
      "an Outcome belongs inside Async in a Destination: Destination(\"Screen\") { Async(\"Send\") { Outcome(\"sent\") { … } } }"
  )
  public static func buildExpression(_ outcome: Outcome) -> [SpecNode] { [] }
}

/// One part of a spec's body, as `SpecBuilder` collects them.
///
/// ```swift
/// @SpecBuilder func settings() -> [SpecNode] { Destination("Settings") { Dismiss() } }
/// ```
public enum SpecNode: Sendable {
  /// A `Module` (SEMANTICS §1): the first declared is where the app starts.
  case module(Module)
  /// A `Flag` (SEMANTICS §1): app state that guards read and `SetFlag` sets.
  case flag(Flag)
  /// A `Destination`.
  case destination(Destination)
  /// A `Flow`.
  case flow(Flow)
  /// A `DeepLink`.
  case deepLink(DeepLink)
  /// An `Invariant`.
  case invariant(Invariant)
  /// A `TabButton` of the spec's tabs (SEMANTICS v3 §11.5); in a spec with modules, declare it
  /// in its `Module` instead.
  case tabButton(TabButton)
  /// A `Broadcast` (SEMANTICS v3 §11.7), declared beside the deep links.
  case broadcast(Broadcast)
}

/// Builds the transitions of a `Destination`. (A `DeepLink`'s body is a sequence:
/// `SequenceBuilder`, which takes these helpers too.)
///
/// ```swift
/// @TransitionBuilder var closeButtons: [Transition] {
///   Dismiss()
///   DismissAll().label("Home")
/// }
/// Destination("Settings") { closeButtons; Push("About") }
/// ```
@resultBuilder
public enum TransitionBuilder {
  public static func buildExpression<Node: TransitionNode>(_ node: Node) -> [Transition] {
    [node.transition]
  }
  public static func buildExpression(_ transition: Transition) -> [Transition] { [transition] }
  public static func buildExpression(_ transitions: [Transition]) -> [Transition] { transitions }
  public static func buildBlock(_ parts: [Transition]...) -> [Transition] { parts.flatMap { $0 } }
  /// What the destination's screens do when they appear (SEMANTICS v3 §11.11): taken out of
  /// the transitions by the destination.
  public static func buildExpression(_ onAppear: OnAppear) -> [Transition] {
    [Transition(carrying: onAppear)]
  }
  public static func buildOptional(_ part: [Transition]?) -> [Transition] { part ?? [] }
  public static func buildEither(first part: [Transition]) -> [Transition] { part }
  public static func buildEither(second part: [Transition]) -> [Transition] { part }
  public static func buildArray(_ parts: [[Transition]]) -> [Transition] { parts.flatMap { $0 } }
  public static func buildLimitedAvailability(_ part: [Transition]) -> [Transition] { part }

  @available(
    *, unavailable,
    message:
      "a bare string is not a transition: write Push(\"Screen\"), Sheet(\"Screen\") or another action"
  )
  public static func buildExpression(_ name: String) -> [Transition] { [] }

  @available(
    *, unavailable,
    message: "destinations are not nested: declare each Destination at the top of the spec"
  )
  public static func buildExpression(_ destination: Destination) -> [Transition] { [] }

  @available(*, unavailable, message: "a Button belongs inside an Alert(\"Name\") { … }")
  public static func buildExpression(_ button: Button) -> [Transition] { [] }

  @available(
    *, unavailable,
    message:
      "a Module is declared at the top of the spec, beside the destinations: NavigationSpec(\"App\") { Module(\"Main\", root: \"Home\"); Destination(\"Home\") }"
  )
  public static func buildExpression(_ module: Module) -> [Transition] { [] }

  @available(
    *, unavailable,
    message: "a Flow is declared at the top of the spec; start it here with StartFlow(\"Name\")"
  )
  public static func buildExpression(_ flow: Flow) -> [Transition] { [] }

  @available(
    *, unavailable,
    message:
      "a DeepLink is declared at the top of the spec; inside a Destination write its actions, or Actions { … }"
  )
  public static func buildExpression(_ deepLink: DeepLink) -> [Transition] { [] }

  @available(*, unavailable, message: "an Invariant is declared at the top of the spec")
  public static func buildExpression(_ invariant: Invariant) -> [Transition] { [] }

  @available(
    *, unavailable,
    message:
      "a TabButton is a tab bar item: declare it beside the tabs, in NavigationSpec(\"App\", tabs: […]) { … } or Module(\"Main\", tabs: […]) { … }"
  )
  public static func buildExpression(_ tabButton: TabButton) -> [Transition] { [] }

  @available(
    *, unavailable,
    message:
      "a Flag is declared at the top of the spec, beside the destinations; set it here with SetFlag(\"name\", true)"
  )
  public static func buildExpression(_ flag: Flag) -> [Transition] { [] }

  @available(
    *, unavailable,
    message:
      "an Outcome belongs inside Async: Async(\"Send\") { Outcome(\"sent\") { … }; Outcome(\"failed\") { … } }"
  )
  public static func buildExpression(_ outcome: Outcome) -> [Transition] { [] }
}

/// Builds a sequence (SEMANTICS §1): actions performed in order, the first from the acting
/// screen, each next one from the screen the one before leaves active. It builds the bodies of
/// `Actions { … }`, of a `Button`, of `.onDismiss { … }` and of a `DeepLink`.
///
/// A trigger or a label means nothing on one action of a sequence (validation reports it): put
/// `.async()` and `.label(_:)` on the whole `Actions { … }`. `@TransitionBuilder` helpers fit
/// here too, as their actions in order.
///
/// ```swift
/// @SequenceBuilder var signOut: [Transition] {
///   ShowModule("SignedOut")
///   Push("Welcome")
/// }
/// Destination("Settings") {
///   Actions { signOut }.label("Sign out")
///   Alert("Session expired") { Button("OK") { signOut } }
/// }
/// ```
@resultBuilder
public enum SequenceBuilder {
  public static func buildExpression<Node: TransitionNode>(_ node: Node) -> [Transition] {
    [node.transition]
  }
  public static func buildExpression(_ transition: Transition) -> [Transition] { [transition] }
  public static func buildExpression(_ transitions: [Transition]) -> [Transition] { transitions }
  public static func buildBlock(_ parts: [Transition]...) -> [Transition] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [Transition]?) -> [Transition] { part ?? [] }
  public static func buildEither(first part: [Transition]) -> [Transition] { part }
  public static func buildEither(second part: [Transition]) -> [Transition] { part }
  public static func buildArray(_ parts: [[Transition]]) -> [Transition] { parts.flatMap { $0 } }
  public static func buildLimitedAvailability(_ part: [Transition]) -> [Transition] { part }

  @available(
    *, unavailable,
    message:
      "a bare string is not an action: write Push(\"Screen\"), ShowModule(\"Module\") or another action"
  )
  public static func buildExpression(_ name: String) -> [Transition] { [] }

  @available(
    *, unavailable,
    message:
      "a sequence holds actions, not destinations: declare each Destination at the top of the spec"
  )
  public static func buildExpression(_ destination: Destination) -> [Transition] { [] }

  @available(
    *, unavailable,
    message:
      "a sequence holds actions, not modules: declare each Module at the top of the spec and switch to it with ShowModule(\"Name\")"
  )
  public static func buildExpression(_ module: Module) -> [Transition] { [] }

  @available(*, unavailable, message: "a Button belongs inside an Alert(\"Name\") { … }")
  public static func buildExpression(_ button: Button) -> [Transition] { [] }

  @available(
    *, unavailable,
    message: "a Flow is declared at the top of the spec; start it here with StartFlow(\"Name\")"
  )
  public static func buildExpression(_ flow: Flow) -> [Transition] { [] }

  @available(*, unavailable, message: "a DeepLink is declared at the top of the spec")
  public static func buildExpression(_ deepLink: DeepLink) -> [Transition] { [] }

  @available(
    *, unavailable,
    message:
      "a TabButton is a tab bar item: declare it beside the tabs, in NavigationSpec(\"App\", tabs: […]) { … } or Module(\"Main\", tabs: […]) { … }"
  )
  public static func buildExpression(_ tabButton: TabButton) -> [Transition] { [] }

  @available(
    *, unavailable,
    message:
      "an OnAppear belongs directly in a Destination's body: Destination(\"Timeline\") { OnAppear { … } }"
  )
  public static func buildExpression(_ onAppear: OnAppear) -> [Transition] { [] }

  @available(
    *, unavailable,
    message:
      "a Flag is declared at the top of the spec, beside the destinations; set it here with SetFlag(\"name\", true)"
  )
  public static func buildExpression(_ flag: Flag) -> [Transition] { [] }

  @available(
    *, unavailable,
    message:
      "an Outcome belongs inside Async, not in a sequence: Async(\"Send\") { Outcome(\"sent\") { … } } in a Destination"
  )
  public static func buildExpression(_ outcome: Outcome) -> [Transition] { [] }
}

/// Builds the buttons of an `Alert`.
///
/// ```swift
/// Alert("Discard") {
///   Button("Discard") { DismissEnvironment() }
///   Button("Keep editing")
/// }
/// ```
@resultBuilder
public enum AlertBuilder {
  public static func buildExpression(_ button: Button) -> [Button] { [button] }
  public static func buildExpression(_ buttons: [Button]) -> [Button] { buttons }
  public static func buildBlock(_ parts: [Button]...) -> [Button] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [Button]?) -> [Button] { part ?? [] }
  public static func buildEither(first part: [Button]) -> [Button] { part }
  public static func buildEither(second part: [Button]) -> [Button] { part }
  public static func buildArray(_ parts: [[Button]]) -> [Button] { parts.flatMap { $0 } }

  @available(
    *, unavailable,
    message: "an alert holds buttons: write Button(\"Label\") { Dismiss() } or Button(\"OK\")"
  )
  public static func buildExpression<Node: TransitionNode>(_ node: Node) -> [Button] { [] }

  @available(*, unavailable, message: "a bare string is not a button: write Button(\"Label\")")
  public static func buildExpression(_ label: String) -> [Button] { [] }

  @available(
    *, unavailable,
    message:
      "an Outcome belongs inside Async, not in an Alert: Async(\"Send\") { Outcome(\"failed\") { Alert(\"SendFailed\") } }"
  )
  public static func buildExpression(_ outcome: Outcome) -> [Button] { [] }
}

/// Builds the steps of a `Flow`: `Push`, `Sheet` and `FullScreenCover`.
///
/// ```swift
/// Flow("Onboarding") {
///   FullScreenCover("Welcome")
///   Push("Permissions")
/// }
/// ```
@resultBuilder
public enum FlowBuilder {
  public static func buildExpression(_ push: Push) -> [FlowStep] { [step(push, .push)] }
  public static func buildExpression(_ sheet: Sheet) -> [FlowStep] { [step(sheet, .sheet)] }
  public static func buildExpression(_ fullScreenCover: FullScreenCover) -> [FlowStep] {
    [step(fullScreenCover, .fullScreenCover)]
  }
  public static func buildExpression(_ steps: [FlowStep]) -> [FlowStep] { steps }
  public static func buildBlock(_ parts: [FlowStep]...) -> [FlowStep] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [FlowStep]?) -> [FlowStep] { part ?? [] }
  public static func buildEither(first part: [FlowStep]) -> [FlowStep] { part }
  public static func buildEither(second part: [FlowStep]) -> [FlowStep] { part }
  public static func buildArray(_ parts: [[FlowStep]]) -> [FlowStep] { parts.flatMap { $0 } }

  @available(
    *, unavailable,
    message: "a flow step is Push(\"Screen\"), Sheet(\"Screen\") or FullScreenCover(\"Screen\")"
  )
  public static func buildExpression<Node: TransitionNode>(_ node: Node) -> [FlowStep] { [] }

  @available(*, unavailable, message: "a bare string is not a flow step: write Push(\"Screen\")")
  public static func buildExpression(_ name: String) -> [FlowStep] { [] }

  @available(
    *, unavailable,
    message:
      "a flow step has no onDismiss: put .onDismiss { … } on a Push, Sheet, FullScreenCover or Modal in a Destination"
  )
  public static func buildExpression(_ node: ShowWithOnDismiss) -> [FlowStep] { [] }

  /// A flow step keeps the node's destination and location; a trigger or label has no meaning
  /// there, so validation reports one.
  static func step<Node: TransitionNode>(_ node: Node, _ style: PresentationStyle) -> FlowStep {
    let transition = node.transition
    var step = FlowStep(
      style: style, destination: transition.action.destination ?? "",
      location: transition.location)
    if transition.trigger != .user || transition.label != nil {
      step.buildProblems.append(
        SpecProblem(
          "a flow step is performed by StartFlow or Next; remove its '.async()' or '.label(_:)'",
          location: transition.location))
    }
    step.buildProblems += transition.sequenceOnlyProblems
    return step
  }
}
