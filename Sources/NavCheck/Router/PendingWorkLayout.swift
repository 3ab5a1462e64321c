/// Who holds an entry of pending work in a state (SEMANTICS §2): a screen, by its pre-order
/// index (its own work, or as its stack's bottom its stack's work), or the app.
///
/// The one reader of the holder's encoding: a completion event, a trace's `at` and an
/// `AsyncWork.ID` keep a screen's index, and for the app the public `EventReference.app`.
struct WorkHolder: Sendable, Hashable, Comparable {
  /// The holder's pre-order index, or `EventReference.app`: the form `EventReference`'s `at`
  /// and `AsyncWork.ID.screen` take.
  let index: Int

  /// The app's pending work.
  static let app = WorkHolder(index: EventReference.app)

  /// The screen at pre-order index `i`.
  @inline(__always)
  static func screen(_ i: Int) -> WorkHolder { WorkHolder(index: i) }

  /// The holding screen's pre-order index; `nil` for the app.
  var screen: Int? {
    @inline(__always) get { index == EventReference.app ? nil : index }
  }

  /// Canonical order (SEMANTICS §4): the screens in pre-order, then the app.
  static func < (a: WorkHolder, b: WorkHolder) -> Bool {
    switch (a.screen, b.screen) {
    case (let i?, let j?): i < j
    case (_?, nil): true
    case (nil, _): false
    }
  }
}

/// The set bits of a pending-work field, lowest first: the indexes of the work it holds, in
/// declaration order.
struct PendingBits: Sequence, IteratorProtocol {
  var bits: UInt64

  @inline(__always)
  init(_ bits: UInt64) { self.bits = bits }

  @inline(__always)
  mutating func next() -> Int? {
    guard bits != 0 else { return nil }
    let bit = bits.trailingZeroBitCount
    bits &= bits - 1
    return bit
  }
}

/// The layout of a screen's pending-work field, its one owner: bit k below `stackBase` is its
/// destination's k-th async transition (its own work); bit `stackBase` + k, set only on a
/// stack's bottom, is the k-th stack work (`CompiledSpec.stackWork`). The app's field holds the
/// k-th app work (`CompiledSpec.appWork`) at bit k.
struct PendingWorkLayout: Sendable {
  /// The first bit of stack work.
  let stackBase: Int

  /// The own work of a screen's field: bit k, its destination's k-th async transition.
  @inline(__always)
  func own(_ pending: UInt64) -> UInt64 {
    stackBase >= 64 ? pending : pending & ((1 << UInt64(stackBase)) - 1)
  }

  /// The stack work of a screen's field: bit k, the k-th stack work.
  @inline(__always)
  func stack(_ pending: UInt64) -> UInt64 { stackBase >= 64 ? 0 : pending >> UInt64(stackBase) }
}

extension CompiledSpec {
  /// The layout of a screen's pending-work field.
  var pendingLayout: PendingWorkLayout { PendingWorkLayout(stackBase: stackBase) }

  /// The transitions a screen of destination `d` holds in its pending-work field: its own work,
  /// then its stack's (where it is the stack's bottom), each in declaration order.
  func heldWork(_ pending: UInt64, destination d: Int) -> (own: [Int], stack: [Int]) {
    (
      PendingBits(pendingLayout.own(pending)).map { destinations[d].asyncTransitions[$0] },
      PendingBits(pendingLayout.stack(pending)).map { stackWork[$0] }
    )
  }

  /// The transitions the app's pending-work field holds, in declaration order.
  func appHeldWork(_ appPending: UInt64) -> [Int] { PendingBits(appPending).map { appWork[$0] } }
}

extension ScreenState {
  /// The alert the screen shows, by its index in the compiled spec; `nil` for none. (The field
  /// holds the index + 1, 0 for none: the codec's bytes.)
  var shownAlert: Int? {
    @inline(__always) get { alert == 0 ? nil : Int(alert) - 1 }
  }

  /// The field's value for alert `alert` shown (`nil`: none).
  @inline(__always)
  static func alertField(_ alert: Int?) -> UInt16 { alert.map { UInt16($0 + 1) } ?? 0 }
}

extension AsyncWork.ID {
  /// The id of work of transition `transition` (its index in its destination) held by
  /// `holder`.
  init(holder: WorkHolder, transition: Int) {
    self.init(screen: holder.index, transition: transition)
  }
}
