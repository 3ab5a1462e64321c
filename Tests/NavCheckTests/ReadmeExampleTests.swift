import Foundation
import NavCheckSpecs
import NavCheckTestSupport
import NavCheckTesting
import Testing

@testable import NavCheck

/// The README's spec examples, as they are written there (`DocumentationBlockTests` finds each
/// here): they break the rules the README says they break, and no other.
@Suite struct ReadmeExampleTests {
  enum Example {
    // README: "Writing a spec"
    static let todoApp = NavigationSpec("TodoApp", root: "TodoList") {
      Destination("TodoList") {
        Push("TodoDetail")
        Sheet("AddTodo").label("Add")
        Alert("DeleteAll") {
          Button("Delete") { DismissStack() }
          Button("Cancel")
        }
        StartFlow("Onboarding")
      }
      Destination("TodoDetail") {
        Push("TodoDetail")
        FullScreenCover("Editor")
        Alert("Saved")
        DismissAlert().async().label("Toast times out")
        PopTo("TodoList")
      }
      Destination("Editor") { Dismiss() }
      Destination("AddTodo", navigation: true, swipeToDismiss: false) {
        DismissEnvironment().async().label("Save")
        Dismiss().async(cancelsOnDismiss: true)
      }
      Destination("Welcome") { Next() }
      Destination("Permissions") { NextOrDismissEnvironment() }

      Flow("Onboarding") {
        FullScreenCover("Welcome")
        Push("Permissions")
      }
      DeepLink("promo", start: .root) {
        DismissAll()
        Push("TodoDetail")
      }
      Invariant("at most two details") { state in state.count(of: "TodoDetail") <= 2 }
    }
    .bounds(maxStackDepth: 6, maxPresentationDepth: 3)

    // README: "Tabs, modules, modals and sequences"
    static let mail = NavigationSpec("Mail") {
      Module("SignedOut", root: "Welcome")
      Module("Main", tabs: ["Inbox", "Search"])

      Destination("Welcome") { ShowModule("Main").label("Log in") }
      Destination("Inbox") {
        Push("Thread")
        Sheet("Compose").onDismiss { SelectTab("Search") }
        Modal("Toast")
        Alert("Sign out?", style: .confirmationDialog) {
          Button("Sign out") { ShowModule("SignedOut") }
          Button("Cancel")
        }
      }
      Destination("Thread") { PushStack("Message", "Attachment").label("Open latest") }
      Destination("Compose") { Dismiss().label("Discard") }
      Destination("Search") {
        Actions {
          SelectTab("Inbox")
          Push("Thread")
        }
        .label("Show in inbox")
      }
      Destination("Message") {}
      Destination("Attachment") {}
      Destination("Toast") {}
      DeepLink("thread", start: .root) {
        DismissAll()
        SelectTab("Inbox")
        Push("Thread")
      }
    }
    .bounds(maxStackDepth: 4, maxPresentationDepth: 1)

    // README: "Flags, guards, outcomes, and work"
    static let checkout = NavigationSpec("Checkout", root: "Cart") {
      Flag("signedIn")
      Destination("Cart") {
        Sheet("SignIn").label("Check out").unless("signedIn")
        Push("Payment").label("Check out").when("signedIn")
        SetFlag("signedIn", false).label("Sign out").when("signedIn")
      }
      Destination("SignIn") {
        Actions {
          SetFlag("signedIn", true)
          DismissEnvironment()
        }
        .label("Sign in")
      }
      Destination("Payment") {
        Async("Pay") {
          Outcome("authorised") { Push("Receipt") }
          Outcome("declined") { Alert("PaymentFailed") }
        }
        .actsOn(.stack)
        Sheet("Help").label("Help")
      }
      Destination("Receipt") { DismissAll().label("Done") }
      Destination("Help") {}
    }
  }

  /// Two orphaned completions and the custom invariant, as the README says.
  @Test func theExampleBreaksTheRulesTheReadmeNames() throws {
    let result = try check(Example.todoApp)
    #expect(
      result.violations.map { "\($0.kind.rawValue): \($0.declaration?.title ?? "")" } == [
        "orphanedCompletion: TodoDetail: async dismissAlert 'Toast times out'",
        "orphanedCompletion: AddTodo: async dismissEnvironment 'Save'",
        "invariant: invariant 'at most two details'",
      ])
    #expect(result.complete && result.warnings.isEmpty)
  }

  /// One rule, as the README says: the link before log-in, one event from the first screen;
  /// every destination is reached and every declaration fires.
  @Test func theTabsExampleBreaksTheRuleTheReadmeNames() throws {
    let result = try check(Example.mail)
    #expect(
      result.violations.map { "\($0.kind.rawValue): \($0.declaration?.title ?? "")" } == [
        "tabMissing: deep link 'thread' action 2: selectTab"
      ])
    #expect(result.violations.first?.trace.map(\.description) == ["deep link 'thread' arrives"])
    #expect(result.complete && result.warnings.isEmpty)
  }

  /// Both outcomes land under the Help sheet: one violation each (two (state, event) pairs
  /// each), the first in six events, as the README shows.
  @Test func thePart2ExampleBreaksWhatTheReadmeShows() throws {
    let result = try check(Example.checkout)
    #expect(result.violationCounts == [.actionFromCoveredScreen: 4])
    #expect(result.violations.count == 2)
    #expect(
      result.violations.first?.trace.map(\.description) == [
        "Cart: tap 'Check out' → sheet SignIn",
        "SignIn: tap 'Sign in' → set signedIn to true, dismiss environment",
        "Cart: tap 'Check out' → push Payment",
        "Payment: async 'Pay' starts",
        "Payment: tap 'Help' → sheet Help",
        "Payment: async 'Pay' completes: authorised → push Receipt (on the stack's top)",
      ])
    #expect(
      result.violations.first?.trace.last?.event.jsonValue.text(indent: nil)
        == #"{"complete":{"screen":"Payment","transition":"Pay","outcome":"authorised","actsOn":"stack"}}"#
    )
    #expect(result.warnings.isEmpty)
  }
}

/// The README's "In XCTest and Swift Testing", as it is written there. Its `todoApp` is the todo
/// app of `Specs/TodoApp.swift` with the fix its report names (the save is cancelled with its
/// sheet), whose navigation holds; `shop` is the bundled Shop. Long: the Shop.
@Suite(.long) struct ReadmeTestingExample {
  let todoApp = NavigationSpec("TodoApp", root: "TodoList") {
    Destination("TodoList") {
      Push("TodoDetails").label("Open todo")
      Sheet("AddTodo").label("Add")
    }
    Destination("TodoDetails") { Dismiss().label("Back") }
    Destination("AddTodo") { DismissEnvironment().async(cancelsOnDismiss: true).label("Save") }
  }

  @Test func navigationHolds() {
    assertNavigationHolds(todoApp)  // XCTest: call it from a test method
  }

  @Test func cartNeverStacksSheets() throws {
    let result = try shop.check(threads: 2)  // or look at the result yourself
    #expect(result.violationCounts[.duplicatePresentation] == nil)
  }
}
