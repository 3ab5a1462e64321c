import Foundation
import NavCheck

// The NavCheck benchmark: distinct states per second and memory per state of the explorer on
// synthetic specs, at 1 thread and at every active processor, and their ratio.
//
//   swift run -c release navcheck-benchmark [--quick] [--json]
//
// Figures are wall-clock: compare ratios (2 threads / 1 thread, this commit / the last) on a
// noisy machine rather than absolute numbers.

let arguments = Set(CommandLine.arguments.dropFirst())
if arguments.contains("--help") {
  print("usage: navcheck-benchmark [--quick] [--json]")
  exit(0)
}
let quick = arguments.contains("--quick")

let cores = ProcessInfo.processInfo.activeProcessorCount

// (name, spec, maxStates): the larger ones are cut at a fixed number of states, which measures
// the explorer's rate on a big visited set without running for minutes.
let workloads: [(String, NavigationSpec, Int)] =
  quick
  ? [
    (
      "ring 5 screens, 2 timers",
      SyntheticSpecs.ring(
        screens: 5, timers: 2, maxStackDepth: 3, maxPresentationDepth: 1), 50_000_000
    ),
    ("timers 14 (wide)", SyntheticSpecs.timers(14), 50_000_000),
  ]
  : [
    (
      "ring 6 screens, 2 timers",
      SyntheticSpecs.ring(
        screens: 6, timers: 2, maxStackDepth: 3, maxPresentationDepth: 1), 50_000_000
    ),
    (
      "ring 3 screens, 1 timer, cut",
      SyntheticSpecs.ring(
        screens: 3, timers: 1, maxStackDepth: 4, maxPresentationDepth: 2), 3_000_000
    ),
    ("timers 20 (wide)", SyntheticSpecs.timers(20), 50_000_000),
  ]

struct Row {
  var workload: String
  var states: Int
  var transitions: Int
  var single: CheckResult
  var parallel: CheckResult
}

var rows: [Row] = []
for (name, spec, maxStates) in workloads {
  // A warm-up run, then the measured ones: one thread, then every processor.
  _ = try spec.check(threads: cores, maxStates: 20_000)
  let single = try spec.check(threads: 1, maxStates: maxStates)
  let parallel = try spec.check(threads: cores, maxStates: maxStates)
  precondition(single.states == parallel.states && single.transitions == parallel.transitions)
  rows.append(
    Row(
      workload: name, states: single.states, transitions: single.transitions, single: single,
      parallel: parallel))
}

func format(_ x: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", x) }

if arguments.contains("--json") {
  let objects: [JSONValue] = rows.map { row in
    .object([
      ("workload", .string(row.workload)), ("states", .int(row.states)),
      ("transitions", .int(row.transitions)),
      ("statesPerSecond1", .double(row.single.statesPerSecond)),
      ("statesPerSecondN", .double(row.parallel.statesPerSecond)), ("threads", .int(cores)),
      ("bytesPerState", .double(Double(row.parallel.memoryBytes) / Double(row.states))),
      (
        "bytesPerStateWithoutTraps",
        .double(
          Double(row.parallel.memoryBytes - row.parallel.returnAnalysisBytes) / Double(row.states))
      ),
    ])
  }
  print(JSONValue.array(objects).text())
} else {
  print(
    "workload                     states   transitions  1 thread st/s  \(cores) threads st/s  speed-up  bytes/state  without traps"
  )
  for row in rows {
    let s1 = row.single.statesPerSecond
    let sn = row.parallel.statesPerSecond
    print(
      row.workload.padding(toLength: 28, withPad: " ", startingAt: 0),
      String(row.states).leftPadded(8), String(row.transitions).leftPadded(12),
      format(s1, 0).leftPadded(14), format(sn, 0).leftPadded(15),
      (format(sn / s1) + "x").leftPadded(9),
      format(Double(row.parallel.memoryBytes) / Double(row.states), 1).leftPadded(12),
      format(
        Double(row.parallel.memoryBytes - row.parallel.returnAnalysisBytes) / Double(row.states), 1
      ).leftPadded(17))
  }
}

extension String {
  func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
