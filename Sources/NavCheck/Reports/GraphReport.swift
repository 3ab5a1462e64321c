/// A spec drawn as a graph, in Graphviz DOT or Mermaid: the destination graph (one node per
/// destination, one edge per transition that shows a screen) or the explored state graph.
///
/// ```text
/// digraph "Notes" {
///   "Folders" -> "NoteList" [label="push"];
///   "Folders" -> "NewFolder" [label="sheet 'New folder'", style=dashed];
/// }
/// ```
package struct GraphReport {
  package enum Language: String, CaseIterable {
    case dot, mermaid
  }

  /// How an edge is drawn: pushes solid, presentations dashed, dismissals dotted.
  enum Style {
    /// A push: onward in the stack.
    case solid
    /// A presentation.
    case dashed
    /// Back to a screen below.
    case dotted
  }

  /// The line an action of `kind` draws to the destination it names, with its label: onward
  /// (a push), presented (a sheet, a cover, a modal) or back to a screen below (`popTo`,
  /// `dismissTo`); `nil` for a kind that names no destination it goes to.
  static func line(_ kind: Action.Kind) -> (label: String, style: Style)? {
    guard kind.arguments.contains(.destination) else { return nil }
    let label = kind.words(Action.Arguments()).trimmingCharacters(in: .whitespaces)
    return (label, kind.removes ? .dotted : kind.presents ? .dashed : .solid)
  }

  struct Node {
    var id: String
    var label: String
    var emphasized = false
    var isViolation = false
    var isNote = false
  }

  struct Edge {
    var from: String
    var to: String
    var label: String
    var style: Style
  }

  package var language: Language

  /// How the caller raises the state cap, for the comment of a graph cut short.
  package var limits: LimitNames

  package init(language: Language, limits: LimitNames = .api) {
    self.language = language
    self.limits = limits
  }

  // MARK: - Destination graph

  package func destinationGraph(_ spec: NavigationSpec) -> String {
    // The roots the app starts with (every module's tabs or root) are emphasized.
    let roots = Set(spec.startModules.flatMap(\.roots))
    var nodes = spec.destinations.map {
      Node(id: "d_" + $0.name, label: $0.name, emphasized: roots.contains($0.name))
    }
    var edges: [Edge] = []
    /// Dismissals, drawn at the end back to the screens theirs can be shown from: the node it
    /// is drawn from, the destination it removes, its words, whether it leads to the root.
    var backs: [(from: String, removed: String, words: String, toRoot: Bool)] = []
    /// The guards of a transition, button or deep link, before its words: `[when signedIn] `.
    func guardWords(_ guards: Guards) -> String {
      let words =
        [
          guards.when.map { "when \($0)" }, guards.unless.map { "unless \($0)" },
          guards.unlessPending.map { "unless '\($0)' is pending" },
        ].compactMap { $0 }
      return words.isEmpty ? "" : "[\(words.joined(separator: ", "))] "
    }
    /// Draws a sequence performed from `from`: each action from the destination the one before
    /// showed (or from `from`, after an action that shows none), each onDismiss from the screen
    /// that showed its screen.
    func add(
      _ actions: [SequenceAction], from: String, label: String?, async: Bool, prefix: String = ""
    ) {
      var current = from
      for item in actions {
        current = add(
          item.action, from: current, label: label, async: async, prefix: prefix,
          onApp: item.presenter == .app)
        if let onDismiss = item.onDismiss {
          let words = "onDismiss" + (label.map { " of '\($0)'" } ?? "") + ": "
          add(onDismiss.actions, from: from, label: nil, async: false, prefix: words)
        }
      }
    }
    /// Draws one action; returns the node the next action of its sequence acts from.
    /// `onApp`: the app presents it, above the tabs (§11.10): its edge says so.
    func add(
      _ action: Action, from: String, label: String?, async: Bool, prefix: String,
      onApp: Bool = false
    ) -> String {
      let prefix = prefix + (async ? "async " : "")
      func edge(_ from: String, _ to: String, _ words: String, _ style: Style) {
        edges.append(
          Edge(
            from: from, to: "d_" + to, label: prefix + words + (label.map { " '\($0)'" } ?? ""),
            style: style))
      }
      // The graph draws what an action's kind describes: a line to the destination it names,
      // a flow's first step, an alert's buttons, a tab selected, a module shown. Dismissals
      // lead back from wherever the screen is, which the destination graph does not draw.
      let arguments = action.arguments
      var next = from
      if let line = Self.line(action.kind), let d = arguments.destination {
        edge(from, d, line.label + (onApp ? " on the app" : ""), line.style)
        if action.kind.shows { next = "d_" + d }
      }
      for d in arguments.destinations {
        edge(next, d, "push", .solid)
        next = "d_" + d
      }
      if let tab = arguments.tab, action.kind == .selectTab {
        edge(from, tab, "select tab", .dotted)
      }
      if let module = arguments.module,
        let root = spec.startModules.first(where: { $0.name == module })?.roots.first
      {
        edge(from, root, "show module \(module)", .dotted)
      }
      if let f = arguments.flow, let step = spec.flows.first(where: { $0.name == f })?.steps.first {
        edge(from, step.destination, "flow \(f)", step.style == .push ? .solid : .dashed)
      }
      // An alert is a node of its own, its buttons drawn from it; a button with no action
      // closes it.
      if let alert = arguments.alert {
        let id = "a_" + String(from.dropFirst(2)) + "_" + alert
        if !nodes.contains(where: { $0.id == id }) {
          let noun = arguments.style == .confirmationDialog ? "dialog" : "alert"
          // A window prompt (§11.8) is the app's: its buttons act from the screen in view.
          let window = arguments.alertLevel == .window ? "window " : ""
          nodes.append(Node(id: id, label: "\(window)\(noun) \(alert)", isNote: true))
        }
        edges.append(
          Edge(
            from: from, to: id, label: prefix + "alert" + (label.map { " '\($0)'" } ?? ""),
            style: .dashed))
        for button in arguments.buttons {
          if button.actions.isEmpty {
            edges.append(Edge(from: id, to: from, label: "'\(button.label)'", style: .dotted))
          }
          add(
            button.actions, from: id, label: button.label, async: async,
            prefix: prefix + guardWords(button.guards))
        }
      }
      // A toast is a note of its own (§11.4), what its tap does drawn from it: it acts from the
      // router its start names, not from the screen that showed it.
      if let toast = arguments.toast {
        // Its name may hold any text: the node's id keeps its letters and digits.
        let id =
          "t_" + String(from.dropFirst(2)) + "_"
          + String(toast.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        if !nodes.contains(where: { $0.id == id }) {
          var words = "toast \(toast)"
          switch arguments.start ?? .active {
          case .active: break
          case .root: words += " (from the app root)"
          case .stack: words += " (on the selected stack)"
          case .tab: words += " (on tab \(arguments.tab ?? ""))"
          }
          nodes.append(Node(id: id, label: words, isNote: true))
        }
        edges.append(
          Edge(
            from: from, to: id, label: prefix + "toast" + (label.map { " '\($0)'" } ?? ""),
            style: .dashed))
        add(arguments.actions, from: id, label: "tap", async: false, prefix: "")
      }
      // A dismissal leads back to where its screen came from (one that names where it goes is
      // drawn above; what a screen presents closing leaves it where it is).
      let kind = action.kind
      if kind.removes && Self.line(kind) == nil && kind != .showModule && kind != .dismissPresented
      {
        let removed = from.hasPrefix("a_") ? edges.last { $0.to == from }?.from ?? from : from
        backs.append(
          (
            from, removed, prefix + action.declarationWords + (label.map { " '\($0)'" } ?? ""),
            kind == .dismissAll
          ))
      }
      return next
    }
    for destination in spec.destinations {
      for transition in destination.transitions {
        let from = "d_" + destination.name
        let guards = guardWords(transition.guards)
        add(
          transition.actions, from: from, label: transition.label,
          async: transition.trigger.isAsync, prefix: guards)
        // Each outcome of async work, labelled with it.
        for outcome in transition.outcomes ?? [] {
          add(
            outcome.actions, from: from,
            label: (transition.label.map { "\($0): " } ?? "") + outcome.label, async: true,
            prefix: guards)
        }
      }
      // What its screens do when they appear (§11.11), drawn from it: "onAppear: sheet".
      if let onAppear = destination.onAppear {
        add(
          onAppear.actions, from: "d_" + destination.name, label: nil, async: false,
          prefix: guardWords(onAppear.guards) + "onAppear: ")
      }
    }
    for flow in spec.flows {
      for (a, b) in zip(flow.steps, flow.steps.dropFirst()) {
        edges.append(
          Edge(
            from: "d_" + a.destination, to: "d_" + b.destination, label: "next (\(flow.name))",
            style: b.style == .push ? .solid : .dashed))
      }
    }
    for link in spec.deepLinks {
      let id = "l_" + link.name
      var label = "deep link \(link.name)"
      switch link.start {
      case .root, .active: break
      case .stack: label += " (on the selected stack)"
      case .tab: label += " (on tab \(link.tab ?? ""))"
      }
      nodes.append(Node(id: id, label: label, isNote: true))
      add(link.actions, from: id, label: nil, async: false, prefix: guardWords(link.guards))
    }
    // Tab bar items that act instead of selecting (§11.5), a note each, as deep links are.
    for (m, module) in spec.startModules.enumerated() {
      for button in module.tabButtons {
        let id = "b_\(m)_" + button.name
        let label =
          "tab item \(button.name)" + (spec.modules.isEmpty ? "" : " (\(module.name))")
        nodes.append(Node(id: id, label: label, isNote: true))
        add(button.actions, from: id, label: nil, async: false, prefix: guardWords(button.guards))
      }
    }
    // Broadcasts (§11.7): a note each, a dotted line to every observer's destination, and the
    // observer's actions drawn from that destination.
    for (b, broadcast) in spec.broadcasts.enumerated() {
      let id = "c_\(b)"
      nodes.append(Node(id: id, label: "broadcast \(broadcast.name)", isNote: true))
      for observer in broadcast.observers {
        edges.append(
          Edge(
            from: id, to: "d_" + observer.destination,
            label: guardWords(broadcast.guards) + "observer"
              + (observer.actsOn == .stack ? " (on its stack's top)" : ""),
            style: .dotted))
        add(
          observer.actions, from: "d_" + observer.destination, label: nil, async: false,
          prefix: "on broadcast \(broadcast.name): ")
      }
    }
    // Back to each screen the removed one is shown from (a push, a presentation, a flow step),
    // or to the roots.
    let shown = edges.filter { $0.style != .dotted && $0.from.hasPrefix("d_") }
    for back in backs {
      let targets =
        back.toRoot
        ? spec.startModules.flatMap(\.roots).map { "d_" + $0 }
        : shown.filter { $0.to == back.removed }.map(\.from)
      var seen: Set<String> = []
      for target in targets where seen.insert(target).inserted {
        edges.append(Edge(from: back.from, to: target, label: back.words, style: .dotted))
      }
    }
    return render(name: spec.name, nodes: nodes, edges: edges, comment: nil)
  }

  // MARK: - State graph

  package func stateGraph(_ spec: NavigationSpec, _ graph: StateGraph) -> String {
    var nodes = graph.states.enumerated().map { i, state in
      if let invariant = graph.brokenInvariants[i] {
        return Node(
          id: "s\(i)", label: state.description + "\n✗ invariant '\(invariant)'", isViolation: true)
      }
      return Node(id: "s\(i)", label: state.description, emphasized: i == 0)
    }
    var edges: [Edge] = []
    var pruned = 0
    for edge in graph.edges {
      if let to = edge.to {
        edges.append(Edge(from: "s\(edge.from)", to: "s\(to)", label: edge.event, style: .solid))
      } else if let kind = edge.violation {
        let id = "v\(nodes.count)"
        nodes.append(Node(id: id, label: "✗ \(kind.rawValue)", isViolation: true))
        edges.append(Edge(from: "s\(edge.from)", to: id, label: edge.event, style: .dashed))
      } else if edge.pruned {
        pruned += 1
      }
    }
    var comment = "\(graph.states.count) states, \(pruned) pruned events not drawn"
    if !graph.complete {
      comment =
        "incomplete: cut at \(graph.states.count) states (raise \(limits.maxStates)); " + comment
    }
    return render(name: spec.name, nodes: nodes, edges: edges, comment: comment)
  }

  // MARK: - Writing

  func render(name: String, nodes: [Node], edges: [Edge], comment: String?) -> String {
    switch language {
    case .dot: dot(name: name, nodes: nodes, edges: edges, comment: comment)
    case .mermaid: mermaid(nodes: nodes, edges: edges, comment: comment)
    }
  }

  func dot(name: String, nodes: [Node], edges: [Edge], comment: String?) -> String {
    func quote(_ s: String) -> String {
      "\""
        + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
          of: "\"", with: "\\\""
        )
        .replacingOccurrences(of: "\n", with: "\\l") + "\""
    }
    var lines = ["digraph \(quote(name)) {"]
    if let comment { lines.append("  // \(comment)") }
    lines.append("  rankdir=LR;")
    lines.append("  node [shape=box, style=rounded, fontname=\"Helvetica\"];")
    lines.append("  edge [fontname=\"Helvetica\", fontsize=10];")
    for node in nodes {
      var attributes = ["label=\(quote(node.label + (node.label.contains("\n") ? "\n" : "")))"]
      if node.emphasized { attributes.append("penwidth=2") }
      if node.isViolation { attributes.append("color=red, fontcolor=red, shape=octagon") }
      if node.isNote { attributes.append("shape=note") }
      lines.append("  \(node.id) [\(attributes.joined(separator: ", "))];")
    }
    for edge in edges {
      var attributes = ["label=\(quote(edge.label))"]
      switch edge.style {
      case .solid: break
      case .dashed: attributes.append("style=dashed")
      case .dotted: attributes.append("style=dotted")
      }
      lines.append("  \(edge.from) -> \(edge.to) [\(attributes.joined(separator: ", "))];")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  func mermaid(nodes: [Node], edges: [Edge], comment: String?) -> String {
    func text(_ s: String) -> String {
      "\""
        + s.replacingOccurrences(of: "\"", with: "#quot;").replacingOccurrences(
          of: "\n", with: "<br/>")
        + "\""
    }
    var lines = ["flowchart LR"]
    if let comment { lines.append("  %% \(comment)") }
    for node in nodes {
      let shape =
        node.emphasized
        ? "([\(text(node.label))])"
        : node.isViolation ? "{{\(text(node.label))}}" : "[\(text(node.label))]"
      lines.append("  \(node.id)\(shape)")
    }
    for edge in edges {
      let arrow =
        switch edge.style {
        case .solid: "-->"
        case .dashed: "-.->"
        case .dotted: "-.->"
        }
      lines.append("  \(edge.from) \(arrow)|\(text(edge.label))| \(edge.to)")
    }
    if nodes.contains(where: \.isViolation) {
      lines.append("  classDef violation stroke:#d00,color:#d00")
      lines.append(
        "  class \(nodes.filter(\.isViolation).map(\.id).joined(separator: ",")) violation")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
