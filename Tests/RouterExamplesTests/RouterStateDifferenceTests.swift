import NavCheck
import NavCheckTestSupport
import Testing

@testable import NavCheckTesting

/// A coordinator that presents a child coordinator, which points back at it.
private final class Coordinator {
  var path: [String] = []
  var child: Coordinator?
  weak var parent: Coordinator?
}

/// The first field two router states differ in, by its path: through a dictionary's entry, an
/// array's element and an enum's payload; through objects that point at each other.
@Suite struct RouterStateDifferenceTests {
  @Test func aFieldInsideADictionaryIsNamedByItsKeyAndIndex() {
    var a = TabPathsRouter()
    a.paths = [.search: [.detail(level: 1)], .inbox: [.detail(level: 1), .detail(level: 2)]]
    var b = a
    b.paths[.inbox]?[1] = .detail(level: 7)
    #expect(
      RouterStateDifference.first(between: a, and: b)
        == RouterStateDifference(
          path: "paths[.inbox][1].detail.level", change: .id("2", "7")))
    b = a
    b.paths[.profile] = []
    #expect(
      RouterStateDifference.first(between: a, and: b)
        == RouterStateDifference(path: "paths", change: .count(2, 3), otherFields: ["selected"]))
    #expect(RouterStateDifference.first(between: a, and: a) == nil)
  }

  @Test func objectsThatPointAtEachOtherAreGoneThroughOnce() {
    func coordinators(_ screen: String) -> Coordinator {
      let root = Coordinator()
      let child = Coordinator()
      root.child = child
      child.parent = root
      child.path = [screen]
      return root
    }
    #expect(
      RouterStateDifference.first(between: coordinators("A"), and: coordinators("B"))
        == RouterStateDifference(path: "child.path[0]", change: .value(#""A""#, #""B""#)))
  }

  /// The words for a collection that shrinks, a value too long to show whole, and a router that
  /// is itself the value that differs (an enum, a number).
  @Test func theOtherWordings() {
    typealias Kind = RouterStateComparison<CountingRouter>.Kind
    #expect(
      RouterStateDifference(path: "queue", change: .count(7, 1)).explanation(
        comparedBy: Kind.reflection) == "`queue` differs (7 → 1 entry).")
    let long = String(repeating: "ab", count: 40)
    #expect(
      RouterStateDifference(path: "trail", change: .value(#""a""#, long)).explanation(
        comparedBy: Kind.reflection)
        == #"`trail` differs ("a" → "# + String(repeating: "ab", count: 29) + "a…).")
    let difference = RouterStateDifference.first(between: 3, and: 4)
    #expect(difference == RouterStateDifference(path: "", change: .id("3", "4")))
    #expect(difference?.explanation(comparedBy: Kind.reflection) == "the router differs (3 → 4).")
  }
}
