import NavCheck

/// A crash a previous run of the same test left in its journal (a step marked running): the
/// crashing sequence as a failure, reported before anything else runs; where the host can start
/// processes, confirmed and shrunk by running candidates in child processes.
struct CrashRecovery<Adapter: RouterAdapter> {
  let runner: RouterRunner<Adapter>
  /// Candidates the shrinker may run, each in its own child process.
  let budget: Int

  /// What was recovered: the failure, whether a child crashed on it again, and the length
  /// below which every sequence was shown not to crash.
  struct Recovered {
    /// The crash; `nil` where the sequence did not crash again.
    var failure: RouterFailure?
    var note: String
    var minimalBelow: Int?
    var originalLength: Int
  }

  /// The crash `entry` records, or `nil` where it records none: where it is not left
  /// running, or its writer is still running (another run of the test, or another check of
  /// this process, writing it now).
  func recover(_ entry: RouterJournal.Entry) -> Recovered? {
    guard entry.state == .running, let step = entry.step, step >= 0,
      !(entry.writer?.isRunning ?? false)
    else { return nil }
    let known = Array(entry.events.prefix(step + 1))
    let reference = runner.reference
    let previous =
      "a previous run of this test crashed the process"
      + (entry.seed.map { " (seed \($0), walk \(entry.run ?? 0))" } ?? "")
    #if os(macOS) || os(Linux)
      func crashes(_ events: [EventReference]) -> RouterFailure? {
        let (outcome, progress, output) = runInChild { progress in
          _ = runner.run(events, beforeStep: progress)
          return 0
        }
        guard case .crashed(let signal) = outcome else { return nil }
        let upTo = min(events.count, (progress ?? events.count - 1) + 1)
        var failure = runner.failure(
          .doesNotCrash,
          "the process crashed (signal \(signal)\(signal == 4 || signal == 5 ? ", a Swift trap" : "")) performing step \(upTo)",
          events: Array(events.prefix(upTo)))
        failure.crashOutput = CrashOutput(output).lines
        return failure
      }
      // An exhaustive check marks the steps after its path: each is tried.
      let candidates =
        step < entry.events.count
        ? [known]
        : runner.nextEvents(after: entry.events).map { entry.events + [$0] }
      for candidate in candidates {
        guard let crash = crashes(candidate) else { continue }
        let shrinker = Shrinker(
          reference: reference, budget: budget, leftOut: Adapter.leftOutEvents,
          attempt: crashes)
        let (minimal, below) = shrinker.shrink(crash)
        return Recovered(
          failure: minimal, note: previous + "; the sequence crashes a child process again",
          minimalBelow: below, originalLength: crash.steps.count)
      }
      // Not again: a run stopped from outside (a timeout, ^C) leaves its journal running too.
      return Recovered(
        failure: nil,
        note: previous
          + "? Its sequence, run again in a child process, did not crash: the run was probably stopped from outside",
        minimalBelow: nil, originalLength: known.count)
    #else
      let failure = runner.failure(
        .doesNotCrash, previous + " performing the last step", events: known)
      return Recovered(
        failure: failure,
        note: previous + "; not shrunk: this platform cannot run a candidate in a child process",
        minimalBelow: nil, originalLength: known.count)
    #endif
  }
}
