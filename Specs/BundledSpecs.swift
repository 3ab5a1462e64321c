import NavCheck

/// Every spec bundled with navcheck, in the order `navcheck list` shows them.
public enum BundledSpecs {
  public static let all: [NavigationSpec] = [
    todoApp, postList, swiftfulApp, routingDemo, shop, mail, iceCubes, coordinator,
    externalEvents, addAccount, postTab, posting, editorSlot, urlBroadcast, pinPrompt, appSheet,
    signInOnAppear,
  ]
}
