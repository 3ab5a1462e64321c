import Foundation
import NavCheck
import NavCheckSupport

/// Random valid specs with tabs (SEMANTICS v2), small enough for their full product: the tabs
/// reduction's tests check each one reduced against the product.
///
/// Most of what a tab can do is drawn: pushes, sheets, covers, modals, alerts and dialogs with
/// buttons, every dismiss action, `selectTab` (alone, as the last action, or followed by an
/// action in the other tab), async work on its screen or its stack with outcomes, onDismiss,
/// flags set and read (in the tabs, beside a module switch, or only while a logged-out module
/// shows), deep links (on the app root, the active screen, the selected stack's top or a tab's
/// router). So some specs qualify for the reduction and some do not
/// (their tabs act on each other), and the tests see both.
///
/// ```swift
/// let spec = try RandomTabSpecs.spec(seed: 7)
/// ```
enum RandomTabSpecs {
  typealias JSON = [String: Any]

  /// The logged-out module's log-in: "signed in", then the tabs.
  static var logIn: JSON {
    [
      "actions": [
        ["action": "setFlag", "flag": "signedIn", "value": true],
        ["action": "showModule", "module": "Main"],
      ], "label": "Log in",
    ]
  }
  /// A log-out: "signed out", then the logged-out module.
  static var logOut: [JSON] {
    [
      ["action": "setFlag", "flag": "signedIn", "value": false],
      ["action": "showModule", "module": "Out"],
    ]
  }

  static func spec(seed: UInt64) throws -> NavigationSpec {
    try spec(json(seed: seed))
  }

  /// The spec of a JSON object.
  static func spec(_ json: JSON) throws -> NavigationSpec {
    let data = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
    return try NavigationSpec(json: data, file: "\(json["name"] as! String).json")
  }

