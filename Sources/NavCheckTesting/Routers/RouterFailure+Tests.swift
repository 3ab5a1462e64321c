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
  ///   - invariants: The expression of the team's invariants, where the check had some.
  public func xcTestMethod(spec: String? = nil, router: String, invariants: String? = nil)
    -> String
  {
    xcTestMethod(spec: spec, router: router, invariants: invariants, bindings: [])
  }

  /// The failure as a Swift Testing `@Test` function to paste.
  public func swiftTestingTest(spec: String? = nil, router: String, invariants: String? = nil)
    -> String
  {
    swiftTestingTest(spec: spec, router: router, invariants: invariants, bindings: [])
  }

  /// The XCTest method, its body starting with `bindings` (a parameterised test's arguments).
  func xcTestMethod(spec: String?, router: String, invariants: String?, bindings: [String])
    -> String
  {
    "func test\(testName(upper: true))() {\n"
      + body(spec: spec, router: router, invariants: invariants, bindings: bindings) + "}\n"
  }

  /// The Swift Testing test, its body starting with `bindings`.
  func swiftTestingTest(spec: String?, router: String, invariants: String?, bindings: [String])
    -> String
  {
    "@Test func \(testName(upper: false))() {\n"
      + body(spec: spec, router: router, invariants: invariants, bindings: bindings) + "}\n"
  }

  /// Both forms, indented, after a heading: what a report prints.
  func pasteable(_ reproduction: Reproduction) -> [String] {
    let xcTest = xcTestMethod(
      spec: reproduction.spec, router: reproduction.router, invariants: reproduction.invariants,
      bindings: reproduction.bindings)
    let swiftTesting = swiftTestingTest(
      spec: reproduction.spec, router: reproduction.router, invariants: reproduction.invariants,
      bindings: reproduction.bindings)
    return ["Paste to reproduce, in XCTest:"]
      + xcTest.split(separator: "\n").map { "  " + $0 } + ["or in Swift Testing:"]
      + swiftTesting.split(separator: "\n").map { "  " + $0 }
  }

  /// The events as a pasted test names them: an unlabelled transition by what it does where
  /// that names it alone (`.does("push Detail")`), so the test survives reordered
  /// declarations; otherwise by index, with why.
  var pastedEvents: [(event: EventReference, why: String?)] {
    events.map { event in referenceRouter?.namedByWhatItDoes(event) ?? (event, nil) }
  }

  private func body(spec: String?, router: String, invariants: String?, bindings: [String])
    -> String
  {
    var text = bindings.map { "  \($0)\n" }.joined()
    text += "  assertRouterSequence(\n    \(spec ?? Self.lowerCamel(self.spec)),\n    ["
    if events.isEmpty {
      text += "]"
    } else {
      text += "\n"
      for (event, why) in pastedEvents {
        if let why { text += "      // \(why)\n" }
        text += "      \(event.swiftLiteral),\n"
      }
      text += "    ]"
    }
    if let invariants { text += ",\n    invariants: \(invariants)" }
    let routerLines = router.split(separator: "\n", omittingEmptySubsequences: false)
    if routerLines.count > 1 {
      return text + "\n  ) {\n" + routerLines.map { "    " + $0 }.joined(separator: "\n")
        + "\n  }\n"
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

/// The expressions a pasted test needs: the spec's, the router's, the invariants'. Taken from
/// the options where given, else from the test's source (`CallSource`), else the spec's name and
/// the adapter's type.
///
/// In a parameterised test (`@Test(arguments:)`) the expressions use the test's parameters:
/// `bindings` gives each one the case's value (`let variant: RecipeVariant = .fixed`).
struct Reproduction {
  var spec: String
  var router: String
  var invariants: String?
  /// The lines that bind the test case's arguments the expressions use.
  var bindings: [String] = []

  init(
    spec: NavigationSpec, adapter: Any.Type, call: TestLocation, function: String,
    specExpression: String? = nil, routerExpression: String? = nil, hasInvariants: Bool,
    testCase: TestCaseArguments? = nil
  ) {
    let source = CallSource(call, function: function)
    self.spec = specExpression ?? source?.spec ?? RouterFailure.lowerCamel(spec.name)
    router = routerExpression ?? source?.router ?? "\(adapter)()"
    invariants = hasInvariants ? source?.invariants ?? "[/* the check's invariants */]" : nil
    bindings = testCase?.bindings(for: [self.spec, router] + (invariants.map { [$0] } ?? [])) ?? []
  }
}
