import NavCheckRecorder

/// What of the screens a run is compared on: the screens and tabs always; alerts, the module
/// and each flag only where the run records them at least once (a router that never records
/// alerts is not told its alerts are missing).
struct RunObservation {
  var alerts: Bool
  var module: Bool
  var flags: Set<String>
  /// The modules of the spec, for a `module` record.
  var modules: [Module]

  init(_ run: RecordedRun, spec: NavigationSpec) {
    var alerts = false
    var module = false
    var flags: Set<String> = []
    for step in run.steps {
      switch step.record {
      case .alert, .alertButton, .alertDismissed: alerts = true
      case .module: module = true
      case .flag(let name, _): flags.insert(name)
      case .push, .present, .pop, .popTo, .popToRoot, .dismiss, .dismissAll, .selectTab,
        .asyncStarted, .asyncCompleted, .deepLink:
        break
      }
    }
    self.alerts = alerts
    self.module = module
    self.flags = flags
    modules = spec.startModules
  }

  /// A run that records everything: alerts, the module and every flag of `spec`.
  init(everythingOf spec: NavigationSpec) {
    alerts = true
    module = true
    flags = Set(spec.flags.map(\.name))
    modules = spec.startModules
  }

  /// What a run that records these things would show in `view`.
  func observed(_ view: StateView) -> ShownScreens {
    var shown = ShownScreens(view)
    if !alerts { shown.alerts = [] }
    if !module { shown.module = nil }
    shown.flags = flags.isEmpty ? nil : view.flags.filter(flags.contains).sorted()
    // The recorder has no toast record (SEMANTICS v3 §11.4): a run says nothing of toasts.
    shown.toast = nil
    // Nor a window prompt record (§11.8), nor one of the app's presenter (§11.10).
    shown.prompt = nil
    shown.appPresents = nil
    return shown
  }
}

extension ShownScreens {
  /// The screens after `record`, or why the record cannot happen on these screens.
  ///
  /// A record acts on what the user sees: a push on the top of the topmost environment's stack,
  /// a presentation over it, a pop off it, a dismissal of the topmost presented environment.
  /// Removing a screen closes the alert shown (only the screen the user sees shows one).
  func applying(
    _ record: NavigationRecord, _ observation: RunObservation
  ) -> Result<ShownScreens, RecordMismatch> {
    var next = self
    let top = environments.count - 1
    func setTop(_ stack: [String]) {
      next.environments[top].stack = stack
      if top == 0, !next.tabs.isEmpty { next.tabs[selectedTab] = stack }
    }
    let stack = environments[top].stack
    switch record {
    case .push(let destination):
      setTop(stack + [destination])
    case .present(let destination, let style):
      next.environments.append(Environment(style: StateView.Style(style), stack: [destination]))
    case .pop(let count):
      guard stack.count > count else {
        return .failure(
          RecordMismatch(
            "it pops \(counted(count, "screen")), but the stack the user sees holds "
              + "\(counted(stack.count - 1, "screen")) above its root"))
      }
      setTop(Array(stack.dropLast(count)))
      next.alerts = []
    case .popTo(let destination):
      guard let index = stack.dropLast().lastIndex(of: destination) else {
        return .failure(
          RecordMismatch("no \(destination) is below the top of the stack the user sees"))
      }
      setTop(Array(stack[...index]))
      next.alerts = []
    case .popToRoot:
      if stack.count > 1 { next.alerts = [] }
      setTop([stack[0]])
    case .dismiss(let style):
      guard top > 0 else { return .failure(RecordMismatch("nothing is presented")) }
      if let style, StateView.Style(style) != environments[top].style {
        return .failure(
          RecordMismatch(
            "the topmost presentation is a \(environments[top].style.words), not a "
              + StateView.Style(style).words))
      }
      next.environments.removeLast()
      next.alerts = []
    case .dismissAll:
      next.environments = [Environment(style: .root, stack: [environments[0].stack[0]])]
      if !next.tabs.isEmpty { next.tabs[selectedTab] = next.environments[0].stack }
      next.alerts = []
    case .alert(let name, _):
      next.alerts.append(name)
    case .alertButton, .alertDismissed:
      guard !alerts.isEmpty else { return .failure(RecordMismatch("no alert is shown")) }
      next.alerts.removeLast()
    case .selectTab(let tab):
      guard let index = tabs.firstIndex(where: { $0.first == tab }) else {
        return .failure(
          RecordMismatch(
            tabs.isEmpty
              ? "the screens have no tab bar"
              : "no tab is rooted at \(tab) (the tabs: "
                + tabs.compactMap(\.first).joined(separator: ", ") + ")"))
      }
      guard top == 0 else {
        return .failure(
          RecordMismatch("a \(environments[top].style.words) covers the tab bar"))
      }
      next.selectedTab = index
      next.environments = [Environment(style: .root, stack: tabs[index])]
    case .module(let name):
      guard let module = observation.modules.first(where: { $0.name == name }) else {
        return .failure(
          RecordMismatch(
            "the spec has no module \(name) (its modules: "
              + observation.modules.map(\.name).joined(separator: ", ") + ")"))
      }
      next.environments = [Environment(style: .root, stack: [module.roots[0]])]
      next.tabs = module.tabs.isEmpty ? [] : module.roots.map { [$0] }
      next.selectedTab = 0
      next.alerts = []
      if observation.module { next.module = name }
    case .flag(let name, let value):
      var flags = Set(next.flags ?? [])
      if value { flags.insert(name) } else { flags.remove(name) }
      next.flags = flags.sorted()
    case .asyncStarted, .asyncCompleted, .deepLink:
      break
    }
    return .success(next)
  }

