import NavCheckRecorder

/// A run an app's router recorded (`NavigationRecorder`): its records in order, each with its
/// line in the run's file, read from newline-delimited JSON.
///
/// ```swift
/// let run = try RecordedRun(text: """
///   {"record":"present","destination":"AddTodo","style":"sheet"}
///   {"record":"dismiss","style":"sheet"}
///   """)
/// let validation = try spec.validate(run)
/// ```
public struct RecordedRun: Sendable {
  /// One record and where it is.
  public struct Step: Sendable, Equatable {
    /// What the router did.
    public var record: NavigationRecord
    /// Its line in the run's text (1-based).
    public var line: Int

    /// A record at a line.
    ///
    /// ```swift
    /// RecordedRun.Step(record: .push("TodoDetail"), line: 1)
    /// ```
    public init(record: NavigationRecord, line: Int) {
      self.record = record
      self.line = line
    }
  }

  /// The records, in the order the router made them.
  public var steps: [Step]

  /// A run of these records, numbered from line 1.
  ///
  /// ```swift
  /// let run = RecordedRun(records: [.push("TodoDetail"), .pop(count: 1)])
  /// ```
  public init(records: [NavigationRecord]) {
    steps = records.enumerated().map { Step(record: $1, line: $0 + 1) }
  }

  /// Reads a run: one JSON object per line; blank lines are skipped.
  ///
  /// ```swift
  /// let run = try RecordedRun(text: #"{"record":"push","destination":"TodoDetail"}"#)
  /// ```
  ///
  /// - Throws: `RecordedRun.FormatError` naming the first line that is not a record, and why.
  public init(text: String) throws(FormatError) {
    steps = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let number = index + 1
      let trimmed = line.trimmingSuffix("\r")
      guard trimmed.contains(where: { !$0.isWhitespace }) else { continue }
      let value: JSONValue
      do { value = try JSONReader.read(Array(trimmed.utf8)) } catch {
        throw FormatError(
          line: number, message: "not JSON: \(error.message) (column \(error.column))")
      }
      do {
        steps.append(Step(record: try NavigationRecord(jsonValue: value), line: number))
      } catch {
        throw FormatError(line: number, message: error.message)
      }
    }
  }

  /// A line of a run that is not a record.
  ///
  /// ```swift
  /// do { _ = try RecordedRun(text: "{}") } catch {
  ///   print(error)   // line 1: a record needs "record": …
  /// }
  /// ```
  public struct FormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line (1-based).
    public var line: Int
    /// What is wrong, and how to fix it.
    public var message: String

    /// `line 3: "style" is "popover"; …`.
    public var description: String { "line \(line): \(message)" }
  }
}

extension Substring {
  fileprivate func trimmingSuffix(_ character: Character) -> Substring {
    last == character ? dropLast() : self
  }
}

/// Why a JSON object is not a record.
struct RecordProblem: Error {
  var message: String
}

extension NavigationRecord {
  /// The record kinds, by their `"record"` value, with the keys each takes: what the reader
  /// checks and its errors list.
  static let keys: [(kind: String, required: [String], optional: [String])] = [
    ("push", ["destination"], []),
    ("present", ["destination"], ["style"]),
    ("pop", [], ["count"]),
    ("popTo", ["destination"], []),
    ("popToRoot", [], []),
    ("dismiss", [], ["style"]),
    ("dismissAll", [], []),
    ("alert", ["alert"], ["style"]),
    ("alertButton", ["button"], []),
    ("alertDismissed", [], []),
    ("selectTab", ["tab"], []),
    ("asyncStarted", ["work"], []),
    ("asyncCompleted", ["work"], ["outcome"]),
    ("module", ["module"], []),
    ("flag", ["flag", "value"], []),
    ("deepLink", ["link"], []),
  ]

