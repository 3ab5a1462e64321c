import Foundation

extension NavigationSpec {
  /// Reads a spec in the JSON form of SEMANTICS §8.
  ///
  /// ```swift
  /// let spec = try NavigationSpec(json: Data(contentsOf: url), file: "Specs/Notes.json")
  /// ```
  ///
  /// - Parameters:
  ///   - json: The JSON text.
  ///   - file: The file's path, for locations in errors and reports.
  /// - Throws: `SpecError` naming the JSON path and line of every problem: text that is not
  ///   JSON, wrong types, missing or unknown keys, and with them the problems of the rules of
  ///   SEMANTICS §1 that the rest of the spec has (`SpecJSONDecoder.ruleProblems`). Where the
  ///   JSON has none of the former, the rules are checked by `validate()`, which `check()`
  ///   calls.
  public init(json: Data, file: String = "spec.json") throws(SpecError) {
    let value: JSONValue
    do {
      value = try JSONReader.read(Array(json))
    } catch {
      let name = file.split(separator: "/").last.map(String.init) ?? file
      throw SpecError([
        SpecProblem(
          "\(name) is not valid JSON: \(error.message) (line \(error.line), column \(error.column))",
          location: SourceLocation(fileID: name, filePath: file, line: error.line))
      ])
    }
    try self.init(jsonValue: value, file: file)
  }

  /// Reads a spec from an already parsed JSON value.
  init(jsonValue: JSONValue, file: String) throws(SpecError) {
    var decoder = SpecJSONDecoder(file: file)
    let spec = decoder.spec(jsonValue)
    if let spec, decoder.problems.isEmpty {
      self = spec
      return
    }
    // Every problem at once: the rules' problems of what was read come with the JSON's own,
    // each at its line.
    var problems = decoder.problems
    for problem in spec.map(decoder.ruleProblems) ?? [] {
      let line = problem.location?.line ?? 0
      let at = problems.firstIndex { ($0.location?.line ?? 0) > line } ?? problems.count
      problems.insert(problem, at: at)
    }
    throw SpecError(problems)
  }

  /// The spec in the JSON form of SEMANTICS §8 (all but custom invariants), keys in a fixed
  /// order and defaults left out: a feature's keys (`tabs`, `flags`, `onDismiss`, …) appear only
  /// where the spec uses it, and a transition or button of one action is an action object, not a
  /// list, so a spec that uses none of them is written exactly as before they existed.
  ///
  /// ```swift
  /// try spec.jsonValue.text().write(toFile: "App.json", atomically: true, encoding: .utf8)
  /// ```
  public var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = [("name", .string(name))]
    // The start: `root` (also where none is given: the form without tabs or modules), `tabs`
    // or `modules`.
    if !root.isEmpty || (tabs.isEmpty && modules.isEmpty) {
      members.append(("root", .string(root)))
    }
    if !tabs.isEmpty { members.append(("tabs", .array(tabs.map { .string($0) }))) }
    if !modules.isEmpty { members.append(("modules", .array(modules.map(\.jsonValue)))) }
    // Tab buttons (§11.5) beside the tabs they join; written wherever the model holds them, so
    // that reading back a spec that misplaces them reports it.
    if !tabButtons.isEmpty {
      members.append(("tabButtons", .array(tabButtons.map(\.jsonValue))))
    }
    // Flags (SEMANTICS §1) after the start; a spec without flags has no `flags` key.
    if !flags.isEmpty { members.append(("flags", .array(flags.map(\.jsonValue)))) }
    members += [
      ("bounds", bounds.jsonValue),
      ("destinations", .array(destinations.map(\.jsonValue))),
    ]
    if !flows.isEmpty { members.append(("flows", .array(flows.map(\.jsonValue)))) }
    if !deepLinks.isEmpty { members.append(("deepLinks", .array(deepLinks.map(\.jsonValue)))) }
    // Broadcasts (§11.7) after the deep links, only where there are some.
    if !broadcasts.isEmpty {
      members.append(("broadcasts", .array(broadcasts.map(\.jsonValue))))
    }
    return .object(members)
  }
}

extension Broadcast {
  /// `{"name", "when", "unless", "observers"}` (SEMANTICS v3 §11.7), guards where given.
  var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = [("name", .string(name))]
    // `unlessPending` is invalid here; written where the model holds one, so that reading it
    // back reports it.
    members += guards.jsonMembers
    members.append(("observers", .array(observers.map(\.jsonValue))))
    return .object(members)
  }
}

extension Broadcast.Observer {
  /// `{"destination", "actsOn", "actions"}`, `actsOn` only where `stack`.
  var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = [("destination", .string(destination))]
    if actsOn != .screen { members.append(("actsOn", .string(actsOn.rawValue))) }
    members.append(("actions", .array(actions.map(\.jsonValue))))
    return .object(members)
  }
}

extension Flag {
  /// `{"name"}`, with `"initially": true` only where it starts true (false is the default).
  var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = [("name", .string(name))]
    if initially { members.append(("initially", .bool(true))) }
    return .object(members)
  }
}

extension Guards {
  /// The guard keys given, in the order `when`, `unless`, `unlessPending`.
  var jsonMembers: [(String, JSONValue)] {
    [("when", when), ("unless", unless), ("unlessPending", unlessPending)].compactMap { key, name in
      name.map { (key, .string($0)) }
    }
  }
}

extension Module {
  var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = [("name", .string(name))]
    if !root.isEmpty || tabs.isEmpty { members.append(("root", .string(root))) }
    if !tabs.isEmpty { members.append(("tabs", .array(tabs.map { .string($0) }))) }
    if !tabButtons.isEmpty {
      members.append(("tabButtons", .array(tabButtons.map(\.jsonValue))))
    }
    return .object(members)
  }
}

extension TabButton {
  /// `{"name", "when", "unless", "actions"}` (SEMANTICS v3 §11.5), guards where given.
  var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = [("name", .string(name))]
    // `unlessPending` is invalid here; written where the model holds one, so that reading it
    // back reports it.
    members += guards.jsonMembers
    members.append(("actions", .array(actions.map(\.jsonValue))))
    return .object(members)
  }
}

extension Destination {
  var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = [("name", .string(name))]
    if !navigation { members.append(("navigation", .bool(false))) }
    if !swipeToDismiss {
      members.append(("swipeToDismiss", .bool(false)))
    } else if !swipeConditions.isEmpty {
      members.append(("swipeToDismiss", .object(swipeConditions.jsonMembers)))
    }
    members.append(("transitions", .array(transitions.map(\.jsonValue))))
    if let onAppear { members.append(("onAppear", onAppear.jsonValue)) }
    return .object(members)
  }
}

extension OnAppear {
  /// `{"actions", "when", "unless"}` (SEMANTICS v3 §11.11), guards where given.
  var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = [("actions", .array(actions.map(\.jsonValue)))]
    // `unlessPending` is invalid here; written where the model holds one, so that reading it
    // back reports it.
    members += guards.jsonMembers
    return .object(members)
  }
}

