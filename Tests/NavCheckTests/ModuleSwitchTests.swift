import Foundation
import Testing

@testable import NavCheck

/// §11.9: a module switch that keeps the selected tab (IceCubesApp's account switch rebuilds the
/// tabs but keeps the app's `selectedTab`).
@Suite struct ModuleSwitchTests: SpecJSONChecks {
  /// `Examples/keeptab.json` in the DSL.
  static let accountSwitch = NavigationSpec("AccountSwitch") {
    Module("Main", tabs: ["Timeline", "Notifications"])
    Module("Guest", tabs: ["Explore", "Timeline"])
    Destination("Timeline") {
      ShowModule("Main", keepingTab: true).label("Switch account")
      ShowModule("Guest", keepingTab: true).label("Browse as guest")
    }
    Destination("Notifications") {
      ShowModule("Main", keepingTab: true).label("Switch account")
      ShowModule("Guest", keepingTab: true).label("Browse as guest")
    }
    Destination("Explore") { ShowModule("Main", keepingTab: true).label("Sign in") }
  }
  .bounds(maxStackDepth: 1, maxPresentationDepth: 1)

  /// The hand derivation of Examples/README.md, from the JSON and from the DSL, at 1 and 3
  /// threads.
  @Test func theExampleKeepsItsHandDerivedCounts() throws {
    let json = try example("keeptab")
    #expect(json == Self.accountSwitch)
    #expect(try read(json.jsonValue.text()) == json)
    for spec in [json, Self.accountSwitch] {
      for threads in [1, 3] {
        let result = try check(spec, threads: threads)
        #expect(counts(result) == "states 4, transitions 11, pruned 0, depth 2")
        #expect(result.violations.isEmpty && result.warnings.isEmpty)
      }
    }
  }

  /// Decisions 1 and 2: the tab with the same root is selected, wherever it is in the new bar
  /// (Timeline is Guest's second tab); without one, the first tab (Main has no Explore; Guest
  /// has no Notifications). A switch to the same module keeps its own selection.
  @Test func aModuleSwitchKeepsTheSelectedTab() throws {
    let spec = Self.accountSwitch
    func ends(_ steps: [EventReference]) throws -> String? {
      let replay = try spec.replay(steps)
      #expect(replay.ending == .state)
      return replay.steps.last?.state?.description
    }
    let guest = try ends([.transition(screen: "Timeline", transition: .label("Browse as guest"))])
    #expect(guest == "module Guest: Explore | ▸ Timeline")
    let same = try ends([
      .selectTab("Notifications"),
      .transition(screen: "Notifications", transition: .label("Switch account")),
    ])
    #expect(same == "module Main: Timeline | ▸ Notifications")
    let missing = try ends([
      .selectTab("Notifications"),
      .transition(screen: "Notifications", transition: .label("Browse as guest")),
    ])
    #expect(missing == "module Guest: ▸ Explore | Timeline")
    let back = try ends([
      .transition(screen: "Timeline", transition: .label("Browse as guest")),
      .selectTab("Explore"), .transition(screen: "Explore", transition: .label("Sign in")),
    ])
    #expect(back == "module Main: ▸ Timeline | Notifications")
    // v2's switch (without keepTab) selects the first tab.
    var v2 = spec
    v2.destinations[0].transitions[1].actions[0].keepsTab = false
    let first = try v2.replay([
      .transition(screen: "Timeline", transition: .label("Browse as guest"))
    ])
    #expect(first.steps.last?.state?.description == "module Guest: ▸ Explore | Timeline")
  }

  /// §9: the words say the tab is kept; JSON writes `keepTab` after the module, export writes
  /// `keepingTab:`.
  @Test func wordsJSONAndExportSayTheTabIsKept() throws {
    let replay = try Self.accountSwitch.replay([
      .transition(screen: "Timeline", transition: .label("Browse as guest"))
    ])
    #expect(
      replay.steps.last?.description
        == "Timeline: tap 'Browse as guest' → show module Guest (keeping the tab)")
    let text = Self.accountSwitch.jsonValue.text()
    #expect(text.contains(#""module": "Guest","#) && text.contains(#""keepTab": true"#))
    #expect(
      Self.accountSwitch.swiftSource().contains(
        #"ShowModule("Guest", keepingTab: true).label("Browse as guest")"#))
  }

  /// Decision 3 and the validation: `keepTab` on another action, or to a module without tabs,
  /// is invalid, at its path.
  @Test func keepTabIsValidatedWhereItMeansSomething() throws {
    let onPush = """
      {"name": "A", "tabs": ["Home", "Other"], "destinations": [
        {"name": "Home", "transitions": [{"action": "push", "destination": "Other", "keepTab": true}]},
        {"name": "Other"}]}
      """
    #expect(
      try validationProblems(onPush) == [
        "destinations[0].transitions[0].keepTab @2: push cannot keep the tab: only showModule switches module (SEMANTICS v3 §11.9); remove \"keepTab\""
      ])
    let noTabs = """
      {"name": "A", "modules": [{"name": "Main", "tabs": ["Home", "Other"]}, {"name": "Out", "root": "Other"}],
       "destinations": [
        {"name": "Home", "transitions": [{"action": "showModule", "module": "Out", "keepTab": true}]},
        {"name": "Other"}]}
      """
    #expect(
      try validationProblems(noTabs) == [
        "destinations[0].transitions[0].keepTab @3: module 'Out' has no tabs, so a switch to it has no tab to keep (SEMANTICS v3 §11.9); remove \"keepTab\""
      ])
    let notABool = """
      {"name": "A", "tabs": ["Home", "Other"], "destinations": [
        {"name": "Home", "transitions": [{"action": "showModule", "module": "A", "keepTab": "yes"}]},
        {"name": "Other"}]}
      """
    #expect(
      readingProblems(notABool) == [
        "destinations[0].transitions[0].keepTab @2: expected true or false, found a string"
      ])
  }

  /// The tabs reduction is refused, naming the switch.
  @Test func theTabsReductionIsRefusedNamingTheSwitch() throws {
    let obstacle = try #require(TabReduction.obstacle(CompiledSpec(Self.accountSwitch)))
    #expect(
      obstacle.reason
        == "Timeline: showModule Main 'Switch account' switches module keeping the selected tab, which every tab's stack then depends on"
    )
    // Without keepTab, the same switches are no obstacle.
    var v2 = Self.accountSwitch
    for d in v2.destinations.indices {
      for t in v2.destinations[d].transitions.indices {
        v2.destinations[d].transitions[t].actions[0].keepsTab = false
      }
    }
    #expect(TabReduction.obstacle(CompiledSpec(v2)) == nil)
  }
}
