import Foundation
import Testing

@testable import NavCheck

/// The DSL example of DESIGN.md, unchanged.
let todoApp = NavigationSpec("TodoApp", root: "TodoList") {
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
    DismissPresented().async(cancelsOnDismiss: true).label("Autosave closes the editor")
    Alert("Saved")
    DismissAlert().async().label("Toast times out")
    PopTo("TodoList")
  }
  Destination("Editor") { Dismiss() }
  Destination("AddTodo", navigation: true, swipeToDismiss: false) {
    Push("DatePicker")
    DismissEnvironment().async().label("Save")
    Dismiss().async(cancelsOnDismiss: true)
  }
  Destination("DatePicker") {
    Dismiss()
    DismissTo("TodoList").label("Done")  // across sheets and covers
    Dismiss("AddTodo").async()  // the screen AddTodo and all above it
    DismissCount(2)
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

enum Route: String {
  case shelf, book, reader
}

@Suite struct DSLTests {
  @Test func designExampleBuildsTheModelItSays() throws {
    try todoApp.validate()
    #expect(todoApp.name == "TodoApp" && todoApp.root == "TodoList")
    #expect(
      todoApp.destinations.map(\.name) == [
        "TodoList", "TodoDetail", "Editor", "AddTodo", "DatePicker", "Welcome", "Permissions",
      ])
    let add = todoApp.destinations[0].transitions[1]
    #expect(add == Transition(action: .sheet(destination: "AddTodo"), label: "Add"))
    #expect(
      todoApp.destinations[0].transitions[2].action
        == .alert(
          name: "DeleteAll",
          buttons: [
            AlertButton(label: "Delete", action: .dismissStack), AlertButton(label: "Cancel"),
          ]))
    #expect(todoApp.destinations[1].transitions[2].trigger == .async(cancelsOnDismiss: true))
    #expect(todoApp.destinations[1].transitions[4].trigger == .async(cancelsOnDismiss: false))
    #expect(todoApp.destinations[3].swipeToDismiss == false)
    #expect(todoApp.destinations[4].transitions[2].action == .dismiss(destination: "AddTodo"))
    #expect(
      todoApp.flows == [
        Flow(
          name: "Onboarding",
          steps: [
            FlowStep(style: .fullScreenCover, destination: "Welcome"),
            FlowStep(style: .push, destination: "Permissions"),
          ])
      ])
    #expect(
      todoApp.deepLinks.first?.actions.map(\.action) == [
        .dismissAll, .push(destination: "TodoDetail"),
      ])
    #expect(todoApp.invariants.map(\.name) == ["at most two details"])
    #expect(todoApp.bounds == Bounds(maxStackDepth: 6, maxPresentationDepth: 3))
  }

  @Test func designExampleChecksDeterministically() throws {
    let one = try todoApp.check(threads: 1)
    let two = try todoApp.check(threads: 2)
    #expect(one.complete)
    #expect(counts(one) == counts(two))
    #expect(one.violationCounts[.invariant] != nil)
  }

  @Test func destinationsCanBeNamedByStringBackedEnums() throws {
    let library = NavigationSpec("Library", root: Route.shelf) {
      Destination(Route.shelf) { Push(Route.book) }
      Destination(Route.book) {
        FullScreenCover(Route.reader)
        PopTo(Route.shelf)
        Dismiss(Route.book)
      }
      Destination(Route.reader) { DismissTo(Route.book) }
      Invariant("one reader") {
        $0.count(of: Route.reader) <= 1 && !$0.contains(Route.shelf) || true
      }
    }
    try library.validate()
    #expect(library.root == "shelf")
    #expect(
      library.destinations[1].transitions.map(\.action) == [
        .fullScreenCover(destination: "reader"), .popTo(destination: "shelf"),
        .dismiss(destination: "book"),
      ])
  }

  @SpecBuilder static var settings: [SpecNode] {
    Destination("Settings") { Dismiss() }
    Destination("About")
  }

  @TransitionBuilder static var closeButtons: [Transition] {
    Dismiss()
    DismissAll().label("Home")
  }

  @Test func ifForAndHelpersWorkInsideTheBuilders() throws {
    let premium = true
    let tabs = ["Feed", "Search"]
    let spec = NavigationSpec("App", root: "Feed") {
      for tab in tabs {
        Destination(tab) {
          Sheet("Settings")
          if premium { Push("About") } else { Alert("Upgrade") }
          for other in tabs where other != tab { Push(other) }
          Self.closeButtons
        }
      }
      Self.settings
      if !premium { Destination("Upgrade") }
    }
    try spec.validate()
    #expect(spec.destinations.map(\.name) == ["Feed", "Search", "Settings", "About"])
    #expect(
      spec.destinations[0].transitions.map(\.action) == [
        .sheet(destination: "Settings"), .push(destination: "About"), .push(destination: "Search"),
        .dismiss(destination: nil), .dismissAll,
      ])
  }

  @Test func everyNodeRecordsTheLineItWasWrittenOn() throws {
    let specLine = #line + 1
    let spec = NavigationSpec("Lines", root: "A") {
      Destination("A") {
        Push("B")
        Alert("X") { Button("Go") { Dismiss() } }
      }
      Flow("F") { Push("A") }
      DeepLink("d") { DismissAll() }
      Invariant("true") { _ in true }
    }
    #expect(spec.location?.line == specLine)
    #expect(spec.destinations[0].location?.line == specLine + 1)
    #expect(spec.destinations[0].transitions[0].location?.line == specLine + 2)
    #expect(spec.destinations[0].transitions[1].location?.line == specLine + 3)
    if case .alert(_, _, let buttons) = spec.destinations[0].transitions[1].action {
      #expect(buttons[0].location?.line == specLine + 3)
    }
    #expect(spec.flows[0].location?.line == specLine + 5)
    #expect(spec.flows[0].steps[0].location?.line == specLine + 5)
    #expect(spec.deepLinks[0].actions[0].location?.line == specLine + 6)
    #expect(spec.invariants[0].location?.line == specLine + 7)
    #expect(spec.destinations[0].location?.fileID.hasSuffix("DSLTests.swift") == true)
    #expect(spec.destinations[0].location?.filePath == #filePath)
  }

  @Test func violationsPointAtTheDeclaringLine() throws {
    let line = #line + 3
    let spec = NavigationSpec("Violation", root: "A") {
      Destination("A") {
        DismissEnvironment()
      }
    }
    let violation = try #require(try check(spec).violations.first)
    #expect(violation.declaration?.location?.line == line)
    #expect(violation.declaration?.location?.filePath == #filePath)
  }

  @Test func triggersAndLabelsWhereTheyMeanNothingAreReported() throws {
    let spec = NavigationSpec("Misused", root: "A") {
      Destination("A") { Alert("X") { Button("Go") { Dismiss().async() } } }
      Flow("F") { Push("A").label("step") }
      DeepLink("d") { DismissAll().async() }
    }
    #expect(
      spec.problems.map(\.message) == [
        "the action of button 'Go' runs when the button is tapped; remove '.async()'",
        "a flow step is performed by StartFlow or Next; remove its '.async()' or '.label(_:)'",
        "a deep link's actions run when it arrives; remove '.async()' or '.label(_:)' from them",
      ])
  }
}