extension Transition {
  /// One action: its action object; otherwise `actions`, a list; or, for async work with
  /// outcomes, `outcomes` in their place; then the transition's keys: `trigger`,
  /// `cancelsOnDismiss`, `actsOn` (where not `screen`), `label` and the guards.
  ///
  /// A transition the model holds but validation rejects (outcomes beside actions, `actsOn` on
  /// a user transition) is written as it is, so that reading it back reports the same problem.
  var jsonValue: JSONValue {
    var members: [(String, JSONValue)] =
      outcomes != nil && actions.isEmpty
      ? []
      : actions.count == 1
        ? actions[0].jsonMembers : [("actions", .array(actions.map(\.jsonValue)))]
    if let outcomes { members.append(("outcomes", .array(outcomes.map(\.jsonValue)))) }
    if case .async(let cancels) = trigger {
      members.append(("trigger", .string("async")))
      if cancels { members.append(("cancelsOnDismiss", .bool(true))) }
    }
    if !isStartedByTap { members.append(("tap", .bool(false))) }
    if actsOn != .screen { members.append(("actsOn", .string(actsOn.rawValue))) }
    if let label { members.append(("label", .string(label))) }
    members += guards.jsonMembers
    return .object(members)
  }
}

extension AsyncOutcome {
  /// `{"label", "actions"}`, `actions` left out where the outcome does nothing.
  var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = [("label", .string(label))]
    if !actions.isEmpty { members.append(("actions", .array(actions.map(\.jsonValue)))) }
    return .object(members)
  }
}

extension Action {
  /// `action` and the arguments of its kind, in the kind's order.
  var jsonMembers: [(String, JSONValue)] {
    var members: [(String, JSONValue)] = [("action", .string(name))]
    let a = arguments
    for argument in kind.arguments {
      let value: JSONValue? =
        switch argument.type {
        case .destination: a.destination.map { .string($0) }
        case .alertName: a.alert.map { .string($0) }
        case .flow: a.flow.map { .string($0) }
        case .count: a.count.map { .int($0) }
        case .buttons: .array(a.buttons.map(\.jsonValue))
        case .destinations: .array(a.destinations.map { .string($0) })
        case .tab: a.tab.map { .string($0) }
        case .module: a.module.map { .string($0) }
        case .flagName: a.flag.map { .string($0) }
        case .value: a.value.map { .bool($0) }
        case .work: a.work.map { .string($0) }
        case .alertStyle: a.style.map { .string($0.rawValue) }
        case .flag: a.dismissOnBackgroundTap.map { .bool($0) }
        case .toastName: a.toast.map { .string($0) }
        case .start: a.start.map { .string($0.rawValue) }
        case .level: a.level.map { .string($0.rawValue) }
        case .expires: a.expires.map { .bool($0) }
        case .actions: a.actions.isEmpty ? nil : .array(a.actions.map(\.jsonValue))
        case .alertLevel: a.alertLevel.map { .string($0.rawValue) }
        }
      if let value { members.append((argument.key, value)) }
    }
    return members
  }
}

extension Action {
  var jsonValue: JSONValue { .object(jsonMembers) }
}

extension SequenceAction {
  /// The action's members, then its `onDismiss`.
  var jsonMembers: [(String, JSONValue)] {
    var members = action.jsonMembers
    if presenter == .app { members.append(("presenter", .string(presenter.rawValue))) }
    if isItem { members.append(("item", .bool(true))) }
    if keepsTab { members.append(("keepTab", .bool(true))) }
    if let onDismiss { members.append(("onDismiss", onDismiss.jsonValue)) }
    return members
  }

  var jsonValue: JSONValue { .object(jsonMembers) }
}

extension OnDismiss {
  /// One action performed from the screen that showed it: that action object; otherwise
  /// `{"actions": [...], "actsOn": ...}`, `actsOn` left out where it is `screen`.
  var jsonValue: JSONValue {
    if actions.count == 1 && actsOn == .screen { return actions[0].jsonValue }
    var members: [(String, JSONValue)] = [("actions", .array(actions.map(\.jsonValue)))]
    if actsOn != .screen { members.append(("actsOn", .string(actsOn.rawValue))) }
    return .object(members)
  }
}

extension AlertButton {
  /// The label, its guards, then one action as `action` or several as `actions`.
  var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = [("label", .string(label))] + guards.jsonMembers
    if actions.count == 1 {
      members.append(("action", actions[0].jsonValue))
    } else if !actions.isEmpty {
      members.append(("actions", .array(actions.map(\.jsonValue))))
    }
    return .object(members)
  }
}

extension Bounds {
  var jsonValue: JSONValue {
    .object([
      ("maxStackDepth", .int(maxStackDepth)), ("maxPresentationDepth", .int(maxPresentationDepth)),
    ])
  }
}

extension Flow {
  var jsonValue: JSONValue {
    .object([("name", .string(name)), ("steps", .array(steps.map(\.jsonValue)))])
  }
}

extension FlowStep {
  var jsonValue: JSONValue {
    .object([("style", .string(style.rawValue)), ("destination", .string(destination))])
  }
}

extension DeepLink {
  var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = [("name", .string(name))]
    if start != .root { members.append(("start", .string(start.rawValue))) }
    if let tab { members.append(("tab", .string(tab))) }
    // `unlessPending` is invalid on a deep link; written where the model holds one, so that
    // reading it back reports it.
    members += guards.jsonMembers
    members.append(("actions", .array(actions.map(\.jsonValue))))
    return .object(members)
  }
}

// MARK: - Decoding

/// Reads the JSON form, collecting every problem with its JSON path and line.
struct SpecJSONDecoder {
  let file: String
  let fileName: String
  var problems: [SpecProblem] = []
  /// The kinds of name of which a declaration could not be read (a declaration left out, a
  /// list or a key that could hold them unread).
  var unread: Set<Validator.Name> = []

  init(file: String) {
    self.file = file
    fileName = file.split(separator: "/").last.map(String.init) ?? file
  }

  func location(_ value: JSONValue, _ path: String) -> SourceLocation {
    SourceLocation(
      fileID: fileName, filePath: file, line: value.line, jsonPath: path.isEmpty ? nil : path)
  }

  /// The problems of the rules (SEMANTICS §1) of a spec read with problems, that what could not
  /// be read cannot have caused: none about a declaration that holds a problem (an action left
  /// out of its transition, a trigger left at its default), and no reference reported missing
  /// that may name an unread declaration.
  func ruleProblems(_ spec: NavigationSpec) -> [SpecProblem] {
    var validator = Validator(spec: spec)
    validator.unread = unread
    let scopes = problems.map { Self.declaration($0.path ?? "") }
    return validator.run().filter { problem in
      let declaration = Self.declaration(problem.path ?? "")
      return !declaration.isEmpty
        && !scopes.contains {
          $0 == declaration || $0.hasPrefix(declaration + ".") || $0.hasPrefix(declaration + "[")
        }
    }
  }

  /// The declaration a JSON path is in: the path itself where it ends with an index or is a key
  /// of the spec, else the path without its last key (`destinations[0].transitions[1].label`:
  /// `destinations[0].transitions[1]`).
  static func declaration(_ path: String) -> String {
    guard !path.hasSuffix("]"), let dot = path.lastIndex(of: ".") else { return path }
    return String(path[..<dot])
  }

