import Foundation
import NavCheck

/// What `check`'s options ask for, read.
struct CheckSettings {
  /// The threads, the limits, `--exact` and the tabs reduction.
  var exploration = ExplorationOptions()
  var bounds: BoundsRequest
  var timeLimit: Double?
  var fixes: When
  var verbose: Bool
  var showsProgress: Bool
  var format: ReportFormat
  /// `--baseline FILE`.
  var baseline: String?
  /// `--write-baseline FILE`.
  var writeBaseline: String?

  init(_ arguments: CommandArguments<CheckOptions>, console: Console) throws(CommandError) {
    exploration.threads = try arguments.value(of: \.threads)
    exploration.maxStates = try arguments.value(of: \.maxStates)
    exploration.memoryLimit = try arguments.value(of: \.memoryLimit)
    exploration.exact = try arguments.value(of: \.exact)
    timeLimit = try arguments.value(of: \.timeLimit)
    exploration.reduction = try arguments.value(of: \.reduction)
    bounds = try arguments.value(of: \.bounds)
    fixes = try arguments.value(of: \.fixes)
    verbose = try arguments.value(of: \.verbose)
    showsProgress =
      switch try arguments.value(of: \.progress) {
      case .always: true
      case .never: false
      case .auto: console.errorIsTerminal
      }
    format = try arguments.value(of: \.format)
    baseline = try arguments.value(of: \.baseline)
    writeBaseline = try arguments.value(of: \.writeBaseline)
  }
}

/// How `check` explores its specs: each at its own bounds, at `--bounds`, or up the ladder,
/// until ^C or `--time-limit` stops the run; then the fixes of what it found.
struct CheckRun {
  var settings: CheckSettings
  var console: Console
  var loader: SpecLoader
  var cancellation: CancellationToken
  var timeLimit: TimeLimit?

  /// Each spec's check, in order; fewer where the run was stopped.
  func check(_ specs: [NavigationSpec]) throws(CommandError) -> [SpecCheck] {
    var checks: [SpecCheck] = []
    for spec in specs {
      checks.append(try check(spec))
      if cancellation.isCancelled { break }
    }
    return checks
  }

  /// `spec`'s one result at the bounds `--bounds` asks for.
  func check(_ spec: NavigationSpec) throws(CommandError) -> SpecCheck {
    switch settings.bounds {
    case .fixed(let rung):
      return try explore(atBounds(spec, rung), name: "\(spec.name) at bounds \(rung.words)")
    case .ladder:
      // The ladder: one result, with the rungs it climbed.
      return BoundLadder.result(of: try climb(spec), target: spec.bounds)
    case .spec:
      let check = try explore(spec)
      if let cutoff = check.result.cutoff, cutoff != .cancelled {
        try sayCompleteSmallerBounds(spec, cut: check)
      }
      return check
    }
  }

  /// An incomplete run says which smaller bounds are complete, where a limit (not ^C or the
  /// clock) cut it: the same limits, climbing as `--bounds auto` does.
  func sayCompleteSmallerBounds(_ spec: NavigationSpec, cut: SpecCheck) throws(CommandError) {
    let smaller = BoundLadder.result(of: try climb(spec, known: cut), target: spec.bounds)
    let largest = smaller.climb?.largest ?? []
    guard !largest.isEmpty else {
      console.errLine(
        "navcheck: note: \(spec.name) is complete at no smaller bounds within these limits")
      return
    }
    let pairs = largest.map { "\($0.bounds.words) (\($0.verdict))" }
    console.errLine(
      "navcheck: note: \(spec.name) is complete at bounds \(listed(pairs)); "
        + "--bounds \(listed(largest.map(\.bounds.words), "or")) reports \(largest.count == 1 ? "it" : "each"), "
        + "--bounds auto climbs as far as the limits allow")
  }

