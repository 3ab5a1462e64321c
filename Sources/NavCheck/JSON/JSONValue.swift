/// A JSON value with the line it starts on: what the spec reader and the report writers use.
///
/// Objects keep their members in order, so written JSON is stable and diffable.
public struct JSONValue: Sendable, Equatable {
  /// The value's kind and contents.
  public enum Kind: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as written (so integers stay exact).
    case number(String)
    /// A string, unescaped.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in the order they were written.
    case object([(key: String, value: JSONValue)])

    public static func == (a: Kind, b: Kind) -> Bool {
      switch (a, b) {
      case (.null, .null): true
      case (.bool(let x), .bool(let y)): x == y
      case (.number(let x), .number(let y)): Double(x) == Double(y)
      case (.string(let x), .string(let y)): x == y
      case (.array(let x), .array(let y)): x == y
      case (.object(let x), .object(let y)):
        x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
      default: false
      }
    }
  }

  /// The contents.
  public var kind: Kind
  /// The 1-based line where the value starts in the text it was read from; 0 when built.
  public var line: Int

  /// Creates a value.
  public init(_ kind: Kind, line: Int = 0) {
    self.kind = kind
    self.line = line
  }

  public static func == (a: JSONValue, b: JSONValue) -> Bool { a.kind == b.kind }

  /// A string value.
  public static func string(_ s: String) -> JSONValue { JSONValue(.string(s)) }
  /// An integer value.
  public static func int(_ n: Int) -> JSONValue { JSONValue(.number(String(n))) }
  /// A number value.
  public static func double(_ x: Double) -> JSONValue {
    JSONValue(.number(x.isFinite ? String(format: x) : "0"))
  }
  /// A Boolean value.
  public static func bool(_ b: Bool) -> JSONValue { JSONValue(.bool(b)) }
  /// `null`.
  public static let null = JSONValue(.null)
  /// An array value.
  public static func array(_ values: [JSONValue]) -> JSONValue { JSONValue(.array(values)) }
  /// An object value whose members keep this order.
  public static func object(_ members: [(String, JSONValue)]) -> JSONValue {
    JSONValue(.object(members.map { (key: $0.0, value: $0.1) }))
  }

  /// The member named `key`, for objects.
  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = kind { return members.first { $0.key == key }?.value }
    return nil
  }

  /// What kind of value this is, in words ("a string", "an object").
  package var typeName: String {
    switch kind {
    case .null: "null"
    case .bool: "a Boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

extension String {
  /// Formats a double the way JSON writers do: no exponent for ordinary values, at most 6
  /// decimals, integers without a fraction.
  init(format x: Double) {
    if x == x.rounded() && abs(x) < 1e15 {
      self = String(Int(x))
    } else {
      var s = String((x * 1e6).rounded() / 1e6)
      if s.hasSuffix(".0") { s.removeLast(2) }
      self = s
    }
  }
}

// MARK: - Reading

/// A JSON text that is not JSON: where and why.
package struct JSONSyntaxError: Error, Sendable, Equatable {
  package var message: String
  package var line: Int
  package var column: Int
}

/// A strict RFC 8259 reader that records the line of every value.
package struct JSONReader {
  private let bytes: [UInt8]
  private var i = 0
  private var line = 1
  private var lineStart = 0
  /// How deeply values may nest: specs nest a few levels, a compiler's syntax tree hundreds.
  private var maxDepth = 512

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Reads one JSON value that fills the whole text, nested at most `maxDepth` deep.
  package static func read(
    _ bytes: [UInt8], maxDepth: Int = 512
  ) throws(JSONSyntaxError) -> JSONValue {
    var reader = JSONReader(bytes)
    reader.maxDepth = maxDepth
    reader.skipSpace()
    if reader.i == bytes.count {
      throw JSONSyntaxError(message: "the file is empty", line: 1, column: 1)
    }
    let value = try reader.value(depth: 0)
    reader.skipSpace()
    if reader.i < bytes.count {
      throw reader.error("unexpected text after the JSON value")
    }
    return value
  }

  private func error(_ message: String) -> JSONSyntaxError {
    JSONSyntaxError(message: message, line: line, column: i - lineStart + 1)
  }

  private mutating func skipSpace() {
    while i < bytes.count {
      switch bytes[i] {
      case 0x20, 0x09, 0x0D: i += 1
      case 0x0A:
        i += 1
        line += 1
        lineStart = i
      default: return
      }
    }
  }

  private func describeNext() -> String {
    guard i < bytes.count else { return "the end of the file" }
    let scalar = Unicode.Scalar(bytes[i])
    return bytes[i] < 0x80 && bytes[i] >= 0x20 ? "'\(Character(scalar))'" : "byte \(bytes[i])"
  }

  private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    guard depth < maxDepth else { throw error("the JSON is nested too deeply") }
    skipSpace()
    guard i < bytes.count else { throw error("the file ends where a value was expected") }
    let startLine = line
    switch bytes[i] {
    case UInt8(ascii: "{"):
      i += 1
      var members: [(key: String, value: JSONValue)] = []
      skipSpace()
      if i < bytes.count && bytes[i] == UInt8(ascii: "}") {
        i += 1
        return JSONValue(.object(members), line: startLine)
      }
      while true {
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
          throw error("expected a quoted key, found \(describeNext())")
        }
        let key = try string()
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
          throw error("expected ':' after key \"\(key)\", found \(describeNext())")
        }
        i += 1
        let member = try value(depth: depth + 1)
        members.append((key, member))
        skipSpace()
        guard i < bytes.count else {
          throw error("the file ends inside an object; a '}' is missing")
        }
        if bytes[i] == UInt8(ascii: ",") {
          i += 1
          continue
        }
        if bytes[i] == UInt8(ascii: "}") {
          i += 1
          return JSONValue(.object(members), line: startLine)
        }
        throw error("expected ',' or '}' after a member, found \(describeNext())")
      }
    case UInt8(ascii: "["):
      i += 1
      var elements: [JSONValue] = []
      skipSpace()
      if i < bytes.count && bytes[i] == UInt8(ascii: "]") {
        i += 1
        return JSONValue(.array(elements), line: startLine)
      }
      while true {
        elements.append(try value(depth: depth + 1))
        skipSpace()
        guard i < bytes.count else {
          throw error("the file ends inside an array; a ']' is missing")
        }
        if bytes[i] == UInt8(ascii: ",") {
          i += 1
          continue
        }
        if bytes[i] == UInt8(ascii: "]") {
          i += 1
          return JSONValue(.array(elements), line: startLine)
        }
        throw error("expected ',' or ']' after an element, found \(describeNext())")
      }
    case UInt8(ascii: "\""):
      return JSONValue(.string(try string()), line: startLine)
    case UInt8(ascii: "t"):
      try literal("true")
      return JSONValue(.bool(true), line: startLine)
    case UInt8(ascii: "f"):
      try literal("false")
      return JSONValue(.bool(false), line: startLine)
    case UInt8(ascii: "n"):
      try literal("null")
      return JSONValue(.null, line: startLine)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONValue(.number(try number()), line: startLine)
    default:
      throw error("expected a value, found \(describeNext())")
    }
  }

  private mutating func literal(_ word: String) throws(JSONSyntaxError) {
    let utf8 = Array(word.utf8)
    guard i + utf8.count <= bytes.count, Array(bytes[i..<i + utf8.count]) == utf8 else {
      throw error("expected a value, found \(describeNext())")
    }
    i += utf8.count
  }

  private mutating func number() throws(JSONSyntaxError) -> String {
    let start = i
    if bytes[i] == UInt8(ascii: "-") { i += 1 }
    func digits(_ r: inout JSONReader) -> Int {
      let s = r.i
      while r.i < r.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(r.bytes[r.i]) {
        r.i += 1
      }
      return r.i - s
    }
    let intStart = i
    guard digits(&self) > 0 else { throw error("a number needs digits") }
    if bytes[intStart] == UInt8(ascii: "0") && i - intStart > 1 {
      throw error("a number cannot start with 0")
    }
    if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
      i += 1
      guard digits(&self) > 0 else { throw error("a number needs digits after '.'") }
    }
    if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
      i += 1
      if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) {
        i += 1
      }
      guard digits(&self) > 0 else { throw error("a number needs digits in its exponent") }
    }
    return String(decoding: bytes[start..<i], as: UTF8.self)
  }

  private mutating func string() throws(JSONSyntaxError) -> String {
    i += 1
    var out: [UInt8] = []
    while true {
      guard i < bytes.count else { throw error("the file ends inside a string; a '\"' is missing") }
      let c = bytes[i]
      if c == UInt8(ascii: "\"") {
        i += 1
        guard let s = String(validating: out, as: UTF8.self) else {
          throw error("the string is not valid UTF-8")
        }
        return s
      }
      if c < 0x20 { throw error("a control character must be escaped inside a string") }
      if c != UInt8(ascii: "\\") {
        out.append(c)
        i += 1
        continue
      }
      i += 1
      guard i < bytes.count else { throw error("the file ends inside an escape") }
      let e = bytes[i]
      i += 1
      switch e {
      case UInt8(ascii: "\""): out.append(0x22)
      case UInt8(ascii: "\\"): out.append(0x5C)
      case UInt8(ascii: "/"): out.append(0x2F)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        var code = try hex4()
        if (0xD800..<0xDC00).contains(code) {
          guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
            bytes[i + 1] == UInt8(ascii: "u")
          else { throw error("a high surrogate must be followed by a low one") }
          i += 2
          let low = try hex4()
          guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate") }
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
        out.append(contentsOf: Array(String(Character(scalar)).utf8))
      default:
        throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))' in a string")
      }
    }
  }

  private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    guard i + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
    var v: UInt32 = 0
    for _ in 0..<4 {
      let c = bytes[i]
      let d: UInt32
      switch c {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
      default: throw error("a \\u escape needs four hex digits")
      }
      v = v * 16 + d
      i += 1
    }
    return v
  }
}

