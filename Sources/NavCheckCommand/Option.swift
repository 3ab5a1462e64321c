import Foundation
import NavCheck

/// One option of a command, typed: how the command line spells it, which parsing, help, the
/// plugin (`navcheck _arguments`) and the synopsis read, and how its text becomes a value, with
/// its default and its errors.
///
/// A command reads it through the key path of its options, so an option that is misspelled, or
/// is another command's, does not compile:
///
/// ```swift
/// let format = try context.arguments.value(of: \.format)   // a ReportFormat
/// ```
struct Option<Value: Sendable>: DeclaredOption {
  /// How the command line spells it: the option, then the flag that is its alternative where
  /// it has one (`--reduction WHEN | --no-reduction`).
  var spellings: [OptionDeclaration]
  /// Its value in a command's arguments; throws where the text given is not one.
  var read: @Sendable (ParsedArguments) throws(CommandError) -> Value

  /// An option whose value `convert` makes of its text; `fallback` where it is not given.
  init(
    _ name: String, value: String, fallback: Value, writesFile: Bool = false, help: String,
    convert: @escaping @Sendable (String) throws(CommandError) -> Value
  ) {
    let declaration = OptionDeclaration(
      name: name, value: value, writesFile: writesFile, help: help)
    spellings = [declaration]
    read = { parsed throws(CommandError) in
      guard let text = parsed.given(declaration) else { return fallback }
      return try convert(text)
    }
  }

  private init(
    spellings: [OptionDeclaration],
    read: @escaping @Sendable (ParsedArguments) throws(CommandError) -> Value
  ) {
    self.spellings = spellings
    self.read = read
  }

  func check(_ parsed: ParsedArguments) throws(CommandError) { _ = try read(parsed) }

  /// This option, or the flag `--name` that means `meaning`; the two cannot be given together.
  func or(_ name: String, meaning: Value, help: String) -> Self {
    let flag = OptionDeclaration(name: name, value: nil, help: help)
    let option = spellings[0]
    let read = self.read
    return Option(spellings: spellings + [flag]) { parsed throws(CommandError) in
      guard parsed.given(flag) != nil else { return try read(parsed) }
      guard parsed.given(option) == nil else {
        throw .usage("--\(flag.name) and --\(option.name) cannot be given together")
      }
      return meaning
    }
  }
}

/// An option as its command declares it, whatever its type: how the command line spells it, and
/// whether the text given is a value of it.
protocol DeclaredOption: Sendable {
  var spellings: [OptionDeclaration] { get }
  /// Throws where the text given for it is not a value of it.
  func check(_ parsed: ParsedArguments) throws(CommandError)
}

extension Option where Value == Bool {
  /// A flag: `true` where given.
  static func flag(_ declaration: OptionDeclaration) -> Self {
    Option(spellings: [declaration]) { parsed in parsed.given(declaration) != nil }
  }

  /// A flag: `true` where given.
  static func flag(_ name: String, help: String) -> Self {
    flag(OptionDeclaration(name: name, value: nil, help: help))
  }
}

extension Option where Value == String? {
  /// A text, such as a file, as given; `nil` where it is not.
  static func text(
    _ name: String, value: String, writesFile: Bool = false, help: String
  ) -> Self {
    Option(name, value: value, fallback: nil, writesFile: writesFile, help: help) { $0 }
  }

  /// `--spec NAME`, of the commands that work on one spec.
  static var spec: Self {
    .text("spec", value: "NAME", help: "The spec to use where SPEC declares several.")
  }

  /// `--output FILE`, of the commands that write a report.
  static var output: Self { Option(spellings: [.output]) { parsed in parsed.given(.output) } }
}

extension Option where Value == Int {
  /// A whole number of at least `minimum` (`1_000` too); `fallback` where it is not given.
  static func count(
    _ name: String, value: String = "N", minimum: Int, fallback: Int, help: String
  ) -> Self {
    Option(name, value: value, fallback: fallback, help: help) { text throws(CommandError) in
      try wholeNumber(text, of: name, minimum: minimum)
    }
  }

