import Foundation
import NavCheck
import Testing

/// Every ```swift block of `README.md` and `Docs/*.md` compiles as it is shown: its code is, line
/// for line, in a Swift file the package builds (a test, mostly, which also runs it), or the
/// block is marked as a fragment of a larger program by a first line `// Fragment: <what it
/// belongs to>`. A block edited in the Markdown and not in its test, or the other way round,
/// fails here with the first line that differs.
@Suite struct DocumentationBlockTests {
  /// The package's folder.
  static let root = testsFolder.deletingLastPathComponent().deletingLastPathComponent()

  /// README.md and every Markdown file in Docs/, as they are when the tests run.
  static let documents: [(name: String, text: String)] = {
    let docs = Self.root.appendingPathComponent("Docs")
    let names =
      ["README.md"]
      + ((try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? [])
      .filter { $0.hasSuffix(".md") }.sorted().map { "Docs/\($0)" }
    return names.map { name in
      (
        name,
        (try? String(contentsOf: Self.root.appendingPathComponent(name), encoding: .utf8)) ?? ""
      )
    }
  }()

  /// The Swift files the package builds, as code: every target's folder, without the folders
  /// Package.swift excludes (fixtures and golden files that are read, not compiled).
  static let sources: [SwiftSource] = {
    let excluded = [
      "Tests/NavCheckTests/Examples/", "Tests/NavCheckCLITests/Fixtures/",
      "Tests/NavCheckCLITests/Golden/",
    ]
    var sources: [SwiftSource] = []
    for folder in ["Sources", "Specs", "Tests", "Benchmarks"] {
      let enumerator = FileManager.default.enumerator(
        atPath: Self.root.appendingPathComponent(folder).path)
      while let path = enumerator?.nextObject() as? String {
        let name = "\(folder)/\(path)"
        guard name.hasSuffix(".swift"), !excluded.contains(where: name.hasPrefix),
          let text = try? String(
            contentsOf: Self.root.appendingPathComponent(name), encoding: .utf8)
        else { continue }
        sources.append(SwiftSource(name: name, text: text))
      }
    }
    return sources.sorted { $0.name < $1.name }
  }()

  @Test func everySwiftBlockCompilesOrIsMarkedAFragment() throws {
    #expect(Self.documents.first?.text.contains("```swift") == true, "README.md has no Swift block")
    #expect(Self.sources.count > 50)
    for document in Self.documents {
      for block in SwiftBlock.all(in: document.text, file: document.name) {
        if let problem = block.problem(against: Self.sources) {
          Issue.record(Comment(rawValue: problem))
        }
      }
    }
  }

  /// The examples of the documentation of the events a team's router performs, which adapters
  /// copy: each compiles, or is marked as a fragment.
  @Test func theEventsDocumentationExamplesCompileOrAreMarkedFragments() throws {
    let name = "Sources/NavCheck/Events/NavigationEvent.swift"
    let source = try String(contentsOf: Self.root.appendingPathComponent(name), encoding: .utf8)
    // The doc comments as Markdown, each at its line of the file.
    let comments = source.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      let text = line.drop { $0 == " " }
      return text.hasPrefix("///")
        ? String(text.dropFirst(3).dropFirst(text.hasPrefix("/// ") ? 1 : 0)) : ""
    }
    let blocks = SwiftBlock.all(in: comments.joined(separator: "\n"), file: name)
    #expect(blocks.count >= 6)
    for block in blocks {
      if let problem = block.problem(against: Self.sources) {
        Issue.record(Comment(rawValue: problem))
      }
    }
  }

  /// `AsyncWork.init`'s and `NavigationStep.init`'s examples, as their documentation writes them.
  @Test func aStepBuiltAsItsDocumentationShowsSaysWhatHappens() {
    let save = AsyncWork(
      id: .init(screen: 1, transition: 0), destination: "AddTodo", label: "Save",
      action: .dismiss(destination: nil), cancelsOnDismiss: true)
    let push = NavigationStep(
      event: .transition(.push(destination: "Detail"), label: nil),
      screen: ScreenLocation(environment: 0, position: 0, destination: "Home"),
      reference: .transition(screen: "Home", transition: .index(0)))
    #expect(push.description == "Home: push Detail")
    #expect(save.description == "AddTodo: 'Save' [1#0]")
  }

