extension NavigationSpec {
  /// The largest bounds and sizes the compact state encoding supports (`StateLimits`).
  static let maxSupportedStackDepth = StateLimits.maxStackDepth
  static let maxSupportedPresentationDepth = StateLimits.maxPresentationDepth
  static let maxAsyncTransitionsPerDestination = StateLimits.maxAsyncTransitionsPerDestination
  static let maxFlowSteps = StateLimits.maxFlowSteps

  /// Every problem that makes the spec invalid (SEMANTICS §1), in spec order; empty where the
  /// spec can be checked.
  ///
  /// ```swift
  /// for problem in spec.problems { print(problem) }
  /// ```
  public var problems: [SpecProblem] { Validator(spec: self).run() }

  /// Throws every problem at once where the spec is invalid.
  ///
  /// ```swift
  /// do { try spec.validate() } catch { print(error) }
  /// ```
  public func validate() throws(SpecError) {
    let problems = problems
    if !problems.isEmpty { throw SpecError(problems) }
  }
}

/// The checks of SEMANTICS §1 "A spec is invalid …", plus the encoding's limits.
struct Validator {
  let spec: NavigationSpec
  var problems: [SpecProblem] = []
  let destinationNames: Set<String>
  let flowNames: Set<String>
  /// The tabs of every module, in declaration order, each once: what `selectTab` may name.
  let tabNames: [String]
  /// The modules' names (the spec's own where it declares none): what `showModule` may name.
  let moduleNames: [String]
  /// The flags' names: what `setFlag`, `when` and `unless` may name.
  let flagNames: Set<String>
  /// Where an alert button's `unlessPending` looks for its async transition: the destination
  /// whose declaration (transition, outcome, onDismiss, button, at any depth) holds the alert;
  /// nil inside a deep link, where any destination's will do (SEMANTICS §1).
  var pendingScope: Destination?
  /// Whether the action being checked is performed from a screen of `pendingScope` whatever
  /// the state (§11.2: where screen-held work may be started or cancelled).
  var performerIsDeclaring = false
  /// What declares the sequence being checked where no destination does: a deep link or a
  /// tab button (§11.5), for `start`'s and `cancel`'s message.
  var sequenceWithoutScreen = "a deep link"
  /// The kinds of name of which the JSON reader could not read every declaration: a reference
  /// of such a kind may name the unread one, so it is not reported missing.
  var unread: Set<Name> = []

  /// A kind of name a reference gives.
  enum Name: Hashable {
    case destination, flow, flag, module, tab, asyncLabel
  }

  init(spec: NavigationSpec) {
    self.spec = spec
    destinationNames = Set(spec.destinations.map(\.name))
    flowNames = Set(spec.flows.map(\.name))
    var seen: Set<String> = []
    tabNames = spec.startModules.flatMap(\.tabs).filter { seen.insert($0).inserted }
    moduleNames = spec.startModules.map(\.name)
    flagNames = Set(spec.flags.map(\.name))
  }

  consuming func run() -> [SpecProblem] {
    if spec.name.isEmpty {
      problems.append(
        SpecProblem(
          "the spec's name is empty; give it a name", location: spec.location, path: "name"))
    }
    problems += spec.buildProblems
    checkStart()
    checkBounds()
    checkSizes()
    checkUnique(
      spec.destinations.enumerated().map {
        (
          $0.element.name, $0.element.location,
          Self.path($0.element.location, "destinations[\($0.offset)]") + ".name"
        )
      },
      kind: "destination", identifier: true)
    checkUnique(
      spec.flags.enumerated().map {
        (
          $0.element.name, $0.element.location ?? spec.location,
          Self.path($0.element.location, "flags[\($0.offset)]") + ".name"
        )
      },
      kind: "flag", identifier: true)
    checkUnique(
      spec.flows.enumerated().map {
        (
          $0.element.name, $0.element.location,
          Self.path($0.element.location, "flows[\($0.offset)]") + ".name"
        )
      },
      kind: "flow", identifier: false)
    checkUnique(
      spec.deepLinks.enumerated().map {
        (
          $0.element.name, $0.element.location,
          Self.path($0.element.location, "deepLinks[\($0.offset)]") + ".name"
        )
      },
      kind: "deep link", identifier: false)
    checkUnique(
      spec.invariants.enumerated().map {
        ($0.element.name, $0.element.location, "invariants[\($0.offset)]")
      },
      kind: "invariant", identifier: false)
    for (d, destination) in spec.destinations.enumerated() {
      let path = Self.path(destination.location, "destinations[\(d)]")
      problems += destination.buildProblems
      pendingScope = destination
      // The swipe's conditions (§11.3): declared flags, the destination's own async work.
      let conditions = destination.swipeConditions
      checkFlagGuards(conditions, at: destination.location, path: "\(path).swipeToDismiss")
      if let label = conditions.unlessPending {
        checkUnlessPending(
          label, at: destination.location, path: "\(path).swipeToDismiss.unlessPending")
      }
      var asyncCount = 0
      for (t, transition) in destination.transitions.enumerated() {
        if transition.trigger.isAsync { asyncCount += 1 }
        checkTransition(
          transition, t, of: destination,
          path: Self.path(transition.location, "\(path).transitions[\(t)]"))
      }
      if let onAppear = destination.onAppear {
        checkOnAppear(onAppear, of: destination, path: path)
      }
      if asyncCount > NavigationSpec.maxAsyncTransitionsPerDestination {
        problems.append(
          SpecProblem(
            "destination '\(destination.name)' declares \(asyncCount) async transitions; at most \(NavigationSpec.maxAsyncTransitionsPerDestination) are supported, split the screen",
            location: destination.location, path: path))
      }
    }
    for (f, flow) in spec.flows.enumerated() {
      let path = Self.path(flow.location, "flows[\(f)]")
      problems += flow.buildProblems
      if flow.steps.isEmpty {
        problems.append(
          SpecProblem(
            "flow '\(flow.name)' has no steps; add at least one Push, Sheet or FullScreenCover",
            location: flow.location, path: "\(path).steps"))
      }
      if flow.steps.count > NavigationSpec.maxFlowSteps {
        problems.append(
          SpecProblem(
            "flow '\(flow.name)' has \(flow.steps.count) steps; at most \(NavigationSpec.maxFlowSteps) are supported, split the flow",
            location: flow.location, path: "\(path).steps"))
      }
      for (s, step) in flow.steps.enumerated() {
        problems += step.buildProblems
        checkReference(
          step.destination, kind: "destination", at: step.location ?? flow.location,
          path: Self.path(step.location, "\(path).steps[\(s)]") + ".destination")
      }
    }
    for (l, link) in spec.deepLinks.enumerated() {
      let path = Self.path(link.location, "deepLinks[\(l)]")
      problems += link.buildProblems
      pendingScope = nil
      if link.guards.unlessPending != nil {
        problems.append(
          SpecProblem(
            "deep link '\(link.name)' has unlessPending; a deep link has no screen of its own, so no pending work to wait for: remove it, or guard the transition or button it leads to",
            location: link.location, path: "\(path).unlessPending"))
      }
      checkFlagGuards(link.guards, at: link.location, path: path)
      if link.actions.isEmpty {
        problems.append(
          SpecProblem(
            "deep link '\(link.name)' has no actions; add at least one",
            location: link.location, path: "\(path).actions"))
      }
      checkStart(
        link.start, tab: link.tab, of: "deep link '\(link.name)'", acting: "it acts on",
        at: link.location, path: path)
      checkSequence(link.actions, at: link.location) { "\(path).actions[\($0)]" }
    }
    checkTabButtons()
    checkBroadcasts()
    return problems
  }

