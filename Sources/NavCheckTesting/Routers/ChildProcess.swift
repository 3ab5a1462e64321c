// Running a candidate sequence in a child of the test process, so a router that crashes kills
// the child, not the test run. Only where the host can start processes: never in the iOS
// build, where a crash is reported from the journal without shrinking.
#if os(macOS) || os(Linux)
  import Foundation

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// How a child ended.
  enum ChildOutcome: Equatable {
    /// It returned this status.
    case exited(Int32)
    /// A signal ended it: a crash (a Swift trap is SIGILL or SIGTRAP).
    case crashed(signal: Int32)
    /// It ran past the time limit and was stopped (a deadlock or an endless loop).
    case timedOut
    /// No child could be started.
    case unavailable
  }

  /// Runs `body` in a child process forked from this one (so it has the router's factory and
  /// everything the test built), its output kept from the test's; waits for it at most
  /// `timeout` seconds. `body` reports its progress (the step it is about to run) through its
  /// argument; the last progress reported comes back with the outcome, and so does the end of
  /// what the child wrote to its standard output and error (where a crash's `Fatal error: …`
  /// and backtrace are).
  func runInChild(timeout: TimeInterval = 10, _ body: (_ progress: (Int) -> Void) -> Int32)
    -> (ChildOutcome, progress: Int?, output: String)
  {
    // One shared word: the child's progress, readable after it died.
    guard
      let shared = mmap(
        nil, MemoryLayout<Int>.size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0),
      shared != MAP_FAILED
    else { return (.unavailable, nil, "") }
    defer { munmap(shared, MemoryLayout<Int>.size) }
    let word = shared.bindMemory(to: Int.self, capacity: 1)
    word.pointee = -1
    // The child's output goes to a file no one else sees: removed at once, read through `file`.
    // (`XXXXXX` is `mkstemp`'s template, which it replaces with a unique name.)
    var template = Array(
      URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
        "navcheck-child-XXXXXX"
      ).path.utf8CString)
    let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    if file >= 0 { unlink(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }) }
    defer { if file >= 0 { close(file) } }
    fflush(nil)
    let pid = forkProcess()
    if pid < 0 { return (.unavailable, nil, "") }
    if pid == 0 {
      let output = file >= 0 ? file : open("/dev/null", O_WRONLY)
      if output >= 0 {
        dup2(output, 1)
        dup2(output, 2)
      }
      _exit(body { word.pointee = $0 })
    }
    let outcome = wait(for: pid, timeout: timeout)
    return (outcome, word.pointee < 0 ? nil : word.pointee, file >= 0 ? tail(of: file) : "")
  }

  /// The last `limit` bytes of the open file `file`, as text.
  private func tail(of file: Int32, limit: Int = 64 * 1024) -> String {
    let size = lseek(file, 0, SEEK_END)
    guard size > 0 else { return "" }
    lseek(file, max(0, size - off_t(limit)), SEEK_SET)
    var bytes = [UInt8](repeating: 0, count: min(Int(size), limit))
    var count = 0
    while count < bytes.count {
      let n = bytes[count...].withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
      if n <= 0 { break }
      count += n
    }
    return String(decoding: bytes[..<count], as: UTF8.self)
  }

  /// Waits for the child `pid`, stopping it after `timeout` seconds.
  private func wait(for pid: pid_t, timeout: TimeInterval) -> ChildOutcome {
    var status: Int32 = 0
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let done = waitpid(pid, &status, WNOHANG)
      if done == pid { break }
      if done < 0 { return .unavailable }
      if Date() > deadline {
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return .timedOut
      }
      usleep(500)
    }
    let signal = status & 0x7f
    return signal == 0 ? .exited((status >> 8) & 0xff) : .crashed(signal: signal)
  }

  /// `fork()`: Swift's Darwin module marks it unavailable, so it is looked up there.
  private func forkProcess() -> pid_t {
    #if os(Linux)
      return fork()
    #else
      typealias Fork = @convention(c) () -> pid_t
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: -2), "fork") else { return -1 }
      return unsafeBitCast(symbol, to: Fork.self)()
    #endif
  }
#endif
