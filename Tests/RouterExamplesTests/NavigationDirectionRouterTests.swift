import NavCheck
import NavCheckTestSupport
import NavCheckTesting
import Testing

/// A shop's checkout: a three-screen flow pushed on the cart, and an address book in a sheet
/// with its own stack, where a new address is pushed.
let shopCheckout = NavigationSpec("Checkout", root: "Cart") {
  Destination("Cart") { StartFlow("Checkout").label("Check out") }
  Destination("Shipping") {
    Next().label("Continue")
    Sheet("AddressBook").label("Choose address")
  }
  Destination("Payment") { Next().label("Review order") }
  Destination("Review") { Dismiss().label("Edit payment") }
  Destination("AddressBook") {
    Push("NewAddress").label("New address")
    Dismiss().label("Cancel")
  }
  Destination("NewAddress") { Dismiss().label("Save") }
  Flow("Checkout") {
    Push("Shipping")
    Push("Payment")
    Push("Review")
  }
}
.bounds(maxStackDepth: 4, maxPresentationDepth: 1)

/// The shortest sequence that shows the bug: back from Payment by a swipe, the view model still
/// has Payment on top, and "Continue" goes to Review.
let continueAfterASwipeBack: [EventReference] = [
  .transition(screen: "Cart", transition: .label("Check out")),
  .transition(screen: "Shipping", transition: .label("Continue")),
  .gesture(.swipeBack),
  .transition(screen: "Shipping", transition: .label("Continue")),
]

