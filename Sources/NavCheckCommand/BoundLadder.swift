import Foundation
import NavCheck

/// The bounds `--bounds auto` climbs, and the one result it makes of them (README, "Bounds that
/// fit the limits").
///
/// ```text
/// 4/3 within 100 states: 1/1, 2/1, 3/1, 4/1, 1/2, 2/2, 3/2, 4/2, 1/3, 2/3, 3/3 (incomplete)
/// ```
package enum BoundLadder {
  /// Checks `check` at each rung up to `target`: for each presentation depth from 1, the stack
  /// depth from 1 up, until a rung is incomplete or the stack depth reaches the spec's or the
  /// one the presentation depth below completed at (a larger pair has every state of a smaller
  /// one, so none above an incomplete pair completes). Stops at a presentation depth whose
  /// first rung is incomplete, at the spec's bounds, or once `isCancelled`.
  static func climb(
    to target: Bounds, isCancelled: () -> Bool,
    check: (Bounds) throws(CommandError) -> SpecCheck
  ) throws(CommandError) -> [SpecCheck] {
    var checks: [SpecCheck] = []
    var cap = target.maxStackDepth
    for p in 1...target.maxPresentationDepth {
      var completed = 0
      for s in 1...cap {
        let rung = try check(Bounds(maxStackDepth: s, maxPresentationDepth: p))
        checks.append(rung)
        if isCancelled() { return checks }
        guard rung.result.complete else { break }
        completed = s
      }
      if completed == 0 { break }
      cap = completed
    }
    return checks
  }

  /// Which of `checks` are the largest complete ones: complete, with no other complete one as
  /// large in both bounds.
  private static func largest(_ checks: [SpecCheck]) -> [Bool] {
    let complete = checks.filter(\.result.complete).map(\.spec.bounds)
    return checks.map { check in
      let bounds = check.spec.bounds
      return check.result.complete
        && !complete.contains {
          $0 != bounds && $0.maxStackDepth >= bounds.maxStackDepth
            && $0.maxPresentationDepth >= bounds.maxPresentationDepth
        }
    }
  }

  /// The spec's one result from the rungs `climb` checked: of the largest complete rungs, the
  /// one with the most findings (rule and declaration), then the most states, then the first
  /// climbed; but where none of them found a violation and an incomplete rung did, that rung
  /// (the one with the most findings, then states), so that a violation found always fails the
  /// run. What the other largest and incomplete rungs found that it lacks is named in its
  /// `climb`.
  static func result(of checks: [SpecCheck], target: Bounds) -> SpecCheck {
    let largest = largest(checks)
    func findings(_ check: SpecCheck) -> Set<FindingIdentity> {
      Set(check.result.violations.map { FindingIdentity($0, spec: check.spec.name) })
    }
    let candidates = checks.indices.filter { largest[$0] || !checks[$0].result.complete }
    func rank(_ i: Int) -> (Int, Int, Int, Int, Int) {
      let result = checks[i].result
      return (
        result.violations.isEmpty ? 0 : 1, result.complete ? 1 : 0, findings(checks[i]).count,
        result.states, -i
      )
    }
    let chosen = candidates.max { rank($0) < rank($1) }!
    var result = checks[chosen]
    let shown = findings(result)
    let rungs = checks.indices.map { i in
      BoundClimb.Rung(
        checks[i], isLargest: largest[i],
        unshown: candidates.contains(i) && i != chosen
          ? checks[i].result.violations.filter {
            !shown.contains(FindingIdentity($0, spec: checks[i].spec.name))
          }
          : [])
    }
    result.climb = BoundClimb(rungs: rungs, result: result.spec.bounds, target: target)
    return result
  }

  /// The bounds `text` names: `S/P`; `nil` for `auto`.
  package static func parse(_ text: String) throws(CommandError) -> Bounds? {
    if text == "auto" { return nil }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let s = Int(parts[0]), let p = Int(parts[1]) else {
      throw .usage(
        "--bounds takes STACK/PRESENTATION (e.g. 4/2) or auto, not '\(text)'",
        hint: "auto checks at increasing bounds up to the spec's own")
    }
    let low = [("stack depth", s), ("presentation depth", p)].filter { $0.1 < 1 }
    guard low.isEmpty else {
      let which = low.map { "the \($0.0) is \($0.1)" }.joined(separator: " and ")
      throw .usage(
        "--bounds \(text): \(which); each bound must be at least 1",
        hint: "1/1 is the smallest; auto climbs from it to the spec's own bounds")
    }
    return Bounds(maxStackDepth: s, maxPresentationDepth: p)
  }

  /// A share of a duration, to a tenth of a second (a hundredth below one): `29.9 s`, `0.25 s`.
  static func share(_ seconds: Double) -> String {
    String(format: seconds < 1 ? "%.2f s" : "%.1f s", seconds)
  }

  /// `90 s`, `5 min`.
  static func duration(_ seconds: Double) -> String {
    seconds >= 60 && seconds.truncatingRemainder(dividingBy: 60) == 0
      ? "\(Int(seconds / 60)) min"
      : "\(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s"
  }

  /// A duration: `90`, `90s`, `5m`, `1h`, in seconds.
  static func seconds(_ text: String) throws(CommandError) -> Double {
    let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
    for (suffix, factor) in units where text.hasSuffix(suffix) {
      if let n = Double(text.dropLast(suffix.count)), n > 0 { return n * factor }
    }
    if let n = Double(text), n > 0 { return n }
    throw .usage("--time-limit takes a duration (90s, 5m, 1h), not '\(text)'")
  }
}

/// `--time-limit`: cancels the run as ^C would once `seconds` have passed, and knows it did.
final class TimeLimit: @unchecked Sendable {
  let seconds: Double
  private let lock = NSLock()
  private var passed = false
  private let start = DispatchTime.now()

  init(seconds: Double, cancelling cancellation: CancellationToken) {
    self.seconds = seconds
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
      lock.withLock { passed = true }
      cancellation.cancel()
    }
  }

  /// Whether the time has passed; set from the timer's thread.
  var expired: Bool { lock.withLock { passed } }

  /// The seconds left.
  var remaining: Double {
    max(0, seconds - Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
  }
}
