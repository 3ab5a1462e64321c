extension NavigationSpec {
  /// The spec written in the DSL: a Swift file that `import`s NavCheck and declares one
  /// top-level `let` building a spec equal to this one (all but custom invariants, which are
  /// closures: they are listed in a comment).
  ///
  /// Destinations are written in groups of `@SpecBuilder` properties, so a spec of hundreds of
  /// destinations type-checks in time proportional to its size (one long builder body does not).
  ///
  /// ```swift
  /// let text = todoApp.swiftSource(notes: [location: ["from Sources/Home.swift:12"]])
  /// // import NavCheck
  /// //
  /// // let todoApp = NavigationSpec("TodoApp", root: "TodoList") {
  /// //   …
  /// ```
  ///
  /// - Parameters:
  ///   - variable: The constant's name; by default the spec's name with a lowercase first
  ///     letter.
  ///   - notes: Comment lines written above each declaration whose location is a key (a drafted
  ///     spec's source lines).
  ///   - header: Comment lines written before the spec.
  ///   - trailer: Comment lines written after the spec.
  /// - Complexity: O(size of the spec)
  public func swiftSource(
    variable: String? = nil, notes: [SourceLocation: [String]] = [:], header: [String] = [],
    trailer: [String] = []
  ) -> String {
    var printer = SwiftSpecPrinter(notes: notes)
    let name = variable ?? SwiftSpecPrinter.variableName(self.name)
    return printer.file(self, variable: name, header: header, trailer: trailer)
  }
}

/// Writes a spec model as DSL source, one declaration a line where it fits.
struct SwiftSpecPrinter {
  var notes: [SourceLocation: [String]]
  private var lines: [String] = []

  init(notes: [SourceLocation: [String]]) { self.notes = notes }

  /// How many destinations one `@SpecBuilder` property holds.
  static let destinationsPerPart = 8

