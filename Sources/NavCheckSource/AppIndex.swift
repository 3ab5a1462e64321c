import NavCheck

/// What an app declares, read from its files' syntax trees: its types, their enum cases,
/// properties (with the type written in the source) and methods, and the static members that
/// construct a type (a coordinator's route constructors). The first pass of a draft.
struct AppIndex {
  /// A type and its members, merged over its extensions.
  struct TypeInfo {
    var name: String
    /// `enum`, `struct`, `class`, `actor`, `protocol`, or `extension` where only extensions
    /// declare it.
    var declaration: String
    /// Where it is first declared.
    var place: Place
    /// What it inherits and conforms to, as written (`Hashable`, `Identifiable`).
    var inherits: [String] = []
    var cases: [Member] = []
    var properties: [Property] = []
    var methods: [Method] = []
    /// Static functions and properties that return this type.
    var constructors: [Method] = []
  }

  /// A place in the app's sources.
  struct Place: Hashable, Comparable {
    var file: Int
    var offset: Int

    static func < (a: Place, b: Place) -> Bool { (a.file, a.offset) < (b.file, b.offset) }
  }

  struct Member {
    var name: String
    var place: Place
  }

  struct Property {
    var name: String
    /// The type as written (`[Route]`, `SheetDestination?`), or empty where it is inferred.
    var type: String
    /// Its attributes' names (`Published`, `State`, `Environment`).
    var attributes: [String]
    /// The text after `=`, where it has one.
    var initial: String
    var isStatic: Bool
    var place: Place
  }

  struct Method {
    var name: String
    /// Parameters as written: (argument label, name, type).
    var parameters: [(label: String, name: String, type: String)]
    var result: String
    var isStatic: Bool
    var isAsync: Bool
    var body: JSONValue?
    var place: Place
  }

  var files: [SyntaxFile]
  var types: [String: TypeInfo] = [:]
  /// Type names in the order first seen.
  var order: [String] = []

  init(files: [SyntaxFile]) {
    self.files = files
    for (index, file) in files.enumerated() {
      for item in file.tree["items"]?.elements ?? [] { declare(item, file: index, outer: nil) }
    }
  }

  func place(_ file: Int, _ node: JSONValue) -> Place? {
    node.byteRange.map { Place(file: file, offset: $0.lowerBound) }
  }

  func line(_ place: Place) -> Int { files[place.file].line(at: place.offset) }

  func location(_ place: Place) -> SourceLocation {
    let file = files[place.file]
    return SourceLocation(fileID: file.path, filePath: file.filePath, line: line(place))
  }

  private mutating func info(_ name: String, declaration: String, place: Place) -> TypeInfo {
    if var existing = types[name] {
      if existing.declaration == "extension" && declaration != "extension" {
        existing.declaration = declaration
        existing.place = place
      }
      return existing
    }
    order.append(name)
    return TypeInfo(name: name, declaration: declaration, place: place)
  }

  private mutating func declare(_ node: JSONValue, file: Int, outer: String?) {
    guard let kind = node.nodeKind else { return }
    let declarations = [
      "enum_decl": "enum", "struct_decl": "struct", "class_decl": "class", "actor_decl": "actor",
      "protocol_decl": "protocol", "extension_decl": "extension",
    ]
    guard let declaration = declarations[kind] else {
      // Top-level code: nothing to index, but its closures may declare types rarely; skip.
      return
    }
    var name = node.declName ?? ""
    if kind == "extension_decl" {
      name = Self.lastComponent(node["extended_type"]?.stringValue ?? "")
    }
    guard !name.isEmpty, let place = place(file, node) ?? Optional(Place(file: file, offset: 0))
    else { return }
    var type = info(name, declaration: declaration, place: place)
    type.inherits += inherited(node, file: file)
    for child in node["members"]?.elements ?? [] {
      member(child, file: file, into: &type)
    }
    types[name] = type
    for member in node["members"]?.elements ?? [] {
      if let memberKind = member.nodeKind, declarations[memberKind] != nil {
        declare(member, file: file, outer: name)
      }
    }
  }

