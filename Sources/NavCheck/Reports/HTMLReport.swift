/// The report to look at: one self-contained page (inline CSS, SVG and a little script, no
/// network) with a summary of the specs, then each finding's trace drawn as phone frames.
///
/// Findings are grouped under the declaration that causes them, its spec line linked; each
/// step's event is written above the frame after it, and the part of the screen that changed
/// is outlined. The same checks give the same bytes: no time, no random ids.
///
/// Opened with the fragment `#selftest`, the page measures its own layout (every frame inside
/// its trace's box and the window, every label inside its room) and writes the result into
/// `<pre id="selftest">`, which a headless browser's `--dump-dom` prints. With `#shapes` it
/// hides its text and gives each line one height: a screenshot of the layout alone, which
/// fonts do not change.
///
/// ```swift
/// let html = HTMLReport(paths: ReportPaths(currentDirectory)).render(checks)
/// ```
package struct HTMLReport {
  package var paths: ReportPaths
  /// The most phone frames one page draws (about 3 KB each): later traces are in words, so a
  /// report of many findings stays small.
  package var mostFrames = 600

  /// The folder the page is written to, where it is not the working directory: the spec links
  /// lead from there.
  package var folder: String?

  package init(paths: ReportPaths, folder: String? = nil) {
    self.paths = paths
    self.folder = folder
  }

  // MARK: - API

  /// The page for the checks of one run.
  package func render(_ checks: [SpecCheck]) -> String {
    var main = ""
    var framesLeft = mostFrames
    for (number, check) in checks.enumerated() {
      main += section(check, number: number + 1, framesLeft: &framesLeft)
    }
    return page(title: title(checks), header: summary(checks), main: main)
  }

  /// A page: its title as the heading, then `header`'s and `main`'s HTML, with the report's
  /// style, and its self-test (every frame inside the window, no script error).
  package func page(title: String, header: String, main: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
    <meta name="generator" content="navcheck \(ToolInfo.version)">
    <title>\(escape(title))</title>
    <style>\(Self.style)</style>
    <script>\(Self.errorCapture)</script>
    </head>
    <body>
    <header>
    <h1>\(escape(title))</h1>

    """ + header + "</header>\n<main>\n" + main
      + "</main>\n<script>\(Self.selfTest)</script>\n</body>\n</html>\n"
  }

  /// A violation as the page shows it, under a heading with its declaration: its words, why,
  /// fixes and how often, then its trace in phone frames; `note` (HTML) after its words.
  package func finding(
    _ violation: Violation, id: String, spec: NavigationSpec, note: String = ""
  ) -> String {
    var framesLeft = mostFrames
    var html = "<article class=\"declaration\">\n<h3>"
    if let location = violation.location { html += link(location) + " " }
    html += escape(violation.declaration?.title ?? violation.kind.rawValue) + "</h3>\n"
    html += note
    html += render(
      violation, id: id, initial: Self.initialState(spec), spec: spec, framesLeft: &framesLeft)
    return html + "</article>\n"
  }

  /// A state drawn in one phone frame, labelled with its words (for the reader and a test).
  package func frame(_ state: StateView, id: String) -> String {
    let size = "width=\"\(PhoneFrame.width)\" height=\"\(PhoneFrame.heightWithNotes)\""
    return
      "<svg class=\"phone\" id=\"\(id)\" xmlns=\"http://www.w3.org/2000/svg\" \(size) "
      + "viewBox=\"0 0 \(PhoneFrame.width) \(PhoneFrame.heightWithNotes)\" role=\"img\" "
      + "aria-label=\"\(escape(state.description))\">"
      + PhoneFrame(state: state, change: .none).svg(x: 0, y: 0)
      + "</svg>"
  }

  /// HTML text: markup characters escaped.
  package func html(_ text: String) -> String { escape(text) }

  /// The SVG image of the first finding of `checks` (in report order): for a pull request's
  /// comment. Where every spec holds, an image that says so.
  package func renderFirstTrace(_ checks: [SpecCheck]) -> String {
    for check in checks {
      guard let violation = check.result.violations.first else { continue }
      let picture = TracePicture(
        violation, initial: Self.initialState(check.spec), spec: check.spec)
      var subtitle = violation.kind.summary
      if let location = violation.location {
        subtitle = paths.describe(location) + " · " + subtitle
      }
      return picture.svg(
        title: "✗ \(check.result.spec): \(violation.kind.rawValue)", subtitle: subtitle)
    }
    let names = checks.map(\.result.spec).joined(separator: ", ")
    let complete = checks.allSatisfy(\.result.complete)
    return Self.picture(
      saying: complete
        ? "✓ \(names): every rule holds" : "? \(names): no violation found so far")
  }

  /// An image of one line of words (a verdict with nothing to draw).
  package static func picture(saying words: String) -> String {
    var canvas = Canvas.picture(width: 480, height: 60)
    canvas.text(
      words, x: 20, y: 36, size: 15, fit: 440, anchor: "start", fill: PhoneFrame.ink, bold: true,
      className: "picture-title")
    canvas.close("svg")
    return canvas.text + "\n"
  }

  /// An image of one state in a phone frame, under a title and a subtitle.
  package static func picture(of state: StateView, title: String, subtitle: String) -> String {
    let width = 480
    let top = 56
    let height = top + PhoneFrame.heightWithNotes + 16
    var canvas = Canvas.picture(width: width, height: height)
    canvas.text(
      title, x: 20, y: 26, size: 15, fit: width - 40, anchor: "start", fill: PhoneFrame.ink,
      bold: true, className: "picture-title")
    canvas.text(
      subtitle, x: 20, y: 44, size: 11, fit: width - 40, anchor: "start", fill: PhoneFrame.muted,
      className: "picture-subtitle")
    canvas.raw(PhoneFrame(state: state, change: .none).svg(x: 20, y: top))
    canvas.close("svg")
    return canvas.text + "\n"
  }

  // MARK: - Internal API

  /// The first state of `spec`, as the router model makes it; `nil` where it cannot.
  static func initialState(_ spec: NavigationSpec) -> StateView? {
    try? spec.replay([]).initial
  }

  private func title(_ checks: [SpecCheck]) -> String {
    let names = checks.map(\.result.spec)
    return "NavCheck: "
      + (names.count <= 3 ? names.joined(separator: ", ") : "\(names.count) specs")
  }

  private func summary(_ checks: [SpecCheck]) -> String {
    var html = """
      <div class="summary"><table class="summary">
      <thead><tr><th>Spec</th><th>Result</th><th class="number">States</th><th class="number">Transitions</th><th class="number">Depth</th><th>Violations</th></tr></thead>
      <tbody>

      """
    for (number, check) in checks.enumerated() {
      let result = check.result
      let verdict: String
      let mark: String
      if !result.violations.isEmpty {
        let n = result.violations.count
        verdict = "\(n) violation\(n == 1 ? "" : "s")"
        mark = "fails"
      } else if check.incompleteReason != nil {
        verdict = "incomplete"
        mark = "incomplete"
      } else {
        verdict = "holds"
        mark = "holds"
      }
      var kinds: [String] = []
      for kind in ViolationKind.allCases {
        let n = result.violations.count { $0.kind == kind }
        if n > 0 { kinds.append("\(escape(kind.rawValue)) ×\(n)") }
      }
      html += "<tr class=\"\(mark)\"><td><a href=\"#spec-\(number + 1)\">"
      html += escape(result.spec) + "</a></td><td>" + escape(verdict) + "</td>"
      html +=
        "<td class=\"number\">\(grouped(result.states))\(result.reduced ? " (reduced)" : "")</td>"
      html += "<td class=\"number\">\(grouped(result.transitions))</td>"
      html += "<td class=\"number\">\(result.depth)</td>"
      html += "<td>\(kinds.joined(separator: ", "))</td></tr>\n"
    }
    html += "</tbody>\n</table></div>\n"
    let violations = checks.reduce(0) { $0 + $1.result.violations.count }
    let failing = checks.count { !$0.result.violations.isEmpty }
    html +=
      "<p class=\"totals\">\(counted(checks.count, "spec")), "
      + "\(counted(violations, "violation")) in \(failing). "
      + "Each step shows the screens after it; <span class=\"changed-key\">outlined</span>: "
      + "what changed.</p>\n"
    return html
  }

  private func section(_ check: SpecCheck, number: Int, framesLeft: inout Int) -> String {
    let result = check.result
    var html = "<section class=\"spec\" id=\"spec-\(number)\">\n"
    let heading: String
    if !result.violations.isEmpty {
      let n = result.violations.count
      heading = "✗ \(result.spec): \(n) violation\(n == 1 ? "" : "s")"
    } else if let reason = check.incompleteReason {
      heading = "? \(result.spec): incomplete, no violation found so far (\(reason))"
    } else {
      heading = "✓ \(result.spec): every rule holds"
    }
    html += "<h2>\(escape(heading))</h2>\n"
    html +=
      "<p class=\"counts\">\(counted(result.states, "state"))\(result.reduced ? " (reduced)" : ""), "
      + "\(counted(result.transitions, "transition")), \(grouped(result.pruned)) pruned, "
      + "depth \(result.depth); transitions fired: "
      + "\(result.coveredDeclarations)/\(result.totalDeclarations)</p>\n"
    let initial = result.violations.isEmpty ? nil : Self.initialState(check.spec)
    var finding = 0
    for group in Self.groups(result.violations) {
      html += "<article class=\"declaration\">\n<h3>"
      if let location = group.location {
        html += link(location) + " "
      }
      html += escape(group.title) + "</h3>\n"
      for violation in group.violations {
        finding += 1
        html += render(
          violation, id: "finding-\(number)-\(finding)", initial: initial, spec: check.spec,
          framesLeft: &framesLeft)
      }
      html += "</article>\n"
    }
    if !result.warnings.isEmpty {
      html += "<details class=\"warnings\"><summary>\(counted(result.warnings.count, "warning"))"
      html += "</summary>\n<ul>\n"
      for warning in result.warnings {
        html += "<li>⚠ <strong>\(escape(warning.kind.rawValue))</strong>: "
        html += escape(warning.message)
        if let location = warning.declaration.location { html += " " + link(location) }
        html += "</li>\n"
      }
      html += "</ul>\n</details>\n"
    }
    html += "</section>\n"
    return html
  }

  /// Findings under the declaration that causes them, in the order of their first finding; a
  /// trap (no declaration) under the step that led into it.
  struct Group {
    var title: String
    var location: SourceLocation?
    var violations: [Violation]
  }

  static func groups(_ violations: [Violation]) -> [Group] {
    var groups: [Group] = []
    var index: [String: Int] = [:]
    for violation in violations {
      let key: String
      let title: String
      if let declaration = violation.declaration {
        key = "\(declaration.kind.rawValue) \(declaration.index)"
        title = declaration.title
      } else {
        let location = violation.location
        key = "step " + (location.map { "\($0.filePath):\($0.line)" } ?? "")
        title = violation.trace.last.map { "reached by " + $0.description } ?? "the first state"
      }
      if let at = index[key] {
        groups[at].violations.append(violation)
      } else {
        index[key] = groups.count
        groups.append(Group(title: title, location: violation.location, violations: [violation]))
      }
    }
    return groups
  }

  /// `text` as a sentence: its first letter a capital.
  static func sentence(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

  private func render(
    _ violation: Violation, id: String, initial: StateView?, spec: NavigationSpec,
    framesLeft: inout Int
  ) -> String {
    var html = "<div class=\"finding\" id=\"\(id)\">\n"
    html += "<h4><span class=\"kind\">✗ \(escape(violation.kind.rawValue))</span> "
    html += "<span class=\"rule\">\(escape(violation.kind.summary))</span></h4>\n"
    html += "<p class=\"message\">\(escape(violation.message))</p>\n"
    if !violation.why.isEmpty {
      html += "<p class=\"why\">Why: \(violation.why.map(escape).joined(separator: "<br>"))</p>\n"
    }
    if let verdict = FixVerdict(violation) {
      html += "<p class=\"help\">\(escape(verdict.headline))</p>"
      if !verdict.items.isEmpty {
        html += "<ul class=\"fixes\">"
        for item in verdict.items {
          html += "<li>\(escape(item.change))"
          if let note = item.note { html += " <span class=\"rule\">(\(escape(note)))</span>" }
          html += "</li>"
        }
        html += "</ul>"
      }
      html += "\n"
    }
    html +=
      "<p class=\"count\">"
      + escape(Self.sentence(TextReport.howOften(violation))) + "</p>\n"
    let picture = TracePicture(violation, initial: initial, spec: spec)
    let frames = picture.leading.count + picture.trailing.count
    guard frames <= framesLeft else {
      // A big report stays small: past its frames, traces are in words.
      html += "<p class=\"help\">The page draws at most \(grouped(mostFrames)) frames; "
      html += "this trace is in words.</p>"
      html += "<ol class=\"words\">"
      for step in picture.leading + picture.collapsed + picture.trailing where step.number > 0 {
        html += "<li value=\"\(step.number)\">\(escape(step.words))</li>"
      }
      html += "</ol>\n</div>\n"
      framesLeft = 0
      return html
    }
    framesLeft -= frames
    html += "<ol class=\"trace\">\n"
    var frame = 0
    func item(_ step: TracePicture.Step) {
      let broken =
        step.breaks != nil && (step.frame.map { $0.broken || $0.failure != nil } ?? true)
      html += "<li class=\"step\(broken ? " breaks" : "")\">"
      html += "<p class=\"event\">"
      if step.number > 0 { html += "<span class=\"number\">\(step.number)</span> " }
      html += escape(step.words)
      if let kind = step.breaks {
        html += " <strong class=\"kind\">✗ \(escape(kind.rawValue))</strong>"
      }
      if let location = step.location { html += "<br><small>" + link(location) + "</small>" }
      html += "</p>\n"
      frame += 1
      let size = "width=\"\(PhoneFrame.width)\" height=\"\(PhoneFrame.heightWithNotes)\""
      html +=
        "<svg class=\"phone\" id=\"\(id)-frame-\(frame)\" xmlns=\"http://www.w3.org/2000/svg\" "
        + "\(size) viewBox=\"0 0 \(PhoneFrame.width) \(PhoneFrame.heightWithNotes)\" "
        + "role=\"img\" aria-label=\"\(escape(step.frame?.state.description ?? "no state"))\">"
      if let phone = step.frame {
        html += phone.svg(x: 0, y: 0)
      } else if let kind = step.breaks {
        var canvas = Canvas()
        TracePicture.brokenFrame(kind, x: 0, y: 0, on: &canvas)
        html += canvas.text
      }
      html += "</svg></li>\n"
    }
    picture.leading.forEach(item)
    if !picture.collapsed.isEmpty {
      html += "<li class=\"collapsed\"><details><summary>"
      html += "\(counted(picture.collapsed.count, "more step")) (words only)</summary><ol>"
      for step in picture.collapsed {
        html += "<li value=\"\(step.number)\">\(escape(step.words))</li>"
      }
      html += "</ol></details></li>\n"
    }
    picture.trailing.forEach(item)
    html += "</ol>\n</div>\n"
    return html
  }

  /// The spec line, linked by its path from the page's folder.
  private func link(_ location: SourceLocation) -> String {
    let path =
      folder.map { paths.link(to: location.filePath, from: $0) }
      ?? paths.relative(location.filePath)
    return "<a class=\"location\" href=\"\(escape(path))#L\(location.line)\">"
      + escape(paths.describe(location)) + "</a>"
  }

  private func escape(_ text: String) -> String { Canvas.escape(text) }

  // MARK: - The page's style and scripts

  static let style = """
    :root{color-scheme:light;--ink:#1c1c1e;--muted:#6e6e73;--line:#d1d1d6;--bad:#d70015;--changed:#ff8a00}
    *{box-sizing:border-box}
    body{margin:0;font:14px/1.45 -apple-system,"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:#fafafa}
    header,main{max-width:1400px;margin:0 auto;padding:16px 20px}
    h1{font-size:22px;margin:0 0 12px}
    h2{font-size:18px;margin:28px 0 4px}
    h3{font-size:15px;margin:18px 0 6px;font-weight:600}
    h4{font-size:14px;margin:10px 0 4px}
    table.summary{border-collapse:collapse;background:#fff;width:100%;max-width:900px}
    table.summary th,table.summary td{border:1px solid var(--line);padding:4px 8px;text-align:left}
    table.summary .number{text-align:right}
    div.summary{overflow-x:auto;max-width:100%}
    tr.fails td:nth-child(2){color:var(--bad);font-weight:600}
    tr.holds td:nth-child(2){color:#248a3d;font-weight:600}
    .totals,.counts,.help,.count{color:var(--muted);margin:4px 0}
    .changed-key{outline:3px solid var(--changed);outline-offset:1px;border-radius:3px}
    article.declaration{background:#fff;border:1px solid var(--line);border-radius:10px;padding:4px 16px 12px;margin:14px 0}
    .kind{color:var(--bad)}
    .rule{color:var(--muted);font-weight:400}
    .message{margin:4px 0}
    a.location{color:#0a66d6;font-family:ui-monospace,Menlo,monospace;font-size:12px;overflow-wrap:anywhere}
    ol.trace{list-style:none;display:flex;flex-wrap:wrap;gap:18px 26px;padding:8px 0 0;margin:0}
    li.step{width:180px;display:flex;flex-direction:column;position:relative}
    li.step+li.step::before,li.collapsed+li.step::before,li.step+li.collapsed::before{content:"→";position:absolute;left:-20px;top:60px;color:var(--muted);font-size:16px}
    p.event{font-size:12px;margin:0 0 6px;min-height:48px;overflow-wrap:anywhere}
    p.event .number{display:inline-block;min-width:18px;padding:0 4px;border-radius:9px;background:var(--ink);color:#fff;text-align:center;font-size:11px}
    li.breaks p.event{color:var(--bad)}
    svg.phone{display:block;flex:none;margin-top:auto;width:180px;height:382px}
    li.collapsed{width:180px;font-size:12px;color:var(--muted);position:relative}
    li.collapsed ol{padding-left:22px}
    details.warnings{margin:10px 0;color:var(--muted)}
    pre#selftest{white-space:pre-wrap;font-size:12px}
    html.shapes *{color:transparent!important;line-height:20px!important;white-space:nowrap!important;overflow:hidden;text-overflow:clip}
    html.shapes h1,html.shapes h2,html.shapes h3,html.shapes h4,html.shapes p{height:20px}
    html.shapes p.event{height:48px}
    html.shapes table.summary{table-layout:fixed}
    html.shapes svg text,html.shapes .changed-key,html.shapes ::before{visibility:hidden}
    html.shapes svg.phone,html.shapes ol.trace,html.shapes li.step{overflow:visible}
    """

  /// Records script errors so the self-test can report them (installed before anything runs);
  /// with the fragment `#shapes`, hides the text and gives every line one height, so that a
  /// screenshot shows the layout alone, the same whatever fonts the machine has.
  static let errorCapture = """
    if(location.hash==="#shapes")document.documentElement.className="shapes";
    window.navcheckErrors=[];window.addEventListener("error",function(e){navcheckErrors.push(String(e.message))});
    """

  /// Measures the page's layout where the fragment is `#selftest`.
  static let selfTest = """
    (function(){
    if(location.hash!=="#selftest")return;
    var lines=[],viewport=document.documentElement.clientWidth,outside=0,textOverflow=0;
    var frames=document.querySelectorAll("svg.phone");
    frames.forEach(function(svg){
    var r=svg.getBoundingClientRect(),c=svg.closest("ol.trace").getBoundingClientRect();
    if(r.width<1||r.height<1||r.left<c.left-0.5||r.right>c.right+0.5||r.top<c.top-0.5||r.bottom>c.bottom+0.5||r.left<0||r.right>viewport+0.5){outside++;lines.push("outside: "+svg.id+" "+Math.round(r.left)+","+Math.round(r.top)+" "+Math.round(r.width)+"x"+Math.round(r.height))}
    });
    document.querySelectorAll("text[data-fit]").forEach(function(t){
    var fit=parseFloat(t.getAttribute("data-fit"));
    if(t.getComputedTextLength()>fit+0.5){textOverflow++;if(textOverflow<=20)lines.push("text overflow: "+JSON.stringify(t.textContent)+" "+Math.round(t.getComputedTextLength())+" > "+fit)}
    });
    var pageOverflow=document.documentElement.scrollWidth>viewport?1:0;
    if(pageOverflow){var wide=0;document.querySelectorAll("body *").forEach(function(e){var r=e.getBoundingClientRect();if(r.right>viewport+0.5&&wide<5){wide++;lines.push("wider than the window: <"+e.tagName.toLowerCase()+" class="+JSON.stringify(e.getAttribute("class"))+"> right "+Math.round(r.right))}})}
    var resources=performance.getEntriesByType("resource").length;
    var pre=document.createElement("pre");pre.id="selftest";
    pre.textContent="selftest frames="+frames.length+" outside="+outside+" textOverflow="+textOverflow+" pageOverflow="+pageOverflow+" resources="+resources+" errors="+navcheckErrors.length+"\\n"+lines.concat(navcheckErrors).join("\\n");
    document.body.appendChild(pre);
    })();
    """
}
