/// A violation's trace as pictures: the first state, then each step's event in words with the
/// phone frame after it; what the HTML report shows per finding and `--format svg` draws alone.
/// An event that broke a rule has no state after it: its frame is the state it acted on, with
/// what it would have shown where it would have landed, and a ✗ badge (`PhoneFrame.Failure`).
///
/// A long trace keeps its first and last steps as frames and its middle as words only, so a
/// big report stays small.
///
/// ```swift
/// let picture = TracePicture(violation, initial: try spec.replay([]).initial, spec: spec)
/// print(picture.svg(title: "Shop: orphanedCompletion"))
/// ```
package struct TracePicture {
  /// One step: its event in words and the frame after it.
  package struct Step {
    /// 1-based; 0 for the first state.
    package var number: Int
    /// The event in words ("Catalog: tap 'Cart' → sheet Cart"), or "first screen".
    package var words: String
    /// Where the step is declared.
    package var location: SourceLocation?
    /// The state after it, drawn; where the event broke the rule, the state it acted on with
    /// what it would have shown (`PhoneFrame.failure`); `nil` where neither is known.
    package var frame: PhoneFrame?
    /// The rule the step broke, on the last step.
    package var breaks: ViolationKind?
  }

  /// Traces up to this many steps show every frame.
  package static let mostFrames = 9
  /// A longer trace shows its first `leadingFrames` and last `trailingFrames` steps as frames.
  package static let leadingFrames = 2
  package static let trailingFrames = 6

  /// The steps drawn before the collapsed middle (the first state first, where known).
  package var leading: [Step] = []
  /// The middle of a long trace, in words only.
  package var collapsed: [Step] = []
  /// The steps drawn after the collapsed middle.
  package var trailing: [Step] = []

  /// The pictures of `violation`'s trace of `spec`, from `initial` (the spec's first state,
  /// where known).
  package init(_ violation: Violation, initial: StateView?, spec: NavigationSpec) {
    self.init(
      steps: violation.trace, initial: initial, breaks: violation.kind,
      declaration: violation.declaration, spec: spec)
  }

  /// The pictures of `steps` of `spec` from `initial`; `breaks` is the rule the last step (or
  /// the first state, where there are no steps) breaks, if any, and `declaration` the
  /// declaration that broke it, where known (for `orphanedCompletion`, the pending work).
  package init(
    steps trace: [TraceStep], initial: StateView?, breaks kind: ViolationKind?,
    declaration: DeclarationReference? = nil, spec: NavigationSpec
  ) {
    var steps: [Step] = []
    let breaksState = kind?.stateMark != nil
    if let initial {
      steps.append(
        Step(
          number: 0, words: "first screen", location: nil,
          frame: PhoneFrame(state: initial, change: .none, broken: trace.isEmpty && breaksState),
          breaks: trace.isEmpty ? kind : nil))
    }
    var before = initial
    for (index, step) in trace.enumerated() {
      let isLast = index == trace.count - 1
      var frame: PhoneFrame?
      if let state = step.state {
        frame = PhoneFrame(
          state: state, change: PhoneFrame.Change(from: before, to: state),
          broken: isLast && breaksState)
        before = state
      } else if isLast, let kind, let before {
        frame = PhoneFrame(
          state: before, change: .none,
          failure: Self.failure(kind, of: declaration, by: step, in: before, spec: spec))
      }
      steps.append(
        Step(
          number: index + 1, words: step.description, location: step.location, frame: frame,
          breaks: isLast ? kind : nil))
    }
    let first = initial == nil ? 0 : 1
    if trace.count <= Self.mostFrames {
      leading = steps
    } else {
      leading = Array(steps.prefix(first + Self.leadingFrames))
      trailing = Array(steps.suffix(Self.trailingFrames))
      collapsed = Array(steps[leading.count..<(steps.count - trailing.count)])
    }
  }

  // MARK: - SVG

  /// The width of one step's column in the SVG.
  static let column = PhoneFrame.width + 40
  /// The height of the event's words above a frame.
  static let caption = 58

  /// The trace as one SVG image: a title line, then the steps left to right, each event's
  /// words above the frame after it; the collapsed middle as one column of words.
  package func svg(title: String, subtitle: String) -> String {
    let columns = leading.count + trailing.count + (collapsed.isEmpty ? 0 : 1)
    let width = max(columns * Self.column + 20, 480)
    let top = 56
    let height = top + Self.caption + PhoneFrame.heightWithNotes + 16
    var canvas = Canvas.picture(width: width, height: height)
    canvas.text(
      title, x: 20, y: 26, size: 15, fit: width - 40, anchor: "start", fill: PhoneFrame.ink,
      bold: true, className: "picture-title")
    canvas.text(
      subtitle, x: 20, y: 44, size: 11, fit: width - 40, anchor: "start", fill: PhoneFrame.muted,
      className: "picture-subtitle")
    var x = 20
    func draw(_ step: Step) {
      let lines = Self.wrapped(
        (step.number == 0 ? "" : "\(step.number). ") + step.words, width: Self.column - 16,
        size: 10, most: 4)
      for (index, line) in lines.enumerated() {
        canvas.text(
          line, x: x, y: top + 12 + 13 * index, size: 10, fit: Self.column - 16, anchor: "start",
          fill: step.breaks != nil && (step.frame?.failure != nil || step.frame == nil)
            ? PhoneFrame.violation : PhoneFrame.ink,
          className: "event")
      }
      if let frame = step.frame {
        canvas.open("g", ["class": "frame"])
        canvas.raw(frame.svg(x: x, y: top + Self.caption))
        canvas.close("g")
      } else if let kind = step.breaks {
        Self.brokenFrame(kind, x: x, y: top + Self.caption, on: &canvas)
      }
      x += Self.column
    }
    leading.forEach(draw)
    if !collapsed.isEmpty {
      var y = top + Self.caption + 20
      canvas.text(
        "\(collapsed.count) steps in words:", x: x, y: y, size: 10, fit: Self.column - 16,
        anchor: "start", fill: PhoneFrame.muted, bold: true, className: "collapsed")
      for step in collapsed.prefix(24) {
        y += 14
        canvas.text(
          "\(step.number). \(step.words)", x: x, y: y, size: 9, fit: Self.column - 16,
          anchor: "start", fill: PhoneFrame.muted, className: "collapsed")
      }
      x += Self.column
    }
    trailing.forEach(draw)
    canvas.close("svg")
    return canvas.text + "\n"
  }

  /// What the event of `step` that broke `kind` (by `violated`, where known) would have shown
  /// from `before`, and where: what the declaration that broke it shows (rules of what an
  /// action shows), or the screen it removes (rules of what a removal does), or nothing.
  static func failure(
    _ kind: ViolationKind, of violated: DeclarationReference?, by step: TraceStep,
    in before: StateView, spec: NavigationSpec
  ) -> PhoneFrame.Failure {
    let environments = before.environments
    // The environment it acts in: a deep link's first action starts where the link says; any
    // other event acts from its screen, the topmost of that name, or else a tab not selected
    // whose stack holds it.
    // (A completion of work with outcomes acts through its outcome, listed first.)
    let declaration = step.declarations.first { $0.kind == .outcome } ?? step.declarations.last
    var acting = environments.count - 1
    var actingTab: Int?
    var actingName: String?
    if let (l, _) = spec.deepLinkAction(declaration) {
      switch spec.deepLinks[l].start {
      case .root, .stack: acting = 0
      case .active: break
      case .tab:
        // Its tab's router: the root environment where that tab is selected, else that tab.
        let tab = before.tabs.firstIndex { $0.name == spec.deepLinks[l].tab }
        if let tab, tab != before.selectedTab { actingTab = tab } else { acting = 0 }
      }
    } else if let name = spec.broadcastObserver(declaration).map({
      // A broadcast acts where the observer that broke the rule is (§11.7).
      spec.broadcasts[$0.broadcast].observers[$0.observer].destination
    })
      // An appearance acts from the screen that appeared (§11.11).
      ?? spec.onAppearDestination(declaration).map({ spec.destinations[$0].name })
      ?? (spec.destinations.indices.contains(step.screen.index)
        ? spec.destinations[step.screen.index].name : nil)
    {
      actingName = name
      if let e = environments.lastIndex(where: { $0.stack.contains { $0.destination == name } }) {
        acting = e
      } else {
        actingTab = before.tabs.indices.first { tab in
          tab != before.selectedTab && before.tabs[tab].stack.contains { $0.destination == name }
        }
      }
    }
    var failure = PhoneFrame.Failure(
      landing: .nothing, environment: acting, title: nil, caption: ["acts from here"])
    if let d = spec.onAppearDestination(declaration) {
      // An appearance acts from a screen the event made appear (§11.11), which this state does
      // not show: nothing is drawn on it.
      failure.environment = environments.count - 1
      failure.caption = [
        "\(spec.destinations[d].name) appears after this event,", "and its onAppear breaks it",
      ]
      return failure
    }
    let removes: [ViolationKind] = [.orphanedCompletion, .dismissEnvironmentAtRoot, .dismissAtRoot]
    let shows: [ViolationKind] = [
      .duplicatePresentation, .duplicateAlert, .actionFromCoveredScreen, .pushWithoutNavigation,
      .tabMissing,
    ]
    if removes.contains(kind) {
      failure.title = environments[acting].stack.last?.destination
      guard kind == .orphanedCompletion else {
        failure.landing = .removal(environment: true)
        failure.caption = ["would remove the root"]
        return failure
      }
      var wholeEnvironment = step.event != .gesture(.swipeBack) && acting > 0
      // What goes is the screen whose work is pending, where it is known.
      if let (d, t) = spec.transition(violated) {
        let name = spec.destinations[d].name
        let work = spec.destinations[d].transitions[t].label ?? "#\(t)"
        for (e, environment) in environments.enumerated().reversed() {
          guard
            let position = environment.stack.lastIndex(where: {
              $0.destination == name && $0.pending.contains(work)
            })
          else { continue }
          failure.environment = e
          failure.title = name
          wholeEnvironment = position == 0 && e > 0
          break
        }
      }
      failure.landing = .removal(environment: wholeEnvironment)
      let environment = environments[failure.environment]
      failure.caption = [
        wholeEnvironment
          ? "would go with its \(environment.style.label)" : "would go",
        "with work still pending",
      ]
      return failure
    }
    guard shows.contains(kind),
      let shown = Self.actions(of: declaration, in: spec).lazy.compactMap({
        Self.shown(by: $0.action, in: spec)
      }).first
    else { return failure }
    failure.title = shown.name
    if let tab = actingTab {
      // It lands in a tab the user does not see: the tab is marked.
      failure.landing = .tab(tab)
      failure.environment = 0
      failure.title = before.tabs[tab].name
      failure.caption = ["\(shown.name) would land", "in this tab, not selected"]
      return failure
    }
    switch shown.landing {
    case .push:
      failure.landing = .push
      failure.caption = ["would be pushed here"]
    case .presentation(let style):
      failure.landing = .presentation(style)
      failure.caption = ["would be presented here"]
    case .alert(let dialog):
      failure.landing = .alert(dialog: dialog)
      failure.caption = ["would show here"]
    case .tab:
      guard let index = before.tabs.firstIndex(where: { $0.name == shown.name }) else {
        failure.title = nil
        failure.caption = ["no tab \(shown.name) here"]
        return failure
      }
      failure.landing = .tab(index)
      failure.environment = 0
      failure.caption = ["would be selected here"]
    case .removal, .nothing:
      break
    }
    // What covers where it lands: what the user sees instead.
    let top = environments[failure.environment].stack.last
    if let prompt = before.prompt {
      // A window prompt covers every screen (§11.8).
      failure.caption.append("under the window prompt \(prompt)")
    } else if let covering = environments.last, environments.count - 1 > failure.environment {
      failure.caption.append(
        "under the \(covering.style.label) \(covering.stack.first?.destination ?? "")"
      )
    } else if let alert = top?.alert {
      failure.caption.append("under the alert \(alert)")
    } else if let actingName, let top, top.destination != actingName {
      failure.caption.append("under \(top.destination) (pushed)")
    }
    return failure
  }

  /// The actions a declaration performs: a transition's, a deep-link action, an outcome's.
  static func actions(of declaration: DeclarationReference?, in spec: NavigationSpec)
    -> [SequenceAction]
  {
    if let (d, t) = spec.transition(declaration) {
      return spec.destinations[d].transitions[t].actions
    }
    if let (l, a) = spec.deepLinkAction(declaration) { return [spec.deepLinks[l].actions[a]] }
    if let (m, b) = spec.tabButton(declaration) {
      return spec.startModules[m].tabButtons[b].actions
    }
    if let (b, o) = spec.broadcastObserver(declaration) {
      return spec.broadcasts[b].observers[o].actions
    }
    if let d = spec.onAppearDestination(declaration) {
      return spec.destinations[d].onAppear?.actions ?? []
    }
    guard let declaration, declaration.kind == .outcome else { return [] }
    let outcomes = spec.destinations.flatMap { $0.transitions.flatMap { $0.outcomes ?? [] } }
    return outcomes.indices.contains(declaration.index) ? outcomes[declaration.index].actions : []
  }

  /// What an action shows, and how it lands: `nil` for an action that shows nothing.
  static func shown(by action: Action, in spec: NavigationSpec) -> (
    name: String, landing: PhoneFrame.Failure.Landing
  )? {
    switch action {
    case .push(let destination): (destination, .push)
    case .pushStack(let destinations): destinations.last.map { ($0, .push) }
    case .sheet(let destination), .fullScreenCover(let destination), .modal(let destination, _):
      action.kind.presentation.map { (destination, .presentation($0)) }
    case .alert(let name, let style, _), .windowAlert(let name, let style, _):
      (name, .alert(dialog: style == .confirmationDialog))
    // The tab's index is the state's to say.
    case .selectTab(let tab): (tab, .tab(0))
    case .startFlow(let name):
      spec.flows.first { $0.name == name }?.steps.first.map { step in
        (step.destination, step.style.environment.map { .presentation($0) } ?? .push)
      }
    case .next, .nextOrDismissEnvironment, .dismiss, .dismissTo, .dismissCount, .dismissStack,
      .dismissEnvironment, .popTo, .dismissAll, .dismissPresented, .dismissAlert, .showModule,
      .setFlag, .startWork, .cancelWork, .toast, .dismissToast:
      nil
    }
  }

  /// Where an event broke a rule and the state it acted on is not known: an empty frame with a
  /// cross.
  static func brokenFrame(_ kind: ViolationKind, x: Int, y: Int, on canvas: inout Canvas) {
    canvas.open("g", ["class": "phone-frame broken", "transform": "translate(\(x) \(y))"])
    canvas.element(
      "rect",
      [
        "x": "2", "y": "2", "width": "196", "height": "396", "rx": "26", "fill": "#fff5f5",
        "stroke": PhoneFrame.violation, "stroke-width": "3", "stroke-dasharray": "8 6",
      ])
    canvas.element(
      "path",
      [
        "d": "M76 150 L124 198 M124 150 L76 198", "stroke": PhoneFrame.violation,
        "stroke-width": "8", "stroke-linecap": "round",
      ])
    canvas.text(
      kind.rawValue, x: 100, y: 232, size: 11, fit: 180, anchor: "middle",
      fill: PhoneFrame.violation, bold: true, className: "kind")
    for (index, line) in wrapped(kind.summary, width: 170, size: 10, most: 3).enumerated() {
      canvas.text(
        line, x: 100, y: 252 + 14 * index, size: 10, fit: 180, anchor: "middle",
        fill: PhoneFrame.ink, className: "summary")
    }
    canvas.close("g")
  }

  /// `text` in lines of at most `width` units, broken at spaces; the last of `most` lines ends
  /// in "…" where text is left.
  static func wrapped(_ text: String, width: Int, size: Int, most: Int) -> [String] {
    let perLine = max(8, Int(Double(width) / (Double(size) * 0.6)))
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      let candidate = line.isEmpty ? String(word) : line + " " + word
      if candidate.count <= perLine || line.isEmpty {
        line = candidate
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    if !line.isEmpty { lines.append(line) }
    if lines.count > most {
      lines = Array(lines.prefix(most))
      lines[most - 1] = String(lines[most - 1].prefix(perLine - 1)) + "…"
    }
    return lines.map { $0.count > perLine ? String($0.prefix(perLine - 1)) + "…" : $0 }
  }
}