  /// `spec(seed:)` as a JSON object; `uncoupled`: the tabs never act on each other (what
  /// `spec(seed:)` draws for two seeds in three).
  static func json(seed: UInt64, uncoupled: Bool = false) -> JSON {
    var random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 11)
    let tabs = (0..<Int.random(in: 2...3, using: &random)).map { "T\($0)" }
    let others = (0..<Int.random(in: 1...3, using: &random)).map { "D\($0)" }
    let all = tabs + others
    func chance(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &random) == 0 }
    // One spec in three may let its tabs act on each other (a flag set and read, work that
    // acts after a dismiss or dismisses everything, an action after a tab selection).
    let coupled = chance(3) && !uncoupled
    let usesFlag = chance(4)
    // One spec in three has a logged-out module (its own generator, so the rest of the spec
    // is drawn as without it): log in and log out switch modules, and its async work is
    // cancelled with its screen unless the spec is coupled (a switch could orphan it).
    var moduleRandom = SplitMix64(seed: seed ^ 0x5EED)
    let usesModules = Int.random(in: 0..<3, using: &moduleRandom) == 0
    func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }

    /// An action that is a push or a presentation, maybe with an onDismiss.
    func show() -> JSON {
      var action: JSON
      switch Int.random(in: 0..<5, using: &random) {
      case 0, 1: action = ["action": "push", "destination": pick(all)]
      case 2: action = ["action": "sheet", "destination": pick(others)]
      case 3: action = ["action": "fullScreenCover", "destination": pick(others)]
      default:
        action = [
          "action": "modal", "destination": pick(others), "dismissOnBackgroundTap": !chance(3),
        ]
      }
      if chance(5) {
        action["onDismiss"] =
          chance(2) ? ["action": "push", "destination": pick(others)] : ["action": "dismiss"]
      }
      return action
    }
    func dismiss() -> JSON {
      switch Int.random(in: 0..<8, using: &random) {
      case 0: ["action": "dismiss"]
      case 1: ["action": "dismissEnvironment"]
      case 2: ["action": "dismissStack"]
      case 3: ["action": "popTo", "destination": pick(tabs)]
      case 4: ["action": "dismissTo", "destination": pick(all)]
      case 5: ["action": "dismissPresented"]
      case 6: ["action": "dismissAll"]
      default: ["action": "dismiss", "destination": pick(others)]
      }
    }
    func selectTab() -> JSON { ["action": "selectTab", "tab": pick(tabs)] }
    func setFlag() -> JSON { ["action": "setFlag", "flag": "busy", "value": chance(2)] }
    func outcomeActions() -> [JSON] {
      switch Int.random(in: 0..<6, using: &random) {
      case 0: []
      case 1: [show()]
      case 2: [dismiss()]
      case 3: coupled ? [dismiss(), show()] : [dismiss()] + (usesFlag ? [setFlag()] : [])
      case 4: usesFlag ? [setFlag()] : [dismiss()]
      default: coupled ? [["action": "dismissAll"]] : [dismiss()]
      }
    }

    func transition(from name: String, _ index: Int) -> JSON {
      var transition: JSON
      switch Int.random(in: 0..<12, using: &random) {
      case 0, 1, 2: transition = show()
      case 3, 4: transition = dismiss()
      case 5:
        transition = selectTab()
      case 6:
        transition = ["actions": coupled ? [selectTab(), show()] : [show(), selectTab()]]
      case 7:
        let buttons: [JSON] = (0..<Int.random(in: 0...2, using: &random)).map { b in
          var button: JSON = ["label": "B\(b)"]
          switch Int.random(in: 0..<4, using: &random) {
          case 0: break
          case 1: button["action"] = dismiss()
          case 2: button["action"] = show()
          default: button["action"] = selectTab()
          }
          return button
        }
        transition = [
          "action": "alert", "alert": "A\(name)\(index)", "buttons": buttons,
          "style": chance(2) ? "confirmationDialog" : "alert",
        ]
      case 8, 9:
        var outcomes: [JSON] = [["label": "ok", "actions": outcomeActions()]]
        if chance(2) { outcomes.append(["label": "failed", "actions": outcomeActions()]) }
        transition = [
          "trigger": "async", "label": "W\(name)\(index)", "outcomes": outcomes,
          "cancelsOnDismiss": chance(3) || (usesModules && !coupled),
          "actsOn": chance(3) ? "stack" : "screen",
        ]
      case 10:
        transition = usesFlag ? ["actions": [setFlag()]] : show()
      default:
        transition = ["action": "push", "destination": pick(others)]
      }
      if usesFlag && coupled && chance(2) { transition[chance(2) ? "when" : "unless"] = "busy" }
      return transition
    }

    var destinations: [JSON] = []
    for name in all {
      var destination: JSON = [
        "name": name,
        "transitions": (0..<Int.random(in: 1...3, using: &random)).map { index in
          transition(from: name, index)
        },
      ]
      if others.contains(name) && chance(4) { destination["swipeToDismiss"] = false }
      if others.contains(name) && chance(5) { destination["navigation"] = false }
      destinations.append(destination)
    }
    var spec: JSON = [
      "name": "RandomTabs\(seed)", "tabs": tabs, "destinations": destinations,
      "bounds": [
        "maxStackDepth": Int.random(in: 2...3, using: &random),
        "maxPresentationDepth": Int.random(in: 1...2, using: &random),
      ],
    ]
    if usesFlag { spec["flags"] = [["name": "busy"]] }
    if chance(2) {
      let actions: [JSON] =
        switch Int.random(in: 0..<3, using: &random) {
        case 0: [["action": "push", "destination": pick(others)]]
        case 1: chance(2) ? [selectTab()] : [selectTab(), show()]
        default:
          coupled
            ? [["action": "dismissAll"], selectTab(), show()]
            : [["action": "dismissAll"], selectTab()]
        }
      var link: JSON = ["name": "link", "start": chance(2) ? "root" : "active", "actions": actions]
      // One link in three acts on a tab's router (SEMANTICS v3's `stack` and `tab`), drawn
      // apart so that the rest of each spec is what it was before.
      var linkRandom = SplitMix64(seed: seed ^ 0x11AC)
      switch Int.random(in: 0..<6, using: &linkRandom) {
      case 0: link["start"] = "stack"
      case 1:
        link["start"] = "tab"
        link["tab"] = tabs[Int.random(in: 0..<tabs.count, using: &linkRandom)]
      default: break
      }
      spec["deepLinks"] = [link]
    }
    if usesModules {
      let out: JSON = ["name": "Out", "root": "Login"]
      let main: JSON = ["name": "Main", "tabs": tabs]
      spec["tabs"] = nil
      spec["modules"] =
        Int.random(in: 0..<2, using: &moduleRandom) == 0 ? [out, main] : [main, out]
      destinations.append([
        "name": "Login",
        "transitions": [
          logIn,
          ["action": "push", "destination": others[0]],
          // A flag set only while the logged-out module shows, read in the tabs below.
          [
            "actions": [
              [
                "action": "setFlag", "flag": "accepted",
                "value": Int.random(in: 0..<2, using: &moduleRandom) == 0,
              ]
            ], "label": "Accept",
          ],
        ],
      ])
      // Log out from a tab's screen, or from a completion.
      let from = Int.random(in: 0..<all.count, using: &moduleRandom)
      var transitions = destinations[from]["transitions"] as! [JSON]
      transitions.append(
        Int.random(in: 0..<3, using: &moduleRandom) == 0
          ? [
            "trigger": "async", "label": "Expire", "cancelsOnDismiss": true,
            "outcomes": [["label": "expired", "actions": logOut]],
          ]
          : ["actions": logOut, "label": "Log out"])
      destinations[from]["transitions"] = transitions
      // Transitions only a signed-in (or signed-out) user has, or one who accepted: the flags
      // change with the module, or while the logged-out one shows.
      for _ in 0..<2 {
        let d = Int.random(in: 0..<destinations.count, using: &moduleRandom)
        var transitions = destinations[d]["transitions"] as! [JSON]
        let t = Int.random(in: 0..<transitions.count, using: &moduleRandom)
        if transitions[t]["when"] == nil && transitions[t]["unless"] == nil {
          let key = Int.random(in: 0..<2, using: &moduleRandom) == 0 ? "when" : "unless"
          transitions[t][key] =
            Int.random(in: 0..<2, using: &moduleRandom) == 0 ? "signedIn" : "accepted"
        }
        destinations[d]["transitions"] = transitions
      }
      spec["flags"] =
        (spec["flags"] as? [JSON] ?? []) + [["name": "signedIn"], ["name": "accepted"]]
      spec["destinations"] = destinations
    }
    return spec
  }

  /// The specs of `spec(seed:)`, drawn uncoupled, with a logged-out module (added where the
  /// spec has none, its work then cancelled with its screen), whose module switches then act
  /// in a tab (issue 33): the log-in selects a tab and pushes or presents there (one spec in
  /// two), and a deep link switches to the other account ("other", set beside the switch, is
  /// read by a transition of each tab root) and pushes in a tab it selects.
  ///
  /// ```swift
  /// let spec = try RandomTabSpecs.tails(seed: 2)
  /// ```
  static func tails(seed: UInt64) throws -> NavigationSpec {
    var json = json(seed: seed, uncoupled: true)
    var random = SplitMix64(seed: seed ^ 0x7A11)
    func chance(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &random) == 0 }
    func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
    var destinations = json["destinations"] as! [JSON]
    if let tabs = json["tabs"] {
      json["tabs"] = nil
      json["modules"] = [["name": "Main", "tabs": tabs], ["name": "Out", "root": "Login"]]
      for d in destinations.indices {
        destinations[d]["transitions"] = (destinations[d]["transitions"] as! [JSON]).map {
          var transition = $0
          if transition["trigger"] as? String == "async" { transition["cancelsOnDismiss"] = true }
          return transition
        }
      }
      destinations.append(["name": "Login", "transitions": [logIn]])
      destinations[0]["transitions"] =
        (destinations[0]["transitions"] as! [JSON]) + [["actions": logOut, "label": "Log out"]]
      json["flags"] = (json["flags"] as? [JSON] ?? []) + [["name": "signedIn"]]
    }
    let modules = json["modules"] as! [JSON]
    let tabs = modules.first { $0["tabs"] != nil }!["tabs"] as! [String]
    let names = destinations.map { $0["name"] as! String }
    let others = names.filter { $0.hasPrefix("D") }
    func tail() -> [JSON] {
      let show: JSON =
        chance(3)
        ? ["action": "sheet", "destination": pick(others)]
        : ["action": "push", "destination": pick(others)]
      return chance(4) ? [show] : [["action": "selectTab", "tab": pick(tabs)], show]
    }
    let login = names.firstIndex(of: "Login")!
    if chance(2) {
      destinations[login]["transitions"] = [
        [
          "actions": (logIn["actions"] as! [JSON]) + tail(), "label": "Log in",
        ]
      ]
    }
    for t in tabs.indices where chance(2) {
      destinations[t]["transitions"] =
        (destinations[t]["transitions"] as! [JSON]) + [
          ["action": "push", "destination": pick(others), "label": "Other's", "when": "other"]
        ]
    }
    json["destinations"] = destinations
    json["flags"] = (json["flags"] as! [JSON]) + [["name": "other"]]
    json["deepLinks"] =
      (json["deepLinks"] as? [JSON] ?? []) + [
        [
          "name": "otherAccount", "start": "root",
          "actions": [
            ["action": "setFlag", "flag": "other", "value": true],
            ["action": "showModule", "module": "Main"],
          ] + tail(),
        ]
      ]
    json["name"] = "Tails\(seed)"
    return try spec(json)
  }

  /// The specs of `spec(seed:)`, drawn uncoupled, with a form every tab can open (issue 33): a
  /// sheet whose
  /// "dirty" flag is set as it opens (clean or dirty, as an edit opens it) and read only in it:
  /// Type makes it dirty, Submit runs only when dirty and its outcome clears it and closes the
  /// form (or shows an alert), Close only when clean, Discard only when dirty (its Delete clears
  /// and closes), Next pushes a step whose Done only when dirty closes the form. Each tab root
  /// opens the form, and so may any other screen (pushed, presented, or in the form itself).
  /// One spec in five (named `SloppyForms…`) opens it from its last tab's root without setting
  /// the flag.
  ///
  /// ```swift
  /// let spec = try RandomTabSpecs.forms(seed: 5)
  /// ```
  static func forms(seed: UInt64) throws -> NavigationSpec {
    var json = json(seed: seed, uncoupled: true)
    var random = SplitMix64(seed: seed ^ 0xF0F0)
    func chance(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &random) == 0 }
    let modules = json["modules"] as? [JSON]
    let tabs = (json["tabs"] ?? modules!.first { $0["tabs"] != nil }!["tabs"]) as! [String]
    var destinations = json["destinations"] as! [JSON]
    // One spec in five opens the form from its last tab's root without setting the flag: what
    // another tab left in it then reaches the form (the flag is not the form's alone).
    var sloppy = chance(5)
    for d in destinations.indices {
      let name = destinations[d]["name"] as! String
      guard tabs.contains(name) || chance(3) else { continue }
      var open: [JSON] = [
        ["action": "setFlag", "flag": "dirty", "value": chance(2)],
        ["action": "sheet", "destination": "Form"],
      ]
      if sloppy && name == tabs.last {
        open.removeFirst()
        sloppy = false
        json["name"] = "Sloppy"
      }
      destinations[d]["transitions"] =
        (destinations[d]["transitions"] as! [JSON]) + [["actions": open, "label": "Open form"]]
    }
    let clean: [JSON] = [
      ["action": "setFlag", "flag": "dirty", "value": false], ["action": "dismissEnvironment"],
    ]
    let sent: [JSON] = chance(3) ? [["action": "alert", "alert": "Sent"]] : clean
    destinations.append([
      "name": "Form", "swipeToDismiss": chance(2),
      "transitions": [
        ["actions": [["action": "setFlag", "flag": "dirty", "value": true]], "label": "Type"],
        [
          "trigger": "async", "label": "Submit", "when": "dirty",
          // As the base's work: a log-out could orphan it in another tab.
          "cancelsOnDismiss": chance(4) || modules != nil,
          "outcomes": [
            ["label": "sent", "actions": sent],
            ["label": "failed", "actions": [["action": "alert", "alert": "Failed"]]],
          ],
        ],
        ["action": "dismissEnvironment", "label": "Close", "unless": "dirty"],
        [
          "action": "alert", "alert": "Discard", "label": "Discard", "when": "dirty",
          "buttons": [["label": "Delete", "actions": clean], ["label": "Keep"]],
        ],
        ["action": "push", "destination": "FormStep", "label": "Next"],
      ],
    ])
    destinations.append([
      "name": "FormStep",
      "transitions": [
        ["action": "dismissEnvironment", "label": "Done", "when": "dirty"],
        ["action": "dismiss", "label": "Back"],
      ],
    ])
    json["destinations"] = destinations
    json["flags"] = (json["flags"] as? [JSON] ?? []) + [["name": "dirty"]]
    json["name"] = "\(json["name"] as! String == "Sloppy" ? "SloppyForms" : "Forms")\(seed)"
    return try spec(json)
  }
}

