import Foundation

/// How a test built what a failure reproduces, read from the test's own source: the spec
/// argument of the call and the router closure's body, so the printed test compiles as it is
/// (`{ TodoRouterAdapter(variant: .shipped) }`, not `{ TodoRouterAdapter() }`).
///
/// Where the source cannot be read (a device, a moved file) it is `nil`, and the report falls
/// back to the spec's name and the adapter's type.
struct CallSource: Equatable {
  /// The spec argument: `todoApp`, `Specs.shop`.
  var spec: String
  /// The router closure's body: `TodoRouterAdapter(variant: .shipped)`.
  var router: String?
  /// The `invariants:` argument, where the call passes one: `[noDeepPaths]`.
  var invariants: String?

  /// The call at `call`'s line and column, to `function`.
  init?(_ call: TestLocation, function: String) {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: "\(call.filePath)")),
      let text = String(data: data, encoding: .utf8)
    else { return nil }
    self.init(text: text, line: Int(call.line), column: Int(call.column), function: function)
  }

  /// The call in `text` at `line` (1-based), at or after `column`.
  init?(text: String, line: Int, column: Int, function: String) {
    let characters = Array(text)
    // The offset of the line's start, then the call's name from the column on.
    var offset = 0
    var current = 1
    while current < line && offset < characters.count {
      if characters[offset] == "\n" { current += 1 }
      offset += 1
    }
    guard current == line else { return nil }
    // `#column` of a call is its opening parenthesis: the name is just before it.
    let start = min(offset + max(0, column - 1 - function.count), characters.count)
    let name = Array(function + "(")
    var at = start
    while at + name.count <= characters.count && Array(characters[at..<(at + name.count)]) != name {
      if characters[at] == "\n" && at > start { return nil }
      at += 1
    }
    guard at + name.count <= characters.count else { return nil }
    var scanner = Scanner(characters: characters, at: at + name.count)
    guard let arguments = scanner.balanced(closing: ")") else { return nil }
    let parts = Self.topLevelSplit(arguments)
    guard let first = parts.first?.trimmed, !first.isEmpty,
      !first.contains(":") || first.hasPrefix("\"")
    else { return nil }
    spec = first
    router = nil
    invariants = parts.first { $0.trimmed.hasPrefix("invariants:") }.map {
      $0.trimmed.dropFirst("invariants:".count).trimmed
    }
    if let labelled = parts.first(where: { $0.trimmed.hasPrefix("makeRouter:") }) {
      router = Self.closureBody(labelled.trimmed.dropFirst("makeRouter:".count).trimmed)
    } else {
      scanner.skipSpace()
      if scanner.peek == "{" {
        scanner.advance()
        router = scanner.balanced(closing: "}").map { $0.trimmed }
      }
    }
    if router?.isEmpty == true { router = nil }
  }

  /// `{ Body() }` → `Body()`.
  private static func closureBody(_ text: String) -> String? {
    guard text.hasPrefix("{"), text.hasSuffix("}") else { return nil }
    return String(text.dropFirst().dropLast()).trimmed
  }

  /// Splits an argument list at its top-level commas.
  private static func topLevelSplit(_ text: String) -> [String] {
    var parts: [String] = []
    var depth = 0
    var current = ""
    var inString = false
    var previous: Character = " "
    for c in text {
      if c == "\"" && previous != "\\" { inString.toggle() }
      if !inString {
        if "([{".contains(c) { depth += 1 }
        if ")]}".contains(c) { depth -= 1 }
        if c == "," && depth == 0 {
          parts.append(current)
          current = ""
          previous = c
          continue
        }
      }
      current.append(c)
      previous = c
    }
    parts.append(current)
    return parts
  }

  /// Reads balanced text, skipping strings and comments.
  private struct Scanner {
    let characters: [Character]
    var at: Int

    var peek: Character? { at < characters.count ? characters[at] : nil }
    mutating func advance() { at += 1 }

    mutating func skipSpace() {
      while let c = peek, c.isWhitespace { advance() }
    }

    /// The text up to the `closing` bracket that balances the one just read; the scanner ends
    /// past it.
    mutating func balanced(closing: Character) -> String? {
      let from = at
      var stack: [Character] = [closing]
      while let c = peek {
        advance()
        switch c {
        case "\"":
          while let d = peek, d != "\"" {
            advance()
            if d == "\\" { advance() }
          }
          advance()
        case "/" where peek == "/":
          while let d = peek, d != "\n" { advance() }
        case "(": stack.append(")")
        case "[": stack.append("]")
        case "{": stack.append("}")
        case ")", "]", "}":
          guard c == stack.last else { return nil }
          stack.removeLast()
          if stack.isEmpty { return String(characters[from..<(at - 1)]) }
        default: break
        }
      }
      return nil
    }
  }
}

extension StringProtocol {
  fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
