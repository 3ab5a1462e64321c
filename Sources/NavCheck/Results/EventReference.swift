/// An event named the way people and replays name it (SEMANTICS §4).
///
/// ```swift
/// EventReference.transition(screen: "Cart", transition: .label("Checkout"))
/// EventReference.gesture(.swipeBack)
/// EventReference.complete(screen: "AddTodo", transition: .label("Save"), at: nil)
/// ```
public enum EventReference: Sendable, Hashable {
  /// A transition by its label, by what it does, or by its index in the destination.
  ///
  /// ```swift
  /// EventReference.TransitionName.label("Checkout")
  /// EventReference.TransitionName.does("push Detail")   // unlabelled: what it does
  /// EventReference.TransitionName.index(0)              // the destination's first transition
  /// ```
  public enum TransitionName: Sendable, Hashable, CustomStringConvertible {
    /// By label.
    case label(String)
    /// By 0-based index among the destination's transitions: changes when declarations are
    /// reordered.
    case index(Int)
    /// By what it does, in the words of its declaration (`push Detail`, `async dismiss`,
    /// `sheet Compose, push Draft`): the one transition of the destination declared so, where
    /// no other of it does the same; unlike the index, it survives reordering.
    case does(String)

    public var description: String {
      switch self {
      case .label(let label): "'\(label)'"
      case .index(let index): "#\(index)"
      case .does(let words): "that does '\(words)'"
      }
    }
  }

  /// A user gesture, described once: its name (in JSON trace steps and Swift literals), its
  /// words in a trace, its words as a step a router performs, and why it is not possible
  /// where it is not.
  ///
  /// An open kind: NavCheck adds gestures as the semantics grows (a dialog's outside tap, a
  /// tab tapped again).
  public struct Gesture: OpenKind {
    public let rawValue: String
    /// The gesture in a trace, given the active screen's name and the name of what it acts on:
    /// its environment's root (a sheet, a modal), the dialog, or the selected tab.
    /// (A trace sentence: `user swipes back from Detail`; `NavigationEvent`'s description
    /// says `command`.)
    let words: @Sendable (_ activeScreen: String, _ environmentRoot: String) -> String
    /// The gesture as a step a router performs, with no names (`NavigationEvent`'s
    /// description): `swipe back`.
    let command: String
    /// Why the gesture is not possible now, given the active screen's name (a replay's error).
    let unavailable: @Sendable (_ activeScreen: String) -> String

    private init(
      _ name: String, words: @escaping @Sendable (String, String) -> String, command: String,
      unavailable: @escaping @Sendable (String) -> String
    ) {
      rawValue = name
      self.words = words
      self.command = command
      self.unavailable = unavailable
    }

    /// Swipe back from the active screen.
    public static let swipeBack = Gesture(
      "swipeBack", words: { active, _ in "user swipes back from \(active)" },
      command: "swipe back",
      unavailable: { "\($0) is the only screen of its stack" })
    /// Swipe the active sheet down.
    public static let swipeDown = Gesture(
      "swipeDown", words: { _, root in "user swipes the \(root) sheet down" },
      command: "swipe down",
      unavailable: { _ in "the active environment is not a sheet that can be swiped down" })

    /// Tap outside the active screen's confirmation dialog (it closes, with no action).
    public static let dismissDialog = Gesture(
      "dismissDialog", words: { _, dialog in "user taps outside the '\(dialog)' dialog" },
      command: "tap outside the dialog",
      unavailable: { "\($0) shows no confirmation dialog" })
    /// Tap the background of the active modal (it is dismissed).
    public static let backgroundTap = Gesture(
      "backgroundTap", words: { _, root in "user taps outside the '\(root)' modal" },
      command: "tap the modal's background",
      unavailable: { _ in
        "the active environment is not a modal that a background tap dismisses"
      })
    /// Tap the selected tab again (its stack is popped to its root).
    public static let reselectTab = Gesture(
      "reselectTab", words: { _, root in "user taps the selected tab '\(root)' again" },
      command: "tap the selected tab again",
      unavailable: { _ in
        "the selected tab's stack holds only its root, or no tab bar is in view"
      })

    public static let allCases: [Gesture] = [
      swipeBack, swipeDown, dismissDialog, backgroundTap, reselectTab,
    ]
  }

  /// The active screen's transition: a tap, or the start of an async transition.
  case transition(screen: String, transition: TransitionName)
  /// A gesture.
  case gesture(Gesture)
  /// A button of the active screen's alert, by label.
  case alertButton(String)
  /// A pending async transition completes; `at` is the screen's pre-order position where the
  /// screen name alone is ambiguous.
  /// `outcome` names the outcome where the transition declares outcomes (SEMANTICS §1);
  /// `actsOn` says where it acts when not on its screen; `at` is the holder's pre-order index
  /// where the names alone are ambiguous, or `EventReference.app` for the app's pending work.
  case complete(
    screen: String, transition: TransitionName, outcome: String? = nil, actsOn: ActsOn = .screen,
    at: Int?)
  /// A deep link arrives.
  case deepLink(String)

  /// The `at` of a completion held by the app, not by a screen (`"at": "app"` in JSON).
  public static let app = -1
  /// The user selects a tab, named by its root destination (SEMANTICS §4.6).
  case selectTab(String)
  /// The user taps a tab bar item that acts instead of selecting, named by the tab button's
  /// name (SEMANTICS v3 §11.5): `.tabButton("Post")`, `{"tabButton": "Post"}` in JSON.
  case tabButton(String)
  /// In a router check only: the async work that step `startedAt` (1-based) of the sequence
  /// started completes although the reference router no longer holds it (it was cancelled with
  /// its screen, or its screen was removed). A correct router does nothing.
  case staleCompletion(startedAt: Int)
  /// The user taps the toast shown, named (SEMANTICS v3 §11.4).
  case tapToast(String)
  /// The toast shown, named, goes away by itself (SEMANTICS v3 §11.4).
  case toastExpires(String)
  /// A broadcast arrives, named (SEMANTICS v3 §11.7): `.broadcast("deleted")`,
  /// `{"broadcast": "deleted"}` in JSON.
  case broadcast(String)
  /// The app launches (SEMANTICS v3 §11.11): the one step of the trace of a launch whose first
  /// appearances break a rule, `{"launch": true}` in JSON. No state offers it: a replay starts
  /// after the launch, and leaves a first `launch` step out.
  case launch
}
