/// An event of a spec in the form a team's router performs it: what happened, to which screen.
///
/// The reference router (SEMANTICS §4) decides which events are possible; a router under test
/// receives each as a `NavigationStep` and does what its app would do.
///
/// ```swift
/// // Fragment: an adapter's perform(_:), its work in `var pending = PendingWork<() -> Void>()`
/// switch step.event {
/// case .transition(.push(let destination), _): router(at: step.screen).push(destination)
/// case .swipeBack: router(at: step.screen).pop()
/// case .startAsync(let work): pending.start(work, router(at: step.screen).closure(for: work))
/// case .completeAsync(let work): pending.complete(work)?()
/// default: throw RouterAdapterError.unsupported(step)
/// }
/// ```
///
/// NavCheck adds kinds of event as the semantics grows (tabs, modules, overlays, guards): keep
/// a `default:` arm, and list the kinds your router does not handle in
/// `RouterAdapter.unsupportedEvents`.
public enum NavigationEvent: Sendable, Equatable, CustomStringConvertible {
  /// The acting screen's user does a transition: perform `action` (a tap).
  case transition(Action, label: String?)
  /// The acting screen's user does a transition of several actions, or of a show action with an
  /// onDismiss (SEMANTICS §5): perform them in order, the first from the acting screen, each
  /// next from the screen the one before leaves active; register each onDismiss the way the app
  /// does (SwiftUI calls it after the tap's code, when the screen shown goes).
  case sequence([SequenceAction], label: String?)
  /// The user swipes the acting screen back: it is popped.
  case swipeBack
  /// The user swipes the acting sheet down: its environment is dismissed.
  case swipeDown
  /// The user taps `label` on the alert `alert` that the acting screen shows; the alert closes,
  /// then the screen performs `action`, if any.
  case alertButton(alert: String, label: String, action: Action?)
  /// The acting screen starts work that completes later with `work.action`: capture what your
  /// router captures (a closure, a router reference, a binding), and run it on completion.
  case startAsync(AsyncWork)
  /// Work started earlier completes: run what was captured at its start. `NavigationStep.screen`
  /// says where its screen is now.
  case completeAsync(AsyncWork)
  /// A deep link arrives: its actions in order, the first from `NavigationStep.screen` — the app
  /// root (`.root`), the active screen (`.active`), the top of the selected stack (`.stack`) or
  /// of the named tab's stack (`.tab`).
  case deepLink(name: String, start: DeepLink.Start, actions: [Action])
  /// The user taps outside the confirmation dialog the acting screen shows: it closes, with no
  /// action.
  case dismissDialog
  /// The user taps the background of the modal the acting screen is in: it is dismissed.
  case backgroundTap
  /// The user selects the tab whose root is `tab` (SEMANTICS §4.6).
  case selectTab(tab: String)
  /// The user taps the selected tab again: its stack is popped to its root.
  case reselectTab
  /// The user taps the toast the app shows (SEMANTICS v3 §11.4): it closes, then its actions
  /// run in order, the first from `NavigationStep.screen` (the router its `start` names).
  case tapToast(name: String, start: DeepLink.Start, actions: [Action])
  /// The toast the app shows goes away by itself (its timer fires).
  case toastExpires(name: String)
  /// The user taps the tab bar item `name` that acts instead of selecting (SEMANTICS v3
  /// §11.5): perform `actions` in order, the first from `NavigationStep.screen` (the top of the
  /// selected tab's stack, the active screen), as a `.sequence` is performed.
  ///
  /// ```swift
  /// // Fragment: an adapter's perform(_:), in its switch over step.event
  /// case .tabButton("Post", _): router(at: step.screen).presentedSheet = .composer
  /// ```
  case tabButton(name: String, actions: [SequenceAction])
  /// The broadcast `name` arrives (SEMANTICS v3 §11.7): deliver it to every observer your app
  /// keeps, as `NotificationCenter` or `.onOpenURL` does; `NavigationStep.screen` is the first
  /// observer screen. Each live screen of an observing destination, in tree pre-order, does its
  /// observer's actions, unless an earlier one removed it.
  ///
  /// ```swift
  /// // Fragment: an adapter's perform(_:), in its switch over step.event
  /// case .broadcast("openURL"): for router in tabRouters { router.navigate(to: .status) }
  /// ```
  case broadcast(name: String)
  /// The user taps `label` on the window prompt `prompt` the app shows (SEMANTICS v3 §11.8):
  /// the prompt closes, then `actions` run in order, the first from `NavigationStep.screen`
  /// (the active screen).
  ///
  /// ```swift
  /// // Fragment: an adapter's perform(_:), in its switch over step.event
  /// case .promptButton("PIN", let label, _): app.windowPrompt?.answer(label)
  /// ```
  case promptButton(prompt: String, label: String, actions: [Action])
  /// The user taps outside the window prompt `prompt`, a confirmation dialog: it closes, with
  /// no action (SEMANTICS v3 §11.8).
  case dismissPrompt(prompt: String)