  /// `X.Y.Z` → `Z`; generic arguments dropped.
  static func lastComponent(_ type: String) -> String {
    var text = type
    if let angle = text.firstIndex(of: "<") { text = String(text[..<angle]) }
    return text.split(separator: ".").last.map(String.init)?.trimmingSpaces ?? ""
  }

  /// What a type declaration's header says it inherits: the text between its name and `{`.
  private func inherited(_ node: JSONValue, file: Int) -> [String] {
    guard let range = node.byteRange else { return [] }
    let header = files[file].slice(range.lowerBound..<min(range.upperBound, range.lowerBound + 400))
    guard let brace = header.firstIndex(of: "{") else { return [] }
    let head = header[..<brace]
    guard let colon = head.firstIndex(of: ":") else { return [] }
    var list = String(head[head.index(after: colon)...])
    if let whereClause = list.range(of: " where ") {
      list = String(list[..<whereClause.lowerBound])
    }
    return list.split(separator: ",").map {
      Self.lastComponent($0.replacingOccurrences(of: "@MainActor", with: ""))
    }.filter { !$0.isEmpty }
  }

  private mutating func member(_ node: JSONValue, file: Int, into type: inout TypeInfo) {
    switch node.nodeKind {
    case "enum_case_decl":
      for element in node["elements"]?.elements ?? [] {
        guard let name = element.declName, let place = place(file, element) else { continue }
        if !type.cases.contains(where: { $0.name == name }) {
          type.cases.append(Member(name: name, place: place))
        }
      }
    case "pattern_binding_decl":
      guard let range = node.byteRange else { return }
      // A range ends where its last token starts: read on to the end of that line.
      let text = files[file].slice(range.lowerBound..<files[file].endOfLine(range.upperBound))
      for entry in node["pattern_entries"]?.elements ?? [] {
        guard let name = Self.patternName(entry["pattern"]) else { continue }
        let (declaredType, initial) = Self.typeAndInitial(of: name, in: text)
        type.properties.append(
          Property(
            name: name, type: declaredType, attributes: [], initial: initial, isStatic: false,
            place: Place(file: file, offset: range.lowerBound)))
      }
    case "var_decl":
      // The pattern binding before it gave the property; the var gives attributes, `static`
      // and, for a computed static property, a constructor.
      guard let name = node.declName,
        let index = type.properties.lastIndex(where: { $0.name == name })
      else { return }
      type.properties[index].attributes = attributes(node, file: file)
      type.properties[index].isStatic = node.flag("static")
      if node.flag("static") {
        let property = type.properties[index]
        let body = node["accessors"]?.elements.first?["body"]
        if Self.lastComponent(property.type.replacingOccurrences(of: "Self", with: type.name))
          == type.name || property.type == "Self"
        {
          type.constructors.append(
            Method(
              name: name, parameters: [], result: type.name, isStatic: true, isAsync: false,
              body: body, place: property.place))
        }
      }
    case "func_decl":
      guard let name = node.declName, let range = node.byteRange else { return }
      let place = Place(file: file, offset: range.lowerBound)
      let bodyStart = node["body"]?.byteRange?.lowerBound ?? range.upperBound
      let header = files[file].slice(range.lowerBound..<bodyStart)
      var result = node["result"]?["id"]?.stringValue ?? ""
      if result.isEmpty, let arrow = header.range(of: "->", options: .backwards) {
        result = Self.lastComponent(String(header[arrow.upperBound...]).trimmingSpaces)
      }
      let method = Method(
        name: name, parameters: Self.parameters(header), result: result,
        isStatic: node.flag("static"), isAsync: header.contains(" async"), body: node["body"],
        place: place)
      type.methods.append(method)
      if method.isStatic && (result == type.name || result == "Self") {
        type.constructors.append(method)
      }
    default: break
    }
  }

