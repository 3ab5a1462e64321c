import Foundation

/// Records what an app's router does, one JSON line per step, for `navcheck validate SPEC RUN`.
///
/// Call it from the router's few mutation points (where it appends to a path, sets a sheet
/// item, shows an alert, selects a tab), in debug builds and UI tests. It is thread-safe: the
/// lines of concurrent calls never interleave, and each call's line is written before the call
/// returns. It has no dependency but Foundation, so it links into an iOS app.
///
/// ```swift
/// #if DEBUG
/// let recorder = try NavigationRecorder(path: NSTemporaryDirectory() + "run.ndjson")
/// #endif
///
/// func navigate(to route: Route) {
///   path.append(route)
///   recorder.record(.push(route.rawValue))
/// }
/// ```
public final class NavigationRecorder: @unchecked Sendable {
  /// Where the lines go; called with the lock held, so one at a time and in order.
  private let sink: (String) -> Void
  /// What `close()` does for a file.
  private let closer: () -> Void
  private let lock = NSLock()
  private var isClosed = false

  /// A recorder that hands each line (a JSON object, without the newline) to `sink`, one call
  /// at a time, in the order the steps were recorded. `sink` runs while the recorder holds its
  /// lock: it must not record.
  ///
  /// ```swift
  /// let recorder = NavigationRecorder { line in print(line) }
  /// ```
  public init(sink: @escaping @Sendable (String) -> Void) {
    self.sink = sink
    closer = {}
  }

  /// A recorder that writes the run to the file at `path`, one line per step; the file is
  /// created, or emptied where it exists (`append` keeps what it holds).
  ///
  /// ```swift
  /// let recorder = try NavigationRecorder(path: "/tmp/run.ndjson")
  /// ```
  ///
  /// - Throws: `NavigationRecorder.FileError` where the file cannot be opened for writing.
  public init(path: String, append: Bool = false) throws(FileError) {
    guard let stream = OutputStream(toFileAtPath: path, append: append) else {
      throw FileError(path: path)
    }
    stream.open()
    if stream.streamStatus == .error { throw FileError(path: path) }
    sink = { line in
      let bytes = Array((line + "\n").utf8)
      var written = 0
      while written < bytes.count {
        let n = bytes[written...].withUnsafeBufferPointer {
          stream.write($0.baseAddress!, maxLength: $0.count)
        }
        guard n > 0 else { return }
        written += n
      }
    }
    closer = { stream.close() }
  }

  /// A file the recorder could not open for writing.
  ///
  /// ```swift
  /// do { _ = try NavigationRecorder(path: "/no/such/folder/run.ndjson") } catch {
  ///   print(error.path)
  /// }
  /// ```
  public struct FileError: Error, Sendable, CustomStringConvertible {
    /// The file's path.
    public var path: String
    /// `cannot write the run to /no/such/folder/run.ndjson`.
    public var description: String { "cannot write the run to \(path)" }
  }

  /// Records one step.
  ///
  /// ```swift
  /// recorder.record(.present("AddTodo", style: .sheet))
  /// ```
  public func record(_ record: NavigationRecord) {
    let line = record.jsonLine
    lock.lock()
    defer { lock.unlock() }
    guard !isClosed else { return }
    sink(line)
  }

  /// Records several steps at once, with no other call's step between them: one router call
  /// that does several things (a deep link that dismisses everything, then pushes).
  ///
  /// ```swift
  /// recorder.record([.deepLink("promo"), .dismissAll, .push("Promo")])
  /// ```
  public func record(_ records: [NavigationRecord]) {
    let lines = records.map(\.jsonLine)
    lock.lock()
    defer { lock.unlock() }
    guard !isClosed else { return }
    lines.forEach(sink)
  }

  /// Stops recording; a file's writing is finished. Later steps are dropped.
  ///
  /// ```swift
  /// recorder.close()
  /// ```
  public func close() {
    lock.lock()
    defer { lock.unlock() }
    guard !isClosed else { return }
    isClosed = true
    closer()
  }

  deinit { close() }
}
