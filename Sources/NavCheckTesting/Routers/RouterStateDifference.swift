import Foundation

/// Where two states of a router differ: the first field, in the order the router declares its
/// stored properties, whose canonical reflections differ, found by going down into the fields
/// that differ until a value, or a collection whose size changed, is reached.
///
/// What a router whose state never repeats is told: the field that grows, by its path in the
/// router (`nextID`, `coordinator.queue`, `paths[.inbox][0].id`), and how it changed.
struct RouterStateDifference: Equatable {
  /// The field's path from the compared value: `coordinator.queue`; empty for the value itself.
  var path: String
  var change: Change
  /// The compared value's own fields, where `path` is one of them: the others are what a
  /// projection that leaves it out keeps.
  var otherFields: [String] = []

  /// How the field changed from the first state to the second.
  enum Change: Equatable {
    /// A collection whose number of elements changed.
    case count(Int, Int)
    /// A value that looks like an id: an integer, a `UUID`, a string whose digits alone
    /// differ, a field named `id` or `…ID`.
    case id(String, String)
    /// Any other value, as canonical text.
    case value(String, String)
  }

  /// The first difference between `a` and `b` (two states of one router, or of one projection),
  /// `nil` where their canonical reflections are the same. Paths start with `root`.
  static func first(between a: Any, and b: Any, root: String = "") -> RouterStateDifference? {
    var walk = Walk()
    guard var difference = walk.first(a, b, path: root) else { return nil }
    // The other fields of the value itself, where the difference is in one of them.
    let mirror = Mirror(reflecting: a)
    let fields = CanonicalReflection.fields(mirror)
    if [.struct, .class].contains(mirror.displayStyle), root.isEmpty,
      fields.contains(where: { $0.label == difference.path })
    {
      difference.otherFields = fields.compactMap { field in
        // A closure cannot be part of a `Hashable` projection.
        guard let label = field.label, label != difference.path,
          !CanonicalReflection.text(of: field.value).contains("(Function)")
        else { return nil }
        return label
      }
    }
    return difference
  }

  /// What a router whose state never repeats is told about this difference, for states
  /// compared by `kind`: `` `queue` grows (3 → 7 entries): entries are added and never
  /// removed? ``
  func explanation<Adapter>(comparedBy kind: RouterStateComparison<Adapter>.Kind) -> String {
    let field = path.isEmpty ? "the router" : "`\(path)`"
    switch change {
    case .count(let a, let b) where a < b:
      return "\(field) grows (\(a) → \(Self.entries(b))): entries are added and never removed?"
    case .count(let a, let b):
      return "\(field) differs (\(a) → \(Self.entries(b)))."
    // A router that is itself an id has no field to leave out.
    case .value(let a, let b),
      .id(let a, let b) where path.isEmpty:
      return "\(field) differs (\(Self.shown(a)) → \(Self.shown(b)))."
    case .id(let a, let b):
      let question = "\(field) differs (\(Self.shown(a)) → \(Self.shown(b))): ids that only grow?"
      let kept = otherFields.map { "$0.\($0)" }
      let example =
        kept.isEmpty ? "…" : kept.count == 1 ? kept[0] : "(\(kept.joined(separator: ", ")))"
      switch kind {
      case .reflection:
        return
          "\(question) Compare by a projection that leaves \(field) out: `state: { \(example) }`."
      case .equality:
        return
          "\(question) Leave \(field) out of the router's == and hash(into:), or compare by a projection that leaves it out: `state: { \(example) }`."
      case .projection:
        return "\(question) Leave it out of what `state:` returns."
      }
    }
  }

  /// `1 entry`, `7 entries`.
  static func entries(_ count: Int) -> String { count == 1 ? "1 entry" : "\(count) entries" }

  /// A value's text in a message: cut short past 60 characters.
  static func shown(_ text: String) -> String {
    text.count <= 60 ? text : text.prefix(59) + "…"
  }

  /// Goes down the fields of two values side by side.
  private struct Walk {
    /// The class instances of the first value gone into, so a cycle ends.
    var entered: Set<ObjectIdentifier> = []