  /// Reads the declarations of a list with `read`; where one cannot be read, or the list
  /// itself, names of `kinds` are unread.
  mutating func declarations<Node>(
    _ value: JSONValue?, _ path: String, _ kinds: Set<Validator.Name>,
    _ read: (inout SpecJSONDecoder, JSONValue, String) -> Node?
  ) -> [Node] {
    guard let value else { return [] }
    guard let list = array(value, path) else {
      unread.formUnion(kinds)
      return []
    }
    let nodes = list.enumerated().compactMap { read(&self, $1, "\(path)[\($0)]") }
    if nodes.count < list.count { unread.formUnion(kinds) }
    return nodes
  }

  mutating func problem(_ message: String, _ value: JSONValue, _ path: String) {
    problems.append(
      SpecProblem(message, location: location(value, path), path: path.isEmpty ? nil : path))
  }

  static func join(_ path: String, _ key: String) -> String {
    path.isEmpty ? key : "\(path).\(key)"
  }

  /// The members of an object, after reporting unknown keys; nil (with a problem) where the
  /// value is not an object. `tolerated` keys are read but not offered in messages (a key that
  /// validation rejects with a better message than "unknown key").
  mutating func object(
    _ value: JSONValue, _ path: String, allowed: [String], tolerated: [String] = [], what: String
  ) -> [String: JSONValue]? {
    guard case .object(let members) = value.kind else {
      problem("expected \(what) (a JSON object), found \(value.typeName)", value, path)
      return nil
    }
    var result: [String: JSONValue] = [:]
    for (key, member) in members {
      let memberPath = Self.join(path, key)
      if result[key] != nil {
        problem("key '\(key)' appears twice; keep one", member, memberPath)
        continue
      }
      // `$comment` (as in JSON Schema) is a note for people, on any object: read and ignored
      // (a drafted spec's source lines, Docs/Semantics.md §10).
      if key == "$comment" { continue }
      // `null` is read as "left out", as generators often write absent optional keys.
      if case .null = member.kind, allowed.contains(key) || tolerated.contains(key) { continue }
      if !allowed.contains(key) && !tolerated.contains(key) {
        var message = "unknown key '\(key)' in \(what)"
        if let guess = Validator.closest(to: key, in: Set(allowed)) {
          message += "; did you mean '\(guess)'?"
        } else {
          message += "; allowed keys: \(allowed.joined(separator: ", "))"
        }
        problem(message, member, memberPath)
      }
      result[key] = member
    }
    return result
  }

  mutating func required(
    _ members: [String: JSONValue], _ key: String, in value: JSONValue, _ path: String, what: String
  ) -> JSONValue? {
    guard let member = members[key] else {
      problem("\(what) is missing key '\(key)'", value, path)
      return nil
    }
    return member
  }

  mutating func string(_ value: JSONValue?, _ path: String) -> String? {
    guard let value else { return nil }
    guard case .string(let s) = value.kind else {
      problem("expected a string, found \(value.typeName)", value, path)
      return nil
    }
    return s
  }

  mutating func bool(_ value: JSONValue?, _ path: String) -> Bool? {
    guard let value else { return nil }
    guard case .bool(let b) = value.kind else {
      problem("expected true or false, found \(value.typeName)", value, path)
      return nil
    }
    return b
  }

  mutating func int(_ value: JSONValue?, _ path: String) -> Int? {
    guard let value else { return nil }
    // Whole numbers written with a fraction or exponent (`3.0`, `1e1`) are accepted.
    guard case .number(let text) = value.kind,
      let n = Int(text) ?? Double(text).flatMap({ $0 == $0.rounded() ? Int(exactly: $0) : nil })
    else {
      problem(
        "expected a whole number, found \(value.typeName == "a number" ? "a fraction" : value.typeName)",
        value, path)
      return nil
    }
    return n
  }

  mutating func array(_ value: JSONValue?, _ path: String) -> [JSONValue]? {
    guard let value else { return nil }
    guard case .array(let elements) = value.kind else {
      problem("expected an array, found \(value.typeName)", value, path)
      return nil
    }
    return elements
  }

  mutating func oneOf(_ value: JSONValue?, _ path: String, _ choices: [String]) -> String? {
    guard let s = string(value, path) else { return nil }
    guard choices.contains(s) else {
      var message = "'\(s)' is not one of \(choices.map { "'\($0)'" }.joined(separator: ", "))"
      if let guess = Validator.closest(to: s, in: Set(choices)) {
        message += "; did you mean '\(guess)'?"
      }
      problem(message, value!, path)
      return nil
    }
    return s
  }

  mutating func spec(_ value: JSONValue) -> NavigationSpec? {
    let before = problems.count
    guard
      let m = object(
        value, "",
        allowed: [
          "name", "root", "tabs", "modules", "flags", "bounds", "destinations", "flows",
          "deepLinks", "tabButtons", "broadcasts",
        ],
        what: "a spec")
    else { return nil }
    // A misspelled key may be the flags or flows that references name.
    if problems.count > before { unread.formUnion([.flag, .flow]) }
    let name = string(required(m, "name", in: value, "", what: "the spec"), "name")
    let startKey = start(m, ["root", "tabs", "modules"], in: value, "", what: "the spec")
    var root = "", tabs: [String] = [], modules: [Module] = []
    // Where the start cannot be read (or none of its modules), the spec is not read.
    var startRead = true
    switch startKey {
    case "root":
      let given = string(m["root"], "root")
      root = given ?? ""
      startRead = given != nil
    case "tabs":
      let names = self.tabs(m["tabs"], "tabs")
      tabs = names ?? []
      startRead = names != nil
    case "modules":
      let list = array(m["modules"], "modules")
      if let list, list.isEmpty {
        problem(
          "'modules' is empty; give at least one module: {\"name\", and \"root\" or \"tabs\"}",
          m["modules"]!, "modules")
      }
      modules = (list ?? []).enumerated().compactMap { module($1, "modules[\($0)]") }
      if modules.count < list?.count ?? 0 { unread.formUnion([.module, .tab]) }
      startRead = !modules.isEmpty
    default: startRead = false
    }
    let flags = declarations(m["flags"], "flags", [.flag]) { $0.flag($1, $2) }
    let bounds = m["bounds"].map { self.bounds($0, "bounds") } ?? .default
    // A problem in a destination may leave out a transition, or its label or trigger.
    let read = problems.count
    let list = required(m, "destinations", in: value, "", what: "the spec")
    let destinations = declarations(list, "destinations", [.destination]) {
      $0.destination($1, $2)
    }
    if problems.count > read {
      unread.formUnion(list == nil ? [.destination, .asyncLabel] : [.asyncLabel])
    }
    let flows = declarations(m["flows"], "flows", [.flow]) { $0.flow($1, $2) }
    let deepLinks = (array(m["deepLinks"], "deepLinks") ?? []).enumerated().compactMap {
      deepLink($1, "deepLinks[\($0)]")
    }
    let tabButtons = tabButtons(m["tabButtons"], "tabButtons")
    let broadcasts = (array(m["broadcasts"], "broadcasts") ?? []).enumerated().compactMap {
      broadcast($1, "broadcasts[\($0)]")
    }
    guard let name, startRead else { return nil }
    var spec = NavigationSpec(
      name: name, root: root, destinations: destinations, flows: flows, deepLinks: deepLinks,
      bounds: bounds, location: location(value, ""))
    spec.tabs = tabs
    spec.modules = modules
    spec.tabButtons = tabButtons
    spec.broadcasts = broadcasts
    spec.flags = flags
    return spec
  }