  /// Broadcasts (SEMANTICS v3 §11.7): a non-empty name, unique among broadcasts; flag guards
  /// only; a non-empty list of observers, each of a declared destination named once in its
  /// broadcast, with a non-empty sequence. An observer's sequence is performed from whichever
  /// screen of its destination is live, or from its stack's top, so, as in a deep link, work it
  /// starts or cancels names its destination and may not be held by a screen.
  mutating func checkBroadcasts() {
    checkUnique(
      spec.broadcasts.enumerated().map {
        (
          $0.element.name, $0.element.location ?? spec.location,
          Self.path($0.element.location, "broadcasts[\($0.offset)]") + ".name"
        )
      },
      kind: "broadcast", identifier: false)
    for (b, broadcast) in spec.broadcasts.enumerated() {
      let path = Self.path(broadcast.location, "broadcasts[\(b)]")
      let location = broadcast.location ?? spec.location
      problems += broadcast.buildProblems
      if broadcast.guards.unlessPending != nil {
        problems.append(
          SpecProblem(
            "broadcast '\(broadcast.name)' has unlessPending; a broadcast has no screen of its own, so no pending work to wait for: use when or unless",
            location: location, path: "\(path).unlessPending"))
      }
      checkFlagGuards(broadcast.guards, at: location, path: path)
      if broadcast.observers.isEmpty {
        problems.append(
          SpecProblem(
            "broadcast '\(broadcast.name)' has no observers; add at least one (Observer(\"Item\") { Dismiss() }, or {\"destination\": …, \"actions\": […]})",
            location: location, path: "\(path).observers"))
      }
      var seen: [String: Int] = [:]
      for (o, observer) in broadcast.observers.enumerated() {
        let opath = Self.path(observer.location, "\(path).observers[\(o)]")
        let olocation = observer.location ?? location
        problems += observer.buildProblems
        if observer.destination.isEmpty {
          problems.append(
            SpecProblem(
              "an observer of broadcast '\(broadcast.name)' names no destination; name the destination whose screens observe it",
              location: olocation, path: "\(opath).destination"))
        } else {
          checkReference(
            observer.destination, kind: "destination", at: olocation,
            path: "\(opath).destination")
          if let first = seen[observer.destination] {
            problems.append(
              SpecProblem(
                "broadcast '\(broadcast.name)' has two observers of \(observer.destination) (observers \(first + 1) and \(o + 1)); merge their actions into one",
                location: olocation, path: "\(opath).destination"))
          } else {
            seen[observer.destination] = o
          }
        }
        pendingScope = nil
        performerIsDeclaring = false
        sequenceWithoutScreen = "an observer"
        if observer.actions.isEmpty {
          problems.append(
            SpecProblem(
              "the \(observer.destination) observer of broadcast '\(broadcast.name)' has no actions; add at least one, or remove the observer (an observer that does nothing navigational has no place in the spec)",
              location: olocation, path: "\(opath).actions"))
        }
        checkSequence(observer.actions, at: olocation) { "\(opath).actions[\($0)]" }
      }
    }
  }

