import NavCheck
import NavCheckTesting

/// Fuzzing options for the examples: a fixed seed, so the figures the tests state hold.
func exampleOptions(seed: UInt64 = 1, runs: Int = 300) -> RouterFuzzOptions {
  var options = RouterFuzzOptions()
  options.seed = seed
  options.runs = runs
  return options
}
