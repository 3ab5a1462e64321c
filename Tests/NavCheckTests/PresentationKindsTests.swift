import Foundation
import NavCheckExplorer
import Testing

@testable import NavCheck
@testable import NavCheckTesting

/// Every presentation kind (`StateView.Style.presented`) walked through every consumer: its
/// action and JSON name, the compiled spec, the state's link and codec, the state's view and
/// its words, the rules that read whether it has navigation, the phone frame, the reference
/// router's step, router snapshots (their slot, their builders, the screens they show, the
/// exhaustive check's key) and the router checks' words. A kind one consumer forgets fails here,
/// not for a user.
@Suite struct PresentationKindsTests {
  /// Home presents Shown with the kind's action ('Open'); Shown pushes Detail (allowed only
  /// where the kind has navigation) and closes itself ('Close').
  static func spec(_ style: StateView.Style) throws -> NavigationSpec {
    let kind = try #require(style.action, "\(style) has no action that presents it")
    let json = """
      {"name": "Kinds", "root": "Home", "destinations": [
        {"name": "Home", "transitions": [
          {"action": "\(kind.rawValue)", "destination": "Shown", "label": "Open"}]},
        {"name": "Shown", "transitions": [
          {"action": "push", "destination": "Detail", "label": "More"},
          {"action": "dismissEnvironment", "label": "Close"}]},
        {"name": "Detail"}]}
      """
    return try NavigationSpec(json: Data(json.utf8))
  }

  @Test func everyPresentedStyleIsPresentedByOneActionKindAndKeptByTheState() {
    #expect(StateView.Style.presented.count == StateView.Style.allCases.count - 1)
    #expect(!StateView.Style.root.isPresented && StateView.Style.root.action == nil)
    // Every kind that presents names a presented style; each style, one kind.
    let presenting = Action.Kind.allCases.filter(\.presents)
    #expect(presenting.compactMap(\.presentation) == StateView.Style.presented)
    for style in StateView.Style.allCases {
      // The state keeps every style, and each link reads back the style it was made of.
      let kept = EnvironmentStyle(style)
      #expect(kept?.style == style, "\(style)")
      if let kept {
        #expect(ScreenLink(kept).environment == kept)
        #expect(ScreenLink(kept).presents == style.isPresented)
        #expect(kept.hasNavigation == style.hasNavigation)
      }
    }
    #expect(EnvironmentStyle.allCases.map(\.style) == StateView.Style.allCases)
  }

  @Test(arguments: StateView.Style.presented)
  func aPresentationGoesThroughEveryConsumer(_ style: StateView.Style) throws {
    let spec = try Self.spec(style)
    let kind = try #require(style.action)
    // JSON: the spec reads back from what it writes.
    let written = try JSONEncoder().encode(spec)
    #expect(try NavigationSpec(json: written) == spec)
    #expect(String(decoding: written, as: UTF8.self).contains("\"\(kind.rawValue)\""))
    // An onDismiss may ride on it: it shows a screen.
    #expect(kind.carriesOnDismiss)

    // The destination graph draws its line, dashed as a presentation's is.
    let line = try #require(GraphReport.line(kind))
    #expect(line.style == .dashed)
    let dot = GraphReport(language: .dot).destinationGraph(spec)
    #expect(
      dot.contains("d_Home -> d_Shown [label=\"\(line.label) 'Open'\", style=dashed];"), "\(dot)")

    // Compiled: one presentation of its style.
    let model = RouterModel(CompiledSpec(spec))
    let presents = model.spec.steps.compactMap { step -> EnvironmentStyle? in
      if case .present(_, let kept, _, _) = step.act { kept } else { nil }
    }
    #expect(presents.map(\.style) == [style])

    // The step that presents it: its words, the state's view, how it is drawn as text.
    let open = try #require(
      model.events(of: model.initialState).first { event in
        if case .transition = event { true } else { false }
      })
    let step = model.step(open, from: model.initialState)
    #expect(step.outcome == .state)
    #expect(model.words(of: step) == "Home: tap 'Open' → \(style.words) Shown")
    let view = StateView(step.state, model.spec)
    #expect(view.environments.map(\.style) == [.root, style])
    #expect(view.depth == 1)
    #expect(view.description == "Home\n  ⤷ \(style.rawValue): Shown")

    // The codec: every state decodes to the style it was encoded with.
    var options = ExplorerOptions()
    options.recordsStates = true
    let exploration = Explorer.explore(model, options: options)
    let decoded = exploration.stateEncodings.map { bytes in
      StateView(bytes.withUnsafeBytes { model.codec.decode($0) }, model.spec)
    }
    #expect(decoded.contains { $0.environments.map(\.style) == [.root, style] })

    // Whether it has navigation decides a push from it.
    let result = try spec.check()
    #expect(
      result.violations.contains { $0.kind == .pushWithoutNavigation } == !style.hasNavigation,
      "\(style): \(result.violations.map(\.kind))")

    // The phone frame draws its card with its label.
    let svg = PhoneFrame(state: view, change: .environment(1)).svg(x: 0, y: 0)
    #expect(svg.contains(">\(style.label)</text>"), "\(style)")

    // The reference router's step performs the action of its kind.
    var reference = try ReferenceRouter(spec)
    let performed = try #require(reference.steps().first)
    let event = performed.navigation.event
    #expect(event.description == "\(kind.rawValue) Shown 'Open'", "\(event)")
    _ = reference.perform(performed)
    #expect(reference.expected == view)

    // Router snapshots: its slot, both builders, the screens they show.
    let slot = RouterSnapshot.Slot(style)
    #expect(slot.style == style && !slot.isTop)
    #expect(RouterSnapshot.Frame.Style(environment: style).presentation == style)
    var home = RouterSnapshot.Coordinator(screen: "Home")
    home[presenting: style] = .init(screen: "Shown")
    let coordinated = RouterSnapshot(coordinator: home)
    let framed = RouterSnapshot(
      frames: [.root("Home"), .init("Shown", style: .init(environment: style))])
    for snapshot in [coordinated, framed] {
      #expect(snapshot.shown.matches(ShownScreens(view)), "\(style): \(snapshot.shown)")
      #expect(snapshot.routers.last?.slot == slot)
      #expect(snapshot.routers.first?[presenting: style] == snapshot.routers.last?.id)
      #expect(snapshot.routers.first?.description.contains(", \(style.rawValue) → ") == true)
    }
    // The exhaustive check tells it from every other kind.
    let keys = StateView.Style.presented.map { other in
      var presenter = RouterSnapshot.Coordinator(screen: "Home")
      presenter[presenting: other] = .init(screen: "Shown")
      return RouterStateKey.canonical(RouterSnapshot(coordinator: presenter))
    }
    #expect(Set(keys).count == StateView.Style.presented.count)
    // The router checks name it in words.
    #expect(RouterInvariant.noun(slot) == style.words)
  }
}