  private func attributes(_ node: JSONValue, file: Int) -> [String] {
    var names: [String] = []
    for attribute in node["attrs"]?.elements ?? [] where attribute.nodeKind == "custom_attr" {
      guard let range = attribute.byteRange else { continue }
      let text = files[file].slice(range.lowerBound..<range.lowerBound + 64)
      let name = text.drop { $0 == "@" }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      if !name.isEmpty { names.append(String(name)) }
    }
    return names
  }

  static func patternName(_ pattern: JSONValue?) -> String? {
    guard let pattern else { return nil }
    if let name = pattern.declName { return name }
    return patternName(pattern["sub_pattern"])
  }

  /// The type written after `name:` and the text after `=` in a property's declaration.
  static func typeAndInitial(of name: String, in text: String) -> (String, String) {
    guard let nameRange = text.range(of: name) else { return ("", "") }
    let rest = text[nameRange.upperBound...]
    var type = ""
    var initial = ""
    if let first = rest.first(where: { $0 != " " }), first == ":" {
      let afterColon = rest[rest.index(after: rest.firstIndex(of: ":")!)...]
      let end =
        afterColon.firstIndex { $0 == "=" || $0 == "{" || $0 == "\n" } ?? afterColon.endIndex
      type = String(afterColon[..<end]).trimmingSpaces
      if end < afterColon.endIndex, afterColon[end] == "=" {
        initial = String(afterColon[afterColon.index(after: end)...]).trimmingSpaces
      }
    } else if let equals = rest.firstIndex(of: "=") {
      initial = String(rest[rest.index(after: equals)...]).trimmingSpaces
    }
    return (type, initial)
  }

  /// The parameters of a function header `func f(to route: Route, _ x: Int) -> …`.
  static func parameters(_ header: String) -> [(label: String, name: String, type: String)] {
    guard let open = header.firstIndex(of: "(") else { return [] }
    var depth = 0
    var current = ""
    var parts: [String] = []
    for character in header[header.index(after: open)...] {
      if character == "(" || character == "[" || character == "<" { depth += 1 }
      if character == ")" || character == "]" || character == ">" {
        if depth == 0 && character == ")" { break }
        depth -= 1
      }
      if character == "," && depth == 0 {
        parts.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.trimmingSpaces.isEmpty { parts.append(current) }
    return parts.compactMap { part in
      guard let colon = part.firstIndex(of: ":") else { return nil }
      let names = part[..<colon].split(separator: " ").map(String.init)
      var type = String(part[part.index(after: colon)...])
      if let equals = type.firstIndex(of: "=") { type = String(type[..<equals]) }
      type = type.replacingOccurrences(of: "inout ", with: "").trimmingSpaces
      guard let name = names.last else { return nil }
      return (label: names.count > 1 ? names[names.count - 2] : name, name: name, type: type)
    }
  }

  /// The route type named by a type as written: `[Route]` → `Route`, `Route?` → `Route`,
  /// `Binding<Route?>` → `Route`.
  static func elementType(_ written: String) -> String {
    var text = written.trimmingSpaces
    for wrapper in ["Binding<", "Published<", "State<"] where text.hasPrefix(wrapper) {
      text = String(text.dropFirst(wrapper.count).dropLast())
    }
    text = text.trimmingCharacters(in: "?!")
    if text.hasPrefix("[") && text.hasSuffix("]") && !text.contains(":") {
      text = String(text.dropFirst().dropLast())
    }
    if text.hasPrefix("Array<") { text = String(text.dropFirst(6).dropLast()) }
    return lastComponent(text.trimmingCharacters(in: "?!"))
  }
}

extension StringProtocol {
  var trimmingSpaces: String {
    var text = Substring(self)
    while let first = text.first, first.isWhitespace { text.removeFirst() }
    while let last = text.last, last.isWhitespace { text.removeLast() }
    return String(text)
  }

  func trimmingCharacters(in characters: String) -> String {
    var text = Substring(self)
    while let first = text.first, characters.contains(first) { text.removeFirst() }
    while let last = text.last, characters.contains(last) { text.removeLast() }
    return String(text)
  }
}
