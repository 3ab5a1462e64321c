/// A value's whole state as text that depends on that state alone: what the exhaustive check
/// compares a router by when the router is not `Hashable`.
///
/// It walks the value with `Mirror`, recursively: a struct as its type and stored properties
/// (`StackRouter(path: ["Detail"], nextID: 3)`), a class instance as a number given in the order
/// instances are first met and its stored properties, the superclass's first (`#0 Coordinator(…)`,
/// and `#0` wherever it is met again, so a cycle ends), an enum as its case and payload
/// (`.detail(3)`), an optional as its value or `nil`, a closure as `(Function)`. A dictionary's
/// entries and a set's elements are written sorted by their own text, so the text never depends
/// on the process's hash seed, on the order entries were inserted or on the storage's capacity,
/// as `dump`'s, which follows the iteration order, does.
///
/// - Complexity: O(size of the value), plus sorting each dictionary's and set's texts.
struct CanonicalReflection {
  /// The text written so far.
  private(set) var text = ""
  /// The class instances met so far, by identity, with their numbers.
  private var objects: [ObjectIdentifier: Int] = [:]
  /// Type names, looked up once per type.
  private let names: TypeNames

  private init(objects: [ObjectIdentifier: Int] = [:], names: TypeNames = TypeNames()) {
    self.objects = objects
    self.names = names
  }

  /// The canonical text of `value`.
  static func text(of value: Any) -> String {
    var reflection = CanonicalReflection()
    reflection.write(value)
    return reflection.text
  }

  /// Appends `value`'s text.
  mutating func write(_ value: Any) {
    write(value, Mirror(reflecting: value))
  }

  private mutating func write(_ value: Any, _ mirror: Mirror) {
    switch mirror.displayStyle {
    case .optional?:
      guard let wrapped = mirror.children.first?.value else {
        text += "nil"
        return
      }
      // `.some(nil)` is not `nil`.
      if let inner = wrapped as? any OptionalValue, inner.isNil {
        text += "some("
        write(wrapped)
        text += ")"
      } else {
        write(wrapped)
      }
    case .enum?:
      text += "."
      text += Self.caseName(value)
      guard let payload = mirror.children.first?.value else { return }
      let payloadMirror = Mirror(reflecting: payload)
      if payloadMirror.displayStyle == .tuple {
        write(payloadMirror, fields: payloadMirror.children)
      } else {
        text += "("
        write(payload, payloadMirror)
        text += ")"
      }
    case .tuple?:
      write(mirror, fields: mirror.children)
    case .class? where Swift.type(of: value) is AnyClass:
      let id = ObjectIdentifier(value as AnyObject)
      if let number = objects[id] {
        text += "#\(number)"
        return
      }
      let number = objects.count
      objects[id] = number
      text += "#\(number) "
      text += names[mirror.subjectType]
      write(mirror, fields: Self.fields(mirror))
    case .collection?:
      text += "["
      var first = true
      for element in mirror.children {
        if !first { text += ", " }
        first = false
        write(element.value)
      }
      text += "]"
    case .set?:
      text += "Set(["
      writeSorted(mirror.children.map { [$0.value] }, separator: "")
      text += "])"
    case .dictionary?:
      guard !mirror.children.isEmpty else {
        text += "[:]"
        return
      }
      text += "["
      // Each entry is a `(key:, value:)` tuple.
      writeSorted(
        mirror.children.map { Mirror(reflecting: $0.value).children.map(\.value) }, separator: ": ")
      text += "]"
    case .struct?, .class?, nil:
      if mirror.children.isEmpty {
        writeLeaf(value, isStruct: mirror.displayStyle != nil)
      } else {
        text += names[mirror.subjectType]
        write(mirror, fields: mirror.children)
      }
    default:  // a foreign reference, or a style added after these
      text += names[mirror.subjectType]
      write(mirror, fields: mirror.children)
    }
  }

  /// `(label: value, …)`, a tuple's unlabelled elements without their `.0`.
  private mutating func write(_ mirror: Mirror, fields: some Sequence<Mirror.Child>) {
    text += "("
    var first = true
    for field in fields {
      if !first { text += ", " }
      first = false
      if let label = field.label, !label.hasPrefix(".") {
        text += label
        text += ": "
      }
      write(field.value)
    }
    text += ")"
  }

  /// A value with nothing to reflect: a number, a string (quoted), a closure, a value whose own
  /// mirror shows no children (a `UUID`), an empty struct.
  private mutating func writeLeaf(_ value: Any, isStruct: Bool) {
    if let string = value as? String {
      text += string.debugDescription
    } else if let number = value as? Int {
      text += String(number)
    } else if isStruct {
      text += String(describing: value)
    } else {
      text += String(reflecting: value)
    }
  }

  /// Writes each item (one value, or a key and its value) sorted by its own text, joined by
  /// `", "`. Each item's text is first written as though it came first, so its place depends
  /// on it alone; where an item meets a class instance not met before, the numbers it gives
  /// depend on what comes before it, so the items are written again, in their sorted order.
  private mutating func writeSorted(_ items: [[Any]], separator: String) {
    var texts: [(text: String, item: [Any], metNewObjects: Bool)] = []
    texts.reserveCapacity(items.count)
    for item in items {
      var alone = CanonicalReflection(objects: objects, names: names)
      for (i, part) in item.enumerated() {
        if i > 0 { alone.text += separator }
        alone.write(part)
      }
      texts.append((alone.text, item, alone.objects.count != objects.count))
    }
    texts.sort { $0.text < $1.text }
    let again = texts.contains(where: \.metNewObjects)
    for (index, entry) in texts.enumerated() {
      if index > 0 { text += ", " }
      guard again else {
        text += entry.text
        continue
      }
      for (i, part) in entry.item.enumerated() {
        if i > 0 { text += separator }
        write(part)
      }
    }
  }

  /// A class's stored properties, its superclasses' first; a struct's or a tuple's.
  static func fields(_ mirror: Mirror) -> [Mirror.Child] {
    var chain = [mirror]
    while let superclass = chain.last?.superclassMirror { chain.append(superclass) }
    return chain.reversed().flatMap(\.children)
  }

  /// An enum case's name, whatever the enum's `description` says.
  static func caseName(_ value: Any) -> String {
    func name<Value>(_ value: Value) -> String? {
      swiftEnumCaseName(value).map { String(cString: $0) }
    }
    return name(value) ?? String(describing: value)
  }
}

/// The names of the types met while writing one value, each looked up once.
private final class TypeNames {
  private var names: [ObjectIdentifier: String] = [:]

  subscript(type: Any.Type) -> String {
    if let name = names[ObjectIdentifier(type)] { return name }
    let name = String(describing: type)
    names[ObjectIdentifier(type)] = name
    return name
  }
}

/// `Optional`, whatever it wraps: tells `.some(nil)` from `nil`.
private protocol OptionalValue {
  var isNil: Bool { get }
}

extension Optional: OptionalValue {
  var isNil: Bool { self == nil }
}

/// The runtime's name of an enum value's case (what `print` shows for an enum without a
/// `description`); `nil` where the binary has no reflection metadata. `description` cannot
/// stand in for it: two cases may describe themselves alike.
@_silgen_name("swift_EnumCaseName")
private func swiftEnumCaseName<Value>(_ value: Value) -> UnsafePointer<CChar>?
