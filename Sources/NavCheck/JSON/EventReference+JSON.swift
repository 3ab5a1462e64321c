/// Every form of an event reference, in one place: the JSON trace step that reports write and
/// `navcheck replay`, journals and trace files read, and the Swift literal a pasteable test
/// holds. The words of a step come from the reference router (`RouterModel.describe`).
extension EventReference {
  /// The keys that make a JSON object a trace step, one per kind of step (a report's
  /// `{"event": …}` step is read through its `event`).
  public static let stepKeys = [
    "event", "screen", "gesture", "alertButton", "complete", "deepLink", "selectTab",
    "staleCompletion", "tabButton", "tapToast", "toastExpires", "broadcast", "launch",
  ]

  /// The machine-readable step object that `navcheck replay` reads.
  ///
  /// ```swift
  /// EventReference.gesture(.swipeBack).jsonValue.text()   // {"gesture": "swipeBack"}
  /// ```
  public var jsonValue: JSONValue {
    func name(_ t: TransitionName) -> JSONValue {
      switch t {
      case .label(let label): .string(label)
      case .index(let index): .int(index)
      case .does(let words): .object([("does", .string(words))])
      }
    }
    switch self {
    case .transition(let screen, let t):
      return .object([("screen", .string(screen)), ("transition", name(t))])
    case .gesture(let gesture):
      return .object([("gesture", .string(gesture.rawValue))])
    case .alertButton(let label):
      return .object([("alertButton", .string(label))])
    case .complete(let screen, let t, let outcome, let actsOn, let at):
      var members: [(String, JSONValue)] = [("screen", .string(screen)), ("transition", name(t))]
      if let outcome { members.append(("outcome", .string(outcome))) }
      if actsOn != .screen { members.append(("actsOn", .string(actsOn.rawValue))) }
      if let at { members.append(("at", at == EventReference.app ? .string("app") : .int(at))) }
      return .object([("complete", .object(members))])
    case .deepLink(let name):
      return .object([("deepLink", .string(name))])
    case .selectTab(let tab):
      return .object([("selectTab", .string(tab))])
    case .tabButton(let name):
      return .object([("tabButton", .string(name))])
    case .staleCompletion(let startedAt):
      return .object([("staleCompletion", .object([("startedAt", .int(startedAt))]))])
    case .tapToast(let name):
      return .object([("tapToast", .string(name))])
    case .toastExpires(let name):
      return .object([("toastExpires", .string(name))])
    case .broadcast(let name):
      return .object([("broadcast", .string(name))])
    case .launch:
      return .object([("launch", .bool(true))])
    }
  }

  /// The Swift expression of the reference: `.transition(screen: "A", transition: .label("Add"))`.
  public var swiftLiteral: String {
    let quoted = swiftStringLiteral
    func name(_ t: TransitionName) -> String {
      switch t {
      case .label(let label): ".label(\(quoted(label)))"
      case .index(let index): ".index(\(index))"
      case .does(let words): ".does(\(quoted(words)))"
      }
    }
    switch self {
    case .transition(let screen, let t):
      return ".transition(screen: \(quoted(screen)), transition: \(name(t)))"
    case .gesture(let gesture): return ".gesture(.\(gesture.rawValue))"
    case .alertButton(let label): return ".alertButton(\(quoted(label)))"
    case .complete(let screen, let t, let outcome, let actsOn, let at):
      let outcomeText = outcome.map { ", outcome: \(quoted($0))" } ?? ""
      let actsOnText = actsOn == .screen ? "" : ", actsOn: .\(actsOn.rawValue)"
      let atText = at == EventReference.app ? "EventReference.app" : at.map(String.init) ?? "nil"
      return
        ".complete(screen: \(quoted(screen)), transition: \(name(t))\(outcomeText)\(actsOnText), at: \(atText))"
    case .deepLink(let name): return ".deepLink(\(quoted(name)))"
    case .selectTab(let tab): return ".selectTab(\(quoted(tab)))"
    case .tabButton(let name): return ".tabButton(\(quoted(name)))"
    case .staleCompletion(let startedAt): return ".staleCompletion(startedAt: \(startedAt))"
    case .tapToast(let name): return ".tapToast(\(quoted(name)))"
    case .toastExpires(let name): return ".toastExpires(\(quoted(name)))"
    case .broadcast(let name): return ".broadcast(\(quoted(name)))"
    case .launch: return ".launch"
    }
  }

