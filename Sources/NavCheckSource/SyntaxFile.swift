import NavCheck

/// One Swift source file of an app with its syntax tree: the JSON that
/// `swiftc -frontend -dump-parse -dump-ast-format json` prints for it, read with its text.
///
/// The parser's tree has no types (it runs before type checking) and ranges on declarations
/// and statements only; the file's text supplies what it leaves out (a property's type, the
/// line of a call).
///
/// ```swift
/// let file = try SyntaxFile(path: "Sources/Home.swift", text: source, tree: json)
/// file.line(at: 120)   // the 1-based line of byte offset 120
/// ```
public struct SyntaxFile: Sendable {
  /// The file's path as reports show it (relative to the folder given).
  public var path: String
  /// The file's path on disk, for editors (reports that need an absolute path).
  public var filePath: String
  /// The file's bytes (UTF-8).
  public var text: [UInt8]
  /// The parser's tree.
  var tree: JSONValue
  /// The byte offset of each line's start.
  private var lineStarts: [Int]

  /// Reads a file's syntax tree.
  ///
  /// - Throws: `SyntaxTreeError` where `tree` is not JSON or not a source file's tree.
  public init(
    path: String, filePath: String? = nil, text: [UInt8], tree: [UInt8]
  ) throws(SyntaxTreeError) {
    let value: JSONValue
    do { value = try JSONReader.read(tree, maxDepth: 4096) } catch {
      throw SyntaxTreeError(
        path: path,
        reason: "its syntax tree is not valid JSON (\(error.message), line \(error.line))")
    }
    guard value.nodeKind == "source_file" else {
      throw SyntaxTreeError(path: path, reason: "its syntax tree is not a source file's")
    }
    self.path = path
    self.filePath = filePath ?? path
    self.text = text
    self.tree = value
    var starts = [0]
    for (offset, byte) in text.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(offset + 1)
    }
    lineStarts = starts
  }

  /// The 1-based line of a byte offset.
  ///
  /// - Complexity: O(log lines)
  public func line(at offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count
    while low + 1 < high {
      let middle = (low + high) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle }
    }
    return low + 1
  }

  /// The offset of the end of the line holding `offset`.
  func endOfLine(_ offset: Int) -> Int {
    var at = max(0, offset)
    while at < text.count && text[at] != UInt8(ascii: "\n") { at += 1 }
    return at
  }

  /// The text of a byte range, clamped to the file.
  func slice(_ range: Range<Int>) -> String {
    let lower = max(0, min(range.lowerBound, text.count))
    let upper = max(lower, min(range.upperBound, text.count))
    return String(decoding: text[lower..<upper], as: UTF8.self)
  }

  /// The offset of the first `word` (a whole identifier) in `range` at or after `from`, or of
  /// the last one before `before`.
  func find(_ word: String, in range: Range<Int>, before: Int? = nil) -> Int? {
    let bytes = Array(word.utf8)
    guard !bytes.isEmpty else { return nil }
    let lower = max(0, range.lowerBound)
    let upper = min(text.count, range.upperBound)
    guard upper - lower >= bytes.count else { return nil }
    func isIdentifier(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39)
        || (byte | 0x20 >= 0x61
          && byte | 0x20 <= 0x7A)
        || byte >= 0x80
    }
    func matches(_ at: Int) -> Bool {
      guard at + bytes.count <= upper else { return false }
      for i in 0..<bytes.count where text[at + i] != bytes[i] { return false }
      if at > 0 && isIdentifier(text[at - 1]) { return false }
      if at + bytes.count < text.count && isIdentifier(text[at + bytes.count]) { return false }
      return true
    }
    if let before {
      var at = min(before, upper) - bytes.count
      while at >= lower {
        if matches(at) { return at }
        at -= 1
      }
      return nil
    }
    var at = lower
    while at + bytes.count <= upper {
      if matches(at) { return at }
      at += 1
    }
    return nil
  }
}

/// A file whose syntax tree cannot be read: the draft names it and goes on with the others.
///
/// ```swift
/// do { files.append(try SyntaxFile(path: path, text: text, tree: tree)) } catch {
///   print("warning: \(error)")   // Broken.swift: its syntax tree is not valid JSON (…)
/// }
/// ```
public struct SyntaxTreeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file.
  public var path: String
  /// Why, in words.
  public var reason: String

  /// Creates the error.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `File.swift: why`.
  public var description: String { "\(path): \(reason)" }
}

extension JSONValue {
  /// The node's `_kind` (`call_expr`, `struct_decl`), or `nil` for a value that is no node.
  var nodeKind: String? { self["_kind"]?.stringValue }

  /// The text of a string value.
  var stringValue: String? {
    if case .string(let text) = kind { return text }
    return nil
  }

  /// An integer value (the parser writes offsets as numbers).
  var intValue: Int? {
    if case .number(let text) = kind { return Int(text) }
    if case .string(let text) = kind { return Int(text) }
    return nil
  }

  /// The elements of an array value.
  var elements: [JSONValue] {
    if case .array(let values) = kind { return values }
    return []
  }

  /// The byte range of a declaration or statement.
  var byteRange: Range<Int>? {
    guard let range = self["range"], let start = range["start"]?.intValue,
      let end = range["end"]?.intValue
    else { return nil }
    return start..<max(start, end)
  }

  /// A declaration's name (`decl_name.base_name.name`).
  var declName: String? { self["name"]?["base_name"]?["name"]?.stringValue }

  /// A flag such as `static` or `async` of a declaration.
  func flag(_ key: String) -> Bool {
    guard let value = self[key] else { return false }
    if case .bool(let b) = value.kind { return b }
    return value.stringValue == "true"
  }

  /// The nodes this node holds, in the parser's order, without the parser's duplicates
  /// (`processed_init` repeats `original_init`).
  var childNodes: [JSONValue] {
    switch kind {
    case .object(let members):
      var nodes: [JSONValue] = []
      for (key, value) in members {
        switch key {
        case "range", "function_ref", "processed_init", "implicit_self_decl", "compiler_version":
          continue
        default: break
        }
        switch value.kind {
        case .object: nodes.append(value)
        case .array(let values): nodes += values
        default: break
        }
      }
      return nodes
    case .array(let values): return values
    default: return []
    }
  }
}
