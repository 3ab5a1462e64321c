// Guards (SEMANTICS §1) as modifiers: `.when(flag)`, `.unless(flag)` and
// `.unlessPending(label)` on transitions and buttons; `.when` and `.unless` on deep links. Where
// one that is given does not hold, the transition, button or deep link is no event in that state.
// And `.actsOn(_:)` on async work: the router its completion acts through.

extension TransitionNode {
  /// Offers the transition only while the flag is true (for async work: its start).
  ///
  /// ```swift
  /// Actions { SetFlag("loggedIn", false); ShowModule("SignedOut") }
  ///   .label("Sign out").when("loggedIn")
  /// ```
  ///
  /// A transition has one `.when` guard; a second one replaces it, and validation reports that.
  public func when(_ flag: String) -> Self {
    var copy = self
    copy.transition.setGuard(\.when, flag, "when")
    return copy
  }

  /// Offers the transition only while the flag, named by a `String`-backed enum case, is true.
  ///
  /// ```swift
  /// Push("Drafts").when(AppFlag.hasDraft)
  /// ```
  public func when<Name: RawRepresentable>(_ flag: Name) -> Self where Name.RawValue == String {
    when(flag.rawValue)
  }

  /// Offers the transition only while the flag is false (for async work: its start).
  ///
  /// ```swift
  /// Async("Sign in") { Outcome("ok") { SetFlag("loggedIn", true) } }.unless("loggedIn")
  /// ```
  ///
  /// A transition has one `.unless` guard; a second one replaces it, and validation reports
  /// that.
  public func unless(_ flag: String) -> Self {
    var copy = self
    copy.transition.setGuard(\.unless, flag, "unless")
    return copy
  }

  /// Offers the transition only while the flag, named by a `String`-backed enum case, is false.
  ///
  /// ```swift
  /// Sheet("SignIn").unless(AppFlag.loggedIn)
  /// ```
  public func unless<Name: RawRepresentable>(_ flag: Name) -> Self where Name.RawValue == String {
    unless(flag.rawValue)
  }

  /// Offers the transition only while no async transition of this screen's destination labelled
  /// `label` is pending for this screen ("Discard is disabled while Send is pending").
  ///
  /// ```swift
  /// Destination("Compose") {
  ///   Async("Send") { Outcome("sent") { DismissEnvironment() }; Outcome("failed") {} }
  ///   Dismiss().label("Discard").unlessPending("Send")
  /// }
  /// ```
  ///
  /// A transition has one `.unlessPending` guard; a second one replaces it, and validation
  /// reports that.
  public func unlessPending(_ label: String) -> Self {
    var copy = self
    copy.transition.setGuard(\.unlessPending, label, "unlessPending")
    return copy
  }

  /// Sets the router async work's completion acts through (SEMANTICS §1 `actsOn`): the screen
  /// that started it (`.screen`, the default), the top of that screen's stack at completion time
  /// (`.stack`, a per-tab router) or the active screen (`.app`, a global coordinator).
  ///
  /// ```swift
  /// Push("Message").async().label("Find").actsOn(.stack)   // pushes on the tab's current top
  /// Async("Sync") { Outcome("done") { Modal("Toast") } }.actsOn(.app)
  /// ```
  ///
  /// It is for async work: validation reports it on a user transition. After `.onDismiss { … }`
  /// it sets the onDismiss's router instead (see `ShowWithOnDismiss.actsOn(_:)`); to set both,
  /// write the work's before: `Sheet("Upload").async().actsOn(.app).onDismiss { … }.actsOn(.stack)`.
  public func actsOn(_ actsOn: ActsOn) -> Self {
    var copy = self
    copy.transition.actsOn = actsOn
    return copy
  }
}

extension Button {
  /// Offers the button only while the flag is true.
  ///
  /// ```swift
  /// Alert("Account") {
  ///   Button("Sign out") { SetFlag("loggedIn", false); ShowModule("SignedOut") }.when("loggedIn")
  ///   Button("Cancel")
  /// }
  /// ```
  ///
  /// A button has one `.when` guard; a second one replaces it, and validation reports that.
  public func when(_ flag: String) -> Button {
    var copy = self
    copy.setGuard(\.when, flag, "when")
    return copy
  }

  /// Offers the button only while the flag, named by a `String`-backed enum case, is true.
  ///
  /// ```swift
  /// Button("Restore draft") { Sheet("Compose") }.when(AppFlag.hasDraft)
  /// ```
  public func when<Name: RawRepresentable>(_ flag: Name) -> Button where Name.RawValue == String {
    when(flag.rawValue)
  }

  /// Offers the button only while the flag is false.
  ///
  /// ```swift
  /// Button("Sign in") { ShowModule("SignedOut") }.unless("loggedIn")
  /// ```
  ///
  /// A button has one `.unless` guard; a second one replaces it, and validation reports that.
  public func unless(_ flag: String) -> Button {
    var copy = self
    copy.setGuard(\.unless, flag, "unless")
    return copy
  }

