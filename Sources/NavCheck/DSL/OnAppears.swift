// Work started when a screen appears (SEMANTICS v3 §11.11), declared in a destination's body:
// `OnAppear { … }`, SwiftUI's `.onAppear`, or `.task` where it starts work.

extension OnAppear {
  /// Declares what a destination's screens do each time they appear: IceCubesApp's signed-out
  /// timeline presents the add-account sheet (`TimelineTab.swift:72-74`). Write it in the
  /// destination's body, at most once; its actions are performed from the screen that appears,
  /// at the end of the event that made it appear.
  ///
  /// ```swift
  /// Destination("Timeline") {
  ///   OnAppear { Sheet("AddAccount") }.unless("signedIn")
  /// }
  /// Destination("Detail") {
  ///   Work("Load", cancelsOnDismiss: true) { Outcome("loaded") { Push("Thread") } }
  ///   OnAppear { StartWork("Load") }   // a .task
  /// }
  /// ```
  public init(
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    @SequenceBuilder _ actions: () -> [Transition]
  ) {
    let (sequence, problems) = Transition.sequence(actions()) { _ in
      "an onAppear's actions run when its screen appears; remove '.async()' or '.label(_:)' from them"
    }
    self.init(actions: sequence, location: SourceLocation(fileID, filePath, line))
    buildProblems = problems
  }

  /// Performs the actions only while the flag is true, read when the screen's turn comes.
  ///
  /// ```swift
  /// OnAppear { Dismiss() }.when("loggedOut")
  /// ```
  ///
  /// An onAppear has one `.when` guard; a second one replaces it, and validation reports that.
  public func when(_ flag: String) -> OnAppear {
    var copy = self
    copy.setGuard(\.when, flag, "when")
    return copy
  }

  /// Performs the actions only while the flag, named by a `String`-backed enum case, is true.
  ///
  /// ```swift
  /// OnAppear { Dismiss() }.when(AppFlag.loggedOut)
  /// ```
  public func when<Name: RawRepresentable>(_ flag: Name) -> OnAppear
  where Name.RawValue == String {
    when(flag.rawValue)
  }

  /// Performs the actions only while the flag is false, read when the screen's turn comes.
  ///
  /// ```swift
  /// OnAppear { Sheet("AddAccount") }.unless("signedIn")
  /// ```
  ///
  /// An onAppear has one `.unless` guard; a second one replaces it, and validation reports
  /// that.
  public func unless(_ flag: String) -> OnAppear {
    var copy = self
    copy.setGuard(\.unless, flag, "unless")
    return copy
  }

  /// Performs the actions only while the flag, named by a `String`-backed enum case, is false.
  ///
  /// ```swift
  /// OnAppear { Sheet("AddAccount") }.unless(AppFlag.signedIn)
  /// ```
  public func unless<Name: RawRepresentable>(_ flag: Name) -> OnAppear
  where Name.RawValue == String {
    unless(flag.rawValue)
  }

  /// An onAppear does not wait for work: starting work already pending does nothing.
  @available(
    *, unavailable,
    message:
      "an onAppear waits for no async work: StartWork of work already pending does nothing; use .when(_:) or .unless(_:)"
  )
  public func unlessPending(_ label: String) -> OnAppear {
    var copy = self
    copy.guards.unlessPending = label
    return copy
  }

  private mutating func setGuard(
    _ key: WritableKeyPath<Guards, String?>, _ value: String, _ modifier: String
  ) {
    if let problem = guards.set(key, value, modifier, what: "an onAppear", at: location) {
      buildProblems.append(problem)
    }
  }
}

extension Transition {
  /// The carrier of an `OnAppear` in a destination's body: no transition of its own.
  init(carrying onAppear: OnAppear) {
    self.init(actions: [], location: onAppear.location)
    appearance = onAppear
  }
}

extension Destination {
  /// Takes the `OnAppear { … }` out of a destination body's transitions: the first is its
  /// onAppear; a second is a problem that names its line (SEMANTICS v3 §11.11: at most one).
  mutating func takeAppearances(_ body: [Transition]) {
    transitions = []
    for transition in body {
      guard let appearance = transition.appearance else {
        transitions.append(transition)
        continue
      }
      if onAppear == nil {
        onAppear = appearance
      } else {
        buildProblems.append(
          SpecProblem(
            "destination '\(name)' has two onAppear; merge their actions into one OnAppear { … }",
            location: appearance.location))
      }
    }
  }
}
