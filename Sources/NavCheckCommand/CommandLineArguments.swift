import Foundation
import NavCheck

/// An option a command accepts: `--threads 4`, `--threads=4`, or a flag such as `--states`.
struct OptionDeclaration: Sendable {
  /// The long name without dashes.
  var name: String
  /// The value's placeholder in help (`N`, `FILE`); `nil` for a flag.
  var value: String?
  /// The values it accepts, where they are a fixed set.
  var choices: [String] = []
  /// Whether its value names a file the command writes.
  var writesFile = false
  /// One line of help.
  var help: String
}

/// A command's arguments once read: its positionals, option values and flags.
struct ParsedArguments: Sendable {
  var positionals: [String] = []
  var values: [String: String] = [:]
  var flags: Set<String> = []
  /// Whether `--help` or `-h` was given.
  var wantsHelp = false
  /// The arguments that are options, with their values, as given and in order (`--` left out).
  var optionArguments: [String] = []

  /// An option's value, if given.
  subscript(option: String) -> String? { values[option] }

  /// An integer option: at least `minimum`, `fallback` where absent.
  func integer(_ option: String, minimum: Int, fallback: Int) throws(CommandError) -> Int {
    guard let text = values[option] else { return fallback }
    let digits = text.replacingOccurrences(of: "_", with: "")
    guard let value = Int(digits), value >= minimum else {
      throw .usage("--\(option) takes a whole number of at least \(minimum), not '\(text)'")
    }
    return value
  }

  /// A size in bytes: `800M`, `12G`, `1.5G`, `65536` (K, M, G, T are powers of 1024; a
  /// trailing `B` or `iB` is allowed).
  func size(_ option: String, fallback: Int) throws(CommandError) -> Int {
    guard let text = values[option] else { return fallback }
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
        "--\(option) takes a size such as 800M, 12G or 1.5G (bytes, or K, M, G, T), not '\(text)'")
    }
    return Int(value * scale)
  }
}

extension ParsedArguments {
  /// What `navcheck _arguments COMMAND ARG…` prints: the positionals (`specs`), the options
  /// with their values as given (`options`), and the names of the given options that write a
  /// file (`writes`, sorted).
  ///
  /// ```json
  /// {"specs": ["NavCheck/App.swift"], "options": ["--bounds", "4/2"], "writes": []}
  /// ```
  func jsonValue(_ declarations: [OptionDeclaration]) -> JSONValue {
    let writes = declarations.filter { $0.writesFile && values[$0.name] != nil }.map(\.name)
    return .object([
      ("specs", .array(positionals.map { .string($0) })),
      ("options", .array(optionArguments.map { .string($0) })),
      ("writes", .array(writes.sorted().map { .string($0) })),
    ])
  }
}

/// Reads a command's arguments plainly: options anywhere, `--name value` or `--name=value`,
/// `--` ends the options; an unknown option or value gets a "did you mean".
struct ArgumentReader {
  /// The command, for messages (`navcheck check`).
  var command: String
  var options: [OptionDeclaration]

  func read(_ arguments: [String]) throws(CommandError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      if argument == "-h" || argument == "--help" {
        parsed.wantsHelp = true
        parsed.optionArguments.append(argument)
        continue
      }
      var name = String(argument.drop { $0 == "-" })
      var inlineValue: String?
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard let option = options.first(where: { $0.name == name }) else {
        let known = options.map { "--" + $0.name } + ["--help"]
        throw .usage(
          "unknown option '\(argument.split(separator: "=").first.map(String.init) ?? argument)' for '\(command)'"
            + didYouMean("--" + name, known),
          hint: "see '\(command) --help'")
      }
      parsed.optionArguments.append(argument)
      guard let placeholder = option.value else {
        if inlineValue != nil { throw .usage("--\(name) takes no value") }
        parsed.flags.insert(name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count {
        value = arguments[index]
        parsed.optionArguments.append(value)
        index += 1
      } else {
        throw .usage("--\(name) needs a value: --\(name) \(placeholder)")
      }
      if !option.choices.isEmpty && !option.choices.contains(value) {
        throw .usage(
          "unknown value '\(value)' for --\(name) (one of \(option.choices.joined(separator: ", ")))"
            + didYouMean(value, option.choices))
      }
      parsed.values[name] = value
    }
    return parsed
  }
}

/// A word as a POSIX shell reads it back: as it is where that is safe, else in single quotes.
func shellQuoted(_ word: String) -> String {
  let plain = word.unicodeScalars.allSatisfy { scalar in
    scalar.isASCII
      && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        || "-_./:=@%+,".unicodeScalars.contains(scalar))
  }
  if plain && !word.isEmpty { return word }
  return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}
