/// A finding about the spec's graph that is not a violation.
public struct Warning: Sendable, Hashable {
  /// What kind of warning.
  public enum Kind: String, Sendable, Hashable, Codable {
    /// A declared destination that no reachable state shows.
    case unreachableDestination
    /// A declared transition, flow step, alert button or deep-link action that never fires.
    case deadTransition
  }

  /// The kind.
  public var kind: Kind
  /// What it means, in words.
  public var message: String
  /// The declaration it is about.
  public var declaration: DeclarationReference
}
