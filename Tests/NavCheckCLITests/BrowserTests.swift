import Foundation
import NavCheckRecorder
import NavCheckTestSupport
import Testing

/// The headless browser `BrowserTests` run.
enum Browser {
  /// The browsers looked for on `PATH`, in this order.
  static let names = [
    "chromium-headless-shell", "chromium", "chromium-browser", "google-chrome",
    "google-chrome-stable",
  ]

  /// Its path: `NAVCHECK_BROWSER`, or the first of `names` on `PATH`; `nil` where there is
  /// none.
  static let path: String? = {
    if let path = ProcessInfo.processInfo.environment["NAVCHECK_BROWSER"], !path.isEmpty {
      return path
    }
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")
      .split(separator: ":").map(String.init)
    for name in names {
      for folder in folders {
        let path = folder + "/" + name
        if FileManager.default.isExecutableFile(atPath: path) { return path }
      }
    }
    return nil
  }()

  /// Why `BrowserTests` are disabled where there is none.
  static let missing = Comment(
    rawValue: "no headless browser: none of \(names.joined(separator: ", ")) is on PATH and "
      + "NAVCHECK_BROWSER is not set (.ci/run installs chromium-headless-shell)")
}

/// `navcheck check --format html` and `--format svg` in a real headless browser (Chromium):
/// the page loads with nothing on the console, its self-test (`#selftest`) finds every phone
/// frame inside its trace's box and the window and every label inside its room, and a
/// screenshot of its layout (`#shapes`: no text, so no font changes it) matches a golden one.
///
/// Disabled where no browser is found (`Browser.missing` says why); `.ci/run` installs one and names it
/// in `NAVCHECK_BROWSER`, so there they always run, and fail where it does not work.
/// `NAVCHECK_UPDATE_GOLDEN=1` rewrites the golden screenshot and `Docs/html-report.png`.
@Suite(.enabled(if: Browser.path != nil, Browser.missing)) struct BrowserTests {
  /// The window of the screenshots: fixed, so the golden is the same everywhere.
  static let window = (width: 1000, height: 1300)
  static let goldenScreenshot = "mail-report-layout.png"
  /// At most this share of the screenshot's 8×8 cells may differ from the golden's.
  static let tolerance = 0.005

  /// Runs the browser on `url` with `arguments` (`--dump-dom`, `--screenshot=FILE`) in a fixed
  /// window, with a profile of its own; returns what it printed.
  func open(
    _ url: String, _ arguments: [String], width: Int = window.width,
    height: Int = window.height, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> NavcheckProcess.Output {
    let browser = try #require(Browser.path, sourceLocation: sourceLocation)
    let profile = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: profile) }
    let flags = [
      "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
      "--force-device-scale-factor=1", "--window-size=\(width),\(height)",
      "--user-data-dir=\(profile.path)", "--enable-logging=stderr", "--v=0", "--timeout=30000",
    ]
    let words = [browser] + flags + arguments + [url]
    let run = try NavcheckProcess.shell(
      words.map { "'" + $0 + "'" }.joined(separator: " "), sourceLocation: sourceLocation)
    #expect(run.status == 0, "the browser failed:\n\(run.stderr)", sourceLocation: sourceLocation)
    return run
  }

  /// What the page wrote on the console: nothing, for a report.
  static func consoleLines(_ stderr: String) -> [String] {
    stderr.split(separator: "\n").map(String.init).filter { $0.contains(":CONSOLE") }
  }

  /// Writes `navcheck check ARGUMENTS --output FILE` and returns the file.
  func report(_ arguments: [String], name: String, in folder: URL) throws -> URL {
    let url = folder.appendingPathComponent(name)
    let run = try NavcheckProcess.run(["check"] + arguments + ["--output", url.path])
    #expect(run.status == 1, "the bundled specs carry bugs: \(run.stderr)")
    return url
  }

  // MARK: - The page

  @Test func theReportOfEveryBundledSpecAndALongTraceLaysOutEveryFrameInsideTheWindow() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Every bundled spec with its fixes, and a trace long enough to collapse its middle; in a
    // long run the largest too, on a page of their own without the fix search (most of a minute
    // each in a debug build; the other specs' fixes are laid out on the first page).
    let bundled = [
      "TodoApp", "PostList", "SwiftfulApp", "RoutingDemo", "Mail", "Coordinator", "ExternalEvents",
      "AddAccount", "PostTab", "Posting", "EditorSlot", "PinPrompt",
      "SignInOnAppear",
    ]
    var pages = [bundled + [NavcheckProcess.fixtures + "/long-trace.json"]]
    if LongTests.enabled { pages.append(LongTests.largestBundledSpecs + ["--fixes", "never"]) }
    for (index, arguments) in pages.enumerated() {
      let page = try report(
        arguments + ["--format", "html"], name: "report-\(index).html", in: folder)
      let html = try String(contentsOf: page, encoding: .utf8)
      let frames = html.components(separatedBy: "<svg class=\"phone\"").count - 1
      #expect(frames > 20, "\(arguments)")
      if index == 0 {
        #expect(html.contains("<li class=\"collapsed\">"))
        #expect(html.contains("fix (each checked"), "the fixes are on the page")
      }
      // A wide window and a phone-sized one: frames wrap, never overflow.
      for width in [Self.window.width, 420] {
        let result = try selfTest(page, width: width)
        #expect(
          result.first
            == "selftest frames=\(frames) outside=0 textOverflow=0 pageOverflow=0 resources=0 errors=0",
          "\(arguments), width \(width):\n\(result.joined(separator: "\n"))")
      }
    }
  }

  /// The self-test sees what breaks: frames that no longer wrap, a label too long for its
  /// room, a script error, a request for something outside the page.
  @Test func theSelfTestCatchesABrokenPage() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = try report(["Mail", "--format", "html"], name: "mail.html", in: folder)
    let html = try String(contentsOf: page, encoding: .utf8)
    let broken = folder.appendingPathComponent("broken.html")
    let breakage = [
      ("flex-wrap:wrap;", "flex-wrap:nowrap;"),
      (">Compose</text>", ">Compose the longest title a navigation bar ever had</text>"),
      ("</main>", "</main><script>window.noSuchFunction();</script>"),
    ]
    var text = html
    for (from, to) in breakage {
      #expect(text.contains(from), "\(from)")
      text = text.replacingOccurrences(of: from, with: to)
    }
    try text.write(to: broken, atomically: true, encoding: .utf8)
    let result = try selfTest(broken, width: 420)
    let summary = result.first ?? ""
    #expect(!summary.contains(" outside=0 "), "\(summary)")
    #expect(!summary.contains(" textOverflow=0 "), "\(summary)")
    #expect(!summary.contains(" pageOverflow=0 "), "\(summary)")
    #expect(!summary.contains(" errors=0"), "\(summary)")
    #expect(result.contains { $0.contains("noSuchFunction") }, "\(result)")
  }

  /// The lines the page's self-test writes at `width`, after checking the console is silent.
  func selfTest(
    _ page: URL, width: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [String] {
    let run = try open(
      page.absoluteString + "#selftest", ["--dump-dom"], width: width,
      sourceLocation: sourceLocation)
    let console = Self.consoleLines(run.stderr).filter { !$0.contains("noSuchFunction") }
    #expect(console == [], "the page logs nothing (width \(width))", sourceLocation: sourceLocation)
    let result = try #require(
      run.stdout.components(separatedBy: "<pre id=\"selftest\">").dropFirst().first?
        .components(separatedBy: "</pre>").first,
      "the self-test wrote no result (a script error?):\n\(run.stdout.suffix(2000))",
      sourceLocation: sourceLocation)
    return result.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(
      of: "&gt;", with: ">"
    ).replacingOccurrences(of: "&amp;", with: "&").split(separator: "\n").map(String.init)
  }

  /// `navcheck validate --format html`: a run that breaks a rule and then does what the spec
  /// does not allow; the rule's trace and the unexplained record's state in phone frames, laid
  /// out as `check`'s page is.
  @Test func theValidationPageLaysOutItsFramesInsideTheWindow() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let records: [NavigationRecord] = [
      .push("Product"), .asyncStarted("Recommend"), .present("Share", style: .sheet),
      .asyncCompleted("Recommend", outcome: "found"), .present("Recommendations", style: .sheet),
      .dismiss(style: .sheet), .dismiss(style: .sheet), .present("Search", style: .sheet),
    ]
    let run = folder.appendingPathComponent("run.ndjson")
    try records.map(\.jsonLine).joined(separator: "\n").write(
      to: run, atomically: true, encoding: .utf8)
    let page = folder.appendingPathComponent("validation.html")
    let shop = NavcheckProcess.root.appendingPathComponent(NavcheckProcess.fixtures + "/shop.json")
    let validate = try NavcheckProcess.run(
      ["validate", shop.path, "run.ndjson", "--format", "html", "--output", "validation.html"],
      in: folder)
    #expect(validate.status == 1, "\(validate.stderr)")
    let html = try String(contentsOf: page, encoding: .utf8)
    #expect(html.contains("<title>NavCheck: run.ndjson against Shop</title>"))
    #expect(html.contains("✗ duplicatePresentation"))
    #expect(html.contains("recorded at lines 4–5 of run.ndjson"))
    #expect(html.contains("✗ line 8: present Search as a sheet"))
    #expect(html.contains("id=\"unexplained-state\""))
    let frames = html.components(separatedBy: "<svg class=\"phone\"").count - 1
    #expect(frames >= 4)
    for width in [Self.window.width, 420] {
      let result = try selfTest(page, width: width)
      #expect(
        result.first
          == "selftest frames=\(frames) outside=0 textOverflow=0 pageOverflow=0 resources=0 errors=0",
        "width \(width):\n\(result.joined(separator: "\n"))")
    }
  }

  /// `navcheck validate --format svg`: the first broken rule's trace, else the state where the
  /// run left the spec, an image the browser draws.
  @Test func theSVGOfAValidationIsAnImageTheBrowserDraws() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let shop = NavcheckProcess.root.appendingPathComponent(NavcheckProcess.fixtures + "/shop.json")
    let runs: [(records: [NavigationRecord], title: String)] = [
      (
        [
          .push("Product"), .asyncStarted("Recommend"), .present("Share", style: .sheet),
          .asyncCompleted("Recommend", outcome: "found"),
          .present("Recommendations", style: .sheet),
        ], "✗ run.ndjson: duplicatePresentation in Shop"
      ),
      (
        [.push("Product"), .present("Search", style: .sheet)],
        "✗ run.ndjson: line 2 is not a behaviour of Shop"
      ),
      ([.push("Product")], "✓ run.ndjson is a behaviour of Shop"),
    ]
    for (records, title) in runs {
      try records.map(\.jsonLine).joined(separator: "\n").write(
        to: folder.appendingPathComponent("run.ndjson"), atomically: true, encoding: .utf8)
      let validate = try NavcheckProcess.run(
        ["validate", shop.path, "run.ndjson", "--format", "svg", "--output", "run.svg"],
        in: folder)
      #expect(validate.status == (title.hasPrefix("✓") ? 0 : 1), "\(validate.stderr)")
      let image = folder.appendingPathComponent("run.svg")
      let svg = try String(contentsOf: image, encoding: .utf8)
      // The title in full: shortened to fit, a text keeps it whole in its <title>.
      #expect(svg.contains(">\(title)</"), "\(svg.prefix(800))")
      let run = try open(image.absoluteString, ["--dump-dom"])
      #expect(Self.consoleLines(run.stderr) == [])
      #expect(!run.stdout.contains("parsererror"), "not well-formed XML:\n\(run.stdout)")
      #expect(run.stdout.contains("class=\"phone-frame\"") == !title.hasPrefix("✓"))
    }
  }

  @Test func theSVGOfATraceIsAnImageTheBrowserDraws() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = try report(["Mail", "--format", "svg"], name: "trace.svg", in: folder)
    let run = try open(image.absoluteString, ["--dump-dom"])
    #expect(Self.consoleLines(run.stderr) == [])
    #expect(!run.stdout.contains("parsererror"), "not well-formed XML:\n\(run.stdout)")
    #expect(run.stdout.contains("class=\"phone-frame\""), "\(run.stdout.prefix(500))")
  }

  // MARK: - The screenshot

  @Test func theReportsLayoutMatchesItsGoldenScreenshot() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = try report(["Mail", "--format", "html"], name: "mail.html", in: folder)
    let shot = folder.appendingPathComponent("shot.png")
    _ = try open(page.absoluteString + "#shapes", ["--screenshot=\(shot.path)"])
    let golden = NavcheckProcess.golden.appendingPathComponent(Self.goldenScreenshot)
    let update = ProcessInfo.processInfo.environment["NAVCHECK_UPDATE_GOLDEN"] == "1"
    let run = try NavcheckProcess.shell(
      "python3 -c '\(Self.cells)' \(update ? "record" : "compare") '\(shot.path)' '\(golden.path)'"
    )
    #expect(run.status == 0, "\(run.stdout + run.stderr)")
    if update {
      try recordDocsScreenshot(in: folder)
      return
    }
    let numbers = run.stdout.split { !$0.isNumber }.compactMap { Int($0) }
    let (differing, total) = (numbers.first ?? .max, numbers.last ?? 1)
    #expect(
      Double(differing) / Double(total) <= Self.tolerance,
      Comment(
        rawValue: "the layout differs from Golden/\(Self.goldenScreenshot) in \(differing) of "
          + "\(total) cells (NAVCHECK_UPDATE_GOLDEN=1 rewrites it): \(shot.path)"))
    if Double(differing) / Double(total) <= Self.tolerance {
      try? FileManager.default.removeItem(at: shot)
    }
    // The comparison sees a broken layout: frames that no longer wrap.
    let html = try String(contentsOf: page, encoding: .utf8)
    let broken = folder.appendingPathComponent("broken.html")
    try html.replacingOccurrences(of: "flex-wrap:wrap;", with: "flex-wrap:nowrap;")
      .write(to: broken, atomically: true, encoding: .utf8)
    let brokenShot = folder.appendingPathComponent("broken.png")
    _ = try open(broken.absoluteString + "#shapes", ["--screenshot=\(brokenShot.path)"])
    let compared = try NavcheckProcess.shell(
      "python3 -c '\(Self.cells)' compare '\(brokenShot.path)' '\(golden.path)'")
    let brokenNumbers = compared.stdout.split { !$0.isNumber }.compactMap { Int($0) }
    #expect(
      Double(brokenNumbers.first ?? 0) / Double(brokenNumbers.last ?? 1) > Self.tolerance,
      "a layout whose frames do not wrap passes: \(compared.stdout)")
  }

  /// `pixels SHOT LEFT TOP RIGHT BOTTOM` prints how many pixels of the box are blue (the
  /// screens' accent: stack rows, the selected tab), red (a violation) and white.
  static let pixels =
    png + """
      shot, box = sys.argv[1], [int(v) for v in sys.argv[2:6]]
      width, height, channels, rows = read(shot)
      blue = red = white = total = 0
      for y in range(max(0, box[1]), min(height, box[3])):
          for x in range(max(0, box[0]), min(width, box[2])):
              r, g, b = rows[y][x * channels:x * channels + 3]
              total += 1
              if b > r + 60 and b > 150: blue += 1
              if r > 170 and g < 90 and b < 90: red += 1
              if min(r, g, b) > 235: white += 1
      print("blue=%d red=%d white=%d total=%d" % (blue, red, white, total))
      """

  // MARK: - The failing step

  /// The step that broke a rule is drawn as a state, not as an empty red box: in the Shop's
  /// first finding (a deep link selects a tab under the cart sheet), the failing step's frame
  /// shows the screens it acted on (the accent blue of their rows), and its ✗ badge is a red
  /// disc with a white cross.
  @Test func theFailingStepIsDrawnAsAStateWithABadge() throws {
    let folder = try NavcheckProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = try report(
      ["Shop", "--format", "html", "--fixes", "never"], name: "shop.html", in: folder)
    // The page, with a probe that writes where the failing frame and its badge are.
    let probe = folder.appendingPathComponent("probe.html")
    let script = """
      <script>(function(){var frame=document.querySelector("li.breaks svg.phone");
      var badge=frame&&frame.querySelector(".failure-badge");
      function box(e){if(!e)return "none";var r=e.getBoundingClientRect();
      return [r.left,r.top,r.right,r.bottom].map(Math.round).join(" ")}
      var pre=document.createElement("pre");pre.id="probe";
      pre.textContent="frame "+box(frame)+"; badge "+box(badge);document.body.appendChild(pre)})();
      </script></body>
      """
    try String(contentsOf: page, encoding: .utf8).replacingOccurrences(of: "</body>", with: script)
      .write(to: probe, atomically: true, encoding: .utf8)
    let size = (width: 900, height: 1400)
    let dom = try open(probe.absoluteString, ["--dump-dom"], width: size.width, height: size.height)
    let boxes = try #require(
      dom.stdout.components(separatedBy: "<pre id=\"probe\">").dropFirst().first?
        .components(separatedBy: "</pre>").first, "the probe wrote nothing")
    let parts = boxes.components(separatedBy: "; ").map { $0.split(separator: " ").dropFirst() }
    #expect(parts.count == 2, "\(boxes)")
    let frame = parts[0].joined(separator: " ")
    let badge = parts[1].joined(separator: " ")
    #expect(badge != "none", "the failing frame has a badge: \(boxes)")
    let shot = folder.appendingPathComponent("failing.png")
    _ = try open(
      probe.absoluteString, ["--screenshot=\(shot.path)"], width: size.width,
      height: size.height)
    func count(_ box: String) throws -> [String: Int] {
      let run = try NavcheckProcess.shell(
        "python3 -c '\(Self.pixels)' '\(shot.path)' \(box)")
      #expect(run.status == 0, "\(run.stderr)")
      var counts: [String: Int] = [:]
      for pair in run.stdout.split(whereSeparator: \.isWhitespace) {
        let halves = pair.split(separator: "=")
        if halves.count == 2 { counts[String(halves[0])] = Int(halves[1]) }
      }
      return counts
    }
    // The screens it acted on: the cart's row and its title, in the accent blue.
    let inFrame = try count(frame)
    #expect(inFrame["blue"] ?? 0 > 150, "the failing frame draws screens: \(inFrame)")
    // The badge: mostly red, with a white cross and rim.
    guard badge != "none" else { return }
    let inBadge = try count(badge)
    let total = Double(inBadge["total"] ?? 1)
    #expect(Double(inBadge["red"] ?? 0) / total > 0.35, "\(inBadge)")
    #expect(Double(inBadge["white"] ?? 0) / total > 0.1, "\(inBadge)")
  }

  /// `Docs/html-report.png`: the first finding of the Shop report as people see it.
  func recordDocsScreenshot(in folder: URL) throws {
    let page = try report(["Shop", "--format", "html"], name: "shop.html", in: folder)
    let docs = NavcheckProcess.root.appendingPathComponent("Docs/html-report.png")
    _ = try open(page.absoluteString, ["--screenshot=\(docs.path)"], width: 900, height: 960)
  }

  /// A PNG decoder in Python's standard library: `read(path)` gives width, height, channels and
  /// the rows of bytes.
  static let png = """
    import struct, sys, zlib
    def read(path):
        data = open(path, "rb").read()
        assert data[:8] == b"\\x89PNG\\r\\n\\x1a\\n", "not a PNG"
        at, idat, header = 8, b"", None
        while at < len(data):
            length, kind = struct.unpack(">I4s", data[at:at + 8])
            body = data[at + 8:at + 8 + length]
            at += 12 + length
            if kind == b"IHDR": header = struct.unpack(">IIBBBBB", body)
            elif kind == b"IDAT": idat += body
            elif kind == b"IEND": break
        width, height, depth, color, _, _, interlace = header
        assert depth == 8 and color in (2, 6) and interlace == 0, "unsupported PNG %r" % (header,)
        channels = 3 if color == 2 else 4
        raw, stride = zlib.decompress(idat), width * channels
        rows, previous, at = [], bytearray(stride), 0
        for _ in range(height):
            kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
            at += 1 + stride
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b, c = previous[i], previous[i - channels] if i >= channels else 0
                if kind == 1: line[i] = (line[i] + a) & 255
                elif kind == 2: line[i] = (line[i] + b) & 255
                elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
                elif kind == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            rows.append(line)
            previous = line
        return width, height, channels, rows

    """

  /// A PNG's cells of 8×8 pixels, each its mean color: `record SHOT GOLDEN` writes them as the
  /// golden image, `compare SHOT GOLDEN` prints "differing cells: N of M" (a cell differs where
  /// a channel is off by more than 48).
  static let cells =
    png + """
      CELL = 8
      def thumbnail(path):
          width, height, channels, rows = read(path)
          w, h = width // CELL, height // CELL
          cells = []
          for cy in range(h):
              line = bytearray()
              for cx in range(w):
                  sums = [0, 0, 0]
                  for y in range(cy * CELL, cy * CELL + CELL):
                      row = rows[y]
                      for x in range(cx * CELL, cx * CELL + CELL):
                          for k in range(3): sums[k] += row[x * channels + k]
                  line += bytes(s // (CELL * CELL) for s in sums)
              cells.append(line)
          return w, h, cells
      def chunk(kind, body):
          return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
      command, screenshot, golden = sys.argv[1:4]
      w, h, cells = thumbnail(screenshot)
      if command == "record":
          raw = b"".join(b"\\x00" + bytes(line) for line in cells)
          png = b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
          open(golden, "wb").write(png + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
          print("recorded %dx%d cells" % (w, h))
          sys.exit(0)
      gw, gh, channels, rows = read(golden)
      if (gw, gh) != (w, h):
          print("differing cells: %d of %d (the size differs)" % (w * h, w * h))
          sys.exit(0)
      differing = 0
      for y in range(h):
          for x in range(w):
              a, b = cells[y][x * 3:x * 3 + 3], rows[y][x * channels:x * channels + 3]
              if max(abs(a[k] - b[k]) for k in range(3)) > 48: differing += 1
      print("differing cells: %d of %d" % (differing, w * h))
      """
}
