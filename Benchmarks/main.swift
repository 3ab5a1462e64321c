import Foundation
import NavCheck
import NavCheckCommand
import NavCheckSpecs

// The NavCheck benchmark: `navcheck check` on the benchmark family (SyntheticSpecs.mesh) at
// sizes from about 15 thousand to 12.5 million states, each run in its own process so that
// its wall time and peak resident memory are its own.
//
//   swift run -c release navcheck-benchmark [--quick | --v2] [--repeat N] [--json] [--save FILE]
//                                           [--compare FILE|NAVCHECK] [--navcheck PATH]
//                                           [--spin | --no-spin] [--realapps FOLDER]
//   swift run -c release navcheck-benchmark --write-specs FOLDER [--quick | --v2]
//
// Where SPIN and a C compiler are installed, each size is also explored by SPIN's depth-first
// search on the same model (Benchmarks/Promela.swift), its state count checked against
// navcheck's.
//
// Figures are wall-clock on a shared machine: compare ratios (2 threads / 1 thread, this
// build / the baseline, navcheck / SPIN) rather than absolute numbers.

// The child: `navcheck-benchmark check SPEC …` is navcheck itself, so the benchmark measures
// the command a user runs without needing the navcheck binary next to it.
if CommandLine.arguments.dropFirst().first == "check" {
  NavCheckCommand.main(specs: BundledSpecs.all)
}

let usage = """
  usage: navcheck-benchmark [--quick | --v2] [--repeat N] [--json] [--save FILE]
                            [--compare FILE|NAVCHECK] [--navcheck PATH] [--spin | --no-spin]
                            [--realapps FOLDER]
         navcheck-benchmark --write-specs FOLDER [--quick | --v2]
         navcheck-benchmark --profile SPEC.json [--bounds S/P] [--max-states N] [--reduced]

  Runs `navcheck check SPEC --threads 1`, `--threads <cores>` and `--threads <cores> --exact`
  on each size of the benchmark family, each in its own process, and prints per size: states,
  transitions, seconds, states per second, the speed-up of all cores over one, peak resident
  memory per state, and the same for the exact mode. Suggested fixes are left out
  (--fixes never): they explore changed specs again, which is not the explorer's speed.

    --quick             the two smallest sizes only (CI's smoke run)
    --v2                the SEMANTICS v2 specs instead: the Mail app (modules, tabs, modals,
                        dialogs, onDismiss), a tabbed app of about a million states, the
                        bundled Shop at bounds 6/3 (custom invariants), a 60-destination
                        client app with five tabs at bounds 8/2 (the tabs reduction) and the
                        realistic store family (three tabs as their product, many violating
                        events and outcomes: SyntheticSpecs.storeSizes), and the real
                        app's model IceCubes (--realapps)
    --realapps FOLDER   with --v2, the real apps' models in FOLDER (default ../shared/realapps,
                        where it exists): IceCubes at 1/2 in full and reduced (`red`,
                        --reduction always), and at 2/1 its first 20,000,000 states in full
                        (`20M`) and first 5,000,000 reduced (`r5M`), runs stopped at
                        --max-states, whose counts are the same at every thread count
    --repeat N          run each measurement N times and keep the fastest (default 1)
    --json              print the results as JSON instead of a table
    --save FILE         also write the results as JSON to FILE (a baseline for --compare)
    --compare FILE      print ratios against a baseline saved with --save
    --compare NAVCHECK  measure that navcheck executable (a previous release) beside this one
    --navcheck PATH     measure that navcheck executable instead of this build's
    --spin              also explore each size with SPIN (`spin` and `cc` on PATH; Debian's
                        package spin): its exhaustive depth-first search of the same model in
                        Promela, timed apart from its compilation, its states checked against
                        navcheck's, and the ratio of their speeds; the default where both are
                        installed (not with --v2: the mesh family only)
    --no-spin           do not run SPIN
    --write-specs FOLDER  write the specs as JSON files to FOLDER and measure nothing (to
                        check or profile one size on its own: navcheck check FOLDER/NAME.json)
    --profile SPEC.json what multiplies the spec's states and measure nothing: explores up to
                        --max-states states (default 5,000,000) at --bounds (default the
                        spec's), strips one part of the state after another (pending work,
                        alerts, flow cursors, flags, presentations) and prints the distinct
                        states left and each tab's values; --reduced profiles the graph of
                        the tabs reduction (one changed tab at a time), obstacles ignored
  """

