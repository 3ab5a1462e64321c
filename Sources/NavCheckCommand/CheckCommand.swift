import Dispatch
import Foundation
import NavCheck

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `navcheck check [SPEC ...]`: explores and checks each spec, then writes one report.
struct CheckCommand {
  /// `--fixes auto` searches fixes for specs of at most this many states: each candidate fix
  /// explores the changed spec again. A debug build of navcheck (`swift run navcheck`, the
  /// README's first command) explores a few thousand states a second, hundreds of times slower
  /// than a release build, so it searches only small specs by itself.
  #if DEBUG
    static let mostStatesForFixes = 20_000
    static let buildForFixes =
      " in a debug build of navcheck, \(grouped(mostStatesForFixesReleased)) in a release one"
  #else
    static let mostStatesForFixes = mostStatesForFixesReleased
    static let buildForFixes = ""
  #endif
  /// `mostStatesForFixes` in a release build.
  static let mostStatesForFixesReleased = 1_000_000

  var context: CommandContext<CheckOptions>
  var console: Console { context.console }

  func run() throws(CommandError) -> ExitStatus {
    var settings = try CheckSettings(context.arguments, console: console)
    var specs = try loadSpecs()
    // After a crash of a .swift spec's program, the runner runs it again to find the invariant
    // that crashed, and where (InvariantCrash).
    if let file = console.environment[InvariantCrash.explainVariable] {
      explainCrash(recordedIn: file, specs)
      return .success
    }
    if let file = console.environment[InvariantCrash.locateVariable] {
      specs = InvariantCrash.locating(specs, file: file)
      settings.exploration.threads = 1
      settings.fixes = .never
    }
    let baseline = try readBaselines(settings)
    let cancellation = CancellationToken()
    let interrupt = InterruptHandler(cancellation: cancellation, console: console)
    defer { interrupt.stop() }
    let run = CheckRun(
      settings: settings, console: console, loader: context.loader, cancellation: cancellation,
      timeLimit: settings.timeLimit.map { TimeLimit(seconds: $0, cancelling: cancellation) })
    var checks = try run.check(specs)
    run.searchFixes(&checks)
    return try finish(checks, of: specs, baseline: baseline, settings: settings)
  }

  /// Prints which invariant crashed the program of a .swift spec, and where (`InvariantCrash`).
  func explainCrash(recordedIn file: String, _ specs: [NavigationSpec]) {
    let paths = ReportPaths(console.currentDirectory)
    if let text = InvariantCrash.explain(file: file, specs: specs, paths: paths) {
      console.out(text + "\n")
    }
  }

  /// The specs the SPEC arguments name, or the bundled ones; every one is read and validated
  /// before any is explored: an invalid one stops the run.
  func loadSpecs() throws(CommandError) -> [NavigationSpec] {
    let loader = context.loader
    let arguments = context.arguments.positionals
    guard !arguments.isEmpty else {
      guard !loader.bundled.isEmpty else {
        throw .usage(
          "this runner bundles no specs; name a SPEC", hint: "usage: navcheck check SPEC ...")
      }
      for spec in loader.bundled {
        do { try spec.validate() } catch {
          throw .invalid("spec '\(spec.name)' is invalid:\n" + loader.describe(error))
        }
      }
      return loader.bundled
    }
    var specs: [NavigationSpec] = []
    var problems: [CommandError] = []
    for argument in arguments {
      do { specs += try loader.load(argument) } catch { problems.append(error) }
    }
    guard let last = problems.last else { return specs }
    for problem in problems.dropLast() {
      console.errLine("navcheck: error: \(problem.message)")
      if let hint = problem.hint { console.errLine(hint) }
    }
    let worst = problems.map(\.status.rawValue).max()!
    throw CommandError(ExitStatus(rawValue: worst)!, last.message, hint: last.hint)
  }

  /// Writes the report and the baseline, says what the baseline accepted, and returns the exit
  /// status.
  ///
  /// - Parameter baseline: The file `--baseline` names, read.
  func finish(
    _ checks: [SpecCheck], of specs: [NavigationSpec], baseline: (String, Baseline)?,
    settings: CheckSettings
  ) throws(CommandError) -> ExitStatus {
    // --write-baseline alone accepts this run's findings: the report shows them as known.
    let written = settings.writeBaseline.map { ($0, Baseline(checks)) }
    let comparison = (baseline ?? written).map {
      BaselineComparison($0.1, file: $0.0, checks: checks)
    }
    // Reports that list only failures show the new violations; known ones follow in words.
    let new = comparison?.newFindings(checks) ?? checks
    try context.emit(
      report(checks, new: new, comparison: comparison, format: settings.format))
    if let (file, written) = written {
      try write(written, to: file, incomplete: checks.contains(where: \.isUnfinished))
    }
    if let comparison { sayAccepted(comparison) }
    return exitStatus(checks, new: new, of: specs, comparedWithBaseline: comparison != nil)
  }

