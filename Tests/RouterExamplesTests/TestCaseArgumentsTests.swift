import Foundation
import Testing

@testable import NavCheckTesting

/// A parameterised test case's arguments, read by reflection of `Test.Case.current`: their
/// names and values, a key for the case's journal, and Swift a pasted test binds them with.
@Suite struct TestCaseArgumentsTests {
  enum Size: Sendable { case small, large }
  enum Shape: Sendable, Equatable {
    case circle(Double)
    case box(width: Int, String)
  }
  enum Named: String, Sendable, CustomStringConvertible {
    case plain
    var description: String { "named \(rawValue)" }
  }
  struct Opaque: Sendable { var value = 1 }

  @Test(arguments: [Size.small], ["a b"])
  func theCasesArgumentsAreRead(_ size: Size, label: String) throws {
    let arguments = try #require(TestCaseArguments.current)
    #expect(arguments.arguments.map(\.name) == ["size", "label"])
    #expect(arguments.arguments.first?.value as? Size == .small)
    #expect(arguments.key == "size_small_label_a_b")
    #expect(arguments.words == #"size: .small, label: "a b""#)
  }

  @Test func aTestWithoutArgumentsHasNone() {
    #expect(TestCaseArguments.current == nil)
  }

  /// Where `Test.Case` is not laid out as expected, the case is still told apart, by a hash,
  /// and nothing is pasted.
  @Test func anUnknownLayoutStillTellsTheCaseApart() {
    let first = TestCaseArguments(reflecting: Opaque(value: 1))
    let second = TestCaseArguments(reflecting: Opaque(value: 2))
    #expect(first.arguments.isEmpty)
    #expect(first.key.hasPrefix("case_") && first.key != second.key)
    #expect(first.bindings(for: ["Router(value)"]).isEmpty)
  }

  @Test func valuesAreWrittenAsSwiftWhereTheyCanBe() {
    let swift = TestCaseArguments.swiftExpression
    #expect(swift("say \"hi\"\n") == #""say \"hi\"\n""#)
    #expect(swift(42) == "42")
    #expect(swift(UInt8(7)) == "7")
    #expect(swift(1.5) == "1.5")
    #expect(swift(Double.nan) == nil)
    #expect(swift(true) == "true")
    #expect(swift(Size.large) == ".large")
    #expect(swift(Shape.circle(2)) == ".circle(2.0)")
    #expect(swift(Shape.box(width: 3, "x")) == #".box(width: 3, "x")"#)
    #expect(swift(Named.plain) == #".init(rawValue: "plain")!"#)
    #expect(swift(Size?.none as Any) == "nil")
    #expect(swift(Size?.some(.small) as Any) == ".small")
    #expect(swift([Size.small, .large]) == "[.small, .large]")
    #expect(swift(["k": 1]) == #"["k": 1]"#)
    #expect(swift([String: Int]()) == "[:]")
    #expect(swift(Opaque()) == nil)
    #expect(swift([Opaque()]) == nil)
  }

  @Test func typesAreNamedAsATestWritesThem() {
    #expect(TestCaseArguments.typeName(Size.self) == "TestCaseArgumentsTests.Size")
    #expect(TestCaseArguments.typeName([Int?].self) == "Array<Optional<Int>>")
    struct Local {}
    #expect(TestCaseArguments.typeName(Local.self) == nil)
  }

  @Test func onlyTheParametersTheExpressionsUseAreBound() {
    let arguments = TestCaseArguments(
      arguments: [
        .init(name: "size", value: Size.large, id: ".large"),
        .init(name: "count", value: 3, id: "3"),
        .init(name: "opaque", value: Opaque(), id: "Opaque(value: 1)"),
      ], key: "k", words: "w")
    #expect(
      arguments.bindings(for: ["Router(size: size)"])
        == ["let size: TestCaseArgumentsTests.Size = .large"])
    // A label or a member of the same name is not a use.
    #expect(arguments.bindings(for: ["Router(size: .small, count: x.count)"]).isEmpty)
    #expect(arguments.bindings(for: ["[count]"]) == ["let count: Int = 3"])
    // A value NavCheck cannot write is said so, with a placeholder to fill.
    #expect(
      arguments.bindings(for: ["Router(opaque)"]) == [
        "// The test case's argument `opaque` (Opaque(value: 1)) cannot be written as Swift by NavCheck: give it here",
        "let opaque: TestCaseArgumentsTests.Opaque = <#opaque#>",
      ])
  }

  @Test func aLongKeyIsCutAndStillTellsCasesApart() {
    let long = String(repeating: "abc ", count: 30)
    let first = TestCaseArguments.fileNamePart(long + "1")
    let second = TestCaseArguments.fileNamePart(long + "2")
    #expect(first.count < 60 && first != second)
    #expect(TestCaseArguments.fileNamePart("variant_.fixed") == "variant_fixed")
  }
}
