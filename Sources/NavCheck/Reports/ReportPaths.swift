import Foundation

/// Paths as reports print them: relative to the working directory where they lie under it (the
/// repository root in CI, which SARIF and GitHub annotations need), otherwise as they are.
package struct ReportPaths: Sendable {
  /// The working directory, without a trailing slash.
  package var root: String

  package init(_ currentDirectory: String) {
    var root = URL(fileURLWithPath: currentDirectory).standardizedFileURL.path
    while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
    self.root = root
  }

  /// `path` relative to the working directory where it lies under it.
  package func relative(_ path: String) -> String {
    guard path.hasPrefix("/") else { return path }
    let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
    let prefix = root == "/" ? "/" : root + "/"
    if standardized.hasPrefix(prefix) { return String(standardized.dropFirst(prefix.count)) }
    return standardized
  }

  /// `file:line` of a location, relative; the JSON path follows where there is one.
  package func describe(_ location: SourceLocation) -> String {
    var text = "\(relative(location.filePath)):\(location.line)"
    if let path = location.jsonPath { text += " (\(path))" }
    return text
  }
}

/// A spec with the result of checking it: what every report renders.
package struct SpecCheck: Sendable {
  package var spec: NavigationSpec
  package var result: CheckResult
  /// The `maxStates` limit of the run.
  package var maxStates: Int

  package init(spec: NavigationSpec, result: CheckResult, maxStates: Int) {
    self.spec = spec
    self.result = result
    self.maxStates = maxStates
  }

  /// Why the run is incomplete, in words, or `nil`.
  package var incompleteReason: String? {
    switch result.cutoff {
    case nil: nil
    case .maxStates?:
      "maxStates \(grouped(maxStates)) reached; raise --max-states to explore every state"
    case .cancelled?: "the run was cancelled with ^C"
    }
  }
}

/// `1234567` as `1,234,567`.
package func grouped(_ n: Int) -> String {
  let digits = String(n.magnitude)
  var out = ""
  for (i, c) in digits.enumerated() {
    if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
    out.append(c)
  }
  return (n < 0 ? "-" : "") + out
}

/// Where the declarations behind a trace's steps were written, for code flows.
package enum TraceLocations {
  /// Where to point at a violation without a declaration (a trap): the declaration of the
  /// trace's last step, the one that led into it, or else the spec.
  package static func location(of violation: Violation, in spec: NavigationSpec) -> SourceLocation? {
    locations(of: violation.trace, in: spec).last.flatMap { $0 } ?? spec.location
  }

  /// The location of each step's declaration: the transition or alert button that fired, the
  /// deep link, or for a gesture the active screen's destination.
  package static func locations(of trace: [TraceStep], in spec: NavigationSpec) -> [SourceLocation?] {
    var before: StateView.Screen? = nil
    var locations: [SourceLocation?] = []
    for step in trace {
      let active = before?.destination ?? spec.root
      locations.append(
        location(of: step.event, activeDestination: active, alert: before?.alert, in: spec))
      before = step.state?.activeScreen
    }
    return locations
  }

  package static func location(
    of event: EventReference, activeDestination: String, alert: String?, in spec: NavigationSpec
  ) -> SourceLocation? {
    func transition(_ screen: String, _ name: EventReference.TransitionName) -> Transition? {
      guard let destination = spec.destination(named: screen) else { return nil }
      switch name {
      case .label(let label): return destination.transitions.first { $0.label == label }
      case .index(let index):
        return destination.transitions.indices.contains(index)
          ? destination.transitions[index] : nil
      }
    }
    switch event {
    case .transition(let screen, let name), .complete(let screen, let name, _):
      return transition(screen, name)?.location ?? spec.destination(named: screen)?.location
    case .gesture:
      return spec.destination(named: activeDestination)?.location
    case .alertButton(let label):
      let destination = spec.destination(named: activeDestination)
      for t in destination?.transitions ?? [] {
        if case .alert(let name, let buttons) = t.action, name == alert {
          return buttons.first { $0.label == label }?.location ?? t.location
        }
      }
      return destination?.location
    case .deepLink(let name):
      return spec.deepLinks.first { $0.name == name }?.location
    }
  }
}