  /// Tab buttons (SEMANTICS v3 §11.5): only on a module with tabs, each named once in its
  /// module (an identifier), with flag guards only and a non-empty sequence. Its sequence is
  /// performed from whichever screen tops the selected stack, so, as in a deep link, work it
  /// starts or cancels names its destination and may not be held by a screen.
  mutating func checkTabButtons() {
    var owners: [(buttons: [TabButton], hasTabs: Bool, what: String, prefix: String)] = []
    if spec.modules.isEmpty {
      owners.append((spec.tabButtons, !spec.tabs.isEmpty, "the spec", ""))
    } else {
      if !spec.tabButtons.isEmpty {
        problems.append(
          SpecProblem(
            "the spec starts with modules but declares tab buttons of its own; declare each in the Module whose tab bar shows it (Module(\"Main\", tabs: […]) { TabButton(…) { … } })",
            location: spec.tabButtons[0].location ?? spec.location, path: "tabButtons"))
      }
      for (m, module) in spec.modules.enumerated() {
        owners.append(
          (
            module.tabButtons, !module.tabs.isEmpty, "module '\(module.name)'",
            Self.path(module.location, "modules[\(m)]") + "."
          ))
      }
    }
    for owner in owners where !owner.buttons.isEmpty {
      if !owner.hasTabs {
        problems.append(
          SpecProblem(
            "\(owner.what) has tab buttons but no tabs; a tab button is an item of a tab bar: give it tabs, or make the button a transition of its root",
            location: owner.buttons[0].location ?? spec.location,
            path: "\(owner.prefix)tabButtons"))
      }
      checkUnique(
        owner.buttons.enumerated().map {
          (
            $0.element.name, $0.element.location ?? spec.location,
            Self.path($0.element.location, "\(owner.prefix)tabButtons[\($0.offset)]") + ".name"
          )
        },
        kind: "tab button", identifier: true)
      for (b, button) in owner.buttons.enumerated() {
        let path = Self.path(button.location, "\(owner.prefix)tabButtons[\(b)]")
        let location = button.location ?? spec.location
        problems += button.buildProblems
        pendingScope = nil
        performerIsDeclaring = false
        sequenceWithoutScreen = "a tab button"
        if button.guards.unlessPending != nil {
          problems.append(
            SpecProblem(
              "tab button '\(button.name)' has unlessPending; a tab bar item has no screen of its own, so no pending work to wait for: use when or unless",
              location: location, path: "\(path).unlessPending"))
        }
        checkFlagGuards(button.guards, at: location, path: path)
        if button.actions.isEmpty {
          problems.append(
            SpecProblem(
              "tab button '\(button.name)' has no actions; add at least one (a tab item that only selects its tab is a tab)",
              location: location, path: "\(path).actions"))
        }
        checkSequence(button.actions, at: location) { "\(path).actions[\($0)]" }
      }
    }
  }

  /// A destination's onAppear (SEMANTICS v3 §11.11): flag guards only (`unlessPending` would
  /// only say what `start` already does), a non-empty sequence, performed from a screen of the
  /// destination (so it may start and cancel the work its screen holds).
  mutating func checkOnAppear(
    _ onAppear: OnAppear, of destination: Destination, path destinationPath: String
  ) {
    let path = Self.path(onAppear.location, "\(destinationPath).onAppear")
    let location = onAppear.location ?? destination.location
    problems += onAppear.buildProblems
    if onAppear.guards.unlessPending != nil {
      problems.append(
        SpecProblem(
          "the onAppear of '\(destination.name)' has unlessPending; starting work that is already pending does nothing, so there is nothing to wait for: remove it, or use when or unless",
          location: location, path: "\(path).unlessPending"))
    }
    checkFlagGuards(onAppear.guards, at: location, path: path)
    if onAppear.actions.isEmpty {
      problems.append(
        SpecProblem(
          "the onAppear of '\(destination.name)' has no actions; add at least one, or remove it",
          location: location, path: "\(path).actions"))
    }
    performerIsDeclaring = true
    checkSequence(onAppear.actions, at: location) { "\(path).actions[\($0)]" }
    performerIsDeclaring = false
  }

  /// A transition (SEMANTICS §1): a non-empty sequence, or, for async work, a non-empty
  /// list of outcomes with distinct labels instead; `actsOn` on async work only; its guards.
  mutating func checkTransition(
    _ transition: Transition, _ t: Int, of destination: Destination, path: String
  ) {
    let location = transition.location ?? destination.location
    let name = "transition \(Self.name(of: transition, t)) of '\(destination.name)'"
    problems += transition.buildProblems
    if let outcomes = transition.outcomes {
      if !transition.trigger.isAsync {
        problems.append(
          SpecProblem(
            "\(name) has outcomes but is a user transition; outcomes are how async work completes: make it async, or give it a sequence instead",
            location: location, path: "\(path).outcomes"))
      }
      if !transition.actions.isEmpty {
        problems.append(
          SpecProblem(
            "\(name) has both a sequence and outcomes; async work has one or the other: move the actions into an outcome, or remove the outcomes",
            location: location, path: "\(path).outcomes"))
      }
      if outcomes.isEmpty {
        problems.append(
          SpecProblem(
            "\(name) has an empty outcome list; give it at least one outcome, or a sequence instead",
            location: location, path: "\(path).outcomes"))
      }
    } else if transition.actions.isEmpty {
      problems.append(
        SpecProblem(
          "\(name) has no actions; give it at least one", location: location,
          path: "\(path).actions"))
    }
    // A tap is performed from the active screen, which shows the destination; a completion
    // from its holder (the screen that started it) only where it acts on its screen.
    let performedByItsScreen: Bool
    if transition.trigger.isAsync {
      performedByItsScreen = transition.actsOn == .screen
      if !transition.isStartedByTap && !transition.guards.isEmpty {
        problems.append(
          SpecProblem(
            "\(name) has guards but no tap starts it (\"tap\": false): there is no tap to guard; guard the action that starts it instead",
            location: location, path: path))
      }
    } else {
      performedByItsScreen = true
      if !transition.isStartedByTap {
        problems.append(
          SpecProblem(
            "\(name) is a user transition with \"tap\": false; only async work can be left to actions to start: make it async, or remove \"tap\"",
            location: location, path: "\(path).tap"))
      }
    }
    performerIsDeclaring = performedByItsScreen
    // One action is written as the transition's own action object.
    checkSequence(transition.actions, at: location) {
      transition.actions.count == 1 ? path : "\(path).actions[\($0)]"
    }
    var labels: Set<String> = []
    for (k, outcome) in (transition.outcomes ?? []).enumerated() {
      let outcomePath = Self.path(outcome.location, "\(path).outcomes[\(k)]")
      let outcomeLocation = outcome.location ?? location
      if outcome.label.isEmpty {
        problems.append(
          SpecProblem(
            "an outcome of \(name) has an empty label; name it (\"sent\", \"failed\")",
            location: outcomeLocation, path: "\(outcomePath).label"))
      } else if !labels.insert(outcome.label).inserted {
        problems.append(
          SpecProblem(
            "\(name) has two outcomes labelled '\(outcome.label)'; outcome labels must differ",
            location: outcomeLocation, path: "\(outcomePath).label"))
      }
      performerIsDeclaring = performedByItsScreen
      checkSequence(outcome.actions, at: outcomeLocation) { "\(outcomePath).actions[\($0)]" }
    }
    performerIsDeclaring = false
    if transition.actsOn != .screen && !transition.trigger.isAsync {
      problems.append(
        SpecProblem(
          Self.actsOnUserTransition(transition.actsOn, name), location: location,
          path: "\(path).actsOn"))
    }
    checkFlagGuards(transition.guards, at: location, path: path)
    if let label = transition.guards.unlessPending {
      checkUnlessPending(label, at: location, path: "\(path).unlessPending")
    }
  }

