extension EventReference {
  /// Reads a step object of a trace: `{"screen": "Cart", "transition": "Checkout"}` (label or
  /// index), `{"gesture": "swipeBack"}`, `{"alertButton": "Delete"}`,
  /// `{"complete": {"screen": "AddTodo", "transition": "Save"}}`, `{"deepLink": "promo"}`. A
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
      case .null, .bool, .array, .object, nil: nil
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
        throw fail("a transition step needs \"transition\": a label or an index")
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
      self = .complete(screen: screen, transition: t, at: at)
    } else if let link = string("deepLink") {
      self = .deepLink(link)
    } else {
      let keys = members.map(\.key).joined(separator: ", ")
      throw fail(
        "unknown trace step with keys \(keys); expected screen+transition, gesture, alertButton, complete or deepLink"
      )
    }
  }
}