  /// The kinds of event, for `RouterAdapter.unsupportedEvents` and statistics.
  ///
  /// An open kind: NavCheck adds kinds of event as the semantics grows.
  public struct Kind: OpenKind {
    public let rawValue: String
    private init(_ name: String) { rawValue = name }

    /// A tap (or another user transition) of the acting screen.
    public static let transition = Kind("transition")
    /// A transition of several actions, or with an onDismiss.
    public static let sequence = Kind("sequence")
    /// The user swipes back.
    public static let swipeBack = Kind("swipeBack")
    /// The user swipes the sheet down.
    public static let swipeDown = Kind("swipeDown")
    /// A button of the acting screen's alert.
    public static let alertButton = Kind("alertButton")
    /// Async work starts.
    public static let startAsync = Kind("startAsync")
    /// Async work completes.
    public static let completeAsync = Kind("completeAsync")
    /// A deep link arrives.
    public static let deepLink = Kind("deepLink")
    /// The user taps outside a confirmation dialog.
    public static let dismissDialog = Kind("dismissDialog")
    /// The user taps a modal's background.
    public static let backgroundTap = Kind("backgroundTap")
    /// The user selects a tab.
    public static let selectTab = Kind("selectTab")
    /// The user taps the selected tab again.
    public static let reselectTab = Kind("reselectTab")
    /// The user taps the toast shown.
    public static let tapToast = Kind("tapToast")
    /// The toast shown goes away by itself.
    public static let toastExpires = Kind("toastExpires")
    /// The user taps a tab bar item that acts instead of selecting (SEMANTICS v3 §11.5).
    public static let tabButton = Kind("tabButton")
    /// A broadcast arrives, handled by every live observer (SEMANTICS v3 §11.7).
    public static let broadcast = Kind("broadcast")
    /// A button of the window prompt the app shows (SEMANTICS v3 §11.8).
    public static let promptButton = Kind("promptButton")
    /// The user taps outside the window prompt, a confirmation dialog (SEMANTICS v3 §11.8).
    public static let dismissPrompt = Kind("dismissPrompt")
    /// Not a kind of event of its own: the events whose actions present on the app's
    /// presenter (SEMANTICS v3 §11.10), which a check leaves out for an adapter that does not
    /// support it (`RouterAdapter.supportsAppPresenter`). Not in `allCases`.
    public static let appPresentation = Kind("appPresentation")

    public static let allCases: [Kind] = [
      transition, swipeBack, swipeDown, alertButton, startAsync, completeAsync, deepLink,
      dismissDialog, backgroundTap, selectTab, reselectTab, sequence, tabButton, tapToast,
      toastExpires, broadcast, promptButton, dismissPrompt,
    ]
  }

