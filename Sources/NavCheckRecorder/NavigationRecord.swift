/// One thing an app's router did, as `NavigationRecorder` writes it: one JSON object on one
/// line of a recorded run, which `navcheck validate SPEC RUN` checks against the spec.
///
/// Each case is what a router does at one of its mutation points, in the spec's words: the
/// destinations, tabs, alerts, async work, modules, flags and deep links are named as the spec
/// names them. `Docs/RecordedRuns.md` lists every record's JSON keys.
///
/// ```swift
/// recorder.record(.push("TodoDetail"))
/// // {"record":"push","destination":"TodoDetail"}
/// recorder.record(.present("AddTodo", style: .sheet))
/// // {"record":"present","destination":"AddTodo","style":"sheet"}
/// ```
public enum NavigationRecord: Sendable, Hashable {
  /// A screen pushed on the stack the user sees (a path's `append`).
  case push(String)
  /// A screen presented over the screen the user sees, in a new environment of `style`.
  case present(String, style: PresentationStyle)
  /// `count` screens popped off the top of the stack the user sees (a back button, a swipe
  /// back, `removeLast(count)`).
  case pop(count: Int)
  /// The screens above the topmost screen of this destination popped off the stack the user
  /// sees.
  case popTo(String)
  /// Every screen above the bottom of the stack the user sees popped (`path = []`).
  case popToRoot
  /// The topmost presented environment dismissed (with every screen in it); `style`, where the
  /// router knows it, is the style it was presented with.
  case dismiss(style: PresentationStyle?)
  /// Everything above the app's root screen removed: every presented environment, and the
  /// selected tab's stack popped to its root (a deep link's "start from home").
  case dismissAll
  /// An alert or confirmation dialog shown on the screen the user sees, by its name in the
  /// spec.
  case alert(String, style: AlertStyle)
  /// The user tapped this button of the alert the user sees; the alert closed.
  case alertButton(String)
  /// The alert the user sees closed without a button (a tap outside a confirmation dialog, a
  /// timer).
  case alertDismissed
  /// The tab whose root is this destination selected.
  case selectTab(String)
  /// Async work with this label started (a `Task`, a network request the screen awaits).
  case asyncStarted(String)
  /// Async work with this label completed, with `outcome` where the spec gives it outcomes;
  /// what its completion does is recorded after it.
  case asyncCompleted(String, outcome: String?)
  /// The app switched to this module (logged in, logged out): every screen replaced by the
  /// module's first ones.
  case module(String)
  /// A flag of the spec set to a value.
  case flag(String, Bool)
  /// A deep link of this name arrived; what it does is recorded after it.
  case deepLink(String)

  /// How an environment is presented: SEMANTICS §1's `sheet`, `fullScreenCover` and `modal`.
  ///
  /// ```swift
  /// recorder.record(.present("Player", style: .fullScreenCover))
  /// ```
  public enum PresentationStyle: String, Sendable, Hashable, CaseIterable {
    /// `.sheet(item:)`, `.sheet(isPresented:)`.
    case sheet
    /// `.fullScreenCover`.
    case fullScreenCover
    /// An overlay without navigation (SwiftfulRouting's `showModal`).
    case modal
  }

  /// How an alert is shown: an alert, or a confirmation dialog (an action sheet).
  ///
  /// ```swift
  /// recorder.record(.alert("Delete?", style: .confirmationDialog))
  /// ```
  public enum AlertStyle: String, Sendable, Hashable, CaseIterable {
    /// `.alert`.
    case alert
    /// `.confirmationDialog`: a tap outside closes it.
    case confirmationDialog
  }

  /// The record's kind: the value of its `"record"` key.
  ///
  /// ```swift
  /// NavigationRecord.popToRoot.kind   // "popToRoot"
  /// ```
  public var kind: String {
    fields[0].value.text
  }

  /// Its JSON object on one line, without the newline:
  /// `{"record":"alert","alert":"Delete?","style":"confirmationDialog"}`.
  ///
  /// ```swift
  /// NavigationRecord.pop(count: 2).jsonLine   // {"record":"pop","count":2}
  /// ```
  public var jsonLine: String {
    "{" + fields.map { "\(JSONText.string($0.key)):\($0.value.json)" }.joined(separator: ",") + "}"
  }

  /// The record's keys and values, `"record"` first, in the order they are written.
  var fields: [(key: String, value: FieldValue)] {
    switch self {
    case .push(let destination):
      return [("record", "push"), ("destination", .text(destination))]
    case .present(let destination, let style):
      return [
        ("record", "present"), ("destination", .text(destination)),
        ("style", .text(style.rawValue)),
      ]
    case .pop(let count):
      return [("record", "pop"), ("count", .number(count))]
    case .popTo(let destination):
      return [("record", "popTo"), ("destination", .text(destination))]
    case .popToRoot:
      return [("record", "popToRoot")]
    case .dismiss(let style):
      return [("record", "dismiss")] + (style.map { [("style", .text($0.rawValue))] } ?? [])
    case .dismissAll:
      return [("record", "dismissAll")]
    case .alert(let name, let style):
      return [("record", "alert"), ("alert", .text(name)), ("style", .text(style.rawValue))]
    case .alertButton(let label):
      return [("record", "alertButton"), ("button", .text(label))]
    case .alertDismissed:
      return [("record", "alertDismissed")]
    case .selectTab(let tab):
      return [("record", "selectTab"), ("tab", .text(tab))]
    case .asyncStarted(let label):
      return [("record", "asyncStarted"), ("work", .text(label))]
    case .asyncCompleted(let label, let outcome):
      return [("record", "asyncCompleted"), ("work", .text(label))]
        + (outcome.map { [("outcome", .text($0))] } ?? [])
    case .module(let name):
      return [("record", "module"), ("module", .text(name))]
    case .flag(let name, let value):
      return [("record", "flag"), ("flag", .text(name)), ("value", .bool(value))]
    case .deepLink(let name):
      return [("record", "deepLink"), ("link", .text(name))]
    }
  }

  /// A value of a record's key: what a JSON reader of the run finds there.
  enum FieldValue: Hashable, ExpressibleByStringLiteral {
    case text(String)
    case number(Int)
    case bool(Bool)

    init(stringLiteral value: String) { self = .text(value) }

    /// Its text, where it is a string.
    var text: String {
      if case .text(let text) = self { return text }
      return ""
    }

    /// Its JSON form.
    var json: String {
      switch self {
      case .text(let text): return JSONText.string(text)
      case .number(let number): return String(number)
      case .bool(let value): return value ? "true" : "false"
      }
    }
  }
}

/// JSON strings, written by hand: the recorder links into an app without Foundation's encoder.
enum JSONText {
  /// `text` as a JSON string, quoted, with `"`, `\` and control characters escaped.
  static func string(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
