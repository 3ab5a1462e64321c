import NavCheck

/// Async work a router holds: what it captured when the work started, and the screen that owns
/// it, until the checker fires the completion or the router cancels it.
///
/// For a class router keep closures, which capture what the app's closures capture (a router
/// reference, a binding), so a stale reference behaves as in the app; for a value-type router
/// checked exhaustively keep data, such as the action and the router's id.
///
/// ```swift
/// var pending = PendingWork<() -> Void>()
/// pending.start(work, at: step.screen) { [router] in router.dismiss() }  // at .startAsync(work)
/// pending.complete(work)?()                                               // at .completeAsync(work)
/// pending.cancelAll(ownedBy: { $0.environment >= 1 })  // the sheet closed: its `.task`s end
/// ```
///
/// Two pieces of work with one id (work kept past its screen, and the same transition started
/// again on a new screen at that place) are told apart by `AsyncWork.startedAt`: `complete`
/// returns the one the completion names, so a router that keeps stale work is caught when the
/// checker fires it.
public struct PendingWork<Work> {
  /// One piece of pending work.
  public struct Entry {
    /// The work, as it started.
    public var work: AsyncWork
    /// The screen that started it, where the router said (`start(_:at:_:)`).
    public var owner: ScreenLocation?
    /// What the router captured.
    public var captured: Work
  }

  /// The pending work, in the order it started.
  public private(set) var entries: [Entry] = []

  /// No pending work.
  public init() {}

  /// Keeps `work`'s captured value until it completes or is cancelled; `owner` is the screen
  /// that started it (the step's `screen`), for `cancelAll(ownedBy:)` and `owner(of:)`.
  public mutating func start(_ work: AsyncWork, at owner: ScreenLocation? = nil, _ captured: Work) {
    // The same start again (a re-run step) replaces it; another start with the id is kept.
    entries.removeAll { Self.same($0.work, work) }
    entries.append(Entry(work: work, owner: owner, captured: captured))
  }

  /// Removes and returns what `work` captured; `nil` where it is not pending (never started,
  /// or cancelled).
  public mutating func complete(_ work: AsyncWork) -> Work? {
    guard let i = entries.firstIndex(where: { Self.same($0.work, work) }) else { return nil }
    return entries.remove(at: i).captured
  }

  /// Drops the work whose ids match, without running it (a `.task` cancelled with its screen).
  public mutating func cancel(where matches: (AsyncWork.ID) -> Bool) {
    entries.removeAll { matches($0.work.id) }
  }

  /// Drops the work whose owner matches, without running it: the screens a dismissal removed.
  ///
  /// ```swift
  /// pending.cancelAll(ownedBy: { $0.environment > step.screen.environment })   // what a sheet closing ends
  /// ```
  public mutating func cancelAll(ownedBy matches: (ScreenLocation) -> Bool) {
    entries.removeAll { $0.owner.map(matches) ?? false }
  }

  /// The screen that started the pending work with this id, where the router said.
  public func owner(of id: AsyncWork.ID) -> ScreenLocation? {
    entries.last { $0.work.id == id }?.owner
  }

  /// The ids of the pending work, in the order it started: what a snapshot reports.
  public var ids: [AsyncWork.ID] { entries.map(\.work.id) }

  /// The ids of the pending work a screen owns: what one router's snapshot reports.
  public func ids(ownedBy matches: (ScreenLocation) -> Bool) -> [AsyncWork.ID] {
    entries.filter { $0.owner.map(matches) ?? false }.map(\.work.id)
  }

  /// Whether nothing is pending.
  public var isEmpty: Bool { entries.isEmpty }

  /// Whether two starts are the same piece of work: the same id, and the same start where both
  /// say theirs.
  private static func same(_ a: AsyncWork, _ b: AsyncWork) -> Bool {
    a.id == b.id && (a.startedAt == nil || b.startedAt == nil || a.startedAt == b.startedAt)
  }
}

extension PendingWork.Entry: Sendable where Work: Sendable {}
extension PendingWork: Sendable where Work: Sendable {}

extension PendingWork: Equatable where Work: Equatable {
  /// The same work (by id and start), owners and captured values, in the same order.
  public static func == (a: Self, b: Self) -> Bool {
    a.entries.count == b.entries.count
      && zip(a.entries, b.entries).allSatisfy {
        $0.work.id == $1.work.id && $0.work.startedAt == $1.work.startedAt
          && $0.owner == $1.owner && $0.captured == $1.captured
      }
  }
}

extension PendingWork: Hashable where Work: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(entries.count)
    for entry in entries {
      hasher.combine(entry.work.id)
      hasher.combine(entry.work.startedAt)
      hasher.combine(entry.owner)
      hasher.combine(entry.captured)
    }
  }
}

extension PendingWork: Codable where Work: Codable {
  private struct Coded: Codable {
    var work: AsyncWork
    var owner: CodedLocation?
    var captured: Work
  }

  private struct CodedLocation: Codable {
    var tab: Int
    var environment: Int
    var position: Int
    var destination: String
  }

  public init(from decoder: any Decoder) throws {
    entries = try [Coded](from: decoder).map {
      Entry(
        work: $0.work,
        owner: $0.owner.map {
          ScreenLocation(
            tab: $0.tab, environment: $0.environment, position: $0.position,
            destination: $0.destination)
        }, captured: $0.captured)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    try entries.map {
      Coded(
        work: $0.work,
        owner: $0.owner.map {
          CodedLocation(
            tab: $0.tab, environment: $0.environment, position: $0.position,
            destination: $0.destination)
        }, captured: $0.captured)
    }.encode(to: encoder)
  }
}