/// One measured run: wall seconds and peak resident bytes of the process.
struct Figures: Codable {
  var seconds: Double
  var peakBytes: Int
}

/// The figures of one size.
struct Row: Codable {
  var spec: String
  var states: Int
  var transitions: Int
  var threads: Int
  var oneThread: Figures
  var allThreads: Figures
  /// With `--exact` and all threads; nil where the measured navcheck has no exact mode.
  var exact: Figures?
  /// SPIN on the same model (`--spin`); nil where it was not run.
  var spin: SpinFigures?

  var statesPerSecond: Double { Double(states) / allThreads.seconds }
  var speedUp: Double { oneThread.seconds / allThreads.seconds }
  var bytesPerState: Double { Double(allThreads.peakBytes) / Double(states) }
}

struct Results: Codable {
  var tool = "navcheck-benchmark"
  var subject: String
  var cores: Int
  var rows: [Row]
}

/// The folder of the spec files the children check; removed on every way out but an error
/// that points into it.
nonisolated(unsafe) var specFolderToRemove: URL?

func removeSpecFolder() {
  if let folder = specFolderToRemove { try? FileManager.default.removeItem(at: folder) }
  specFolderToRemove = nil
}

func fail(_ message: String, keepingFiles: Bool = false) -> Never {
  FileHandle.standardError.write(Data("navcheck-benchmark: error: \(message)\n".utf8))
  if !keepingFiles { removeSpecFolder() }
  exit(1)
}

// MARK: - Arguments

var quick = false
var v2 = false
var json = false
var repeats = 1
var savePath: String?
var comparePath: String?
var subjectPath = Bundle.main.executablePath ?? CommandLine.arguments[0]
/// `--spin` (true), `--no-spin` (false), or neither: run SPIN where it is installed.
var spinWanted: Bool?
/// `--write-specs FOLDER`: write the specs there and measure nothing.
var writeFolder: String?
/// `--profile SPEC.json [--bounds S/P] [--max-states N] [--reduced]`: what multiplies the
/// spec's states (`StateProfile`), and nothing measured.
var profilePath: String?
var profileBounds: String?
var profileMaxStates = 5_000_000
var profileReduced = false
/// `--realapps FOLDER`: where the real apps' models are (`--v2`).
var realappsFolder: String?
var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func value(_ option: String) -> String {
  guard !arguments.isEmpty else { fail("\(option) needs a value\n\(usage)") }
  return arguments.removeFirst()
}
while !arguments.isEmpty {
  let argument = arguments.removeFirst()
  switch argument {
  case "--help", "-h":
    print(usage)
    exit(0)
  case "--quick": quick = true
  case "--v2": v2 = true
  case "--json": json = true
  case "--repeat":
    let text = value(argument)
    guard let n = Int(text), n >= 1 else {
      fail("--repeat takes a count of at least 1, not '\(text)'")
    }
    repeats = n
  case "--save": savePath = value(argument)
  case "--compare": comparePath = value(argument)
  case "--navcheck": subjectPath = value(argument)
  case "--spin": spinWanted = true
  case "--no-spin": spinWanted = false
  case "--write-specs": writeFolder = value(argument)
  case "--profile": profilePath = value(argument)
  case "--bounds": profileBounds = value(argument)
  case "--max-states":
    let text = value(argument)
    guard let n = Int(text), n >= 1 else { fail("--max-states takes a count, not '\(text)'") }
    profileMaxStates = n
  case "--reduced": profileReduced = true
  case "--realapps": realappsFolder = value(argument)
  default: fail("unknown argument '\(argument)'\n\(usage)")
  }
}

