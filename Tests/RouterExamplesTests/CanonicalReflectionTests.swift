import Foundation
import NavCheck
import NavCheckTestSupport
import Testing

@testable import NavCheckTesting

/// A screen object, for the texts of class instances: shared, cyclic, kept in a dictionary.
private final class ScreenObject {
  var name: String
  var next: ScreenObject?
  weak var back: ScreenObject?

  init(_ name: String) { self.name = name }
}

/// Two references, to one object or to two.
private struct TwoScreens {
  var top: ScreenObject
  var bottom: ScreenObject
}

/// An enum whose `description` says the same for every case.
private enum Presented: CustomStringConvertible {
  case settings, about
  case share(url: String, count: Int)

  var description: String { "a sheet" }
}

/// A router state with a closure and an id.
private struct WithClosure {
  var onDismiss: () -> Void = {}
  var id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
}

/// The text two router states are compared by, where the router is not `Hashable`, depends on
/// the state alone: not on a dictionary's or a set's iteration order (the hash seed, the
/// storage's capacity, the order entries came in), nor on objects' addresses.
@Suite struct CanonicalReflectionTests {
  typealias Tab = TabPathsRouter.Tab
  typealias Route = TabPathsRouter.Route

  /// The same paths in dictionaries of every capacity from 1 to 65,536, filled in three
  /// orders: they iterate in different orders, and `dump`, which follows the iteration order,
  /// writes them differently, but their canonical text is one.
  @Test func aDictionaryHasOneTextWhateverItsCapacityOrHistory() {
    let paths: [(Tab, [Route])] = [
      (.inbox, [.detail(level: 1)]), (.search, [.detail(level: 1), .detail(level: 2)]),
      (.profile, []),
    ]
    var routers: [TabPathsRouter] = []
    for power in 0...16 {
      for order in [[0, 1, 2], [2, 1, 0], [1, 2, 0]] {
        var router = TabPathsRouter()
        router.paths = Dictionary(minimumCapacity: 1 << power)
        for i in order { router.paths[paths[i].0] = paths[i].1 }
        routers.append(router)
      }
    }
    let orders = Set(routers.map { $0.paths.keys.map(\.rawValue) })
    let dumps = Set(
      routers.map {
        var text = ""
        dump($0, to: &text)
        return text
      })
    #expect(orders.count > 1, "the dictionaries iterate in more than one order")
    #expect(dumps.count == orders.count)
    #expect(
      Set(routers.map { CanonicalReflection.text(of: $0) }) == [
        "TabPathsRouter(paths: [.inbox: [.detail(level: 1)], .profile: [], .search: [.detail(level: 1), .detail(level: 2)]], selected: .inbox)"
      ])
  }

  /// A set, whatever its capacity; objects numbered in the order met, a cycle ended by the
  /// number, one object met twice told from two equal ones, also inside a dictionary; enum cases
  /// by their names, not their `description`; `.some(nil)` told from `nil`; a closure as a token.
  @Test func setsObjectsEnumsOptionalsAndClosuresEachHaveOneText() {
    var small: Set<Int> = []
    var large = Set<Int>(minimumCapacity: 4_096)
    for n in [9, 3, 5, 1] {
      small.insert(n)
      large.insert(n)
    }
    #expect(CanonicalReflection.text(of: small) == "Set([1, 3, 5, 9])")
    #expect(CanonicalReflection.text(of: large) == "Set([1, 3, 5, 9])")

    let a = ScreenObject("a")
    let b = ScreenObject("b")
    a.next = b
    b.next = a
    b.back = a
    #expect(
      CanonicalReflection.text(of: a)
        == #"#0 ScreenObject(name: "a", next: #1 ScreenObject(name: "b", next: #0, back: #0), back: nil)"#
    )
    let c = ScreenObject("c")
    #expect(
      CanonicalReflection.text(of: TwoScreens(top: c, bottom: c))
        == #"TwoScreens(top: #0 ScreenObject(name: "c", next: nil, back: nil), bottom: #0)"#)
    #expect(
      CanonicalReflection.text(of: TwoScreens(top: c, bottom: ScreenObject("c")))
        == #"TwoScreens(top: #0 ScreenObject(name: "c", next: nil, back: nil), bottom: #1 ScreenObject(name: "c", next: nil, back: nil))"#
    )
    // In a dictionary the entries are numbered in their sorted order, whatever the capacity.
    var cached = [String: ScreenObject](minimumCapacity: 64)
    cached["b"] = c
    cached["a"] = ScreenObject("d")
    cached["c"] = c
    let entries = [("c", c), ("a", cached["a"]!), ("b", c)]
    #expect(
      CanonicalReflection.text(of: cached)
        == CanonicalReflection.text(of: Dictionary(uniqueKeysWithValues: entries)))
    #expect(
      CanonicalReflection.text(of: cached)
        == #"["a": #0 ScreenObject(name: "d", next: nil, back: nil), "b": #1 ScreenObject(name: "c", next: nil, back: nil), "c": #1]"#
    )

    #expect(
      CanonicalReflection.text(of: [Presented.settings, .about, .share(url: "x", count: 2)])
        == #"[.settings, .about, .share(url: "x", count: 2)]"#)
    #expect(CanonicalReflection.text(of: [nil, .some(nil), 3] as [Int??]) == "[nil, some(nil), 3]")
    #expect(
      CanonicalReflection.text(of: WithClosure())
        == "WithClosure(onDismiss: (Function), id: E621E1F8-C36C-495A-93FC-0C247A3E6E5F)")
  }

  /// `TabPathsRouter` keeps its tabs' paths in a dictionary: checked here and in four child
  /// processes, each with its own hash seed (the hashes they print differ), it has 81 states
  /// every time: 3 selected tabs × 3 stack heights per tab, cubed, as the spec has.
  @Test func aRouterHoldingADictionaryHasOneStateCountWhateverTheHashSeed() throws {
    let result = checkRouterExhaustively(tabPathsSpec) { TabPathsRouter() }
    #expect(result.complete && result.states == 81)
    #expect(try tabPathsSpec.check().states == 81)

    let program = try #require(
      builtProgram("navcheck-tab-paths-router"),
      "navcheck-tab-paths-router is built next to the test bundle")
    var counts: [Substring] = []
    var hashes: Set<Substring> = []
    for _ in 0..<4 {
      let journal = FileManager.default.temporaryDirectory
        .appendingPathComponent("navcheck-hash-seed-test-\(UUID().uuidString).json").path
      defer { try? FileManager.default.removeItem(atPath: journal) }
      let process = Process()
      process.executableURL = program
      var environment = ProcessInfo.processInfo.environment
      environment["SWIFT_DETERMINISTIC_HASHING"] = nil
      environment["NAVCHECK_JOURNAL"] = journal
      process.environment = environment
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      let printed = String(
        decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      let parts = printed.split(separator: " hash ")
      try #require(parts.count == 2, "\(printed)")
      counts.append(parts[0])
      hashes.insert(parts[1])
    }
    #expect(counts == Array(repeating: "states 81 complete true", count: 4))
    #expect(hashes.count == 4, "each process had its own hash seed")
  }
}