  /// Docs/Architecture.md names every type `NavCheck` re-exports from the explorer, and counts
  /// them right.
  @Test func theArchitectureNamesEveryReexportedType() throws {
    let exports = try String(
      contentsOf: Self.root.appendingPathComponent("Sources/NavCheck/Exports.swift"),
      encoding: .utf8)
    let names = exports.split(separator: "\n").compactMap { line in
      line.hasPrefix("public typealias ") ? line.dropFirst(17).prefix { $0 != " " } : nil
    }
    let text = try #require(Self.documents.first { $0.name == "Docs/Architecture.md" }?.text)
    let start = try #require(text.range(of: "re-exports the explorer's "))
    let end = try #require(text[start.upperBound...].range(of: "as typealiases"))
    let sentence = text[start.upperBound..<end.lowerBound].replacingOccurrences(of: "\n", with: " ")
    let words = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    #expect(!names.isEmpty)
    #expect(sentence.hasPrefix("\(words[names.count]) public types"), "\(sentence)")
    for name in names { #expect(sentence.contains("`\(name)`"), "\(name)") }
  }

  /// Docs/Architecture.md's module table names every module under Sources/, and its layers are
  /// the folders of Sources/NavCheck, in the order `.ci/layers.py` checks.
  @Test func theArchitectureNamesEveryModuleAndLayer() throws {
    let text = try #require(Self.documents.first { $0.name == "Docs/Architecture.md" }?.text)
    let files = FileManager.default
    let modules = try files.contentsOfDirectory(
      atPath: Self.root.appendingPathComponent("Sources").path
    ).filter { !$0.hasPrefix(".") }
    let rows = text.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("| `") else { return nil }
      return String(line.dropFirst(3).prefix { $0 != "`" })
    }
    #expect(Set(rows) == Set(modules), "table: \(rows), Sources/: \(modules)")
    let diagram = try #require(
      text.split(separator: "\n").first { $0.hasPrefix("Model < ") }.map {
        $0.components(separatedBy: " < ")
      })
    let folders = try files.contentsOfDirectory(
      atPath: Self.root.appendingPathComponent("Sources/NavCheck").path
    ).filter { !$0.hasSuffix(".swift") && !$0.hasPrefix(".") }
    #expect(Set(diagram) == Set(folders))
    let script = try String(
      contentsOf: Self.root.appendingPathComponent(".ci/layers.py"), encoding: .utf8)
    let listed = try #require(
      script.firstRange(of: "LAYERS = [").map { start in
        script[start.upperBound...].prefix { $0 != "]" }
      })
    let layers = listed.split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: ["\""])
    }
    #expect(layers == diagram)
  }

  /// The convention is stated before the first Swift block of every document that has one.
  @Test func eachDocumentWithSwiftBlocksSaysWhatAFragmentIs() {
    for document in Self.documents {
      guard let first = document.text.range(of: "```swift") else { continue }
      let saysIt = document.text[..<first.lowerBound].contains("`// Fragment: …`")
      #expect(
        saysIt,
        "\(document.name) does not say, before its first Swift block, that a block is compiled unless its first line is `// Fragment: …`"
      )
    }
  }

  /// What the check finds and what it does not: a block in a test, a block one line of which
  /// drifted, a block only in a comment or a string, a marked fragment, an unmarked one.
  @Test func aBlockThatDriftsIsFoundWithItsFirstDifferentLine() throws {
    let test = SwiftSource(
      name: "Tests/AppTests/FlowTests.swift",
      text: """
        import NavCheck
        import Testing

        /// let flow = NavigationSpec("InAComment") {
        let flow = NavigationSpec("Flow", root: "Home") {
          Destination("Home") {
            Push("Detail")   // the first screen
          }
        }
        let quoted = \"\"\"
          Destination("Quoted") {}
          \"\"\"
        """)
    func problem(_ markdown: String) -> String? {
      SwiftBlock.all(in: markdown, file: "Docs/App.md").first?.problem(against: [test])
    }
    #expect(
      problem(
        """
        Intro.

        ```swift
        import NavCheck

        let flow = NavigationSpec("Flow", root: "Home") {
          Destination("Home") {
            Push("Detail")
          }
        ```
        """) == nil)
    #expect(
      problem(
        """
        ```swift
        let flow = NavigationSpec("Flow", root: "Home") {
          Destination("Home") {
            Sheet("Detail")
          }
        ```
        """)
        == "Docs/App.md:1: this Swift block is in no Swift file the package builds, and is not "
        + "marked as a fragment. Tests/AppTests/FlowTests.swift:5 has its first 2 lines, then "
        + "`Push(\"Detail\")` where the block has `Sheet(\"Detail\")`. Change the block or the "
        + "test so they are the same, or make the block's first line `// Fragment: <what it "
        + "belongs to>`.")
    #expect(
      problem(
        """
        ```swift
        import UIKit
        let flow = NavigationSpec("Flow", root: "Home") {
        ```
        """)?.contains("imports UIKit, which Tests/AppTests/FlowTests.swift does not") == true)
    #expect(
      problem("```swift\nlet flow = NavigationSpec(\"InAComment\") {\n```")?.hasPrefix(
        "Docs/App.md:1: this Swift block is in no Swift file the package builds") == true)
    #expect(
      problem("```swift\nDestination(\"Quoted\") {}\n```")?.hasPrefix(
        "Docs/App.md:1: this Swift block is in no Swift file the package builds") == true)
    #expect(problem("```swift\n// Fragment: an app's router\nsheet = nil\n```") == nil)
    #expect(
      problem("```swift\n// Fragment:\nsheet = nil\n```")?.contains("say what the block belongs to")
        == true)
    #expect(SwiftBlock.all(in: "```sh\nswift test\n```", file: "README.md").isEmpty)
  }
}

