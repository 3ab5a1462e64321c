/// A kind NavCheck describes once and adds to as the semantics grows: a value with a name
/// (`rawValue`), not an enum case, so code that reads kinds keeps compiling when a kind is
/// added. Two kinds are equal when their names are; JSON and `Codable` write the name.
///
/// A `switch` over an open kind matches its static members and needs a `default:`.
///
/// ```swift
/// switch step.event.kind {
/// case .swipeBack: router.pop()
/// default: break
/// }
/// ```
public protocol OpenKind: Hashable, Sendable, Codable, RawRepresentable,
  CustomStringConvertible
where RawValue == String {
  /// Every kind NavCheck has, in its documented order.
  static var allCases: [Self] { get }
}

extension OpenKind {
  /// The kind named `rawValue`, if NavCheck has one.
  public init?(rawValue: String) {
    guard let kind = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
    self = kind
  }

  public var description: String { rawValue }

  public static func == (a: Self, b: Self) -> Bool { a.rawValue == b.rawValue }

  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

  public init(from decoder: any Decoder) throws {
    let name = try decoder.singleValueContainer().decode(String.self)
    guard let kind = Self(rawValue: name) else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription:
            "unknown \(Self.self) '\(name)'; known: \(Self.allCases.map(\.rawValue).joined(separator: ", "))"
        ))
    }
    self = kind
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
