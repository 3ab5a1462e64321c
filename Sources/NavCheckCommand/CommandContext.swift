import NavCheck

/// What a command works with: where to write, how to load specs, its arguments.
struct CommandContext<Options: CommandOptions> {
  var console: Console
  var loader: SpecLoader
  var arguments: CommandArguments<Options>
}

extension CommandContext where Options: WritesReport {
  /// Writes a report to `--output FILE`, or to stdout.
  func emit(_ text: String) throws(CommandError) {
    guard let path = try arguments.value(of: \.output) else {
      console.out(text)
      return
    }
    try ReportOutput(path: path, console: console).write(text)
  }
}

extension CommandContext where Options: PicksOneSpec {
  /// The one spec a command works on: the only spec its SPEC arguments name, or the one
  /// `--spec NAME` picks among them (or else `preferred`, where that is one of them). Only the
  /// chosen spec is validated.
  ///
  /// - Throws: 64 for no SPEC, an unknown `--spec` name (with a "did you mean" and the names),
  ///   or several specs and no `--spec`; what loading and validating throws.
  func singleSpec(
    _ specArguments: [String], usage: String, preferred: String? = nil
  ) throws(CommandError) -> ChosenSpec {
    guard !specArguments.isEmpty else {
      throw .usage("missing SPEC", hint: "usage: navcheck \(usage)")
    }
    var candidates: [ChosenSpec] = []
    for argument in specArguments {
      candidates += try loader.specs(argument).map { ChosenSpec(spec: $0, argument: argument) }
    }
    let names = candidates.map(\.spec.name)
    let source = specArguments.joined(separator: ", ")
    let chosen: ChosenSpec
    if let wanted = try arguments.value(of: \.spec) {
      var matches = candidates.filter { $0.spec.name == wanted }
      if matches.isEmpty {
        matches = candidates.filter { $0.spec.name.lowercased() == wanted.lowercased() }
      }
      guard let match = matches.first else {
        throw .usage(
          "no spec named '\(wanted)' in \(source)" + didYouMean(wanted, names),
          hint: "specs in \(source): \(names.joined(separator: ", "))")
      }
      guard matches.count == 1 else {
        throw .usage(
          "\(matches.count) specs are named '\(match.spec.name)' (in "
            + matches.map(\.argument).joined(separator: ", ") + "); name only one of their SPECs")
      }
      chosen = match
    } else if candidates.count == 1 {
      chosen = candidates[0]
    } else if let preferred, let match = candidates.first(where: { $0.spec.name == preferred }) {
      chosen = match
    } else {
      let subject =
        specArguments.count == 1 ? "\(source) declares" : "the SPECs \(source) name"
      throw .usage(
        "\(subject) \(candidates.count) specs (\(names.joined(separator: ", "))); "
          + "this command takes one: pick it with --spec NAME",
        hint: "usage: navcheck \(usage)")
    }
    try loader.validate(chosen.spec)
    return chosen
  }
}

/// The spec a command works on, with the SPEC argument it came from.
struct ChosenSpec {
  var spec: NavigationSpec
  /// The SPEC argument that named it: a bundled spec's name, a file, `FILE#NAME`, or `-`.
  var argument: String
}
