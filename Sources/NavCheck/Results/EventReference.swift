/// An event named the way people and replays name it (SEMANTICS §4).
///
/// ```swift
/// EventReference.transition(screen: "Cart", transition: .label("Checkout"))
/// EventReference.gesture(.swipeBack)
/// EventReference.complete(screen: "AddTodo", transition: .label("Save"), at: nil)
/// ```
public enum EventReference: Sendable, Hashable {
  /// A transition by its label or its index in the destination.
  public enum TransitionName: Sendable, Hashable, CustomStringConvertible {
    /// By label.
    case label(String)
    /// By 0-based index among the destination's transitions.
    case index(Int)

    public var description: String {
      switch self {
      case .label(let label): "'\(label)'"
      case .index(let index): "#\(index)"
      }
    }
  }

  /// A user gesture.
  public enum Gesture: String, Sendable, Hashable, CaseIterable {
    /// Swipe back from the active screen.
    case swipeBack
    /// Swipe the active sheet down.
    case swipeDown
  }

  /// The active screen's transition: a tap, or the start of an async transition.
  case transition(screen: String, transition: TransitionName)
  /// A gesture.
  case gesture(Gesture)
  /// A button of the active screen's alert, by label.
  case alertButton(String)
  /// A pending async transition completes; `at` is the screen's pre-order position where the
  /// screen name alone is ambiguous.
  case complete(screen: String, transition: TransitionName, at: Int?)
  /// A deep link arrives.
  case deepLink(String)
}
