import Foundation

/// Paths as reports print them: relative to the working directory where they lie under it (the
/// repository root in CI, which SARIF and GitHub annotations need), otherwise as they are.
package struct ReportPaths: Sendable {
  /// The working directory, without a trailing slash; `nil` to print paths as they are.
  package var root: String?

  package init(_ currentDirectory: String) {
    var root = URL(fileURLWithPath: currentDirectory).standardizedFileURL.path
    while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
    self.root = root
  }

  private init() { root = nil }

  /// Paths as they are: for reports inside a test, where the working directory is unknown.
  package static let unchanged = ReportPaths()

  /// `path` relative to the working directory where it lies under it.
  package func relative(_ path: String) -> String {
    guard let root, path.hasPrefix("/") else { return path }
    let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
    let prefix = root == "/" ? "/" : root + "/"
    if standardized.hasPrefix(prefix) { return String(standardized.dropFirst(prefix.count)) }
    return standardized
  }

  /// `path` made absolute against the working directory, where it is relative and the working
  /// directory is known: what Xcode needs to open the file from an issue.
  package func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL.path }
    guard let root else { return path }
    let joined = (root == "/" ? "" : root) + "/" + path
    return URL(fileURLWithPath: joined).standardizedFileURL.path
  }

  /// `path` as a link from a file in `folder` (both made absolute against the working
  /// directory): `../Specs/Shop.swift` from a page written to `reports/`.
  package func link(to path: String, from folder: String) -> String {
    let target = absolute(path).split(separator: "/")
    let base = absolute(folder).split(separator: "/")
    var shared = 0
    while shared < target.count && shared < base.count && target[shared] == base[shared] {
      shared += 1
    }
    let up = Array(repeating: "..", count: base.count - shared)
    return (up + target[shared...].map(String.init)).joined(separator: "/")
  }

  /// `file:line` of a location, relative; the JSON path follows where there is one.
  package func describe(_ location: SourceLocation) -> String {
    var text = "\(relative(location.filePath)):\(location.line)"
    if let path = location.jsonPath { text += " (\(path))" }
    return text
  }
}

/// How the caller of a check sets its limits and stops it, in its own words: reports tell a
/// user what to raise, and a user of the command line raises a flag where a test raises a
/// parameter.
package struct LimitNames: Sendable {
  /// What raises the state cap: `--max-states`, `maxStates`.
  package var maxStates: String
  /// What raises the memory limit: `--memory-limit`, `ExplorationOptions.memoryLimit`.
  package var memoryLimit: String
  /// How a run was cancelled: "with ^C", "" (by a cancellation token).
  package var cancellation: String

  package init(maxStates: String, memoryLimit: String, cancellation: String) {
    self.maxStates = maxStates
    self.memoryLimit = memoryLimit
    self.cancellation = cancellation
  }

  /// The library's own names: its parameters and options.
  package static let api = LimitNames(
    maxStates: "maxStates", memoryLimit: "ExplorationOptions.memoryLimit", cancellation: "")
}

/// A spec with the result of checking it: what every report renders.
package struct SpecCheck: Sendable {
  package var spec: NavigationSpec
  package var result: CheckResult
  /// The `maxStates` limit of the run.
  package var maxStates: Int
  /// The `memoryLimit` of the run, in bytes.
  package var memoryLimit: Int
  /// How the run's caller names its limits.
  package var limits: LimitNames
  /// Violations a baseline accepted, left out of `result` (`--baseline`).
  package var knownViolations = 0
  /// How `--bounds auto` reached this result, where it did.
  package var climb: BoundClimb?

  package init(
    spec: NavigationSpec, result: CheckResult, maxStates: Int,
    memoryLimit: Int = ExplorationOptions.defaultMemoryLimit, limits: LimitNames = .api
  ) {
    self.spec = spec
    self.result = result
    self.maxStates = maxStates
    self.memoryLimit = memoryLimit
    self.limits = limits
  }

  /// Why the run is incomplete, in words, or `nil`.
  package var incompleteReason: String? {
    switch result.cutoff {
    case nil: nil
    case .maxStates?:
      "maxStates \(grouped(maxStates)) reached; raise \(limits.maxStates) to explore every state"
    case .memoryLimit?:
      "stopped at \(grouped(result.states)) states, before the next batch could pass the memory limit of \(bytes(memoryLimit)); raise \(limits.memoryLimit) or tighten the spec's bounds"
    case .cancelled?:
      limits.cancellation.isEmpty
        ? "the run was cancelled" : "the run was cancelled \(limits.cancellation)"
    }
  }
}

/// A size in bytes for people: `512 MiB`, `1.5 GiB`.
package func bytes(_ n: Int) -> String {
  let units = ["bytes", "KiB", "MiB", "GiB", "TiB"]
  var value = Double(n)
  var unit = 0
  while value >= 1024 && unit < units.count - 1 {
    value /= 1024
    unit += 1
  }
  if unit == 0 { return "\(n) bytes" }
  let text = value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
  return "\(text) \(units[unit])"
}