/// A Swift file the package builds, as the lines the compiler reads.
struct SwiftSource {
  var name: String
  /// Its code lines (`SwiftSource.code`) with their line numbers, imports apart.
  var lines: [(number: Int, code: String)] = []
  var imports: Set<String> = []

  init(name: String, text: String) {
    self.name = name
    var open: Code.Open?
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      // The lines of a multi-line string literal or a block comment are not code.
      if let inside = open {
        if raw.contains(inside == .string ? "\"\"\"" : "*/") { open = nil }
        continue
      }
      let line = Code(raw)
      open = line.opens
      guard line.opens == nil, let code = line.text else { continue }
      if let module = Self.imported(code) {
        imports.insert(module)
      } else {
        lines.append((index + 1, code))
      }
    }
  }

  /// A line as the compiler reads it, for comparing: without its indentation, its trailing
  /// comment and a leading `static ` (a test keeps a document's `let` as a member); `nil` for a
  /// blank or comment line.
  static func code(_ line: Substring) -> String? { Code(line).text }

  /// One line of Swift: its code, and what it leaves open for the next lines.
  struct Code {
    enum Open { case string, comment }

    var text: String?
    /// A multi-line string literal or a block comment that goes on past the line.
    var opens: Open?

    init(_ line: Substring) {
      var quoted = false
      var escaped = false
      var end = line.endIndex
      var index = line.startIndex
      while index < line.endIndex {
        let rest = line[index...]
        if escaped {
          escaped = false
        } else if quoted {
          if rest.first == "\\" { escaped = true } else if rest.first == "\"" { quoted = false }
        } else if rest.hasPrefix("\"\"\"") {
          let after = rest.dropFirst(3)
          if !after.contains("\"\"\"") { opens = .string }
          break
        } else if rest.hasPrefix("//") {
          end = index
          break
        } else if rest.hasPrefix("/*") {
          end = index
          if !rest.dropFirst(2).contains("*/") { opens = .comment }
          break
        } else if rest.first == "\"" {
          quoted = true
        }
        index = line.index(after: index)
      }
      var code = line[..<end].trimmingCharacters(in: .whitespaces)
      if code.hasPrefix("static ") { code.removeFirst("static ".count) }
      text = code.isEmpty ? nil : code
    }
  }

  /// The module a line imports, if it is an import (`@testable import` is one).
  static func imported(_ code: String) -> String? {
    let words = code.split(separator: " ")
    guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
      words[..<at].allSatisfy({ $0.hasPrefix("@") })
    else { return nil }
    return String(words[at + 1])
  }
}

