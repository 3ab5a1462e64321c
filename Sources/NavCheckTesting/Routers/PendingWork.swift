import NavCheck

/// Async work a router holds, by id: what it captured when the work started, run when the
/// checker fires the completion.
///
/// For a class router keep closures, which capture what the app's closures capture (a router
/// reference, a binding), so a stale reference behaves as in the app; for a value-type router
/// checked exhaustively keep data (`Codable`), such as the action and the router's id.
///
/// ```swift
/// var pending = PendingWork<() -> Void>()
/// pending.start(work) { [router] in router.dismiss() }   // at .startAsync(work)
/// pending.complete(work)?()                               // at .completeAsync(work)
/// ```
public struct PendingWork<Work> {
  private var entries: [(id: AsyncWork.ID, work: Work)] = []

  /// No pending work.
  public init() {}

  /// Keeps `work`'s captured value until it completes or is cancelled.
  public mutating func start(_ work: AsyncWork, _ captured: Work) {
    entries.removeAll { $0.id == work.id }
    entries.append((work.id, captured))
  }

  /// Removes and returns what `work` captured; `nil` where it is not pending (never started,
  /// or cancelled).
  public mutating func complete(_ work: AsyncWork) -> Work? {
    guard let i = entries.firstIndex(where: { $0.id == work.id }) else { return nil }
    return entries.remove(at: i).work
  }

  /// Drops the work whose ids match, without running it (a `.task` cancelled with its screen).
  public mutating func cancel(where matches: (AsyncWork.ID) -> Bool) {
    entries.removeAll { matches($0.id) }
  }

  /// The ids of the pending work, in the order it started: what a snapshot reports.
  public var ids: [AsyncWork.ID] { entries.map(\.id) }

  /// Whether nothing is pending.
  public var isEmpty: Bool { entries.isEmpty }
}

extension PendingWork: Equatable where Work: Equatable {
  public static func == (a: Self, b: Self) -> Bool {
    a.entries.map(\.id) == b.entries.map(\.id) && a.entries.map(\.work) == b.entries.map(\.work)
  }
}

extension PendingWork: Codable where Work: Codable {
  private struct Entry: Codable {
    var id: AsyncWork.ID
    var work: Work
  }

  public init(from decoder: any Decoder) throws {
    entries = try [Entry](from: decoder).map { ($0.id, $0.work) }
  }

  public func encode(to encoder: any Encoder) throws {
    try entries.map { Entry(id: $0.id, work: $0.work) }.encode(to: encoder)
  }
}
