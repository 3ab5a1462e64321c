import Foundation
import NavCheck

/// Where a spec and the app's code disagree: what the code pushes, presents, alerts, selects as
/// a tab or handles as a link that the spec does not declare (at the code's line), and what the
/// spec declares that no code names (at the spec's line).
///
/// Names are matched by `DestinationName.key`: letters and digits, lowercased, without a
/// trailing `View`, `Screen`, `Sheet`, `Page`, `Destination` or `Tab`. A code fact matches a spec
/// name where any of its names (the drafted name, the case, the view it shows) has the key of
/// a spec name.
///
/// ```swift
/// let drift = SpecDrift(spec: spec, code: SpecDraft(files: files, hints: hints))
/// for finding in drift.findings { print(finding.location!, finding.message) }
/// ```
public struct SpecDrift: Sendable {
  /// One disagreement.
  public struct Finding: Sendable, Hashable {
    /// What kind of disagreement.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
      /// The code pushes, presents or selects a destination the spec does not declare.
      case undeclaredDestination
      /// The code shows an alert or dialog the spec does not declare.
      case undeclaredAlert
      /// The code handles URLs and the spec declares no deep link.
      case undeclaredDeepLink
      /// The spec declares a destination no code names.
      case unreachedDestination
      /// The spec declares an alert no code shows.
      case unreachedAlert

      /// The rule in words, for reports.
      public var summary: String {
        switch self {
        case .undeclaredDestination: "the code shows a screen the spec does not declare"
        case .undeclaredAlert: "the code shows an alert the spec does not declare"
        case .undeclaredDeepLink: "the code handles links and the spec declares none"
        case .unreachedDestination: "the spec declares a screen no code shows"
        case .unreachedAlert: "the spec declares an alert no code shows"
        }
      }
    }

    /// What kind.
    public var kind: Kind
    /// What it is about, without a line (`sheet Settings`): a baseline's identity.
    public var subject: String
    /// What it means, in words.
    public var message: String
    /// The code's line, or the spec's.
    public var location: SourceLocation?
  }

  /// Every disagreement: the code's first (in file order), then the spec's.
  public var findings: [Finding]

  /// Compares a spec with what a draft read from the code.
  public init(spec: NavigationSpec, code: SpecDraft) {
    var findings: [Finding] = []
    var specKeys: [String: String] = [:]
    for destination in spec.destinations {
      specKeys[DestinationName.key(destination.name)] = destination.name
    }
    var specAlerts: [String: (name: String, location: SourceLocation?)] = [:]
    func collect(_ actions: [SequenceAction], _ location: SourceLocation?) {
      for action in actions {
        if case .alert(let name, _, let buttons) = action.action {
          let key = DestinationName.key(name)
          if specAlerts[key] == nil { specAlerts[key] = (name, action.location ?? location) }
          for button in buttons { collect(button.actions, button.location ?? location) }
        }
        if let onDismiss = action.onDismiss { collect(onDismiss.actions, location) }
      }
    }
    for destination in spec.destinations {
      for transition in destination.transitions {
        collect(transition.actions, transition.location)
        for outcome in transition.outcomes ?? [] { collect(outcome.actions, outcome.location) }
      }
    }
    for deepLink in spec.deepLinks { collect(deepLink.actions, deepLink.location) }

    var codeKeys: Set<String> = []
    var alertKeys: Set<String> = []
    var reported: [String: Int] = [:]
    let facts = code.codeFacts.sorted {
      ($0.location.fileID, $0.location.line) < ($1.location.fileID, $1.location.line)
    }
    for fact in facts {
      let keys = ([fact.name] + fact.codeNames).map(DestinationName.key)
      switch fact.kind {
      case .push, .sheet, .fullScreenCover, .tab:
        codeKeys.formUnion(keys)
        guard !keys.contains(where: { specKeys[$0] != nil }) else { continue }
        let verb =
          switch fact.kind {
          case .push: "pushes"
          case .sheet: "presents the sheet"
          case .fullScreenCover: "presents the full-screen cover"
          default: "has the tab"
          }
        let subject = "\(fact.kind.rawValue) \(fact.name)"
        if let first = reported[subject] {
          findings[first].message = Self.more(findings[first].message)
          continue
        }
        reported[subject] = findings.count
        let names = fact.codeNames.isEmpty ? "" : " (\(fact.codeNames.joined(separator: ", ")))"
        findings.append(
          Finding(
            kind: .undeclaredDestination, subject: subject,
            message:
              "the code \(verb) '\(fact.name)'\(names), which the spec '\(spec.name)' does not declare",
            location: fact.location))
      case .alert:
        alertKeys.formUnion(keys)
        guard !keys.contains(where: { specAlerts[$0] != nil }) else { continue }
        let subject = "alert \(fact.name)"
        if let first = reported[subject] {
          findings[first].message = Self.more(findings[first].message)
          continue
        }
        reported[subject] = findings.count
        findings.append(
          Finding(
            kind: .undeclaredAlert, subject: subject,
            message:
              "the code shows the alert '\(fact.codeNames.first ?? fact.name)', which the spec '\(spec.name)' does not declare",
            location: fact.location))
      case .deepLink:
        guard spec.deepLinks.isEmpty, reported["deepLink"] == nil else { continue }
        reported["deepLink"] = findings.count
        findings.append(
          Finding(
            kind: .undeclaredDeepLink, subject: "deepLink",
            message:
              "the code handles URLs (\(fact.codeNames.joined(separator: ", "))), and the spec '\(spec.name)' declares no deep link",
            location: fact.location))
      case .dismiss: break
      }
    }
    for routeCase in code.routeCases { codeKeys.insert(DestinationName.key(routeCase.name)) }
    for destination in spec.destinations
    where !codeKeys.contains(DestinationName.key(destination.name)) {
      findings.append(
        Finding(
          kind: .unreachedDestination, subject: "destination \(destination.name)",
          message:
            "the spec declares '\(destination.name)', which no code pushes, presents or shows as a tab (no case, view or tab of that name)",
          location: destination.location ?? spec.location))
    }
    for (key, alert) in specAlerts.sorted(by: { $0.key < $1.key }) where !alertKeys.contains(key) {
      findings.append(
        Finding(
          kind: .unreachedAlert, subject: "alert \(alert.name)",
          message:
            "the spec declares the alert '\(alert.name)', which no code shows under that title",
          location: alert.location ?? spec.location))
    }
    self.findings = findings
  }

  private static func more(_ message: String) -> String {
    if let range = message.range(of: " (and "),
      message.hasSuffix(" more place)") || message.hasSuffix(" more places)")
    {
      let number = Int(message[range.upperBound...].prefix { $0.isNumber }) ?? 1
      return String(message[..<range.lowerBound]) + " (and \(number + 1) more places)"
    }
    return message + " (and 1 more place)"
  }
}
