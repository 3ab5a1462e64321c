import Foundation

/// Stops a running exploration from another thread.
///
/// ```swift
/// let token = CancellationToken()
/// options.cancellation = token
/// // elsewhere: token.cancel()
/// ```
public final class CancellationToken: @unchecked Sendable {
  private let lock = NSLock()
  private var cancelled = false
  private let parent: CancellationToken?

  /// A token that is not cancelled.
  public init() { parent = nil }

  /// A token that is cancelled with `parent` too: a part of a run that may be stopped on its
  /// own (a time share) or with the whole run (^C).
  ///
  /// ```swift
  /// let rung = CancellationToken(parent: run)
  /// DispatchQueue.global().asyncAfter(deadline: .now() + 30) { rung.cancel() }
  /// ```
  public init(parent: CancellationToken) { self.parent = parent }

  /// Asks the exploration to stop after its current batch.
  public func cancel() { lock.withLock { cancelled = true } }

  /// Whether `cancel()` was called, on it or on its parent.
  public var isCancelled: Bool { lock.withLock { cancelled } || parent?.isCancelled == true }
}
