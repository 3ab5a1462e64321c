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

  /// How a synopsis shows it: `--threads N`, `--format text|json`, `--exact`.
  var synopsis: String {
    guard let value else { return "--" + name }
    return "--\(name) " + (choices.isEmpty ? value : choices.joined(separator: "|"))
  }
}

/// A command's arguments once read: its positionals and the options given. A command reads an
/// option through its typed declaration (`CommandArguments.value(of:)`), not by its name.
struct ParsedArguments: Sendable {
  var positionals: [String] = []
  /// The options given, by name: each one's value as given (the last where it is given twice),
  /// a flag's empty.
  private var values: [String: String] = [:]
  /// Whether `--help` or `-h` was given.
  var wantsHelp = false
  /// The arguments that are options, with their values, as given and in order (`--` left out).
  var optionArguments: [String] = []

  /// The text given for `option` (empty for a flag), or `nil`.
  func given(_ option: OptionDeclaration) -> String? { values[option.name] }

  fileprivate mutating func record(_ option: OptionDeclaration, _ value: String) {
    values[option.name] = value
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
    let writes = declarations.filter { $0.writesFile && given($0) != nil }.map(\.name)
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
        parsed.record(option, "")
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
      parsed.record(option, value)
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