  /// A Swift identifier made of `name`: its letters and digits, the first lowercase.
  static func variableName(_ name: String) -> String {
    var words = name.split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init)
    if words.isEmpty { words = ["spec"] }
    var text = words[0].prefix(1).lowercased() + words[0].dropFirst()
    for word in words.dropFirst() { text += word.prefix(1).uppercased() + word.dropFirst() }
    if let first = text.first, first.isNumber { text = "spec" + text }
    return text
  }

  static func quoted(_ text: String) -> String { swiftStringLiteral(text) }

  mutating func file(
    _ spec: NavigationSpec, variable: String, header: [String], trailer: [String]
  ) -> String {
    lines = ["import NavCheck", ""]
    for line in header { lines.append(comment(line)) }
    if !header.isEmpty { lines.append("") }
    var start = Self.quoted(spec.name)
    if !spec.root.isEmpty {
      start += ", root: \(Self.quoted(spec.root))"
    } else if !spec.tabs.isEmpty {
      start += ", tabs: [\(spec.tabs.map(Self.quoted).joined(separator: ", "))]"
    }
    let parts = stride(from: 0, to: spec.destinations.count, by: Self.destinationsPerPart).map {
      Array(spec.destinations[$0..<min($0 + Self.destinationsPerPart, spec.destinations.count)])
    }
    let partName = { (index: Int) in "\(variable)Destinations\(index + 1)" }
    note(spec.location, indent: "")
    lines.append("let \(variable) = NavigationSpec(\(start)) {")
    for module in spec.modules {
      note(module.location, indent: "  ")
      let declaration =
        "  Module(\(Self.quoted(module.name)), "
        + (module.tabs.isEmpty
          ? "root: \(Self.quoted(module.root)))"
          : "tabs: [\(module.tabs.map(Self.quoted).joined(separator: ", "))])")
      guard !module.tabButtons.isEmpty else {
        lines.append(declaration)
        continue
      }
      // Its tab buttons (§11.5) in its body: `Module("Main", tabs: […]) { TabButton(…) }`.
      lines.append(declaration + " {")
      for button in module.tabButtons { tabButton(button, indent: "    ") }
      lines.append("  }")
    }
    for button in spec.tabButtons { tabButton(button, indent: "  ") }
    for flag in spec.flags {
      note(flag.location, indent: "  ")
      lines.append(
        "  Flag(\(Self.quoted(flag.name))\(flag.initially ? ", initially: true" : ""))")
    }
    for index in parts.indices { lines.append("  \(partName(index))") }
    for flow in spec.flows {
      note(flow.location, indent: "  ")
      lines.append("  Flow(\(Self.quoted(flow.name))) {")
      for step in flow.steps {
        let noun =
          switch step.style {
          case .push: "Push"
          case .sheet: "Sheet"
          case .fullScreenCover: "FullScreenCover"
          }
        lines.append("    \(noun)(\(Self.quoted(step.destination)))")
      }
      lines.append("  }")
    }
    for deepLink in spec.deepLinks {
      note(deepLink.location, indent: "  ")
      let start: String
      switch deepLink.start {
      case .root: start = ""
      case .active, .stack: start = ", start: .\(deepLink.start.rawValue)"
      case .tab: start = ", tab: \(Self.quoted(deepLink.tab ?? ""))"
      }
      lines.append("  DeepLink(\(Self.quoted(deepLink.name))\(start)) {")
      sequence(deepLink.actions, indent: "    ")
      lines.append("  }" + guards(deepLink.guards))
    }
    // Broadcasts (§11.7), after the deep links.
    for broadcast in spec.broadcasts {
      note(broadcast.location, indent: "  ")
      lines.append("  Broadcast(\(Self.quoted(broadcast.name))) {")
      for observer in broadcast.observers {
        note(observer.location, indent: "    ")
        let actsOn = observer.actsOn == .stack ? ", actsOn: .stack" : ""
        lines.append("    Observer(\(Self.quoted(observer.destination))\(actsOn)) {")
        sequence(observer.actions, indent: "      ")
        lines.append("    }")
      }
      lines.append("  }" + guards(broadcast.guards))
    }
    let bounds = spec.bounds
    lines.append(
      "}\n.bounds(maxStackDepth: \(bounds.maxStackDepth), maxPresentationDepth: \(bounds.maxPresentationDepth))"
    )
    if !spec.invariants.isEmpty {
      lines.append(
        comment(
          "custom invariants are closures and are not written: "
            + spec.invariants.map { "'\($0.name)'" }.joined(separator: ", ")))
    }
    for (index, part) in parts.enumerated() {
      lines.append("")
      lines.append("@SpecBuilder private var \(partName(index)): [SpecNode] {")
      for destination in part { self.destination(destination) }
      lines.append("}")
    }
    if !trailer.isEmpty { lines.append("") }
    for line in trailer { lines.append(comment(line)) }
    return lines.joined(separator: "\n") + "\n"
  }

  private func comment(_ text: String) -> String { text.isEmpty ? "//" : "// " + text }

  private mutating func note(_ location: SourceLocation?, indent: String) {
    guard let location, let texts = notes[location] else { return }
    for text in texts { lines.append(indent + comment(text)) }
  }

  private mutating func destination(_ destination: Destination) {
    note(destination.location, indent: "  ")
    var options = ""
    if !destination.navigation { options += ", navigation: false" }
    if !destination.swipeToDismiss {
      options += ", swipeToDismiss: false"
    } else if !destination.swipeConditions.isEmpty {
      // `.when("a").unless("b")`: the first condition is the static one, the others chain.
      let conditions = destination.swipeConditions
      let parts =
        [
          ("when", conditions.when), ("unless", conditions.unless),
          ("unlessPending", conditions.unlessPending),
        ]
        .compactMap { name, value in value.map { ".\(name)(\(Self.quoted($0)))" } }
      options += ", swipeToDismiss: " + parts.joined()
    }
    let head = "  Destination(\(Self.quoted(destination.name))\(options))"
    guard !destination.transitions.isEmpty || destination.onAppear != nil else {
      lines.append(head)
      return
    }
    lines.append(head + " {")
    for transition in destination.transitions { self.transition(transition, indent: "    ") }
    if let onAppear = destination.onAppear {
      // What its screens do when they appear (§11.11): `OnAppear { … }.unless("signedIn")`.
      note(onAppear.location, indent: "    ")
      lines.append("    OnAppear {")
      sequence(onAppear.actions, indent: "      ")
      lines.append("    }" + guards(onAppear.guards))
    }
    lines.append("  }")
  }

  private mutating func transition(_ transition: Transition, indent: String) {
    note(transition.location, indent: indent)
    var modifiers = ""
    if let outcomes = transition.outcomes {
      var arguments = Self.quoted(transition.label ?? "")
      if case .async(true) = transition.trigger { arguments += ", cancelsOnDismiss: true" }
      if transition.actsOn != .screen { arguments += ", actsOn: .\(transition.actsOn.rawValue)" }
      lines.append(indent + "\(transition.isStartedByTap ? "Async" : "Work")(\(arguments)) {")
      for outcome in outcomes {
        if outcome.actions.isEmpty {
          lines.append(indent + "  Outcome(\(Self.quoted(outcome.label)))")
        } else {
          lines.append(indent + "  Outcome(\(Self.quoted(outcome.label))) {")
          sequence(outcome.actions, indent: indent + "    ")
          lines.append(indent + "  }")
        }
      }
      lines.append(indent + "}" + guards(transition.guards))
      return
    }
    if case .async(let cancels) = transition.trigger {
      let async: String =
        switch (cancels, transition.isStartedByTap) {
        case (false, true): ".async()"
        case (true, true): ".async(cancelsOnDismiss: true)"
        case (false, false): ".async(tap: false)"
        case (true, false): ".async(cancelsOnDismiss: true, tap: false)"
        }
      modifiers += async
      if transition.actsOn != .screen { modifiers += ".actsOn(.\(transition.actsOn.rawValue))" }
    }
    if let label = transition.label { modifiers += ".label(\(Self.quoted(label)))" }
    modifiers += guards(transition.guards)
    if transition.actions.count == 1 {
      action(transition.actions[0], indent: indent, suffix: modifiers)
    } else {
      lines.append(indent + "Actions {")
      sequence(transition.actions, indent: indent + "  ")
      lines.append(indent + "}" + modifiers)
    }
  }

  /// A tab button (§11.5): `TabButton("Post") { Sheet("Composer") }.when("loggedIn")`.
  private mutating func tabButton(_ button: TabButton, indent: String) {
    note(button.location, indent: indent)
    lines.append(indent + "TabButton(\(Self.quoted(button.name))) {")
    sequence(button.actions, indent: indent + "  ")
    lines.append(indent + "}" + guards(button.guards))
  }

  private func guards(_ guards: Guards) -> String {
    var text = ""
    if let flag = guards.when { text += ".when(\(Self.quoted(flag)))" }
    if let flag = guards.unless { text += ".unless(\(Self.quoted(flag)))" }
    if let label = guards.unlessPending { text += ".unlessPending(\(Self.quoted(label)))" }
    return text
  }

  private mutating func sequence(_ actions: [SequenceAction], indent: String) {
    for action in actions { self.action(action, indent: indent, suffix: "") }
  }

  /// One action as its noun, then its onDismiss, then `suffix` (the transition's modifiers).
  private mutating func action(_ sequenceAction: SequenceAction, indent: String, suffix: String) {
    let q = Self.quoted
    var noun: String
    // The app's presenter (§11.10), the last argument of a presentation.
    let onApp = sequenceAction.presenter == .app ? ", presenter: .app" : ""
    switch sequenceAction.action {
    case .push(let d): noun = "Push(\(q(d)))"
    case .sheet(let d): noun = "Sheet(\(q(d))\(onApp))"
    case .fullScreenCover(let d): noun = "FullScreenCover(\(q(d))\(onApp))"
    case .modal(let d, let tap):
      noun = "Modal(\(q(d))\(tap ? "" : ", dismissOnBackgroundTap: false")\(onApp))"
    case .alert(let name, let style, let buttons), .windowAlert(let name, let style, let buttons):
      var window = false
      if case .windowAlert = sequenceAction.action { window = true }
      let head =
        "Alert(\(q(name))\(style == .alert ? "" : ", style: .confirmationDialog")"
        + "\(window ? ", level: .window" : ""))"
      guard !buttons.isEmpty else {
        lines.append(indent + head + suffix)
        return
      }
      lines.append(indent + head + " {")
      for button in buttons {
        note(button.location, indent: indent + "  ")
        if button.actions.isEmpty {
          lines.append(indent + "  Button(\(q(button.label)))" + guards(button.guards))
        } else {
          lines.append(indent + "  Button(\(q(button.label))) {")
          sequence(button.actions, indent: indent + "    ")
          lines.append(indent + "  }" + guards(button.guards))
        }
      }
      lines.append(indent + "}" + suffix)
      return
    case .startFlow(let f): noun = "StartFlow(\(q(f)))"
    case .next: noun = "Next()"
    case .nextOrDismissEnvironment: noun = "NextOrDismissEnvironment()"
    case .dismiss(let d): noun = "Dismiss(\(d.map(q) ?? ""))"
    case .dismissTo(let d): noun = "DismissTo(\(q(d)))"
    case .dismissCount(let n): noun = "DismissCount(\(n))"
    case .dismissStack: noun = "DismissStack()"
    case .dismissEnvironment: noun = "DismissEnvironment()"
    case .popTo(let d): noun = "PopTo(\(q(d)))"
    case .dismissAll: noun = "DismissAll()"
    case .dismissPresented: noun = "DismissPresented()"
    case .dismissAlert: noun = "DismissAlert()"
    case .pushStack(let ds): noun = "PushStack([\(ds.map(q).joined(separator: ", "))])"
    case .selectTab(let t): noun = "SelectTab(\(q(t)))"
    case .showModule(let m):
      noun = "ShowModule(\(q(m))\(sequenceAction.keepsTab ? ", keepingTab: true" : ""))"
    case .setFlag(let f, let v): noun = "SetFlag(\(q(f)), \(v))"
    case .startWork(let w, let d): noun = "StartWork(\(q(w))\(d.map { ", of: \(q($0))" } ?? ""))"
    case .cancelWork(let w, let d): noun = "CancelWork(\(q(w))\(d.map { ", of: \(q($0))" } ?? ""))"
    case .toast(let toast):
      var arguments = q(toast.name)
      switch toast.start {
      case .active: break
      case .tab: arguments += ", tab: \(q(toast.tab ?? ""))"
      case .root, .stack: arguments += ", start: .\(toast.start.rawValue)"
      }
      if toast.level != .window { arguments += ", level: .\(toast.level.rawValue)" }
      if !toast.expires { arguments += ", expires: false" }
      guard !toast.actions.isEmpty else {
        noun = "ShowToast(\(arguments))"
        break
      }
      lines.append(indent + "ShowToast(\(arguments)) {")
      sequence(toast.actions, indent: indent + "  ")
      lines.append(indent + "}" + suffix)
      return
    case .dismissToast: noun = "DismissToast()"
    }
    if sequenceAction.isItem { noun += ".asItem()" }
    guard let onDismiss = sequenceAction.onDismiss else {
      lines.append(indent + noun + suffix)
      return
    }
    let actsOn = onDismiss.actsOn == .screen ? "" : "(actsOn: .\(onDismiss.actsOn.rawValue))"
    lines.append(indent + noun + ".onDismiss\(actsOn) {")
    sequence(onDismiss.actions, indent: indent + "  ")
    lines.append(indent + "}" + suffix)
  }
}