/// What one row measures: a spec written to a JSON file, or a bundled spec (custom invariants
/// have no JSON form), with the options it is checked with.
struct Subject {
  /// The row's name.
  var name: String
  var spec: NavigationSpec?
  /// A bundled spec's name or a spec file's path, where `spec` is nil.
  var bundled = ""
  var options: [String] = []
  /// Whether the run stops at `--max-states` (among `options`): its report is then
  /// incomplete, cut off there, and its counts are the first states'.
  var capped = false
}
if let profilePath {
  do {
    var spec = try NavigationSpec(
      json: try Data(contentsOf: URL(fileURLWithPath: profilePath)), file: profilePath)
    do throws(CommandError) {
      // `navcheck check --bounds`'s own parser and errors; auto keeps the spec's bounds.
      if let bounds = try profileBounds.flatMap(BoundLadder.parse) { spec.bounds = bounds }
    } catch { fail([error.message, error.hint].compactMap { $0 }.joined(separator: "\n")) }
    let profile = try spec.stateProfile(maxStates: profileMaxStates, reduced: profileReduced)
    print(
      "\(spec.name) at \(spec.bounds.maxStackDepth)/\(spec.bounds.maxPresentationDepth)"
        + (profileReduced ? ", one changed tab at a time" : "")
        + (profile.complete ? "" : " (the first \(profile.states) states)"))
    for row in profile.rows {
      let factor = Double(profile.states) / Double(max(row.values, 1))
      print(
        row.part.left(66) + String(row.values).right(12) + "  ÷" + fixed(factor, 1))
    }
  } catch { fail("\(profilePath): \(error)") }
  exit(0)
}

let specs = v2 ? SyntheticSpecs.v2Sizes : SyntheticSpecs.sizes(quick: quick)
var subjects = specs.map { Subject(name: $0.name, spec: $0) }
if v2 {
  // The client is a large reduced run on its own: `auto` would explore two million product
  // states first.
  for i in subjects.indices where subjects[i].name.hasPrefix("Client") {
    subjects[i].options = ["--reduction", "always"]
  }
  subjects.append(
    Subject(name: "Shop 6/3", spec: nil, bundled: "Shop", options: ["--bounds", "6/3"]))
  // The real app's model (issue 33): small bounds complete, larger ones to a cap of states.
  let folder = realappsFolder ?? "../shared/realapps"
  let iceCubes = URL(fileURLWithPath: folder).appendingPathComponent("icecubes.json").path
  if FileManager.default.fileExists(atPath: iceCubes) {
    for (name, options, capped) in [
      ("IceCubes 1/2", ["--bounds", "1/2", "--reduction", "never"], false),
      ("IceCubes 1/2 red", ["--bounds", "1/2", "--reduction", "always"], false),
      (
        "IceCubes 2/1 20M",
        ["--bounds", "2/1", "--reduction", "never", "--max-states", "20000000"], true
      ),
      (
        "IceCubes 2/1 r5M",
        ["--bounds", "2/1", "--reduction", "always", "--max-states", "5000000"], true
      ),
    ] {
      subjects.append(
        Subject(name: name, spec: nil, bundled: iceCubes, options: options, capped: capped))
    }
  } else if realappsFolder != nil {
    fail("--realapps \(folder): no icecubes.json there")
  }
} else if realappsFolder != nil {
  fail("--realapps measures the real apps' models with --v2 only")
}
if let writeFolder {
  let folder = URL(fileURLWithPath: writeFolder)
  do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  } catch { fail("cannot create \(writeFolder): \(error.localizedDescription)") }
  for spec in specs {
    let file = folder.appendingPathComponent("\(spec.name).json")
    do { try Data(spec.jsonValue.text().utf8).write(to: file) } catch {
      fail("cannot write \(file.path): \(error.localizedDescription)")
    }
    print(file.path)
  }
  exit(0)
}