  /// A list of tab buttons (SEMANTICS v3 §11.5); empty where none is given.
  mutating func tabButtons(_ value: JSONValue?, _ path: String) -> [TabButton] {
    (array(value, path) ?? []).enumerated().compactMap { tabButton($1, "\(path)[\($0)]") }
  }

  /// A tab button: `{"name", "when", "unless", "actions"}`. `unlessPending` is read all the
  /// same, so that validation reports it with the rule rather than as an unknown key.
  mutating func tabButton(_ value: JSONValue, _ path: String) -> TabButton? {
    guard
      let m = object(
        value, path, allowed: ["name", "when", "unless", "actions"],
        tolerated: ["unlessPending"], what: "a tab button")
    else { return nil }
    let name = string(required(m, "name", in: value, path, what: "a tab button"), "\(path).name")
    let actions =
      sequence(
        required(m, "actions", in: value, path, what: "a tab button"), "\(path).actions",
        what: "a tab button's action") ?? []
    let guards = guards(m, path)
    return name.map {
      TabButton(name: $0, actions: actions, guards: guards, location: location(value, path))
    }
  }

  /// A flag: `{"name", "initially"}`, `initially` false where left out.
  mutating func flag(_ value: JSONValue, _ path: String) -> Flag? {
    guard let m = object(value, path, allowed: ["name", "initially"], what: "a flag") else {
      return nil
    }
    let name = string(required(m, "name", in: value, path, what: "a flag"), "\(path).name")
    let initially = bool(m["initially"], "\(path).initially") ?? false
    return name.map { Flag(name: $0, initially: initially, location: location(value, path)) }
  }

  /// The guard keys of an object: `when` and `unless`, and `unlessPending` where `pending`.
  mutating func guards(_ m: [String: JSONValue], _ path: String) -> Guards {
    Guards(
      when: string(m["when"], "\(path).when"), unless: string(m["unless"], "\(path).unless"),
      unlessPending: string(m["unlessPending"], "\(path).unlessPending"))
  }

  /// The one key of `keys` (the ways to start: `root`, `tabs`, `modules`) that the object
  /// gives; nil, with a problem, where it gives none or several.
  mutating func start(
    _ m: [String: JSONValue], _ keys: [String], in value: JSONValue, _ path: String,
    what: String
  ) -> String? {
    let given = keys.filter { m[$0] != nil }
    let choices =
      keys.dropLast().map { "'\($0)'" }.joined(separator: ", ") + " or '\(keys.last!)'"
    if given.isEmpty {
      problem("\(what) needs one of \(choices)", value, path)
      return nil
    }
    if given.count > 1 {
      let quoted = given.map { "'\($0)'" }
      let several =
        quoted.count == 2
        ? "both \(quoted[0]) and \(quoted[1])"
        : quoted.dropLast().joined(separator: ", ") + " and \(quoted.last!)"
      let message = "\(what) has \(several); keep one of \(choices)"
      // The spec's start is named at the second key; a module's at the module.
      if path.isEmpty {
        problem(message, m[given[1]]!, given[1])
      } else {
        problem(message, value, path)
      }
      return nil
    }
    return given[0]
  }

  /// A list of tabs, each named by its root destination; nil, with a problem, where it is not
  /// a list of strings or is empty (validation checks the rest: at least 2, each once).
  mutating func tabs(_ value: JSONValue?, _ path: String) -> [String]? {
    guard let value, let list = array(value, path) else { return nil }
    if list.isEmpty {
      problem(
        "'tabs' is empty; give at least 2 tabs (their root destinations), or use 'root' for one stack",
        value, path)
      return nil
    }
    let names = list.enumerated().map { string($1, "\(path)[\($0)]") }
    return names.contains(nil) ? nil : names.compactMap { $0 }
  }

  mutating func module(_ value: JSONValue, _ path: String) -> Module? {
    guard
      let m = object(
        value, path, allowed: ["name", "root", "tabs", "tabButtons"], what: "a module")
    else { return nil }
    let name = string(required(m, "name", in: value, path, what: "a module"), "\(path).name")
    let what = name.map { "module '\($0)'" } ?? "a module"
    var root = "", tabs: [String] = []
    switch start(m, ["root", "tabs"], in: value, path, what: what) {
    case "root":
      guard let r = string(m["root"], "\(path).root") else { return nil }
      root = r
    case "tabs":
      guard let t = self.tabs(m["tabs"], "\(path).tabs") else { return nil }
      tabs = t
    default: return nil
    }
    let buttons = tabButtons(m["tabButtons"], "\(path).tabButtons")
    return name.map {
      var module = Module(name: $0, root: root, tabs: tabs, location: location(value, path))
      module.tabButtons = buttons
      return module
    }
  }

  mutating func destination(_ value: JSONValue, _ path: String) -> Destination? {
    guard
      let m = object(
        value, path,
        allowed: ["name", "navigation", "swipeToDismiss", "transitions", "onAppear"],
        what: "a destination")
    else { return nil }
    let name = string(required(m, "name", in: value, path, what: "a destination"), "\(path).name")
    let navigation = bool(m["navigation"], "\(path).navigation") ?? true
    // A boolean, or the conditions of the swipe (SEMANTICS v3 §11.3).
    var swipe = true
    var conditions = Guards()
    let swipePath = "\(path).swipeToDismiss"
    if let given = m["swipeToDismiss"] {
      if case .object = given.kind {
        if let c = object(
          given, swipePath, allowed: ["when", "unless", "unlessPending"],
          what: "swipeToDismiss's conditions")
        {
          conditions = guards(c, swipePath)
          if conditions.isEmpty {
            problem(
              "swipeToDismiss has no conditions; give 'when', 'unless' or 'unlessPending', or true or false",
              given, swipePath)
          }
        }
      } else {
        swipe = bool(given, swipePath) ?? true
      }
    }
    let transitions = (array(m["transitions"], "\(path).transitions") ?? []).enumerated()
      .compactMap { transition($1, "\(path).transitions[\($0)]") }
    guard let name else { return nil }
    var destination = Destination(
      name: name, navigation: navigation, swipeToDismiss: swipe, transitions: transitions,
      location: location(value, path))
    destination.swipeConditions = conditions
    destination.onAppear = m["onAppear"].flatMap { onAppear($0, "\(path).onAppear") }
    return destination
  }