  /// A size in bytes: `800M`, `12G`, `1.5G`, `65536` (K, M, G, T are powers of 1024; a
  /// trailing `B` or `iB` is allowed).
  static func size(_ name: String, fallback: Int, help: String) -> Self {
    Option(name, value: "SIZE", fallback: fallback, help: help) { text throws(CommandError) in
      var number = text.uppercased().replacingOccurrences(of: "_", with: "")
      for suffix in ["IB", "B"] where number.hasSuffix(suffix) && number.count > suffix.count {
        number.removeLast(suffix.count)
        break
      }
      var scale = 1.0
      if let unit = number.last, let power = ["K": 1, "M": 2, "G": 3, "T": 4][String(unit)] {
        scale = pow(1024, Double(power))
        number.removeLast()
      }
      guard let value = Double(number), value > 0, value * scale < Double(Int.max) else {
        throw .usage(
          "--\(name) takes a size such as 800M, 12G or 1.5G (bytes, or K, M, G, T), not '\(text)'")
      }
      return Int(value * scale)
    }
  }
}

extension Option where Value == Int? {
  /// A whole number of at least `minimum`; `nil` where it is not given.
  static func count(_ name: String, value: String = "N", minimum: Int, help: String) -> Self {
    Option(name, value: value, fallback: nil, help: help) { text throws(CommandError) in
      try wholeNumber(text, of: name, minimum: minimum)
    }
  }
}

extension Option where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
  /// One of `cases` (all of them unless given), by its raw value; `fallback` where it is not
  /// given. The reader refuses another word with a "did you mean".
  static func choice(
    _ name: String, value: String, among cases: [Value] = Array(Value.allCases),
    fallback: Value, help: String
  ) -> Self {
    let declaration = OptionDeclaration(
      name: name, value: value, choices: cases.map(\.rawValue), help: help)
    return Option(spellings: [declaration]) { parsed throws(CommandError) in
      guard let text = parsed.given(declaration) else { return fallback }
      guard let choice = cases.first(where: { $0.rawValue == text }) else {
        throw CommandError(.internalError, "--\(name) \(text) passed the reader but is no choice")
      }
      return choice
    }
  }

  /// `--format FORMAT`: one of `cases`, `fallback` where it is not given, which its help names.
  static func format(
    _ what: String = "Output format", among cases: [Value] = Array(Value.allCases),
    fallback: Value
  ) -> Self {
    .choice(
      "format", value: "FORMAT", among: cases, fallback: fallback,
      help: "\(what) (default \(fallback.rawValue)).")
  }
}

/// `text` as a whole number of at least `minimum` (`_` may group its digits), for `--name`.
func wholeNumber(_ text: String, of name: String, minimum: Int) throws(CommandError) -> Int {
  let digits = text.replacingOccurrences(of: "_", with: "")
  guard let value = Int(digits), value >= minimum else {
    throw .usage("--\(name) takes a whole number of at least \(minimum), not '\(text)'")
  }
  return value
}

extension OptionDeclaration {
  /// `--output FILE`; the command line reads it before any command runs.
  static let output = OptionDeclaration(
    name: "output", value: "FILE", writesFile: true,
    help: "Write the report to FILE instead of stdout.")
  /// `--verbose`; the runner of a `.swift` spec file reads it as well.
  static let verbose = OptionDeclaration(
    name: "verbose", value: nil,
    help:
      "Where a .swift spec's own code crashes (an invariant), also show the runtime's backtrace; after each run, the bytes per state the explorer's tables took."
  )
}

/// The options of one command, as typed properties (`CheckOptions`); its help, synopsis and
/// reader list them in the order of `all`.
protocol CommandOptions: Sendable {
  init()
  /// Every option, in the order help lists them.
  var all: [any DeclaredOption] { get }
}

/// The options of a command that writes a report.
protocol WritesReport: CommandOptions {
  var output: Option<String?> { get }
}

/// The options of a command that works on one spec.
protocol PicksOneSpec: CommandOptions {
  var spec: Option<String?> { get }
}

/// A command's arguments, read through its typed options.
struct CommandArguments<Options: CommandOptions> {
  var parsed: ParsedArguments
  private let options = Options()

  init(_ parsed: ParsedArguments) { self.parsed = parsed }

  /// The arguments that are not options: SPECs, and `replay`'s TRACE.
  var positionals: [String] { parsed.positionals }

  /// An option's value, its fallback where it is not given.
  ///
  /// - Throws: 64 where its text is not a value of the option.
  func value<Value>(of option: KeyPath<Options, Option<Value>>) throws(CommandError) -> Value {
    try options[keyPath: option].read(parsed)
  }
}