  /// Whether these screens, between two records of one event, are on the way from `before` to
  /// `after`: each environment, each tab's stack and the alerts are what they were or what they
  /// become, or part of it (the event has removed from the one, or added toward the other). A
  /// screen pushed and popped again within one event is not: those records are two events.
  func isOnTheWay(from before: ShownScreens, to after: ShownScreens) -> Bool {
    func within<T: Equatable>(_ part: [T], _ whole: [T]?) -> Bool {
      guard let whole, part.count <= whole.count else { return false }
      return zip(part, whole).allSatisfy(==)
    }
    func within(_ environment: Environment, _ other: Environment?) -> Bool {
      guard let other, other.style == environment.style else { return false }
      return within(environment.stack, other.stack)
    }
    for (i, environment) in environments.enumerated() {
      guard
        within(environment, before.environments.indices.contains(i) ? before.environments[i] : nil)
          || within(
            environment, after.environments.indices.contains(i) ? after.environments[i] : nil)
      else { return false }
    }
    for (i, stack) in tabs.enumerated() {
      guard
        within(stack, before.tabs.indices.contains(i) ? before.tabs[i] : nil)
          || within(stack, after.tabs.indices.contains(i) ? after.tabs[i] : nil)
      else { return false }
    }
    return within(alerts, before.alerts) || within(alerts, after.alerts)
  }

  /// Records that take these screens to `after`, as a router that records every step would
  /// make them; `nil` where they cannot say it (a change in a tab that is not selected).
  func records(to after: ShownScreens, _ observation: RunObservation) -> [NavigationRecord]? {
    var records: [NavigationRecord] = []
    var current = self
    func add(_ record: NavigationRecord) -> Bool {
      guard case .success(let next) = current.applying(record, observation) else { return false }
      records.append(record)
      current = next
      return true
    }
    if after.module != current.module, let module = after.module {
      guard add(.module(module)) else { return nil }
    }
    for flag in Set(current.flags ?? []).symmetricDifference(after.flags ?? []).sorted() {
      guard add(.flag(flag, after.flags?.contains(flag) == true)) else { return nil }
    }
    if after.selectedTab != current.selectedTab, after.tabs.indices.contains(after.selectedTab) {
      while current.environments.count > 1 { guard add(.dismiss(style: nil)) else { return nil } }
      guard add(.selectTab(after.tabs[after.selectedTab][0])) else { return nil }
    }
    // The first environment that differs, and everything above it, goes; then it is rebuilt.
    let shared = zip(current.environments, after.environments).prefix { $0 == $1 }.count
    if shared < max(current.environments.count, after.environments.count) {
      while current.environments.count > max(shared + 1, 1) {
        guard add(.dismiss(style: nil)) else { return nil }
      }
      var level = current.environments.count - 1
      if level == shared, after.environments.indices.contains(level),
        current.environments[level].style == after.environments[level].style,
        current.environments[level].stack[0] == after.environments[level].stack[0]
      {
        let old = current.environments[level].stack
        let new = after.environments[level].stack
        let common = zip(old, new).prefix { $0 == $1 }.count
        if common < old.count {
          guard add(common == 1 && old.count > 2 ? .popToRoot : .pop(count: old.count - common))
          else { return nil }
        }
        for destination in new[common...] { guard add(.push(destination)) else { return nil } }
        level += 1
      } else if level == shared, level > 0 {
        guard add(.dismiss(style: nil)) else { return nil }
      } else {
        level = current.environments.count
      }
      for environment in after.environments.dropFirst(level) {
        guard let style = NavigationRecord.PresentationStyle(environment.style) else { return nil }
        guard add(.present(environment.stack[0], style: style)) else { return nil }
        for destination in environment.stack.dropFirst() {
          guard add(.push(destination)) else { return nil }
        }
      }
    }
    if current.alerts.count > after.alerts.count {
      guard add(.alertDismissed) else { return nil }
    }
    for alert in after.alerts.dropFirst(current.alerts.count) {
      guard add(.alert(alert, style: .alert)) else { return nil }
    }
    return current == after ? records : nil
  }
}