  /// Reads a record from its JSON object (`jsonLine`'s form).
  init(jsonValue value: JSONValue) throws(RecordProblem) {
    guard case .object(let members) = value.kind else {
      throw RecordProblem(
        message:
          "a record is a JSON object like {\"record\": \"push\", \"destination\": \"Detail\"}, "
          + "not \(value.typeName)")
    }
    let kinds = Self.keys.map(\.kind)
    guard let kindValue = value["record"] else {
      throw RecordProblem(
        message: "a record needs \"record\": its kind, one of \(kinds.joined(separator: ", "))")
    }
    guard case .string(let kind) = kindValue.kind else {
      throw RecordProblem(message: "\"record\" is a string (\(kinds.joined(separator: ", ")))")
    }
    guard let keys = Self.keys.first(where: { $0.kind == kind }) else {
      throw RecordProblem(
        message: "\"record\" is \"\(kind)\", which is no record kind"
          + didYouMean(kind, kinds) + "; the kinds: \(kinds.joined(separator: ", "))")
    }
    let allowed = ["record"] + keys.required + keys.optional
    for member in members where !allowed.contains(member.key) {
      throw RecordProblem(
        message: "a \(kind) record has no key \"\(member.key)\""
          + didYouMean(member.key, allowed) + "; its keys: \(allowed.joined(separator: ", "))")
    }
    for key in keys.required where value[key] == nil {
      throw RecordProblem(message: "a \(kind) record needs \"\(key)\"")
    }
    func text(_ key: String) throws(RecordProblem) -> String? {
      guard let member = value[key] else { return nil }
      guard case .string(let text) = member.kind, !text.isEmpty else {
        throw RecordProblem(
          message: "\"\(key)\" of a \(kind) record is a non-empty string, not \(member.typeName)")
      }
      return text
    }
    func choice<Choice: RawRepresentable & CaseIterable>(
      _ key: String, _ type: Choice.Type
    ) throws(RecordProblem) -> Choice? where Choice.RawValue == String {
      guard let name = try text(key) else { return nil }
      guard let found = Choice(rawValue: name) else {
        let names = Choice.allCases.map(\.rawValue)
        throw RecordProblem(
          message: "\"\(key)\" is \"\(name)\"" + didYouMean(name, names) + "; it is one of "
            + names.joined(separator: ", "))
      }
      return found
    }
    switch kind {
    case "push": self = .push(try text("destination")!)
    case "present":
      self = .present(
        try text("destination")!, style: try choice("style", PresentationStyle.self) ?? .sheet)
    case "pop":
      var count = 1
      if let member = value["count"] {
        guard case .number(let digits) = member.kind, let n = Int(digits), n >= 1 else {
          throw RecordProblem(message: "\"count\" of a pop record is a whole number, at least 1")
        }
        count = n
      }
      self = .pop(count: count)
    case "popTo": self = .popTo(try text("destination")!)
    case "popToRoot": self = .popToRoot
    case "dismiss": self = .dismiss(style: try choice("style", PresentationStyle.self))
    case "dismissAll": self = .dismissAll
    case "alert":
      self = .alert(try text("alert")!, style: try choice("style", AlertStyle.self) ?? .alert)
    case "alertButton": self = .alertButton(try text("button")!)
    case "alertDismissed": self = .alertDismissed
    case "selectTab": self = .selectTab(try text("tab")!)
    case "asyncStarted": self = .asyncStarted(try text("work")!)
    case "asyncCompleted":
      self = .asyncCompleted(try text("work")!, outcome: try text("outcome"))
    case "module": self = .module(try text("module")!)
    case "flag":
      guard case .bool(let flag)? = value["value"]?.kind else {
        throw RecordProblem(message: "\"value\" of a flag record is true or false")
      }
      self = .flag(try text("flag")!, flag)
    case "deepLink": self = .deepLink(try text("link")!)
    default:
      // `keys` lists every kind this switch reads; a test reads every case's line back.
      throw RecordProblem(message: "\"record\" is \"\(kind)\", which this reader does not know")
    }
  }
}
