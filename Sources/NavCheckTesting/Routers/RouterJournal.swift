import Foundation
import NavCheck

/// The file each walk is written to before it runs, so a router that crashes the test process
/// leaves the sequence that crashed it.
///
/// ```json
/// {"spec": "TodoApp", "seed": 42, "run": 17, "minimal": false,
///  "events": [{"screen": "TodoList", "transition": "Add"}, {"gesture": "swipeDown"}]}
/// ```
///
/// `RouterJournal.events(at:)` reads it back for `assertRouterSequence`.
public struct RouterJournal: Sendable {
  /// Where it is written.
  public let path: String

  /// A journal at `path`.
  public init(path: String) { self.path = path }

  /// Writes one case, replacing the one before; returns whether it was written.
  @discardableResult
  func write(spec: String, seed: UInt64, run: Int, events: [EventReference], minimal: Bool = false)
    -> Bool
  {
    let value = JSONValue.object([
      ("spec", .string(spec)), ("seed", .string(String(seed))), ("run", .int(run)),
      ("minimal", .bool(minimal)), ("events", .array(events.map(\.jsonValue))),
    ])
    do {
      try Data((value.text() + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
      return true
    } catch {
      return false
    }
  }

  /// The events of the case a journal holds.
  ///
  /// ```swift
  /// let events = try RouterJournal.events(at: "/tmp/navcheck-TodoApp.journal.json")
  /// assertRouterSequence(todoApp, events) { TodoRouterAdapter() }
  /// ```
  public static func events(at path: String) throws -> [EventReference] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let value: JSONValue
    do { value = try JSONReader.read(Array(data)) } catch {
      throw SpecError([
        SpecProblem("\(path) is not JSON: \(error.message) (line \(error.line))")
      ])
    }
    guard case .array(let events) = value["events"]?.kind else {
      throw SpecError([SpecProblem("\(path) holds no \"events\" array")])
    }
    return try events.map { event throws(SpecError) in try EventReference(jsonValue: event) }
  }
}
