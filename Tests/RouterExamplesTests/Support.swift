import NavCheck
import NavCheckTestSupport
import NavCheckTesting

/// Fuzzing options for the examples: a fixed seed, so the figures the tests state hold, and
/// `runs` walks in a long run (`NAVCHECK_LONG_TESTS=1`), a quarter of them otherwise (the same
/// walks as the long run's first quarter).
func exampleOptions(seed: UInt64 = 1, runs: Int = 300) -> RouterFuzzOptions {
  var options = RouterFuzzOptions()
  options.seed = seed
  options.runs = LongTests.enabled ? runs : max(1, runs / 4)
  return options
}