  /// How a transition is named in messages: by its label, or by its 1-based place (in the JSON
  /// it was read from, where it was).
  static func name(of transition: Transition, _ t: Int) -> String {
    transition.label.map { "'\($0)'" } ?? "\(index(transition.location, t) + 1)"
  }

  /// A declaration's JSON path where it was read from JSON, else `path`: the JSON path stays
  /// right where the reader left out an earlier declaration of the same list.
  static func path(_ location: SourceLocation?, _ path: @autoclosure () -> String) -> String {
    location?.jsonPath ?? path()
  }

  /// A declaration's index in its list: the last index of its JSON path where it was read from
  /// JSON (`destinations[0].transitions[2]`: 2), else `index`.
  static func index(_ location: SourceLocation?, _ index: Int) -> Int {
    guard let path = location?.jsonPath, path.hasSuffix("]"), let open = path.lastIndex(of: "[")
    else { return index }
    return Int(path[path.index(after: open)..<path.index(before: path.endIndex)]) ?? index
  }

  /// The problem with `actsOn` on a user transition; `actsOn` nil where the JSON form names
  /// `screen` (which the model cannot tell from the default), `name` nil where the reader does
  /// not know the transition's destination yet.
  static func actsOnUserTransition(_ actsOn: ActsOn?, _ name: String? = nil) -> String {
    "\(name ?? "a transition") is a user transition but has actsOn \(actsOn?.rawValue ?? "screen"); actsOn is the router async work completes through: make it async, or remove actsOn"
  }

  /// `when` and `unless` name declared flags.
  mutating func checkFlagGuards(_ guards: Guards, at location: SourceLocation?, path: String) {
    if let flag = guards.when { checkFlag(flag, at: location, path: "\(path).when") }
    if let flag = guards.unless { checkFlag(flag, at: location, path: "\(path).unless") }
  }

  /// A flag named by `setFlag`, `when` or `unless`: a declared flag.
  mutating func checkFlag(_ flag: String, at location: SourceLocation?, path: String) {
    guard !flagNames.contains(flag), !unread.contains(.flag) else { return }
    var seen: Set<String> = []
    let declared = spec.flags.map(\.name).filter { !$0.isEmpty && seen.insert($0).inserted }
    var message = flag.isEmpty ? "the flag's name is empty" : "no flag named '\(flag)'"
    if let suggestion = Self.closest(to: flag, in: flagNames) {
      message += "; did you mean '\(suggestion)'?"
    } else if declared.isEmpty {
      message += flag.isEmpty ? "; name a flag" : "; declare it with Flag(\"\(flag)\")"
    } else {
      message +=
        flag.isEmpty
        ? "; use one of: \(declared.joined(separator: ", "))"
        : "; declare it with Flag(\"\(flag)\") or use one of: \(declared.joined(separator: ", "))"
    }
    problems.append(SpecProblem(message, location: location, path: path))
  }

  /// `unlessPending L` (SEMANTICS §1): L labels an async transition of the destination whose
  /// declaration holds the guard (`pendingScope`), or, inside a deep link, of any destination.
  mutating func checkUnlessPending(_ label: String, at location: SourceLocation?, path: String) {
    let scope = pendingScope.map { [$0] } ?? spec.destinations
    let asyncLabels = scope.flatMap { destination in
      destination.transitions.filter(\.trigger.isAsync).compactMap(\.label)
    }
    guard !asyncLabels.contains(label), !unread.contains(.asyncLabel) else { return }
    let whose = pendingScope.map { "'\($0.name)'" } ?? "any destination"
    var message = "unlessPending names no async transition '\(label)' of \(whose)"
    var seen: Set<String> = []
    let candidates = asyncLabels.filter { seen.insert($0).inserted }
    if scope.contains(where: { $0.transitions.contains { $0.label == label } }) {
      message += "; transition '\(label)' is a user transition, never pending: make it async"
    } else if let suggestion = Self.closest(to: label, in: seen) {
      message += "; did you mean '\(suggestion)'?"
    } else if candidates.isEmpty {
      message +=
        pendingScope == nil
        ? "; no destination declares a labelled async transition: label the async work it waits for"
        : "; \(whose) declares no labelled async transition: label the async work it waits for, on the screen that declares this"
    } else {
      message += "; use one of: \(candidates.joined(separator: ", "))"
    }
    problems.append(SpecProblem(message, location: location, path: path))
  }

