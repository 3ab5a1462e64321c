extension StateView {
  /// One thread's view of the last state it looked at, brought up to date in place for the
  /// next: custom invariants look at every new state, consecutive states share most of their
  /// screens, and a view whose arrays are the cache's alone is changed where the state changed
  /// (no array allocated or freed, no screen built again). A value its owner changes in place:
  /// the invariants then borrow `view` where it lies, with no reference counted per state.
  struct Cache {
    /// The view of the last state.
    private(set) var view = StateView(environments: [])
    /// Per slot (a tab's stack by index, then each presented environment by depth), the fields
    /// of the screens the view shows there.
    private var slots: [[ScreenState]] = []
    /// The stacks of the presented environments the view no longer shows, by depth: their
    /// arrays, and their screens where the next environment shown there shows them again.
    private var spares: [[Screen]] = []
    /// The flags and app work `view` names.
    private var flags: UInt64 = 0
    private var appPending: UInt64 = 0
    private var toast = 0
    private var prompt = 0
    private var module = -1

    /// Makes `view` the view of `s`, whose first `unchanged` screens in pre-order are those of
    /// the state the view showed last, with the same module and selected tab (0 where that is
    /// not known): their fields are not compared again.
    mutating func update<S: StateEditor>(
      to s: __shared S, _ spec: borrowing CompiledSpec, unchanged: Int = 0
    ) {
      if s.module != module {
        module = s.module
        view.module = spec.modules.count > 1 ? spec.modules[module].name : nil
      }
      if s.flags != flags {
        flags = s.flags
        view.flags = spec.spec.flags.indices.filter {
          $0 < 64 && flags & (1 << UInt64($0)) != 0
        }.map { spec.spec.flags[$0].name }
      }
      if s.appPending != appPending {
        appPending = s.appPending
        view.appPending = spec.appHeldWork(appPending).map(spec.transitionName)
      }
      if s.toast != toast {
        toast = s.toast
        view.toast = toast == 0 ? nil : spec.toasts[toast - 1].name
      }
      if s.prompt != prompt {
        prompt = s.prompt
        view.prompt = prompt == 0 ? nil : spec.alerts[prompt - 1].name
        view.promptIsDialog = prompt != 0 && spec.alerts[prompt - 1].style == .confirmationDialog
      }
      let tabSlots = Int(spec.maxTabs)
      if view.environments.isEmpty {
        view.environments.append(Environment(style: .root, stack: []))
      }
      // The top of the stack below the next environment, and its index in pre-order.
      var top: (position: S.Position, index: Int)
      if spec.modules[s.module].hasTabs {
        // With tabs, the selected tab's stack is also the first environment's: that second
        // reference is dropped before the tab's array is changed, so it is changed in place.
        var sharesSelected = !view.tabs.isEmpty
        // Every tab's stack, from its root up: the roots are the screens with nothing below.
        var tab = 0
        var selectedTop: (position: S.Position, index: Int)?
        var i = 0
        while i < s.screenCount {
          let p = s.position(preOrder: i)
          guard s.below(p) == nil else {
            i += 1
            continue
          }
          // The app's presentation, after every tab (§11.10): drawn below, above the tabs.
          if s.environmentStyle(of: p) != .root { break }
          makeSlot(tab)
          let tabTop: (position: S.Position, index: Int)
          if tab < view.tabs.count,
            let kept = keptTop(tab, shown: view.tabs[tab].stack.count, from: i, unchanged, s)
          {
            tabTop = kept
          } else {
            if tab == view.tabs.count { view.tabs.append(Tab(name: "", stack: [])) }
            if sharesSelected && tab == view.selectedTab {
              view.environments[0].stack = []
              sharesSelected = false
            }
            let name = spec.destinations[Int(s[p].destination)].name
            if view.tabs[tab].name != name { view.tabs[tab].name = name }
            tabTop = Cache.sync(
              &view.tabs[tab].stack, &slots[tab], from: p, at: i, unchanged: unchanged, of: s,
              spec)
          }
          if tab == s.selectedTab { selectedTop = tabTop }
          tab += 1
          i = tabTop.index + 1
        }
        if view.tabs.count > tab { view.tabs.removeSubrange(tab...) }
        if !sharesSelected || view.selectedTab != s.selectedTab {
          view.environments[0].stack = view.tabs[s.selectedTab].stack
        }
        view.selectedTab = s.selectedTab
        top = selectedTop!
      } else {
        if !view.tabs.isEmpty {
          // The first environment showed a tab's stack, not slot 0's.
          view.tabs = []
          view.environments[0].stack = []
        }
        view.selectedTab = 0
        makeSlot(0)
        if let kept = keptTop(
          0, shown: view.environments[0].stack.count, from: 0, unchanged, s)
        {
          top = kept
        } else {
          top = Cache.sync(
            &view.environments[0].stack, &slots[0], from: s.appRoot, at: 0,
            unchanged: unchanged, of: s, spec)
        }
      }
      // Each environment presented above the selected stack; where the app presents, its
      // presentation and those in it (the selected stack's top then presents nothing, §11.10).
      var count = 1
      var next = s.presented(by: top.position)
      var nextIndex = top.index + 1
      view.appPresents = false
      if next == nil, let app = s.appPresentation {
        next = app
        nextIndex = s.preOrderIndex(of: app)
        view.appPresents = true
      }
      while let presented = next {
        defer {
          next = s.presented(by: top.position)
          nextIndex = top.index + 1
        }
        let slot = tabSlots + count - 1
        makeSlot(slot)
        if count < view.environments.count,
          let kept = keptTop(
            slot, shown: view.environments[count].stack.count, from: nextIndex, unchanged, s)
        {
          top = kept
          count += 1
          continue
        }
        let style = s.environmentStyle(of: presented).style
        if count == view.environments.count {
          // The stack this environment showed last, still matching its slot's fields.
          while spares.count <= count { spares.append([]) }
          var stack: [Screen] = []
          swap(&stack, &spares[count])
          view.environments.append(Environment(style: style, stack: stack))
        } else if view.environments[count].style != style {
          view.environments[count].style = style
        }
        top = Cache.sync(
          &view.environments[count].stack, &slots[slot], from: presented, at: nextIndex,
          unchanged: unchanged, of: s, spec)
        count += 1
      }
      // The environments gone keep their stacks (and their arrays) for the next one shown.
      while view.environments.count > count {
        let index = view.environments.count - 1
        while spares.count <= index { spares.append([]) }
        swap(&spares[index], &view.environments[index].stack)
        view.environments.removeLast()
      }
    }

    /// The top of the stack the view shows in `slot` (`shown` screens, from screen `first` in
    /// pre-order) and its index, where that whole stack and the screen after it are the state
    /// before's (before `unchanged`): the view shows it already. `nil` otherwise.
    @inline(__always)
    private func keptTop<S: StateEditor>(
      _ slot: Int, shown: Int, from first: Int, _ unchanged: Int, _ s: __shared S
    ) -> (position: S.Position, index: Int)? {
      let kept = slots[slot].count
      guard kept > 0, kept == shown, first + kept < unchanged else { return nil }
      return (s.position(preOrder: first + kept - 1), first + kept - 1)
    }

    /// Makes slot `i` exist (empty until a stack is shown there).
    @inline(__always)
    private mutating func makeSlot(_ i: Int) { while slots.count <= i { slots.append([]) } }

    /// Brings `screens` (what the view shows, whose fields are `fields`) to the stack of `s`
    /// from `bottom` up, from its first changed screen on; returns the stack's top and its
    /// index in pre-order. `bottom` is screen `first` in pre-order: the stack's screens follow
    /// it there, and those before `unchanged` are the ones `fields` holds.
    @inline(__always)
    private static func sync<S: StateEditor>(
      _ screens: inout [Screen], _ fields: inout [ScreenState], from bottom: S.Position,
      at first: Int, unchanged: Int, of s: __shared S, _ spec: borrowing CompiledSpec
    ) -> (position: S.Position, index: Int) {
      // A stack the view shows anew starts from nothing.
      if fields.count != screens.count {
        fields.removeAll(keepingCapacity: true)
        screens.removeAll(keepingCapacity: true)
      }
      var i = 0
      var p = bottom
      // The screens the state before showed at the same places are skipped.
      let kept = min(max(unchanged - first, 0), fields.count)
      while true {
        if i >= kept {
          let screen = s[p]
          if i == fields.count {
            fields.append(screen)
            screens.append(StateView.screen(screen, spec))
          } else if fields[i] != screen {
            fields[i] = screen
            StateView.update(&screens[i], to: screen, spec)
          }
        }
        i += 1
        guard let next = s.above(p) else { break }
        p = next
      }
      while fields.count > i {
        fields.removeLast()
        screens.removeLast()
      }
      return (p, first + i - 1)
    }
  }

  /// The view of a state of the reference router, through either editor: the selected stack,
  /// then each environment presented above it.
  init<S: StateEditor>(_ s: __shared S, _ spec: borrowing CompiledSpec) {
    var cache = Cache()
    cache.update(to: s, spec)
    self = cache.view
  }

  /// Makes `view` the view of the screen `fields`: a common screen shown where another common
  /// one was takes its destination's name alone, in place.
  @inline(__always)
  private static func update(
    _ view: inout Screen, to fields: ScreenState, _ spec: borrowing CompiledSpec
  ) {
    guard
      fields.pending == 0 && fields.alert == 0 && fields.flow == 0 && view.alert == nil
        && view.flow == nil && view.pending.isEmpty && !view.showsDialog
    else {
      view = screen(fields, spec)
      return
    }
    let d = Int(fields.destination)
    view.destination = spec.destinations[d].name
    view.asciiName = spec.destinations[d].asciiName
  }

  /// The view of one screen: the common screen (no alert, cursor or pending work) is its
  /// destination's name alone.
  private static func screen(_ fields: ScreenState, _ spec: borrowing CompiledSpec) -> Screen {
    let d = Int(fields.destination)
    guard fields.pending != 0 || fields.alert != 0 || fields.flow != 0 else {
      return Screen(
        destination: spec.destinations[d].name, pending: [],
        asciiName: spec.destinations[d].asciiName)
    }
    let held = spec.heldWork(fields.pending, destination: d)
    // The stack work its stack's bottom holds, named with its destination.
    let pending =
      held.own.map(spec.transitionName)
      + held.stack.map {
        "\(spec.destinations[spec.transitions[$0].destination].name).\(spec.transitionName($0))"
      }
    let alert = fields.shownAlert.map { spec.alerts[$0] }
    return Screen(
      destination: spec.destinations[d].name, alert: alert?.name,
      showsDialog: alert?.style == .confirmationDialog,
      flow: fields.flow == 0
        ? nil
        : (
          spec.flows[Int(fields.flow) - 1].name, Int(fields.flowNext),
          spec.flows[Int(fields.flow) - 1].steps.count
        ),
      pending: pending, asciiName: spec.destinations[d].asciiName)
  }
}
