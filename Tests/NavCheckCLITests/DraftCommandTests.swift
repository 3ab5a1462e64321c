import Foundation
import Testing

/// `navcheck draft` and `navcheck drift`, run through the built binary on the fixture apps.
@Suite struct DraftCommandTests {
  let recipes = NavcheckProcess.fixtures + "/Apps/Recipes"

  @Test func theDraftOfAFixtureAppLoadsInTheDSLAndInJSON() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let swift = folder.appendingPathComponent("Draft.swift").path
    let json = folder.appendingPathComponent("draft.json").path
    let drafted = try NavcheckProcess.run(["draft", recipes, "--output", swift])
    #expect(drafted.status == 0, "\(drafted.stderr)")
    #expect(
      drafted.stderr.contains(
        "navcheck: drafted 'Recipes' from 4 files: 7 destinations, 8 transitions, 1 deep link"),
      "\(drafted.stderr)")
    #expect(
      try NavcheckProcess.run(["draft", recipes, "--format", "json", "--output", json]).status == 0)
    let text = try String(contentsOfFile: swift, encoding: .utf8)
    #expect(
      text.contains("  // RecipeListView.swift:12 in RecipeListView\n    Sheet(\"NewRecipe\")"),
      "\(text)")
    // Loads: 0 or 1 (the draft's Reset button dismisses the tab's root: dismissAtRoot), never 65.
    for spec in [swift, json] {
      let check = try NavcheckProcess.run(["check", spec, "--fixes", "never"])
      #expect([0, 1].contains(check.status), "\(spec): \(check.status) \(check.stderr)")
      #expect(check.stdout.contains("Recipes"), "\(check.stdout)")
    }
  }

  @Test func aFileWhoseTreeCannotBeReadIsNamedAndTheRestDrafted() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A swiftc that writes a broken tree for NewRecipeView.swift and the real one for the rest.
    let fake = folder.appendingPathComponent("swiftc").path
    try """
    #!/bin/sh
    swiftc "$@" || exit 1
    previous=""; for argument in "$@"; do
      if [ "$previous" = "-primary-file" ] && grep -q "struct NewRecipeView" "$argument"; then broken="$argument"; fi
      previous="$argument"
    done
    index=0; for argument in "$@"; do
      if [ "$previous" = "-o" ]; then
        case "$argument" in *"$(basename "${broken%.swift}")".json) printf '{"_kind": [' > "$argument";; esac
      fi
      previous="$argument"
    done
    """.write(toFile: fake, atomically: true, encoding: .utf8)
    _ = try NavcheckProcess.shell("chmod +x \(fake)")
    let run = try NavcheckProcess.run(["draft", recipes, "--swiftc", fake])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "navcheck: warning: NewRecipeView.swift: its syntax tree is not valid JSON"),
      "\(run.stderr)")
    #expect(run.stderr.contains("from 3 files"), "\(run.stderr)")
    #expect(
      run.stdout.contains("// Not read (the parser's tree was not readable): NewRecipeView.swift"))
  }

  @Test func aMissingSwiftcOrSourceIsAClearError() throws {
    let noSwiftc = try NavcheckProcess.run(
      ["draft", recipes], environment: ["PATH": "/nonexistent"])
    #expect(noSwiftc.status == 70)
    #expect(noSwiftc.stderr.contains("no swiftc on PATH"), "\(noSwiftc.stderr)")
    #expect(noSwiftc.stderr.contains("--swiftc PATH"), "\(noSwiftc.stderr)")
    let named = try NavcheckProcess.run(["draft", recipes, "--swiftc", "/nonexistent/swiftc"])
    #expect(named.status == 70)
    #expect(try NavcheckProcess.run(["draft"]).status == 64)
    let missing = try NavcheckProcess.run(["draft", "NoSuchFolder"])
    #expect(missing.status == 66)
    #expect(missing.stderr.contains("NoSuchFolder: no such file or folder"), "\(missing.stderr)")
  }

  @Test func aSheetAddedToTheAppIsDriftAtItsLine() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = folder.appendingPathComponent("Recipes")
    try FileManager.default.copyItem(
      at: NavcheckProcess.root.appendingPathComponent(recipes), to: app)
    let spec = folder.appendingPathComponent("recipes.json").path
    #expect(
      try NavcheckProcess.run(["draft", app.path, "--format", "json", "--output", spec]).status == 0
    )
    let agrees = try NavcheckProcess.run(["drift", spec, "--sources", app.path])
    #expect(agrees.status == 0, "\(agrees.stdout)\(agrees.stderr)")
    #expect(
      agrees.stdout.contains("Recipes: no drift between the spec and the code"), "\(agrees.stdout)")

    // ShoppingView gains a help sheet on line 23, after its scanner cover.
    let file = app.appendingPathComponent("NewRecipeView.swift")
    let source = try String(contentsOf: file, encoding: .utf8)
    try source.replacingOccurrences(
      of: "      .fullScreenCover(isPresented: $showScanner) { ScannerView() }\n",
      with: "      .fullScreenCover(isPresented: $showScanner) { ScannerView() }\n"
        + "      .sheet(isPresented: $showHelp) { HelpView() }\n"
    ).write(to: file, atomically: true, encoding: .utf8)
    let drift = try NavcheckProcess.run(["drift", spec, "--sources", app.path])
    #expect(drift.status == 1, "\(drift.stderr)")
    #expect(
      drift.stdout.contains(
        "NewRecipeView.swift:24: the code presents the sheet 'Help' (HelpView), which the spec 'Recipes' does not declare"
      ),
      "\(drift.stdout)")
    let xcode = try NavcheckProcess.run(["drift", spec, "--sources", app.path, "--format", "xcode"])
    #expect(
      xcode.stdout.contains("/NewRecipeView.swift:24:1: warning: undeclaredDestination: Recipes:"),
      "\(xcode.stdout)")
    let github = try NavcheckProcess.run([
      "drift", spec, "--sources", app.path, "--format", "github",
    ])
    #expect(github.stdout.contains("::warning file="), "\(github.stdout)")
    #expect(github.stdout.contains("NewRecipeView.swift,line=24,"), "\(github.stdout)")
    let sarif = try NavcheckProcess.run(["drift", spec, "--sources", app.path, "--format", "sarif"])
    let log = try #require(try NavcheckProcess.json(sarif.stdout) as? [String: Any])
    let result = try #require(
      ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
    #expect(result["ruleId"] as? String == "DRIFT001")
    let json = try NavcheckProcess.run(["drift", spec, "--sources", app.path, "--format", "json"])
    let report = try #require(try NavcheckProcess.json(json.stdout) as? [String: Any])
    let finding = try #require((report["drift"] as? [[String: Any]])?.first)
    #expect(finding["line"] as? Int == 24)
    #expect(finding["subject"] as? String == "sheet Help")

    // A baseline accepts it: the run exits 0, and a new sheet still fails.
    let baseline = folder.appendingPathComponent("drift-baseline.json").path
    let written = try NavcheckProcess.run([
      "drift", spec, "--sources", app.path, "--write-baseline", baseline,
    ])
    #expect(written.status == 0, "\(written.stdout)")
    let known = try NavcheckProcess.run([
      "drift", spec, "--sources", app.path, "--baseline", baseline,
    ])
    #expect(known.status == 0, "\(known.stdout)")
    #expect(known.stdout.contains("1 finding accepted by the baseline"), "\(known.stdout)")
  }
}