    mutating func first(_ a: Any, _ b: Any, path: String) -> RouterStateDifference? {
      let before = CanonicalReflection.text(of: a)
      let after = CanonicalReflection.text(of: b)
      guard before != after else { return nil }
      let ma = Mirror(reflecting: a)
      let mb = Mirror(reflecting: b)
      let value = RouterStateDifference(
        path: path,
        change: Self.looksLikeAnID(a, b, path: path, before, after)
          ? .id(before, after) : .value(before, after))
      guard ma.subjectType == mb.subjectType else { return value }
      switch ma.displayStyle {
      case .optional?:
        guard let x = ma.children.first?.value, let y = mb.children.first?.value else {
          return value
        }
        return first(x, y, path: path) ?? value
      case .enum?:
        guard CanonicalReflection.caseName(a) == CanonicalReflection.caseName(b),
          let x = ma.children.first, let y = mb.children.first
        else { return value }
        return first(x.value, y.value, path: path + "." + (x.label ?? "")) ?? value
      case .collection?:
        guard ma.children.count == mb.children.count else {
          return RouterStateDifference(
            path: path, change: .count(ma.children.count, mb.children.count))
        }
        for (i, (x, y)) in zip(ma.children, mb.children).enumerated() {
          if let found = first(x.value, y.value, path: path + "[\(i)]") { return found }
        }
        return value
      case .set?:
        guard ma.children.count == mb.children.count else {
          return RouterStateDifference(
            path: path, change: .count(ma.children.count, mb.children.count))
        }
        return value
      case .dictionary?:
        guard ma.children.count == mb.children.count else {
          return RouterStateDifference(
            path: path, change: .count(ma.children.count, mb.children.count))
        }
        // The entries by their keys' text; where both have the same keys, the first value
        // that differs.
        let x = Self.entries(ma)
        let y = Self.entries(mb)
        guard x.map(\.key) == y.map(\.key) else { return value }
        for (p, q) in zip(x, y) {
          if let found = first(p.value, q.value, path: path + "[\(p.key)]") { return found }
        }
        return value
      case .class?:
        guard Swift.type(of: a) is AnyClass,
          entered.insert(ObjectIdentifier(a as AnyObject)).inserted
        else { return value }
        fallthrough
      case .struct?, .tuple?:
        let x = CanonicalReflection.fields(ma)
        let y = CanonicalReflection.fields(mb)
        guard x.map(\.label) == y.map(\.label) else { return value }
        for (p, q) in zip(x, y) {
          let label = p.label ?? ""
          let next = path.isEmpty || label.hasPrefix(".") ? path + label : path + "." + label
          if let found = first(p.value, q.value, path: next) { return found }
        }
        return value
      case nil:
        return value
      default:  // a foreign reference, or a style added after these
        return value
      }
    }

    /// A dictionary's entries, by their keys' canonical text, in that text's order.
    static func entries(_ mirror: Mirror) -> [(key: String, value: Any)] {
      mirror.children.map { entry in
        let pair = Mirror(reflecting: entry.value).children.map(\.value)
        return (CanonicalReflection.text(of: pair[0]), pair[1])
      }.sorted { $0.key < $1.key }
    }

    /// Whether a value that changed looks like an id: an integer or a `UUID`, a field named
    /// `id`, `…Id` or `…ID`, or a string whose digits alone changed (`root.1` → `root.33`).
    static func looksLikeAnID(_ a: Any, _ b: Any, path: String, _ x: String, _ y: String) -> Bool {
      if a is any BinaryInteger && b is any BinaryInteger { return true }
      if a is UUID && b is UUID { return true }
      let name = path.split(whereSeparator: { ".[".contains($0) }).last ?? ""
      if name == "id" || name.hasSuffix("Id") || name.hasSuffix("ID") { return true }
      guard a is String && b is String else { return false }
      return x.filter { !$0.isNumber } == y.filter { !$0.isNumber }
    }
  }
}
