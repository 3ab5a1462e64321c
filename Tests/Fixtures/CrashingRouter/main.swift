// A test program whose router crashes the process on one sequence of events: the journal tests
// run it in a child process, then find the sequence in the journal it leaves, and check that
// the next run reports the crash first. `exhaustive` as its argument runs the exhaustive check
// instead of the fuzzer.
import NavCheck
import NavCheckTestSupport
import NavCheckTesting

if CommandLine.arguments.dropFirst().first == "exhaustive" {
  checkRouterExhaustively(crashingSpec, threads: 1) { CrashingRouter() }
  print("CrashingRouter: the exhaustive check did not crash")
} else {
  var options = RouterFuzzOptions()
  options.seed = 7
  fuzzRouter(crashingSpec, options: options) { CrashingRouter() }
  print("CrashingRouter: no walk crashed")
}
