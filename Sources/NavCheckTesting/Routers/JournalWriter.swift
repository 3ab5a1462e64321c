import Foundation

#if os(Linux)
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif
#elseif os(macOS)
  import Darwin
#endif

extension RouterJournal {
  /// The process that wrote a journal: its id and when it started, so that a later process
  /// given the same id is not taken for it.
  ///
  /// A journal left `running` by a process that is still running is not a crash: it is another
  /// run of the same test writing it now (`swift test` on CI and on a developer's machine at
  /// once), or another check of this process sharing it (`NAVCHECK_JOURNAL`). Only a writer
  /// that has gone left a crash. Where a process cannot see others (iOS), a writer other than
  /// this process counts as gone, as before journals named their writer.
  struct Writer: Sendable, Hashable {
    /// The process id.
    var pid: Int32
    /// When it started, as the system tells it (`nil` where it does not): on Linux the start
    /// time in clock ticks after boot, on macOS seconds and microseconds since 1970.
    var started: String?

    /// A writer; `started` tells a process from a later one given the same id.
    init(pid: Int32, started: String?) {
      self.pid = pid
      self.started = started
    }

    /// This process.
    static let current = Writer(
      pid: ProcessInfo.processInfo.processIdentifier,
      started: startTime(of: ProcessInfo.processInfo.processIdentifier))

    /// Whether the process is still running: this process, or one with its id and start time.
    var isRunning: Bool {
      if self == .current { return true }
      #if os(macOS) || os(Linux)
        guard let now = Self.startTime(of: pid) else { return false }
        return started == nil || started == now
      #else
        return false
      #endif
    }

    /// When process `pid` started, where the system tells it; `nil` where there is no such
    /// process.
    static func startTime(of pid: Int32) -> String? {
      #if os(Linux)
        // Field 22 of /proc/<pid>/stat, counted after the command name, which may hold spaces.
        guard
          let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // A zombie (`Z`) or dead (`X`) process has ended; its parent has not reaped it yet.
        guard fields.count > 19, fields[0] != "Z", fields[0] != "X" else { return nil }
        return String(fields[19])
      #elseif os(macOS)
        var info = kinfo_proc()
        var size = MemoryLayout<kinfo_proc>.stride
        var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, pid]
        guard sysctl(&name, 4, &info, &size, nil, 0) == 0, size > 0 else { return nil }
        // `p_starttime` is a C macro for this member, which Swift does not import.
        let started = info.kp_proc.p_un.__p_starttime
        return "\(started.tv_sec).\(started.tv_usec)"
      #else
        return nil
      #endif
    }
  }
}
