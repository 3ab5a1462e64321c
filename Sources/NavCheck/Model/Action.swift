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
  /// Shows the named alert (or confirmation dialog) with its buttons; no buttons means one "OK"
  /// with no action.
  case alert(name: String, style: AlertStyle, buttons: [AlertButton])
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
  /// Pushes each destination in turn, each from the screen the one before pushed (SEMANTICS §1).
  case pushStack(destinations: [String])
  /// Presents a new overlay environment of style modal whose stack is `[destination]`; it has
  /// no navigation, and a tap on its background dismisses it where `dismissOnBackgroundTap`.
  case modal(destination: String, dismissOnBackgroundTap: Bool)
  /// Selects the tab whose root is `tab`, in the current module.
  case selectTab(tab: String)
  /// Replaces the navigation state by the named module's initial one (a log-in or log-out).
  case showModule(module: String)
  /// Sets the flag to the value: app state that navigation depends on; goes through no router.
  case setFlag(flag: String, value: Bool)
  /// Starts the async work labelled `work` of `destination` (by default the destination that
  /// declares the action) from the performing screen, as its tap would (SEMANTICS v3 §11.2).
  case startWork(work: String, destination: String?)
  /// Cancels the async work labelled `work` of `destination` held for the performing screen, if
  /// it is pending: it will not complete (SEMANTICS v3 §11.2).
  case cancelWork(work: String, destination: String?)
  /// Shows the toast in the app's one toast slot, replacing the one shown, if any (SEMANTICS v3
  /// §11.4); it blocks nothing.
  case toast(Toast)
  /// Removes the toast shown, if any (SEMANTICS v3 §11.4).
  case dismissToast
  /// Shows the named alert (or confirmation dialog) at window level (SEMANTICS v3 §11.8): a
  /// prompt of the app, above every screen and sheet, which covers them all until one of its
  /// buttons closes it; each button's actions run from the active screen. Its JSON kind is
  /// `alert`, with `"level": "window"`.
  ///
  /// ```swift
  /// let pin: Action = .windowAlert(
  ///   name: "PIN", style: .alert,
  ///   buttons: [AlertButton(label: "Done", action: .startWork(work: "Finish", destination: nil))])
  /// ```
  case windowAlert(name: String, style: AlertStyle, buttons: [AlertButton])

  /// Shows the named alert, of style `.alert`, with its buttons (the form without a style).
  ///
  /// ```swift
  /// let action: Action = .alert(name: "Saved", buttons: [])
  /// ```
  public static func alert(name: String, buttons: [AlertButton]) -> Action {
    .alert(name: name, style: .alert, buttons: buttons)
  }

  /// The action's kind: its descriptor.
  public var kind: Kind { decomposed.kind }

  /// Whether the next action of a sequence is performed from the same screen (§1): an alert,
  /// and the actions that change no navigation (`setFlag`, `start`, `cancel`).
  var keepsTheActingScreen: Bool {
    switch self {
    case .alert, .setFlag, .startWork, .cancelWork, .toast, .dismissToast, .windowAlert: true
    case .push, .sheet, .fullScreenCover, .startFlow, .next, .nextOrDismissEnvironment, .dismiss,
      .dismissTo, .dismissCount, .dismissStack, .dismissEnvironment, .popTo, .dismissAll,
      .dismissPresented, .dismissAlert, .pushStack, .modal, .selectTab, .showModule:
      false
    }
  }

  /// The action's name in the JSON form (`push`, `dismissEnvironment`, …).
  public var name: String { kind.rawValue }

  /// The destination the action names, if it names one.
  public var destination: String? { arguments.destination }

  /// The action's arguments.
  public var arguments: Arguments { decomposed.arguments }

  /// Every action name of SEMANTICS §1, in the order of its table.
  public static let allNames = Kind.allCases.map(\.rawValue)

  /// The action in the words of its declaration: its JSON name and arguments
  /// (`sheet AddTodo`, `alert 'DeleteAll'`, `dismissCount 2`). The one owner of those words:
  /// declarations' titles, the destination graph and a router step's description
  /// (`NavigationEvent.description`) use them; a trace's sentences use `words`.
  public var declarationWords: String {
    var text = name
    let a = arguments
    for argument in kind.arguments {
      switch argument.type {
      case .destination: if let d = a.destination { text += " \(d)" }
      case .alertName: if let n = a.alert { text += " '\(n)'" }
      case .flow: if let f = a.flow { text += " '\(f)'" }
      case .count: if let n = a.count { text += " \(n)" }
      case .destinations: text += a.destinations.map { " \($0)" }.joined()
      case .tab: if let t = a.tab { text += " \(t)" }
      case .module: if let m = a.module { text += " \(m)" }
      case .alertStyle: if a.style == .confirmationDialog { text += " (confirmation dialog)" }
      case .flag:
        if a.dismissOnBackgroundTap == false { text += " (kept on background tap)" }
      case .flagName: if let f = a.flag { text += " \(f)" }
      case .value: if let v = a.value { text += " \(v)" }
      case .work: if let w = a.work { text += " '\(w)'" }
      case .toastName: if let n = a.toast { text += " '\(n)'" }
      case .alertLevel: if a.alertLevel == .window { text += " (window)" }
      case .buttons, .start, .level, .expires, .actions: break
      }
    }
    return text
  }

  /// The action in the words of a trace: `sheet AddTodo`, `dismiss 2 screens` (its kind's
  /// `Kind.words`, their one owner; a declaration is titled with `declarationWords`).
  public var words: String { kind.words(arguments) }

  // MARK: - Kinds and arguments: the one place each kind is described

  /// The arguments of an action, whatever its kind: what the JSON form reads and writes,
  /// validation checks and reports show.
  ///
  /// ```swift
  /// Action.push(destination: "Detail").arguments.destination   // "Detail"
  /// ```
  public struct Arguments: Sendable, Equatable {
    /// The destination it shows or looks for (`push`, `sheet`, `dismiss`, `popTo`, …).
    public var destination: String?
    /// The alert's name (`alert`).
    public var alert: String?
    /// The alert's buttons (`alert`).
    public var buttons: [AlertButton] = []
    /// The flow it starts (`startFlow`).
    public var flow: String?
    /// How many screens it removes (`dismissCount`).
    public var count: Int?
    /// The destinations it pushes (`pushStack`).
    public var destinations: [String] = []
    /// Whether a tap on the background dismisses it (`modal`; `nil`: the default, true).
    public var dismissOnBackgroundTap: Bool?
    /// The tab it selects, by its root destination (`selectTab`).
    public var tab: String?
    /// The module it shows (`showModule`).
    public var module: String?
    /// The alert's style (`alert`; `nil`: the default, `.alert`).
    public var style: AlertStyle?
    /// The flag it sets (`setFlag`).
    public var flag: String?
    /// The value it sets the flag to (`setFlag`).
    public var value: Bool?
    /// The async work it starts or cancels, by its label (`start`, `cancel`).
    public var work: String?
    /// The toast's name (`toast`).
    public var toast: String?
    /// Where the toast's tap starts (`toast`; `nil`: the default, `.active`).
    public var start: DeepLink.Start?
    /// Where the toast is drawn (`toast`; `nil`: the default, `.window`).
    public var level: Toast.Level?
    /// Whether the toast goes away by itself (`toast`; `nil`: the default, true).
    public var expires: Bool?
    /// What the toast's tap does (`toast`), in order.
    public var actions: [SequenceAction] = []
    /// Where the alert is shown (`alert`; `nil`: the default, `.screen`; SEMANTICS v3 §11.8).
    public var alertLevel: AlertLevel?

    /// Arguments; give those the kind takes.
    public init(
      destination: String? = nil, alert: String? = nil, buttons: [AlertButton] = [],
      flow: String? = nil, count: Int? = nil, destinations: [String] = [],
      dismissOnBackgroundTap: Bool? = nil, tab: String? = nil, module: String? = nil,
      style: AlertStyle? = nil, flag: String? = nil, value: Bool? = nil, work: String? = nil,
      toast: String? = nil, start: DeepLink.Start? = nil, level: Toast.Level? = nil,
      expires: Bool? = nil, actions: [SequenceAction] = [], alertLevel: AlertLevel? = nil
    ) {
      self.destination = destination
      self.alert = alert
      self.buttons = buttons
      self.flow = flow
      self.count = count
      self.destinations = destinations
      self.dismissOnBackgroundTap = dismissOnBackgroundTap
      self.tab = tab
      self.module = module
      self.style = style
      self.flag = flag
      self.value = value
      self.work = work
      self.toast = toast
      self.start = start
      self.level = level
      self.expires = expires
      self.actions = actions
      self.alertLevel = alertLevel
    }
  }

  /// One argument of an action kind: its key in the JSON form, what it holds and whether the
  /// action needs it.
  public struct Argument: Sendable, Hashable {
    /// What an argument holds.
    public enum ArgumentType: Sendable, Hashable {
      /// A destination's name (checked against the spec's destinations).
      case destination
      /// An alert's name.
      case alertName
      /// An alert's buttons.
      case buttons
      /// A flow's name (checked against the spec's flows).
      case flow
      /// A count of at least 1.
      case count
      /// A non-empty list of destinations' names.
      case destinations
      /// A tab, by its root destination's name (checked against the spec's tabs).
      case tab
      /// A module's name (checked against the spec's modules).
      case module
      /// An alert's style.
      case alertStyle
      /// A boolean option (`dismissOnBackgroundTap`).
      case flag
      /// A flag's name (checked against the spec's flags).
      case flagName
      /// A required boolean (`setFlag`'s value).
      case value
      /// An async transition's label (checked against the destination's async work).
      case work
      /// A toast's name.
      case toastName
      /// Where an external event's first action is performed (`root`, `active`, `stack`, `tab`).
      case start
      /// Where a toast is drawn.
      case level
      /// Whether a toast goes away by itself.
      case expires
      /// A sequence of actions (a toast's tap).
      case actions
      /// Where an alert is shown (`screen`, `window`; SEMANTICS v3 §11.8).
      case alertLevel
    }

    /// The argument's key in the JSON form.
    public let key: String
    /// What it holds.
    public let type: ArgumentType
    /// Whether the action needs it.
    public let isRequired: Bool

    static let destination = Argument(key: "destination", type: .destination, isRequired: true)
    static let optionalDestination = Argument(
      key: "destination", type: .destination, isRequired: false)
    static let alertName = Argument(key: "alert", type: .alertName, isRequired: true)
    static let buttons = Argument(key: "buttons", type: .buttons, isRequired: false)
    static let flow = Argument(key: "flow", type: .flow, isRequired: true)
    static let count = Argument(key: "count", type: .count, isRequired: true)
    static let destinations = Argument(
      key: "destinations", type: .destinations, isRequired: true)
    static let tab = Argument(key: "tab", type: .tab, isRequired: true)
    static let module = Argument(key: "module", type: .module, isRequired: true)
    static let alertStyle = Argument(key: "style", type: .alertStyle, isRequired: false)
    static let dismissOnBackgroundTap = Argument(
      key: "dismissOnBackgroundTap", type: .flag, isRequired: false)
    static let flagName = Argument(key: "flag", type: .flagName, isRequired: true)
    static let value = Argument(key: "value", type: .value, isRequired: true)
    static let work = Argument(key: "work", type: .work, isRequired: true)
    static let toastName = Argument(key: "toast", type: .toastName, isRequired: true)
    static let start = Argument(key: "start", type: .start, isRequired: false)
    static let optionalTab = Argument(key: "tab", type: .tab, isRequired: false)
    static let level = Argument(key: "level", type: .level, isRequired: false)
    static let expires = Argument(key: "expires", type: .expires, isRequired: false)
    static let actions = Argument(key: "onTap", type: .actions, isRequired: false)
    static let alertLevel = Argument(key: "level", type: .alertLevel, isRequired: false)
  }

  /// A kind of action (a row of SEMANTICS §1's table), described once: its name in the JSON
  /// form, its arguments, what it does to the screens and its words (from which the reports
  /// draw it).
  ///
  /// Kinds are values, not cases: NavCheck adds kinds as the semantics grows, and code that
  /// reads them keeps compiling. A `switch` over kinds needs a `default:`.
  ///
  /// ```swift
  /// Action.Kind.allCases.map(\.rawValue)   // ["push", "sheet", …, "dismissAlert"]
  /// Action.Kind.sheet.presents              // true
  /// ```
  public struct Kind: OpenKind {
    /// The kind's name in the JSON form.
    public let rawValue: String
    /// Its arguments, in the order the JSON form writes them.
    public let arguments: [Argument]
    /// Whether it shows a screen or an alert (from the performing screen, which must not be
    /// covered).
    public let shows: Bool
    /// The style of the environment it presents (a sheet, a cover, a modal); `nil` for a kind
    /// that presents none.
    public let presentation: StateView.Style?
    /// Whether it presents an environment (a sheet, a cover, a modal).
    public var presents: Bool { presentation != nil }
    /// Whether it removes screens.
    public let removes: Bool
    /// The action in the words of a trace.
    let words: @Sendable (Arguments) -> String

    private init(
      _ name: String, _ arguments: [Argument] = [], shows: Bool = false,
      presentation: StateView.Style? = nil, removes: Bool = false,
      words: @escaping @Sendable (Arguments) -> String
    ) {
      rawValue = name
      self.arguments = arguments
      self.shows = shows
      self.presentation = presentation
      self.removes = removes
      self.words = words
    }

    public static let push = Kind(
      "push", [.destination], shows: true
    ) { "push \($0.destination ?? "")" }
    public static let sheet = Kind(
      "sheet", [.destination], shows: true, presentation: .sheet
    ) { "sheet \($0.destination ?? "")" }
    public static let fullScreenCover = Kind(
      "fullScreenCover", [.destination], shows: true, presentation: .fullScreenCover
    ) { "\(StateView.Style.fullScreenCover.words) \($0.destination ?? "")" }
    public static let alert = Kind(
      "alert", [.alertName, .alertStyle, .alertLevel, .buttons], shows: true
    ) {
      ($0.style == .confirmationDialog
        ? "confirmation dialog '\($0.alert ?? "")'" : "alert '\($0.alert ?? "")'")
        + ($0.alertLevel == .window ? " (window)" : "")
    }
    public static let startFlow = Kind("startFlow", [.flow], shows: true) {
      "start flow '\($0.flow ?? "")'"
    }
    public static let next = Kind("next", shows: true) { _ in "next flow step" }
    public static let nextOrDismissEnvironment = Kind(
      "nextOrDismissEnvironment", shows: true, removes: true
    ) { _ in "next flow step or dismiss environment" }
    public static let dismiss = Kind("dismiss", [.optionalDestination], removes: true) {
      $0.destination.map { "dismiss \($0)" } ?? "dismiss"
    }
    public static let dismissTo = Kind(
      "dismissTo", [.destination], removes: true
    ) { "dismiss to \($0.destination ?? "")" }
    public static let dismissCount = Kind("dismissCount", [.count], removes: true) {
      let n = $0.count ?? 0
      return "dismiss \(n) screen\(n == 1 ? "" : "s")"
    }
    public static let dismissStack = Kind("dismissStack", removes: true) { _ in "dismiss stack" }
    public static let dismissEnvironment = Kind("dismissEnvironment", removes: true) { _ in
      "dismiss environment"
    }
    public static let popTo = Kind(
      "popTo", [.destination], removes: true
    ) { "pop to \($0.destination ?? "")" }
    public static let dismissAll = Kind("dismissAll", removes: true) { _ in "dismiss all" }
    public static let dismissPresented = Kind("dismissPresented", removes: true) { _ in
      "dismiss presented"
    }
    public static let dismissAlert = Kind("dismissAlert") { _ in "dismiss alert" }
    public static let pushStack = Kind("pushStack", [.destinations], shows: true) {
      "push " + $0.destinations.joined(separator: ", ")
    }
    public static let modal = Kind(
      "modal", [.destination, .dismissOnBackgroundTap], shows: true, presentation: .modal
    ) { "modal \($0.destination ?? "")" }
    public static let selectTab = Kind("selectTab", [.tab]) { "select tab \($0.tab ?? "")" }
    public static let showModule = Kind("showModule", [.module], removes: true) {
      "show module \($0.module ?? "")"
    }
    public static let setFlag = Kind("setFlag", [.flagName, .value]) {
      "set \($0.flag ?? "") to \($0.value ?? false)"
    }

    public static let start = Kind("start", [.work, .optionalDestination]) {
      "start '\($0.work ?? "")'" + ($0.destination.map { " of \($0)" } ?? "")
    }
    public static let cancel = Kind("cancel", [.work, .optionalDestination]) {
      "cancel '\($0.work ?? "")'" + ($0.destination.map { " of \($0)" } ?? "")
    }

    public static let toast = Kind(
      "toast", [.toastName, .start, .optionalTab, .level, .expires, .actions]
    ) { "toast '\($0.toast ?? "")'" }
    public static let dismissToast = Kind("dismissToast") { _ in "dismiss toast" }

    /// Every kind, in the order of SEMANTICS §1's table, then v3's (§11).
    public static let allCases: [Kind] = [
      push, sheet, fullScreenCover, alert, startFlow, next, nextOrDismissEnvironment, dismiss,
      dismissTo, dismissCount, dismissStack, dismissEnvironment, popTo, dismissAll,
      dismissPresented, dismissAlert, pushStack, modal, selectTab, showModule, setFlag, start,
      cancel, toast, dismissToast,
    ]
  }

  /// The action's kind and arguments: the one switch from cases to descriptors.
  private var decomposed: (kind: Kind, arguments: Arguments) {
    switch self {
    case .push(let d): (.push, Arguments(destination: d))
    case .sheet(let d): (.sheet, Arguments(destination: d))
    case .fullScreenCover(let d): (.fullScreenCover, Arguments(destination: d))
    case .alert(let name, let style, let buttons):
      (.alert, Arguments(alert: name, buttons: buttons, style: style == .alert ? nil : style))
    case .windowAlert(let name, let style, let buttons):
      (
        .alert,
        Arguments(
          alert: name, buttons: buttons, style: style == .alert ? nil : style,
          alertLevel: .window)
      )
    case .startFlow(let f): (.startFlow, Arguments(flow: f))
    case .next: (.next, Arguments())
    case .nextOrDismissEnvironment: (.nextOrDismissEnvironment, Arguments())
    case .dismiss(let d): (.dismiss, Arguments(destination: d))
    case .dismissTo(let d): (.dismissTo, Arguments(destination: d))
    case .dismissCount(let n): (.dismissCount, Arguments(count: n))
    case .dismissStack: (.dismissStack, Arguments())
    case .dismissEnvironment: (.dismissEnvironment, Arguments())
    case .popTo(let d): (.popTo, Arguments(destination: d))
    case .dismissAll: (.dismissAll, Arguments())
    case .dismissPresented: (.dismissPresented, Arguments())
    case .dismissAlert: (.dismissAlert, Arguments())
    case .pushStack(let ds): (.pushStack, Arguments(destinations: ds))
    case .modal(let d, let tap):
      (.modal, Arguments(destination: d, dismissOnBackgroundTap: tap ? nil : false))
    case .selectTab(let t): (.selectTab, Arguments(tab: t))
    case .showModule(let m): (.showModule, Arguments(module: m))
    case .setFlag(let f, let v): (.setFlag, Arguments(flag: f, value: v))
    case .startWork(let w, let d): (.start, Arguments(destination: d, work: w))
    case .cancelWork(let w, let d): (.cancel, Arguments(destination: d, work: w))
    case .toast(let t):
      (
        .toast,
        Arguments(
          tab: t.tab, toast: t.name, start: t.start == .active ? nil : t.start,
          level: t.level == .window ? nil : t.level, expires: t.expires ? nil : false,
          actions: t.actions)
      )
    case .dismissToast: (.dismissToast, Arguments())
    }
  }

  /// The action of `kind` with `arguments`: the one way back from descriptors to cases.
  /// `nil` where the kind is not NavCheck's or an argument it needs is missing.
  ///
  /// ```swift
  /// Action(kind: .sheet, arguments: .init(destination: "Add"))   // .sheet(destination: "Add")
  /// ```
  public init?(kind: Kind, arguments a: Arguments) {
    for argument in kind.arguments where argument.isRequired {
      switch argument.type {
      case .destination: if a.destination == nil { return nil }
      case .alertName: if a.alert == nil { return nil }
      case .flow: if a.flow == nil { return nil }
      case .count: if a.count == nil { return nil }
      case .tab: if a.tab == nil { return nil }
      case .module: if a.module == nil { return nil }
      case .flagName: if a.flag == nil { return nil }
      case .value: if a.value == nil { return nil }
      case .work: if a.work == nil { return nil }
      case .toastName: if a.toast == nil { return nil }
      case .destinations, .alertStyle, .flag, .buttons, .start, .level, .expires, .actions,
        .alertLevel:
        break
      }
    }
    if kind == .alert, a.alertLevel == .window {
      self = .windowAlert(name: a.alert ?? "", style: a.style ?? .alert, buttons: a.buttons)
      return
    }
    let cases: [Kind: Action] = [
      .push: .push(destination: a.destination ?? ""),
      .sheet: .sheet(destination: a.destination ?? ""),
      .fullScreenCover: .fullScreenCover(destination: a.destination ?? ""),
      .alert: .alert(name: a.alert ?? "", style: a.style ?? .alert, buttons: a.buttons),
      .startFlow: .startFlow(flow: a.flow ?? ""), .next: .next,
      .nextOrDismissEnvironment: .nextOrDismissEnvironment,
      .dismiss: .dismiss(destination: a.destination),
      .dismissTo: .dismissTo(destination: a.destination ?? ""),
      .dismissCount: .dismissCount(a.count ?? 0), .dismissStack: .dismissStack,
      .dismissEnvironment: .dismissEnvironment, .popTo: .popTo(destination: a.destination ?? ""),
      .dismissAll: .dismissAll, .dismissPresented: .dismissPresented,
      .dismissAlert: .dismissAlert, .pushStack: .pushStack(destinations: a.destinations),
      .modal: .modal(
        destination: a.destination ?? "", dismissOnBackgroundTap: a.dismissOnBackgroundTap ?? true),
      .selectTab: .selectTab(tab: a.tab ?? ""), .showModule: .showModule(module: a.module ?? ""),
      .setFlag: .setFlag(flag: a.flag ?? "", value: a.value ?? false),
      .start: .startWork(work: a.work ?? "", destination: a.destination),
      .cancel: .cancelWork(work: a.work ?? "", destination: a.destination),
      .toast: .toast(
        Toast(
          name: a.toast ?? "", start: a.start ?? .active, tab: a.tab, level: a.level ?? .window,
          expires: a.expires ?? true, actions: a.actions)),
      .dismissToast: .dismissToast,
    ]
    guard let action = cases[kind] else { return nil }
    self = action
  }
}