  /// `spec` at each rung `BoundLadder.climb` reaches, named with it; `known`: a check already
  /// made at its own bounds. Under `--time-limit`, a rung may take half the time left, so that
  /// one that grows past the limit leaves the rest to the rungs after it (a smaller stack
  /// depth at the next presentation depth).
  func climb(_ spec: NavigationSpec, known: SpecCheck? = nil) throws(CommandError) -> [SpecCheck] {
    try BoundLadder.climb(to: spec.bounds, isCancelled: { cancellation.isCancelled }) {
      rung throws(CommandError) in
      if let known, rung == spec.bounds { return known }
      let name = "\(spec.name) at bounds \(rung.words)"
      guard let timeLimit else { return try explore(atBounds(spec, rung), name: name) }
      let share = timeLimit.remaining / 2
      let token = CancellationToken(parent: cancellation)
      DispatchQueue.global().asyncAfter(deadline: .now() + share) { token.cancel() }
      var check = try explore(atBounds(spec, rung), name: name, cancellation: token)
      token.cancel()  // (its timer may still be waiting; nothing reads it any more)
      if check.result.cutoff == .cancelled && !cancellation.isCancelled {
        check.limits.cancellation =
          "by its share of --time-limit (\(BoundLadder.share(share)) of \(BoundLadder.duration(timeLimit.seconds)): half the time left, the rest for the rungs after it)"
      }
      return check
    }
  }

  /// `spec` at `rung`.
  func atBounds(_ spec: NavigationSpec, _ rung: Bounds) -> NavigationSpec {
    var spec = spec
    let location = spec.bounds.location
    spec.bounds = rung
    spec.bounds.location = location
    return spec
  }

  /// One exploration of `spec`, named `name` in the report; `cancellation`: the token that
  /// stops it, where not the run's.
  func explore(
    _ spec: NavigationSpec, name: String? = nil, cancellation token: CancellationToken? = nil
  ) throws(CommandError) -> SpecCheck {
    var options = settings.exploration
    options.cancellation = token ?? cancellation
    let progress =
      settings.showsProgress ? ProgressPrinter(spec: name ?? spec.name, console: console) : nil
    if let progress { options.progress = { progress.update($0) } }
    var result: CheckResult
    do {
      result = try spec.check(options: options)
    } catch {
      throw .invalid("spec '\(spec.name)' is invalid:\n" + loader.describe(error))
    }
    progress?.finish(result)
    if let name { result.spec = name }
    if settings.verbose && result.states > 0 { sayTableSizes(result) }
    return SpecCheck(
      spec: spec, result: result, maxStates: options.maxStates, memoryLimit: options.memoryLimit,
      limits: limitNames)
  }

  /// The command line's names of the limits, and of what cancelled the run.
  var limitNames: LimitNames {
    var names = LimitNames.commandLine
    if let timeLimit, timeLimit.expired {
      names.cancellation = "by --time-limit (\(BoundLadder.duration(timeLimit.seconds)))"
    }
    return names
  }

  /// `--verbose`: where the bytes went (Docs/Performance.md), the explorer's tables at the end.
  func sayTableSizes(_ result: CheckResult) {
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

  /// Fixes are checked by exploring each changed spec again: by default for specs small enough
  /// that this takes seconds. Where they are not searched, each finding says why.
  func searchFixes(_ checks: inout [SpecCheck]) {
    for i in checks.indices where !checks[i].result.violations.isEmpty {
      if let reason = whyFixesAreNotSearched(checks[i]) {
        for v in checks[i].result.violations.indices {
          checks[i].result.violations[v].fixSearch = .notSearched(reason: reason)
        }
      } else {
        let name = checks[i].result.spec
        checks[i].result = checks[i].spec.suggestingFixes(
          for: checks[i].result, threads: settings.exploration.threads)
        checks[i].result.spec = name
      }
    }
  }

  /// Why `--fixes` searches no fix for `check`'s findings; `nil` where it does.
  func whyFixesAreNotSearched(_ check: SpecCheck) -> String? {
    if cancellation.isCancelled { return "the run was stopped" }
    switch settings.fixes {
    case .never: return "--fixes never"
    case .auto where check.result.states > CheckCommand.mostStatesForFixes:
      return
        "--fixes auto searches specs of at most \(grouped(CheckCommand.mostStatesForFixes)) states"
        + CheckCommand.buildForFixes + "; --fixes always searches this one"
    case .auto, .always: return nil
    }
  }
}
