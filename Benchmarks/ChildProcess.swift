import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of a command in a child process: its exit status, wall time, peak resident memory
/// (from the kernel's accounting of that child alone) and standard output.
struct ChildRun {
  var status: Int32
  var seconds: Double
  var peakBytes: Int
  var output: Data

  /// Runs `executable` with `arguments`, its stdout to a temporary file, stderr discarded.
  static func run(_ executable: String, _ arguments: [String]) throws -> ChildRun {
    let outputPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("navcheck-benchmark-\(getpid()).out").path
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    guard spawned == 0 else {
      throw BenchmarkError("cannot run \(executable): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    #if os(Linux)
      let peak = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #else
      let peak = Int(usage.ru_maxrss)  // bytes on macOS
    #endif
    let exited = status & 0x7f == 0
    return ChildRun(
      status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), seconds: seconds,
      peakBytes: peak, output: (try? Data(contentsOf: URL(fileURLWithPath: outputPath))) ?? Data())
  }
}

struct BenchmarkError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