extension RandomTabSpecs {
  /// Random specs whose module switches may orphan work in another tab, but run only where
  /// their own tab is unchanged: a tab root's "Log out" (tab roots are never pushed or
  /// presented) and a deep link; and whose tab roots start work that acts on the app. Work is
  /// never cancelled with its screen, on a screen or its stack; the rest is drawn as in
  /// `spec(seed:)`, without flags the tabs set.
  ///
  /// ```swift
  /// let spec = try RandomTabSpecs.switching(seed: 3)
  /// ```
  static func switching(seed: UInt64) throws -> NavigationSpec {
    try spec(switchingJSON(seed: seed))
  }

  /// `switching(seed:)` as a JSON object.
  static func switchingJSON(seed: UInt64) -> JSON {
    var random = SplitMix64(seed: seed &* 0x51_7CC1 &+ 7)
    let tabs = (0..<Int.random(in: 2...3, using: &random)).map { "T\($0)" }
    let others = (0..<Int.random(in: 1...3, using: &random)).map { "D\($0)" }
    func chance(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &random) == 0 }
    func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
    func show() -> JSON {
      switch Int.random(in: 0..<4, using: &random) {
      case 0, 1: ["action": "push", "destination": pick(others)]
      case 2: ["action": "sheet", "destination": pick(others)]
      default: ["action": "fullScreenCover", "destination": pick(others)]
      }
    }
    func dismiss() -> JSON {
      switch Int.random(in: 0..<4, using: &random) {
      case 0: ["action": "dismiss"]
      case 1: ["action": "dismissEnvironment"]
      case 2: ["action": "dismissStack"]
      default: ["action": "dismissTo", "destination": pick(tabs + others)]
      }
    }
    func work(_ label: String) -> JSON {
      let outcome: [JSON] =
        switch Int.random(in: 0..<4, using: &random) {
        case 0: []
        case 1: [show()]
        case 2: [dismiss()]
        default: [["action": "alert", "alert": "Done\(label)"]]
        }
      return [
        "trigger": "async", "label": label, "actsOn": chance(2) ? "stack" : "screen",
        "outcomes": [["label": "ok", "actions": outcome], ["label": "failed"]],
      ]
    }
    func transition(_ name: String, _ index: Int) -> JSON {
      var transition: JSON
      switch Int.random(in: 0..<8, using: &random) {
      case 0, 1, 2: transition = show()
      case 3: transition = dismiss()
      case 4: transition = ["action": "selectTab", "tab": pick(tabs)]
      case 5, 6: transition = work("W\(name)\(index)")
      default:
        transition = [
          "action": "alert", "alert": "A\(name)\(index)",
          "buttons": [["label": "OK"], ["label": "Go", "action": show()]],
        ]
      }
      if chance(6) { transition["when"] = "signedIn" }
      return transition
    }
    var destinations: [JSON] = (tabs + others).map { name in
      [
        "name": name,
        "transitions": (0..<Int.random(in: 1...3, using: &random)).map { transition(name, $0) },
      ]
    }
    // Tab roots start work that acts on the app (its completion acts through the active
    // screen, in whichever tab shows).
    for t in tabs.indices where chance(2) {
      let outcome: [JSON] =
        switch Int.random(in: 0..<4, using: &random) {
        case 0: [["action": "alert", "alert": "Refreshed\(t)"]]
        case 1: [show()]
        case 2: [dismiss()]
        default: [["action": "selectTab", "tab": pick(tabs)], show()]
        }
      destinations[t]["transitions"] =
        (destinations[t]["transitions"] as! [JSON]) + [
          [
            "trigger": "async", "label": "Refresh\(t)", "actsOn": "app",
            "outcomes": [["label": "done", "actions": outcome], ["label": "failed"]],
          ]
        ]
    }
    // A tab root logs out (most specs), and maybe a deep link does.
    if !chance(4) {
      let t = Int.random(in: 0..<tabs.count, using: &random)
      destinations[t]["transitions"] =
        (destinations[t]["transitions"] as! [JSON]) + [["actions": logOut, "label": "Log out"]]
    }
    destinations.append([
      "name": "Login",
      "transitions": [
        logIn
      ],
    ])
    var spec: JSON = [
      "name": "Switching\(seed)", "destinations": destinations,
      "modules": [["name": "Main", "tabs": tabs], ["name": "Out", "root": "Login"]],
      "flags": [["name": "signedIn", "initially": true]],
      "bounds": [
        "maxStackDepth": Int.random(in: 2...3, using: &random),
        "maxPresentationDepth": Int.random(in: 1...2, using: &random),
      ],
    ]
    if chance(2) {
      let actions: [JSON] =
        chance(2) ? logOut : [["action": "selectTab", "tab": pick(tabs)], show()] + logOut
      spec["deepLinks"] = [["name": "expired", "start": "root", "actions": actions]]
    }
    return spec
  }

  /// The specs of `switching(seed:)` whose screens other than the tab roots hold their work on
  /// their stack (so a tab's work that a switch orphans is its root's), and that log out only
  /// from screens the tabs push or present, or from an outcome of theirs (issue 33's parked
  /// holders): the tab roots and the deep link no longer log out.
  ///
  /// ```swift
  /// let spec = try RandomTabSpecs.holders(seed: 4)
  /// ```
  static func holders(seed: UInt64) throws -> NavigationSpec {
    try spec(holdersJSON(seed: seed))
  }

  /// `holders(seed:)` as a JSON object.
  static func holdersJSON(seed: UInt64) -> JSON {
    var json = switchingJSON(seed: seed)
    var random = SplitMix64(seed: seed ^ 0x401D)
    func chance(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &random) == 0 }
    var destinations = json["destinations"] as! [JSON]
    // The log-outs of the tab roots and the deep link go: a tab then logs out only from a
    // screen it pushed or presented, changing it.
    json["deepLinks"] = nil
    for d in destinations.indices where (destinations[d]["name"] as! String).hasPrefix("T") {
      destinations[d]["transitions"] = (destinations[d]["transitions"] as! [JSON]).filter {
        $0["label"] as? String != "Log out"
      }
    }
    for d in destinations.indices where (destinations[d]["name"] as! String).hasPrefix("D") {
      var transitions = (destinations[d]["transitions"] as! [JSON]).map {
        var transition = $0
        if transition["trigger"] as? String == "async" && transition["actsOn"] as? String != "app" {
          transition["actsOn"] = "stack"
        }
        return transition
      }
      if chance(2) {
        transitions.append(
          chance(3)
            ? [
              "trigger": "async", "label": "Expire\(d)", "cancelsOnDismiss": true,
              "outcomes": [["label": "expired", "actions": logOut]],
            ]
            : ["actions": logOut, "label": "Log out"])
      }
      destinations[d]["transitions"] = transitions
    }
    json["destinations"] = destinations
    json["name"] = "Holders\(seed)"
    return json
  }
}