  /// A destination's onAppear (SEMANTICS v3 §11.11): `{"actions", "when", "unless"}`.
  /// `unlessPending` is read all the same, so that validation reports it with the rule rather
  /// than as an unknown key.
  mutating func onAppear(_ value: JSONValue, _ path: String) -> OnAppear? {
    guard
      let m = object(
        value, path, allowed: ["actions", "when", "unless"], tolerated: ["unlessPending"],
        what: "an onAppear")
    else { return nil }
    let actions =
      sequence(
        required(m, "actions", in: value, path, what: "an onAppear"), "\(path).actions",
        what: "an onAppear's action") ?? []
    return OnAppear(actions: actions, guards: guards(m, path), location: location(value, path))
  }

  mutating func transition(_ value: JSONValue, _ path: String) -> Transition? {
    let extra = [
      "trigger", "cancelsOnDismiss", "tap", "actsOn", "label", "when", "unless", "unlessPending",
    ]
    // `outcomes` beside a sequence is read all the same, so that validation reports it with
    // the rule (SEMANTICS §1) rather than as an unknown key.
    let tolerated = ["outcomes"]
    let actions: [SequenceAction]
    let m: [String: JSONValue]
    if has(value, "actions") {
      // `actions`, a list, plus the transition's keys (SEMANTICS §8).
      if has(value, "action") {
        problem(
          "a transition has both 'action' and 'actions'; give one action object's keys or an 'actions' list, not both",
          value, path)
        return nil
      }
      guard
        let o = object(
          value, path, allowed: ["actions"] + extra, tolerated: tolerated, what: "a transition"),
        let list = sequence(o["actions"], "\(path).actions", what: "a transition's action")
      else { return nil }
      (actions, m) = (list, o)
    } else if has(value, "outcomes") && !has(value, "action") {
      // Async work's outcomes in place of a sequence (SEMANTICS §8).
      guard let o = object(value, path, allowed: ["outcomes"] + extra, what: "a transition")
      else { return nil }
      (actions, m) = ([], o)
    } else {
      // One action: an action object plus the transition's keys.
      guard
        let (action, o) = sequenceAction(
          value, path, extraKeys: extra, tolerated: tolerated, what: "a transition",
          missing: "; or give 'actions', a list of action objects, or, for async work, 'outcomes'")
      else { return nil }
      (actions, m) = ([action], o)
    }
    var trigger = Trigger.user
    let triggerName = oneOf(m["trigger"], "\(path).trigger", ["user", "async"])
    let cancels = bool(m["cancelsOnDismiss"], "\(path).cancelsOnDismiss")
    // `cancelsOnDismiss` on a user transition has nothing to cancel; it is read and ignored
    // (Docs/Semantics.md), as SEMANTICS §8 gives no rule against it.
    if triggerName == "async" { trigger = .async(cancelsOnDismiss: cancels ?? false) }
    let isUser = m["trigger"] == nil || triggerName == "user"
    let actsOn = oneOf(m["actsOn"], "\(path).actsOn", ActsOn.allCases.map(\.rawValue))
      .flatMap(ActsOn.init(rawValue:))
    // `actsOn` on a user transition is invalid (SEMANTICS §1); validation says so where the
    // model can hold it, that is where it is not `screen`, the default.
    if actsOn == .screen && isUser {
      problem(Validator.actsOnUserTransition(nil), m["actsOn"]!, "\(path).actsOn")
    }
    let label = string(m["label"], "\(path).label")
    let outcomes = m["outcomes"].flatMap { self.outcomes($0, "\(path).outcomes") }
    var transition = Transition(
      actions: actions, trigger: trigger, label: label, location: location(value, path))
    transition.outcomes = outcomes
    transition.actsOn = actsOn ?? .screen
    // Read wherever given; validation rejects it on a user transition.
    transition.isStartedByTap = bool(m["tap"], "\(path).tap") ?? true
    transition.guards = guards(m, path)
    return transition
  }

  /// Async work's outcomes: a list of `{"label", "actions"}`, `actions` possibly empty or
  /// left out; nil (with a problem) where it is not a list.
  mutating func outcomes(_ value: JSONValue, _ path: String) -> [AsyncOutcome]? {
    guard let list = array(value, path) else { return nil }
    return list.enumerated().compactMap { outcome($1, "\(path)[\($0)]") }
  }

  /// One outcome: `{"label", "actions"}`, `actions` possibly empty or left out.
  mutating func outcome(_ value: JSONValue, _ path: String) -> AsyncOutcome? {
    guard let m = object(value, path, allowed: ["label", "actions"], what: "an outcome") else {
      return nil
    }
    let label = string(required(m, "label", in: value, path, what: "an outcome"), "\(path).label")
    let actions =
      m["actions"].flatMap { sequence($0, "\(path).actions", what: "an outcome's action") } ?? []
    return label.map { AsyncOutcome(label: $0, actions: actions, location: location(value, path)) }
  }

  /// Whether `value` is an object that gives `key` (a `null` member gives nothing).
  func has(_ value: JSONValue, _ key: String) -> Bool {
    guard case .object(let members) = value.kind else { return false }
    return members.contains { member in
      guard member.key == key else { return false }
      if case .null = member.value.kind { return false }
      return true
    }
  }

  /// A list of action objects, each with its optional `onDismiss`; nil (with a problem) where
  /// the value is not a list. An action that cannot be read is left out (its problem is kept).
  mutating func sequence(_ value: JSONValue?, _ path: String, what: String) -> [SequenceAction]? {
    guard let list = array(value, path) else { return nil }
    return list.enumerated().compactMap {
      sequenceAction($1, "\(path)[\($0)]", extraKeys: [], what: what)?.0
    }
  }

  /// An action object with its optional `onDismiss`, plus `extraKeys` the caller reads.
  mutating func sequenceAction(
    _ value: JSONValue, _ path: String, extraKeys: [String], tolerated: [String] = [],
    what: String, missing: String = ""
  ) -> (SequenceAction, [String: JSONValue])? {
    guard
      let (action, m) = self.action(
        value, path, extraKeys: extraKeys, tolerated: tolerated, what: what, onDismiss: true,
        missing: missing)
    else { return nil }
    let onDismiss = m["onDismiss"].flatMap { self.onDismiss($0, "\(path).onDismiss") }
    let isItem = m["item"].flatMap { bool($0, "\(path).item") } ?? false
    let keepsTab = m["keepTab"].flatMap { bool($0, "\(path).keepTab") } ?? false
    // Who presents (§11.10): only a sheet, cover or modal has a presenter.
    var presenter = Presenter.screen
    if let given = m["presenter"] {
      if action.kind.presents {
        presenter =
          oneOf(given, "\(path).presenter", Presenter.allCases.map(\.rawValue)).flatMap(
            Presenter.init) ?? .screen
      } else {
        problem(
          "\(action.name) has no presenter: only sheet, fullScreenCover and modal present, on the screen or on the app (SEMANTICS v3 §11.10); remove \"presenter\"",
          given, "\(path).presenter")
      }
    }
    return (
      SequenceAction(
        action, onDismiss: onDismiss, isItem: isItem, keepsTab: keepsTab, presenter: presenter,
        location: location(value, path)),
      m
    )
  }