  /// The start (SEMANTICS §1): exactly one of root, tabs and modules; each module with
  /// exactly one of root and tabs; tabs at least 2, each once; every root and tab declared;
  /// module names well formed and unique.
  mutating func checkStart() {
    let given = [
      ("root", !spec.root.isEmpty), ("tabs", !spec.tabs.isEmpty),
      ("modules", !spec.modules.isEmpty),
    ].filter(\.1).map(\.0)
    if given.isEmpty {
      problems.append(
        SpecProblem(
          "the spec has no start; give it a root destination, tabs or modules",
          location: spec.location, path: "root"))
    } else if given.count > 1 {
      problems.append(
        SpecProblem(
          "the spec has \(given.count == 2 ? "both " : "")\(given.dropLast().joined(separator: ", ")) and \(given.last!); give exactly one of root, tabs or modules",
          location: spec.location, path: given[1]))
    }
    if !spec.root.isEmpty {
      checkReference(spec.root, kind: "destination", at: spec.location, path: "root")
    }
    if !spec.tabs.isEmpty { checkTabs(spec.tabs, at: spec.location, path: "tabs") }
    checkUnique(
      spec.modules.enumerated().map {
        (
          $0.element.name, $0.element.location ?? spec.location,
          Self.path($0.element.location, "modules[\($0.offset)]") + ".name"
        )
      },
      kind: "module", identifier: true)
    for (i, module) in spec.modules.enumerated() {
      let path = Self.path(module.location, "modules[\(i)]")
      let location = module.location ?? spec.location
      if module.root.isEmpty && module.tabs.isEmpty {
        problems.append(
          SpecProblem(
            "module '\(module.name)' has no start; give it a root destination or tabs",
            location: location, path: path))
      } else if !module.root.isEmpty && !module.tabs.isEmpty {
        problems.append(
          SpecProblem(
            "module '\(module.name)' has both a root and tabs; keep one",
            location: location, path: path))
      }
      if !module.root.isEmpty {
        checkReference(module.root, kind: "destination", at: location, path: "\(path).root")
      }
      if !module.tabs.isEmpty { checkTabs(module.tabs, at: location, path: "\(path).tabs") }
    }
  }

  /// A tab list: at least 2 tabs, each a declared destination, none twice.
  mutating func checkTabs(_ tabs: [String], at location: SourceLocation?, path: String) {
    if tabs.count < 2 {
      problems.append(
        SpecProblem(
          "tabs has only one tab, '\(tabs[0])'; a tab bar needs at least 2, or use a root for one stack",
          location: location, path: path))
    }
    var seen: Set<String> = []
    for (i, tab) in tabs.enumerated() {
      if !seen.insert(tab).inserted {
        problems.append(
          SpecProblem(
            "tab '\(tab)' appears twice; each tab is a different root destination, remove one",
            location: location, path: "\(path)[\(i)]"))
      } else {
        checkReference(tab, kind: "destination", at: location, path: "\(path)[\(i)]")
      }
    }
  }

  /// Every alert declaration: in transitions, outcomes, buttons, deep links and onDismiss, at
  /// any depth (`checkSizes` adds the outcomes of each transition).
  static func alertCount(_ actions: [SequenceAction]) -> Int {
    actions.reduce(0) { count, item in
      var n = count + (item.onDismiss.map { alertCount($0.actions) } ?? 0)
      switch item.action {
      case .alert(_, _, let buttons), .windowAlert(_, _, let buttons):
        n += 1 + buttons.reduce(0) { $0 + alertCount($1.actions) }
      default: break
      }
      return n
    }
  }

  /// Destinations, flows, alerts and flags are kept as 16-bit indices (or counts) in a state's
  /// encoding.
  mutating func checkSizes() {
    let alertCount =
      spec.destinations.reduce(0) {
        $0
          + $1.transitions.reduce(0) {
            $0 + Self.alertCount($1.actions)
              + ($1.outcomes ?? []).reduce(0) { $0 + Self.alertCount($1.actions) }
          } + Self.alertCount($1.onAppear?.actions ?? [])
      }
      + spec.deepLinks.reduce(0) { $0 + Self.alertCount($1.actions) }
      + (spec.tabButtons + spec.modules.flatMap(\.tabButtons)).reduce(0) {
        $0 + Self.alertCount($1.actions)
      }
      + spec.broadcasts.flatMap(\.observers).reduce(0) { $0 + Self.alertCount($1.actions) }
    let limit = StateLimits.maxDeclaredNames
    for (count, what) in [
      (spec.destinations.count, "destinations"), (spec.flows.count, "flows"),
      (alertCount, "alerts"),
    ] where count > limit {
      problems.append(
        SpecProblem(
          "the spec declares \(count) \(what); at most \(limit) are supported, split the spec",
          location: spec.location, path: what == "alerts" ? nil : what))
    }
    // The state keeps flags, a screen's own and its stack's async work, and the app's work in
    // 64-bit sets.
    let bits = StateLimits.maxAsyncTransitionsPerDestination
    if spec.flags.count > bits {
      problems.append(
        SpecProblem(
          "the spec declares \(spec.flags.count) flags; at most \(bits) are supported, merge some",
          location: spec.location, path: "flags"))
    }
    var ownMost = 0
    var stackWork = 0
    var appWork = 0
    for destination in spec.destinations {
      var own = 0
      for t in destination.transitions {
        guard case .async(let cancels) = t.trigger else { continue }
        own += 1
        let routerFree =
          (t.outcomes?.map(\.actions) ?? [t.actions]).allSatisfy { actions in
            actions.allSatisfy { if case .setFlag = $0.action { true } else { false } }
          }
        if !cancels && t.actsOn == .stack { stackWork += 1 }
        if !cancels && (t.actsOn == .app || routerFree) { appWork += 1 }
      }
      ownMost = max(ownMost, own)
    }
    if stackWork > 0 && ownMost + stackWork > bits {
      problems.append(
        SpecProblem(
          "\(stackWork) async transitions act on their stack and a destination declares \(ownMost) async transitions; a stack's bottom holds at most \(bits) together, act on the screen or the app for some",
          location: spec.location, path: "destinations"))
    }
    if appWork > bits {
      problems.append(
        SpecProblem(
          "\(appWork) async transitions may be held by the app (they act on the app, or only set flags); at most \(bits) are supported",
          location: spec.location, path: "destinations"))
    }
  }

