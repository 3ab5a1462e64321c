import NavCheck
import Testing

@testable import NavCheckTesting

/// A value-type router with one stack per environment whose async work belongs to a stack, not
/// to a screen (a per-stack `NavigationPath` router, SEMANTICS v2 `actsOn(.stack)`): the work
/// keeps the stack it was started in and, when it completes, acts on that stack's top then.
/// `workKeepsItsScreen` is the bug of capturing the starting screen instead: the completion
/// pushes from the screen that started it, wherever the stack's top is now.
struct StackWorkRouter: RouterAdapter, Codable, Equatable {
  var stacks: [[String]] = [["Feed"]]
  /// Each piece of work: the environment whose stack it acts on, and the depth it started at.
  var pending = PendingWork<[Int]>()
  var workKeepsItsScreen = false

  mutating func perform(_ step: NavigationStep) throws {
    let e = step.screen.environment
    switch step.event {
    case .transition(.push(let destination), _): stacks[e].append(destination)
    case .transition(.sheet(let destination), _): stacks.append([destination])
    case .swipeBack: stacks[e].removeLast()
    case .swipeDown: stacks.removeSubrange(e...)
    case .startAsync(let work): pending.start(work, [e, stacks[e].count])
    case .completeAsync(let work):
      guard let captured = pending.complete(work) else { return }
      let (stack, depth) = (captured[0], captured[1])
      for action in step.actions.map(\.action) {
        switch action {
        case .push(let destination):
          // The bug: the push goes where the starting screen was, under what was pushed since.
          if workKeepsItsScreen {
            stacks[stack].insert(destination, at: min(depth, stacks[stack].count))
          } else {
            stacks[stack].append(destination)
          }
        case .dismissEnvironment: stacks.removeSubrange(stack...)
        default: throw RouterAdapterError.unsupported(step)
        }
      }
    default: throw RouterAdapterError.unsupported(step)
    }
  }

  func snapshot() -> RouterSnapshot {
    RouterSnapshot(
      environments: stacks.indices.map { i in
        // Work is held by the router of the stack it acts on.
        .init(
          screen: stacks[i][0], path: Array(stacks[i].dropFirst()),
          pendingWork: pending.ids.filter { owner(of: $0) == i })
      })
  }

  /// The environment whose router holds the work with `id` (its holder's place).
  private func owner(of id: AsyncWork.ID) -> Int {
    var position = 0
    for (i, stack) in stacks.enumerated() {
      if id.screen < position + stack.count { return i }
      position += stack.count
    }
    return stacks.count - 1
  }
}

@Suite struct StackWorkRouterTests {
  /// Every reachable state of the spec below: the stack's work pushes on its top, a swipe back
  /// does not orphan it, and the router's snapshot holds it on the stack's router.
  @Test func aRouterWhoseWorkBelongsToItsStackPasses() {
    let result = checkRouterExhaustively(readerSpecForRouters) { StackWorkRouter() }
    #expect(result.failure == nil && result.complete)
    #expect(result.states > 0)
  }

  /// Work that keeps its screen pushes under what was pushed since: the shortest failure starts
  /// Search, pushes another Post, and Search finds.
  @Test func workThatKeepsItsScreenIsFound() throws {
    var result: RouterExhaustiveResult?
    withExpectedNavigationFailures {
      result = checkRouterExhaustively(readerSpecForRouters) {
        StackWorkRouter(workKeepsItsScreen: true)
      }
    }
    let failure = try #require(result?.failure)
    #expect(
      failure.events == [
        .transition(screen: "Feed", transition: .index(0)),
        .transition(screen: "Post", transition: .label("Search")),
        .transition(screen: "Post", transition: .index(1)),
        .complete(
          screen: "Post", transition: .label("Search"), outcome: "found", actsOn: .stack, at: nil),
      ])
  }
}

/// examples/stackwork.json's Feed and Post, with Post pushing another Post in place of its
/// Share sheet, and stacks of 4 (so a push can land above the screen that started the work).
let readerSpecForRouters = NavigationSpec(
  name: "Reader", root: "Feed",
  destinations: [
    Destination(name: "Feed", transitions: [Transition(action: .push(destination: "Post"))]),
    Destination(
      name: "Post",
      transitions: [
        {
          var search = Transition(
            actions: [], trigger: .async(cancelsOnDismiss: false), label: "Search")
          search.actsOn = .stack
          search.outcomes = [
            AsyncOutcome(label: "found", actions: [SequenceAction(.push(destination: "Profile"))]),
            AsyncOutcome(label: "none"),
          ]
          return search
        }(),
        Transition(action: .push(destination: "Post")),
      ]),
    Destination(name: "Profile"),
  ],
  bounds: Bounds(maxStackDepth: 4, maxPresentationDepth: 1))

/// A router that reports its flags (SEMANTICS v2): `forgetsSignOut` keeps the flag after
/// signing out.
struct FlagRouter: RouterAdapter, Codable, Equatable {
  var signedIn = false
  var forgetsSignOut = false

  mutating func perform(_ step: NavigationStep) throws {
    switch step.event {
    case .transition(.setFlag(_, let value), _):
      if value || !forgetsSignOut { signedIn = value }
    default: throw RouterAdapterError.unsupported(step)
    }
  }

  func snapshot() -> RouterSnapshot {
    RouterSnapshot(
      routers: [.init(id: "root", screen: "Home")], flags: signedIn ? ["signedIn"] : [])
  }
}

let signInSpec: NavigationSpec = {
  var spec = NavigationSpec(
    name: "SignIn", root: "Home",
    destinations: [
      Destination(
        name: "Home",
        transitions: [
          {
            var t = Transition(action: .setFlag(flag: "signedIn", value: true), label: "In")
            t.guards = Guards(unless: "signedIn")
            return t
          }(),
          {
            var t = Transition(action: .setFlag(flag: "signedIn", value: false), label: "Out")
            t.guards = Guards(when: "signedIn")
            return t
          }(),
        ])
    ])
  spec.flags = [Flag(name: "signedIn")]
  return spec
}()

@Suite struct FlagRouterTests {
  /// The flags a router reports are compared with the reference router's: a sign-out that
  /// leaves the flag set is found in two steps.
  @Test func flagsAreCompared() throws {
    #expect(checkRouterExhaustively(signInSpec) { FlagRouter() }.failure == nil)
    var result: RouterExhaustiveResult?
    withExpectedNavigationFailures {
      result = checkRouterExhaustively(signInSpec) { FlagRouter(forgetsSignOut: true) }
    }
    let failure = try #require(result?.failure)
    #expect(
      failure.events == [
        .transition(screen: "Home", transition: .label("In")),
        .transition(screen: "Home", transition: .label("Out")),
      ])
    #expect(failure.description.contains("{signedIn}"))
  }
}
