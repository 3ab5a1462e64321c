import Testing

@testable import NavCheck

/// An unlabelled transition named by what it does (`.does("sheet Compose")`) names the same
/// transition whatever order the declarations are in, where the index does not; it is written
/// and read in JSON and Swift as the other names are.
@Suite struct EventReferenceTests {
  let spec = NavigationSpec("Names", root: "Home") {
    Destination("Home") {
      Push("Detail")
      Sheet("Compose")
      Push("Compose").async()
    }
    Destination("Detail") { Dismiss() }
    Destination("Compose") { Dismiss() }
  }

  /// The same destinations, Home's transitions declared the other way round.
  let reordered = NavigationSpec("Names", root: "Home") {
    Destination("Home") {
      Sheet("Compose")
      Push("Detail")
      Push("Compose").async()
    }
    Destination("Detail") { Dismiss() }
    Destination("Compose") { Dismiss() }
  }

  @Test func anUnlabelledTransitionIsNamedByWhatItDoesAndResolvesBackToIt() throws {
    let router = try ReferenceRouter(spec)
    let renamed = router.namedByWhatItDoes(.transition(screen: "Home", transition: .index(1)))
    #expect(renamed.reference == .transition(screen: "Home", transition: .does("sheet Compose")))
    #expect(renamed.why == nil)
    // It names the transition it was made from, in this spec and in the reordered one, where
    // the index it was made from names another.
    for spec in [spec, reordered] {
      let step = try ReferenceRouter(spec).step(renamed.reference).get()
      #expect(step.navigation.event == .transition(.sheet(destination: "Compose"), label: nil))
    }
    let byIndex = try ReferenceRouter(reordered).step(
      .transition(screen: "Home", transition: .index(1))
    ).get()
    #expect(byIndex.navigation.event != .transition(.sheet(destination: "Compose"), label: nil))
  }

  /// A labelled transition named by index is named by its label.
  @Test func aLabelledTransitionIsNamedByItsLabel() throws {
    let labelled = NavigationSpec("Labelled", root: "Home") {
      Destination("Home") { Push("Detail").label("Open") }
      Destination("Detail") { Dismiss() }
    }
    let renamed = try ReferenceRouter(labelled).namedByWhatItDoes(
      .transition(screen: "Home", transition: .index(0)))
    #expect(renamed.reference == .transition(screen: "Home", transition: .label("Open")))
  }

  @Test func aCompletionIsNamedByWhatItsTransitionDoes() throws {
    var router = try ReferenceRouter(spec)
    _ = router.perform(try router.step(.transition(screen: "Home", transition: .index(2))).get())
    let completion = EventReference.complete(
      screen: "Home", transition: .index(2), outcome: nil, at: nil)
    let renamed = router.namedByWhatItDoes(completion)
    #expect(
      renamed.reference
        == .complete(screen: "Home", transition: .does("async push Compose"), outcome: nil, at: nil)
    )
    #expect(try router.step(renamed.reference).get().event == router.step(completion).get().event)
  }

  /// Where two transitions of a destination do the same, the index stays, and why is said.
  @Test func twoTransitionsThatDoTheSameKeepTheirIndex() throws {
    let twice = NavigationSpec("Twice", root: "Home") {
      Destination("Home") {
        Push("Detail")
        Push("Detail")
      }
      Destination("Detail") { Dismiss() }
    }
    let router = try ReferenceRouter(twice)
    let renamed = router.namedByWhatItDoes(.transition(screen: "Home", transition: .index(1)))
    #expect(renamed.reference == .transition(screen: "Home", transition: .index(1)))
    #expect(
      renamed.why
        == "Home's transition #1 does 'push Detail', as #0 does: named by its index, which changes when they are reordered"
    )
    // Named by what it does, it names neither, and says so.
    let ambiguous = router.step(.transition(screen: "Home", transition: .does("push Detail")))
    #expect(throws: ReferenceRouter.ReplayError.self) { try ambiguous.get() }
    if case .failure(let error) = ambiguous {
      #expect(
        error.message
          == "Home has 2 transitions that do 'push Detail' (#0, #1): name one by its index")
    }
  }

  @Test func aTransitionThatDoesNothingSoIsNotFound() throws {
    let router = try ReferenceRouter(spec)
    guard
      case .failure(let error) = router.step(
        .transition(screen: "Home", transition: .does("push Detial")))
    else {
      Issue.record("no transition does 'push Detial'")
      return
    }
    #expect(error.message.hasPrefix("Home declares no transition that does 'push Detial'"))
    #expect(error.message.contains("push Detail"))
  }

  @Test func theDoesFormIsWrittenAndReadInJSONAndSwift() throws {
    let reference = EventReference.transition(screen: "Home", transition: .does("push Detail"))
    #expect(
      reference.jsonValue.text(indent: nil)
        == #"{"screen":"Home","transition":{"does":"push Detail"}}"#)
    #expect(try EventReference(jsonValue: reference.jsonValue) == reference)
    let read = try JSONReader.read(
      Array(#"{"complete": {"screen": "Home", "transition": {"does": "async dismiss"}}}"#.utf8))
    #expect(
      try EventReference(jsonValue: read)
        == .complete(screen: "Home", transition: .does("async dismiss"), at: nil))
    #expect(
      reference.swiftLiteral == #".transition(screen: "Home", transition: .does("push Detail"))"#)
    // The older forms read as before.
    let old = try JSONReader.read(Array(#"{"screen": "Home", "transition": 1}"#.utf8))
    #expect(
      try EventReference(jsonValue: old) == .transition(screen: "Home", transition: .index(1)))
  }
}