  mutating func checkBounds() {
    let limits = [
      ("maxStackDepth", spec.bounds.maxStackDepth, NavigationSpec.maxSupportedStackDepth),
      (
        "maxPresentationDepth", spec.bounds.maxPresentationDepth,
        NavigationSpec.maxSupportedPresentationDepth
      ),
    ]
    for (name, value, limit) in limits {
      if value < 1 {
        problems.append(
          SpecProblem(
            "\(name) is \(value); a bound must be at least 1",
            location: spec.bounds.location ?? spec.location,
            path: "bounds.\(name)"))
      } else if value > limit {
        problems.append(
          SpecProblem(
            "\(name) is \(value); at most \(limit) is supported",
            location: spec.bounds.location ?? spec.location,
            path: "bounds.\(name)"))
      }
    }
  }

  mutating func checkUnique(
    _ names: [(String, SourceLocation?, String)], kind: String, identifier: Bool
  ) {
    var seen: [String: SourceLocation?] = [:]
    for (name, location, path) in names {
      if name.isEmpty {
        problems.append(SpecProblem("a \(kind) has an empty name", location: location, path: path))
        continue
      }
      if identifier && !Self.isIdentifier(name) {
        problems.append(
          SpecProblem(
            "\(kind) name '\(name)' is malformed; use letters, digits and '_', not starting with a digit",
            location: location, path: path))
      }
      if let first = seen[name] {
        let where_ = first.map { " (first declared at \($0))" } ?? ""
        problems.append(
          SpecProblem(
            "\(kind) '\(name)' is declared twice\(where_); rename or remove one",
            location: location, path: path))
      } else {
        seen[name] = location
      }
    }
  }

  /// Checks a sequence's actions; `path` gives the JSON path of the i-th where the action was
  /// not read from JSON (an action read from JSON knows its own).
  mutating func checkSequence(
    _ actions: [SequenceAction], at location: SourceLocation?, path: (Int) -> String
  ) {
    let entry = performerIsDeclaring
    defer { performerIsDeclaring = entry }
    for (i, item) in actions.enumerated() {
      checkSequenceAction(
        item, at: item.location ?? location, path: item.location?.jsonPath ?? path(i))
      // After an action that changes navigation the next is performed from the active screen,
      // which may show another destination (§1).
      if !item.action.keepsTheActingScreen { performerIsDeclaring = false }
    }
  }

  /// Checks one action of a sequence and its onDismiss, recursively.
  mutating func checkSequenceAction(
    _ item: SequenceAction, at location: SourceLocation?, path: String
  ) {
    problems += item.buildProblems
    checkAction(item.action, at: location, path: path)
    if item.isItem && item.action.kind != .sheet && item.action.kind != .fullScreenCover {
      problems.append(
        SpecProblem(
          "\(item.action.name) cannot be an item presentation: only sheet and fullScreenCover set a screen's item slot (SEMANTICS v3 §11.6); remove \"item\"",
          location: location, path: "\(path).item"))
    }
    if item.presenter == .app && !item.action.kind.presents {
      problems.append(
        SpecProblem(
          "\(item.action.name) has no presenter: only sheet, fullScreenCover and modal present, on the screen or on the app (SEMANTICS v3 §11.10); remove \"presenter\"",
          location: location, path: "\(path).presenter"))
    }
    if item.keepsTab {
      if case .showModule(let module) = item.action {
        if let declared = spec.startModules.first(where: { $0.name == module }),
          declared.tabs.isEmpty
        {
          problems.append(
            SpecProblem(
              "module '\(module)' has no tabs, so a switch to it has no tab to keep (SEMANTICS v3 §11.9); remove \"keepTab\"",
              location: location, path: "\(path).keepTab"))
        }
      } else {
        problems.append(
          SpecProblem(
            "\(item.action.name) cannot keep the tab: only showModule switches module (SEMANTICS v3 §11.9); remove \"keepTab\"",
            location: location, path: "\(path).keepTab"))
      }
    }
    guard let onDismiss = item.onDismiss else { return }
    let onDismissPath = "\(path).onDismiss"
    let onDismissLocation = onDismiss.location ?? location
    if !item.action.kind.carriesOnDismiss {
      problems.append(
        SpecProblem(
          "\(item.action.name) cannot carry an onDismiss: only \(Action.Kind.showingAScreen) show a screen whose removal runs one; move it to the action that shows the screen",
          location: onDismissLocation, path: onDismissPath))
    }
    if onDismiss.actions.isEmpty {
      problems.append(
        SpecProblem(
          "the onDismiss of \(item.action.declarationWords) has no actions; give it at least one, or remove it",
          location: onDismissLocation, path: onDismissPath))
    }
    // One action performed from the screen that showed it is written as that action object.
    let single = onDismiss.actions.count == 1 && onDismiss.actsOn == .screen
    // Performed from its shower, the screen that performs this action, where it acts on it.
    let shower = performerIsDeclaring
    performerIsDeclaring = shower && onDismiss.actsOn == .screen
    checkSequence(onDismiss.actions, at: onDismissLocation) {
      single ? onDismissPath : "\(onDismissPath).actions[\($0)]"
    }
    performerIsDeclaring = shower
  }

