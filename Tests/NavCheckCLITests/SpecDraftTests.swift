import Foundation
import NavCheck
import NavCheckSource
import Testing

/// `SpecDraft`: what the draft infers from the fixture apps' syntax trees (one pattern each:
/// an enum of routes with `navigationDestination(for:)`, a router class with `navigate(to:)`,
/// a coordinator's static route constructors).
@Suite struct SpecDraftTests {
  static let apps = NavcheckProcess.root.appendingPathComponent(
    NavcheckProcess.fixtures + "/Apps")

  /// The fixture app's files with their syntax trees: one `swiftc` for the folder.
  static func files(_ app: String, replacing: [String: String] = [:]) throws -> [SyntaxFile] {
    let folder = apps.appendingPathComponent(app)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") }.sorted()
    let scratch = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: scratch) }
    var arguments = ["-frontend", "-dump-parse", "-dump-ast-format", "json"]
    var texts: [String: [UInt8]] = [:]
    for name in names {
      var text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      for (old, new) in replacing { text = text.replacingOccurrences(of: old, with: new) }
      texts[name] = Array(text.utf8)
      try text.write(to: scratch.appendingPathComponent(name), atomically: true, encoding: .utf8)
      arguments += ["-primary-file", scratch.appendingPathComponent(name).path]
    }
    arguments += names.map { ["-o", scratch.appendingPathComponent($0 + ".json").path] }.flatMap {
      $0
    }
    let swiftc = Process()
    swiftc.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    swiftc.arguments = ["swiftc"] + arguments
    try swiftc.run()
    swiftc.waitUntilExit()
    return try names.map { name in
      let tree = try Data(contentsOf: scratch.appendingPathComponent(name + ".json"))
      return try SyntaxFile(path: name, text: texts[name]!, tree: Array(tree))
    }
  }

  static func draft(_ app: String, replacing: [String: String] = [:]) throws -> SpecDraft {
    SpecDraft(files: try files(app, replacing: replacing), hints: .init(name: app))
  }

  static func actions(_ spec: NavigationSpec, _ destination: String) -> [Action] {
    spec.destination(named: destination)?.transitions.map(\.action) ?? []
  }

  @Test func routeEnumsSheetItemsTabsAlertsAndURLHandlersBecomeTheDraft() throws {
    let draft = try Self.draft("Recipes")
    let spec = draft.spec
    #expect(spec.tabs == ["RecipeList", "Shopping"])
    #expect(
      Set(spec.destinations.map(\.name)).isSuperset(of: [
        "Recipe", "Author", "NewRecipe", "Share", "Scanner",
      ]))
    let list = Self.actions(spec, "RecipeList")
    #expect(list.contains(.push(destination: "Recipe")))
    #expect(list.contains(.sheet(destination: "NewRecipe")))
    #expect(
      list.contains {
        if case .alert("ResetAll", .alert, let buttons) = $0 {
          buttons.map(\.label) == ["Reset", "Cancel"]
        } else {
          false
        }
      })
    #expect(Self.actions(spec, "Shopping") == [.fullScreenCover(destination: "Scanner")])
    #expect(
      Self.actions(spec, "Recipe") == [.push(destination: "Author"), .sheet(destination: "Share")])
    // Save dismisses after an await, inside Task { … }; the sheet cannot be swiped down.
    let newRecipe = try #require(spec.destination(named: "NewRecipe"))
    #expect(newRecipe.swipeToDismiss == false)
    #expect(newRecipe.transitions.map(\.trigger) == [.async(cancelsOnDismiss: false)])
    #expect(newRecipe.transitions.map(\.action) == [.dismiss(destination: nil)])
    #expect(spec.deepLinks.map(\.name) == ["openURL_16"])
    #expect(spec.deepLinks.first?.actions.map(\.action) == [.push(destination: "Recipe")])
    // Every declaration names its source line.
    let push = try #require(spec.destination(named: "RecipeList")?.transitions.first)
    #expect(draft.notes[push.location!] == ["RecipeListView.swift:11 in RecipeListView"])
    #expect(draft.unplaced.isEmpty, "\(draft.unplaced)")
    try spec.validate()
  }

  @Test func aRouterClassWithNavigateAndAPresentedSheetIsInferred() throws {
    let spec = try Self.draft("Routed").spec
    #expect(spec.tabs == ["Inbox", "Explore", "Settings"])
    let inbox = try #require(spec.destination(named: "Inbox"))
    #expect(
      inbox.transitions.map(\.action) == [
        .push(destination: "Thread"), .sheet(destination: "Compose"), .push(destination: "Search"),
      ])
    // After `await reload()` in `.refreshable`: async work.
    #expect(inbox.transitions.map(\.trigger.isAsync) == [false, false, true])
    #expect(Self.actions(spec, "Settings") == [.sheet(destination: "EditProfile")])
    // The router's own body (`stack.append`) is no screen's transition.
    #expect(
      spec.destinations.allSatisfy { !$0.transitions.contains { $0.action == .dismissStack } })
    #expect(spec.deepLinks.map(\.name) == ["router_handle"])
    try spec.validate()
  }

  @Test func aCoordinatorsStaticConstructorsAreRoutesStyledByTheirBodies() throws {
    let draft = try Self.draft("Coordinated")
    let spec = draft.spec
    #expect(spec.root == "Home")
    #expect(
      Self.actions(spec, "Home") == [
        .push(destination: "Profile"), .sheet(destination: "Settings"),
      ])
    #expect(Self.actions(spec, "Profile").first == .fullScreenCover(destination: "Player"))
    #expect(draft.routeCases.map(\.name) == ["profile", "settings", "player"])
    #expect(draft.routeCases.allSatisfy { $0.role == "route" && $0.type == "AppRoute" })
    try spec.validate()
  }

  @Test func whatCannotBeNamedIsListedNotDropped() throws {
    let draft = try Self.draft(
      "Routed",
      replacing: [
        #"Button("Open") { router.navigate(to: .thread(id: 1)) }"#:
          #"Button("Open") { router.navigate(to: pending) }"#
      ])
    #expect(
      draft.unplaced.contains(
        "Views.swift:28: navigate(…) with a value the draft cannot name: pending"),
      "\(draft.unplaced)")
    #expect(draft.swiftSource().contains("// - Views.swift:28: navigate(…) with a value"))
  }

  @Test func hintsNameTheRouteAndRouterTypesInferenceMisses() throws {
    // A router whose path is called `items`: nothing says it is a path.
    let renamed = [
      "var stack: [Destination] = []": "var items: [Destination] = []",
      "stack.append(destination)": "items.append(destination)",
    ]
    let files = try Self.files("Routed", replacing: renamed)
    let blind = SpecDraft(files: files, hints: .init(name: "Routed"))
    #expect(blind.spec.destination(named: "Thread") == nil)
    let hinted = SpecDraft(
      files: files,
      hints: .init(name: "Routed", routeTypes: ["Destination"], routerTypes: ["Router"]))
    #expect(Self.actions(hinted.spec, "Inbox").contains(.push(destination: "Thread")))
    #expect(hinted.routeCases.filter { $0.type == "Destination" }.count == 3)
    let unknown = SpecDraft(files: files, hints: .init(name: "Routed", routeTypes: ["Nope"]))
    #expect(
      unknown.unplaced.contains(
        "hint: no enum with cases or type with static constructors named 'Nope'"))
  }

  @Test func theDraftInJSONCarriesItsNotesUnderCommentAndReadsBack() throws {
    let draft = try Self.draft("Recipes")
    let text = draft.jsonText(header: ["drafted"])
    #expect(text.contains(#""$comment": "RecipeListView.swift:11 in RecipeListView""#))
    let read = try NavigationSpec(json: Data(text.utf8), file: "draft.json")
    #expect(read == draft.spec)
  }

  @Test func aFileWhoseTreeIsNotJSONIsAnErrorNamingIt() {
    #expect(throws: SyntaxTreeError.self) {
      try SyntaxFile(
        path: "Broken.swift", text: [], tree: Array(#"{"_kind":"source_file","items":[}"#.utf8))
    }
    do {
      _ = try SyntaxFile(path: "Broken.swift", text: [], tree: Array("[]".utf8))
    } catch {
      #expect(error.description == "Broken.swift: its syntax tree is not a source file's")
    }
  }

  @Test func driftNamesWhatTheCodeShowsAndTheSpecDoesNotAndTheReverse() throws {
    let draft = try Self.draft("Recipes")
    var spec = draft.spec
    spec.destinations.removeAll { $0.name == "Scanner" }
    for index in spec.destinations.indices {
      spec.destinations[index].transitions.removeAll { $0.action.destination == "Scanner" }
    }
    spec.destinations.append(Destination(name: "Favorites"))
    let drift = SpecDrift(spec: spec, code: draft)
    #expect(drift.findings.map(\.kind) == [.undeclaredDestination, .unreachedDestination])
    #expect(drift.findings[0].location?.fileID == "NewRecipeView.swift")
    #expect(drift.findings[0].location?.line == 23)
    #expect(drift.findings[0].subject == "fullScreenCover Scanner")
    #expect(drift.findings[1].subject == "destination Favorites")
    // The same names under other spellings match: cases, views, a Sheet or Tab suffix.
    #expect(DestinationName.key("AccountDetailView") == DestinationName.key("accountDetail"))
    #expect(DestinationName.key("SettingsTab") == DestinationName.key("settings"))
    #expect(SpecDrift(spec: draft.spec, code: draft).findings.isEmpty)
  }
}
