/// A router state drawn as a phone: what the HTML report and the SVG of a trace show per step.
///
/// The screen of the root environment (its navigation bar with a back button where something
/// is pushed under, its stack with each screen's pending work, its tab bar), then each
/// presented environment over it: a sheet as a card over a dimmed screen, a full-screen cover,
/// an overlay modal; an alert or a confirmation dialog over the screen that shows it. What
/// changed since the step before is outlined.
///
/// An event that broke a rule has no state after it: its frame (`failure`) is the state it
/// acted on, faded, with what the event would have shown drawn where it would have landed
/// (its caption says what covers that place) and a ✗ badge.
///
/// ```swift
/// let svg = PhoneFrame(state: step.state!, change: PhoneFrame.Change(from: before, to: after))
///   .svg(x: 0, y: 0)
/// ```
///
/// Every text that could run long carries `data-fit`, the width it must fit in: the HTML
/// report's self-test measures it in the browser.
package struct PhoneFrame {
  /// The frame's size, in SVG user units.
  package static let width = 200
  package static let height = 400

  /// What changed from the state before: the part the frame outlines.
  package enum Change: Equatable {
    /// Nothing to point at (the first state, or only pending work changed elsewhere).
    case none
    /// The whole screen (another module).
    case everything
    /// The environment at this index appeared (a sheet, a cover, a modal).
    case environment(Int)
    /// The top screen of the environment at this index changed (a push, a pop).
    case screen(Int)
    /// The alert or dialog of the top screen of the environment at this index appeared.
    case alert(Int)
    /// The tab at this index was selected, or its stack changed.
    case tab(Int)
    /// The app's flags or pending work.
    case appState

    /// What the frame outlines after `before` becomes `after`.
    package init(from before: StateView?, to after: StateView) {
      guard let before else {
        self = .none
        return
      }
      if before.module != after.module {
        self = .everything
        return
      }
      let shared = min(before.environments.count, after.environments.count)
      for index in 0..<shared where before.environments[index] != after.environments[index] {
        let old = before.environments[index]
        let new = after.environments[index]
        if index == 0 && before.selectedTab != after.selectedTab {
          self = .tab(after.selectedTab)
        } else if old.stack.map(\.destination) == new.stack.map(\.destination),
          new.stack.last?.alert != nil, old.stack.last?.alert != new.stack.last?.alert
        {
          self = .alert(index)
        } else {
          self = .screen(index)
        }
        return
      }
      if after.environments.count > before.environments.count {
        self = .environment(shared)
      } else if after.environments.count < before.environments.count {
        // Something was dismissed: point at what the user sees now.
        self = .screen(shared - 1)
      } else if before.selectedTab != after.selectedTab || before.tabs != after.tabs {
        let changed = after.tabs.indices.first {
          $0 >= before.tabs.count || before.tabs[$0] != after.tabs[$0]
        }
        self = .tab(changed ?? after.selectedTab)
      } else if before.flags != after.flags || before.appPending != after.appPending
        || before.toast != after.toast || before.prompt != after.prompt
      {
        self = .appState
      } else {
        self = .none
      }
    }
  }

  /// What an event that broke a rule would have shown, and where: drawn over the state it
  /// acted on.
  package struct Failure: Equatable {
    /// Where it lands.
    package enum Landing: Equatable {
      /// A screen pushed onto the acting environment's stack.
      case push
      /// An environment presented over the acting one.
      case presentation(StateView.Style)
      /// An alert (or, `dialog`, a confirmation dialog) over the acting screen.
      case alert(dialog: Bool)
      /// The tab at this index selected in the root environment's tab bar.
      case tab(Int)
      /// The acting environment (`environment`) or only its top screen removed.
      case removal(environment: Bool)
      /// Nothing lands: the acting screen is marked.
      case nothing
    }

    /// Where it lands.
    package var landing: Landing
    /// The environment the event acts in: an index into the state's environments.
    package var environment: Int
    /// The name drawn in what lands (a destination, an alert, a tab), if any.
    package var title: String?
    /// Up to two short lines under it ("would be pushed here", "under the sheet Cart").
    package var caption: [String]
  }

  /// The state drawn.
  package var state: StateView
  /// What to outline.
  package var change: Change
  /// Whether the state breaks a rule (an invariant, a trap): the frame is drawn in red.
  package var broken = false
  /// Where an event broke a rule: what it would have shown, drawn over `state` (the state it
  /// acted on).
  package var failure: Failure?

  package init(state: StateView, change: Change, broken: Bool = false, failure: Failure? = nil) {
    self.state = state
    self.change = change
    self.broken = broken
    self.failure = failure
  }

  // MARK: - Colors

  static let accent = "#0a66d6"
  static let changed = "#ff8a00"
  static let violation = "#d70015"
  static let ink = "#1c1c1e"
  static let muted = "#6e6e73"
  static let bar = "#f2f2f7"
  static let line = "#c7c7cc"
  /// Pending work: a chip's ink, border and fill.
  static let pendingInk = "#8a4b00"
  static let pendingBorder = "#e08a00"
  static let pendingFill = "#fff1d6"
  /// What a failing event would have shown: its fill.
  static let landingFill = "#fff0f1"

  // MARK: - Drawing

  /// The frame as an SVG group at (`x`, `y`).
  package func svg(x: Int, y: Int) -> String {
    var out = Canvas()
    out.open(
      "g", ["class": "phone-frame", "transform": "translate(\(x) \(y))"])
    let bezel = broken || failure != nil ? Self.violation : Self.ink
    out.element(
      "rect",
      [
        "x": "1", "y": "1", "width": "198", "height": "398", "rx": "26", "fill": bezel,
      ])
    out.element(
      "rect",
      ["x": "8", "y": "8", "width": "184", "height": "384", "rx": "20", "fill": "#ffffff"])
    // Status bar: the module's name where the spec has several.
    if let module = state.module {
      out.text(
        module, x: 100, y: 22, size: 9, fit: 120, anchor: "middle", fill: Self.muted,
        className: "module")
    }
    let screen = Rect(x: 8, y: 28, width: 184, height: 364)
    for (index, environment) in state.environments.enumerated() {
      draw(environment, at: index, in: screen, on: &out)
    }
    // A window prompt above every screen (SEMANTICS v3 §11.8).
    if let prompt = state.prompt {
      drawAlert(
        prompt, dialog: state.promptIsDialog, in: screen, highlighted: change == .appState,
        on: &out)
    }
    if let failure { draw(failure, in: screen, on: &out) }
    if change == .everything {
      out.element(
        "rect",
        [
          "class": "changed", "x": "6", "y": "6", "width": "188", "height": "388", "rx": "21",
          "fill": "none", "stroke": Self.changed, "stroke-width": "3",
        ])
    }
    var notes: [String] = []
    if !state.flags.isEmpty { notes.append(state.flags.joined(separator: ", ")) }
    if !state.appPending.isEmpty {
      notes.append("app pending " + state.appPending.map { "'\($0)'" }.joined(separator: ", "))
    }
    if let toast = state.toast { notes.append("toast '\(toast)'") }
    if !notes.isEmpty {
      let text = notes.joined(separator: "; ")
      out.text(
        text, x: 100, y: 416, size: 10, fit: 196, anchor: "middle",
        fill: change == .appState ? Self.changed : Self.muted, className: "app-state")
    }
    out.close("g")
    return out.text
  }

  /// The height the frame takes with its line of flags and app work under it.
  package static let heightWithNotes = 424

  private func draw(
    _ environment: StateView.Environment, at index: Int, in screen: Rect, on out: inout Canvas
  ) {
    let style = environment.style
    let (card, area) = Self.layout(style, at: index, in: screen)
    switch style.shape {
    case .card:
      dim(screen, on: &out)
      // Rounded at the top as a sheet is, at the bottom as the screen is.
      let (left, right, top, bottom) = (card.x, card.x + card.width, card.y, card.y + card.height)
      out.element(
        "path",
        [
          "class": "sheet",
          "d":
            "M\(left) \(top + 12) Q\(left) \(top) \(left + 12) \(top) H\(right - 12) "
            + "Q\(right) \(top) \(right) \(top + 12) V\(bottom - 20) "
            + "Q\(right) \(bottom) \(right - 20) \(bottom) H\(left + 20) "
            + "Q\(left) \(bottom) \(left) \(bottom - 20) Z",
          "fill": "#ffffff",
        ])
      out.element(
        "rect",
        [
          "x": "\(card.x + card.width / 2 - 18)", "y": "\(card.y + 4)", "width": "36",
          "height": "4", "rx": "2", "fill": Self.line,
        ])
    case .cover:
      out.element(
        "rect",
        [
          "class": "cover", "x": "\(card.x)", "y": "\(card.y)", "width": "\(card.width)",
          "height": "\(card.height)", "rx": "20", "fill": "#ffffff",
        ])
    case .overlay:
      dim(screen, on: &out)
      out.element(
        "rect",
        [
          "class": "modal", "x": "\(card.x)", "y": "\(card.y)", "width": "\(card.width)",
          "height": "\(card.height)", "rx": "14", "fill": "#ffffff", "stroke": Self.line,
        ])
    case .screen:
      break
    }
    let hasTabBar = index == 0 && !state.tabs.isEmpty
    if !style.hasNavigation {
      drawModalContent(environment, in: area, on: &out)
    } else {
      drawStack(
        environment.stack,
        in: Rect(
          x: area.x, y: area.y, width: area.width, height: area.height - (hasTabBar ? 40 : 0)),
        on: &out)
    }
    if hasTabBar {
      drawTabBar(
        in: Rect(x: area.x, y: area.y + area.height - 40, width: area.width, height: 40), on: &out)
    }
    if style.isPresented {
      // The app's presentation is the app's, above the tab view (§11.10).
      out.text(
        index == 1 && state.appPresents ? "app's \(style.label)" : style.label,
        x: area.x + area.width - 6,
        y: area.y + area.height - 6 + (style.shape == .overlay ? 0 : -2), size: 8, fit: 40,
        anchor: "end", fill: Self.muted, className: "style")
    }
    let outline: Rect? =
      switch change {
      case .environment(let changed) where changed == index && style.shape == .overlay: area
      case .environment(let changed) where changed == index:
        Rect(
          x: area.x, y: area.y - (style.shape == .card ? 8 : 0), width: area.width,
          height: area.height + (style.shape == .card ? 8 : 0))
      case .screen(let changed) where changed == index:
        style.shape == .overlay
          ? area
          : Rect(
            x: area.x, y: area.y, width: area.width,
            height: area.height - (hasTabBar ? 40 : 0))
      case .environment, .screen, .none, .everything, .alert, .tab, .appState: nil
      }
    if let outline {
      out.element(
        "rect",
        [
          "class": "changed", "x": "\(outline.x + 1)", "y": "\(outline.y + 1)",
          "width": "\(outline.width - 2)", "height": "\(outline.height - 2)", "rx": "10",
          "fill": "none", "stroke": Self.changed, "stroke-width": "3",
        ])
    }
    if let top = environment.stack.last, let alert = top.alert {
      drawAlert(
        alert, dialog: top.showsDialog, in: screen, highlighted: change == .alert(index), on: &out)
    }
  }

  /// Where the environment at `index` of `style` draws on `screen`: its card (a sheet's from
  /// its top edge, a cover's over the status bar) and the area of its content.
  static func layout(_ style: StateView.Style, at index: Int, in screen: Rect) -> (
    card: Rect, content: Rect
  ) {
    switch style.shape {
    case .card:
      let top = 14 + 8 * min(max(index - 1, 0), 3)
      let card = Rect(
        x: screen.x, y: screen.y + top, width: screen.width, height: screen.height - top)
      return (card, Rect(x: card.x, y: card.y + 8, width: card.width, height: card.height - 8))
    case .cover:
      return (
        Rect(x: screen.x, y: screen.y - 20, width: screen.width, height: screen.height + 20),
        screen
      )
    case .overlay:
      let card = Rect(
        x: screen.x + 22, y: screen.y + 110, width: screen.width - 44, height: 120)
      return (card, card)
    case .screen:
      return (screen, screen)
    }
  }

  private func dim(_ screen: Rect, on out: inout Canvas) {
    out.element(
      "rect",
      [
        "class": "dim", "x": "\(screen.x)", "y": "\(screen.y - 20)", "width": "\(screen.width)",
        "height": "\(screen.height + 20)", "rx": "20", "fill": "#000000", "fill-opacity": "0.35",
      ])
  }

  /// The height of a navigation bar with its large title.
  static let navigationBar = 50

  /// A navigation bar (back button, title) over the stack's screens, bottom to top.
  private func drawStack(_ stack: [StateView.Screen], in area: Rect, on out: inout Canvas) {
    guard let top = stack.last else { return }
    // A navigation bar with a large title, as iOS draws it: the back button's row, then the
    // title under it, the whole width.
    out.element(
      "rect",
      [
        "class": "nav-bar", "x": "\(area.x)", "y": "\(area.y)", "width": "\(area.width)",
        "height": "\(Self.navigationBar)", "fill": Self.bar,
      ])
    out.element(
      "line",
      [
        "x1": "\(area.x)", "y1": "\(area.y + Self.navigationBar)", "x2": "\(area.x + area.width)",
        "y2": "\(area.y + Self.navigationBar)", "stroke": Self.line,
      ])
    if stack.count > 1 {
      out.text(
        "‹ " + stack[stack.count - 2].destination, x: area.x + 6, y: area.y + 15, size: 10,
        fit: area.width - 12, anchor: "start", fill: Self.accent, className: "back")
    }
    out.text(
      top.destination, x: area.x + 10, y: area.y + 40, size: 14, fit: area.width - 20,
      anchor: "start", fill: Self.ink, bold: true, className: "title")
    // The pushed stack, bottom to top, the screen on top filled.
    var y = area.y + Self.navigationBar + 10
    let shown = stack.count > 6 ? Array(stack.suffix(5)) : stack
    if stack.count > shown.count {
      out.text(
        "+\(stack.count - shown.count) below", x: area.x + 14, y: y + 9, size: 9, fit: 150,
        anchor: "start", fill: Self.muted, className: "more")
      y += 16
    }
    for (offset, screen) in shown.enumerated() {
      let isTop = offset == shown.count - 1
      out.element(
        "rect",
        [
          "class": "stack-row", "x": "\(area.x + 10)", "y": "\(y)", "width": "\(area.width - 20)",
          "height": "22", "rx": "6", "fill": isTop ? "#e5efff" : "#ffffff",
          "stroke": isTop ? Self.accent : Self.line,
        ])
      out.text(
        screen.destination, x: area.x + 18, y: y + 15, size: 10, fit: area.width - 36,
        anchor: "start", fill: isTop ? Self.accent : Self.ink, bold: isTop, className: "screen")
      y += 26
      if let flow = screen.flow, y + 12 < area.y + area.height {
        out.text(
          "flow '\(flow.name)' step \(flow.next + 1)", x: area.x + 18, y: y + 8, size: 9,
          fit: area.width - 36, anchor: "start", fill: Self.muted, className: "note")
        y += 13
      }
      if !screen.pending.isEmpty, y + Self.pendingHeight < area.y + area.height {
        drawPending(screen.pending, x: area.x + 14, y: y, width: area.width - 28, on: &out)
        y += Self.pendingHeight
      }
      if y + 22 > area.y + area.height { break }
    }
  }

  /// A modal has no navigation stack: its screen's name and notes in the card.
  private func drawModalContent(
    _ environment: StateView.Environment, in area: Rect, on out: inout Canvas
  ) {
    let top = environment.stack.last!
    out.text(
      top.destination, x: area.x + area.width / 2, y: area.y + 30, size: 12,
      fit: area.width - 16, anchor: "middle", fill: Self.ink, bold: true, className: "title")
    if !top.pending.isEmpty {
      drawPending(top.pending, x: area.x + 8, y: area.y + 42, width: area.width - 16, on: &out)
    }
  }

  private func drawTabBar(in area: Rect, on out: inout Canvas) {
    out.element(
      "rect",
      [
        "class": "tab-bar", "x": "\(area.x)", "y": "\(area.y)", "width": "\(area.width)",
        "height": "\(area.height)", "fill": Self.bar,
      ])
    out.element(
      "line",
      [
        "x1": "\(area.x)", "y1": "\(area.y)", "x2": "\(area.x + area.width)", "y2": "\(area.y)",
        "stroke": Self.line,
      ])
    let count = state.tabs.count
    let slot = area.width / max(count, 1)
    for (index, tab) in state.tabs.enumerated() {
      let center = area.x + slot * index + slot / 2
      let selected = index == state.selectedTab
      let color = selected ? Self.accent : Self.muted
      out.element(
        "circle",
        [
          "cx": "\(center)", "cy": "\(area.y + 13)", "r": "6",
          "fill": selected ? color : "none", "stroke": color, "stroke-width": "1.5",
        ])
      var name = tab.name
      if tab.stack.count > 1 { name += " ·\(tab.stack.count)" }
      out.text(
        name, x: center, y: area.y + 32, size: 8, fit: slot - 4, anchor: "middle", fill: color,
        bold: selected, className: selected ? "tab selected" : "tab")
      if change == .tab(index) {
        out.element(
          "rect",
          [
            "class": "changed", "x": "\(center - slot / 2 + 2)", "y": "\(area.y + 2)",
            "width": "\(slot - 4)", "height": "\(area.height - 4)", "rx": "6", "fill": "none",
            "stroke": Self.changed, "stroke-width": "3",
          ])
      }
    }
  }

  private func drawAlert(
    _ alert: String, dialog: Bool, in screen: Rect, highlighted: Bool, on out: inout Canvas
  ) {
    dim(screen, on: &out)
    let box = Self.alertBox(dialog: dialog, in: screen)
    if dialog {
      out.element(
        "rect",
        [
          "class": "dialog", "x": "\(box.x)", "y": "\(box.y)", "width": "\(box.width)",
          "height": "54", "rx": "12", "fill": "#f9f9f9",
        ])
      out.text(
        alert, x: box.x + box.width / 2, y: box.y + 22, size: 11, fit: box.width - 16,
        anchor: "middle", fill: Self.ink, bold: true, className: "alert-title")
      out.text(
        "dialog", x: box.x + box.width / 2, y: box.y + 40, size: 9, fit: 80, anchor: "middle",
        fill: Self.muted, className: "style")
      out.element(
        "rect",
        [
          "x": "\(box.x)", "y": "\(box.y + 60)", "width": "\(box.width)", "height": "28",
          "rx": "12", "fill": "#ffffff",
        ])
      out.text(
        "Cancel", x: box.x + box.width / 2, y: box.y + 78, size: 11, fit: 80, anchor: "middle",
        fill: Self.accent, bold: true, className: "button")
    } else {
      out.element(
        "rect",
        [
          "class": "alert", "x": "\(box.x)", "y": "\(box.y)", "width": "\(box.width)",
          "height": "\(box.height)", "rx": "12", "fill": "#f9f9f9",
        ])
      out.text(
        alert, x: box.x + box.width / 2, y: box.y + 28, size: 11, fit: box.width - 16,
        anchor: "middle", fill: Self.ink, bold: true, className: "alert-title")
      out.element(
        "line",
        [
          "x1": "\(box.x)", "y1": "\(box.y + 50)", "x2": "\(box.x + box.width)",
          "y2": "\(box.y + 50)", "stroke": Self.line,
        ])
      out.text(
        "alert", x: box.x + box.width / 2, y: box.y + 69, size: 9, fit: 80, anchor: "middle",
        fill: Self.muted, className: "style")
    }
    if highlighted {
      out.element(
        "rect",
        [
          "class": "changed", "x": "\(box.x - 2)", "y": "\(box.y - 2)", "width": "\(box.width + 4)",
          "height": "\(box.height + 4)", "rx": "13", "fill": "none", "stroke": Self.changed,
          "stroke-width": "3",
        ])
    }
  }

  /// Where an alert (a confirmation dialog at the bottom) draws on `screen`.
  static func alertBox(dialog: Bool, in screen: Rect) -> Rect {
    dialog
      ? Rect(
        x: screen.x + 8, y: screen.y + screen.height - 96, width: screen.width - 16, height: 88)
      : Rect(x: screen.x + 27, y: screen.y + 130, width: screen.width - 54, height: 80)
  }

  /// The height of a line of pending work under a screen.
  static let pendingHeight = 20

  /// Pending work as a chip a reader notices: a clock and the work's names on amber, at
  /// (`x`, `y`), `width` wide.
  private func drawPending(
    _ pending: [String], x: Int, y: Int, width: Int, on out: inout Canvas
  ) {
    out.element(
      "rect",
      [
        "class": "pending", "x": "\(x)", "y": "\(y)", "width": "\(width)", "height": "17",
        "rx": "8.5", "fill": Self.pendingFill, "stroke": Self.pendingBorder,
      ])
    out.element(
      "circle",
      [
        "cx": "\(x + 10)", "cy": "\(y + 8)", "r": "4.5", "fill": "none",
        "stroke": Self.pendingInk, "stroke-width": "1.4",
      ])
    out.element(
      "path",
      [
        "d": "M\(x + 10) \(y + 5) V\(y + 8) H\(x + 12)", "fill": "none",
        "stroke": Self.pendingInk, "stroke-width": "1.4", "stroke-linecap": "round",
      ])
    out.text(
      "pending " + pending.map(Self.pendingName).joined(separator: ", "), x: x + 19, y: y + 12,
      size: 10, fit: width - 24, anchor: "start", fill: Self.pendingInk, bold: true,
      className: "pending-work")
  }

  /// A failing event over the state it acted on: the screens faded, what it would have shown
  /// where it would have landed (dashed, in red), and a ✗ badge.
  private func draw(_ failure: Failure, in screen: Rect, on out: inout Canvas) {
    out.element(
      "rect",
      [
        "class": "faded", "x": "\(screen.x)", "y": "\(screen.y - 20)", "width": "\(screen.width)",
        "height": "\(screen.height + 20)", "rx": "20", "fill": "#ffffff", "fill-opacity": "0.3",
      ])
    let environments = state.environments
    let acting = min(max(failure.environment, 0), environments.count - 1)
    let style = environments[acting].style
    let (card, content) = Self.layout(style, at: acting, in: screen)
    let hasTabBar = acting == 0 && !state.tabs.isEmpty
    let stack = Rect(
      x: content.x, y: content.y, width: content.width,
      height: content.height - (hasTabBar ? 40 : 0))
    let belowBar =
      !style.hasNavigation
      ? Rect(x: stack.x + 6, y: stack.y + 6, width: stack.width - 12, height: stack.height - 12)
      : Rect(
        x: stack.x + 8, y: stack.y + Self.navigationBar + 8, width: stack.width - 16,
        height: stack.height - Self.navigationBar - 16)
    // Where it lands; what appears is filled, what goes (or where nothing lands) stays
    // visible through it.
    var box: Rect
    var appears = true
    switch failure.landing {
    case .push:
      box = Rect(
        x: belowBar.x, y: belowBar.y, width: belowBar.width, height: min(112, belowBar.height))
    case .presentation(let presented):
      box = Self.layout(presented, at: acting + 1, in: screen).card
      if presented.shape == .cover { box = screen }
    case .alert(let dialog):
      // As wide as the screen allows: it holds its words.
      let alert = Self.alertBox(dialog: dialog, in: screen)
      box = Rect(x: screen.x + 12, y: alert.y, width: screen.width - 24, height: alert.height)
    case .tab(let index):
      let count = max(state.tabs.count, 1)
      let bar = Rect(x: screen.x, y: screen.y + screen.height - 40, width: screen.width, height: 40)
      let slot = bar.width / count
      box = Rect(
        x: bar.x + slot * min(index, count - 1) + 2, y: bar.y + 2, width: slot - 4, height: 36)
    case .removal(let environment):
      box = environment ? card : belowBar
      appears = false
    case .nothing:
      box = stack
      appears = false
    }
    out.element(
      "rect",
      [
        "class": "landing", "x": "\(box.x)", "y": "\(box.y)", "width": "\(box.width)",
        "height": "\(box.height)", "rx": "10", "fill": Self.landingFill,
        "fill-opacity": appears ? "0.94" : "0.3", "stroke": Self.violation, "stroke-width": "2.5",
        "stroke-dasharray": "7 4",
      ])
    // The words: in what appears; on a label at the bottom of what goes, or above a tab.
    var lines: [(text: String, bold: Bool)] = []
    if let title = failure.title { lines.append((title, true)) }
    lines += failure.caption.map { ($0, false) }
    var words = box
    let isTab: Bool
    if case .tab = failure.landing { isTab = true } else { isTab = false }
    if isTab, let title = failure.title {
      // A tab's slot holds its name.
      out.text(
        title, x: box.x + box.width / 2, y: box.y + 23, size: 10, fit: box.width - 6,
        anchor: "middle", fill: Self.violation, bold: true, className: "landing-title")
      lines.removeFirst()
    }
    if isTab || !appears {
      let height = lines.reduce(8) { $0 + ($1.bold ? 16 : 14) }
      // Above a tab; at the bottom of what goes, or under it where it is small (a modal).
      let y =
        isTab
        ? box.y - 6 - height
        : box.height < 160 ? box.y + box.height + 6 : box.y + box.height - 8 - height
      words = Rect(x: screen.x + 10, y: y, width: screen.width - 20, height: height)
      out.element(
        "rect",
        [
          "class": "landing-label", "x": "\(words.x)", "y": "\(words.y)",
          "width": "\(words.width)", "height": "\(words.height)", "rx": "7", "fill": "#ffffff",
          "stroke": Self.violation,
        ])
    }
    let height = lines.reduce(0) { $0 + ($1.bold ? 16 : 14) }
    var y = words.y + max(2, (words.height - height) / 2)
    for line in lines {
      y += line.bold ? 16 : 14
      out.text(
        line.text, x: words.x + words.width / 2, y: y - 4, size: line.bold ? 12 : 10,
        fit: words.width - 12, anchor: "middle", fill: line.bold ? Self.violation : Self.ink,
        bold: line.bold, className: line.bold ? "landing-title" : "landing-caption")
    }
    // The ✗ badge, top right.
    out.open("g", ["class": "failure-badge"])
    out.element(
      "circle",
      [
        "cx": "172", "cy": "32", "r": "17", "fill": Self.violation, "stroke": "#ffffff",
        "stroke-width": "3",
      ])
    out.element(
      "path",
      [
        "d": "M165 25 L179 39 M179 25 L165 39", "stroke": "#ffffff", "stroke-width": "4",
        "stroke-linecap": "round",
      ])
    out.close("g")
  }

  /// A pending transition's label, or `#index` as it is.
  static func pendingName(_ name: String) -> String {
    name.first == "#" && Int(name.dropFirst()) != nil ? name : "'\(name)'"
  }
}

