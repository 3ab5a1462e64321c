import NavCheck

/// A rule a router's snapshot must keep after every step: the product's three, and a team's
/// own.
///
/// ```swift
/// let noDeepPaths = RouterInvariant("no path deeper than 4") { snapshot in
///   snapshot.routers.allSatisfy { $0.path.count <= 4 }
/// }
/// fuzzRouter(todoApp, invariants: [noDeepPaths]) { TodoRouterAdapter() }
/// ```
public struct RouterInvariant: Sendable {
  /// The rule's name, as failures name it.
  public let name: String
  let violation: @Sendable (RouterSnapshot, Context) -> String?

  /// What an invariant sees besides the snapshot.
  struct Context {
    /// The reference router's screens after the step.
    var expected: StateView
    /// The work pending in the reference router after the step.
    var pendingWork: Set<AsyncWork.ID>
    /// Routers (by id) of environments the step removed, with the destination of that
    /// environment's root.
    var removedRouters: [String: String]
    /// The step, or `nil` for the first state.
    var step: NavigationStep?
    /// The work started so far in the sequence, by the step that started it.
    var startedWork: [Int: AsyncWork]
    /// Work the spec itself orphans (its own orphanedCompletion, which the check went on
    /// past), not completed yet: the router may hold it, stale, as the app does.
    var orphanedBySpec: Set<AsyncWork.ID> = []
    /// That work by id, in words (`AddTodo 'Save'`): named only where a message needs it.
    var workNames: [AsyncWork.ID: String] { SequenceTracker.names(startedWork) }

    /// The context after `step`: `reference` is the reference router after it, `removed` the
    /// environments (by index) it removed, `before` the router's snapshot before it.
    init(
      after step: NavigationStep?, reference: ReferenceRouter, removed: Range<Int> = 0..<0,
      before: RouterSnapshot? = nil, startedWork: [Int: AsyncWork] = [:],
      orphanedBySpec: Set<AsyncWork.ID> = []
    ) {
      self.startedWork = startedWork
      self.orphanedBySpec = orphanedBySpec
      expected = reference.expected
      pendingWork = Set(reference.pendingWork)
      removedRouters = [:]
      self.step = step
      guard !removed.isEmpty, let environments = before?.environments else { return }
      for k in removed where k < environments.count {
        for router in environments[k].routers { removedRouters[router.id] = router.screen }
      }
    }
  }

  /// An invariant that holds where `holds` returns true.
  public init(_ name: String, _ holds: @escaping @Sendable (RouterSnapshot) -> Bool) {
    self.name = name
    violation = { snapshot, _ in holds(snapshot) ? nil : "the router's state breaks it" }
  }

  /// An invariant that explains what is wrong: `violation` returns `nil` where it holds.
  public init(_ name: String, explaining violation: @escaping @Sendable (RouterSnapshot) -> String?)
  {
    self.name = name
    self.violation = { snapshot, _ in violation(snapshot) }
  }

  init(_ name: String, context violation: @escaping @Sendable (RouterSnapshot, Context) -> String?)
  {
    self.name = name
    self.violation = violation
  }

  /// The product's three invariants, checked on every router.
  public static let productInvariants = [
    oneActiveSheetPerRouter, dismissEnvironmentClearsPushedChildren, noOrphanBindings,
  ]

  /// No router presents two things at once (a sheet, a full-screen cover, a modal), and no
  /// environment has two presentations.
  ///
  /// Broken by a router with separate `presentingSheet` and `presentingFullScreenCover` slots
  /// that sets the second while the first is up.
  public static let oneActiveSheetPerRouter = RouterInvariant(
    "one active sheet per router",
    context: { snapshot, _ in
      for router in snapshot.routers where router.presentations.count > 1 {
        let set = router.presentations.map { "a \(Self.noun($0.slot)) (\($0.id))" }
        return
          "router \(router.id) has \(set.dropLast().joined(separator: ", ")) and \(set.last!) set at once"
      }
      for (index, environment) in snapshot.environments.enumerated() {
        let presenting = environment.routers.filter { !$0.presentations.isEmpty }
        if presenting.count > 1 {
          return
            "environment \(index) has \(presenting.count) presentations at once (routers \(presenting.map(\.id).joined(separator: ", ")))"
        }
      }
      return nil
    })

