/// An event of a router state (SEMANTICS §4), by index into the compiled spec.
enum RouterEvent: Sendable, Hashable {
  /// A transition of the active screen: a user tap, or the start of an async transition.
  case transition(Int)
  /// A button of the active screen's alert, by index.
  case alertButton(Int)
  /// The user swipes the active screen back.
  case swipeBack
  /// The user swipes the active sheet down.
  case swipeDown
  /// A pending async transition of the screen at this pre-order index completes.
  case completion(screen: Int, transition: Int)
  /// A deep link arrives.
  case deepLink(Int)
}