let cores = ProcessInfo.processInfo.activeProcessorCount
let specFolder = FileManager.default.temporaryDirectory
  .appendingPathComponent("navcheck-benchmark-\(getpid())")
try? FileManager.default.createDirectory(at: specFolder, withIntermediateDirectories: true)
specFolderToRemove = specFolder

/// `spin` and `cc` where SPIN is compared: asked for, or installed (and not `--v2`).
let spinTools: (spin: String, cc: String)? = {
  if spinWanted == false { return nil }
  let spin = Spin.onPath("spin")
  let cc = Spin.onPath("cc")
  if spinWanted == true {
    if v2 { fail("--spin: SPIN is compared on the mesh family only, not with --v2") }
    guard let spin, let cc else {
      fail(
        "--spin: \(spin == nil ? "spin" : "cc") is not on PATH (Debian: apt-get install spin gcc)")
    }
    return (spin, cc)
  }
  guard !v2, let spin, let cc else {
    if !v2 {
      FileHandle.standardError.write(
        Data("navcheck-benchmark: SPIN not compared: spin or cc is not on PATH\n".utf8))
    }
    return nil
  }
  return (spin, cc)
}()

// MARK: - Measuring

/// The options that keep a navcheck executable to exploring: `--fixes never` where it has
/// suggested fixes (they explore changed specs again, on specs of at most a million states,
/// which is not the explorer's speed), nothing for an older release without them.
@MainActor func explorationOnly(_ executable: String) -> [String] {
  if let known = explorationOptions[executable] { return known }
  let help = try? ChildRun.run(executable, ["check", "--help"])
  let options =
    help.map { String(decoding: $0.output, as: UTF8.self).contains("--fixes") } == true
    ? ["--fixes", "never"] : []
  explorationOptions[executable] = options
  return options
}
var explorationOptions: [String: [String]] = [:]

/// Runs `navcheck check spec` with `options`; the fastest of `repeats` runs, with its counts.
/// Returns nil where the executable rejects the options (an older release without them).
@MainActor func measure(
  _ executable: String, _ spec: String, _ options: [String], capped: Bool = false
) -> (
  figures: Figures, states: Int, transitions: Int
)? {
  var best: (figures: Figures, states: Int, transitions: Int)?
  for _ in 0..<repeats {
    let run: ChildRun
    do {
      run = try ChildRun.run(
        executable,
        ["check", spec, "--format", "json", "--progress", "never"] + explorationOnly(executable)
          + options)
    } catch { fail("\(error)") }
    if run.status == 64 { return nil }
    guard run.status == 0 || run.status == 1,
      let report = try? JSONSerialization.jsonObject(with: run.output) as? [String: Any],
      let result = (report["results"] as? [[String: Any]])?.first,
      let states = result["states"] as? Int, let transitions = result["transitions"] as? Int,
      result["complete"] as? Bool == true || capped && result["cutoff"] as? String == "maxStates"
    else {
      fail(
        "\(executable) check \(spec) \(options.joined(separator: " ")) exited \(run.status) without a "
          + (capped ? "JSON report complete or stopped at --max-states" : "complete JSON report")
      )
    }
    let figures = Figures(seconds: run.seconds, peakBytes: run.peakBytes)
    if best == nil || figures.seconds < best!.figures.seconds {
      best = (figures, states, transitions)
    }
  }
  return best
}

/// Measures one spec (a file or a bundled spec's name) with `executable`: 1 thread, all cores,
/// all cores exact.
@MainActor func measureRow(
  _ executable: String, _ name: String, _ file: String, _ options: [String] = [],
  capped: Bool = false
) -> Row {
  guard let one = measure(executable, file, ["--threads", "1"] + options, capped: capped),
    let all = measure(executable, file, ["--threads", "\(cores)"] + options, capped: capped)
  else { fail("\(executable) does not take --threads \(options.joined(separator: " "))") }
  let exact = measure(
    executable, file, ["--threads", "\(cores)", "--exact"] + options, capped: capped)
  // Results never depend on the thread count or the mode: a benchmark that saw otherwise
  // has found a bug.
  for other in [all] + (exact.map { [$0] } ?? []) {
    if other.states != one.states || other.transitions != one.transitions {
      fail("\(name): \(one.states) states with 1 thread but \(other.states) in another run")
    }
  }
  return Row(
    spec: name, states: one.states, transitions: one.transitions, threads: cores,
    oneThread: one.figures, allThreads: all.figures, exact: exact?.figures)
}

