import Foundation
import Testing

@testable import NavCheck

/// §11.10: the app's presenter, a presentation above the tabs (IceCubesApp's
/// `appRouterPath.presentedSheet` on the `TabView`, and the scene's media viewer).
@Suite struct AppPresenterTests: SpecJSONChecks {
  /// `Examples/apppresenter.json` in the DSL.
  static let iceCubes = NavigationSpec("AppPresenter") {
    Module("Main", tabs: ["Timeline", "Notifications"])
    Destination("Timeline") {
      Push("Status").label("Open")
      Sheet("Settings").label("Settings")
    }
    Destination("Notifications")
    Destination("Status") { Sheet("Media", presenter: .app).asItem().label("Media") }
    Destination("Media")
    Destination("Settings") { Dismiss().label("Done") }
    Destination("Composer") {
      Dismiss().label("Cancel")
      ShowModule("Main", keepingTab: true).label("Switch account")
    }
    DeepLink("postIntent") { Sheet("Composer", presenter: .app).asItem() }
  }
  .bounds(maxStackDepth: 2, maxPresentationDepth: 1)

  /// The state of `model` after the events whose words contain each of `words` in turn.
  func walk(_ model: RouterModel, _ words: [String]) throws -> RouterState {
    var state = model.start
    for word in words {
      let event = try #require(
        model.events(of: state).first { model.describe($0, in: state).contains(word) },
        "no event '\(word)'")
      let step = model.step(event, from: state)
      #expect(step.outcome == .state)
      state = step.state
    }
    return state
  }

  /// The state after `steps`, drawn as text.
  func ends(_ spec: NavigationSpec, _ steps: [EventReference]) throws -> String? {
    let replay = try spec.replay(steps)
    #expect(replay.ending == .state)
    return replay.steps.last?.state?.description
  }

  /// The hand derivation of Examples/README.md, from the JSON and from the DSL, at one and
  /// three threads.
  @Test func theExampleKeepsItsHandDerivedCounts() throws {
    let json = try example("apppresenter")
    #expect(json == Self.iceCubes)
    #expect(try read(json.jsonValue.text()) == json)
    for spec in [json, Self.iceCubes] {
      for threads in [1, 3] {
        let result = try check(spec, threads: threads)
        #expect(
          counts(result)
            == "states 10, transitions 33, pruned 0, depth 3, duplicatePresentation 1")
        #expect(result.warnings.isEmpty)
        #expect(
          trace(result, .duplicatePresentation) == [
            "Timeline: tap 'Settings' → sheet Settings", "deep link 'postIntent' arrives",
          ])
        #expect(
          result.violations.first?.message
            == "deep link 'postIntent' arrives: the app presents sheet Composer while the window already shows sheet Settings (the window's root presents one thing at a time)"
        )
      }
    }
  }

  /// §9 and §8: the words say "on the app"; JSON writes `presenter` after the arguments and
  /// before `item`; export writes `presenter: .app` and reads back.
  @Test func wordsJSONAndExportSayTheAppPresents() throws {
    let replay = try Self.iceCubes.replay([
      .transition(screen: "Timeline", transition: .label("Open")),
      .transition(screen: "Status", transition: .label("Media")),
    ])
    #expect(replay.ending == .state)
    #expect(
      replay.steps.last?.description == "Status: tap 'Media' → sheet Media (item, on the app)")
    #expect(
      replay.steps.last?.state?.description
        == "▸ Timeline › Status | Notifications\n  ⤷ app presents sheet: Media")
    #expect(replay.steps.last?.state?.appPresents == true)
    let plain = SequenceAction(.sheet(destination: "Composer"), presenter: .app)
    #expect(plain.words == "sheet Composer (on the app)")
    #expect(
      plain.jsonValue.text(indent: nil)
        == #"{"action":"sheet","destination":"Composer","presenter":"app"}"#)
    var item = plain
    item.isItem = true
    #expect(
      item.jsonValue.text(indent: nil)
        == #"{"action":"sheet","destination":"Composer","presenter":"app","item":true}"#)
    let swift = Self.iceCubes.swiftSource()
    #expect(swift.contains(#"Sheet("Composer", presenter: .app).asItem()"#))
    #expect(swift.contains(#"Sheet("Settings")"#))
    // A spec without the app's presenter writes no `presenter`.
    #expect(!(try example("keeptab")).jsonValue.text().contains("presenter"))
  }

  /// §1: a presenter on another action, or another value, is invalid, named by its JSON path.
  @Test func aPresenterElsewhereIsInvalid() throws {
    func spec(_ action: String) -> String {
      #"{"name": "P", "root": "A", "destinations": [{"name": "A", "transitions": ["#
        + action + "]}]}"
    }
    #expect(
      readingProblems(spec(#"{"action": "push", "destination": "A", "presenter": "app"}"#)) == [
        "destinations[0].transitions[0].presenter @1: push has no presenter: only sheet, fullScreenCover and modal present, on the screen or on the app (SEMANTICS v3 §11.10); remove \"presenter\""
      ])
    #expect(
      readingProblems(spec(#"{"action": "sheet", "destination": "A", "presenter": "window"}"#))
        == [
          "destinations[0].transitions[0].presenter @1: 'window' is not one of 'screen', 'app'"
        ])
    // Written with the model: validation names the action's path.
    var model = NavigationSpec(name: "P", root: "A", destinations: [Destination(name: "A")])
    model.destinations[0].transitions = [
      Transition(actions: [SequenceAction(.push(destination: "A"), presenter: .app)])
    ]
    #expect(
      model.problems.map(Self.describe) == [
        "destinations[0].transitions[0].presenter @0: push has no presenter: only sheet, fullScreenCover and modal present, on the screen or on the app (SEMANTICS v3 §11.10); remove \"presenter\""
      ])
  }

  /// Decision 1: the app presents one thing at a time; an item of the same style is replaced
  /// (or, the same item, no change), anything else is duplicatePresentation.
  @Test func theAppPresentsOneThingAtATime() throws {
    let spec = NavigationSpec("OneSlot", root: "Home") {
      Destination("Home")
      Destination("Composer")
      Destination("Viewer")
      DeepLink("compose") { Sheet("Composer", presenter: .app) }
      DeepLink("composeItem") { Sheet("Composer", presenter: .app).asItem() }
      DeepLink("view") { Sheet("Viewer", presenter: .app).asItem() }
      DeepLink("play") { FullScreenCover("Viewer", presenter: .app).asItem() }
    }
    let twice = try spec.replay([.deepLink("compose"), .deepLink("compose")])
    #expect(
      twice.ending
        == .violation(
          step: 1, kind: .duplicatePresentation,
          message:
            "deep link 'compose' arrives: the app presents sheet Composer while it already presents sheet Composer (the app presents one thing at a time)"
        ))
    #expect(
      try ends(spec, [.deepLink("compose"), .deepLink("composeItem")])
        == "Home\n  ⤷ app presents sheet: Composer")
    #expect(
      try ends(spec, [.deepLink("compose"), .deepLink("view")])
        == "Home\n  ⤷ app presents sheet: Viewer")
    let otherStyle = try spec.replay([.deepLink("compose"), .deepLink("play")])
    guard case .violation(1, .duplicatePresentation, _) = otherStyle.ending else {
      Issue.record("\(otherStyle.ending)")
      return
    }
    // [Home], and Home with the app presenting Composer, Viewer (sheet) or Viewer (cover):
    // from [Home] the four links (4); over Composer, composeItem (no change), view (replaced)
    // and the swipe (3), compose and play duplicates (2); over the Viewer sheet composeItem
    // (replaced), view (no change) and the swipe (3), compose and play duplicates (2); over
    // the cover, play (no change, 1), the three others duplicates (3). Nothing closes the
    // cover: a trap (the app presents, so no home state is reached).
    let result = try check(spec)
    #expect(
      counts(result)
        == "states 4, transitions 11, pruned 0, depth 1, duplicatePresentation 7, trap 1")
  }

  /// Decision 2: the app presents from any screen, a pushed-over or hidden tab's too (never
  /// actionFromCoveredScreen); it then covers every tab's screen and hides the tab bar.
  @Test func theAppPresentsOverAnyScreen() throws {
    let spec = NavigationSpec("AnyScreen", tabs: ["Home", "Search"]) {
      Destination("Home") {
        Push("Detail").label("Open")
        Sheet("Viewer", presenter: .app).async().label("Load")
      }
      Destination("Search")
      Destination("Detail")
      Destination("Viewer")
      DeepLink("view") { Sheet("Viewer", presenter: .app) }
      DeepLink("open", start: .stack) { Push("Detail") }
      DeepLink("search") { SelectTab("Search") }
    }
    // From Home, under Detail (the link starts at the covered app root).
    #expect(
      try ends(
        spec, [.transition(screen: "Home", transition: .label("Open")), .deepLink("view")])
        == "▸ Home › Detail | Search\n  ⤷ app presents sheet: Viewer")
    // From Home in the hidden tab: its work completes while Search is selected.
    #expect(
      try ends(
        spec,
        [
          .transition(screen: "Home", transition: .label("Load")), .selectTab("Search"),
          .complete(screen: "Home", transition: .label("Load"), at: nil),
        ]) == "Home | ▸ Search\n  ⤷ app presents sheet: Viewer")
    // While the app presents, a push on a tab is covered.
    let covered = try spec.replay([.deepLink("view"), .deepLink("open")])
    guard case .violation(1, .actionFromCoveredScreen, _) = covered.ending else {
      Issue.record("\(covered.ending)")
      return
    }
    let result = try check(spec)
    // A tab selected while the app presents: the tab bar is hidden.
    let selecting = result.violations.first {
      $0.kind == .actionFromCoveredScreen && $0.declaration?.title.contains("'search'") == true
    }
    #expect(selecting?.why == ["the tab bar is hidden by the app's sheet Viewer above every tab"])
    let why = result.violations.first {
      $0.kind == .actionFromCoveredScreen && $0.declaration?.title.contains("'open'") == true
    }?.why
    #expect(
      why == ["the screen it acts from, Home, is covered by the app's sheet Viewer above every tab"]
    )
    let model = RouterModel(CompiledSpec(spec))
    let presented = try walk(model, ["'view'"])
    #expect(!presented.tabBarIsVisible)
    #expect(presented.isCovered(presented.appRoot))
    #expect(presented.active == presented.appPresentation)
    #expect(
      !model.events(of: presented).contains { if case .selectTab = $0 { true } else { false } })
    #expect(
      model.events(of: model.start).contains { if case .selectTab = $0 { true } else { false } })
  }

  /// Decision 2: the window's root cannot present while a tab's sheet, the selected top's
  /// alert or a window prompt is up.
  @Test func theAppCannotPresentOverATabsSheet() throws {
    let spec = NavigationSpec("Busy", root: "Home") {
      Destination("Home") {
        Sheet("Settings").label("Settings")
        Alert("Oops").label("Oops")
        Alert("PIN", level: .window).label("PIN")
      }
      Destination("Settings")
      Destination("Composer")
      DeepLink("compose") { Sheet("Composer", presenter: .app).asItem() }
    }
    func message(_ first: String) throws -> String? {
      let replay = try spec.replay([
        .transition(screen: "Home", transition: .label(first)), .deepLink("compose"),
      ])
      guard case .violation(1, .duplicatePresentation, let message) = replay.ending else {
        Issue.record("\(replay.ending)")
        return nil
      }
      return message
    }
    let words =
      "deep link 'compose' arrives: the app presents sheet Composer while the window already shows"
    let oneAtATime = "(the window's root presents one thing at a time)"
    #expect(try message("Settings") == "\(words) sheet Settings \(oneAtATime)")
    #expect(try message("Oops") == "\(words) alert 'Oops' \(oneAtATime)")
    #expect(try message("PIN") == "\(words) the window prompt 'PIN' \(oneAtATime)")
  }

  /// Decision 3: dismissals from inside the app's presentation stop at its root; dismissing
  /// its root, dismissEnvironment and swiping down close it; dismissAll closes it and the app
  /// root's stack; dismissPresented from a tab screen leaves it.
  @Test func dismissalsStopAtTheAppsPresentation() throws {
    let spec = NavigationSpec("Stops", root: "Home") {
      Destination("Home") { Push("Detail").label("Open") }
      Destination("Detail")
      Destination("Composer") {
        Push("Draft").label("Draft")
        Dismiss().label("Cancel")
        DismissEnvironment().label("Close")
      }
      Destination("Draft") {
        Dismiss("Detail").label("To detail")
        DismissCount(3).label("Three")
        PopTo("Home").label("To home")
        DismissTo("Home").label("Down to home")
        DismissCount(2).label("Two")
        DismissAll().label("All")
      }
      DeepLink("compose") { Sheet("Composer", presenter: .app) }
    }
    let start: [EventReference] = [
      .transition(screen: "Home", transition: .label("Open")), .deepLink("compose"),
      .transition(screen: "Composer", transition: .label("Draft")),
    ]
    func ending(_ label: String) throws -> Replay.Ending {
      try spec.replay(start + [.transition(screen: "Draft", transition: .label(label))]).ending
    }
    func kind(_ label: String) throws -> ViolationKind? {
      guard case .violation(_, let kind, _) = try ending(label) else { return nil }
      return kind
    }
    #expect(try kind("To detail") == .dismissTargetMissing)
    #expect(try kind("Three") == .dismissTargetMissing)
    #expect(try kind("To home") == .popTargetMissing)
    #expect(try kind("Down to home") == .dismissTargetMissing)
    // Two: Draft and Composer, the app's root: the app's presentation is dismissed.
    #expect(
      try ends(spec, start + [.transition(screen: "Draft", transition: .label("Two"))])
        == "Home › Detail")
    #expect(
      try ends(spec, start + [.transition(screen: "Draft", transition: .label("All"))]) == "Home")
    let opened: [EventReference] = [
      .transition(screen: "Home", transition: .label("Open")), .deepLink("compose"),
    ]
    #expect(
      try ends(spec, opened + [.transition(screen: "Composer", transition: .label("Cancel"))])
        == "Home › Detail")
    #expect(
      try ends(spec, opened + [.transition(screen: "Composer", transition: .label("Close"))])
        == "Home › Detail")
    #expect(try ends(spec, opened + [.gesture(.swipeDown)]) == "Home › Detail")
  }

  /// The app shows its presentation, so its root has no shower screen: its onDismiss acts from
  /// the active screen when it runs, whatever its actsOn (Detail here, not Home, the covered
  /// app root the link performed from); swipes and a modal's background tap close it too.
  @Test func theAppsCallbackActsFromTheActiveScreen() throws {
    let spec = NavigationSpec("Callback", root: "Home") {
      Destination("Home") { Push("Detail").label("Open") }
      Destination("Detail")
      Destination("Done")
      Destination("Composer") { Dismiss().label("Cancel") }
      Destination("Card")
      DeepLink("compose") { Sheet("Composer", presenter: .app).onDismiss { Push("Done") } }
      DeepLink("card") { Modal("Card", presenter: .app) }
      DeepLink("stuck") { Modal("Card", dismissOnBackgroundTap: false, presenter: .app) }
    }
    .bounds(maxStackDepth: 3, maxPresentationDepth: 1)
    let open: EventReference = .transition(screen: "Home", transition: .label("Open"))
    let cancelled = try spec.replay([
      open, .deepLink("compose"), .transition(screen: "Composer", transition: .label("Cancel")),
    ])
    #expect(cancelled.ending == .state)
    #expect(
      cancelled.steps.last?.description
        == "Composer: tap 'Cancel' → dismiss; then onDismiss: push Done")
    #expect(cancelled.steps.last?.state?.description == "Home › Detail › Done")
    #expect(try ends(spec, [open, .deepLink("card"), .gesture(.backgroundTap)]) == "Home › Detail")
    let stuck = try spec.replay([open, .deepLink("stuck"), .gesture(.backgroundTap)])
    guard case .impossible(step: 2, _) = stuck.ending else {
      Issue.record("\(stuck.ending)")
      return
    }
    // The modal no tap closes is a trap, over the bare app root too (§6: the app presents,
    // so it is no home state): [Home] and [Home] under the modal, 1 trap.
    let trap = NavigationSpec("Trap", root: "Home") {
      Destination("Home")
      Destination("Card")
      DeepLink("stuck") { Modal("Card", dismissOnBackgroundTap: false, presenter: .app) }
    }
    let trapped = try check(trap)
    #expect(
      counts(trapped)
        == "states 2, transitions 1, pruned 0, depth 1, duplicatePresentation 1, trap 1")
  }

  /// Decision 4: a module switch rebuilds the tabs under the app's presentation, which keeps
  /// its screens and their pending work; the work completes there afterwards.
  @Test func theAppsPresentationSurvivesAModuleSwitch() throws {
    let spec = NavigationSpec("Survives") {
      Module("Main", tabs: ["Timeline", "Notifications"])
      Destination("Timeline") { Push("Status").label("Open") }
      Destination("Notifications")
      Destination("Status")
      Destination("Composer") {
        Dismiss().async().label("Send")
        ShowModule("Main", keepingTab: true).label("Switch account")
      }
      DeepLink("compose") { Sheet("Composer", presenter: .app) }
    }
    let switched: [EventReference] = [
      .transition(screen: "Timeline", transition: .label("Open")), .deepLink("compose"),
      .transition(screen: "Composer", transition: .label("Send")),
      .transition(screen: "Composer", transition: .label("Switch account")),
    ]
    #expect(
      try ends(spec, switched)
        == "▸ Timeline | Notifications\n  ⤷ app presents sheet: Composer [pending 'Send']")
    #expect(
      try ends(
        spec, switched + [.complete(screen: "Composer", transition: .label("Send"), at: nil)])
        == "▸ Timeline | Notifications")
    // The switch orphans nothing (the Composer keeps its work); a swipe that closes the
    // Composer with 'Send' pending does, and the link over the Composer is a duplicate.
    let result = try check(spec)
    #expect(result.violations.map(\.kind) == [.duplicatePresentation, .orphanedCompletion])
    #expect(
      trace(result, .orphanedCompletion) == [
        "deep link 'compose' arrives", "Composer: async 'Send' starts",
        "user swipes the Composer sheet down",
      ])
  }

  /// Decision 5: the app's presentation is after every tab in pre-order: its completions come
  /// after the tabs' and before the app's own work.
  @Test func theAppsPresentationCompletesAfterTheTabs() throws {
    let spec = NavigationSpec("Order", tabs: ["Home", "Search"]) {
      Destination("Home") { SetFlag("home", true).async().label("Home work") }
      Destination("Search") {
        SetFlag("search", true).async().label("Search work")
        SetFlag("app", true).async().actsOn(.app).label("App work")
      }
      Destination("Composer") { SetFlag("composer", true).async().label("Composer work") }
      DeepLink("compose") { Sheet("Composer", presenter: .app) }
      Flag("home")
      Flag("search")
      Flag("app")
      Flag("composer")
    }
    let model = RouterModel(CompiledSpec(spec))
    let state = try walk(
      model,
      [
        "'Home work'", "selects tab 'Search'", "'App work'", "'Search work'", "'compose'",
        "'Composer work'",
      ])
    // The completions, by the work's label, in event order: Home's (tab 0), Search's (tab 1),
    // the Composer's (the app's presentation), then the app's own work.
    let completions = model.events(of: state).compactMap { event -> String? in
      guard case .complete(_, let t, _) = event else { return nil }
      return model.spec.transitionName(t)
    }
    #expect(completions == ["Home work", "Search work", "Composer work", "App work"])

  }

  /// The tabs reduction is refused where an action presents on the app.
  @Test func theTabsReductionIsRefused() throws {
    let obstacle = TabReduction.obstacle(CompiledSpec(Self.iceCubes))
    #expect(
      obstacle?.reason
        == "Status: sheet Media 'Media' presents on the app, above every tab's stack")
  }
}
