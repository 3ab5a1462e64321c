/// The limits that keep a spec's state space finite (SEMANTICS §1).
///
/// An event whose result would exceed a bound is *pruned*: counted, not explored, no violation.
///
/// ```swift
/// NavigationSpec("App", root: "Home") { … }
///   .bounds(maxStackDepth: 6, maxPresentationDepth: 3)
/// ```
public struct Bounds: Sendable, Hashable {
  /// Screens in one environment's stack; default 6.
  public var maxStackDepth: Int
  /// Environments presented above the root environment, nested; default 3.
  public var maxPresentationDepth: Int
  /// Where the bounds are declared (`.bounds(…)`, the JSON's `bounds`); not part of equality.
  public var location: SourceLocation?

  /// Creates bounds; both must be at least 1 for the spec to be valid.
  public init(maxStackDepth: Int = 6, maxPresentationDepth: Int = 3) {
    self.maxStackDepth = maxStackDepth
    self.maxPresentationDepth = maxPresentationDepth
  }

  /// The default bounds of SEMANTICS §1.
  public static let `default` = Bounds()

  public static func == (a: Bounds, b: Bounds) -> Bool {
    a.maxStackDepth == b.maxStackDepth && a.maxPresentationDepth == b.maxPresentationDepth
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(maxStackDepth)
    hasher.combine(maxPresentationDepth)
  }
}