var baseline: Results?
var baselineExecutable: String?
if let comparePath {
  if comparePath.hasSuffix(".json") {
    guard let data = FileManager.default.contents(atPath: comparePath) else {
      fail("cannot read the baseline \(comparePath)")
    }
    do { baseline = try JSONDecoder().decode(Results.self, from: data) } catch {
      fail("\(comparePath) is not a baseline saved with --save: \(error)")
    }
  } else {
    guard FileManager.default.isExecutableFile(atPath: comparePath) else {
      fail(
        "--compare takes a baseline .json saved with --save or a navcheck executable; \(comparePath) is neither"
      )
    }
    baselineExecutable = comparePath
    baseline = Results(subject: comparePath, cores: cores, rows: [])
  }
}

var rows: [Row] = []
for subject in subjects {
  var file = subject.bundled
  if let spec = subject.spec {
    file = specFolder.appendingPathComponent("\(spec.name).json").path
    guard FileManager.default.createFile(atPath: file, contents: Data(spec.jsonValue.text().utf8))
    else { fail("cannot write \(file)") }
  }
  FileHandle.standardError.write(Data("navcheck-benchmark: \(subject.name)…\n".utf8))
  // Subject and baseline take turns, so both see the same moments of a noisy machine.
  var row = measureRow(subjectPath, subject.name, file, subject.options, capped: subject.capped)
  if let spinTools {
    guard let model = MeshPromela(specName: subject.name) else {
      fail("\(subject.name) is not of the mesh family: no Promela model")
    }
    FileHandle.standardError.write(Data("navcheck-benchmark: \(subject.name): SPIN…\n".utf8))
    let folder = specFolder.appendingPathComponent("spin-\(subject.name)")
    do {
      row.spin = try Spin.measure(
        model, states: row.states, in: folder, spin: spinTools.spin, cc: spinTools.cc,
        repeats: repeats)
    } catch { fail("\(error)") }
    // The model's graph is navcheck's: the same states, and SPIN counts one transition more
    // (it counts the initial state's as one).
    if row.spin!.states != row.states || row.spin!.transitions != row.transitions + 1 {
      fail(
        "\(subject.name): SPIN explored \(row.spin!.states) states and \(row.spin!.transitions - 1) transitions, navcheck \(row.states) and \(row.transitions): the Promela model (Benchmarks/Promela.swift, written to \(folder.path)/model.pml) and the reference router disagree",
        keepingFiles: true)
    }
  }
  rows.append(row)
  if let baselineExecutable {
    baseline!.rows.append(
      measureRow(
        baselineExecutable, subject.name, file, subject.options, capped: subject.capped))
  }
}
let results = Results(subject: subjectPath, cores: cores, rows: rows)
removeSpecFolder()

// MARK: - Output