  /// The report in `format`: of `new` where it lists only failures (text and GitHub then say
  /// what the baseline accepted), of every check where it marks each finding (SARIF, xcode).
  func report(
    _ checks: [SpecCheck], new: [SpecCheck], comparison: BaselineComparison?,
    format: ReportFormat
  ) throws(CommandError) -> String {
    let paths = ReportPaths(console.currentDirectory)
    let summary = comparison?.summary ?? []
    switch format {
    case .text:
      return TextReport(paths: paths).render(new)
        + (summary.isEmpty ? "" : "\n" + summary.joined(separator: "\n") + "\n")
    case .json: return CheckResult.jsonReport(new, paths: paths)
    case .junit: return JUnitReport(paths: paths).render(new)
    case .github:
      return GitHubReport(paths: paths).render(new)
        + (summary.isEmpty
          ? ""
          : "::notice title=navcheck baseline::"
            + GitHubReport.escapeData(summary.joined(separator: "\n")) + "\n")
    case .sarif: return SARIFReport(paths: paths, baseline: comparison).render(checks)
    case .xcode: return XcodeReport(paths: paths, baseline: comparison).render(checks)
    case .html:
      // Its spec links lead from the folder the page is written to.
      let folder = try context.arguments.value(of: \.output).map {
        URL(fileURLWithPath: paths.absolute($0)).deletingLastPathComponent().path
      }
      return HTMLReport(paths: paths, folder: folder).render(new)
    case .svg: return HTMLReport(paths: paths).renderFirstTrace(new)
    }
  }

  /// Writes `--write-baseline FILE` and says so; `incomplete`: the run did not explore all.
  func write(_ baseline: Baseline, to file: String, incomplete: Bool) throws(CommandError) {
    try ReportOutput(path: file, console: console).write(baseline.json)
    let n = baseline.entries.count
    console.errLine("navcheck: wrote \(counted(n, "finding")) to the baseline \(file)")
    if incomplete {
      console.errLine(
        "navcheck: warning: the run is incomplete; the baseline holds only what it found")
    }
  }

  /// Says how many violations the baseline accepted, and how many of its findings are gone.
  func sayAccepted(_ comparison: BaselineComparison) {
    guard !comparison.known.isEmpty || !comparison.absent.isEmpty else { return }
    console.errLine(
      "navcheck: \(counted(comparison.known.count, "known violation")) accepted by the baseline"
        + (comparison.absent.isEmpty
          ? ""
          : "; \(counted(comparison.absent.count, "finding")) of the baseline no longer found"))
  }

  /// 1 where a new violation was found; else 2 where a run is unfinished or a spec was not
  /// checked; else 0. Each said on stderr.
  func exitStatus(
    _ checks: [SpecCheck], new: [SpecCheck], of specs: [NavigationSpec],
    comparedWithBaseline: Bool
  ) -> ExitStatus {
    if new.contains(where: { !$0.result.violations.isEmpty }) {
      let n = new.reduce(0) { $0 + $1.result.violations.count }
      let adjective = comparedWithBaseline ? "new " : ""
      console.errLine("navcheck: \(n) \(adjective)violation\(n == 1 ? "" : "s") found")
      sayWhereMoreMayBreak(checks)
      return .violations
    }
    let incomplete = checks.filter(\.isUnfinished)
    guard !incomplete.isEmpty || checks.count < specs.count else { return .success }
    sayIncomplete(incomplete)
    if checks.count < specs.count {
      let skipped = specs[checks.count...].map(\.name).joined(separator: ", ")
      console.errLine("navcheck: not checked after the cancellation: \(skipped)")
    }
    return .incomplete
  }

  /// After violations: which runs did not explore everything, so that more may break. Said so
  /// that it reads right whether this run is the only one or not.
  func sayWhereMoreMayBreak(_ checks: [SpecCheck]) {
    for check in checks {
      if let reason = check.incompleteReason {
        console.errLine(
          "navcheck: note: the run of \(check.result.spec) is incomplete, so more rules may break in the states it did not explore: \(reason)"
        )
      } else if let shortfall = check.climb?.shortfall {
        console.errLine(
          "navcheck: note: \(check.spec.name) is \(shortfall); more rules may break at larger bounds"
        )
      }
    }
  }

