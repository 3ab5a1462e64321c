/// A router state drawn as a phone: what the HTML report and the SVG of a trace show per step.
///
/// The screen of the root environment (its navigation bar with a back button where something
/// is pushed under, its stack, its tab bar), then each presented environment over it: a sheet
/// as a card over a dimmed screen, a full-screen cover, an overlay modal; an alert or a
/// confirmation dialog over the screen that shows it. What changed since the step before is
/// outlined.
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
      } else if before.flags != after.flags || before.appPending != after.appPending {
        self = .appState
      } else {
        self = .none
      }
    }
  }

  /// The state drawn.
  package var state: StateView
  /// What to outline.
  package var change: Change
  /// Whether the state breaks a rule (an invariant, a trap): the frame is drawn in red.
  package var broken = false

  package init(state: StateView, change: Change, broken: Bool = false) {
    self.state = state
    self.change = change
    self.broken = broken
  }

  // MARK: - Colors

  static let accent = "#0a66d6"
  static let changed = "#ff8a00"
  static let violation = "#d70015"
  static let ink = "#1c1c1e"
  static let muted = "#6e6e73"
  static let bar = "#f2f2f7"
  static let line = "#c7c7cc"

  // MARK: - Drawing

  /// The frame as an SVG group at (`x`, `y`).
  package func svg(x: Int, y: Int) -> String {
    var out = Canvas()
    out.open(
      "g", ["class": "phone-frame", "transform": "translate(\(x) \(y))"])
    let bezel = broken ? Self.violation : Self.ink
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
    var area = screen
    switch style {
    case .sheet:
      dim(screen, on: &out)
      let top = 14 + 8 * min(index - 1, 3)
      area = Rect(x: screen.x, y: screen.y + top, width: screen.width, height: screen.height - top)
      out.element(
        "rect",
        [
          "class": "sheet", "x": "\(area.x)", "y": "\(area.y)", "width": "\(area.width)",
          "height": "\(area.height + 12)", "rx": "12", "fill": "#ffffff",
        ])
      out.element(
        "rect",
        [
          "x": "\(area.x + area.width / 2 - 18)", "y": "\(area.y + 4)", "width": "36",
          "height": "4", "rx": "2", "fill": Self.line,
        ])
      area = Rect(x: area.x, y: area.y + 8, width: area.width, height: area.height - 8)
    case .fullScreenCover:
      out.element(
        "rect",
        [
          "class": "cover", "x": "\(screen.x)", "y": "\(screen.y - 20)",
          "width": "\(screen.width)", "height": "\(screen.height + 20)", "rx": "20",
          "fill": "#ffffff",
        ])
    case .modal:
      dim(screen, on: &out)
      area = Rect(x: screen.x + 22, y: screen.y + 110, width: screen.width - 44, height: 120)
      out.element(
        "rect",
        [
          "class": "modal", "x": "\(area.x)", "y": "\(area.y)", "width": "\(area.width)",
          "height": "\(area.height)", "rx": "14", "fill": "#ffffff", "stroke": Self.line,
        ])
    default:
      // The root; a style NavCheck adds later (styles are an open kind) draws as a screen.
      break
    }
    let hasTabBar = index == 0 && !state.tabs.isEmpty
    if style == .modal {
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
    if style != .root {
      out.text(
        style == .fullScreenCover ? "cover" : style.rawValue, x: area.x + area.width - 6,
        y: area.y + area.height - 6 + (style == .modal ? 0 : -2), size: 8, fit: 40,
        anchor: "end", fill: Self.muted, className: "style")
    }
    let outline: Rect? =
      switch change {
      case .environment(let changed) where changed == index && style == .modal: area
      case .environment(let changed) where changed == index:
        Rect(
          x: area.x, y: area.y - (style == .sheet ? 8 : 0), width: area.width,
          height: area.height + (style == .sheet ? 8 : 0))
      case .screen(let changed) where changed == index:
        style == .modal
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
      var notes: [String] = []
      if let flow = screen.flow { notes.append("flow '\(flow.name)' step \(flow.next + 1)") }
      if !screen.pending.isEmpty {
        notes.append("pending " + screen.pending.map(Self.pendingName).joined(separator: ", "))
      }
      for note in notes where y + 12 < area.y + area.height {
        out.text(
          note, x: area.x + 18, y: y + 8, size: 9, fit: area.width - 36, anchor: "start",
          fill: Self.muted, className: "note")
        y += 13
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
      out.text(
        "pending " + top.pending.map(Self.pendingName).joined(separator: ", "),
        x: area.x + area.width / 2, y: area.y + 50, size: 9, fit: area.width - 16,
        anchor: "middle", fill: Self.muted, className: "note")
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
    let box: Rect
    if dialog {
      box = Rect(
        x: screen.x + 8, y: screen.y + screen.height - 96, width: screen.width - 16, height: 88)
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
      box = Rect(x: screen.x + 27, y: screen.y + 130, width: screen.width - 54, height: 80)
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
