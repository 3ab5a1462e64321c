/// What a router shows: the chain of environments and the alerts; what the differential check
/// of a router (NavCheckTesting) and the validation of a recorded run compare with the reference
/// router.
package struct ShownScreens: Hashable, Sendable, CustomStringConvertible {
  package struct Environment: Hashable, Sendable {
    package var style: StateView.Style
    package var stack: [String]

    package init(style: StateView.Style, stack: [String]) {
      self.style = style
      self.stack = stack
    }
  }

  package var environments: [Environment]
  package var alerts: [String]
  /// Every tab's stack, where the app has tabs.
  package var tabs: [[String]] = []
  package var selectedTab = 0
  /// The module, where the spec has several.
  package var module: String?
  /// The flags that are true, sorted; `nil` where the router does not report them.
  package var flags: [String]?
  /// The toast shown (SEMANTICS v3 §11.4): `.some(nil)` none; `nil` where the router does not
  /// report toasts.
  package var toast: String??
  /// The window prompt shown (SEMANTICS v3 §11.8): `.some(nil)` none; `nil` where the router
  /// does not report prompts.
  package var prompt: String??
  /// Whether the second environment is the app's presentation, above the tabs (SEMANTICS v3
  /// §11.10); `nil` where the router does not report it.
  package var appPresents: Bool?

  /// What the reference router shows in `state`.
  package init(_ state: StateView) {
    environments = state.environments.map {
      Environment(style: $0.style, stack: $0.stack.map(\.destination))
    }
    alerts = state.alerts
    tabs = state.tabs.map { $0.stack.map(\.destination) }
    selectedTab = state.selectedTab
    module = state.module
    flags = state.flags.sorted()
    toast = .some(state.toast)
    prompt = .some(state.prompt)
    appPresents = state.appPresents
  }

  package init(
    environments: [Environment], alerts: [String], tabs: [[String]] = [], selectedTab: Int = 0,
    module: String? = nil, flags: [String]? = nil, toast: String?? = nil, prompt: String?? = nil,
    appPresents: Bool? = nil
  ) {
    self.appPresents = appPresents
    self.toast = toast
    self.prompt = prompt
    self.environments = environments
    self.alerts = alerts
    self.tabs = tabs
    self.selectedTab = selectedTab
    self.module = module
    self.flags = flags
  }

  /// Whether a router shows what the reference shows: the same environments and alerts, the
  /// same tabs; the module and the flags where the router reports them.
  package func matches(_ expected: ShownScreens) -> Bool {
    environments == expected.environments && alerts == expected.alerts && tabs == expected.tabs
      && selectedTab == expected.selectedTab && (module == nil || module == expected.module)
      && (flags == nil || flags == expected.flags)
      && (toast == nil || toast == expected.toast)
      && (prompt == nil || prompt == expected.prompt)
      && (appPresents == nil || appPresents == expected.appPresents)
  }

  /// The tab bar on one line, the selected tab marked, as `StateView` draws it:
  /// `▸ Inbox › Thread | Search`.
  private var tabWords: String? {
    guard !tabs.isEmpty else { return nil }
    return StateView.tabBar(tabs.map { $0.joined(separator: " › ") }, selectedTab: selectedTab)
  }

  /// On one line: `[TodoList › TodoDetail ⤷ sheet: AddTodo, alert 'Saved']`.
  package var inline: String {
    var parts =
      environments.isEmpty
      ? ["no root router"]
      : environments.enumerated().map {
        Self.words($1, depth: 0, onApp: $0 == 1 && appPresents == true)
      }
    if let tabWords { parts.insert("tabs: \(tabWords);", at: 0) }
    if let module { parts.insert("module \(module):", at: 0) }
    if let flags, !flags.isEmpty { parts.append("{\(flags.joined(separator: ", "))}") }
    if case .some(.some(let toast)) = toast { parts.append("‹toast '\(toast)'›") }
    if case .some(.some(let prompt)) = prompt { parts.append("⧉ window prompt '\(prompt)'") }
    var text = "[" + parts.joined(separator: " ")
    if !alerts.isEmpty { text += ", " + alertWords }
    return text + "]"
  }

  /// `TodoList › TodoDetail` then `  ⤷ sheet: AddTodo`, then the alerts.
  package var description: String {
    var lines = environments.enumerated().map { index, environment in
      Self.words(environment, depth: index, onApp: index == 1 && appPresents == true)
    }
    if lines.isEmpty { lines = ["(no root router)"] }
    if let tabWords { lines.insert("tabs: " + tabWords, at: 0) }
    if let module { lines.insert("module " + module, at: 0) }
    if !alerts.isEmpty { lines.append(alertWords) }
    if case .some(.some(let toast)) = toast { lines.append("toast '\(toast)'") }
    if case .some(.some(let prompt)) = prompt { lines.append("⧉ window prompt '\(prompt)'") }
    return lines.joined(separator: "\n")
  }

  /// `TodoDetail › Editor`, or `⤷ sheet: AddTodo` for a presented environment (as
  /// `StateView` draws it), indented by `depth`; `⤷ app presents sheet: Composer` for the
  /// app's presentation (§11.10).
  private static func words(_ environment: Environment, depth: Int, onApp: Bool = false)
    -> String
  {
    let stack = environment.stack.joined(separator: " › ")
    if onApp { return StateView.appPresentedLine(environment.style, stack) }
    return environment.style == .root
      ? String(repeating: "  ", count: depth) + stack
      : StateView.presentedLine(environment.style, depth: depth, stack)
  }

  private var alertWords: String { "alert " + alerts.map { "'\($0)'" }.joined(separator: ", ") }
}
