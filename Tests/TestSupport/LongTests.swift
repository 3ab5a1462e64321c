import Foundation

#if canImport(Testing)
  import Testing
#endif

/// Whether the long tests run: `NAVCHECK_LONG_TESTS=1` (run them before a change to the
/// semantics, the explorer or the reports lands; `.ci/run` passes the variable on). Without it,
/// `swift test` leaves out the randomised suites and the runs over the largest bundled specs
/// (the Shop, IceCubes), so it ends in a few minutes on 2 cores; with it, every test runs in
/// full.
///
/// ```swift
/// @Test(.long) func theShopsGraph() { … }                        // Swift Testing
/// try XCTSkipUnless(LongTests.enabled, LongTests.reason)        // XCTest
/// let specs = LongTests.enabled ? ["Mail", "Shop"] : ["Mail"]   // a smaller run by default
/// ```
public enum LongTests {
  /// The environment variable that turns them on.
  public static let variable = "NAVCHECK_LONG_TESTS"
  /// Whether it is set to 1.
  public static let enabled = ProcessInfo.processInfo.environment[variable] == "1"
  /// Why a long test did not run: what a skip says.
  public static let reason = "a long test: \(variable)=1 runs it"
  /// The bundled specs that take most of a minute each to check in a debug build (with their
  /// fixes): tests leave them out unless the run is long.
  public static let largestBundledSpecs = ["Shop", "IceCubes"]
}

#if canImport(Testing)
  extension Trait where Self == ConditionTrait {
    /// A long test: it runs only where `NAVCHECK_LONG_TESTS=1` (`LongTests`).
    public static var long: Self {
      .enabled(if: LongTests.enabled, Comment(rawValue: LongTests.reason))
    }
  }
#endif
