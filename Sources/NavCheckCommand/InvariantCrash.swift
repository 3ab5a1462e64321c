import Foundation
import NavCheck

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A custom invariant of a `.swift` spec that crashed the program compiled from it: which one,
/// where it is declared, and in which state.
///
/// Found in two more runs of the program, only after a crash: the first (`locate`) checks on
/// one thread and writes, before each invariant runs, the spec, the invariant and the state to
/// a file, so that the crash leaves them there; the second (`explain`) checks the spec with one
/// invariant of its own, "this is that state", whose shortest trace is the state's.
enum InvariantCrash {
  /// The environment variables of the two runs, holding the file's path.
  static let locateVariable = "NAVCHECK_LOCATE_INVARIANT_CRASH"
  static let explainVariable = "NAVCHECK_EXPLAIN_INVARIANT_CRASH"

  /// What the locating run wrote last: the spec, the invariant's index, the state in words.
  struct Breadcrumb: Equatable {
    var spec: String
    var invariant: Int
    var state: String

    var text: String { "\(spec)\n\(invariant)\n\(state)" }

    init(spec: String, invariant: Int, state: String) {
      self.spec = spec
      self.invariant = invariant
      self.state = state
    }

    /// The breadcrumb in a file: its length on the first line, then its text.
    init?(file: String) {
      guard let data = FileManager.default.contents(atPath: file),
        let all = String(data: data, encoding: .utf8),
        let newline = all.firstIndex(of: "\n"), let length = Int(all[..<newline])
      else { return nil }
      let body = Array(all.utf8.dropFirst(all.utf8.distance(from: all.startIndex, to: newline) + 1))
      guard body.count >= length else { return nil }
      let text = String(decoding: body.prefix(length), as: UTF8.self)
      let parts = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
      guard length > 0, parts.count == 3, let index = Int(parts[1]) else { return nil }
      self.init(spec: String(parts[0]), invariant: index, state: String(parts[2]))
    }
  }

  /// `specs` whose invariants write a breadcrumb to `file` before they run (the locating run).
  static func locating(_ specs: [NavigationSpec], file: String) -> [NavigationSpec] {
    let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { return specs }
    return specs.map { spec in
      var spec = spec
      spec.invariants = spec.invariants.enumerated().map { i, invariant in
        var wrapped = invariant
        let name = spec.name
        wrapped.holds = { view in
          let text = Breadcrumb(spec: name, invariant: i, state: view.description).text
          let bytes = Array("\(text.utf8.count)\n\(text)".utf8)
          _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
          let holds = invariant.holds(view)
          // It returned: no crash of its to report.
          _ = Array("0\n".utf8).withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
          return holds
        }
        return wrapped
      }
      return spec
    }
  }

  /// The explanation of the breadcrumb in `file`, for the spec of `specs` it names: the
  /// invariant, where it is declared, and a shortest trace to the state (the explaining run).
  static func explain(file: String, specs: [NavigationSpec], paths: ReportPaths) -> String? {
    guard let crumb = Breadcrumb(file: file),
      let spec = specs.first(where: { $0.name == crumb.spec }),
      spec.invariants.indices.contains(crumb.invariant)
    else { return nil }
    let invariant = spec.invariants[crumb.invariant]
    var target = spec
    target.invariants = [
      Invariant(name: "the state of the crash") { $0.description != crumb.state }
    ]
    let place = invariant.location.map { " (\(paths.describe($0)))" } ?? ""
    var lines = [
      "invariant '\(invariant.name)'\(place) of spec '\(spec.name)' crashed in this state:"
    ]
    if let result = try? target.check(threads: 1),
      let found = result.violations.first(where: { $0.kind == .invariant })
    {
      lines += TextReport.trace(found.trace, kind: nil, indent: "  ")
      if !found.trace.isEmpty { return lines.joined(separator: "\n") }
    }
    lines.append("  " + crumb.state.replacingOccurrences(of: "\n", with: "\n  "))
    return lines.joined(separator: "\n")
  }
}
