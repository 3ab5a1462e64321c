import NavCheckRecorder

/// Whether a recorded run is a behaviour of a spec (`NavigationSpec.validate(_:limits:)`): the
/// events that explain its records, the rules it broke on the way, and the first record the
/// spec cannot explain.
///
/// ```swift
/// let validation = try spec.validate(RecordedRun(text: text))
/// if let unexplained = validation.unexplained { print("line \(unexplained.line)") }
/// for rule in validation.brokenRules { print(rule.violation.kind) }
/// ```
public struct RunValidation: Sendable {
  /// The spec's name.
  public var spec: String
  /// How many records the run holds.
  public var records: Int
  /// The events that explain the run, in order, up to the last record explained (the whole run
  /// where `unexplained` is `nil`): a shortest explanation, in events.
  public var explanation: [Step]
  /// Every rule the run broke on the way, in order.
  public var brokenRules: [BrokenRule]
  /// The first record no event of the spec explains; `nil` where every record is explained.
  public var unexplained: Unexplained?
  /// Where a limit of the search (`Limits`) left a possibility out; empty where none did.
  public var cuts: [Cut]

  /// Whether the run is a behaviour of the spec that breaks no rule.
  ///
  /// ```swift
  /// #expect(try spec.validate(run).holds)
  /// ```
  public var holds: Bool { unexplained == nil && brokenRules.isEmpty }

  /// One event of the explanation and the records it explains.
  public struct Step: Sendable {
    /// The event, in `check`'s words, with the state after it (none after an event that broke
    /// a rule).
    public var step: TraceStep
    /// The lines of the records it explains; `nil` for an event the run did not record (it
    /// changes nothing a record shows: an async start the router does not record).
    public var lines: ClosedRange<Int>?
  }

  /// A rule the run broke: the records whose only explanation is an event that breaks it.
  public struct BrokenRule: Sendable {
    /// The rule, in `check`'s words, with the explanation up to the event that broke it.
    public var violation: Violation
    /// The lines of the records that event explains.
    public var lines: ClosedRange<Int>
    /// Where the run's screens came back to a state of the spec after it (validation went on
    /// from there); `nil` where the run broke a custom invariant, whose state the spec has.
    public var resumedAtLine: Int?
  }

  /// The first record the spec cannot explain.
  public struct Unexplained: Sendable {
    /// Its line in the run.
    public var line: Int
    /// The record.
    public var record: NavigationRecord
    /// Why the record cannot happen on the screens it came to, where it cannot at all (a pop of
    /// a stack that holds only its root).
    public var reason: String?
    /// The state it came to (of those possible, the one with the shortest explanation).
    public var state: StateView
    /// The screens as the records left them, where they differ from `state`'s (after a broken
    /// rule the run did not come back from).
    public var recordedScreens: String?
    /// How many states the run could be in at that record.
    public var states: Int
    /// The events the spec allows in `state`, and what each would record.
    public var candidates: [Candidate]
  }

  /// An event the spec allows where the run went unexplained.
  public struct Candidate: Sendable {
    /// The event in `check`'s words.
    public var words: String
    /// The event, replayable.
    public var event: EventReference
    /// What a router that records every step would record for it; `nil` where the event breaks
    /// a rule or is cut by a bound, or its records cannot be told.
    public var records: [NavigationRecord]?
    /// The rule it breaks, if it does.
    public var breaks: ViolationKind?
    /// Whether the spec's bounds cut it.
    public var pruned: Bool
  }

  /// A possibility the search's limits left out.
  public struct Cut: Sendable, Equatable {
    /// The line of the record where it happened.
    public var line: Int
    /// The limit, as `Limits` names it: `maxCandidates`, `maxSilentEvents`,
    /// `maxRecordsPerEvent`.
    public var limit: String
    /// How many possibilities it left out there.
    public var count: Int
  }

  /// How far the search looks: each limit bounds the work per record.
  ///
  /// ```swift
  /// let validation = try spec.validate(run, limits: .init(maxCandidates: 50_000))
  /// ```
  public struct Limits: Sendable {
    /// The most states the run may be in at one record (default 10,000).
    public var maxCandidates: Int
    /// The most events in a row that record nothing (an async start the router does not
    /// record), between two records (default 3).
    public var maxSilentEvents: Int
    /// The most records one event may explain (a deep link that dismisses three sheets and
    /// pushes twice; default 16).
    public var maxRecordsPerEvent: Int

    /// Limits; the defaults suit runs of a UI test.
    ///
    /// ```swift
    /// RunValidation.Limits(maxSilentEvents: 5)
    /// ```
    public init(maxCandidates: Int = 10_000, maxSilentEvents: Int = 3, maxRecordsPerEvent: Int = 16)
    {
      self.maxCandidates = maxCandidates
      self.maxSilentEvents = maxSilentEvents
      self.maxRecordsPerEvent = maxRecordsPerEvent
    }
  }
}
