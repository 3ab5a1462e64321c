import NavCheck

/// A mail app: a signed-out module (welcome, sign-in) and a signed-in TabView of three tabs
/// (inbox, search, settings), each with its own stack. The inbox opens threads and messages;
/// a message shows its attachment in an overlay modal whose onDismiss asks to keep it; a
/// compose sheet sends asynchronously; a thread is deleted through a confirmation dialog;
/// settings sign out; deep links open a message and a new mail.
///
/// **The bugs it carries, on purpose**:
///
/// - `orphanedCompletion`: Compose starts Send and dismisses itself when it completes, but
///   Discard stays enabled while the mail is in flight. Shortest trace: sign in, log in,
///   compose, start Send, discard. Fix: cancel the send with the sheet
///   (`.async(cancelsOnDismiss: true)`) or hide Discard while sending (part 2's
///   `.unlessPending("Send")`).
/// - `actionFromCoveredScreen`: the `message` deep link selects the inbox tab and pushes the
///   thread without closing what is presented: with the compose sheet up, the tab switches
///   under it. Fix: `DismissAll()` first, as the `compose` link does.
/// - `orphanedCompletion`, again: the `compose` link's `DismissAll()` also removes the message
///   that shows the attachment viewer, so the viewer's onDismiss ("Keep attachment?") runs
///   after the screen it asks from is gone. Fix: perform the onDismiss on the app
///   (`.onDismiss(actsOn: .app) { … }`) or ask before the viewer closes.
/// - `tabMissing`: both links select the inbox tab, which the signed-out module does not have:
///   a link that arrives before sign-in. Fix: guard them with a flag (part 2's
///   `.when("loggedIn")`) or show the sign-in first.
///
/// Bounds: stacks of 4 screens, two presentations.
public let mail = NavigationSpec("Mail") {
  Module("SignedOut", root: Route.welcome)
  Module("Main", tabs: [Route.inbox, Route.search, Route.settings])

  Destination(Route.welcome) {
    Push(Route.signIn).label("Sign in")
  }
  Destination(Route.signIn) {
    ShowModule("Main").label("Log in")
  }
  Destination(Route.inbox) {
    Push(Route.thread).label("Open thread")
    PushStack(Route.thread, Route.message).label("Open latest")
    Sheet(Route.compose).label("Compose")
  }
  Destination(Route.thread) {
    Push(Route.message).label("Open message")
    Alert("Delete thread?", style: .confirmationDialog) {
      Button("Delete") { Dismiss() }
      Button("Cancel")
    }
  }
  Destination(Route.message) {
    Sheet(Route.compose).label("Reply")
    // The viewer is an overlay; closing it asks whether to keep the attachment.
    Modal(Route.attachment).label("Open attachment").onDismiss { Alert("Keep attachment?") }
  }
  Destination(Route.attachment) {
    Dismiss().label("Close")
  }
  Destination(Route.compose, swipeToDismiss: false) {
    // Sending completes whenever the server answers; Discard stays enabled meanwhile.
    DismissEnvironment().async().label("Send")
    Dismiss().label("Discard")
  }
  Destination(Route.search) {
    Push(Route.message).label("Open result")
  }
  Destination(Route.settings) {
    Alert("Sign out?", style: .confirmationDialog) {
      Button("Sign out") { ShowModule("SignedOut") }
      Button("Cancel")
    }
  }

  DeepLink("message", start: .root) {
    SelectTab(Route.inbox)
    Push(Route.thread)
  }
  DeepLink("compose", start: .root) {
    DismissAll()
    SelectTab(Route.inbox)
    Sheet(Route.compose)
  }
}
.bounds(maxStackDepth: 4, maxPresentationDepth: 2)

/// The mail app's screens.
private enum Route: String {
  case welcome = "Welcome"
  case signIn = "SignIn"
  case inbox = "Inbox"
  case thread = "Thread"
  case message = "Message"
  case attachment = "Attachment"
  case compose = "Compose"
  case search = "Search"
  case settings = "Settings"
}
