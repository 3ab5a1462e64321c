/// How the exhaustive check tells two states of a router apart: by everything reflection shows
/// of it, by its own `==`, or by a projection the test gives (`state:`).
struct RouterStateComparison<Adapter> {
  /// Which of the three it is: what a router whose state never repeats is advised to change.
  enum Kind {
    /// Everything reflection shows of the router (`CanonicalReflection`).
    case reflection
    /// The router's own `==` and `hash(into:)`.
    case equality
    /// The value `state:` gives.
    case projection
  }

  let kind: Kind
  /// The key two states are the same by.
  let key: (Adapter) -> RouterStateKey
  /// What two states that should have been the same are compared by, field by field, where the
  /// router's state never repeats: the router, or its projection.
  let compared: (Adapter) -> Any

  /// Everything reflection shows of the router.
  static var reflection: Self {
    Self(kind: .reflection, key: { RouterStateKey.reflecting($0) }, compared: { $0 })
  }

  /// The value `state` gives.
  static func projection<State: Hashable>(_ state: @escaping (Adapter) -> State) -> Self {
    Self(kind: .projection, key: { .value(AnyHashable(state($0))) }, compared: { state($0) })
  }

  /// The values `state` gives, compared one by one.
  static func projection<each Part: Hashable>(_ state: @escaping (Adapter) -> (repeat each Part))
    -> Self
  {
    Self(
      kind: .projection,
      key: { router in
        let value = state(router)
        var parts: [AnyHashable] = []
        for part in repeat each value { parts.append(AnyHashable(part)) }
        return .value(AnyHashable(parts))
      }, compared: { state($0) })
  }
}

extension RouterStateComparison where Adapter: Hashable {
  /// The router's own `==`.
  static var equality: Self {
    Self(kind: .equality, key: { .value(AnyHashable($0)) }, compared: { $0 })
  }
}
