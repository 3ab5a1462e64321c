import NavCheckExplorer

/// What multiplies a spec's states: how many values each part of the state takes across the
/// reachable states (issue 33, `navcheck-benchmark --profile`). Each row strips one more part
/// from every state and counts the distinct states left, so the ratio of two rows is the factor
/// the stripped part contributes.
package struct StateProfile: Sendable {
  /// One part of the state: its name, the distinct values it takes, and what the count means.
  package struct Row: Sendable {
    package var part: String
    package var values: Int
  }

  /// The states profiled (all of them where `complete`).
  package var states: Int
  package var complete: Bool
  package var rows: [Row]
}

extension NavigationSpec {
  /// Explores up to `maxStates` states (the tabs reduction's graph where `reduced`: one
  /// changed tab at a time) and counts the values each part of the state takes.
  ///
  /// ```swift
  /// let profile = try spec.stateProfile(maxStates: 1_000_000, reduced: true)
  /// for row in profile.rows { print(row.part, row.values) }
  /// ```
  package func stateProfile(maxStates: Int, reduced: Bool) throws(SpecError) -> StateProfile {
    try validate()
    var model = RouterModel(CompiledSpec(self))
    model.restriction.oneChangedTab = reduced && model.spec.isTabbed
    var options = ExplorerOptions()
    options.maxStates = maxStates
    options.analyzesReturns = false
    options.recordsStates = true
    let exploration = Explorer.explore(model, options: options)
    let states = exploration.stateEncodings.map { bytes in
      bytes.withUnsafeBytes { model.codec.decode($0) }
    }
    /// The distinct keys `key` gives the states.
    func distinct(_ key: (RouterState) -> [UInt64]) -> Int {
      var seen = Set<[UInt64]>()
      for state in states { seen.insert(key(state)) }
      return seen.count
    }
    /// A state's screens in pre-order, each as its fields, with what `strip` leaves.
    func encode(_ stack: [RouterState.Screen], _ strip: Strip, into key: inout [UInt64]) {
      key.append(UInt64(stack.count) << 48)
      for screen in stack {
        let f = screen.fields
        var word = UInt64(f.destination)
        if !strip.alerts { word |= UInt64(f.alert) << 16 }
        if !strip.flows { word |= UInt64(f.flow) << 32 | UInt64(f.flowNext) << 40 }
        if !strip.onDismiss { word |= UInt64(f.onDismiss) << 48 }
        key.append(word)
        if !strip.pending { key.append(f.pending) }
        if let environment = screen.presented, !strip.presentations {
          key.append(UInt64(environment.style.rawValue) << 56)
          encode(environment.stack, strip, into: &key)
        }
      }
    }
    func key(_ strip: Strip, tabs: Range<Int>? = nil) -> (RouterState) -> [UInt64] {
      { state in
        var key: [UInt64] = []
        if tabs == nil {
          key.append(UInt64(state.module) | UInt64(state.selectedTab) << 16)
          if !strip.flags { key.append(state.flags) }
          if !strip.pending { key.append(state.appPending) }
          key.append(UInt64(state.toast))
          if state.prompt != 0 { key.append(UInt64(state.prompt)) }
        }
        for t in tabs ?? state.stacks.indices where t < state.stacks.count {
          encode(state.stacks[t], strip, into: &key)
        }
        return key
      }
    }
    var rows: [StateProfile.Row] = []
    func row(_ part: String, _ values: Int) { rows.append(.init(part: part, values: values)) }
    row("whole states", states.count)
    var strip = Strip()
    strip.pending = true
    row("without pending work (screens' and the app's)", distinct(key(strip)))
    strip.alerts = true
    row("… and without alerts", distinct(key(strip)))
    strip.flows = true
    strip.onDismiss = true
    row("… and without flow cursors and onDismiss", distinct(key(strip)))
    strip.flags = true
    row("… and without flags", distinct(key(strip)))
    strip.presentations = true
    row("… and without presentations (the tabs' pushed screens only)", distinct(key(strip)))
    row(
      "module, selected tab and flags",
      distinct { [UInt64($0.module) | UInt64($0.selectedTab) << 16, $0.flags] })
    row(
      "pending work alone (every screen's set, in order, and the app's)",
      distinct { state in
        var key = [state.appPending]
        func walk(_ stack: [RouterState.Screen]) {
          for screen in stack {
            key.append(screen.fields.pending)
            if let environment = screen.presented { walk(environment.stack) }
          }
        }
        for stack in state.stacks { walk(stack) }
        return key.filter { $0 != 0 }
      })
    let tabs = states.map(\.stacks.count).max() ?? 1
    if tabs > 1 {
      for t in 0..<tabs {
        row("tab \(t + 1)'s stack, whole", distinct(key(Strip(), tabs: t..<t + 1)))
        var pushes = Strip()
        pushes.pending = true
        pushes.alerts = true
        pushes.flows = true
        pushes.onDismiss = true
        row("tab \(t + 1)'s stack, screens only", distinct(key(pushes, tabs: t..<t + 1)))
      }
    }
    return StateProfile(states: states.count, complete: exploration.isComplete, rows: rows)
  }
}

/// The parts of a state `stateProfile` leaves out of a key.
private struct Strip {
  var pending = false
  var alerts = false
  var flows = false
  var onDismiss = false
  var flags = false
  var presentations = false
}