/// The style of an alert (SEMANTICS §1): a plain alert, or a confirmation dialog, which a tap
/// outside also closes, with no action.
///
/// ```swift
/// Alert("Delete?", style: .confirmationDialog) { Button("Delete") { Dismiss() } }
/// ```
public enum AlertStyle: String, Sendable, Hashable, CaseIterable, Codable {
  /// An alert: only its buttons close it.
  case alert
  /// A confirmation dialog: its buttons, or a tap outside it (`dismissDialog`), close it.
  case confirmationDialog
}

/// Where an alert is shown (SEMANTICS v3 §11.8): by its screen (the alert of §1, which covers
/// that screen), or by the app's window, above every screen and sheet (a window prompt, which
/// covers them all).
///
/// ```swift
/// Alert("PIN", level: .window) {
///   Button("Done") { StartWork("Finish sign in") }
///   Button("Cancel")
/// }
/// ```
public enum AlertLevel: String, Sendable, Hashable, CaseIterable, Codable {
  /// Shown by the screen that performs the action (the default).
  case screen
  /// Shown by the app's window-level presenter, above everything.
  case window
}

/// A button of an alert: a label and the actions the screen performs, in order, after the alert
/// closes (none: it only closes the alert).
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
  /// What the screen does after the alert closes, in order; empty: it only closes the alert.
  public var actions: [SequenceAction]
  /// Where the button was declared.
  public var location: SourceLocation?
  /// The conditions it needs to be offered (SEMANTICS §1).
  public var guards = Guards()
  /// Mistakes the DSL noticed while building this button; validation reports them.
  var buildProblems: [SpecProblem] = []

  /// Creates a button with at most one action.
  public init(label: String, action: Action? = nil, location: SourceLocation? = nil) {
    self.init(
      label: label, actions: action.map { [SequenceAction($0, location: location)] } ?? [],
      location: location)
  }

  /// Creates a button whose actions run in order after the alert closes.
  public init(label: String, actions: [SequenceAction], location: SourceLocation? = nil) {
    self.label = label
    self.actions = actions
    self.location = location
  }

  /// The first action, if any: all that a button of one action does.
  public var action: Action? { actions.first?.action }

  /// Buttons are equal when they say the same thing, wherever they were written.
  public static func == (a: AlertButton, b: AlertButton) -> Bool {
    a.label == b.label && a.actions == b.actions && a.guards == b.guards
  }
}
