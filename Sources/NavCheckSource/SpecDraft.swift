import Foundation
import NavCheck

/// A spec drafted from an app's SwiftUI code: destinations from its route types, tabs and
/// presented views; transitions from the code that pushes, presents, alerts and dismisses,
/// each attributed to the screen whose view holds it; deep links from its URL handlers.
///
/// Every declaration carries its source line in `notes`; a guess says so there. What the draft
/// found but could not place is in `unplaced`, never dropped.
///
/// ```swift
/// let draft = SpecDraft(files: files, hints: .init(name: "MyApp"))
/// print(draft.swiftSource())
/// ```
public struct SpecDraft: Sendable {
  /// What the draft cannot infer, given by hand (`navcheck draft --route-type …`).
  public struct Hints: Sendable {
    /// The spec's name.
    public var name: String
    /// Types whose cases (or static constructors) are pushed routes.
    public var routeTypes: [String]
    /// Types whose cases (or static constructors) are presented (as sheets).
    public var sheetTypes: [String]
    /// Types whose methods route (push or present the route they are given).
    public var routerTypes: [String]
    /// The enum whose cases are the app's tabs.
    public var tabType: String?

    /// Hints; by default none.
    public init(
      name: String, routeTypes: [String] = [], sheetTypes: [String] = [],
      routerTypes: [String] = [], tabType: String? = nil
    ) {
      self.name = name
      self.routeTypes = routeTypes
      self.sheetTypes = sheetTypes
      self.routerTypes = routerTypes
      self.tabType = tabType
    }
  }

  /// A case of a route, sheet or tab type (or a route constructor) and the destination drafted
  /// for it: what `Docs/SpecFromCode.md` counts.
  public struct RouteCase: Sendable, Hashable {
    /// How the app uses its type: `push`, `sheet`, `fullScreenCover`, `popover`, `route` (by
    /// the constructor's style), `tab`.
    public var role: String
    /// The type.
    public var type: String
    /// The case or constructor.
    public var name: String
    /// The destination drafted for it.
    public var destination: String
    /// Where it is declared.
    public var location: SourceLocation
  }

  /// The drafted spec (its locations are the app's source lines).
  public var spec: NavigationSpec
  /// Comment lines for each declaration: its source line, and why it is a guess where it is.
  public var notes: [SourceLocation: [String]]
  /// What the draft found and could not place, each with its source line.
  public var unplaced: [String]
  /// The cases of the route, sheet and tab types found, each with its destination.
  public var routeCases: [RouteCase]
  /// Every navigation the code does, resolved: what `drift` compares with a spec.
  public var codeFacts: [CodeFact]

  /// Drafts a spec from files' syntax trees.
  public init(files: [SyntaxFile], hints: Hints) {
    var builder = DraftBuilder(files: files, hints: hints)
    builder.build()
    spec = builder.spec
    notes = builder.notes
    unplaced = builder.unplaced
    routeCases = builder.routeCases
    codeFacts = builder.facts
  }

  /// The draft in the Swift DSL, each declaration under a comment with its source line, what
  /// could not be placed listed at the end.
  public func swiftSource(header: [String] = []) -> String {
    spec.swiftSource(notes: notes, header: header, trailer: trailer)
  }

  /// The lines listing what could not be placed.
  var trailer: [String] {
    guard !unplaced.isEmpty else { return [] }
    return ["Found in the code but not placed in the draft (\(unplaced.count)):"]
      + unplaced.map { "- " + $0 }
  }