  /// The event's kind.
  public var kind: Kind {
    switch self {
    case .transition: .transition
    case .sequence: .sequence
    case .swipeBack: .swipeBack
    case .swipeDown: .swipeDown
    case .alertButton: .alertButton
    case .startAsync: .startAsync
    case .completeAsync: .completeAsync
    case .deepLink: .deepLink
    case .dismissDialog: .dismissDialog
    case .backgroundTap: .backgroundTap
    case .selectTab: .selectTab
    case .reselectTab: .reselectTab
    case .tapToast: .tapToast
    case .toastExpires: .toastExpires
    case .tabButton: .tabButton
    case .broadcast: .broadcast
    case .promptButton: .promptButton
    case .dismissPrompt: .dismissPrompt
    }
  }

  /// The event in words: `push Detail 'Open'`, `swipe back`, `async 'Save' completes`.
  public var description: String {
    switch self {
    case .transition(let action, let label):
      return action.declarationWords + (label.map { " '\($0)'" } ?? "")
    case .sequence(let actions, let label):
      return actions.map(\.action.declarationWords).joined(separator: ", ")
        + (label.map { " '\($0)'" } ?? "")
    case .swipeBack, .swipeDown, .dismissDialog, .backgroundTap, .reselectTab:
      return gesture!.command
    case .alertButton(let alert, let label, let action):
      return EventWords.alertButton("alert", alert: alert, button: label)
        + (action.map { " → " + $0.declarationWords } ?? "")
    case .startAsync(let work): return EventWords.asyncStarts(work.name)
    case .completeAsync(let work):
      // Work with outcomes does what its outcome does (the step's actions), not `action`.
      if let outcome = work.outcome {
        return EventWords.asyncCompletes(work.name, outcome: outcome)
      }
      if work.outcomes != nil { return EventWords.asyncCompletes(work.name) }
      return EventWords.asyncCompletes(work.name) + " → \(work.action.declarationWords)"
    case .deepLink(let name, _, _): return EventWords.deepLink(name)
    case .selectTab(let tab): return "select tab \(tab)"
    case .tapToast(let name, _, _): return "tap toast '\(name)'"
    case .toastExpires(let name): return EventWords.toastExpires(name)
    case .tabButton(let name, let actions):
      return "tap tab item '\(name)' → "
        + actions.map(\.action.declarationWords).joined(separator: ", ")
    case .broadcast(let name): return EventWords.broadcast(name) + " arrives"
    case .promptButton(let prompt, let label, let actions):
      return EventWords.alertButton("window prompt", alert: prompt, button: label)
        + (actions.isEmpty
          ? "" : " → " + actions.map(\.declarationWords).joined(separator: ", "))
    case .dismissPrompt(let prompt): return "tap outside window prompt '\(prompt)'"
    }
  }

  /// The gesture the event is, described once in `EventReference.Gesture` (its names and
  /// words): a gesture's kind has the gesture's name. `nil` for an event that is not a gesture.
  ///
  /// ```swift
  /// let swipe = NavigationEvent.swipeBack.gesture               // .swipeBack
  /// let tab = NavigationEvent.selectTab(tab: "Inbox").gesture   // nil
  /// ```
  public var gesture: EventReference.Gesture? { EventReference.Gesture(rawValue: kind.rawValue) }

}

/// Work an async transition started: what it will do, and the identity the checker tracks it
/// by, so a router can keep pending work by id.
///
/// ```swift
/// // Fragment: an adapter's perform(_:), its work in `var pending = PendingWork<() -> Void>()`
/// case .startAsync(let work):
///   let router = self.router(at: step.screen)          // captured now, as the app does
///   pending.start(work) { router.dismissScreen() }
/// ```
public struct AsyncWork: Sendable, Equatable, CustomStringConvertible {
  /// Which work: the screen that started it (its place when it started) and the transition.
  /// Two pieces of work that are pending at once never share an id.
  public struct ID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The starting screen's position in tree pre-order (0 is the app root).
    public var screen: Int
    /// The transition's 0-based index among its destination's transitions.
    public var transition: Int

    /// An id.
    public init(screen: Int, transition: Int) {
      self.screen = screen
      self.transition = transition
    }

    public static func < (a: ID, b: ID) -> Bool {
      (a.screen, a.transition) < (b.screen, b.transition)
    }

