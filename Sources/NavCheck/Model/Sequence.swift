/// One action of a sequence (SEMANTICS §1): what a transition, an alert button, a deep link
/// or an onDismiss performs, in order, with where it was written and, for a show action, what
/// runs when the screen it shows is removed.
///
/// ```swift
/// SequenceAction(.sheet(destination: "Compose"),
///                onDismiss: OnDismiss(actions: [SequenceAction(.selectTab(tab: "Search"))]))
/// ```
public struct SequenceAction: Sendable, Equatable {
  /// What it does.
  public var action: Action
  /// What runs when the screen it shows is removed (`push`, `sheet`, `fullScreenCover` and
  /// `modal` only).
  public var onDismiss: OnDismiss?
  /// Whether a `sheet` or `fullScreenCover` sets its screen's one slot of that style, as
  /// SwiftUI's `.sheet(item:)` does (SEMANTICS v3 §11.6): presenting the item shown again
  /// changes nothing, presenting another replaces it.
  public var isItem = false
  /// Whether a `showModule` keeps the selected tab: the new module's tab with the same root
  /// destination is selected, where it has one (SEMANTICS v3 §11.9).
  public var keepsTab = false
  /// Who presents a `sheet`, `fullScreenCover` or `modal`: the performing screen (the default)
  /// or the app, above the tabs (SEMANTICS v3 §11.10).
  public var presenter: Presenter = .screen
  /// Where it was declared.
  public var location: SourceLocation?
  /// Mistakes the DSL noticed while building it; validation reports them.
  var buildProblems: [SpecProblem] = []

  /// Creates a sequence action.
  ///
  /// ```swift
  /// SequenceAction(.sheet(destination: "Profile"), isItem: true)
  /// SequenceAction(.showModule(module: "Main"), keepsTab: true)
  /// SequenceAction(.sheet(destination: "Composer"), presenter: .app)
  /// ```
  public init(
    _ action: Action, onDismiss: OnDismiss? = nil, isItem: Bool = false, keepsTab: Bool = false,
    presenter: Presenter = .screen, location: SourceLocation? = nil
  ) {
    self.action = action
    self.onDismiss = onDismiss
    self.isItem = isItem
    self.keepsTab = keepsTab
    self.presenter = presenter
    self.location = location
  }

  /// Actions are equal when they say the same thing, wherever they were written.
  public static func == (a: SequenceAction, b: SequenceAction) -> Bool {
    a.action == b.action && a.onDismiss == b.onDismiss && a.isItem == b.isItem
      && a.keepsTab == b.keepsTab && a.presenter == b.presenter
  }

  /// The action in the words of a trace, with " (item)" for an item presentation (§11.6),
  /// " (keeping the tab)" for a module switch that keeps it (§11.9) and " (on the app)" for a
  /// presentation on the app's presenter (§11.10; " (item, on the app)" for both).
  var words: String {
    let notes = (isItem ? ["item"] : []) + (presenter == .app ? ["on the app"] : [])
    return action.words + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")
      + (keepsTab ? " (keeping the tab)" : "")
  }
}

/// Who presents a sheet, full-screen cover or modal (SEMANTICS v3 §11.10): the screen that
/// performs the action (SEMANTICS §5), or the app, above every tab (a `sheet(item:)` on the
/// `TabView` or on the scene), which presents one thing at a time and survives a module switch.
///
/// ```swift
/// SequenceAction(.sheet(destination: "Composer"), presenter: .app)
/// Sheet("Composer", presenter: .app)
/// ```
public enum Presenter: String, Sendable, Equatable, CaseIterable {
  /// The performing screen presents (SEMANTICS §5): the default.
  case screen
  /// The app presents, above the tabs.
  case app
}

/// What a screen's router does when the screen is removed (SwiftUI's `onDismiss`; SEMANTICS
/// §5): a non-empty sequence, performed after the whole event that removed the screen, from
/// the screen that showed it (`.screen`), from the top of that screen's stack (`.stack`) or
/// from the active screen (`.app`).
///
/// ```swift
/// Sheet("Compose").onDismiss { Alert("DraftSaved") }
/// ```
public struct OnDismiss: Sendable, Equatable {
  /// The actions, in order; never empty in a valid spec.
  public var actions: [SequenceAction]
  /// Which router performs them.
  public var actsOn: ActsOn
  /// Where it was declared.
  public var location: SourceLocation?

