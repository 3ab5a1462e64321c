import Foundation

/// What a process that crashed wrote as it died, read for a report: the runtime's own message
/// (`Fatal error: Can't remove more items from a collection than it has`, with the file and
/// line of the trap) and the first frame of the backtrace in the app's code.
///
/// The Swift runtime writes the message to standard error, then (on Linux, by default) a
/// backtrace: frames such as
/// `1 [ra] 0x… CrashingRouter.perform(_:) + 663 in AppTests.xctest at /App/Router.swift:27:42`.
/// The first frame with a source location that is neither NavCheck's own code, the runtime's
/// nor generated code is where the app's code trapped. Where there is no backtrace (macOS, or
/// `SWIFT_BACKTRACE=enable=no`) the message alone says where.
struct CrashOutput: Equatable {
  /// The runtime's line: `Router.swift:27: Fatal error: …`, `Precondition failed: …`.
  var fatalError: String?
  /// The first frame in the app's code: `CrashingRouter.perform(_:) at /App/Router.swift:27:42`.
  var frame: String?

  /// What `text`, a crashed process's output, says; frames in files under `ownSources` are
  /// NavCheck's own, and skipped.
  init(_ text: String, ownSources: String = CrashOutput.navCheckSources) {
    let lines = text.split(whereSeparator: \.isNewline).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    fatalError = lines.first { line in
      Self.runtimeMessages.contains { line.contains($0 + ":") }
    }
    frame = lines.lazy.compactMap { Self.frame($0, ownSources: ownSources) }.first
  }

  /// The lines a report shows: the message, then the frame.
  var lines: [String] {
    (fatalError.map { [$0] } ?? []) + (frame.map { ["in \($0)"] } ?? [])
  }

  /// How the Swift runtime starts the message of a trap.
  static let runtimeMessages = ["Fatal error", "Precondition failed", "Assertion failed"]

  /// The folder of NavCheck's own sources (`…/Sources/`), from where this file was compiled.
  static let navCheckSources: String = {
    var url = URL(fileURLWithPath: "\(#filePath)")
    for _ in 0..<3 { url.deleteLastPathComponent() }  // Routers/, NavCheckTesting/, Sources/
    return url.path + "/"
  }()

  /// A frame of a backtrace in the app's code, as `function at file:line:column`; `nil` for
  /// any other line.
  static func frame(_ line: String, ownSources: String) -> String? {
    // `<n> [tags] 0x<address> <function> + <offset> in <image> at <file>:<line>:<column>`
    let words = line.split(separator: " ", omittingEmptySubsequences: true)
    guard let number = words.first, number.allSatisfy(\.isNumber),
      let address = words.firstIndex(where: { $0.hasPrefix("0x") }),
      !words[..<address].contains("[thunk]"), !words[..<address].contains("[system]"),
      let at = line.range(of: " at ", options: .backwards),
      let image = line.range(
        of: " in ", options: .backwards, range: line.startIndex..<at.lowerBound)
    else { return nil }
    let file = String(line[at.upperBound...])
    guard !file.hasPrefix(ownSources), !file.contains("swift-generated-sources"),
      !file.contains("/swift/stdlib/")
    else { return nil }
    let afterAddress = line.range(of: String(words[address]))!.upperBound
    var function = line[afterAddress..<image.lowerBound].trimmingCharacters(in: .whitespaces)
    // The offset into the function says nothing to a reader.
    if let plus = function.range(of: " + ", options: .backwards),
      function[plus.upperBound...].allSatisfy(\.isNumber)
    {
      function = String(function[..<plus.lowerBound])
    }
    return "\(function) at \(file)"
  }
}