    /// `3#1`: the screen at position 3, transition 1.
    public var description: String { "\(screen)#\(transition)" }
  }

  /// Its identity.
  public var id: ID
  /// The destination of the screen that started it.
  public var destination: String
  /// The transition's label, if it has one.
  public var label: String?
  /// What it does when it completes, from its screen.
  public var action: Action
  /// Whether it is cancelled when its screen is removed (SwiftUI's `.task`).
  public var cancelsOnDismiss: Bool
  /// At a completion of work with outcomes (SEMANTICS §1), the outcome's label; its actions are
  /// the step's `actions`. `nil` at a start and for work with one implicit outcome.
  public var outcome: String? = nil
  /// The labels of its outcomes, in declaration order, where it completes in one of several
  /// (SEMANTICS §1); `nil` for work with one implicit outcome, whose `action` is what it does.
  public var outcomes: [String]? = nil
  /// In a router check, the step of the sequence that started it (1-based): two pieces of work
  /// with the same id, one still pending and one kept past its screen, differ in it.
  /// `PendingWork` matches on it. `nil` outside a check.
  public var startedAt: Int? = nil

  /// Work as a check hands it to an adapter; what a test of an adapter builds.
  ///
  /// ```swift
  /// let save = AsyncWork(
  ///   id: .init(screen: 1, transition: 0), destination: "AddTodo", label: "Save",
  ///   action: .dismiss(destination: nil), cancelsOnDismiss: true)
  /// ```
  public init(
    id: ID, destination: String, label: String? = nil, action: Action,
    cancelsOnDismiss: Bool = false, outcome: String? = nil, startedAt: Int? = nil
  ) {
    self.id = id
    self.destination = destination
    self.label = label
    self.action = action
    self.cancelsOnDismiss = cancelsOnDismiss
    self.outcome = outcome
    self.startedAt = startedAt
  }

  /// The work's name in traces: its label in quotes, or its action.
  public var name: String { label.map { "'\($0)'" } ?? action.declarationWords }

  /// The work in words, by its screen and name: `AddTodo 'Save'`.
  public var words: String { "\(destination) \(name)" }

  public var description: String { "\(destination): \(name) [\(id)]" }
}

/// Where a screen is in the router tree: the tab whose stack holds it (or whose presentations
/// do), which environment of that tab (0 is the tab's own stack, then each environment
/// presented above it, in order), the environment's style, and the screen's position in the
/// environment's stack.
///
/// ```swift
/// // Fragment: an adapter whose app keeps a router per environment
/// func router(at screen: ScreenLocation) -> Router { routers[screen.environment] }
/// ```
public struct ScreenLocation: Sendable, Hashable, CustomStringConvertible {
  /// The tab: 0 for the first tab's stack, and for an app without tabs; -1 for a screen of
  /// the app's presentation, above the tabs (SEMANTICS v3 §11.10), whose `environment` then
  /// counts from 1 at its root.
  public var tab: Int
  /// The environment: 0 for the tab's stack in the root environment, n for the n-th
  /// environment presented above it.
  public var environment: Int
  /// How that environment is shown (`.root` for environment 0).
  public var style: StateView.Style
  /// The position in the environment's stack: 0 is the environment's root screen.
  public var position: Int
  /// The destination the screen shows.
  public var destination: String

  /// A location; the style defaults to `.root` for environment 0 and `.sheet` above it (it is
  /// what the reference router says, and not part of equality: the place is).
  public init(
    tab: Int = 0, environment: Int, position: Int, destination: String,
    style: StateView.Style? = nil
  ) {
    self.tab = tab
    self.environment = environment
    self.position = position
    self.destination = destination
    self.style = style ?? (environment == 0 ? .root : .sheet)
  }

  public static func == (a: ScreenLocation, b: ScreenLocation) -> Bool {
    (a.tab, a.environment, a.position, a.destination)
      == (b.tab, b.environment, b.position, b.destination)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(tab)
    hasher.combine(environment)
    hasher.combine(position)
    hasher.combine(destination)
  }

