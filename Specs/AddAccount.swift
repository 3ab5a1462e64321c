import NavCheck

/// IceCubesApp's "add account" sheet (SEMANTICS v3, `Docs/Semantics.md` §11.2): signing in
/// starts from a dialog's button, not from a tap on the screen, and the sheet's Cancel cancels
/// the request in flight before it closes.
///
/// "Sign in" (disabled while signing in) shows a confirmation when the account is already on the
/// device; its "Replace" starts the sign-in request (`Work`: no tap starts it, `StartWork`
/// does). The request either succeeds, and the sheet closes, or fails, and an alert says so.
///
/// **The bug it carries, on purpose** (`orphanedCompletion`): the sheet can be swiped down while
/// the request is in flight; the request then completes through a screen that is gone (in the
/// app, the sheet's `dismiss()` acts on whatever the slot holds then). Shortest trace: add
/// account, sign in, replace, swipe down. Cancel is no bug: it cancels the request first.
public let addAccount = NavigationSpec("AddAccount", root: "Timeline") {
  Destination("Timeline") {
    Sheet("SignIn").label("Add account")
  }
  Destination("SignIn") {
    Alert("AlreadySignedIn", style: .confirmationDialog) {
      Button("Replace") { StartWork("Sign in") }
      Button("Keep")
    }
    .label("Sign in")
    .unlessPending("Sign in")  // the button is disabled while signing in
    Work("Sign in") {
      Outcome("ok") { DismissEnvironment() }
      Outcome("failed") { Alert("SignInFailed") }
    }
    Actions {
      CancelWork("Sign in")
      DismissEnvironment()
    }
    .label("Cancel")
  }
}
.bounds(maxStackDepth: 2, maxPresentationDepth: 1)