extension RandomTabSpecs {
  /// The specs of `holders(seed:)` with IceCubes' account settings (issue 33): a tab root
  /// opens a Settings sheet that pushes Account when `signedIn`, and Account holds a sign-out
  /// (work its screen holds, not cancelled with it, so a swipe orphans it) that logs out. The
  /// logged-out module has tabs, Login and Away, and Away pushes Account too: guarded by
  /// `signedIn` (three specs in four), which is false wherever the logged-out module shows, or
  /// unguarded; one spec in four has a deep link that logs out without clearing the flag.
  ///
  /// ```swift
  /// let spec = try RandomTabSpecs.signedOut(seed: 5)
  /// ```
  static func signedOut(seed: UInt64) throws -> NavigationSpec {
    try spec(signedOutJSON(seed: seed))
  }

  /// `signedOut(seed:)` as a JSON object.
  static func signedOutJSON(seed: UInt64) -> JSON {
    var json = holdersJSON(seed: seed)
    var random = SplitMix64(seed: seed ^ 0x516E)
    func chance(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &random) == 0 }
    var destinations = json["destinations"] as! [JSON]
    let tabs = destinations.indices.filter { (destinations[$0]["name"] as! String).hasPrefix("T") }
    let opener = tabs[Int.random(in: 0..<tabs.count, using: &random)]
    destinations[opener]["transitions"] =
      (destinations[opener]["transitions"] as! [JSON]) + [
        ["action": "sheet", "destination": "Settings", "label": "Settings"]
      ]
    let pushAccount: JSON = ["action": "push", "destination": "Account", "when": "signedIn"]
    destinations += [
      ["name": "Settings", "transitions": [pushAccount]],
      [
        "name": "Account",
        "transitions": [
          [
            "trigger": "async", "label": "Sign out",
            "outcomes": [["label": "done", "actions": logOut]],
          ],
          ["action": "dismiss", "label": "Back"],
        ],
      ],
    ]
    var away = pushAccount
    if chance(4) { away["when"] = nil }
    destinations.append(["name": "Away", "transitions": [away, logIn]])
    json["destinations"] = destinations
    json["modules"] = [
      ["name": "Main", "tabs": tabs.map { destinations[$0]["name"] as! String }],
      ["name": "Out", "tabs": ["Login", "Away"]],
    ]
    if chance(4) {
      json["deepLinks"] = [
        [
          "name": "expired", "start": "root",
          "actions": [["action": "showModule", "module": "Out"]],
        ]
      ]
    }
    json["name"] = "SignedOut\(seed)"
    return json
  }

  /// The specs of `signedOut(seed:)` with IceCubes' second account (issue 33): a flag
  /// `several` (maybe set initially) that the Settings sheet's router-free "Forget other"
  /// clears, while tab roots switch account (`showModule Main`) only `when several`, Account
  /// signs out only `unless several` (three specs in four) and may add an account (`several`
  /// set beside a switch). One or two tabs open Settings, so two tabs may write. One spec in
  /// six reads `several` without switching (a tab root's push), and one in six has the
  /// logged-out tab forget the other account too, unguarded: both keep the product.
  ///
  /// ```swift
  /// let spec = try RandomTabSpecs.accounts(seed: 5)
  /// ```
  static func accounts(seed: UInt64) throws -> NavigationSpec {
    try spec(accountsJSON(seed: seed))
  }

  /// `accounts(seed:)` as a JSON object.
  static func accountsJSON(seed: UInt64) -> JSON {
    var json = signedOutJSON(seed: seed)
    var random = SplitMix64(seed: seed ^ 0xACC7)
    func chance(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &random) == 0 }
    json["flags"] = (json["flags"] as! [JSON]) + [["name": "several", "initially": !chance(4)]]
    var destinations = json["destinations"] as! [JSON]
    func index(_ name: String) -> Int {
      destinations.firstIndex { $0["name"] as! String == name }!
    }
    func add(_ transition: JSON, to d: Int) {
      destinations[d]["transitions"] = (destinations[d]["transitions"] as! [JSON]) + [transition]
    }
    let forget: JSON = [
      "trigger": "async", "label": "Forget other", "when": "several",
      "outcomes": [
        [
          "label": "removed",
          "actions": [["action": "setFlag", "flag": "several", "value": false]],
        ],
        ["label": "failed"],
      ],
    ]
    add(forget, to: index("Settings"))
    let tabs = destinations.indices.filter { (destinations[$0]["name"] as! String).hasPrefix("T") }
    let opens = tabs.filter { tab in
      (destinations[tab]["transitions"] as! [JSON]).contains {
        $0["destination"] as? String == "Settings"
      }
    }
    var openers = opens
    if !chance(3) {
      // A screen pushed in a tab opens Settings instead of its root (IceCubes' trending
      // links, pushed by Explore, open the account menu): the writer's tab is left changed.
      destinations[opens[0]]["transitions"] = (destinations[opens[0]]["transitions"] as! [JSON])
        .filter { $0["destination"] as? String != "Settings" }
      destinations.append(
        [
          "name": "Feed",
          "transitions": [["action": "sheet", "destination": "Settings", "label": "Settings"]],
        ])
      add(["action": "push", "destination": "Feed", "label": "Feed"], to: opens[0])
    } else if chance(2), let other = tabs.first(where: { !opens.contains($0) }) {
      add(["action": "sheet", "destination": "Settings", "label": "Settings"], to: other)
      openers.append(other)
    }
    // A screen another tab pushes signs out at once where `several` does not hold, orphaning
    // the lookup it started (stack work its tab's root holds).
    if !chance(3), let other = tabs.first(where: { !openers.contains($0) }) {
      destinations.append(
        [
          "name": "Me",
          "transitions": [
            [
              "trigger": "async", "label": "Lookup", "actsOn": "stack",
              "outcomes": [
                ["label": "found", "actions": [["action": "alert", "alert": "Found"]]],
                ["label": "missing"],
              ],
            ],
            ["actions": logOut, "label": "Sign out now", "unless": "several"],
          ],
        ])
      add(["action": "push", "destination": "Me", "label": "Me"], to: other)
    }
    for tab in tabs where !chance(3) {
      add(
        ["action": "showModule", "module": "Main", "label": "Switch", "when": "several"], to: tab)
    }
    let account = index("Account")
    var transitions = destinations[account]["transitions"] as! [JSON]
    if !chance(4) { transitions[0]["unless"] = "several" }
    destinations[account]["transitions"] = transitions
    if chance(2) {
      add(
        [
          "trigger": "async", "label": "Add account",
          "outcomes": [
            [
              "label": "added",
              "actions": [
                ["action": "setFlag", "flag": "several", "value": true],
                ["action": "showModule", "module": "Main"],
              ],
            ],
            ["label": "cancelled"],
          ],
        ], to: account)
    }
    if chance(6) {
      add(
        ["action": "push", "destination": "Settings", "label": "Peek", "when": "several"],
        to: tabs[0])
    }
    if chance(6) {
      var unguarded = forget
      unguarded["when"] = nil
      add(unguarded, to: index("Away"))
    }
    json["destinations"] = destinations
    json["name"] = "Accounts\(seed)"
    return json
  }
}