  /// The draft in the JSON form (SEMANTICS §8): each drafted object carries its notes under
  /// `$comment`, which the spec reader ignores; the spec's own `$comment` lists what could not
  /// be placed.
  public func jsonText(header: [String] = []) -> String {
    func comment(_ location: SourceLocation?) -> [(String, JSONValue)] {
      guard let location, let lines = notes[location], !lines.isEmpty else { return [] }
      return [
        ("$comment", lines.count == 1 ? .string(lines[0]) : .array(lines.map { .string($0) }))
      ]
    }
    func with(_ value: JSONValue, _ extra: [(String, JSONValue)]) -> JSONValue {
      guard case .object(let members) = value.kind, !extra.isEmpty else { return value }
      return .object(extra + members.map { ($0.key, $0.value) })
    }
    var json = spec.jsonValue
    guard case .object(var members) = json.kind else { return json.text() + "\n" }
    for (i, member) in members.enumerated() {
      if member.key == "destinations", case .array(let destinations) = member.value.kind {
        members[i].value = .array(
          destinations.enumerated().map { index, value in
            let destination = spec.destinations[index]
            guard case .object(var fields) = value.kind else { return value }
            for (j, field) in fields.enumerated() where field.key == "transitions" {
              if case .array(let transitions) = field.value.kind {
                fields[j].value = .array(
                  transitions.enumerated().map { t, value in
                    with(value, comment(destination.transitions[t].location))
                  })
              }
            }
            return with(.object(fields.map { ($0.key, $0.value) }), comment(destination.location))
          })
      }
      if member.key == "deepLinks", case .array(let links) = member.value.kind {
        members[i].value = .array(
          links.enumerated().map { index, value in
            with(value, comment(spec.deepLinks[index].location))
          })
      }
    }
    let top = header + trailer
    json = .object(
      (top.isEmpty ? [] : [("$comment", JSONValue.array(top.map { .string($0) }))])
        + members.map { ($0.key, $0.value) })
    return json.text() + "\n"
  }
}

/// A navigation the code does, resolved to the names a spec uses: what `drift` compares.
///
/// ```swift
/// for fact in draft.codeFacts where fact.kind == .sheet {
///   print(fact.location, fact.name, fact.codeNames)   // Home.swift:12 Compose ["compose", "ComposeView"]
/// }
/// ```
public struct CodeFact: Sendable, Hashable {
  /// What the code does.
  public enum Kind: String, Sendable, Hashable {
    /// A push of a destination.
    case push
    /// A sheet (or a popover, drafted as one).
    case sheet
    /// A full-screen cover.
    case fullScreenCover
    /// An alert or confirmation dialog, by its title.
    case alert
    /// A tab of the app's `TabView`.
    case tab
    /// A URL handler, by the deep link drafted for it.
    case deepLink
    /// A dismissal or pop.
    case dismiss
  }

  /// What the code does.
  public var kind: Kind
  /// The destination (or alert, tab, deep link) as the draft names it.
  public var name: String
  /// The names in the code it was made of (a case, a view), which drift matches too.
  public var codeNames: [String]
  /// Where the code does it.
  public var location: SourceLocation
}

/// Destination names made of code names, and the key `drift` matches names by.
///
/// ```swift
/// DestinationName.make("accountDetail")                 // "AccountDetail"
/// DestinationName.make("SettingsView", stripView: true) // "Settings"
/// DestinationName.key("SettingsTab") == DestinationName.key("settings")   // true
/// ```
public enum DestinationName {
  /// `accountDetail` → `AccountDetail`, `AccountDetailView` → `AccountDetail` (with
  /// `stripView`), `new-post` → `NewPost`; always a valid spec name.
  public static func make(_ code: String, stripView: Bool = false) -> String {
    var text = code
    if stripView {
      for suffix in ["View", "Screen"] where text.hasSuffix(suffix) && text.count > suffix.count {
        text.removeLast(suffix.count)
      }
    }
    let words = text.split { !$0.isLetter && !$0.isNumber && $0 != "_" }
    var name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    name = String(name.unicodeScalars.filter { $0.isASCII }.map(Character.init))
    if name.isEmpty { name = "Screen" }
    if name.first!.isNumber { name = "_" + name }
    return name
  }

  /// The key drift matches names by: lowercase letters and digits, without one trailing
  /// `view`, `screen`, `sheet`, `page`, `destination` or `tab`.
  public static func key(_ name: String) -> String {
    var text = name.lowercased().filter { $0.isLetter || $0.isNumber }
    for suffix in ["view", "screen", "sheet", "page", "destination", "tab"]
    where text.hasSuffix(suffix) && text.count > suffix.count {
      text.removeLast(suffix.count)
      break
    }
    return text
  }
}
