import NavCheck

extension RouterFailure {
  /// The failure as an XCTest method to paste into a test case.
  ///
  /// ```swift
  /// print(failure.xcTestMethod(spec: "todoApp", router: "TodoRouterAdapter()"))
  /// // func testTodoAppRouterOneActiveSheetPerRouter() {
  /// //   assertRouterSequence(todoApp, [ … ]) { TodoRouterAdapter() }
  /// // }
  /// ```
  ///
  /// - Parameters:
  ///   - spec: The expression of the spec (by default the spec's name in lower camel case).
  ///   - router: The expression that makes the router.
  public func xcTestMethod(spec: String? = nil, router: String) -> String {
    "func test\(testName(upper: true))() {\n" + body(spec: spec, router: router) + "}\n"
  }

  /// The failure as a Swift Testing `@Test` function to paste.
  public func swiftTestingTest(spec: String? = nil, router: String) -> String {
    "@Test func \(testName(upper: false))() {\n" + body(spec: spec, router: router) + "}\n"
  }

  private func body(spec: String?, router: String) -> String {
    var text = "  assertRouterSequence(\n    \(spec ?? Self.lowerCamel(self.spec)),\n    ["
    if events.isEmpty {
      text += "]"
    } else {
      text += "\n" + events.map { "      \($0.swiftLiteral)," }.joined(separator: "\n") + "\n    ]"
    }
    return text + "\n  ) { \(router) }\n"
  }

  private func testName(upper: Bool) -> String {
    let words = "\(spec) router \(rule)".split { !$0.isLetter && !$0.isNumber }
    let name = words.enumerated().map { i, word in
      i == 0 && !upper
        ? word.prefix(1).lowercased() + word.dropFirst()
        : word.prefix(1).uppercased() + word.dropFirst()
    }.joined()
    return name
  }

  static func lowerCamel(_ name: String) -> String {
    let letters = name.filter { $0.isLetter || $0.isNumber || $0 == "_" }
    guard let first = letters.first else { return "spec" }
    return first.lowercased() + letters.dropFirst()
  }
}
