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

  /// A token that is not cancelled.
  public init() {}

  /// Asks the exploration to stop after its current batch.
  public func cancel() { lock.withLock { cancelled = true } }

  /// Whether `cancel()` was called.
  public var isCancelled: Bool { lock.withLock { cancelled } }
}