  /// Creates an onDismiss.
  public init(actions: [SequenceAction], actsOn: ActsOn = .screen, location: SourceLocation? = nil)
  {
    self.actions = actions
    self.actsOn = actsOn
    self.location = location
  }

  /// OnDismiss callbacks are equal when they say the same thing, wherever they were written.
  public static func == (a: OnDismiss, b: OnDismiss) -> Bool {
    a.actions == b.actions && a.actsOn == b.actsOn
  }
}

/// The router a callback or async work acts through (SEMANTICS §1 `actsOn`): the screen's
/// own, its stack's (a per-tab router), or the app's (a global coordinator, a toast service).
///
/// ```swift
/// Push("Saved").onDismiss { Modal("Toast") }.actsOn(.app)
/// ```
public enum ActsOn: String, Sendable, Hashable, CaseIterable, Codable {
  /// The screen that showed it (or started it), wherever it is then.
  case screen
  /// The top screen, at that time, of that screen's stack.
  case stack
  /// The active screen at that time.
  case app
}

/// The conditions an event needs (SEMANTICS §1): where one given does not hold, the
/// transition, button or deep link is no event in that state.
///
/// ```swift
/// Dismiss().label("Discard").unlessPending("Send")   // Guards(unlessPending: "Send")
/// ```
public struct Guards: Sendable, Hashable {
  /// The flag must be true.
  public var when: String?
  /// The flag must be false.
  public var unless: String?
  /// No async transition of the acting screen's destination with this label may be pending
  /// for that screen (transitions and buttons only).
  public var unlessPending: String?

  /// Guards; give those that apply.
  public init(when: String? = nil, unless: String? = nil, unlessPending: String? = nil) {
    self.when = when
    self.unless = unless
    self.unlessPending = unlessPending
  }

  /// Whether no guard is given.
  public var isEmpty: Bool { when == nil && unless == nil && unlessPending == nil }
}

/// One outcome of async work (SEMANTICS §1): a label and the sequence performed when the
/// work ends that way (possibly empty: the work ends, doing nothing). The first outcome to fire
/// ends the work.
///
/// ```swift
/// Async("Pay") {
///   Outcome("authorised") { Next() }
///   Outcome("declined") { Alert("PaymentFailed") }
/// }
/// ```
public struct AsyncOutcome: Sendable, Equatable {
  /// The outcome's label, unique among its transition's outcomes.
  public var label: String
  /// What it does, in order; may be empty.
  public var actions: [SequenceAction]
  /// Where it was declared.
  public var location: SourceLocation?

  /// Creates an outcome.
  public init(label: String, actions: [SequenceAction] = [], location: SourceLocation? = nil) {
    self.label = label
    self.actions = actions
    self.location = location
  }

  /// Outcomes are equal when they say the same thing, wherever they were written.
  public static func == (a: AsyncOutcome, b: AsyncOutcome) -> Bool {
    a.label == b.label && a.actions == b.actions
  }
}

/// A flag (SEMANTICS §1): app state that navigation depends on (`loggedIn`, `hasDraft`), set
/// by `SetFlag` and read by guards.
///
/// ```swift
/// Flag("loggedIn", initially: false)
/// ```
public struct Flag: Sendable, Equatable {
  /// The flag's name, unique in the spec.
  public var name: String
  /// Its value in the first state.
  public var initially: Bool
  /// Where it was declared.
  public var location: SourceLocation?

  /// Creates a flag.
  public init(name: String, initially: Bool = false, location: SourceLocation? = nil) {
    self.name = name
    self.initially = initially
    self.location = location
  }

  /// Flags are equal when they say the same thing, wherever they were written.
  public static func == (a: Flag, b: Flag) -> Bool {
    a.name == b.name && a.initially == b.initially
  }
}