// MARK: - SVG text

/// A rectangle in SVG user units.
struct Rect {
  var x: Int
  var y: Int
  var width: Int
  var height: Int
}

/// SVG markup written element by element, attributes in a fixed order so that the same state
/// gives the same bytes.
struct Canvas {
  private(set) var text = ""

  /// A picture of a report (a trace, a state, a verdict): an open `svg` of this size on white,
  /// to close with `close("svg")`.
  static func picture(width: Int, height: Int) -> Canvas {
    var canvas = Canvas()
    canvas.open(
      "svg",
      [
        "xmlns": "http://www.w3.org/2000/svg", "class": "trace-picture", "width": "\(width)",
        "height": "\(height)", "viewBox": "0 0 \(width) \(height)",
        "font-family": "-apple-system, 'Helvetica Neue', Arial, sans-serif",
      ])
    canvas.element("rect", ["width": "\(width)", "height": "\(height)", "fill": "#ffffff"])
    return canvas
  }

  mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String>) {
    text += "<\(name)\(Self.attributes(attributes))>"
  }

  mutating func close(_ name: String) { text += "</\(name)>" }

  /// Markup made elsewhere (a frame's group).
  mutating func raw(_ markup: String) { text += markup }

  mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String>) {
    text += "<\(name)\(Self.attributes(attributes))/>"
  }

  /// A line of text, shortened with "…" to what fits in `fit` units at `size` (estimated from
  /// a wide sans-serif's average glyph); `data-fit` lets the browser check the estimate.
  mutating func text(
    _ content: String, x: Int, y: Int, size: Int, fit: Int, anchor: String, fill: String,
    bold: Bool = false, className: String
  ) {
    let shown = Self.shortened(content, size: size, fit: fit, bold: bold)
    var attributes = "class=\"\(className)\" x=\"\(x)\" y=\"\(y)\" font-size=\"\(size)\""
    if bold { attributes += " font-weight=\"700\"" }
    attributes += " text-anchor=\"\(anchor)\" fill=\"\(fill)\" data-fit=\"\(fit)\""
    text += "<text \(attributes)>"
    if shown != content { text += "<title>\(Self.escape(content))</title>" }
    text += "\(Self.escape(shown))</text>"
  }

  /// `content` cut with "…" to fit `fit` units.
  static func shortened(_ content: String, size: Int, fit: Int, bold: Bool) -> String {
    let glyph = Double(size) * (bold ? 0.66 : 0.6)
    let most = max(1, Int(Double(fit) / glyph))
    guard content.count > most else { return content }
    return String(content.prefix(max(1, most - 1))) + "…"
  }

  /// Text for XML content and attributes.
  static func escape(_ value: String) -> String {
    var out = ""
    for character in value {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.append(character)
      }
    }
    return out
  }

  private static func attributes(_ attributes: KeyValuePairs<String, String>) -> String {
    attributes.map { " \($0.key)=\"\(escape($0.value))\"" }.joined()
  }
}
