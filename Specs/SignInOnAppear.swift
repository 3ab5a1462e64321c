import NavCheck

/// IceCubesApp's signed-out timeline (SEMANTICS v3, `Docs/Semantics.md` §11.11): the timeline
/// presents the add-account sheet each time it appears while no account is signed in, and a
/// status's detail page loads in a `.task` and then pushes what it loaded.
///
/// From the source (Dimillian/IceCubesApp): `TimelineTab.swift:72-74` is the timeline's
/// `.onAppear`, which sets `routerPath.presentedSheet = .addAccount` where the client is not
/// authenticated; the sheet's sign-in authenticates, and the app rebuilds its tabs for the
/// account (a module switch). Here: Timeline's `OnAppear { Sheet("AddAccount") }` guarded by
/// `unless("signedIn")`; AddAccount's "Sign in" sets `signedIn` and shows the Main module, whose
/// root is a new Timeline (it appears, signed in: no sheet). A signed-out user may swipe the
/// sheet down (the timeline stays shown under it, so nothing appears) and browse; every time a
/// pop reveals the timeline again, the sheet comes back. Detail's `.task` starts "Load"
/// (cancelled with its screen, as SwiftUI cancels a `.task`), whose completion pushes Thread;
/// Thread's "Home" pops to the timeline.
///
/// It carries no bug: the appearances are the app's loop of sheets, and the load cannot outlive
/// its page. (Without `cancelsOnDismiss` the swipe back from a loading Detail orphans the load:
/// `Tests/NavCheckTests/Examples/onappear.json`.)
public let signInOnAppear = NavigationSpec("SignInOnAppear") {
  Module("SignedOut", root: "Timeline")
  Module("Main", root: "Timeline")
  Flag("signedIn")
  Destination("Timeline") {
    Push("Detail").label("Open")
    OnAppear { Sheet("AddAccount") }.unless("signedIn")
  }
  Destination("AddAccount") {
    Actions {
      SetFlag("signedIn", true)
      ShowModule("Main")
    }
    .label("Sign in")
  }
  Destination("Detail") {
    Push("Thread").async(cancelsOnDismiss: true, tap: false).label("Load")
    OnAppear { StartWork("Load") }
  }
  Destination("Thread") { PopTo("Timeline").label("Home") }
}
.bounds(maxStackDepth: 3, maxPresentationDepth: 1)