  /// Offers the button only while the flag, named by a `String`-backed enum case, is false.
  ///
  /// ```swift
  /// Button("Sign in") { ShowModule("SignedOut") }.unless(AppFlag.loggedIn)
  /// ```
  public func unless<Name: RawRepresentable>(_ flag: Name) -> Button
  where Name.RawValue == String {
    unless(flag.rawValue)
  }

  /// Offers the button only while no async transition labelled `label` of the destination of
  /// the screen that shows the alert is pending for that screen.
  ///
  /// ```swift
  /// Destination("Compose") {
  ///   Async("Send") { Outcome("sent") { DismissEnvironment() } }
  ///   Alert("Close?") {
  ///     Button("Discard") { DismissEnvironment() }.unlessPending("Send")
  ///     Button("Keep editing")
  ///   }
  /// }
  /// ```
  ///
  /// A button has one `.unlessPending` guard; a second one replaces it, and validation reports
  /// that.
  public func unlessPending(_ label: String) -> Button {
    var copy = self
    copy.setGuard(\.unlessPending, label, "unlessPending")
    return copy
  }

  private mutating func setGuard(
    _ key: WritableKeyPath<Guards, String?>, _ value: String, _ modifier: String
  ) {
    if let problem = button.guards.set(
      key, value, modifier, what: "button '\(button.label)'", at: button.location)
    {
      problems.append(problem)
    }
  }
}

extension DeepLink {
  /// Lets the deep link arrive only while the flag is true (elsewhere it is no event).
  ///
  /// ```swift
  /// DeepLink("thread", start: .root) { SelectTab("Inbox"); DismissAll(); Push("Thread") }
  ///   .when("loggedIn")
  /// ```
  ///
  /// A deep link has one `.when` guard; a second one replaces it, and validation reports that.
  public func when(_ flag: String) -> DeepLink {
    var copy = self
    copy.setGuard(\.when, flag, "when")
    return copy
  }

  /// Lets the deep link arrive only while the flag, named by a `String`-backed enum case, is
  /// true.
  ///
  /// ```swift
  /// DeepLink("drafts") { Push("Drafts") }.when(AppFlag.loggedIn)
  /// ```
  public func when<Name: RawRepresentable>(_ flag: Name) -> DeepLink
  where Name.RawValue == String {
    when(flag.rawValue)
  }

  /// Lets the deep link arrive only while the flag is false.
  ///
  /// ```swift
  /// DeepLink("signup") { Push("SignUp") }.unless("loggedIn")
  /// ```
  ///
  /// A deep link has one `.unless` guard; a second one replaces it, and validation reports that.
  public func unless(_ flag: String) -> DeepLink {
    var copy = self
    copy.setGuard(\.unless, flag, "unless")
    return copy
  }

  /// Lets the deep link arrive only while the flag, named by a `String`-backed enum case, is
  /// false.
  ///
  /// ```swift
  /// DeepLink("signup") { Push("SignUp") }.unless(AppFlag.loggedIn)
  /// ```
  public func unless<Name: RawRepresentable>(_ flag: Name) -> DeepLink
  where Name.RawValue == String {
    unless(flag.rawValue)
  }

  /// A deep link has no screen of its own, so it cannot wait for a screen's async work.
  @available(
    *, unavailable,
    message:
      "a deep link has no screen of its own, so it waits for no async work: use .when(_:) or .unless(_:) here, and .unlessPending(_:) on a transition or a Button"
  )
  public func unlessPending(_ label: String) -> DeepLink {
    var copy = self
    copy.guards.unlessPending = label
    return copy
  }

  private mutating func setGuard(
    _ key: WritableKeyPath<Guards, String?>, _ value: String, _ modifier: String
  ) {
    if let problem = guards.set(key, value, modifier, what: "deep link '\(name)'", at: location) {
      buildProblems.append(problem)
    }
  }
}

extension Transition {
  /// Sets one guard of a DSL node, noting a problem where it replaces another.
  fileprivate mutating func setGuard(
    _ key: WritableKeyPath<Guards, String?>, _ value: String, _ modifier: String
  ) {
    let what = label.map { "transition '\($0)'" } ?? "a transition"
    if let problem = guards.set(key, value, modifier, what: what, at: location) {
      buildProblems.append(problem)
    }
  }
}

extension Guards {
  /// Sets the guard at `key` to `value`; returns the problem to report where it held another
  /// value (a second `.when`, say, which the model cannot hold beside the first).
  mutating func set(
    _ key: WritableKeyPath<Guards, String?>, _ value: String, _ modifier: String, what: String,
    at location: SourceLocation?
  ) -> SpecProblem? {
    let old = self[keyPath: key]
    self[keyPath: key] = value
    guard let old, old != value else { return nil }
    return SpecProblem(
      "\(what) has one '.\(modifier)(_:)' guard: '\(value)' replaces '\(old)'; keep one",
      location: location)
  }
}
