/// An event of a router state (SEMANTICS §4), by index into the compiled spec.
enum RouterEvent: Sendable, Hashable {
  /// A transition of the active screen: a user tap, or the start of an async transition.
  case transition(Int)
  /// A button of the active screen's alert, by index.
  case alertButton(Int)
  /// A gesture of the user on the active screen (SEMANTICS §4.3–4.5).
  case gesture(GestureEvent)
  /// A pending async transition of the screen at this pre-order index completes.
  case completion(screen: Int, transition: Int)
  /// A deep link arrives.
  case deepLink(Int)
}

/// The gestures the semantics performs, each described by its public `EventReference.Gesture`
/// (its name in traces and replays, its words): a new gesture is a case here, its descriptor,
/// and its place in `RouterSemantics.events` and `apply`.
enum GestureEvent: UInt8, Sendable, CaseIterable {
  /// The user swipes the active screen back.
  case swipeBack
  /// The user swipes the active sheet down.
  case swipeDown

  /// Its public descriptor.
  var reference: EventReference.Gesture {
    switch self {
    case .swipeBack: .swipeBack
    case .swipeDown: .swipeDown
    }
  }
}
