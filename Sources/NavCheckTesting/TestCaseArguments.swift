import NavCheck
import NavCheckSupport

#if canImport(Testing)
  import Testing
#endif

/// The arguments of the Swift Testing case that is running (a `@Test(arguments:)` function):
/// what gives each case its own journal, and what a pasted reproduction binds the test's
/// parameters to.
///
/// Swift Testing does not publish a case's arguments (`Test.Case` shows `isParameterized`
/// alone), so they are read by reflection of `Test.Case.current`: its `arguments`, each with
/// its `value`, its `id` and its parameter's name. Where that layout is not found, the case is
/// still told apart, by a hash of everything reflection shows of it, and no value is pasted.
/// Under XCTest, and in a test without arguments, there are none.
struct TestCaseArguments {
  /// One argument of the case.
  struct Argument {
    /// The parameter's name inside the test function: `variant`.
    var name: String
    /// The value.
    var value: Any
    /// Swift Testing's id of the value: its JSON where it is `Codable`, else its description
    /// (`.fixed`).
    var id: String
  }

  /// The arguments, in the parameters' order; empty where reflection did not find them.
  var arguments: [Argument]
  /// What tells the case from the test's other cases in a file name: `variant_fixed`.
  var key: String
  /// The case in words, for a journal's `test`: `variant: .fixed`.
  var words: String

  /// The arguments of the case running now; `nil` outside a parameterised Swift Testing test.
  static var current: TestCaseArguments? {
    #if canImport(Testing)
      guard let testCase = Test.Case.current, testCase.isParameterized else { return nil }
      return TestCaseArguments(reflecting: testCase)
    #else
      return nil
    #endif
  }

  /// The arguments `testCase` (a `Test.Case`) holds, read by reflection.
  init(reflecting testCase: Any) {
    let mirror = Mirror(reflecting: testCase)
    let found = mirror.descendant("_kind", "parameterized", "arguments").map {
      Mirror(reflecting: $0).children.compactMap { Self.argument($0.value) }
    }
    guard let found, !found.isEmpty else {
      // An unknown layout: the case told apart by all reflection shows of it, addresses aside.
      var text = ""
      dump(testCase, to: &text)
      let stable = text.split(separator: " ").filter { !$0.hasPrefix("$") && !$0.hasPrefix("0x") }
      let hash = String(stableHash(stable.joined(separator: " ")), radix: 16)
      self.init(arguments: [], key: "case_\(hash)", words: "case \(hash)")
      return
    }
    var key = found.map { "\($0.name)_\($0.id)" }.joined(separator: "-")
    let discriminator =
      mirror.descendant("_kind", "parameterized", "discriminator") as? Int ?? 0
    if discriminator > 0 { key += "-\(discriminator)" }
    self.init(
      arguments: found, key: Self.fileNamePart(key),
      words: found.map { "\($0.name): \($0.id)" }.joined(separator: ", "))
  }

  init(arguments: [Argument], key: String, words: String) {
    self.arguments = arguments
    self.key = key
    self.words = words
  }

  /// A `Test.Case.Argument`, read by reflection: its value, id and parameter's name.
  private static func argument(_ argument: Any) -> Argument? {
    let mirror = Mirror(reflecting: argument)
    guard let value = mirror.descendant("value") else { return nil }
    let bytes = mirror.descendant("id", "bytes") as? [UInt8]
    let id = bytes.map { String(decoding: $0, as: UTF8.self) } ?? String(describing: value)
    let name =
      mirror.descendant("parameter", "secondName") as? String
      ?? mirror.descendant("parameter", "firstName") as? String ?? "_"
    return Argument(name: name, value: value, id: id)
  }

  /// `text` as part of a file name: letters and digits, runs of anything else as one `_`;
  /// a long one cut, with a hash of the whole so that two long ones still differ.
  static func fileNamePart(_ text: String) -> String {
    var part = ""
    for c in text {
      if c.isASCII && (c.isLetter || c.isNumber) {
        part.append(c)
      } else if !part.isEmpty && part.last != "_" {
        part.append("_")
      }
    }
    while part.last == "_" { part.removeLast() }
    guard part.count > 48 else { return part.isEmpty ? "case" : part }
    return part.prefix(32) + "_" + String(stableHash(text), radix: 16)
  }
}

// MARK: - Arguments as Swift

extension TestCaseArguments {
  /// The lines a pasted test starts with: each parameter that `expressions` (the spec's, the
  /// router's, the invariants' expressions, as the test wrote them) use, bound to the case's
  /// value. A value NavCheck cannot write as Swift is said so, with a placeholder to fill.
  ///
  /// ```swift
  /// let variant: RecipeVariant = .fixed
  /// ```
  func bindings(for expressions: [String]) -> [String] {
    arguments.filter { argument in
      argument.name != "_" && expressions.contains { Self.mentions(argument.name, in: $0) }
    }.flatMap { argument -> [String] in
      let type = Self.typeName(type(of: argument.value))
      if let literal = Self.swiftExpression(argument.value) {
        if let type { return ["let \(argument.name): \(type) = \(literal)"] }
        if Self.hasDefaultLiteralType(argument.value) {
          return ["let \(argument.name) = \(literal)"]
        }
      }
      return [
        "// The test case's argument `\(argument.name)` (\(argument.id)) cannot be written as Swift by NavCheck: give it here",
        "let \(argument.name)\(type.map { ": \($0)" } ?? "") = <#\(argument.name)#>",
      ]
    }
  }