  /// An `onDismiss`: an action object (which may also carry `actsOn`), a list of action
  /// objects, or `{"actions": [...], "actsOn": ...}`.
  mutating func onDismiss(_ value: JSONValue, _ path: String) -> OnDismiss? {
    let actsOnNames = ActsOn.allCases.map(\.rawValue)
    switch value.kind {
    case .array:
      guard let actions = sequence(value, path, what: "an onDismiss action") else { return nil }
      return OnDismiss(actions: actions, location: location(value, path))
    case .object where has(value, "action") && has(value, "actions"):
      problem(
        "an onDismiss has both 'action' and 'actions'; give an action object, a list of them, or {\"actions\": [...], \"actsOn\": ...}",
        value, path)
      return nil
    case .object where has(value, "action"):
      // An action object given as the onDismiss; its `actsOn` belongs to the onDismiss.
      guard
        let (action, m) = sequenceAction(
          value, path, extraKeys: ["actsOn"], what: "an onDismiss action")
      else { return nil }
      let actsOn = oneOf(m["actsOn"], "\(path).actsOn", actsOnNames).flatMap(ActsOn.init)
      return OnDismiss(
        actions: [action], actsOn: actsOn ?? .screen, location: location(value, path))
    case .object:
      guard let m = object(value, path, allowed: ["actions", "actsOn"], what: "an onDismiss"),
        let actions = sequence(
          required(m, "actions", in: value, path, what: "an onDismiss"), "\(path).actions",
          what: "an onDismiss action")
      else { return nil }
      let actsOn = oneOf(m["actsOn"], "\(path).actsOn", actsOnNames).flatMap(ActsOn.init)
      return OnDismiss(
        actions: actions, actsOn: actsOn ?? .screen, location: location(value, path))
    default:
      problem(
        "expected an onDismiss (an action object, a list of them, or {\"actions\": [...], \"actsOn\": ...}), found \(value.typeName)",
        value, path)
      return nil
    }
  }

  /// An action object: `action` and its argument keys, plus `extraKeys` the caller reads (and
  /// `tolerated` keys it reads but does not offer in messages).
  /// With `onDismiss`, the object may also carry the `onDismiss` key, which the caller reads
  /// (`sequenceAction`); it is offered in messages only for the kinds that take it.
  mutating func action(
    _ value: JSONValue, _ path: String, extraKeys: [String], tolerated: [String] = [],
    what: String, onDismiss: Bool = false, missing: String = ""
  ) -> (Action, [String: JSONValue])? {
    guard case .object(let members) = value.kind else {
      problem("expected \(what) (a JSON object), found \(value.typeName)", value, path)
      return nil
    }
    let nameValue = members.first { $0.key == "action" }?.value
    guard let nameValue else {
      problem(
        "\(what) is missing key 'action' (one of \(Action.allNames.joined(separator: ", ")))"
          + missing, value, path)
      return nil
    }
    guard let name = oneOf(nameValue, "\(path).action", Action.allNames),
      let kind = Action.Kind(rawValue: name)
    else { return nil }
    // `onDismiss` on a kind that shows no screen is read all the same, so that validation
    // reports it with the rule (SEMANTICS §1) rather than as an unknown key.
    let carries = onDismiss && kind.carriesOnDismiss
    // `level` on an action that takes none (§11.8): said plainly, rather than as an unknown key.
    let takesLevel = kind.arguments.contains { $0.key == "level" }
    if !takesLevel, let level = members.first(where: { $0.key == "level" })?.value {
      problem(
        "'level' is an alert's (\"window\": a window prompt, SEMANTICS v3 §11.8) or a toast's, not a '\(name)' action's; remove it",
        level, "\(path).level")
    }
    guard
      let m = object(
        value, path,
        allowed: ["action"] + kind.arguments.map(\.key) + (carries ? ["onDismiss"] : [])
          + extraKeys,
        // `item` (§11.6) is read wherever `onDismiss` may be, for validation to judge; it is
        // not offered in messages, which stay what they were before it.
        tolerated: (onDismiss && !carries ? ["onDismiss"] : [])
          + (onDismiss ? ["item", "keepTab", "presenter"] : []) + (takesLevel ? [] : ["level"])
          + tolerated,
        what: "a '\(name)' action")
    else { return nil }
    let need = { (decoder: inout SpecJSONDecoder, key: String) -> String? in
      decoder.string(
        decoder.required(m, key, in: value, path, what: "a '\(name)' action"), "\(path).\(key)")
    }
    // Each argument of the kind, in its order; one that is given (or required) but unreadable
    // leaves the action unread (its problem is recorded).
    var arguments = Action.Arguments()
    var readable = true
    for argument in kind.arguments {
      let key = argument.key
      guard argument.isRequired || m[key] != nil else { continue }
      switch argument.type {
      case .destination:
        arguments.destination = need(&self, key)
        readable = readable && arguments.destination != nil
      case .alertName:
        arguments.alert = need(&self, key)
        readable = readable && arguments.alert != nil
      case .flow:
        arguments.flow = need(&self, key)
        readable = readable && arguments.flow != nil
      case .count:
        arguments.count = int(
          required(m, key, in: value, path, what: "a '\(name)' action"), "\(path).\(key)")
        readable = readable && arguments.count != nil
      case .buttons:
        arguments.buttons = (array(m[key], "\(path).\(key)") ?? []).enumerated().compactMap {
          button($1, "\(path).\(key)[\($0)]")
        }
      case .destinations:
        let list = array(
          required(m, key, in: value, path, what: "a '\(name)' action"), "\(path).\(key)")
        let names = (list ?? []).enumerated().map { string($1, "\(path).\(key)[\($0)]") }
        arguments.destinations = names.compactMap { $0 }
        readable = readable && list != nil && !names.contains(nil)
      case .tab:
        arguments.tab = need(&self, key)
        readable = readable && arguments.tab != nil
      case .module:
        arguments.module = need(&self, key)
        readable = readable && arguments.module != nil
      case .flagName:
        arguments.flag = need(&self, key)
        readable = readable && arguments.flag != nil
      case .value:
        arguments.value = bool(
          required(m, key, in: value, path, what: "a '\(name)' action"), "\(path).\(key)")
        readable = readable && arguments.value != nil
      case .alertStyle:
        let style = oneOf(m[key], "\(path).\(key)", AlertStyle.allCases.map(\.rawValue))
        arguments.style = style.flatMap(AlertStyle.init(rawValue:))
        readable = readable && style != nil
      case .flag:
        arguments.dismissOnBackgroundTap = bool(m[key], "\(path).\(key)")
        readable = readable && arguments.dismissOnBackgroundTap != nil
      case .work:
        arguments.work = need(&self, key)
        readable = readable && arguments.work != nil
      case .toastName:
        arguments.toast = need(&self, key)
        readable = readable && arguments.toast != nil
      case .start:
        let start = oneOf(m[key], "\(path).\(key)", DeepLink.Start.allCases.map(\.rawValue))
        arguments.start = start.flatMap(DeepLink.Start.init(rawValue:))
        readable = readable && start != nil
      case .level:
        let level = oneOf(m[key], "\(path).\(key)", Toast.Level.allCases.map(\.rawValue))
        arguments.level = level.flatMap(Toast.Level.init(rawValue:))
        readable = readable && level != nil
      case .expires:
        arguments.expires = bool(m[key], "\(path).\(key)")
        readable = readable && arguments.expires != nil
      case .actions:
        let actions = sequence(m[key], "\(path).\(key)", what: "a toast's action")
        arguments.actions = actions ?? []
        readable = readable && actions != nil
      case .alertLevel:
        let level = oneOf(m[key], "\(path).\(key)", AlertLevel.allCases.map(\.rawValue))
        arguments.alertLevel = level.flatMap(AlertLevel.init(rawValue:))
        readable = readable && level != nil
      }
    }
    let action = readable ? Action(kind: kind, arguments: arguments) : nil
    return action.map { ($0, m) }
  }