  /// A presentation slot in words: "sheet", "full-screen cover", "modal".
  static func noun(_ slot: RouterSnapshot.Slot) -> String {
    slot.style?.words ?? slot.name
  }

  /// After an environment is dismissed, no router of it remains anywhere, and presenting the
  /// same destination again starts with an empty path.
  ///
  /// Broken by a coordinator that keeps its sheet's child router (and its pushed path) after
  /// the sheet closes, and reuses it when the sheet is shown again.
  public static let dismissEnvironmentClearsPushedChildren = RouterInvariant(
    "dismissEnvironment clears pushed children",
    context: { snapshot, context in
      for router in snapshot.routers {
        if let root = context.removedRouters[router.id] {
          return
            "router \(router.id) of the dismissed \(root) environment remains (its path: \(router.path.isEmpty ? "empty" : router.path.joined(separator: " › ")))"
        }
      }
      // A presentation the step made starts with its root alone.
      let expected = context.expected.environments
      let shown = snapshot.environments
      if let step = context.step, step.presents, expected.count == shown.count,
        let top = expected.last, top.stack.count == 1, let router = shown.last?.routers.first,
        router.screen == top.stack[0].destination, !router.path.isEmpty
      {
        return
          "\(router.screen) is presented again with the path left from before: \(router.path.joined(separator: " › "))"
      }
      return nil
    })

  /// Every child router is bound to a live parent slot that holds it; every non-empty slot
  /// holds a live child; no router holds work for a screen the reference router removed; and
  /// nothing the app retains (`RouterSnapshot.retained`) is for a router that is gone.
  ///
  /// Broken by an `isPresented` binding left `true` after its child went away, by a network
  /// completion kept by a router after its screen was swiped away, or by a coordinator that
  /// keeps its dismissed sheet's child coordinator in a cache.
  public static let noOrphanBindings = RouterInvariant(
    "no orphan bindings",
    context: { snapshot, context in
      for router in snapshot.routers {
        guard let parentID = router.parent else {
          if !router.slot.isTop {
            return "router \(router.id) is bound to \(router.slot) but names no parent"
          }
          continue
        }
        guard let parent = snapshot[parentID] else {
          return
            "router \(router.id) is bound to \(router.slot) of \(parentID), which does not exist"
        }
        let holds = parent.holds(router.id, in: router.slot)
        if !holds {
          return
            "router \(router.id) is bound to \(router.slot) of \(parentID), which does not hold it"
        }
      }
      for router in snapshot.routers {
        for (slot, _, child) in router.presentations {
          guard let bound = snapshot[child], bound.parent == router.id, bound.slot == slot else {
            return
              "\(slot) of router \(router.id) holds \(child), which is not a live child bound to it"
          }
        }
        for work in router.pendingWork
        where !context.pendingWork.contains(work) && !context.orphanedBySpec.contains(work) {
          let name = context.workNames[work].map { "\($0) [\(work)]" } ?? "\(work)"
          return
            "router \(router.id) holds work \(name) whose screen is gone or which already completed"
        }
      }
      for kept in snapshot.retained where snapshot[kept.router] == nil {
        return "the router keeps \(kept.what) for router \(kept.router), which is gone"
      }
      return nil
    })
}

extension NavigationStep {
  /// Whether the step presents a sheet, a cover or a modal (itself, or by the flow step it
  /// performs).
  var presents: Bool {
    if let flowStep { return flowStep.style != .push }
    func presents(_ action: Action?) -> Bool { action?.kind.presents ?? false }
    switch event {
    case .transition(let action, _): return presents(action)
    case .sequence(let actions, _), .tabButton(_, let actions):
      return actions.contains { presents($0.action) }
    case .alertButton(_, _, let action): return presents(action)
    case .completeAsync(let work): return presents(work.action)
    case .deepLink(_, _, let actions), .tapToast(_, _, let actions),
      .promptButton(_, _, let actions):
      return actions.contains { presents($0) }
    case .swipeBack, .swipeDown, .startAsync, .dismissDialog, .backgroundTap, .selectTab,
      .reselectTab, .toastExpires, .broadcast, .dismissPrompt:
      return false
    }
  }
}
