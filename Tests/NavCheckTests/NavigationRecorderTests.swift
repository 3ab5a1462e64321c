import Foundation
import NavCheckRecorder
import Testing

@testable import NavCheck

/// The recorder writes the lines `Docs/RecordedRuns.md` documents, and the run reader reads
/// them back.
@Suite struct NavigationRecorderTests {
  /// One record of every kind, with its line as the documentation gives it.
  static let documented: [(NavigationRecord, String)] = [
    (.push("TodoDetail"), #"{"record":"push","destination":"TodoDetail"}"#),
    (
      .present("AddTodo", style: .sheet),
      #"{"record":"present","destination":"AddTodo","style":"sheet"}"#
    ),
    (
      .present("Player", style: .fullScreenCover),
      #"{"record":"present","destination":"Player","style":"fullScreenCover"}"#
    ),
    (
      .present("Toast", style: .modal),
      #"{"record":"present","destination":"Toast","style":"modal"}"#
    ),
    (.pop(count: 1), #"{"record":"pop","count":1}"#),
    (.popTo("TodoList"), #"{"record":"popTo","destination":"TodoList"}"#),
    (.popToRoot, #"{"record":"popToRoot"}"#),
    (.dismiss(style: .sheet), #"{"record":"dismiss","style":"sheet"}"#),
    (.dismiss(style: nil), #"{"record":"dismiss"}"#),
    (.dismissAll, #"{"record":"dismissAll"}"#),
    (
      .alert("DeleteAll", style: .alert), #"{"record":"alert","alert":"DeleteAll","style":"alert"}"#
    ),
    (
      .alert("Delete?", style: .confirmationDialog),
      #"{"record":"alert","alert":"Delete?","style":"confirmationDialog"}"#
    ),
    (.alertButton("Delete"), #"{"record":"alertButton","button":"Delete"}"#),
    (.alertDismissed, #"{"record":"alertDismissed"}"#),
    (.selectTab("Search"), #"{"record":"selectTab","tab":"Search"}"#),
    (.asyncStarted("Save"), #"{"record":"asyncStarted","work":"Save"}"#),
    (.asyncCompleted("Save", outcome: nil), #"{"record":"asyncCompleted","work":"Save"}"#),
    (
      .asyncCompleted("Pay", outcome: "declined"),
      #"{"record":"asyncCompleted","work":"Pay","outcome":"declined"}"#
    ),
    (.module("Main"), #"{"record":"module","module":"Main"}"#),
    (.flag("loggedIn", true), #"{"record":"flag","flag":"loggedIn","value":true}"#),
    (.deepLink("promo"), #"{"record":"deepLink","link":"promo"}"#),
  ]

  @Test func everyRecordWritesItsDocumentedLineAndReadsBack() throws {
    for (record, line) in Self.documented {
      #expect(record.jsonLine == line)
      let run = try RecordedRun(text: line + "\n")
      #expect(run.steps == [RecordedRun.Step(record: record, line: 1)])
    }
    // Every kind the reader knows is documented, and the documentation names each one.
    let kinds = Set(Self.documented.map(\.0.kind))
    #expect(kinds == Set(NavigationRecord.keys.map(\.kind)))
    let guide = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Docs/RecordedRuns.md"), encoding: .utf8)
    for (_, line) in Self.documented {
      let kind = try #require(line.split(separator: "\"").dropFirst(3).first)
      #expect(guide.contains("\"record\": \"\(kind)\""), "Docs/RecordedRuns.md lacks \(kind)")
    }
  }

  @Test func namesAreEscapedAsJSONStrings() throws {
    let record = NavigationRecord.alert("Say \"hi\"\\\n\u{1}", style: .alert)
    #expect(
      record.jsonLine == #"{"record":"alert","alert":"Say \"hi\"\\\n\u0001","style":"alert"}"#)
    #expect(try RecordedRun(text: record.jsonLine).steps[0].record == record)
  }

  @Test func presentationStylesAreTheStatesPresentedStyles() {
    for style in NavigationRecord.PresentationStyle.allCases {
      #expect(StateView.Style(style).rawValue == style.rawValue)
      #expect(NavigationRecord.PresentationStyle(StateView.Style(style)) == style)
    }
    #expect(
      Set(StateView.Style.presented.map(\.rawValue))
        == Set(NavigationRecord.PresentationStyle.allCases.map(\.rawValue)))
  }

  @Test func concurrentRecordsAreWholeLinesInTheSinksOrder() async {
    let lines = Lines()
    let recorder = NavigationRecorder { lines.append($0) }
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for n in 0..<50 { recorder.record(.push("Screen\(task)_\(n)")) }
        }
      }
    }
    let written = lines.all
    #expect(written.count == 400)
    let run = try? RecordedRun(text: written.joined(separator: "\n"))
    #expect(run?.steps.count == 400)
    // Each task's records keep their order.
    for task in 0..<8 {
      let mine = written.filter { $0.contains("Screen\(task)_") }
      #expect(mine == (0..<50).map { NavigationRecord.push("Screen\(task)_\($0)").jsonLine })
    }
  }

  @Test func aFileRecorderWritesOneLinePerRecordAndStopsWhenClosed() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "navcheck-recorder-\(UUID().uuidString).ndjson"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try NavigationRecorder(path: path)
    recorder.record([.deepLink("promo"), .dismissAll, .push("Promo")])
    recorder.record(.pop(count: 1))
    recorder.close()
    recorder.record(.push("Dropped"))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      text
        == [
          NavigationRecord.deepLink("promo"), .dismissAll, .push("Promo"), .pop(count: 1),
        ].map { $0.jsonLine + "\n" }.joined())
    #expect(throws: NavigationRecorder.FileError.self) {
      _ = try NavigationRecorder(path: "/no/such/folder/run.ndjson")
    }
  }

  @Test func malformedLinesNameTheLineAndWhatIsWrong() {
    let cases: [(String, Int, String)] = [
      ("{\"record\":\"push\",\"destination\":\"A\"}\n\n{\"record\":\"pussh\"}", 3, "did you mean"),
      ("{\"record\":\"push\"}", 1, "needs \"destination\""),
      ("{\"record\":\"push\",\"destination\":\"A\",\"styl\":1}", 1, "has no key \"styl\""),
      (
        "{\"record\":\"present\",\"destination\":\"A\",\"style\":\"popover\"}", 1,
        "sheet, fullScreenCover, modal"
      ),
      ("{\"record\":\"pop\",\"count\":0}", 1, "at least 1"),
      ("[1, 2]", 1, "a record is a JSON object"),
      ("{\"record\":\"push\",", 1, "not JSON"),
      ("{\"record\":\"flag\",\"flag\":\"x\",\"value\":\"yes\"}", 1, "true or false"),
    ]
    for (text, line, words) in cases {
      do {
        _ = try RecordedRun(text: text)
        Issue.record("\(text) was read")
      } catch {
        #expect(error.line == line, "\(text)")
        #expect(error.message.contains(words), "\(error.message)")
      }
    }
  }
}

/// Lines a sink receives from several threads.
private final class Lines: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  func append(_ line: String) {
    lock.lock()
    lines.append(line)
    lock.unlock()
  }
  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return lines
  }
}
