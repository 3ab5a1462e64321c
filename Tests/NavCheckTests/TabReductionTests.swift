import Foundation
import NavCheckSpecs
import NavCheckTestSupport
import Testing

@testable import NavCheck
@testable import NavCheckExplorer

/// The tabs reduction (issue 19, `Docs/Performance.md` "The tabs reduction"): a reduced run
/// reports the full product's violations (kind and declaration), shortest trace lengths, traps
/// and warnings, at every thread count; its counts are of the reduced graph, and say so.
@Suite("Tabs reduction")
struct TabReductionTests {
  static func options(_ reduction: Reduction, threads: Int = 2) -> ExplorationOptions {
    var options = ExplorationOptions()
    options.reduction = reduction
    options.threads = threads
    options.maxStates = 25_000
    return options
  }

  /// What a reduced run must report as the product does: each violation's kind, declaration
  /// and shortest trace length; the trap's trace length; the warnings.
  struct Findings: Equatable, CustomStringConvertible {
    var violations: [String: Int] = [:]
    var warnings: Set<String> = []

    init(_ result: CheckResult) {
      for violation in result.violations {
        let declaration =
          violation.declaration.map { "\($0.title) \($0.location.map { "\($0)" } ?? "")" } ?? "-"
        violations["\(violation.kind.rawValue) \(declaration)"] = violation.trace.count
      }
      warnings = Set(result.warnings.map { "\($0.kind.rawValue): \($0.message)" })
    }

    var description: String {
      violations.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n")
        + "\n" + warnings.sorted().joined(separator: "\n")
    }
  }

  /// Two tabs that each push one screen: the hand-derived product and reduced graph.
  ///
  /// Full product: the selected tab (2) × A's stack [A] or [A, X] × B's stack [B] or [B, Y]: 8
  /// states. Each state with its tab at the root has 2 events (push, select the other tab),
  /// each with its tab pushed 3 (swipe back, select, reselect): 2 × (2 × 2 + 2 × 3) = 20
  /// transitions; the farthest state, both pushed with A selected, is 4 events away (select B,
  /// push Y, select A, push X).
  ///
  /// Reduced: not both stacks pushed, 2 × 3 = 6 states; the 2 events that would push the
  /// second stack are left out: 20 − 6 (the two states with both pushed) − 2 = 12 transitions,
  /// and the farthest
  /// state is (A selected, B pushed), 3 events away.
  @Test func countsOfTheReducedGraphByHand() throws {
    let spec = NavigationSpec("Two", tabs: ["A", "B"]) {
      Destination("A") { Push("X") }
      Destination("B") { Push("Y") }
      Destination("X") {}
      Destination("Y") {}
    }.bounds(maxStackDepth: 2, maxPresentationDepth: 1)
    let full = try spec.check(options: Self.options(.never))
    #expect(counts(full) == "states 8, transitions 20, pruned 0, depth 4")
    #expect(!full.reduced)
    let reduced = try spec.check(options: Self.options(.always))
    #expect(reduced.reduced)
    #expect(counts(reduced) == "states 6, transitions 12, pruned 0, depth 3")
    // Small specs keep SEMANTICS §7's counts under the default.
    let auto = try spec.check(options: Self.options(.auto))
    #expect(!auto.reduced && auto.states == 8)
  }

  /// `auto` explores the full product up to its threshold, and the reduced graph past it.
  @Test func autoReducesPastTheThreshold() throws {
    let spec = SyntheticSpecs.tabbed(
      tabs: 3, destinations: 1, maxStackDepth: 2, maxPresentationDepth: 1)
    var options = Self.options(.auto)
    options.reductionThreshold = 50
    // Progress: the product's run up to the threshold, then the reduced graph's, marked.
    final class Log: @unchecked Sendable {
      var updates: [(states: Int, reduced: Bool)] = []
    }
    let log = Log()
    options.chunkSize = 2
    options.progress = { log.updates.append(($0.states, $0.reduced)) }
    let auto = try spec.check(options: options)
    let full = try spec.check(options: Self.options(.never))
    #expect(auto.reduced && auto.states < full.states)
    #expect(Findings(auto) == Findings(full))
    let product = log.updates.prefix { !$0.reduced }
    let reduced = log.updates.dropFirst(product.count)
    #expect(!product.isEmpty && !reduced.isEmpty && reduced.allSatisfy(\.reduced))
    #expect(product.allSatisfy { $0.states <= 50 } && reduced.last!.states == auto.states)
  }

  /// The benchmark's tab family (`SyntheticSpecs.tabbed`, whose 5-tab member at 4/2 has a
  /// product of 7.5 billion states, `Docs/Performance.md`) at 2/1, for 2 to 5 tabs: the
  /// product is n × L × P^(n−1), P = 3 being the states a tab can be left in ([T], [T, D0],
  /// [T, D0 with Save pending]) and L = 37 its states while selected; the reduced graph grows
  /// by a few dozen states a tab, and its findings are the product's.
  @Test(arguments: 2...5) func theTabFamilyReducesToTheSameFindings(tabs: Int) throws {
    let spec = SyntheticSpecs.tabbed(
      tabs: tabs, destinations: 1, maxStackDepth: 2, maxPresentationDepth: 1)
    let full = try spec.check(options: Self.options(.never))
    let product = tabs * 37 * Int(pow(3.0, Double(tabs - 1)))
    #expect(full.states == product)
    let reduced = try spec.check(options: Self.options(.always))
    #expect(reduced.reduced && reduced.states < 60 * tabs)
    #expect(Findings(reduced) == Findings(full))
  }

  /// Where tabs act on each other, the product is explored, and the result says why: here a
  /// tap on a screen pushed in tab A selects tab B and pushes there, so the shortest way to
  /// Y's violation (push P, tap Go, Y's dismissEnvironment: 3 events) has both tabs changed.
  /// A deep link that does the same arrives whatever A shows, and the reduction applies.
  @Test func tabsThatActOnEachOtherKeepTheProduct() throws {
    func spec(_ go: GoFrom) -> NavigationSpec {
      NavigationSpec("Linked", tabs: ["A", "B"]) {
        Destination("A") { Push("P") }
        Destination("B") {}
        Destination("P") {
          if go == .tap {
            Actions {
              SelectTab("B")
              Push("Y")
            }.label("Go")
          }
        }
        Destination("Y") { DismissEnvironment() }
        if go == .deepLink {
          DeepLink("go") {
            SelectTab("B")
            Push("Y")
          }
        }
      }
    }
    let tap = try spec(.tap).check(options: Self.options(.always))
    #expect(!tap.reduced)
    #expect(tap.fullProductReason?.contains("acts in the tab it selects") == true)
    #expect(tap.violations.first { $0.kind == .dismissEnvironmentAtRoot }?.trace.count == 3)
    let link = try spec(.deepLink).check(options: Self.options(.always))
    #expect(link.reduced)
    #expect(Findings(link) == Findings(try spec(.deepLink).check(options: Self.options(.never))))
  }

  enum GoFrom { case tap, deepLink }