  /// Checks an action's arguments, as its kind describes them: the names it references, its
  /// count, its alert's name and buttons.
  mutating func checkAction(_ action: Action, at location: SourceLocation?, path: String) {
    let a = action.arguments
    for argument in action.kind.arguments {
      let argumentPath = "\(path).\(argument.key)"
      switch argument.type {
      case .destination:
        if let d = a.destination {
          checkReference(d, kind: "destination", at: location, path: argumentPath)
        }
      case .flow:
        if let f = a.flow { checkReference(f, kind: "flow", at: location, path: argumentPath) }
      case .count:
        if let n = a.count, n < 1 {
          problems.append(
            SpecProblem(
              "\(action.name) is \(n); it must be at least 1", location: location,
              path: argumentPath))
        }
      case .alertName:
        if a.alert?.isEmpty == true {
          problems.append(
            SpecProblem(
              "an alert has an empty name; name it", location: location, path: argumentPath))
        }
      case .buttons:
        var labels: Set<String> = []
        for (b, button) in a.buttons.enumerated() {
          let buttonPath = Self.path(button.location, "\(argumentPath)[\(b)]")
          if !labels.insert(button.label).inserted {
            problems.append(
              SpecProblem(
                "alert '\(a.alert ?? "")' has two buttons labelled '\(button.label)'; button labels must differ",
                location: button.location ?? location, path: "\(buttonPath).label"))
          }
          problems += button.buildProblems
          let buttonLocation = button.location ?? location
          checkFlagGuards(button.guards, at: buttonLocation, path: buttonPath)
          if let label = button.guards.unlessPending {
            if a.alertLevel == .window {
              // The app's prompt acts from whatever screen is active when it is tapped
              // (§11.8): no screen of its own whose work it could wait for.
              problems.append(
                SpecProblem(
                  "window prompt '\(a.alert ?? "")' button '\(button.label)' has unlessPending; a window prompt has no screen of its own, so no pending work to wait for: use when or unless",
                  location: buttonLocation, path: "\(buttonPath).unlessPending"))
            } else {
              checkUnlessPending(label, at: buttonLocation, path: "\(buttonPath).unlessPending")
            }
          }
          // One action is written as the button's `action`, several as `actions`. A window
          // prompt's button acts from the active screen at tap time (§11.8), not from the
          // declaring screen.
          let entry = performerIsDeclaring
          if a.alertLevel == .window { performerIsDeclaring = false }
          checkSequence(button.actions, at: button.location ?? location) {
            button.actions.count == 1 ? "\(buttonPath).action" : "\(buttonPath).actions[\($0)]"
          }
          performerIsDeclaring = entry
        }
      case .destinations:
        if a.destinations.isEmpty {
          problems.append(
            SpecProblem(
              "\(action.name) has no destinations; give at least one", location: location,
              path: argumentPath))
        }
        for (i, d) in a.destinations.enumerated() {
          checkReference(d, kind: "destination", at: location, path: "\(argumentPath)[\(i)]")
        }
      case .tab:
        if let tab = a.tab, action.kind == .selectTab {
          checkTab(tab, at: location, path: argumentPath)
        }
      case .module:
        if let module = a.module { checkModule(module, at: location, path: argumentPath) }
      case .flagName:
        if let flag = a.flag { checkFlag(flag, at: location, path: argumentPath) }
      case .work:
        if let work = a.work {
          checkWork(work, of: a.destination, action, at: location, path: path)
        }
      case .toastName:
        if a.toast?.isEmpty == true {
          problems.append(
            SpecProblem(
              "a toast has an empty name; name it", location: location, path: argumentPath))
        }
      case .actions:
        // A tap acts from the router its start names, not from the declaring screen.
        let entry = performerIsDeclaring
        performerIsDeclaring = false
        checkSequence(a.actions, at: location) { "\(argumentPath)[\($0)]" }
        performerIsDeclaring = entry
      case .alertStyle, .flag, .value, .start, .level, .expires, .alertLevel:
        break
      }
    }
    if case .toast(let toast) = action {
      checkStart(
        toast.start, tab: toast.tab, of: "toast '\(toast.name)'", acting: "its tap acts on",
        at: location, path: path)
    }
  }

  /// The start and tab of an external event — a deep link (§11.1), a toast's tap (§11.4): a tab
  /// exactly where the start is `tab`, and a tab of some module.
  mutating func checkStart(
    _ start: DeepLink.Start, tab: String?, of what: String, acting: String,
    at location: SourceLocation?, path: String
  ) {
    switch (start, tab) {
    case (.tab, let tab?):
      checkTab(tab, at: location, path: "\(path).tab", what: what)
    case (.tab, nil):
      problems.append(
        SpecProblem(
          "\(what) starts at a tab but names none; name the tab whose router \(acting) (\"tab\": its root destination)",
          location: location, path: "\(path).tab"))
    case (.root, let tab?), (.active, let tab?), (.stack, let tab?):
      problems.append(
        SpecProblem(
          "\(what) names tab '\(tab)' but starts at '\(start.rawValue)'; give \"start\": \"tab\" to act on that tab's router, or remove \"tab\"",
          location: location, path: "\(path).tab"))
    case (.root, nil), (.active, nil), (.stack, nil):
      break
    }
  }

