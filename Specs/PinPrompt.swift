import NavCheck

/// Swiftfin's user sign-in waiting for its PIN (SEMANTICS v3, `Docs/Semantics.md` §11.8): the
/// sign-in sheet's request, once the server accepts the user, asks for a local PIN in a prompt
/// the app presents above every screen, and the sign-in waits for the answer.
///
/// From the source (jellyfin/Swiftfin): `WithUserAuthentication` wraps the app's content and
/// presents the PIN alert itself, from the window's content rather than from the screen that
/// asks; the sign-in awaits a `CheckedContinuation` that the alert's Done resumes (saving the
/// user, then the app switches to its signed-in root) and its Cancel throws (the sign-in ends).
/// Here: "Sign in" is async work of UserSignIn whose outcome "ok" shows the window prompt PIN;
/// Done starts "Save user" (app work, `tap: false`: the answer resumes it), whose completion
/// sets `signedIn` and shows the SignedIn module; Cancel starts nothing.
///
/// **The bug it carries, on purpose** (`orphanedCompletion`): the sheet can be closed (its Close,
/// or a swipe) while the request is in flight. The request then completes into a view model whose
/// screen is gone: its PIN prompt would still show (the app presents it), but Done would resume a
/// sign-in nobody holds. The prompt alone would need no screen; a prompt whose Done resumes work
/// does (§11.8, decision 3). Shortest trace: add user, sign in, close.
public let pinPrompt = NavigationSpec("PinPrompt") {
  Module("SignedOut", root: "SelectUser")
  Module("SignedIn", root: "Home")
  Flag("signedIn")
  Destination("SelectUser") {
    Sheet("UserSignIn").label("Add user")
  }
  Destination("UserSignIn") {
    Async("Sign in") {
      Outcome("ok") {
        Alert("PIN", level: .window) {
          Button("Done") { StartWork("Save user") }
          Button("Cancel")
        }
      }
      Outcome("failed") { Alert("SignInFailed") }
    }
    Work("Save user") {
      Outcome("saved") {
        SetFlag("signedIn", true)
        ShowModule("SignedIn")
      }
    }
    .actsOn(.app)
    DismissEnvironment().label("Close")
  }
  Destination("Home") {
    Actions {
      SetFlag("signedIn", false)
      ShowModule("SignedOut")
    }
    .label("Sign out")
  }
}
.bounds(maxStackDepth: 2, maxPresentationDepth: 1)
