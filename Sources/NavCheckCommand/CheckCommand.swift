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
  /// `--fixes auto` searches fixes for specs of at most this many states.
  static let mostStatesForFixes = 1_000_000

  var context: CommandContext<CheckOptions>
  var console: Console { context.console }

  func run() throws(CommandError) -> ExitStatus {
    let arguments = context.arguments
    let format = try arguments.value(of: \.format)
    var threads = try arguments.value(of: \.threads)
    let maxStates = try arguments.value(of: \.maxStates)
    let memoryLimit = try arguments.value(of: \.memoryLimit)
    let showsProgress =
      switch try arguments.value(of: \.progress) {
      case .always: true
      case .never: false
      case .auto: console.errorIsTerminal
      }

    var specs: [NavigationSpec] = []
    if arguments.positionals.isEmpty {
      specs = context.loader.bundled
      if specs.isEmpty {
        throw .usage(
          "this runner bundles no specs; name a SPEC", hint: "usage: navcheck check SPEC ...")
      }
      for spec in specs {
        do { try spec.validate() } catch {
          throw .invalid("spec '\(spec.name)' is invalid:\n" + context.loader.describe(error))
        }
      }
    } else {
      // Every spec is read and validated before any is explored: an invalid one stops the run.
      var problems: [CommandError] = []
      for argument in arguments.positionals {
        do { specs += try context.loader.load(argument) } catch { problems.append(error) }
      }
      if let last = problems.last {
        for problem in problems.dropLast() {
          console.errLine("navcheck: error: \(problem.message)")
          if let hint = problem.hint { console.errLine(hint) }
        }
        let worst = problems.map(\.status.rawValue).max()!
        throw CommandError(ExitStatus(rawValue: worst)!, last.message, hint: last.hint)
      }
    }

    // After a crash of a .swift spec's program, the runner runs it again to find the invariant
    // that crashed, and where (InvariantCrash).
    let environment = console.environment
    if let file = environment[InvariantCrash.explainVariable] {
      let paths = ReportPaths(console.currentDirectory)
      if let text = InvariantCrash.explain(file: file, specs: specs, paths: paths) {
        console.out(text + "\n")
      }
      return .success
    }
    if let file = environment[InvariantCrash.locateVariable] {
      specs = InvariantCrash.locating(specs, file: file)
      threads = 1
    }
    // The baseline is read before any spec is explored: a missing or broken one stops the run.
    let baseline = try arguments.value(of: \.baseline).map { file throws(CommandError) in
      (file, try readBaseline(file))
    }
    let writeBaseline = try arguments.value(of: \.writeBaseline)
    if let file = writeBaseline {
      try ReportOutput(path: file, console: console).check()
    }

    let cancellation = CancellationToken()
    let interrupt = InterruptHandler(cancellation: cancellation, console: console)
    defer { interrupt.stop() }
    // --time-limit cancels the run as ^C would, and says so.
    let timeLimit = try arguments.value(of: \.timeLimit)
    let timer = TimeLimit()
    if let timeLimit {
      DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) {
        timer.expire()
        cancellation.cancel()
      }
    }
    let reduction = try arguments.value(of: \.reduction)
    var limitNames = LimitNames.commandLine
    let bounds = try arguments.value(of: \.bounds)
    let exact = try arguments.value(of: \.exact)
    let verbose = try arguments.value(of: \.verbose)

    /// One exploration of `spec`, named `name` in the report.
    func explore(_ spec: NavigationSpec, name: String? = nil) throws(CommandError) -> SpecCheck {
      var options = ExplorationOptions()
      options.threads = threads
      options.maxStates = maxStates
      options.memoryLimit = memoryLimit
      options.exact = exact
      options.reduction = reduction
      options.cancellation = cancellation
      let label = name ?? spec.name
      let progress = showsProgress ? ProgressPrinter(spec: label, console: console) : nil
      if let progress { options.progress = { progress.update($0) } }
      var result: CheckResult
      do {
        result = try spec.check(options: options)
      } catch {
        throw .invalid("spec '\(spec.name)' is invalid:\n" + context.loader.describe(error))
      }
      progress?.finish(result)
      if let name { result.spec = name }
      if verbose && result.states > 0 {
        // Where the bytes go (Docs/Performance.md): the explorer's tables at the end.
        let perState = { (bytes: Int) in
          String(format: "%.1f", Double(bytes) / Double(result.states))
        }
        console.errLine(
          "navcheck: \(result.spec): the explorer's tables took \(grouped(result.memoryBytes / 1_000_000)) MB at the end, \(perState(result.memoryBytes)) bytes per state, of which the trap analysis's records \(perState(result.returnAnalysisBytes))"
            + (result.levelFileBytes > 0
              ? "; the levels' states went to a temporary file as they grew, at most \(grouped(result.levelFileBytes / 1_000_000)) MB"
              : "")
            + (result.linkFileBytes > 0
              ? "; the parent links went to one too, \(grouped(result.linkFileBytes / 1_000_000)) MB"
              : "")
        )
      }
      if timer.expired, let timeLimit {
        limitNames.cancellation = "by --time-limit (\(BoundLadder.duration(timeLimit)))"
      }
      return SpecCheck(
        spec: spec, result: result, maxStates: maxStates, memoryLimit: memoryLimit,
        limits: limitNames)
    }

    /// `spec` at `rung`, named with it.
    func atBounds(_ spec: NavigationSpec, _ rung: Bounds) -> NavigationSpec {
      var spec = spec
      let location = spec.bounds.location
      spec.bounds = rung
      spec.bounds.location = location
      return spec
    }

    /// `spec` at each rung `BoundLadder.climb` reaches, named with it; `known`: a check already
    /// made at its own bounds.
    func climb(_ spec: NavigationSpec, known: SpecCheck? = nil) throws(CommandError)
      -> [SpecCheck]
    {
      try BoundLadder.climb(to: spec.bounds, isCancelled: { cancellation.isCancelled }) {
        rung throws(CommandError) in
        if let known, rung == spec.bounds { return known }
        return try explore(atBounds(spec, rung), name: "\(spec.name) at bounds \(rung.words)")
      }
    }

    var checks: [SpecCheck] = []
    for spec in specs {
      switch bounds {
      case .fixed(let rung):
        checks.append(
          try explore(atBounds(spec, rung), name: "\(spec.name) at bounds \(rung.words)"))
      case .ladder:
        // The ladder: one result, with the rungs it climbed.
        checks.append(BoundLadder.result(of: try climb(spec), target: spec.bounds))
      case .spec:
        let check = try explore(spec)
        checks.append(check)
        // An incomplete run says which smaller bounds are complete, where a limit (not ^C or
        // the clock) cut it: the same limits, climbing as --bounds auto does.
        if let cutoff = check.result.cutoff, cutoff != .cancelled {
          let smaller = BoundLadder.result(of: try climb(spec, known: check), target: spec.bounds)
          let largest = smaller.climb?.largest ?? []
          if !largest.isEmpty {
            let pairs = largest.map { "\($0.bounds.words) (\($0.verdict))" }
            console.errLine(
              "navcheck: note: \(spec.name) is complete at bounds \(listed(pairs)); "
                + "--bounds \(listed(largest.map(\.bounds.words), "or")) reports \(largest.count == 1 ? "it" : "each"), "
                + "--bounds auto climbs as far as the limits allow")
          } else {
            console.errLine(
              "navcheck: note: \(spec.name) is complete at no smaller bounds within these limits")
          }
        }
      }
      if cancellation.isCancelled { break }
    }
    // Fixes are checked by exploring each changed spec again: by default for specs small
    // enough that this takes seconds. Where they are not, each finding says why.
    let fixes =
      try environment[InvariantCrash.locateVariable] == nil ? arguments.value(of: \.fixes) : .never
    for i in checks.indices where !checks[i].result.violations.isEmpty {
      let check = checks[i]
      let notSearched: String
      if cancellation.isCancelled {
        notSearched = "the run was stopped"
      } else if fixes == .never {
        notSearched = "--fixes never"
      } else if fixes == .auto && check.result.states > Self.mostStatesForFixes {
        notSearched =
          "--fixes auto searches specs of at most \(grouped(Self.mostStatesForFixes)) states; "
          + "--fixes always searches this one"
      } else {
        let name = check.result.spec
        checks[i].result = check.spec.suggestingFixes(for: check.result, threads: threads)
        checks[i].result.spec = name
        continue
      }
      for v in checks[i].result.violations.indices {
        checks[i].result.violations[v].fixSearch = .notSearched(reason: notSearched)
      }
    }

    let paths = ReportPaths(console.currentDirectory)
    // --write-baseline alone accepts this run's findings: the report shows them as known.
    let written = writeBaseline.map { ($0, Baseline(checks)) }
    let accepted = baseline ?? written
    let comparison = accepted.map { BaselineComparison($0.1, file: $0.0, checks: checks) }
    // Reports that list only failures show the new violations; known ones follow in words.
    let new = comparison?.newFindings(checks) ?? checks
    let summary = comparison?.summary ?? []
    let report =
      switch format {
      case .text:
        TextReport(paths: paths).render(new)
          + (summary.isEmpty ? "" : "\n" + summary.joined(separator: "\n") + "\n")
      case .json: CheckResult.jsonReport(new, paths: paths)
      case .junit: JUnitReport(paths: paths).render(new)
      case .github:
        GitHubReport(paths: paths).render(new)
          + (summary.isEmpty
            ? ""
            : "::notice title=navcheck baseline::"
              + GitHubReport.escapeData(summary.joined(separator: "\n")) + "\n")
      case .sarif: SARIFReport(paths: paths, baseline: comparison).render(checks)
      case .xcode: XcodeReport(paths: paths, baseline: comparison).render(checks)
      case .html:
        // Its spec links lead from the folder the page is written to.
        HTMLReport(
          paths: paths,
          folder: try arguments.value(of: \.output).map {
            URL(fileURLWithPath: paths.absolute($0)).deletingLastPathComponent().path
          }
        ).render(new)
      case .svg: HTMLReport(paths: paths).renderFirstTrace(new)
      }
    try context.emit(report)
    if let (file, written) = written {
      try ReportOutput(path: file, console: console).write(written.json)
      let n = written.entries.count
      console.errLine("navcheck: wrote \(counted(n, "finding")) to the baseline \(file)")
      if checks.contains(where: \.isUnfinished) {
        console.errLine(
          "navcheck: warning: the run is incomplete; the baseline holds only what it found")
      }
    }
    if let comparison, !comparison.known.isEmpty || !comparison.absent.isEmpty {
      console.errLine(
        "navcheck: \(counted(comparison.known.count, "known violation")) accepted by the baseline"
          + (comparison.absent.isEmpty
            ? ""
            : "; \(counted(comparison.absent.count, "finding")) of the baseline no longer found"))
    }

    if new.contains(where: { !$0.result.violations.isEmpty }) {
      let n = new.reduce(0) { $0 + $1.result.violations.count }
      let adjective = comparison == nil ? "" : "new "
      console.errLine("navcheck: \(n) \(adjective)violation\(n == 1 ? "" : "s") found")
      // Said so that it reads right whether this run is the only one or not.
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
      return .violations
    }
    let incomplete = checks.filter(\.isUnfinished)
    if !incomplete.isEmpty || checks.count < specs.count {
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
      if checks.count < specs.count {
        let skipped = specs[checks.count...].map(\.name).joined(separator: ", ")
        console.errLine("navcheck: not checked after the cancellation: \(skipped)")
      }
      return .incomplete
    }
    return .success
  }
}

extension CheckCommand {
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