  /// Why a flag that one tab sets and another reads keeps the product: here the shortest
  /// way to the violation sets the flag on a pushed screen of tab A and pushes in tab B while
  /// A is still pushed (5 events: push X, Arm, select B, push Y, Y's dismissEnvironment);
  /// with one changed tab at a time it would take a swipe back more (6). A flag that changes
  /// only with the module (set beside `showModule`) is part of the module, and the reduction
  /// applies.
  @Test func aFlagOneTabSetsAndAnotherReadsKeepsTheProduct() throws {
    let spec = NavigationSpec("Armed", tabs: ["A", "B"]) {
      Flag("armed")
      Destination("A") { Push("X") }
      Destination("X") { SetFlag("armed", true).label("Arm") }
      Destination("B") { Push("Y").when("armed") }
      Destination("Y") { DismissEnvironment() }
    }
    let result = try spec.check(options: Self.options(.always))
    #expect(!result.reduced)
    #expect(result.fullProductReason?.contains("reads flag 'armed'") == true)
    #expect(result.violations.first { $0.kind == .dismissEnvironmentAtRoot }?.trace.count == 5)

    let signedIn = NavigationSpec("SignedIn") {
      Flag("signedIn")
      Module("Out", root: "Login")
      Module("Main", tabs: ["A", "B"])
      Destination("Login") {
        Actions {
          SetFlag("signedIn", true)
          ShowModule("Main")
        }.label("Log in")
      }
      Destination("A") { Push("X") }
      Destination("X") {
        Actions {
          SetFlag("signedIn", false)
          ShowModule("Out")
        }.label("Log out")
      }
      Destination("B") { Dismiss().label("Fire").when("signedIn") }
    }
    let reduced = try signedIn.check(options: Self.options(.always))
    #expect(reduced.reduced)
    #expect(Findings(reduced) == Findings(try signedIn.check(options: Self.options(.never))))
  }

