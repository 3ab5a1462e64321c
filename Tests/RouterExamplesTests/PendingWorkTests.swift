import Foundation
import NavCheck
import NavCheckTesting
import Testing

@Suite struct PendingWorkTests {
  func work(_ startedAt: Int?, screen: Int = 1) -> AsyncWork {
    AsyncWork(
      id: .init(screen: screen, transition: 0), destination: "AddTodo", label: "Save",
      action: .dismiss(destination: nil), cancelsOnDismiss: true, startedAt: startedAt)
  }
  let sheet = ScreenLocation(environment: 1, position: 0, destination: "AddTodo")
  let root = ScreenLocation(environment: 0, position: 0, destination: "TodoList")

  /// Work kept past its screen and the same transition started again on a new screen share an
  /// id; the start tells them apart.
  @Test func twoStartsOfOneIdAreKeptApart() {
    var pending = PendingWork<String>()
    pending.start(work(2), at: sheet, "stale")
    pending.start(work(5), at: sheet, "live")
    #expect(pending.ids.count == 2)
    #expect(pending.complete(work(5)) == "live")
    #expect(pending.complete(work(5)) == nil)
    #expect(pending.complete(work(2)) == "stale")
    // Without a start on either side, the id alone matches, first started first.
    pending.start(work(nil), "a")
    #expect(pending.complete(work(7)) == "a")
  }

  @Test func cancelledByTheScreenThatOwnsIt() {
    var pending = PendingWork<String>()
    pending.start(work(1, screen: 0), at: root, "list")
    pending.start(work(2), at: sheet, "sheet")
    #expect(pending.owner(of: work(2).id) == sheet)
    #expect(pending.ids(ownedBy: { $0.environment == 1 }) == [work(2).id])
    pending.cancelAll(ownedBy: { $0.environment >= 1 })
    #expect(pending.ids == [work(1, screen: 0).id])
    #expect(pending.entries.first?.work.label == "Save")
  }

  @Test func codableAndHashableForValueRouters() throws {
    var pending = PendingWork<[Int]>()
    pending.start(work(3), at: sheet, [1, 2])
    let data = try JSONEncoder().encode(pending)
    let decoded = try JSONDecoder().decode(PendingWork<[Int]>.self, from: data)
    #expect(decoded == pending)
    #expect(decoded.owner(of: work(3).id) == sheet)
    var other = PendingWork<[Int]>()
    other.start(work(4), at: sheet, [1, 2])
    #expect(other != pending, "another start is other work")
    #expect(Set([pending, decoded, other]).count == 2)
  }
}
