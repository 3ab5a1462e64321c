import Testing

@testable import NavCheckTesting

/// What a crashed child process wrote is read for the report: the runtime's `Fatal error`
/// line and the first frame of the app's code, past the runtime's, NavCheck's and generated
/// frames.
@Suite struct CrashOutputTests {
  let backtrace = """
    App/Router.swift:27: Fatal error: Can't remove more items from a collection than it has

    *** Signal 4: Backtracing from 0x7fe8c68f9361... done ***

    *** Program crashed: Illegal instruction at 0x00007fe8c68f9361 ***

    Thread 0 crashed:

      0                  0x00007fe8c68f9361 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so
      1 [ra] [thunk]     0x000055fa796bbc00 thunk for Router.pop() in AppTests.xctest at /App/Router.swift
      2 [ra]             0x000055fa796bbcf7 Router.pop() + 198 in AppTests.xctest at /App/Router.swift:27:77
      3 [ra]             0x000055fa796bbfba RouterRunner.run(_:beforeStep:) + 377 in AppTests.xctest at /pkg/Sources/NavCheckTesting/Routers/RouterRunner.swift:80:14
    """

  @Test func theFatalErrorAndTheAppsFrameAreRead() {
    let output = CrashOutput(backtrace, ownSources: "/pkg/Sources/")
    #expect(
      output.fatalError
        == "App/Router.swift:27: Fatal error: Can't remove more items from a collection than it has"
    )
    #expect(output.frame == "Router.pop() at /App/Router.swift:27:77")
    #expect(output.lines.count == 2)
  }

  /// NavCheck's own frames are skipped: a trap in them names no frame of the app.
  @Test func navChecksOwnFramesAreNotTheApps() {
    let own = backtrace.split(separator: "\n").filter { !$0.contains("/App/") }
    let output = CrashOutput(own.joined(separator: "\n"), ownSources: "/pkg/Sources/")
    #expect(output.frame == nil)
    #expect(
      CrashOutput(backtrace, ownSources: "/elsewhere/").frame?.hasPrefix("Router.pop()") == true)
  }

  /// Without a backtrace (macOS, `SWIFT_BACKTRACE=enable=no`) the message alone is read.
  @Test func aMessageWithoutABacktrace() {
    let output = CrashOutput("x\nPrecondition failed: empty path: file App/Router.swift, line 9\n")
    #expect(output.fatalError == "Precondition failed: empty path: file App/Router.swift, line 9")
    #expect(output.frame == nil)
    #expect(CrashOutput("").lines.isEmpty)
  }
}
