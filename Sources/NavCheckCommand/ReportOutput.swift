import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file `--output FILE` names: checked before a command runs, so a long check does not end
/// in a report that cannot be written, then written.
struct ReportOutput {
  /// The path as given on the command line.
  var path: String
  var console: Console

  /// Throws 73 where the report could not be created: its folder is missing or not writable, or
  /// the path is a folder or a file that is not writable.
  func check() throws(CommandError) {
    if let reason = problem() { throw failure(reason) }
  }

  /// Writes the report, replacing the file.
  func write(_ text: String) throws(CommandError) {
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: console.absolutePath(path)))
    } catch {
      throw failure(problem() ?? Self.reason(error))
    }
  }

  // MARK: - Internal API

  /// Why the file cannot be written, in words, or `nil` where nothing stands in the way.
  func problem() -> String? {
    let files = FileManager.default
    let full = console.absolutePath(path)
    var isDirectory: ObjCBool = false
    if files.fileExists(atPath: full, isDirectory: &isDirectory) {
      if isDirectory.boolValue { return "it is a folder" }
      return files.isWritableFile(atPath: full) ? nil : "permission denied"
    }
    let folder = URL(fileURLWithPath: full).deletingLastPathComponent().path
    let shown = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 }
    guard files.fileExists(atPath: folder, isDirectory: &isDirectory) else {
      return "the folder \(shown ?? folder) does not exist"
    }
    if !isDirectory.boolValue { return "\(shown ?? folder) is not a folder" }
    return files.isWritableFile(atPath: folder) ? nil : "permission denied"
  }

  func failure(_ reason: String) -> CommandError {
    CommandError(.cannotCreate, "cannot write the report to \(path): \(reason)")
  }

  /// The system's reason for a failed write, without Foundation's wrapping.
  static func reason(_ error: any Error) -> String {
    let error = error as NSError
    for candidate in [error, error.userInfo[NSUnderlyingErrorKey] as? NSError] {
      if let candidate, candidate.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(candidate.code))).lowercased()
      }
    }
    return "it cannot be written"
  }
}