  mutating func button(_ value: JSONValue, _ path: String) -> AlertButton? {
    guard
      let m = object(
        value, path, allowed: ["label", "when", "unless", "unlessPending", "action", "actions"],
        what: "an alert button")
    else { return nil }
    let label = string(
      required(m, "label", in: value, path, what: "an alert button"), "\(path).label")
    var actions: [SequenceAction] = []
    if m["action"] != nil && m["actions"] != nil {
      problem(
        "an alert button has both 'action' and 'actions'; give one action object or a list, not both",
        value, path)
    } else if let a = m["action"] {
      actions =
        sequenceAction(a, "\(path).action", extraKeys: [], what: "a button's action")
        .map { [$0.0] } ?? []
    } else if let list = m["actions"] {
      actions = sequence(list, "\(path).actions", what: "a button's action") ?? []
    }
    let guards = guards(m, path)
    return label.map {
      var button = AlertButton(label: $0, actions: actions, location: location(value, path))
      button.guards = guards
      return button
    }
  }

  mutating func flow(_ value: JSONValue, _ path: String) -> Flow? {
    guard let m = object(value, path, allowed: ["name", "steps"], what: "a flow") else {
      return nil
    }
    let name = string(required(m, "name", in: value, path, what: "a flow"), "\(path).name")
    let steps =
      (array(required(m, "steps", in: value, path, what: "a flow"), "\(path).steps") ?? [])
      .enumerated().compactMap { flowStep($1, "\(path).steps[\($0)]") }
    return name.map { Flow(name: $0, steps: steps, location: location(value, path)) }
  }

  mutating func flowStep(_ step: JSONValue, _ path: String) -> FlowStep? {
    guard let s = object(step, path, allowed: ["style", "destination"], what: "a flow step")
    else { return nil }
    let style = oneOf(
      required(s, "style", in: step, path, what: "a flow step"), "\(path).style",
      PresentationStyle.allCases.map(\.rawValue))
    let destination = string(
      required(s, "destination", in: step, path, what: "a flow step"), "\(path).destination")
    guard let style, let destination else { return nil }
    return FlowStep(
      style: PresentationStyle(rawValue: style)!, destination: destination,
      location: location(step, path))
  }

  mutating func bounds(_ value: JSONValue, _ path: String) -> Bounds {
    var bounds = Bounds.default
    bounds.location = location(value, path)
    if let m = object(
      value, path, allowed: ["maxStackDepth", "maxPresentationDepth"], what: "bounds")
    {
      if let n = int(m["maxStackDepth"], Self.join(path, "maxStackDepth")) {
        bounds.maxStackDepth = n
      }
      if let n = int(m["maxPresentationDepth"], Self.join(path, "maxPresentationDepth")) {
        bounds.maxPresentationDepth = n
      }
    }
    return bounds
  }

  /// A broadcast (SEMANTICS v3 §11.7): `{"name", "when", "unless", "observers"}`.
  /// `unlessPending` is read all the same, so that validation reports it with the rule.
  mutating func broadcast(_ value: JSONValue, _ path: String) -> Broadcast? {
    guard
      let m = object(
        value, path, allowed: ["name", "when", "unless", "observers"],
        tolerated: ["unlessPending"], what: "a broadcast")
    else { return nil }
    let name = string(required(m, "name", in: value, path, what: "a broadcast"), "\(path).name")
    let observers =
      (array(
        required(m, "observers", in: value, path, what: "a broadcast"), "\(path).observers")
      ?? []).enumerated().compactMap { observer($1, "\(path).observers[\($0)]") }
    let guards = guards(m, path)
    return name.map {
      Broadcast(name: $0, observers: observers, guards: guards, location: location(value, path))
    }
  }

  /// An observer of a broadcast: `{"destination", "actsOn", "actions"}`.
  mutating func observer(_ value: JSONValue, _ path: String) -> Broadcast.Observer? {
    guard
      let m = object(
        value, path, allowed: ["destination", "actsOn", "actions"], what: "an observer")
    else { return nil }
    let destination = string(
      required(m, "destination", in: value, path, what: "an observer"), "\(path).destination")
    let actsOn = oneOf(
      m["actsOn"], "\(path).actsOn", Broadcast.Observer.ActsOn.allCases.map(\.rawValue))
    let actions =
      sequence(
        required(m, "actions", in: value, path, what: "an observer"), "\(path).actions",
        what: "an observer's action") ?? []
    return destination.map {
      Broadcast.Observer(
        destination: $0,
        actsOn: actsOn.flatMap(Broadcast.Observer.ActsOn.init(rawValue:)) ?? .screen,
        actions: actions, location: location(value, path))
    }
  }

  mutating func deepLink(_ value: JSONValue, _ path: String) -> DeepLink? {
    // `unlessPending` is read all the same, so that validation reports it with the rule
    // (SEMANTICS §1: a deep link has no screen of its own) rather than as an unknown key.
    guard
      let m = object(
        value, path, allowed: ["name", "start", "tab", "when", "unless", "actions"],
        tolerated: ["unlessPending"], what: "a deep link")
    else { return nil }
    let name = string(required(m, "name", in: value, path, what: "a deep link"), "\(path).name")
    let start = oneOf(m["start"], "\(path).start", DeepLink.Start.allCases.map(\.rawValue))
    // Read wherever it is given; validation ties it to `"start": "tab"` both ways.
    let tab = m["tab"].flatMap { string($0, "\(path).tab") }
    let actions =
      sequence(
        required(m, "actions", in: value, path, what: "a deep link"), "\(path).actions",
        what: "a deep link's action") ?? []
    let guards = guards(m, path)
    return name.map {
      var link = DeepLink(
        name: $0, start: start.flatMap(DeepLink.Start.init(rawValue:)) ?? .root, tab: tab,
        actions: actions,
        location: location(value, path))
      link.guards = guards
      return link
    }
  }
}

// MARK: - Codable

/// Decodes a spec node from its JSON form through `SpecJSONDecoder`, so `Codable` and
/// `NavigationSpec(json:)` read the same form with the same checks; problems become one
/// `DecodingError` that lists them with their paths.
private func decodeNode<Node>(
  _ decoder: Decoder, _ read: (inout SpecJSONDecoder, JSONValue) -> Node?
) throws -> Node {
  let value = try JSONValue(from: decoder)
  var reader = SpecJSONDecoder(file: "spec.json")
  guard let node = read(&reader, value), reader.problems.isEmpty else {
    throw DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: decoder.codingPath,
        debugDescription: SpecError(reader.problems).description))
  }
  return node
}