  /// `TodoDetail (environment 0, position 1)`; with tabs, `Search (tab 1, environment 0,
  /// position 0)`.
  public var description: String {
    let tabWords = tab == 0 ? "" : "tab \(tab), "
    return "\(destination) (\(tabWords)environment \(environment), position \(position))"
  }
}

/// One event with the screen it acts on: what a `RouterAdapter` performs.
///
/// ```swift
/// // Fragment: an adapter's method
/// mutating func perform(_ step: NavigationStep) throws {
///   print(step)   // "TodoList: push TodoDetail"
/// }
/// ```
public struct NavigationStep: Sendable, Equatable, CustomStringConvertible {
  /// What happens.
  public var event: NavigationEvent
  /// The screen it acts on: the active screen for the user's events, the screen that started
  /// the work (where it is now) for a completion; for a deep link, per its `start`, the app
  /// root, the active screen, or the top of the selected stack or of the named tab's stack (the
  /// screen its first action is performed from).
  public var screen: ScreenLocation
  /// Where the event performs a flow step (`StartFlow`, `Next()`), the step: its style and
  /// destination. `nil` otherwise, and where `NextOrDismissEnvironment()` finds the flow
  /// exhausted (it then dismisses the environment).
  public var flowStep: FlowStep?
  /// The event as `navcheck replay` and a pasteable test name it.
  public var reference: EventReference
  /// The actions the event performs, in order, each with the onDismiss the screen it shows
  /// carries (SEMANTICS §5): a transition's, the alert button's, the completed work's, the deep
  /// link's; empty for a gesture, a tab selection or the start of async work. Where the event's
  /// case holds one `Action` (a button, a completion), it is the first of these.
  public var actions: [SequenceAction] = []
  /// Whether the event is the completion of work the reference router no longer holds: work
  /// cancelled with its screen, or kept past it (a router check injects it, SEMANTICS is
  /// silent). A correct router ignores it: `PendingWork.complete` returns `nil`. `screen` is
  /// where the work's screen was when it started.
  public var isStaleCompletion = false
  /// The destinations whose onAppear performed in the step, in order (SEMANTICS v3 §11.11):
  /// the screens the event made appear and what they did is part of the step. An adapter
  /// whose views run their own `.onAppear` has nothing to do; one that drives a router alone
  /// performs them after the event.
  ///
  /// ```swift
  /// // Fragment: after performing the event
  /// for destination in step.appearances where destination == "Timeline" {
  ///   if !session.signedIn { router.presentedSheet = .addAccount }
  /// }
  /// ```
  public var appearances: [String] = []

  /// A step as a check hands it to an adapter; what a test of an adapter builds.
  ///
  /// ```swift
  /// let push = NavigationStep(
  ///   event: .transition(.push(destination: "Detail"), label: nil),
  ///   screen: ScreenLocation(environment: 0, position: 0, destination: "Home"),
  ///   reference: .transition(screen: "Home", transition: .index(0)))
  /// ```
  public init(
    event: NavigationEvent, screen: ScreenLocation, flowStep: FlowStep? = nil,
    reference: EventReference, actions: [SequenceAction] = [], isStaleCompletion: Bool = false
  ) {
    self.event = event
    self.screen = screen
    self.flowStep = flowStep
    self.reference = reference
    self.actions = actions
    self.isStaleCompletion = isStaleCompletion
  }

  /// `TodoList: push TodoDetail`; a completion of work with outcomes names the outcome and
  /// what it does (`Composer: async 'Publish' completes: failed → alert 'Failed'`).
  public var description: String {
    if isStaleCompletion {
      return "\(screen.destination) (gone): \(event), after its screen was removed"
    }
    if case .completeAsync(let work) = event, work.outcome != nil, !actions.isEmpty {
      let words = actions.map(\.action.declarationWords).joined(separator: ", ")
      return "\(screen.destination): \(event) → \(words)"
    }
    return "\(screen.destination): \(event)"
  }
}