  /// Whether `text` uses `name` as a value: as a whole identifier, not a member (`.name`) or
  /// an argument label (`name:`).
  static func mentions(_ name: String, in text: String) -> Bool {
    func isIdentifier(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
    var searched = text[...]
    while let range = searched.range(of: name) {
      let before =
        range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : " "
      let after = range.upperBound < text.endIndex ? text[range.upperBound] : " "
      if !isIdentifier(before) && before != "." && !isIdentifier(after) && after != ":" {
        return true
      }
      searched = text[range.upperBound...]
    }
    return false
  }

  /// Whether a literal of `value` has the value's own type without a type to fit (`"a"`,
  /// `1`, `true`, `1.5`).
  static func hasDefaultLiteralType(_ value: Any) -> Bool {
    value is String || value is Int || value is Bool || value is Double
  }

  /// `value` as a Swift expression, where the type it has is known from context (a declared
  /// type, a parameter): a string or character quoted, a number, a Boolean, `nil`, an enum case
  /// (`.fixed`, `.custom(name: "a")`, `.init(rawValue: "a")!` for a raw-value enum that
  /// describes itself), an array, set, dictionary or tuple of those. `nil` for anything else
  /// (a struct, a class, a function): no expression NavCheck writes is sure to compile.
  static func swiftExpression(_ value: Any) -> String? {
    switch value {
    case let text as String: return swiftStringLiteral(text)
    case let character as Character: return swiftStringLiteral(String(character))
    case let flag as Bool: return flag ? "true" : "false"
    case let number as any BinaryInteger: return "\(number)"
    case let number as Double: return number.isFinite ? "\(number)" : nil
    case let number as Float: return number.isFinite ? "\(number)" : nil
    default: break
    }
    let mirror = Mirror(reflecting: value)
    func list(_ children: Mirror.Children, _ element: (Any) -> String?) -> [String]? {
      var items: [String] = []
      for child in children {
        guard let item = element(child.value) else { return nil }
        items.append(item)
      }
      return items
    }
    func labelled(_ tuple: Mirror) -> String? {
      var items: [String] = []
      for child in tuple.children {
        guard let item = swiftExpression(child.value) else { return nil }
        let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
        items.append(label.map { "\($0): \(item)" } ?? item)
      }
      return items.joined(separator: ", ")
    }
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first else { return "nil" }
      return swiftExpression(wrapped.value)
    case .enum:
      guard let payload = mirror.children.first else {
        // A case without payload is its name, unless the type describes itself otherwise.
        if !(value is CustomStringConvertible || value is CustomDebugStringConvertible
          || value is TextOutputStreamable)
        {
          return "." + String(describing: value)
        }
        guard let raw = value as? any RawRepresentable, let rawValue = swiftExpression(raw.rawValue)
        else { return nil }
        return ".init(rawValue: \(rawValue))!"
      }
      guard let name = payload.label else { return nil }
      let inner = Mirror(reflecting: payload.value)
      if inner.displayStyle == .tuple {
        return labelled(inner).map { ".\(name)(\($0))" }
      }
      return swiftExpression(payload.value).map { ".\(name)(\($0))" }
    case .tuple:
      return labelled(mirror).map { "(\($0))" }
    case .collection, .set:
      return list(mirror.children, swiftExpression).map { "[\($0.joined(separator: ", "))]" }
    case .dictionary:
      let pairs = list(mirror.children) { pair in
        let parts = Mirror(reflecting: pair).children.map(\.value)
        guard parts.count == 2, let key = swiftExpression(parts[0]),
          let value = swiftExpression(parts[1])
        else { return nil }
        return "\(key): \(value)"
      }
      return pairs.map { $0.isEmpty ? "[:]" : "[\($0.joined(separator: ", "))]" }
    case .struct, .class, .foreignReference, nil:
      return nil
    @unknown default:
      return nil
    }
  }

  /// The name a test writes for `type`: `Swift.Array<App.Variant>` is `Array<Variant>`; `nil`
  /// for a type declared inside a function or private to a file, which no other place can
  /// name.
  static func typeName(_ type: Any.Type) -> String? {
    let full = String(reflecting: type)
    guard !full.contains("(") else { return nil }
    // Each qualified name loses its first part, the module.
    var name = ""
    var word = ""
    func flush() {
      if let dot = word.firstIndex(of: ".") { word = String(word[word.index(after: dot)...]) }
      name += word
      word = ""
    }
    for c in full {
      if c.isLetter || c.isNumber || c == "_" || c == "." {
        word.append(c)
      } else {
        flush()
        name.append(c)
      }
    }
    flush()
    return name
  }
}