  /// `start` and `cancel` (§11.2): async work labelled `label` of the destination named, or of
  /// the declaring one; work held by its screen only where the action is performed from a
  /// screen of that destination whatever the state.
  mutating func checkWork(
    _ label: String, of named: String?, _ action: Action, at location: SourceLocation?,
    path: String
  ) {
    guard
      let owner = named.map({ name in spec.destinations.first { $0.name == name } })
        ?? pendingScope
    else {
      if named == nil {
        problems.append(
          SpecProblem(
            "\(action.name) '\(label)' names no destination, and \(sequenceWithoutScreen) declares no work of its own; name the destination whose work it is (\"destination\")",
            location: location, path: "\(path).destination"))
      }
      return  // A destination that is not declared is reported as such.
    }
    let async = owner.transitions.filter(\.trigger.isAsync)
    guard let work = async.first(where: { $0.label == label }) else {
      var message = "\(action.name) names no async work '\(label)' of '\(owner.name)'"
      let labels = async.compactMap(\.label)
      if let suggestion = Self.closest(to: label, in: Set(labels)) {
        message += "; did you mean '\(suggestion)'?"
      } else if labels.isEmpty {
        message +=
          "; '\(owner.name)' declares no labelled async work: declare it (Work(\"\(label)\") { … })"
      } else {
        message += "; use one of: \(labels.joined(separator: ", "))"
      }
      problems.append(SpecProblem(message, location: location, path: "\(path).work"))
      return
    }
    guard case .async(let cancels) = work.trigger, cancels || work.actsOn == .screen else { return }
    if !(performerIsDeclaring && owner.name == pendingScope?.name) {
      problems.append(
        SpecProblem(
          "\(action.name) '\(label)' may be performed from a screen that does not show '\(owner.name)', and that work is held by its screen (SEMANTICS v3 §11.2); perform it first in a sequence of '\(owner.name)' (or after setFlag, start, cancel, a toast or an alert), or make the work act on its stack (.actsOn(.stack))",
          location: location, path: path))
    }
  }

  /// `selectTab`'s tab, or a deep link's: a tab of some module (a module without tabs has
  /// none).
  mutating func checkTab(
    _ tab: String, at location: SourceLocation?, path: String, what: String = "selectTab"
  ) {
    guard !tabNames.contains(tab), !unread.contains(.tab) else { return }
    var message = "\(what) names no tab '\(tab)'"
    if tabNames.isEmpty {
      message +=
        "; the app has no tabs: start with tabs, or give a module tabs, to select one"
    } else if let suggestion = Self.closest(to: tab, in: Set(tabNames)) {
      message += "; did you mean '\(suggestion)'?"
    } else {
      message +=
        "; a tab is named by its root destination, use one of: \(tabNames.joined(separator: ", "))"
    }
    problems.append(SpecProblem(message, location: location, path: path))
  }

  /// `showModule`'s module: a declared module (a spec without modules is one, named after it).
  mutating func checkModule(_ module: String, at location: SourceLocation?, path: String) {
    guard !moduleNames.contains(module), !unread.contains(.module) else { return }
    var message = "no module named '\(module)'"
    if spec.modules.isEmpty {
      message +=
        "; the spec declares no modules, so its one module is '\(spec.name)': declare modules to show another"
    } else if let suggestion = Self.closest(to: module, in: Set(moduleNames)) {
      message += "; did you mean '\(suggestion)'?"
    } else {
      message += "; use one of: \(moduleNames.joined(separator: ", "))"
    }
    problems.append(SpecProblem(message, location: location, path: path))
  }

  mutating func checkReference(
    _ name: String, kind: String, at location: SourceLocation?, path: String
  ) {
    let names = kind == "flow" ? flowNames : destinationNames
    guard !names.contains(name), !unread.contains(kind == "flow" ? .flow : .destination) else {
      return
    }
    let noun = kind == "flow" ? "Flow" : "Destination"
    var message = "no \(kind) named '\(name)'"
    if let suggestion = Self.closest(to: name, in: names) {
      message += "; did you mean '\(suggestion)'?"
    } else if names.isEmpty {
      message += "; declare it with \(noun)(\"\(name)\")"
    } else {
      message +=
        "; declare it with \(noun)(\"\(name)\") or use one of: \(names.sorted().joined(separator: ", "))"
    }
    problems.append(SpecProblem(message, location: location, path: path))
  }

  static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first == "_" || isASCIILetter(first) else {
      return false
    }
    return name.unicodeScalars.allSatisfy {
      $0 == "_" || isASCIILetter($0) || ("0"..."9").contains($0)
    }
  }

  static func isASCIILetter(_ c: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(c) || ("A"..."Z").contains(c)
  }

  /// The declared name closest to a misspelt one, where it is close enough to be a typo.
  static func closest(to name: String, in names: Set<String>) -> String? {
    let candidates = names.sorted().map {
      ($0, editDistance(Array(name.lowercased()), Array($0.lowercased())))
    }
    guard let best = candidates.min(by: { $0.1 < $1.1 }) else { return nil }
    return best.1 <= max(1, min(name.count, best.0.count) / 3) ? best.0 : nil
  }
}

extension Action.Kind {
  /// Whether the action shows a screen, so may carry an onDismiss (SEMANTICS §1): `push`,
  /// `sheet`, `fullScreenCover` and `modal`, no other.
  var carriesOnDismiss: Bool { self == .push || presents }

  /// The kinds that carry an onDismiss, in words: `push, sheet, fullScreenCover and modal`.
  static var showingAScreen: String {
    let names = allCases.filter(\.carriesOnDismiss).map(\.rawValue)
    return names.dropLast().joined(separator: ", ") + " and " + names.last!
  }
}