/// `navcheck export --format swift`: the draft's printer, on a spec that uses most of the DSL.
@Suite struct ExportSwiftTests {
  @Test func aSpecExportedInTheDSLReadsBackToTheSameSpec() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Mail.swift").path
    #expect(
      try NavcheckProcess.run(["export", "Mail", "--format", "swift", "--output", file]).status == 0
    )
    let source = try String(contentsOfFile: file, encoding: .utf8)
    #expect(
      source.hasPrefix("import NavCheck\n\nlet mail = NavigationSpec(\"Mail\") {\n"), "\(source)")
    let original = try NavcheckProcess.run(["export", "Mail"])
    let back = try NavcheckProcess.run(["export", file])
    #expect(back.status == 0, "\(back.stderr)")
    #expect(back.stdout == original.stdout)
  }

  /// SEMANTICS v3's constructs (links on a router, `Work`, untapped single-action work,
  /// `StartWork`/`CancelWork` with and without a destination, swipe conditions) print as the DSL
  /// that builds the same spec.
  @Test func theVersionThreeConstructsExportInTheDSLAndReadBack() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = NavcheckProcess.fixtures + "/v3.json"
    let file = folder.appendingPathComponent("VersionThree.swift").path
    #expect(
      try NavcheckProcess.run(["export", json, "--format", "swift", "--output", file]).status == 0)
    let source = try String(contentsOfFile: file, encoding: .utf8)
    for phrase in [
      "DeepLink(\"mention\", tab: \"Inbox\")", "start: .stack", "Work(\"Sign in\")",
      ".async(tap: false).actsOn(.stack)", "StartWork(\"Refresh\", of: \"Inbox\")",
      "CancelWork(\"Sign in\")", "swipeToDismiss: .unless(\"dirty\").unlessPending(\"Sign in\")",
    ] {
      #expect(source.contains(phrase), "\(phrase) in \(source)")
    }
    let original = try NavcheckProcess.run(["export", json])
    let back = try NavcheckProcess.run(["export", file])
    #expect(back.status == 0, "\(back.stderr)")
    #expect(back.stdout == original.stdout)
  }
}
