import NavCheck

/// A mail app: a signed-out module (welcome, sign-in) and a signed-in TabView of three tabs
/// (inbox, search, settings), each with its own stack. The inbox opens threads and messages;
/// a message shows its attachment in an overlay modal whose onDismiss asks to keep it; a
/// compose sheet sends asynchronously; a thread is deleted through a confirmation dialog;
/// settings sign out; deep links open a message and a new mail.
///
/// Signing in is a request with two outcomes (`ok` sets the `signedIn` flag and shows the
/// signed-in module; `failed` shows an alert); signing out clears the flag and shows the
/// signed-out module; Discard is hidden while the mail is being sent; the `message` link only
/// arrives signed in.
///
/// **The bugs it carries, on purpose**:
///
/// - `orphanedCompletion`: the sign-in request is not cancelled when the user goes back from
///   the sign-in screen; its answer then acts through a router whose screen is gone. Shortest
///   trace: Sign in, start Log in, swipe back. Fix: `Async("Log in", cancelsOnDismiss: true)`,
///   or keep the request on the app (`.actsOn(.app)`).
/// - `orphanedCompletion`, again: the `compose` link's `DismissAll()` closes a compose sheet
///   whose mail is being sent. Fix: cancel the send with the sheet, or leave an open compose
///   sheet alone.
/// - `orphanedCompletion`, a third time: the `compose` link's `DismissAll()` also removes the message
///   that shows the attachment viewer, so the viewer's onDismiss ("Keep attachment?") runs
///   after the screen it asks from is gone. Fix: perform the onDismiss on the app
///   (`.onDismiss(actsOn: .app) { … }`) or ask before the viewer closes.
/// - `actionFromCoveredScreen`: the `message` link selects the inbox tab and pushes the thread
///   without closing what is presented: with the compose sheet up, the tab switches under it.
///   Fix: `DismissAll()` first, as the `compose` link does.
/// - `tabMissing`: the `compose` link selects the inbox tab, which the signed-out module does
///   not have: a link that arrives before sign-in. Fix: `.when("signedIn")`, as the `message`
///   link has.
///
/// Bounds: stacks of 4 screens, two presentations.
public let mail = NavigationSpec("Mail") {
  Flag("signedIn")
  Module("SignedOut", root: Route.welcome)
  Module("Main", tabs: [Route.inbox, Route.search, Route.settings])

  Destination(Route.welcome) {
    Push(Route.signIn).label("Sign in")
  }
  Destination(Route.signIn) {
    // The request answers whenever it does, even after the user went back.
    Async("Log in") {
      Outcome("ok") {
        SetFlag("signedIn", true)
        ShowModule("Main")
      }
      Outcome("failed") { Alert("Sign-in failed") }
    }
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
    Dismiss().label("Discard").unlessPending("Send")
  }
  Destination(Route.search) {
    Push(Route.message).label("Open result")
  }
  Destination(Route.settings) {
    Alert("Sign out?", style: .confirmationDialog) {
      Button("Sign out") {
        SetFlag("signedIn", false)
        ShowModule("SignedOut")
      }
      Button("Cancel")
    }
  }

  DeepLink("message", start: .root) {
    SelectTab(Route.inbox)
    Push(Route.thread)
  }
  .when("signedIn")
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