extension NavigationSpec: Codable {
  /// Decodes the JSON form of SEMANTICS §8.
  public init(from decoder: Decoder) throws { self = try decodeNode(decoder) { $0.spec($1) } }
  /// Encodes the JSON form of SEMANTICS §8.
  public func encode(to encoder: Encoder) throws { try jsonValue.encode(to: encoder) }
}

extension Destination: Codable {
  /// Decodes a destination object of the JSON form.
  public init(from decoder: Decoder) throws {
    self = try decodeNode(decoder) { $0.destination($1, "") }
  }
  /// Encodes a destination object of the JSON form.
  public func encode(to encoder: Encoder) throws { try jsonValue.encode(to: encoder) }
}

extension Transition: Codable {
  /// Decodes a transition object of the JSON form.
  public init(from decoder: Decoder) throws {
    self = try decodeNode(decoder) { $0.transition($1, "") }
  }
  /// Encodes a transition object of the JSON form.
  public func encode(to encoder: Encoder) throws { try jsonValue.encode(to: encoder) }
}

extension Action: Codable {
  /// Decodes an action object of the JSON form (`{"action": "push", "destination": "A"}`).
  public init(from decoder: Decoder) throws {
    self = try decodeNode(decoder) { $0.action($1, "", extraKeys: [], what: "an action")?.0 }
  }
  /// Encodes an action object of the JSON form.
  public func encode(to encoder: Encoder) throws { try jsonValue.encode(to: encoder) }
}

extension AlertButton: Codable {
  /// Decodes a button object of the JSON form.
  public init(from decoder: Decoder) throws { self = try decodeNode(decoder) { $0.button($1, "") } }
  /// Encodes a button object of the JSON form.
  public func encode(to encoder: Encoder) throws { try jsonValue.encode(to: encoder) }
}

extension Flow: Codable {
  /// Decodes a flow object of the JSON form.
  public init(from decoder: Decoder) throws { self = try decodeNode(decoder) { $0.flow($1, "") } }
  /// Encodes a flow object of the JSON form.
  public func encode(to encoder: Encoder) throws { try jsonValue.encode(to: encoder) }
}

extension FlowStep: Codable {
  /// Decodes a flow step object of the JSON form.
  public init(from decoder: Decoder) throws {
    self = try decodeNode(decoder) { $0.flowStep($1, "") }
  }
  /// Encodes a flow step object of the JSON form.
  public func encode(to encoder: Encoder) throws { try jsonValue.encode(to: encoder) }
}

extension DeepLink: Codable {
  /// Decodes a deep link object of the JSON form.
  public init(from decoder: Decoder) throws {
    self = try decodeNode(decoder) { $0.deepLink($1, "") }
  }
  /// Encodes a deep link object of the JSON form.
  public func encode(to encoder: Encoder) throws { try jsonValue.encode(to: encoder) }
}

extension SequenceAction: Codable {
  /// Decodes an action object of a sequence (a transition's, a button's, a deep link's, an
  /// onDismiss's), with its `onDismiss`.
  public init(from decoder: Decoder) throws {
    self = try decodeNode(decoder) {
      $0.sequenceAction($1, "", extraKeys: [], what: "an action")?.0
    }
  }
  /// Encodes an action object of a sequence, with its `onDismiss`.
  public func encode(to encoder: Encoder) throws { try jsonValue.encode(to: encoder) }
}

extension OnDismiss: Codable {
  /// Decodes an `onDismiss` of the JSON form: an action object, a list of them, or
  /// `{"actions": [...], "actsOn": ...}`.
  public init(from decoder: Decoder) throws {
    self = try decodeNode(decoder) { $0.onDismiss($1, "") }
  }
  /// Encodes an `onDismiss` of the JSON form.
  public func encode(to encoder: Encoder) throws { try jsonValue.encode(to: encoder) }
}

extension Flag: Codable {
  /// Decodes a flag object of the JSON form (`{"name": "loggedIn", "initially": true}`).
  public init(from decoder: Decoder) throws { self = try decodeNode(decoder) { $0.flag($1, "") } }
  /// Encodes a flag object of the JSON form.
  public func encode(to encoder: Encoder) throws { try jsonValue.encode(to: encoder) }
}

extension AsyncOutcome: Codable {
  /// Decodes an outcome object of the JSON form (`{"label": "sent", "actions": [...]}`).
  public init(from decoder: Decoder) throws {
    self = try decodeNode(decoder) { $0.outcome($1, "") }
  }
  /// Encodes an outcome object of the JSON form.
  public func encode(to encoder: Encoder) throws { try jsonValue.encode(to: encoder) }
}

extension Module: Codable {
  /// Decodes a module object of the JSON form (`{"name": "Main", "tabs": ["Inbox", "Search"]}`).
  public init(from decoder: Decoder) throws { self = try decodeNode(decoder) { $0.module($1, "") } }
  /// Encodes a module object of the JSON form.
  public func encode(to encoder: Encoder) throws { try jsonValue.encode(to: encoder) }
}

extension Bounds: Codable {
  /// Decodes a bounds object of the JSON form; left-out bounds take their defaults.
  public init(from decoder: Decoder) throws { self = try decodeNode(decoder) { $0.bounds($1, "") } }
  /// Encodes a bounds object of the JSON form.
  public func encode(to encoder: Encoder) throws { try jsonValue.encode(to: encoder) }
}

extension JSONValue: Codable {
  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  public init(from decoder: Decoder) throws {
    if var array = try? decoder.unkeyedContainer() {
      var values: [JSONValue] = []
      while !array.isAtEnd { values.append(try array.decode(JSONValue.self)) }
      self.init(.array(values))
    } else if let object = try? decoder.container(keyedBy: Key.self) {
      self.init(
        .object(
          try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
            (key: $0.stringValue, value: try object.decode(JSONValue.self, forKey: $0))
          }))
    } else {
      let single = try decoder.singleValueContainer()
      if single.decodeNil() {
        self.init(.null)
      } else if let b = try? single.decode(Bool.self) {
        self.init(.bool(b))
      } else if let n = try? single.decode(Int.self) {
        self.init(.number(String(n)))
      } else if let x = try? single.decode(Double.self) {
        self.init(.number(String(x)))
      } else {
        self.init(.string(try single.decode(String.self)))
      }
    }
  }

  public func encode(to encoder: Encoder) throws {
    switch kind {
    case .null:
      var c = encoder.singleValueContainer()
      try c.encodeNil()
    case .bool(let b):
      var c = encoder.singleValueContainer()
      try c.encode(b)
    case .number(let n):
      var c = encoder.singleValueContainer()
      if let i = Int(n) { try c.encode(i) } else { try c.encode(Double(n) ?? 0) }
    case .string(let s):
      var c = encoder.singleValueContainer()
      try c.encode(s)
    case .array(let values):
      var c = encoder.unkeyedContainer()
      for v in values { try c.encode(v) }
    case .object(let members):
      var c = encoder.container(keyedBy: Key.self)
      for m in members { try c.encode(m.value, forKey: Key(stringValue: m.key)) }
    }
  }
}