/// A ```swift block of a Markdown document.
struct SwiftBlock {
  var file: String
  /// The line of its opening fence, from 1.
  var line: Int
  var lines: [Substring]

  /// The ```swift blocks of `markdown`, in order; a fence may be indented (in a list item).
  static func all(in markdown: String, file: String) -> [SwiftBlock] {
    var blocks: [SwiftBlock] = []
    var open: (line: Int, fence: Substring, indent: Int, swift: Bool)?
    var body: [Substring] = []
    for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let indent = line.prefix { $0 == " " }.count
      let text = line.dropFirst(indent)
      if let fence = open {
        if text.hasPrefix(fence.fence) && text.allSatisfy({ $0 == "`" || $0 == " " }) {
          if fence.swift { blocks.append(SwiftBlock(file: file, line: fence.line, lines: body)) }
          open = nil
        } else {
          body.append(line.dropFirst(min(fence.indent, indent)))
        }
      } else if text.hasPrefix("```") {
        let fence = text.prefix { $0 == "`" }
        let info = text.dropFirst(fence.count).split(separator: " ").first
        open = (index + 1, fence, indent, info == "swift")
        body = []
      }
    }
    return blocks
  }

  /// What the block's first line says it is a fragment of (`// Fragment: an adapter's
  /// perform(_:)`), where it marks one.
  var fragment: Substring? {
    guard let first = lines.first(where: { !$0.allSatisfy(\.isWhitespace) }),
      let marker = first.range(of: "// Fragment:"),
      first[..<marker.lowerBound].allSatisfy(\.isWhitespace)
    else { return nil }
    return first[marker.upperBound...].drop { $0 == " " }
  }

  /// Why the block is neither in a Swift file the package builds nor a marked fragment, in
  /// words; `nil` when it is one of them.
  func problem(against sources: [SwiftSource]) -> String? {
    let place = "\(file):\(line)"
    if let fragment {
      return fragment.isEmpty
        ? "\(place): this Swift block's `// Fragment:` line is empty: say what the block belongs to (`// Fragment: an adapter's perform(_:)`)."
        : nil
    }
    var imports: Set<String> = []
    var code: [String] = []
    for line in lines {
      guard let line = SwiftSource.code(line) else { continue }
      if let module = SwiftSource.imported(line) {
        imports.insert(module)
      } else {
        code.append(line)
      }
    }
    guard let first = code.first else {
      return "\(place): this Swift block has no code; remove it, or mark it as a fragment."
    }
    // The longest run of the block's lines, from its first, that a file has, and where.
    var longest: (source: SwiftSource, start: Int, count: Int)?
    var lacking: String?
    for source in sources {
      for start in source.lines.indices where source.lines[start].code == first {
        var count = 1
        while count < code.count, start + count < source.lines.count,
          source.lines[start + count].code == code[count]
        {
          count += 1
        }
        if count == code.count {
          let missing = imports.subtracting(source.imports)
          if missing.isEmpty { return nil }
          lacking =
            "\(place): this Swift block imports \(missing.sorted().joined(separator: ", ")), which \(source.name) does not; import it there too, or leave it out of the block."
        } else if count > longest?.count ?? 0 {
          longest = (source, start, count)
        }
      }
    }
    if let lacking { return lacking }
    let intro =
      "\(place): this Swift block is in no Swift file the package builds, and is not marked as a fragment."
    let fix =
      "Change the block or the test so they are the same, or make the block's first line `// Fragment: <what it belongs to>`."
    guard let longest else { return "\(intro) No file has its first line, `\(first)`. \(fix)" }
    let next = longest.start + longest.count
    let there =
      next < longest.source.lines.count ? "`\(longest.source.lines[next].code)`" : "the file's end"
    let lines = longest.count == 1 ? "first line" : "first \(longest.count) lines"
    return
      "\(intro) \(longest.source.name):\(longest.source.lines[longest.start].number) has its \(lines), then \(there) where the block has `\(code[longest.count])`. \(fix)"
  }
}