@Suite struct NavigationDirectionRouterTests {
  @Test func theFuzzerFindsANextComputedFromAStaleStack() throws {
    var result: RouterFuzzResult?
    withExpectedNavigationFailures {
      result = fuzzRouter(shopCheckout, options: exampleOptions()) { CheckoutView(.published) }
    }
    let failure = try #require(result?.failure)
    #expect(failure.rule == .showsWhatTheReferenceShows)
    #expect(failure.steps.count == 4)
    #expect(failure.events == continueAfterASwipeBack)
    #expect(result?.originalLength == 8)
    #expect(
      failure.message
        == "expected [Cart › Shipping › Payment], the router shows [Cart › Shipping › Review]")
  }

  @Test func aPathBindingPassesTheFuzzerCoveringTheSpec() {
    let result = fuzzRouter(shopCheckout, options: exampleOptions(runs: 100)) {
      CheckoutView(.pathBinding)
    }
    #expect(result.passed)
    #expect(result.statistics.coveredDeclarations == result.statistics.totalDeclarations)
    #expect(result.statistics.totalDeclarations == 11)
    #expect(result.statistics.eventsByKind[.swipeBack, default: 0] > 0)
    #expect(result.statistics.eventsByKind[.swipeDown, default: 0] > 0)
  }

  @Test func theExhaustiveCheckFindsTheShortestSequence() throws {
    // The stale stack grows without end (check out, swipe back, check out…: a Shipping left
    // behind each time), so no bound makes the check complete; the failure, four steps deep,
    // is among the first hundred pairs.
    var result: RouterExhaustiveResult?
    withExpectedNavigationFailures {
      result = checkRouterExhaustively(shopCheckout, maxStates: 100) {
        CheckoutView(.published)
      }
    }
    let failure = try #require(result?.failure)
    #expect(failure.rule == .showsWhatTheReferenceShows)
    #expect(failure.events == continueAfterASwipeBack)
    #expect(result?.complete == false)
  }

  @Test func aPathBindingPassesTheExhaustiveCheck() {
    let result = checkRouterExhaustively(shopCheckout) { CheckoutView(.pathBinding) }
    #expect(result.failure == nil)
    #expect(result.complete)
    #expect(result.states == 6)
    #expect(result.transitions == 14)
  }

  @Test func theMinimalSequenceReproducesTheFailure() {
    var failure: RouterFailure?
    withExpectedNavigationFailures {
      failure = assertRouterSequence(shopCheckout, continueAfterASwipeBack) {
        CheckoutView(.published)
      }
    }
    #expect(failure?.rule == .showsWhatTheReferenceShows)
    #expect(failure?.snapshot?["Cart"]?.path == ["Shipping", "Review"])
    #expect(
      assertRouterSequence(shopCheckout, continueAfterASwipeBack) {
        CheckoutView(.pathBinding)
      } == nil)
  }

  @Test func cancelAfterASwipeBackInTheSheetLeavesTheSheetUp() {
    // The view model's top is the new address the user swiped away: "Cancel" publishes `.back`,
    // which finds the sheet's path empty, instead of `.dismiss`. A dismissal that does nothing
    // is a wrong screen first: what is left behind comes after.
    let cancelAfterASwipeBack: [EventReference] = [
      .transition(screen: "Cart", transition: .label("Check out")),
      .transition(screen: "Shipping", transition: .label("Choose address")),
      .transition(screen: "AddressBook", transition: .label("New address")),
      .gesture(.swipeBack),
      .transition(screen: "AddressBook", transition: .label("Cancel")),
    ]
    var failure: RouterFailure?
    withExpectedNavigationFailures {
      failure = assertRouterSequence(shopCheckout, cancelAfterASwipeBack) {
        CheckoutView(.published)
      }
    }
    #expect(failure?.rule == .showsWhatTheReferenceShows)
    #expect(
      failure?.message
        == "expected [Cart › Shipping], the router shows [Cart › Shipping ⤷ sheet: AddressBook]")
    #expect(failure?.steps.count == 5)
    #expect(failure?.snapshot?.routers.map(\.id) == ["Cart", "Cart/Shipping/sheet:AddressBook"])
    #expect(
      assertRouterSequence(shopCheckout, cancelAfterASwipeBack) {
        CheckoutView(.pathBinding)
      } == nil)
  }

  @Test func onlyAPathBindingTellsTheViewModelOfASwipeBack() {
    for variant in [CheckoutView.Variant.published, .pathBinding] {
      var view = CheckoutView(variant)
      view.apply(view.viewModel.startFlow())
      view.apply(view.viewModel.next())
      view.swipeBack()
      #expect(view.path == ["Shipping"])
      let expected = variant == .published ? ["Shipping", "Payment"] : ["Shipping"]
      #expect(view.viewModel.stack.map(\.screen) == expected, "\(variant)")
    }
  }
}

#if canImport(XCTest)
  import XCTest

  final class NavigationDirectionRouterXCTests: RecordingTestCase {
    func testTheFuzzersFailureIsReportedAtTheCall() {
      let callLine = #line + 2
      let recorded = recordingFailures {
        fuzzRouter(shopCheckout, options: exampleOptions()) { CheckoutView(.published) }
      }
      XCTAssertEqual(recorded.count, 1)
      XCTAssertEqual(recorded.first?.file, "\(#filePath)")
      XCTAssertEqual(recorded.first?.line, callLine)
      XCTAssertTrue(
        recorded.first?.description.contains("breaks 'shows what the reference router shows'")
          == true)
    }

    func testTheExhaustiveChecksFailureIsReportedAtTheCall() {
      let callLine = #line + 2
      let recorded = recordingFailures {
        checkRouterExhaustively(shopCheckout, maxStates: 100) { CheckoutView(.published) }
      }
      XCTAssertEqual(recorded.map(\.line), [callLine])
      XCTAssertEqual(recorded.first?.file, "\(#filePath)")
    }

    func testAPathBindingRecordsNothing() {
      let recorded = recordingFailures {
        fuzzRouter(shopCheckout, options: exampleOptions(runs: 100)) { CheckoutView(.pathBinding) }
        checkRouterExhaustively(shopCheckout) { CheckoutView(.pathBinding) }
      }
      XCTAssertEqual(recorded.map(\.description), [])
    }
  }
#endif