  /// Where nothing was found: which results are incomplete, and why.
  func sayIncomplete(_ incomplete: [SpecCheck]) {
    for check in incomplete {
      if let reason = check.incompleteReason {
        console.errLine(
          "navcheck: the result for \(check.spec.name) is INCOMPLETE: \(reason). "
            + "No violation was found in the \(grouped(check.result.states)) states explored, but the rest were not checked."
        )
      } else if let shortfall = check.climb?.shortfall {
        console.errLine(
          "navcheck: the result for \(check.spec.name) is INCOMPLETE: it is \(shortfall). "
            + "No violation was found in the bounds checked, but larger ones were not checked in full."
        )
      }
    }
  }
}

extension CheckCommand {
  /// The baseline `--baseline FILE` names, read, and whether `--write-baseline FILE` can be
  /// written: before any spec is explored, so that a missing or broken one stops the run.
  func readBaselines(_ settings: CheckSettings) throws(CommandError) -> (String, Baseline)? {
    let baseline = try settings.baseline.map { file throws(CommandError) in
      (file, try readBaseline(file))
    }
    if let file = settings.writeBaseline {
      try ReportOutput(path: file, console: console).check()
    }
    return baseline
  }

  /// The baseline file `--baseline FILE` names: 66 where it cannot be read, 65 where it is not
  /// a baseline.
  func readBaseline(_ file: String) throws(CommandError) -> Baseline {
    let path = console.absolutePath(file)
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CommandError(
        .noInput, "cannot read the baseline \(file)",
        hint: "write one with: navcheck check SPEC ... --write-baseline \(file)")
    }
    do { return try Baseline(json: Array(data)) } catch {
      throw .invalid("the baseline \(file) is not one: line \(error.line): \(error.message)")
    }
  }
}

/// Prints progress on stderr at most once a second: in place on a terminal, a line at a time
/// elsewhere.
final class ProgressPrinter: @unchecked Sendable {
  private let lock = NSLock()
  private let spec: String
  private let console: Console
  private var lastPrint: UInt64
  private var printed = false

  init(spec: String, console: Console) {
    self.spec = spec
    self.console = console
    lastPrint = DispatchTime.now().uptimeNanoseconds
  }

  func update(_ progress: ExplorationProgress) {
    let now = DispatchTime.now().uptimeNanoseconds
    let line: String? = lock.withLock {
      guard now - lastPrint >= 1_000_000_000 else { return nil }
      lastPrint = now
      printed = true
      let rate = progress.seconds > 0 ? Double(progress.states) / progress.seconds : 0
      let graph = progress.reduced ? " (reduced graph)" : ""
      return
        "\(spec): \(grouped(progress.states)) states\(graph) (\(grouped(Int(rate))) states/s), "
        + "level \(progress.depth), queue \(grouped(progress.queued))"
    }
    guard let line else { return }
    if console.errorIsTerminal {
      console.err("\r\u{1B}[K" + line)
    } else {
      console.errLine(line)
    }
  }

  func finish(_ result: CheckResult) {
    let wasPrinted = lock.withLock { printed }
    if wasPrinted && console.errorIsTerminal { console.err("\r\u{1B}[K") }
  }
}

/// Turns the first ^C into a cancellation (the report of what was explored still prints, with
/// exit status 2); a second ^C exits at once. A second signal within half a second is the same
/// ^C arriving twice (from the terminal and forwarded by a parent `navcheck`).
final class InterruptHandler: @unchecked Sendable {
  private var source: DispatchSourceSignal?

  init(cancellation: CancellationToken, console: Console) {
    guard console.isProcessConsole else { return }
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    let first = NSLock()
    nonisolated(unsafe) var firstAt: UInt64?
    source.setEventHandler {
      let now = DispatchTime.now().uptimeNanoseconds
      let previous = first.withLock { () -> UInt64? in
        defer { firstAt = firstAt ?? now }
        return firstAt
      }
      if let previous {
        if now - previous > 500_000_000 { exit(130) }
        return
      }
      console.errLine("\nnavcheck: cancelling; ^C again to quit at once")
      cancellation.cancel()
    }
    source.resume()
    self.source = source
  }

  func stop() {
    guard let source else { return }
    source.cancel()
    signal(SIGINT, SIG_DFL)
  }
}

extension SpecCheck {
  /// Whether the run stopped early, or `--bounds auto` stopped below the spec's own bounds.
  fileprivate var isUnfinished: Bool { incompleteReason != nil || climb?.shortfall != nil }
}