  /// Reads a step object of a trace: `{"screen": "Cart", "transition": "Checkout"}` (label,
  /// index, or `{"does": "push Payment"}`: what an unlabelled transition does), `{"gesture": "swipeBack"}`, `{"alertButton": "Delete"}`,
  /// `{"complete": {"screen": "AddTodo", "transition": "Save"}}`, `{"deepLink": "promo"}`,
  /// `{"selectTab": "Search"}`, `{"tabButton": "Post"}`, `{"tapToast": "Posted"}`,
  /// `{"toastExpires": "Posted"}`, `{"staleCompletion": {"startedAt": 3}}` (router checks only). A
  /// report's `{"event": …, "description": …}` step is read through its `event`.
  ///
  /// ```swift
  /// let step = try EventReference(jsonValue: .object([("gesture", .string("swipeBack"))]))
  /// ```
  public init(jsonValue value: JSONValue) throws(SpecError) {
    func fail(_ message: String) -> SpecError {
      SpecError([SpecProblem(message + " (line \(value.line))")])
    }
    guard case .object(let members) = value.kind else {
      throw fail("a trace step is a JSON object, found \(value.typeName)")
    }
    func name(_ v: JSONValue?) -> TransitionName? {
      switch v?.kind {
      case .string(let s): .label(s)
      case .number(let n): Int(n).map { .index($0) }
      case .object:
        if case .string(let words) = v?["does"]?.kind { .does(words) } else { nil }
      case .null, .bool, .array, nil: nil
      }
    }
    func string(_ key: String) -> String? {
      if case .string(let s) = value[key]?.kind { return s }
      return nil
    }
    if let event = value["event"] {
      try self.init(jsonValue: event)
    } else if let screen = string("screen") {
      guard let t = name(value["transition"]) else {
        throw fail(
          "a transition step needs \"transition\": a label, an index or {\"does\": …}")
      }
      self = .transition(screen: screen, transition: t)
    } else if let gesture = string("gesture") {
      guard let g = Gesture(rawValue: gesture) else {
        let names = Gesture.allCases.map(\.rawValue)
        let choices = names.dropLast().joined(separator: ", ") + " or " + names.last!
        throw fail("unknown gesture '\(gesture)'; use \(choices)")
      }
      self = .gesture(g)
    } else if let label = string("alertButton") {
      self = .alertButton(label)
    } else if let complete = value["complete"] {
      guard case .string(let screen) = complete["screen"]?.kind,
        let t = name(complete["transition"])
      else { throw fail("a complete step needs {\"screen\": …, \"transition\": …}") }
      var at: Int?
      if case .number(let n) = complete["at"]?.kind { at = Int(n) }
      if case .string("app") = complete["at"]?.kind { at = EventReference.app }
      var outcome: String?
      if case .string(let o) = complete["outcome"]?.kind { outcome = o }
      var actsOn = ActsOn.screen
      if case .string(let a) = complete["actsOn"]?.kind {
        guard let scope = ActsOn(rawValue: a) else {
          throw fail("a complete step's actsOn is 'screen', 'stack' or 'app', not '\(a)'")
        }
        actsOn = scope
      }
      self = .complete(screen: screen, transition: t, outcome: outcome, actsOn: actsOn, at: at)
    } else if let link = string("deepLink") {
      self = .deepLink(link)
    } else if let tab = string("selectTab") {
      self = .selectTab(tab)
    } else if let toast = string("tapToast") {
      self = .tapToast(toast)
    } else if let toast = string("toastExpires") {
      self = .toastExpires(toast)
    } else if let button = string("tabButton") {
      self = .tabButton(button)
    } else if let broadcast = string("broadcast") {
      self = .broadcast(broadcast)
    } else if value["launch"] != nil {
      self = .launch
    } else if let stale = value["staleCompletion"] {
      guard case .number(let n) = stale["startedAt"]?.kind, let startedAt = Int(n),
        startedAt >= 1
      else { throw fail("a staleCompletion step needs {\"startedAt\": the starting step, from 1}") }
      self = .staleCompletion(startedAt: startedAt)
    } else {
      let keys = members.map(\.key).joined(separator: ", ")
      throw fail(
        "unknown trace step with keys \(keys); expected screen+transition, gesture, alertButton, complete, deepLink, selectTab, tapToast or toastExpires"
      )
    }
  }
}

/// Work as JSON (a router journal's step): its fields by name, the action in the spec's JSON
/// form, absent optionals left out.
extension AsyncWork: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, destination, label, action, cancelsOnDismiss, outcome, outcomes, startedAt
  }

  /// Decodes work from its JSON object.
  public init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try c.decode(ID.self, forKey: .id),
      destination: try c.decode(String.self, forKey: .destination),
      label: try c.decodeIfPresent(String.self, forKey: .label),
      action: try c.decode(Action.self, forKey: .action),
      cancelsOnDismiss: try c.decode(Bool.self, forKey: .cancelsOnDismiss),
      outcome: try c.decodeIfPresent(String.self, forKey: .outcome),
      startedAt: try c.decodeIfPresent(Int.self, forKey: .startedAt))
    outcomes = try c.decodeIfPresent([String].self, forKey: .outcomes)
  }

  /// Encodes work as its JSON object.
  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(id, forKey: .id)
    try c.encode(destination, forKey: .destination)
    try c.encodeIfPresent(label, forKey: .label)
    try c.encode(action, forKey: .action)
    try c.encode(cancelsOnDismiss, forKey: .cancelsOnDismiss)
    try c.encodeIfPresent(outcome, forKey: .outcome)
    try c.encodeIfPresent(outcomes, forKey: .outcomes)
    try c.encodeIfPresent(startedAt, forKey: .startedAt)
  }
}