func fixed(_ x: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", x) }
extension String {
  func right(_ width: Int) -> String { leftPadded(to: width) }
  func left(_ width: Int) -> String {
    padding(toLength: max(width, count), withPad: " ", startingAt: 0)
  }
}

let encoder = JSONEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
if let savePath {
  do { try encoder.encode(results).write(to: URL(fileURLWithPath: savePath)) } catch {
    fail("cannot write \(savePath): \(error)")
  }
}
if json {
  print(String(decoding: try encoder.encode(results), as: UTF8.self))
  exit(0)
}

print(
  "navcheck check SPEC --threads 1 | \(cores) [--exact]: process wall time and peak resident memory, best of \(repeats)"
)
print(
  "spec".left(16), "states".right(11), "transitions".right(12), "1 thread".right(9),
  "\(cores) threads".right(10), "states/s".right(10), "speed-up".right(8), "B/state".right(8),
  "| exact".right(8), "states/s".right(10), "B/state".right(8), "time x".right(7),
  "memory x".right(8))
for row in rows {
  var line = [
    row.spec.left(16), grouped(row.states).right(11), grouped(row.transitions).right(12),
    (fixed(row.oneThread.seconds, 2) + " s").right(9),
    (fixed(row.allThreads.seconds, 2) + " s").right(10),
    grouped(Int(row.statesPerSecond)).right(10), (fixed(row.speedUp, 2) + "x").right(8),
    fixed(row.bytesPerState, 1).right(8),
  ]
  if let exact = row.exact {
    line += [
      ("| " + fixed(exact.seconds, 2) + " s").right(8),
      grouped(Int(Double(row.states) / exact.seconds)).right(10),
      fixed(Double(exact.peakBytes) / Double(row.states), 1).right(8),
      (fixed(exact.seconds / row.allThreads.seconds, 2) + "x").right(7),
      (fixed(Double(exact.peakBytes) / Double(row.allThreads.peakBytes), 2) + "x").right(8),
    ]
  } else {
    line.append("| no exact mode")
  }
  print(line.joined(separator: " "))
}

if rows.contains(where: { $0.spin != nil }) {
  print("")
  print(
    "SPIN's exhaustive depth-first search of the same model (pan process wall time, best of \(repeats); compilation apart) against navcheck on \(cores) threads"
  )
  print(
    "spec".left(16), "states".right(11), "compile".right(8), "SPIN".right(8),
    "states/s".right(10), "B/state".right(8), "|", "navcheck".right(8), "states/s".right(10),
    "navcheck/SPIN".right(13))
  for row in rows {
    guard let spin = row.spin else { continue }
    print(
      row.spec.left(16), grouped(row.states).right(11),
      (fixed(spin.compileSeconds, 1) + " s").right(8), (fixed(spin.seconds, 2) + " s").right(8),
      grouped(Int(Double(row.states) / spin.seconds)).right(10),
      fixed(Double(spin.peakBytes) / Double(row.states), 1).right(8),
      "|", (fixed(row.allThreads.seconds, 2) + " s").right(8),
      grouped(Int(row.statesPerSecond)).right(10),
      (fixed(spin.seconds / row.allThreads.seconds, 2) + "x").right(13))
  }
}

if let baseline {
  print("")
  print(
    "against \(baseline.subject): this build / the baseline (states/s: higher is better; bytes per state: lower)"
  )
  print(
    "spec".left(16), "states/s".right(10), "baseline".right(10), "ratio".right(7),
    "B/state".right(8), "baseline".right(9), "ratio".right(7), "speed-up".right(9),
    "baseline".right(9))
  for row in rows {
    guard let old = baseline.rows.first(where: { $0.spec == row.spec }) else {
      print(row.spec.left(16), "not in the baseline")
      continue
    }
    if old.states != row.states || old.transitions != row.transitions {
      print(
        row.spec.left(16),
        "counts differ: \(grouped(row.states)) states and \(grouped(row.transitions)) transitions here, \(grouped(old.states)) and \(grouped(old.transitions)) in the baseline"
      )
      continue
    }
    print(
      row.spec.left(16), grouped(Int(row.statesPerSecond)).right(10),
      grouped(Int(old.statesPerSecond)).right(10),
      (fixed(row.statesPerSecond / old.statesPerSecond, 2) + "x").right(7),
      fixed(row.bytesPerState, 1).right(8), fixed(old.bytesPerState, 1).right(9),
      (fixed(row.bytesPerState / old.bytesPerState, 2) + "x").right(7),
      (fixed(row.speedUp, 2) + "x").right(9), (fixed(old.speedUp, 2) + "x").right(9))
  }
}