// MARK: - Writing

extension JSONValue {
  /// The value as JSON text: pretty-printed with `indent` spaces, or compact where `indent` is
  /// nil. Members keep their order.
  public func text(indent: Int? = 2) -> String {
    var out = ""
    write(to: &out, indent: indent, level: 0)
    return out
  }

  private func write(to out: inout String, indent: Int?, level: Int) {
    let newline = { (level: Int) -> String in
      indent.map { "\n" + String(repeating: " ", count: $0 * level) } ?? ""
    }
    switch kind {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let n): out += n
    case .string(let s): out += Self.quote(s)
    case .array(let values):
      if values.isEmpty {
        out += "[]"
        return
      }
      out += "["
      for (n, v) in values.enumerated() {
        out += (n > 0 ? "," : "") + newline(level + 1)
        v.write(to: &out, indent: indent, level: level + 1)
      }
      out += newline(level) + "]"
    case .object(let members):
      if members.isEmpty {
        out += "{}"
        return
      }
      out += "{"
      for (n, m) in members.enumerated() {
        out += (n > 0 ? "," : "") + newline(level + 1) + Self.quote(m.key)
        out += indent == nil ? ":" : ": "
        m.value.write(to: &out, indent: indent, level: level + 1)
      }
      out += newline(level) + "}"
    }
  }

  /// A JSON string literal.
  package static func quote(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case let c where c.value < 0x20:
        let hex = String(c.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