  /// A flag that no tab can set cannot carry what one tab did to another: here "accepted" is
  /// set only on the log-in screen of a module without tabs, and by a screen nothing shows, and
  /// read in tab B; the reduction applies, with the product's findings. Set in a tab as well
  /// (X's Revoke), it keeps the product, and the reason names the guard and the setter.
  @Test func aFlagNoTabSetsKeepsTheReduction() throws {
    func spec(revokedInATab: Bool) -> NavigationSpec {
      NavigationSpec("Terms") {
        Flag("accepted")
        Module("Out", root: "Login")
        Module("Main", tabs: ["A", "B"])
        Destination("Login") {
          SetFlag("accepted", true).label("Accept")
          ShowModule("Main").label("Log in")
        }
        Destination("A") { Push("X") }
        Destination("X") {
          ShowModule("Out").label("Log out")
          if revokedInATab { SetFlag("accepted", false).label("Revoke") }
        }
        Destination("B") { Push("Y").when("accepted") }
        Destination("Y") { DismissEnvironment() }
        Destination("Unshown") { SetFlag("accepted", false).label("Reset") }
      }
    }
    let reduced = try spec(revokedInATab: false).check(options: Self.options(.always))
    #expect(reduced.reduced)
    #expect(reduced.fullProductReason == nil)
    let full = try spec(revokedInATab: false).check(options: Self.options(.never))
    #expect(Findings(reduced) == Findings(full))
    #expect(full.violations.contains { $0.kind == .dismissEnvironmentAtRoot })

    let revoked = try spec(revokedInATab: true).check(options: Self.options(.always))
    #expect(!revoked.reduced)
    #expect(
      revoked.fullProductReason
        == "B: push Y reads flag 'accepted', which X: setFlag accepted false 'Revoke' sets while the tabs show, and the tabs do not share it one way: Login: setFlag accepted true 'Accept' sets it, neither beside a module switch nor in the outcome of work"
    )
    #expect(revoked.fullProductDeclaration?.title == "B: push Y")
  }

  /// The ways a composer's "dirty" flag is set and read in `composer(_:)`.
  enum ComposerFlag {
    /// Read only in the composer, set as every composer opens: the reduction applies.
    case local
    /// Me's quick reply reads it too, opened without setting it.
    case openedWithoutSetting
    /// Me's root reads it, in the tab's own stack.
    case readInATab
  }

  /// Feed opens a composer (setting "dirty" first) from a pushed post (and, where the flag is
  /// local, from its root); the composer reads the flag (Send only when dirty, Close only when
  /// clean, Discard when dirty).
  static func composer(_ variant: ComposerFlag) -> NavigationSpec {
    NavigationSpec("Compose", tabs: ["Feed", "Me"]) {
      Flag("dirty")
      Destination("Feed") {
        if variant == .local {
          Actions {
            SetFlag("dirty", false)
            Sheet("Composer")
          }.label("New post")
        }
        Push("Post")
      }
      Destination("Post") {
        Actions {
          SetFlag("dirty", true)
          Sheet("Composer")
        }.label("Edit")
      }
      Destination("Me") {
        switch variant {
        case .local:
          Actions {
            SetFlag("dirty", false)
            Sheet("Composer")
          }.label("New post")
        case .openedWithoutSetting: Sheet("QuickReply")
        case .readInATab: Push("Drafts").when("dirty")
        }
      }
      Destination("Composer") {
        SetFlag("dirty", true).label("Type")
        Async("Send") {
          Outcome("sent") {
            SetFlag("dirty", false)
            DismissEnvironment()
          }
          Outcome("failed") { Alert("Failed") }
        }.when("dirty")
        DismissEnvironment().label("Close").unless("dirty")
        Alert("Discard") {
          Button("Delete") {
            SetFlag("dirty", false)
            DismissEnvironment()
          }
          Button("Keep")
        }.label("Discard").when("dirty")
      }
      Destination("QuickReply") {
        Async("Reply") { Outcome("sent") { DismissEnvironment() } }.when("dirty")
        DismissEnvironment().label("Close")
      }
      Destination("Drafts") { DismissEnvironment().label("Close") }
    }
  }

  /// A flag read only inside an environment that every opening sets it for (a composer's
  /// "dirty") carries nothing from one tab to another: the tab bar is hidden while the
  /// composer shows, and whatever another tab left in the flag is overwritten as it opens. The
  /// reduction applies, with the product's findings (Send orphaned by a swipe down in 4
  /// events: open, type, send, swipe; its failure's alert over Discard's in 5). Where Me opens
  /// a quick reply that reads the flag without setting it, or reads it on its own root, what
  /// Feed's composer left reaches Me, and the shortest way needs both tabs changed: the product
  /// finds Reply orphaned in 7 events (push Post, edit, swipe down, select Me, quick reply,
  /// reply, close), or Drafts' Close at the root in 6, and the reduced graph, forced, only
  /// with Post popped first (Me alone never sets the flag), so those keep the product.
  @Test func aFlagSetAsItsEnvironmentOpensKeepsTheReduction() throws {
    let spec = Self.composer(.local)
    let full = try spec.check(options: Self.options(.never))
    let reduced = try spec.check(options: Self.options(.always))
    #expect(reduced.reduced, "\(reduced.fullProductReason ?? "")")
    #expect(Findings(reduced) == Findings(full))
    let orphan = full.violations.first { $0.kind == .orphanedCompletion }
    #expect(orphan?.declaration?.title == "Composer: async 'Send' with outcomes 'sent', 'failed'")
    #expect(orphan?.trace.count == 4)
    #expect(full.violations.first { $0.kind == .duplicateAlert }?.trace.count == 5)

    for (variant, kind, events) in [
      (ComposerFlag.openedWithoutSetting, ViolationKind.orphanedCompletion, 7),
      (.readInATab, .dismissEnvironmentAtRoot, 6),
    ] {
      let spec = Self.composer(variant)
      let result = try spec.check(options: Self.options(.always))
      #expect(!result.reduced, "\(variant)")
      #expect(result.fullProductReason?.contains("reads flag 'dirty'") == true, "\(variant)")
      let found = result.violations.first {
        $0.kind == kind && $0.declaration?.title.hasPrefix("Composer") == false
      }
      #expect(found?.trace.count == events, "\(variant)")
      let forced = try TabReduction.check(CompiledSpec(spec), options: Self.options(.always)).get()
      let forcedLength = forced.violations.first {
        $0.kind == kind && $0.declaration == found?.declaration
      }?.trace.count
      #expect(forcedLength.map { $0 > events } ?? true, "\(variant): \(forcedLength ?? 0)")
    }
  }

  /// The reason embeds a declaration's title as every report writes it, quoted once: the
  /// bundled Mail app's log-in outcome switches module while Send may be pending.
  /// The stuck analysis (`Docs/Performance.md`, "Traps"): a trap the reduced graph cannot
  /// hold needs every tab stuck and the selected one able to show its tab bar (else the user
  /// could not reach the others). Each tab here gets stuck only under a full-screen cover with
  /// no way out, which hides the tab bar: the selected tab alone is a trap, in the reduced graph
  /// as in the product (1 event: cover X), and the check stays reduced.
  @Test func tabsStuckOnlyUnderACoverKeepTheReduction() throws {
    let spec = NavigationSpec("Covers", tabs: ["A", "B"]) {
      Destination("A") { FullScreenCover("X") }
      Destination("B") { FullScreenCover("Y") }
      Destination("X") {}
      Destination("Y") {}
    }
    let reduced = try spec.check(options: Self.options(.always))
    let full = try spec.check(options: Self.options(.never))
    #expect(reduced.reduced, "\(reduced.fullProductReason ?? "")")
    #expect(Findings(reduced) == Findings(full))
    #expect(reduced.violations.first { $0.kind == .trap }?.trace.count == 1)
  }

  /// Each tab gets stuck with its tab bar showing: X's request, once started, can neither
  /// complete (its dismiss finds no Y below: dismissTargetMissing) nor be left (a swipe back or
  /// a tap on the tab orphans it), but the tab bar shows, so the user can still reach the
  /// other tab. The trap needs both tabs stuck at once (5 events: push X, Sync, select B, push
  /// Y, Sync), which the reduced graph cannot hold: the check explores the product and finds it.
  @Test func tabsStuckWithTheTabBarShowingNeedTheProduct() throws {
    let spec = NavigationSpec("Stuck", tabs: ["A", "B"]) {
      Destination("A") { Push("X") }
      Destination("B") { Push("Y") }
      Destination("X") { Dismiss("Y").async().label("Sync") }
      Destination("Y") { Dismiss("X").async().label("Sync") }
    }
    let result = try spec.check(options: Self.options(.always))
    #expect(!result.reduced)
    #expect(result.fullProductReason?.hasPrefix("every tab can get stuck") == true)
    #expect(result.violations.first { $0.kind == .trap }?.trace.count == 5)
  }

  @Test func theReasonQuotesTheDeclarationOnce() throws {
    let result = try mail.check(options: Self.options(.always))
    #expect(!result.reduced)
    #expect(
      result.fullProductReason
        == "SignIn: 'Log in' outcome 'ok' switches module, which may orphan pending work in any tab"
    )
    #expect(result.fullProductDeclaration?.kind == .outcome)
    #expect(result.fullProductDeclaration?.location?.line != nil)
  }

  /// 120 random tab specs, a third with a logged-out module: reduced (at 1 and 3 threads)
  /// against the full product. Long: most of a minute in a debug build.
  /// A tab's way home may not go through another tab's root: where every tab is stuck, no
  /// other tab shows its root. Here each tab's pushed X cannot be left (its onDismiss dismisses
  /// from the tab's root: dismissAtRoot), and A's root logs out. Push X in A, select B, push X
  /// in B: a trap in 3 events, since A's log-out is under A's X. On its own, B's X reaches
  /// home through A's root (select A, log out), so the stuck analysis, counting that tap as a
  /// way home, said B could not get stuck, and the reduced run missed the trap (issue 33's
  /// second session found it). It now counts only the analysed tab's own taps.
  @Test func anotherTabsRootIsNoWayHomeForAStuckTab() throws {
    let spec = NavigationSpec("Stuck") {
      Module("Main", tabs: ["A", "B"])
      Module("Out", root: "L")
      Destination("A") {
        Push("X").onDismiss { Dismiss() }
        ShowModule("Out").label("Log out")
      }
      Destination("B") { Push("X").onDismiss { Dismiss() } }
      Destination("X") {}
      Destination("L") { ShowModule("Main").label("Log in") }
    }
    let full = try spec.check(options: Self.options(.never))
    #expect(full.violations.first { $0.kind == .trap }?.trace.count == 3)
    let result = try spec.check(options: Self.options(.always))
    #expect(Findings(result) == Findings(full))
    #expect(result.fullProductReason?.hasPrefix("every tab can get stuck") == true)
  }

  /// Where a module switch is performed: a tab's root (only ever a root), a screen pushed in
  /// the tab, a deep link, or the completion of work held by a sheet or by a pushed screen.
  enum LogOutFrom { case root, pushed, deepLink, sheetWork, pushedWork }

  /// Where the work a module switch may orphan is held, and how it ends, in `accounts`.
  enum Lookup {
    /// By Feed's stack (its root), with an outcome that does nothing.
    case onTheRoot
    /// By Feed's stack, but its every outcome does something.
    case alwaysActs
    /// By a screen pushed in Feed.
    case onAPushedScreen
  }

  /// Two tabs: Feed starts a lookup (orphaned by a module switch), held by its stack from its
  /// root unless `lookup` says otherwise; Me logs out (a module switch) from `from`.
  static func accounts(logOutFrom from: LogOutFrom, lookup: Lookup = .onTheRoot) -> NavigationSpec {
    NavigationSpec("Accounts") {
      Flag("signedIn", initially: true)
      Module("Main", tabs: ["Feed", "Me"])
      Module("Out", root: "Login")
      Destination(lookup == .onAPushedScreen ? "Timeline" : "Feed") {
        Async("Lookup") {
          Outcome("found") { Push("Profile") }
          if lookup == .alwaysActs {
            Outcome("none") { Alert("Nobody") }
          } else {
            Outcome("none")
          }
        }.actsOn(lookup == .onAPushedScreen ? .screen : .stack)
        Push("Post")
      }
      if lookup == .onAPushedScreen {
        Destination("Feed") { Push("Timeline") }
      }
      Destination("Post") { Dismiss().label("Back") }
      Destination("Profile") { Dismiss().label("Close") }
      Destination("Me") {
        switch from {
        case .root:
          Actions {
            SetFlag("signedIn", false); ShowModule("Out")
          }.label("Log out")
        case .pushed, .pushedWork: Push("Settings")
        case .sheetWork: Sheet("Settings")
        case .deepLink: Push("Post")
        }
      }
      if from == .pushed {
        Destination("Settings") {
          Actions {
            SetFlag("signedIn", false); ShowModule("Out")
          }.label("Log out")
        }
      }
      if from == .sheetWork || from == .pushedWork {
        Destination("Settings") {
          Async("Log out", cancelsOnDismiss: true) {
            Outcome("done") {
              SetFlag("signedIn", false)
              ShowModule("Out")
            }
          }
        }
      }
      Destination("Login") {
        Actions {
          SetFlag("signedIn", true); ShowModule("Main")
        }.label("Log in")
      }
      if from == .deepLink {
        DeepLink("expired", start: .root) {
          SetFlag("signedIn", false); ShowModule("Out")
        }
      }
    }
  }

  /// A module switch that may orphan work in another tab keeps the reduction where its own tab
  /// is unchanged when it runs (a tap of a screen that is only ever a tab's root, or a deep
  /// link, which arrives in any state), and, since issue 33's third step, from anywhere where
  /// the work is held by its tab's root and can end doing nothing: the tab that holds it is
  /// parked with it (a *holder*) where the switching tab changes. The lookup Feed's root starts
  /// is orphaned by Me's log out in 3 events (start it, select Me, log out), by the link in 2,
  /// from a screen pushed in Me in 4 (start, select Me, push Settings, log out), and by the
  /// completion of work a sheet holds in 5 (it completes while Me is selected: the sheet hides
  /// the tab bar), in the product and reduced alike; without parking, the reduced graph does not
  /// find the pushed one in 4 (both tabs are changed). A lookup whose every outcome acts, or one
  /// a screen pushed in Feed holds, keeps the product for the pushed log-out, and so does a
  /// log-out by work a pushed screen holds (it may complete while Feed is selected again).
  @Test func aModuleSwitchFromAnUnchangedTabKeepsTheReduction() throws {
    func orphan(_ result: CheckResult) -> Int? {
      result.violations.first { $0.kind == .orphanedCompletion }?.trace.count
    }
    for (from, events) in [(LogOutFrom.root, 3), (.deepLink, 2), (.pushed, 4), (.sheetWork, 5)] {
      let spec = Self.accounts(logOutFrom: from)
      let full = try spec.check(options: Self.options(.never))
      let reduced = try spec.check(options: Self.options(.always))
      #expect(reduced.reduced, "\(from): \(reduced.fullProductReason ?? "")")
      #expect(Findings(reduced) == Findings(full), "\(from)")
      #expect(orphan(full) == events && orphan(reduced) == events, "\(from)")
    }
    let pushed = Self.accounts(logOutFrom: .pushed)
    let unparked = try TabReduction.check(
      CompiledSpec(pushed), options: Self.options(.always), parking: false
    ).get()
    #expect(orphan(unparked) != 4)
    for lookup in [Lookup.alwaysActs, .onAPushedScreen] {
      let spec = Self.accounts(logOutFrom: .pushed, lookup: lookup)
      let result = try spec.check(options: Self.options(.always))
      #expect(!result.reduced, "\(lookup)")
      #expect(
        result.fullProductReason
          == "Settings: setFlag signedIn false; showModule Out 'Log out' switches module, which may orphan pending work in any tab",
        "\(lookup)")
      #expect(Findings(result) == Findings(try spec.check(options: Self.options(.never))))
    }
    // Work held by a pushed screen may complete, logging out, while another tab is selected,
    // after the lookup started there: that keeps the product.
    let pushedWork = try Self.accounts(logOutFrom: .pushedWork).check(
      options: Self.options(.always))
    #expect(!pushedWork.reduced)
    #expect(
      pushedWork.fullProductReason
        == "Settings: 'Log out' outcome 'done' switches module, which may orphan pending work in any tab"
    )
  }

  /// Two modules with tabs: Main's Me opens a Settings sheet that pushes Account, whose log-out
  /// work (orphaning, held by Account) switches to Out; Out's Prefs tab root pushes Account too,
  /// guarded by `signedIn`. `outGuard`: how Prefs' push is guarded; `expires`: a deep link
  /// also switches to Out, without setting the flag.
  static func signedIn(outGuard: Bool, expires: Bool = false) -> NavigationSpec {
    NavigationSpec("SignedIn") {
      Flag("signedIn", initially: true)
      Module("Main", tabs: ["Feed", "Me"])
      Module("Out", tabs: ["Login", "Prefs"])
      Destination("Feed") {
        Async("Lookup") {
          Outcome("found") { Push("Profile") }
          Outcome("none")
        }.actsOn(.stack)
      }
      Destination("Profile") { Dismiss().label("Close") }
      Destination("Me") { Sheet("Settings") }
      Destination("Settings") { Push("Account").when("signedIn") }
      Destination("Account") {
        Async("Log out") {
          Outcome("done") {
            SetFlag("signedIn", false)
            ShowModule("Out")
          }
        }
      }
      Destination("Login") {
        Actions {
          SetFlag("signedIn", true)
          ShowModule("Main")
        }.label("Log in")
      }
      Destination("Prefs") {
        if outGuard { Push("Account").when("signedIn") } else { Push("Account") }
      }
      if expires {
        DeepLink("expired", start: .root) { ShowModule("Out") }
      }
    }
  }

  /// A flag that every switch into a module sets, and that nothing else writes, is constant
  /// there (`TabReduction.moduleConstants`): `signedIn` is false wherever Out shows, so Out's
  /// push of Account, guarded by it, never runs, and Account (holding the log-out, which may
  /// orphan Feed's lookup) never shows in a root environment; the log-out by work held inside
  /// Main's sheet keeps the reduction (issue 33: IceCubes' account settings). The lookup is
  /// orphaned in 6 events (start it, select Me, open Settings, push Account, start the log-out,
  /// its completion), product and reduced. Unguarded, or with a deep link that switches to
  /// Out without setting the flag, the push may run at Out's root: the product is kept.
  @Test func aFlagConstantInAModuleKeepsItsGuardedScreensOutOfTheRootEnvironment() throws {
    let spec = Self.signedIn(outGuard: true)
    let compiled = try CompiledSpec(spec)
    let constants = TabReduction.Sequences(compiled).constants
    #expect(constants.values == [[true], [false]])
    let full = try spec.check(options: Self.options(.never))
    let reduced = try spec.check(options: Self.options(.always))
    #expect(reduced.reduced, "\(reduced.fullProductReason ?? "")")
    #expect(Findings(reduced) == Findings(full))
    // Orphans: the log-out's own by a swipe (5 events), and the lookup's (6).
    let orphans = [full, reduced].map {
      $0.violations.filter { $0.kind == .orphanedCompletion }.map(\.trace.count).sorted()
    }
    #expect(orphans == [[5, 6], [5, 6]])
    for (outGuard, expires) in [(false, false), (true, true)] {
      let variant = Self.signedIn(outGuard: outGuard, expires: expires)
      if expires {
        let compiled = try CompiledSpec(variant)
        let constants = TabReduction.Sequences(compiled).constants
        #expect(constants.values == [[true], [nil]])
      }
      let result = try variant.check(options: Self.options(.always))
      #expect(!result.reduced, "guard \(outGuard), expires \(expires)")
      #expect(
        result.fullProductReason
          == "Account: 'Log out' outcome 'done' switches module, which may orphan pending work in any tab",
        "guard \(outGuard), expires \(expires)")
      #expect(Findings(result) == Findings(try variant.check(options: Self.options(.never))))
    }
  }

  /// IceCubes' second account, reduced to its bones: Home's feed opens Settings, whose
  /// router-free "Forget other" clears `several`; Other's Me signs out at once only `unless`
  /// it holds, orphaning the lookup Me started. `several` is shared one way
  /// (`TabReduction.MonotoneFlag`), so the reduction applies; the orphan takes 9 events (push
  /// Feed, open Settings, start the forget, let it complete, close, select Other, push Me,
  /// start the lookup, sign out), product and reduced. Home, left with Feed pushed, is parked
  /// as the writer: without writers parked the shortest way pops Feed first (10 events).
  /// `several` read without a switch (Home's push `when` it holds), or written by a root's
  /// work, keeps the product.
  static func secondAccount(
    peek: Bool = false, rootForgets: Bool = false, change: SharingChange? = nil
  ) -> NavigationSpec {
    NavigationSpec("SecondAccount") {
      Flag("signedIn", initially: true)
      Flag("several", initially: true)
      Module("Main", tabs: ["Home", "Other"])
      Module("Out", root: "Login")
      Destination("Home") {
        Push("Feed")
        if peek { Push("Peek").when("several") }
        if rootForgets {
          Async("Forget") {
            Outcome("removed") { SetFlag("several", false) }
          }.when("several")
        }
      }
      Destination("Peek") { Dismiss().label("Back") }
      Destination("Feed") { Sheet("Settings") }
      Destination("Settings") {
        Async("Forget other") {
          Outcome("removed") {
            SetFlag("several", false)
            if change == .writerNavigates { Dismiss() }
          }
          if change == .writerGivesBoth {
            Outcome("failed") { SetFlag("several", true) }
          } else {
            Outcome("failed")
          }
        }.when("several")
        Dismiss().label("Close")
      }
      Destination("Other") { Push("Me") }
      Destination("Me") {
        if change == .readByWorkThatStays {
          Async("Check") { Outcome("checked") }.when("several")
        }
        Async("Lookup") {
          Outcome("found") { Push("Profile") }
          Outcome("missing")
        }.actsOn(.stack)
        Actions {
          SetFlag("signedIn", false)
          ShowModule("Out")
        }.label("Sign out now").unless("several")
      }
      Destination("Profile") {
        Dismiss().label("Close")
      }
      Destination("Login") {
        Actions {
          SetFlag("signedIn", true)
          ShowModule("Main")
        }.label("Log in")
      }
    }
  }

  /// Changes to `secondAccount(change:)` that each break one condition of a flag shared one
  /// way (`TabReduction.sharedOneWay`).
  enum SharingChange: CaseIterable {
    /// The forget's "removed" outcome also dismisses Settings.
    case writerNavigates
    /// Its "failed" outcome sets `several` again.
    case writerGivesBoth
    /// Me starts work `when several` whose outcome does not switch module.
    case readByWorkThatStays
  }

  /// A refusal for a flag names the condition of "shared one way" it fails, with the
  /// declaration: each change of `secondAccount` breaks one, and the run keeps the product
  /// with the product's findings.
  @Test func aRefusedFlagSaysWhyTheTabsDoNotShareItOneWay() throws {
    for change in SharingChange.allCases {
      let spec = Self.secondAccount(change: change)
      let compiled = try CompiledSpec(spec)
      let why: String
      switch change {
      case .writerNavigates:
        why =
          "Settings: async 'Forget other' with outcomes 'removed', 'failed', which sets it, also navigates, so its work does not outlive its screen"
      case .writerGivesBoth:
        why =
          "Settings: 'Forget other' outcome 'failed' sets it true and Settings: 'Forget other' outcome 'removed' false, without switching module"
      case .readByWorkThatStays:
        why =
          "Me: async 'Check' with outcomes 'checked' reads it, and not every outcome of its work switches module"
      }
      #expect(
        TabReduction.sharedOneWay(1, compiled, TabReduction.Sequences(compiled))
          == .failure(TabReduction.NotSharedOneWay(reason: why)), "\(change)")
      let result = try spec.check(options: Self.options(.always))
      #expect(!result.reduced, "\(change)")
      #expect(
        result.fullProductReason?.hasSuffix("the tabs do not share it one way: " + why) == true,
        "\(change): \(result.fullProductReason ?? "")")
      #expect(Findings(result) == Findings(try spec.check(options: Self.options(.never))))
    }
  }

  @Test func aWriterTabIsParkedWhereAnotherTabReadsWhatItWrote() throws {
    let spec = Self.secondAccount()
    let compiled = try CompiledSpec(spec)
    let shared = TabReduction.monotoneFlags(compiled, TabReduction.Sequences(compiled))
    #expect(shared.map(\.flag) == [1] && shared.map(\.value) == [false])
    let full = try spec.check(options: Self.options(.never))
    let reduced = try spec.check(options: Self.options(.always))
    #expect(reduced.reduced, "\(reduced.fullProductReason ?? "")")
    #expect(Findings(reduced) == Findings(full))
    func orphans(_ result: CheckResult) -> [Int] {
      result.violations.filter { $0.kind == .orphanedCompletion }.map(\.trace.count).sorted()
    }
    #expect(orphans(full) == [9] && orphans(reduced) == [9])
    try Self.expectTracesReplay(reduced, in: spec, seed: 0)
    let unwritten = try TabReduction.check(
      compiled, options: Self.options(.always), writers: false
    ).get()
    #expect(orphans(unwritten) == [10])
    for (peek, rootForgets) in [(true, false), (false, true)] {
      let variant = Self.secondAccount(peek: peek, rootForgets: rootForgets)
      let result = try variant.check(options: Self.options(.always))
      #expect(!result.reduced, "peek \(peek), root forgets \(rootForgets)")
      // The refusal says which condition of "shared one way" the flag fails.
      #expect(
        result.fullProductReason?.hasSuffix(
          peek
            ? "the tabs do not share it one way: Home: push Peek reads it without switching module"
            : "the tabs do not share it one way: Home: async 'Forget' with outcomes 'removed', which sets it, starts on Home, which shows in a tab's root environment (its tab bar showing)"
        ) == true, "\(result.fullProductReason ?? "")")
      #expect(Findings(result) == Findings(try variant.check(options: Self.options(.never))))
    }
  }

  /// A write whose guard is false wherever its screen shows with tabs is no setter
  /// (`flagsSetWithTabs` reads `ModuleConstants`): X's "Arm", `unless("signedIn")`, never runs
  /// in Main, where `signedIn` is always true, so B's push guarded by `armed` reads a flag no
  /// tab sets, and the reduction applies with the product's findings. Guarded `when` instead,
  /// it runs, and the product is kept because of it.
  @Test func aWriteGuardedByAFlagFalseInItsModuleSetsNothing() throws {
    func spec(armsWhenSignedIn: Bool) -> NavigationSpec {
      NavigationSpec("Guarded") {
        Flag("signedIn", initially: true)
        Flag("armed")
        Module("Main", tabs: ["A", "B"])
        Module("Out", root: "Login")
        Destination("A") {
          Push("X")
          Actions {
            SetFlag("signedIn", false)
            ShowModule("Out")
          }.label("Log out")
        }
        Destination("X") {
          if armsWhenSignedIn {
            SetFlag("armed", true).label("Arm").when("signedIn")
          } else {
            SetFlag("armed", true).label("Arm").unless("signedIn")
          }
        }
        Destination("B") { Push("Y").when("armed") }
        Destination("Y") { DismissEnvironment() }
        Destination("Login") {
          Actions {
            SetFlag("signedIn", true)
            ShowModule("Main")
          }.label("Log in")
        }
      }
    }
    let dead = spec(armsWhenSignedIn: false)
    let reduced = try dead.check(options: Self.options(.always))
    #expect(reduced.reduced, "\(reduced.fullProductReason ?? "")")
    #expect(Findings(reduced) == Findings(try dead.check(options: Self.options(.never))))
    let live = try spec(armsWhenSignedIn: true).check(options: Self.options(.always))
    #expect(!live.reduced)
    #expect(live.fullProductReason?.contains("reads flag 'armed'") == true)
    #expect(live.violations.first { $0.kind == .dismissEnvironmentAtRoot }?.trace.count == 5)
  }

  /// A parked holder keeps only what a module switch reads of its root's work
  /// (`RouterSemantics.pendingARemovalReads`): the router-free entries, which move to the app's
  /// pending work, and the first orphan in declaration order, which the violation names; not
  /// work cancelled with the screen, nor later orphans. Feed's root starts two lookups (stack
  /// work), a translation (cancelled with it) and a "mark read" (router-free); Me's pushed
  /// Settings logs out. The reduced graph reports the product's findings, each orphan named
  /// as the product names it.
  @Test func aParkedHolderKeepsWhatASwitchReadsOfItsWork() throws {
    let spec = NavigationSpec("Holder") {
      Flag("read")
      Flag("signedIn", initially: true)
      Module("Main", tabs: ["Feed", "Me"])
      Module("Out", root: "Login")
      Destination("Feed") {
        Async("First lookup") {
          Outcome("found") { Push("Profile") }
          Outcome("none")
        }.actsOn(.stack)
        Async("Second lookup") {
          Outcome("found") { Push("Profile") }
          Outcome("none")
        }.actsOn(.stack)
        Async("Translate", cancelsOnDismiss: true) { Outcome("done") }
        Async("Mark read") { Outcome("done") { SetFlag("read", true) } }
      }
      Destination("Profile") { Dismiss().label("Close") }
      Destination("Me") { Push("Settings") }
      Destination("Settings") {
        Actions {
          SetFlag("signedIn", false)
          ShowModule("Out")
        }.label("Log out")
      }
      Destination("Login") {
        Actions {
          SetFlag("signedIn", true)
          ShowModule("Main")
        }.label("Log in")
      }
    }
    let compiled = try CompiledSpec(spec)
    let semantics = RouterSemantics(compiled)
    let feed = compiled.destinations.firstIndex { $0.name == "Feed" }!
    func bit(_ label: String) -> UInt64 {
      let t = compiled.transitionLabels.firstIndex { $0 == label }!
      return 1 << UInt64(compiled.scopes[t].holderBit)
    }
    let all = bit("First lookup") | bit("Second lookup") | bit("Translate") | bit("Mark read")
    #expect(
      semantics.pendingARemovalReads(all, of: feed).kept == bit("First lookup") | bit("Mark read"))
    #expect(
      semantics.pendingARemovalReads(bit("Second lookup") | bit("Translate"), of: feed).kept
        == bit("Second lookup"))

    let full = try spec.check(options: Self.options(.never))
    let reduced = try spec.check(options: Self.options(.always))
    #expect(reduced.reduced, "\(reduced.fullProductReason ?? "")")
    #expect(Findings(reduced) == Findings(full))
    let orphans = full.violations.filter { $0.kind == .orphanedCompletion }
    #expect(
      orphans.map { $0.declaration?.title } == [
        "Feed: async 'First lookup' with outcomes 'found', 'none'",
        "Feed: async 'Second lookup' with outcomes 'found', 'none'",
      ])
  }

  /// Work that acts on the app (it completes through the active screen, whichever tab shows)
  /// keeps the reduction where only a tap of a screen that is only ever a tab's root starts it:
  /// its tab is unchanged then (the entry is the app's), and its completion arrives as a deep
  /// link does. Feed's Refresh, completing over Me's alert, breaks duplicateAlert in 4 events
  /// (start, select Me, show the alert, complete) in the product and reduced. Started from a
  /// screen pushed in Feed, it keeps the product: 5 events there, and the reduced graph, forced,
  /// needs Feed back at its root first. Work started at a root whose completion switches
  /// module, where a switch may orphan work, keeps the product too (a completion may be a
  /// stuck tab's way home, and whether it violates would depend on the other tabs).
  @Test func appWorkStartedAtARootKeepsTheReduction() throws {
    func spec(pushed: Bool, logsOut: Bool = false) -> NavigationSpec {
      NavigationSpec("Refresh") {
        Module("Main", tabs: ["Feed", "Me"])
        Module("Out", root: "Login")
        Destination(pushed ? "Timeline" : "Feed") {
          Async("Refresh") {
            Outcome("done") {
              if logsOut { ShowModule("Out") } else { Alert("Updated") }
            }
            Outcome("failed")
          }.actsOn(.app)
        }
        if pushed {
          Destination("Feed") { Push("Timeline") }
        }
        Destination("Me") {
          Alert("Confirm") { Button("OK") }
          Async("Sync") { Outcome("synced") { Push("Detail") } }
        }
        Destination("Detail") { Dismiss().label("Back") }
        Destination("Login") { ShowModule("Main").label("Log in") }
      }
    }
    func duplicateAlert(_ result: CheckResult) -> Int? {
      result.violations.first { $0.kind == .duplicateAlert }?.trace.count
    }
    let root = spec(pushed: false)
    let full = try root.check(options: Self.options(.never))
    let reduced = try root.check(options: Self.options(.always))
    #expect(reduced.reduced, "\(reduced.fullProductReason ?? "")")
    #expect(Findings(reduced) == Findings(full))
    #expect(duplicateAlert(full) == 4 && duplicateAlert(reduced) == 4)

    let pushed = spec(pushed: true)
    let product = try pushed.check(options: Self.options(.always))
    #expect(!product.reduced)
    #expect(
      product.fullProductReason
        == "Timeline: async 'Refresh' with outcomes 'done', 'failed' acts on the active screen (actsOn app), whichever tab shows"
    )
    #expect(duplicateAlert(product) == 5)
    let forced = try TabReduction.check(CompiledSpec(pushed), options: Self.options(.always)).get()
    #expect(duplicateAlert(forced) != 5)

    let logsOut = try spec(pushed: false, logsOut: true).check(options: Self.options(.always))
    #expect(!logsOut.reduced)
    #expect(
      logsOut.fullProductReason?.hasSuffix(
        "switches module, which may orphan pending work in any tab") == true)
  }

  /// A deep link that switches module and then acts in a tab ("open the other account's
  /// message": sign in to it, select Inbox, push the message) leaves that tab changed; where the
  /// user then acts in another tab, the reduced graph parks Inbox (it holds no work, and no
  /// event acts in it again) instead of leaving the successor out. The product breaks the rule
  /// in 4 events (the link, select Feed, push Broken, its dismissEnvironment at the root),
  /// reduced the same; without parking, the reduced graph needs Inbox popped first (5).
  @Test func aTabChangedAfterAModuleSwitchIsParked() throws {
    func accounts(startingWork: Bool) -> NavigationSpec {
      NavigationSpec("Accounts") {
        Flag("other")
        Module("Main", tabs: ["Feed", "Inbox"])
        Destination("Feed") { Push("Broken").when("other") }
        Destination("Broken") { DismissEnvironment() }
        Destination("Inbox") { Push("Message") }
        Destination("Message") {
          Dismiss().label("Back")
          Work("Refresh", actsOn: .stack) { Outcome("done") }
        }
        DeepLink("otherAccountMessage", start: .root) {
          SetFlag("other", true)
          ShowModule("Main")
          SelectTab("Inbox")
          Push("Message")
          if startingWork { StartWork("Refresh", of: "Message") }
        }
      }
    }
    let spec = accounts(startingWork: false)
    func atRoot(_ result: CheckResult) -> Int? {
      result.violations.first { $0.kind == .dismissEnvironmentAtRoot }?.trace.count
    }
    let full = try spec.check(options: Self.options(.never))
    let reduced = try spec.check(options: Self.options(.always))
    #expect(reduced.reduced, "\(reduced.fullProductReason ?? "")")
    #expect(Findings(reduced) == Findings(full))
    #expect(atRoot(full) == 4 && atRoot(reduced) == 4)
    try Self.expectTracesReplay(reduced, in: spec, seed: 0)
    let unparked = try TabReduction.check(
      CompiledSpec(spec), options: Self.options(.always), parking: false
    ).get()
    #expect(atRoot(unparked) == 5)
    // Work started after the switch could be left in the tab: that keeps the product.
    let kept = try accounts(startingWork: true).check(options: Self.options(.always))
    #expect(!kept.reduced)
    #expect(kept.fullProductReason?.contains("starts work after a module switch") == true)
  }

  /// Each shortest trace of a reduced run is one of the product's: it replays to the same rule,
  /// at its last step.
  static func expectTracesReplay(
    _ result: CheckResult, in spec: NavigationSpec, seed: UInt64
  ) throws {
    for violation in result.violations {
      let replay = try spec.replay(violation.trace.map(\.event))
      guard case .violation(let step, let kind, _) = replay.ending else {
        Issue.record("seed \(seed): \(violation.kind) does not replay: \(replay.ending)")
        continue
      }
      #expect(kind == violation.kind && step == violation.trace.count - 1, "seed \(seed)")
    }
  }

  /// Random specs whose module switches may orphan another tab's work, from a tab's root or a
  /// deep link, and whose tab roots start work that acts on the app
  /// (`RandomTabSpecs.switching`): reduced, they report the product's findings at 1 and 3
  /// threads, and each reduced trace replays to its rule. (Seeds 1–16: 16 compared, all
  /// reduced, 8 with an orphan at a module switch, 13 with work on the app; long, seeds 1–60: 56,
  /// all reduced, 32, 49. None was reduced before issue 33's second step.)
  @Test func randomSwitchesFromUnchangedTabsAgreeWithTheProduct() throws {
    var orphansAtSwitches = 0
    var appWork = 0
    let seeds: ClosedRange<UInt64> = LongTests.enabled ? 1...60 : 1...16
    let (compared, reduced) = try Self.agreeWithTheProduct(seeds, RandomTabSpecs.switching) {
      spec, result, _ in
      if spec.destinations.flatMap(\.transitions).contains(where: { $0.actsOn == .app }) {
        appWork += 1
      }
      orphansAtSwitches += Self.orphansAtSwitches(result)
    }
    #expect(compared >= seeds.count * 4 / 5, "\(compared) compared")
    #expect(reduced >= compared * 3 / 4, "\(reduced) of \(compared) reduced")
    #expect(orphansAtSwitches >= compared / 3, "\(orphansAtSwitches) orphans at a module switch")
    #expect(appWork >= compared / 2, "\(appWork) with work that acts on the app")
  }

  /// Random specs that log out from screens the tabs push or present, while the tab roots hold
  /// work a switch orphans (`RandomTabSpecs.holders`): reduced where the log-outs are taps or
  /// completions of work held inside presented environments (the tab holding the work parked
  /// where the switching tab changes; a log-out by work a pushed screen holds keeps the
  /// product), with the product's findings at 1 and 3 threads and traces that replay. (Seeds
  /// 1–16: 16 compared, 12 reduced, 24 orphans at a switch, 2 whose findings the reduced graph
  /// without parking gets wrong; long, seeds 1–80: 74, 63, 116, 22. Before issue 33's third
  /// step, none was reduced.)
  @Test func randomSwitchesFromAnyTabAgreeWithTheProduct() throws {
    var parked = 0
    var orphansAtSwitches = 0
    let seeds: ClosedRange<UInt64> = LongTests.enabled ? 1...80 : 1...16
    let (compared, reduced) = try Self.agreeWithTheProduct(seeds, RandomTabSpecs.holders) {
      spec, result, _ in
      orphansAtSwitches += Self.orphansAtSwitches(result)
      if Self.parkingMatters(spec, result) { parked += 1 }
    }
    #expect(compared >= seeds.count * 3 / 4, "\(compared) compared")
    #expect(reduced >= compared / 2, "\(reduced) of \(compared) reduced")
    #expect(orphansAtSwitches >= compared, "\(orphansAtSwitches) orphans at a module switch")
    #expect(parked >= 1, "\(parked) need parking")
  }

  /// Random specs with IceCubes' account settings (`RandomTabSpecs.signedOut`): a sign-out
  /// held by a screen that the logged-in tabs push only inside a sheet, and that the logged-out
  /// module's tab root pushes when `signedIn`, constant (false) there unless a deep link logs
  /// out without clearing it. Reduced where the flag keeps the push out of the logged-out root
  /// environment and nothing else couples the tabs, with the product's findings at 1 and 3
  /// threads and traces that replay; an unguarded push, or the deep link, keeps the product.
  /// (Seeds 1–16: 16 compared, 10 reduced; long, seeds 1–80: 73 compared, 41 reduced; every
  /// reduced one with the flag constant. Without the module's constants none is reduced.)
  @Test func randomSignOutsHeldInsideSheetsAgreeWithTheProduct() throws {
    var constantGuarded = 0
    let seeds: ClosedRange<UInt64> = LongTests.enabled ? 1...80 : 1...16
    let (compared, reduced) = try Self.agreeWithTheProduct(
      seeds, RandomTabSpecs.signedOut,
      reducedRun: { spec, _, _ in
        let compiled = try CompiledSpec(spec)
        let constants = TabReduction.Sequences(compiled).constants
        if constants.values[1] == [false] { constantGuarded += 1 }
      })
    #expect(compared >= seeds.count * 3 / 4, "\(compared) compared")
    #expect(reduced >= compared / 2, "\(reduced) of \(compared) reduced")
    #expect(constantGuarded == reduced, "\(constantGuarded) of \(reduced) with the flag constant")
  }

  /// Random specs with IceCubes' second account (`RandomTabSpecs.accounts`): a flag that a
  /// Settings sheet's router-free work clears while other tabs switch account only where it
  /// holds. Reduced wherever the flag is shared one way (`TabReduction.MonotoneFlag`), with
  /// the product's findings at 1 and 3 threads and traces that replay. (Seeds 1–16: 12
  /// compared, 7 reduced; long, seeds 1–80: 55 and 18. The others keep the product by design:
  /// a push that reads the flag without switching, a logged-out tab that forgets the other
  /// account unguarded, or an account screen the logged-out tab pushes unguarded.)
  @Test func randomSecondAccountsAgreeWithTheProduct() throws {
    var shared = 0
    let seeds: ClosedRange<UInt64> = LongTests.enabled ? 1...80 : 1...16
    let (compared, reduced) = try Self.agreeWithTheProduct(
      seeds, RandomTabSpecs.accounts,
      reducedRun: { spec, _, _ in
        let compiled = try CompiledSpec(spec)
        if !TabReduction.monotoneFlags(compiled, TabReduction.Sequences(compiled)).isEmpty {
          shared += 1
        }
      })
    #expect(compared >= seeds.count * 2 / 3, "\(compared) compared")
    #expect(reduced >= compared / 4, "\(reduced) of \(compared) reduced")
    #expect(shared == reduced, "\(shared) of \(reduced) share the flag one way")
  }

  /// Random specs whose log-in and deep link switch module and then act in a tab
  /// (`RandomTabSpecs.tails`): reduced wherever nothing else couples the tabs (the tab they
  /// change is parked where another one then changes), with the product's findings at 1 and 3
  /// threads and traces that replay. (Seeds 1–16: 14 compared, 9 reduced, 1 whose findings the
  /// reduced graph without parking gets wrong; long, seeds 1–80: 77, 59, 7. Before issue 33's
  /// third step, none was reduced.)
  @Test func randomSwitchesThatActInATabAgreeWithTheProduct() throws {
    var parked = 0
    let seeds: ClosedRange<UInt64> = LongTests.enabled ? 1...80 : 1...16
    let (compared, reduced) = try Self.agreeWithTheProduct(
      seeds, RandomTabSpecs.tails,
      eachRun: { _, result, seed in
        #expect(
          result.fullProductReason?.contains("after a module switch") != true,
          "seed \(seed): \(result.fullProductReason ?? "")")
      }
    ) { spec, result, _ in
      if Self.parkingMatters(spec, result) { parked += 1 }
    }
    #expect(compared >= seeds.count * 3 / 4, "\(compared) compared")
    #expect(reduced >= compared / 2, "\(reduced) of \(compared) reduced")
    #expect(parked >= 1, "\(parked) need parking")
  }

  /// Random specs with a form every tab can open, whose "dirty" flag is set as it opens and
  /// read only in it (`RandomTabSpecs.forms`): reduced wherever nothing else couples the tabs,
  /// with the product's findings at 1 and 3 threads and traces that replay; no spec keeps the
  /// product because of the form's flag, but those that open the form once without setting it.
  /// (Seeds 1–16: 15 compared, 9 reduced, 15 with a finding on the form's declarations, 1 opens
  /// it without setting the flag; long, seeds 1–80: 78, 47, 78, 15. Before issue 33's third
  /// step, none was reduced.)
  @Test func randomFormsAgreeWithTheProduct() throws {
    var formFindings = 0
    var sloppyCount = 0
    let seeds: ClosedRange<UInt64> = LongTests.enabled ? 1...80 : 1...16
    let (compared, reduced) = try Self.agreeWithTheProduct(
      seeds, RandomTabSpecs.forms,
      eachRun: { spec, result, seed in
        // A form opened without setting the flag keeps the product, for that flag or another
        // reason found first.
        let sloppy = spec.name.hasPrefix("Sloppy")
        #expect(
          sloppy ? !result.reduced : result.fullProductReason?.contains("'dirty'") != true,
          "seed \(seed): \(result.fullProductReason ?? "")")
        if sloppy && result.threads == 1 { sloppyCount += 1 }
        if result.threads == 1,
          result.violations.contains(where: { $0.declaration?.title.hasPrefix("Form") == true })
        {
          formFindings += 1
        }
      })
    #expect(compared >= seeds.count * 3 / 4, "\(compared) compared")
    #expect(reduced >= compared / 2, "\(reduced) of \(compared) reduced")
    #expect(formFindings >= compared / 2, "\(formFindings) with a finding of the form's")
    #expect(sloppyCount >= 1, "\(sloppyCount) opened without setting the flag")
  }

  /// How many of `result`'s violations are work orphaned by a log-out (a switch to module Out).
  static func orphansAtSwitches(_ result: CheckResult) -> Int {
    result.violations.filter {
      $0.kind == .orphanedCompletion
        && $0.trace.last?.description.contains("show module Out") == true
    }.count
  }

  /// Whether the reduced graph without parking reports other findings than `result` (a
  /// reduced run's) on `spec`: parking found something it does not, or not as soon.
  static func parkingMatters(_ spec: NavigationSpec, _ result: CheckResult) -> Bool {
    let unparked = TabReduction.check(
      CompiledSpec(spec), options: Self.options(.always), parking: false)
    guard let unparked = try? unparked.get() else { return false }
    return Findings(unparked) != Findings(result)
  }

  /// Checks the spec `make` draws for each seed, where its full product is complete, reduced
  /// at 1 and 3 threads against the product: the same findings; each reduced 1-thread run's
  /// traces replay. `eachRun` sees every reduced-mode run, `reducedRun` each reduced 1-thread
  /// one. Returns how many specs were compared and how many reduced.
  static func agreeWithTheProduct(
    _ seeds: ClosedRange<UInt64>, _ make: (UInt64) throws -> NavigationSpec,
    eachRun: (NavigationSpec, CheckResult, UInt64) -> Void = { _, _, _ in },
    reducedRun: (NavigationSpec, CheckResult, UInt64) throws -> Void = { _, _, _ in }
  ) throws -> (compared: Int, reduced: Int) {
    var compared = 0
    var reduced = 0
    for seed in seeds {
      let spec = try make(seed)
      let full = try spec.check(options: Self.options(.never))
      guard full.complete else { continue }
      compared += 1
      let expected = Findings(full)
      for threads in [1, 3] {
        let result = try spec.check(options: Self.options(.always, threads: threads))
        #expect(Findings(result) == expected, "seed \(seed), \(threads) threads")
        eachRun(spec, result, seed)
        guard threads == 1, result.reduced else { continue }
        reduced += 1
        try Self.expectTracesReplay(result, in: spec, seed: seed)
        try reducedRun(spec, result, seed)
      }
    }
    return (compared, reduced)
  }

  @Test(.long)
  func randomSpecsAgreeWithTheProduct() throws {
    var reduced = 0
    var fellBack = 0
    var compared = 0
    var reducedWithModules = 0
    var reducedReadingAccepted = 0
    var reducedWithRouterLinks = 0
    for seed in UInt64(1)...120 {
      let spec = try RandomTabSpecs.spec(seed: seed)
      let full = try spec.check(options: Self.options(.never))
      guard full.complete else { continue }
      compared += 1
      let expected = Findings(full)
      var first: CheckResult?
      for threads in [1, 3] {
        let result = try spec.check(options: Self.options(.always, threads: threads))
        #expect(Findings(result) == expected, "seed \(seed), \(threads) threads")
        if let first {
          #expect(counts(result) == counts(first), "seed \(seed), \(threads) threads")
        }
        first = first ?? result
      }
      guard let result = first else { continue }
      if result.reduced {
        reduced += 1
        if spec.startModules.count > 1 { reducedWithModules += 1 }
        if spec.deepLinks.contains(where: { $0.start == .stack || $0.start == .tab }) {
          reducedWithRouterLinks += 1
        }
        // A guard reads the flag set only while the logged-out module shows.
        let guards = spec.destinations.flatMap(\.transitions).map(\.guards)
        if guards.contains(where: { $0.when == "accepted" || $0.unless == "accepted" }) {
          reducedReadingAccepted += 1
        }
        #expect(result.states <= full.states, "seed \(seed)")
        try Self.expectTracesReplay(result, in: spec, seed: seed)
      } else {
        if result.fullProductReason?.hasPrefix("every tab") == true { fellBack += 1 }
        #expect(counts(result) == counts(full), "seed \(seed)")
      }
    }
    // The family exercises the reduction, the fallback and the product. (Seeds 1–120: 120
    // compared, 69 reduced, 28 of them with a logged-out module, 8 with a link on a tab's
    // router (SEMANTICS v3), 17 with a guard on the flag
    // set only while it shows; 1 where every tab can get stuck, one with its tab bar showing:
    // 6 more whose tabs get stuck only under a presentation are reduced since issue 33.)
    #expect(compared >= 110)
    #expect(reduced >= 60, "\(reduced) reduced")
    #expect(reducedWithModules >= 20, "\(reducedWithModules) reduced with modules")
    #expect(reducedReadingAccepted >= 10, "\(reducedReadingAccepted) reduced reading 'accepted'")
    #expect(fellBack >= 1, "\(fellBack) fell back to the product: every tab can get stuck")
    #expect(
      reducedWithRouterLinks >= 6, "\(reducedWithRouterLinks) reduced with a stack or tab link")
    #expect(compared - reduced >= 40, "\(compared - reduced) not reduced")
  }
}
