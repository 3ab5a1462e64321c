import Foundation
import Testing

@testable import NavCheck

/// Each rule of SEMANTICS §1 "A spec is invalid …" on a spec that breaks only that rule, with
/// the exact message.
@Suite struct ValidationTests {
  func messages(_ spec: NavigationSpec) -> [String] { spec.problems.map(\.message) }

  @Test func aValidSpecHasNoProblems() throws {
    try todoApp.validate()
    #expect(todoApp.problems.isEmpty)
  }

  @Test func emptySpecNameIsInvalid() {
    let spec = NavigationSpec("", root: "A") { Destination("A") }
    #expect(messages(spec) == ["the spec's name is empty; give it a name"])
  }

  @Test func emptyOrMalformedDestinationNamesAreInvalid() {
    let spec = NavigationSpec("App", root: "A") {
      Destination("A") {
        Push("")
        Push("2nd")
      }
      Destination("")
      Destination("2nd")
      Destination("with space")
    }
    #expect(
      messages(spec) == [
        "a destination has an empty name",
        "destination name '2nd' is malformed; use letters, digits and '_', not starting with a digit",
        "destination name 'with space' is malformed; use letters, digits and '_', not starting with a digit",
      ])
  }

  @Test func aNameDeclaredTwiceIsInvalid() {
    let line = #line + 2
    let spec = NavigationSpec("App", root: "A") {
      Destination("A")
      Destination("A")
      Flow("F") { Push("A") }
      Flow("F") { Push("A") }
      DeepLink("d") { DismissAll() }
      DeepLink("d") { DismissAll() }
    }
    let file = URL(fileURLWithPath: #filePath).lastPathComponent
    #expect(
      messages(spec) == [
        "destination 'A' is declared twice (first declared at NavCheckTests/\(file):\(line)); rename or remove one",
        "flow 'F' is declared twice (first declared at NavCheckTests/\(file):\(line + 2)); rename or remove one",
        "deep link 'd' is declared twice (first declared at NavCheckTests/\(file):\(line + 4)); rename or remove one",
      ])
    #expect(spec.problems.map(\.location?.line) == [line + 1, line + 3, line + 5])
  }

  @Test func anUndeclaredRootIsInvalidWithASuggestion() {
    let spec = NavigationSpec("App", root: "TodoLsit") { Destination("TodoList") }
    #expect(messages(spec) == ["no destination named 'TodoLsit'; did you mean 'TodoList'?"])
    #expect(spec.problems.first?.path == "root")
  }

  @Test func anUndeclaredDestinationIsInvalidWherever_itIsReferenced() {
    let spec = NavigationSpec("App", root: "TodoList") {
      Destination("TodoList") {
        Push("TodoDetial")
        Alert("A") { Button("Go") { Sheet("Zebra") } }
      }
      Destination("TodoDetail")
      Flow("F") { Push("TodoDetai") }
      DeepLink("d") { PopTo("Todolist") }
    }
    #expect(
      messages(spec) == [
        "no destination named 'TodoDetial'; did you mean 'TodoDetail'?",
        "no destination named 'Zebra'; declare it with Destination(\"Zebra\") or use one of: TodoDetail, TodoList",
        "no destination named 'TodoDetai'; did you mean 'TodoDetail'?",
        "no destination named 'Todolist'; did you mean 'TodoList'?",
      ])
    #expect(
      spec.problems.map(\.path) == [
        "destinations[0].transitions[0].destination",
        "destinations[0].transitions[1].buttons[0].action.destination",
        "flows[0].steps[0].destination",
        "deepLinks[0].actions[0].destination",
      ])
  }

  @Test func anUndeclaredFlowIsInvalid() {
    let spec = NavigationSpec("App", root: "A") {
      Destination("A") { StartFlow("Onbording") }
      Flow("Onboarding") { Push("A") }
    }
    #expect(messages(spec) == ["no flow named 'Onbording'; did you mean 'Onboarding'?"])
  }

  @Test func emptyFlowsAndDeepLinksAreInvalid() {
    let spec = NavigationSpec("App", root: "A") {
      Destination("A")
      Flow("F") {}
      DeepLink("d") {}
    }
    #expect(
      messages(spec) == [
        "flow 'F' has no steps; add at least one Push, Sheet or FullScreenCover",
        "deep link 'd' has no actions; add at least one",
      ])
  }

  @Test func boundsBelowOneAreInvalid() {
    let spec = NavigationSpec("App", root: "A") { Destination("A") }
      .bounds(maxStackDepth: 0, maxPresentationDepth: -1)
    #expect(
      messages(spec) == [
        "maxStackDepth is 0; a bound must be at least 1",
        "maxPresentationDepth is -1; a bound must be at least 1",
      ])
  }

  @Test func dismissCountBelowOneIsInvalid() {
    let spec = NavigationSpec("App", root: "A") { Destination("A") { DismissCount(0) } }
    #expect(messages(spec) == ["dismissCount is 0; it must be at least 1"])
    #expect(spec.problems.first?.path == "destinations[0].transitions[0].count")
  }

  @Test func duplicateButtonLabelsAreInvalid() {
    let spec = NavigationSpec("App", root: "A") {
      Destination("A") {
        Alert("Confirm") {
          Button("OK")
          Button("OK") { Dismiss() }
        }
      }
    }
    #expect(
      messages(spec) == ["alert 'Confirm' has two buttons labelled 'OK'; button labels must differ"]
    )
  }

  @Test func everyProblemIsReportedAtOnce() throws {
    let spec = NavigationSpec("", root: "Nope") {
      Destination("A") { DismissCount(0) }
      Flow("F") {}
    }
    #expect(spec.problems.count == 4)
    #expect(throws: SpecError.self) { try spec.check() }
    do {
      _ = try spec.check()
    } catch {
      #expect(error.problems.count == 4)
      #expect(error.description.split(separator: "\n").count == 4)
      #expect(error.description.contains("DSLTests") == false)
      #expect(error.description.contains("ValidationTests.swift:"))
    }
  }

  @Test func boundsBeyondTheEncodingAreRejectedPlainly() {
    let spec = NavigationSpec("App", root: "A") { Destination("A") }.bounds(maxStackDepth: 1000)
    #expect(messages(spec) == ["maxStackDepth is 1000; at most 255 is supported"])
    let deep = NavigationSpec("App", root: "A") { Destination("A") }
      .bounds(maxPresentationDepth: 257)
    #expect(messages(deep) == ["maxPresentationDepth is 257; at most 256 is supported"])
    // The largest bounds together stay within the encoding's screen limit.
    let largest = NavigationSpec("App", root: "A") { Destination("A") }
      .bounds(maxStackDepth: 255, maxPresentationDepth: 256)
    #expect(messages(largest).isEmpty)
    let codec = StateCodec(CompiledSpec(largest))
    #expect(codec.maxStateBytes == 255 * 257 * codec.screenBytes)
    #expect(255 * 257 <= StateLimits.maxScreens)
  }

  /// The encoding's limits come from the codec's field widths.
  @Test func limitsComeFromTheStateEncoding() {
    #expect(NavigationSpec.maxAsyncTransitionsPerDestination == UInt64.bitWidth)
    let asyncs = NavigationSpec("App", root: "A") {
      Destination("A") {
        for i in 0...NavigationSpec.maxAsyncTransitionsPerDestination {
          DismissAlert().async().label("t\(i)")
        }
      }
    }
    #expect(
      messages(asyncs) == [
        "destination 'A' declares 65 async transitions; at most 64 are supported, split the screen"
      ])
    let steps = NavigationSpec("App", root: "A") {
      Destination("A") { StartFlow("F") }
      Flow("F") {
        for _ in 0...NavigationSpec.maxFlowSteps { Push("A") }
      }
    }
    #expect(
      messages(steps) == ["flow 'F' has 256 steps; at most 255 are supported, split the flow"])
  }
}

/// A bound out of range is reported where the bounds are declared, not at the spec's start.
@Suite struct BoundsLocationTests {
  @Test func theDSLsBoundsLine() {
    let line = #line + 4
    let spec = NavigationSpec("Deep", root: "A") {
      Destination("A") {}
    }
    .bounds(maxStackDepth: 0)
    let problem = spec.problems.first { $0.message.hasPrefix("maxStackDepth is 0") }
    #expect(problem?.location?.line == line)
  }

  @Test func theJSONsBoundsObject() throws {
    let json = """
      {
        "name": "Deep", "root": "A",
        "destinations": [{"name": "A"}],
        "bounds": {"maxStackDepth": 0}
      }
      """
    let spec = try NavigationSpec(json: Data(json.utf8), file: "deep.json")
    let problem = spec.problems.first { $0.message.hasPrefix("maxStackDepth is 0") }
    #expect(problem?.location?.line == 4)
  }
}
