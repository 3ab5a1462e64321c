import Foundation
import NavCheck

/// The bounds a check climbs with `--bounds auto`, smallest first, up to the spec's own: each
/// step raises the stack depth, or the presentation depth where the stack is ahead of it.
///
/// ```text
/// 6/3: 1/1, 2/1, 3/1, 3/2, 4/2, 4/3, 5/3, 6/3
/// ```
enum BoundLadder {
  static func rungs(to target: Bounds) -> [Bounds] {
    var s = 1
    var p = 1
    var rungs = [Bounds(maxStackDepth: s, maxPresentationDepth: p)]
    while s < target.maxStackDepth || p < target.maxPresentationDepth {
      if s < target.maxStackDepth && (p >= target.maxPresentationDepth || s <= p + 1) {
        s += 1
      } else {
        p += 1
      }
      rungs.append(Bounds(maxStackDepth: s, maxPresentationDepth: p))
    }
    return rungs
  }

  /// `4/2`.
  static func words(_ bounds: Bounds) -> String {
    "\(bounds.maxStackDepth)/\(bounds.maxPresentationDepth)"
  }

  /// The bounds `text` names: `S/P`; `nil` for `auto`.
  static func parse(_ text: String) throws(CommandError) -> Bounds? {
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

/// Whether the time limit has passed; set from the timer's thread.
final class TimeLimit: @unchecked Sendable {
  private let lock = NSLock()
  private var passed = false

  func expire() { lock.withLock { passed = true } }
  var expired: Bool { lock.withLock { passed } }
}