/// Why a record cannot happen on the screens it came to.
struct RecordMismatch: Error {
  var message: String
  init(_ message: String) { self.message = message }
}

extension StateView.Style {
  /// The style a record names: the presented style of the same name (a test walks every one).
  init(_ style: NavigationRecord.PresentationStyle) {
    self = Self(presented: style.rawValue) ?? .sheet
  }
}

extension NavigationRecord.PresentationStyle {
  /// The record's name of a presented style; `nil` for the root, or a style records cannot
  /// name.
  init?(_ style: StateView.Style) { self.init(rawValue: style.rawValue) }
}

extension NavigationRecord {
  /// The record in words: "push TodoDetail", "present AddTodo as a sheet", "tap 'Delete'".
  ///
  /// ```swift
  /// NavigationRecord.pop(count: 2).words   // "pop 2 screens"
  /// ```
  public var words: String {
    switch self {
    case .push(let destination): "push \(destination)"
    case .present(let destination, let style):
      "present \(destination) as a \(StateView.Style(style).words)"
    case .pop(let count): count == 1 ? "pop 1 screen" : "pop \(count) screens"
    case .popTo(let destination): "pop to \(destination)"
    case .popToRoot: "pop to the root"
    case .dismiss(let style):
      "dismiss the " + (style.map { StateView.Style($0).words } ?? "presentation")
    case .dismissAll: "dismiss everything above the root"
    case .alert(let name, let style):
      style == .confirmationDialog ? "confirmation dialog '\(name)'" : "alert '\(name)'"
    case .alertButton(let label): "tap '\(label)'"
    case .alertDismissed: "close the alert"
    case .selectTab(let tab): "select tab '\(tab)'"
    case .asyncStarted(let work): "async '\(work)' starts"
    case .asyncCompleted(let work, let outcome):
      "async '\(work)' completes" + (outcome.map { ": \($0)" } ?? "")
    case .module(let name): "module \(name)"
    case .flag(let name, let value): "flag \(name) = \(value)"
    case .deepLink(let name): "deep link '\(name)' arrives"
    }
  }

  /// What a record does to the screens, for the order of one event's records: removals, then
  /// additions; a switch of tab or module starts over.
  enum Change {
    case removes, adds, switches, none
  }

  /// What the record does to the screens.
  var change: Change {
    switch self {
    case .pop, .popTo, .popToRoot, .dismiss, .dismissAll, .alertButton, .alertDismissed:
      .removes
    case .push, .present, .alert: .adds
    case .selectTab, .module: .switches
    case .flag, .asyncStarted, .asyncCompleted, .deepLink: .none
    }
  }

  /// Whether the record names the event that made it (an async start or completion, a deep
  /// link, an alert's button) rather than only what it did: it begins that event's records.
  var namesEvent: Bool {
    switch self {
    case .asyncStarted, .asyncCompleted, .deepLink, .alertButton: true
    case .push, .present, .pop, .popTo, .popToRoot, .dismiss, .dismissAll, .alert,
      .alertDismissed, .selectTab, .module, .flag:
      false
    }
  }
}
