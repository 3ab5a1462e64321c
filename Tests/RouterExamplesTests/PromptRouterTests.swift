import NavCheck
import Testing

@testable import NavCheckTesting

/// A value-type router with one stack and an app-level prompt presenter (Swiftfin's PIN prompt,
/// shown above every screen): one prompt at a time, closed by its buttons, each acting on the
/// screen in view. `buttonKeepsThePrompt` is its bug: a button runs its action but leaves the
/// prompt up.
struct PromptRouter: RouterAdapter, Equatable {
  var path: [String] = []
  var prompt: String?
  var buttonKeepsThePrompt = false

  mutating func perform(_ step: NavigationStep) throws {
    switch step.event {
    case .transition(.push(let destination), _): path.append(destination)
    case .transition(.windowAlert(let name, _, _), _): prompt = name
    case .swipeBack: path.removeLast()
    case .promptButton(_, _, let actions):
      if !buttonKeepsThePrompt { prompt = nil }
      for case .push(let destination) in actions { path.append(destination) }
    case .dismissPrompt: prompt = nil
    default: throw RouterAdapterError.unsupported(step)
    }
  }

  func snapshot() -> RouterSnapshot {
    var snapshot = RouterSnapshot(routers: [.init(id: "root", screen: "Feed", path: path)])
    snapshot.prompt = prompt.map { .shown($0) } ?? .none
    return snapshot
  }
}

/// Feed and Detail ask for a PIN in a window-level dialog, whose Open pushes Detail on the
/// screen in view.
let promptSpec = NavigationSpec("Prompts", root: "Feed") {
  Destination("Feed") {
    Alert("PIN", style: .confirmationDialog, level: .window) {
      Button("Open") { Push("Detail") }
      Button("Cancel")
    }.label("Ask")
  }
  Destination("Detail") {
    Alert("PIN", level: .window) { Button("Open") { Push("Detail") } }.label("Ask")
  }
}
.bounds(maxStackDepth: 3)

@Suite struct PromptRouterTests {
  /// The router whose prompt closes on every button shows what the reference shows in every
  /// state: the prompt's buttons and the tap outside it reach it, drawn only for this spec.
  @Test func aRouterWithAPromptPresenterPasses() throws {
    let result = checkRouterExhaustively(promptSpec) { PromptRouter() }
    #expect(result.failure == nil && result.complete)
    #expect(result.states == (try promptSpec.check().states))
    let fuzzed = fuzzRouter(promptSpec, options: exampleOptions(runs: 60)) { PromptRouter() }
    #expect(fuzzed.passed)
    for kind: NavigationEvent.Kind in [.promptButton, .dismissPrompt] {
      #expect(fuzzed.statistics.eventsByKind[kind, default: 0] > 0, "\(kind) never reached it")
    }
  }

  /// A button that leaves the prompt up is found at the button: the snapshot's prompt is
  /// compared.
  @Test func aButtonThatKeepsThePromptIsFound() throws {
    var result: RouterExhaustiveResult?
    withExpectedNavigationFailures {
      result = checkRouterExhaustively(promptSpec) { PromptRouter(buttonKeepsThePrompt: true) }
    }
    let failure = try #require(result?.failure)
    #expect(
      failure.events == [
        .transition(screen: "Feed", transition: .label("Ask")), .alertButton("Open"),
      ])
  }

  /// A spec without window prompts draws none of their kinds, so a v2 fuzz walk is unchanged.
  @Test func promptKindsAreDrawnOnlyForSpecsWithWindowPrompts() throws {
    let kinds = try ReferenceRouter(toastSpec).eventKinds
    #expect(!kinds.contains(.promptButton) && !kinds.contains(.dismissPrompt))
    let withPrompts = try ReferenceRouter(promptSpec).eventKinds
    #expect(withPrompts.contains(.promptButton) && withPrompts.contains(.dismissPrompt))
  }
}
