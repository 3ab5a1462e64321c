/// An event of a router state (SEMANTICS §4), by index into the compiled spec.
enum RouterEvent: Sendable, Hashable {
  /// A transition of the active screen: a user tap, or the start of an async transition.
  case transition(Int)
  /// A button of the active screen's alert, by index.
  case alertButton(Int)
  /// A gesture of the user on the active screen (SEMANTICS §4.3–4.5).
  case gesture(GestureEvent)
  /// A pending async transition completes with one of its outcomes (a global outcome index):
  /// an entry of its holder's pending work.
  case complete(holder: WorkHolder, transition: Int, outcome: Int)
  /// A deep link arrives.
  case deepLink(Int)
  /// The user selects the tab at this index of the current module (SEMANTICS §4.6).
  case selectTab(Int)
  /// The user taps the toast shown (§11.4): it closes, then its actions run.
  case tapToast
  /// The toast shown goes away by itself (§11.4).
  case toastExpires
  /// The user taps the tab button at this index of the current module's (SEMANTICS v3 §11.5).
  case tabButton(Int)
  /// The broadcast at this index arrives (SEMANTICS v3 §11.7): every observer screen acts.
  case broadcast(Int)
}

/// The gestures the semantics performs, each described by its public `EventReference.Gesture`
/// (its name in traces and replays, its words): a new gesture is a case here, its descriptor,
/// and its place in `RouterSemantics.events` and `apply`.
enum GestureEvent: UInt8, Sendable, CaseIterable {
  /// The user swipes the active screen back.
  case swipeBack
  /// The user swipes the active sheet down.
  case swipeDown
  /// The user taps outside the active screen's confirmation dialog.
  case dismissDialog
  /// The user taps the background of the active modal.
  case backgroundTap
  /// The user taps the selected tab again: its stack is popped to its root.
  case reselectTab

  /// Its public descriptor (its names and words), and the event a router performs for it.
  var forms: (reference: EventReference.Gesture, event: NavigationEvent) {
    switch self {
    case .swipeBack: (.swipeBack, .swipeBack)
    case .swipeDown: (.swipeDown, .swipeDown)
    case .dismissDialog: (.dismissDialog, .dismissDialog)
    case .backgroundTap: (.backgroundTap, .backgroundTap)
    case .reselectTab: (.reselectTab, .reselectTab)
    }
  }

  /// Its public descriptor.
  var reference: EventReference.Gesture { forms.reference }
}
