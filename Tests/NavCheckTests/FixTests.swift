import NavCheckSpecs
import NavCheckTestSupport
import Testing

@testable import NavCheck

/// Suggested fixes: each candidate change is checked before it is suggested; applied, it
/// removes its finding and breaks nothing new.
@Suite struct FixTests {
  /// Every fix in the bundled specs' reports, applied: the finding is gone, and every
  /// violation left was there before. (The largest specs' in a long run: minutes in a debug
  /// build.)
  @Test(
    arguments: BundledSpecs.all.map(\.name).filter {
      LongTests.enabled || !LongTests.largestBundledSpecs.contains($0)
    })
  func everyFixOfABundledSpecRemovesItsFinding(name: String) throws {
    let result = try BundledResults.withFixes(name)
    for violation in result.violations {
      for fix in violation.fixes {
        let applied = try fix.patched.check()
        #expect(applied.complete, "\(fix.change)")
        #expect(
          !applied.violations.contains { NavigationSpec.sameCause($0, violation) },
          "\(fix.change) leaves \(violation.kind.rawValue)")
        for left in applied.violations {
          #expect(
            result.violations.contains { NavigationSpec.sameCause(left, $0) },
            "\(fix.change) breaks \(left.kind.rawValue) anew")
        }
      }
    }
  }

  /// The Shop's two findings, each with its fix. Long.
  @Test(.long) func theShopsFixes() throws {
    let result = try BundledResults.withFixes("Shop")
    let changes = result.violations.map { $0.fixes.map(\.change) }
    #expect(
      changes == [
        ["dismiss what is presented first: DismissAll() as deep link 'order''s first action"],
        ["cancel Payment's 'Pay' with its screen: .async(cancelsOnDismiss: true)"],
      ])
  }

  /// A change that closes one way to the finding but leaves another is not suggested: the
  /// sheet is closed by its Cancel button and by a swipe down, so neither disabling Cancel
  /// while 'Save' runs nor keeping the sheet from the swipe is enough; cancelling the work is.
  @Test func aChangeThatLeavesAnotherWayIsNotSuggested() throws {
    let spec = NavigationSpec("Edit", root: "Home") {
      Destination("Home") { Sheet("Edit") }
      Destination("Edit") {
        Dismiss().async().label("Save")
        Dismiss().label("Cancel")
      }
    }
    let result = spec.suggestingFixes(for: try spec.check())
    #expect(result.violations.count == 1)
    #expect(
      result.violations.first?.fixes.map(\.change) == [
        "cancel Edit's 'Save' with its screen: .async(cancelsOnDismiss: true)"
      ])
    // Disabling Cancel was tried too: it says which way to the finding it leaves.
    #expect(
      result.violations.first?.fixSearch
        == .searched(rejected: [
          RejectedFix(
            change: "disable Edit's 'Cancel' while 'Save' is pending: .unlessPending(\"Save\")",
            reason: .findingStays(event: "user swipes the Edit sheet down"))
        ]))
  }

  /// A change that removes the finding but breaks another rule is not suggested.
  @Test func aChangeThatBreaksSomethingElseIsNotSuggested() throws {
    // Either way back from the cover (a Close button, or a sheet swiped down) lets the user
    // leave while 'Load' is pending and not cancelled: orphanedCompletion, which the spec did
    // not break before.
    let spec = NavigationSpec("Kiosk", root: "Home") {
      Destination("Home") { FullScreenCover("Attract").label("Idle") }
      Destination("Attract", navigation: false) { Push("Next").async().label("Load") }
      Destination("Next") {}
    }
    let result = spec.suggestingFixes(for: try spec.check())
    let trap = try #require(result.violations.first { $0.kind == .trap })
    #expect(FixCandidates(spec: spec, violation: trap).all.count == 2)
    #expect(trap.fixes.isEmpty)
    // Each change tried says what it breaks.
    guard case .searched(let rejected) = trap.fixSearch else {
      Issue.record("the fixes of the trap were searched")
      return
    }
    #expect(
      rejected.map(\.reason) == [
        .breaks(.orphanedCompletion, cause: "Attract: async push Next 'Load'", others: 1),
        .breaks(.orphanedCompletion, cause: "Attract: async push Next 'Load'", others: 1),
      ])
  }

  /// A deep link that selects a tab under a composer whose 'Publish' is pending: dismissing
  /// what is presented first would orphan 'Publish', so no fix is found, and the report says
  /// why.
  @Test func noFixFoundSaysWhyTheChangeTriedFails() throws {
    let spec = NavigationSpec("Club", tabs: ["Feed", "Profile"]) {
      Destination("Feed") { Sheet("Composer").label("Compose") }
      Destination("Profile") {}
      Destination("Composer", swipeToDismiss: false) {
        DismissEnvironment().async().label("Publish")
        DismissEnvironment().label("Cancel").unlessPending("Publish")
      }
      DeepLink("profile") { SelectTab("Profile") }
    }
    let result = spec.suggestingFixes(for: try spec.check())
    let violation = try #require(result.violations.first)
    #expect(result.violations.count == 1 && violation.kind == .actionFromCoveredScreen)
    #expect(violation.fixes.isEmpty)
    let verdict = try #require(FixVerdict(violation))
    #expect(
      verdict.lines(indent: "") == [
        "no fix found: the one change tried fails:",
        "  - dismiss what is presented first: DismissAll() as deep link 'profile''s first action",
        "    fails: it breaks orphanedCompletion by Composer: async dismissEnvironment 'Publish'",
      ])
    #expect(!verdict.lines(indent: "").joined().contains("cancelsOnDismiss"))
  }

  /// A change whose check stops at its limit is not suggested: it could not tell.
  @Test func aChangeWhoseCheckStopsIsNotSuggested() throws {
    let result = shop.suggestingFixes(for: try BundledResults.checked("Shop"), maxStates: 100)
    for violation in result.violations {
      #expect(violation.fixes.isEmpty)
      guard case .searched(let rejected) = violation.fixSearch else {
        Issue.record("the fixes of \(violation.kind.rawValue) were searched")
        continue
      }
      #expect(!rejected.isEmpty)
      for change in rejected {
        guard case .unsettled(let states) = change.reason else {
          Issue.record("\(change.change): \(change.reason)")
          continue
        }
        #expect(states >= 100)
        #expect(FixVerdict.words(change.reason).hasPrefix("its check stopped at "))
      }
    }
  }

  /// A result no one searched fixes for says nothing of fixes (a router test's failure); one
  /// the command did not search for says why.
  @Test func aResultWithoutAFixSearchSaysNothingOfFixes() throws {
    var violation = try #require(try BundledResults.checked("Shop").violations.first)
    #expect(FixVerdict(violation) == nil)
    let lines = TextReport(paths: .unchanged).render(violation)
    #expect(
      !lines.contains { $0.contains("fix (") || $0.contains("no fix") || $0.contains("fixes not") })
    violation.fixSearch = .notSearched(reason: "--fixes never")
    #expect(FixVerdict(violation)?.lines(indent: "") == ["fixes not searched (--fixes never)"])
  }
}
