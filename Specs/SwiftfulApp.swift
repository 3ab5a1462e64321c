import NavCheck

/// A SwiftfulRouting-style app: every screen gets a `router`; onboarding is a screen flow
/// (`router.showScreens`, then `showNextScreenOrDismissEnvironment()`) in a full-screen cover;
/// a profile sheet pushes an edit screen and a photo picker, and the picker closes the whole
/// sheet with `router.dismissEnvironment()`; alerts come with buttons whose actions run after
/// the alert closes.
///
/// **The bug it carries** (`dismissEnvironmentAtRoot`): the Settings screen was written for
/// the profile sheet, where its Done button calls `router.dismissEnvironment()` to close the
/// sheet. Home pushes the same screen onto the root stack, where Done has no environment to
/// dismiss: nothing happens, and the user is left on Settings. Shortest trace: tap Settings on
/// Home, tap Done.
///
/// **The fix**: give Settings a Done that fits both places (`router.dismissScreen()`, here
/// `Dismiss()`), or show Settings from Home as a sheet.
public let swiftfulApp = NavigationSpec("SwiftfulApp", root: "Home") {
  Destination("Home") {
    StartFlow("Onboarding").label("Get started")
    Push("Settings").label("Settings")
    Sheet("Profile").label("Profile")
    Alert("WhatsNew")
  }
  Destination("Settings") {
    DismissEnvironment().label("Done")
    Alert("SignOut") {
      Button("Sign out") { DismissAll() }
      Button("Cancel")
    }
  }
  profile
  onboarding
  Invariant("onboarding is shown at most once") { state in state.count(of: "Welcome") <= 1 }
}
.bounds(maxStackDepth: 4, maxPresentationDepth: 2)

/// The profile sheet: its own navigation stack, closed from its deepest screen.
@SpecBuilder private var profile: [SpecNode] {
  Destination("Profile") {
    Push("EditProfile").label("Edit")
    Push("Settings").label("Settings")
    DismissEnvironment().label("Close")
  }
  Destination("EditProfile") {
    Push("ChangePhoto").label("Change photo")
  }
  Destination("ChangePhoto") {
    // `router.dismissEnvironment()` from two screens deep: closes the sheet and its stack.
    DismissEnvironment().label("Save")
    Alert("DiscardChanges") {
      Button("Discard") { DismissEnvironment() }
      Button("Keep editing")
    }
  }
}

/// The onboarding screen flow: a cover, then two pushed screens; the last one's
/// "next or dismiss" closes the cover.
@SpecBuilder private var onboarding: [SpecNode] {
  Flow("Onboarding") {
    FullScreenCover("Welcome")
    Push("NotificationsPermission")
    Push("CreateAccount")
  }
  // The cover has its own navigation stack: the flow pushes its next steps in it.
  Destination("Welcome", navigation: true) {
    Next().label("Continue")
  }
  Destination("NotificationsPermission") {
    Alert("AllowNotifications") {
      Button("Allow") { Next() }
      Button("Not now") { Next() }
    }
  }
  Destination("CreateAccount") {
    NextOrDismissEnvironment().label("Create account")
  }
}
