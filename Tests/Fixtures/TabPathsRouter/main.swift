// A test program that checks `TabPathsRouter`, which keeps its tabs' paths in a dictionary,
// exhaustively, and prints the number of states and this process's hash of a fixed string: run
// in child processes, each with its own random hash seed, it shows the count does not depend
// on the seed (and the hashes that the seeds differ).
import NavCheck
import NavCheckTestSupport
import NavCheckTesting

let result = checkRouterExhaustively(tabPathsSpec, threads: 1) { TabPathsRouter() }
print("states \(result.states) complete \(result.complete) hash \("NavCheck".hashValue)")
