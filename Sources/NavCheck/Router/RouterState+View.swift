extension StateView {
  /// The view of a state of the reference router, through either editor: the selected stack,
  /// then each environment presented above it.
  /// One thread's memo of the stacks of the views it built last (custom invariants build a
  /// view of every new state, and consecutive states share most stacks): a stack whose
  /// screens are those of the same slot last time reuses its array.
  final class Cache {
    /// Per slot (a tab's stack by index, then each presented environment by depth), the
    /// screens' fields and their views.
    @exclusivity(unchecked) var slots: [(fields: [ScreenState], screens: [Screen])] = []
  }

  init<S: StateEditor>(
    _ s: __shared S, _ spec: borrowing CompiledSpec, reusing cache: Cache? = nil
  ) {
    // Custom invariants build one for every new state: the common screen (no alert, cursor
    // or pending work) is its destination's name alone, and each stack is built once, at its
    // size.
    func screen(_ fields: ScreenState) -> Screen {
      let d = Int(fields.destination)
      guard fields.pending != 0 || fields.alert != 0 || fields.flow != 0 else {
        return Screen(destination: spec.destinations[d].name, pending: [])
      }
      var pending: [String] = []
      for (bit, t) in spec.destinations[d].asyncTransitions.enumerated()
      where fields.pending & (1 << UInt64(bit)) != 0 {
        pending.append(spec.transitionName(t))
      }
      // The stack work its stack's bottom holds, named with its destination.
      for (k, t) in spec.stackWork.enumerated()
      where spec.stackBase + k < 64 && fields.pending & (1 << UInt64(spec.stackBase + k)) != 0 {
        pending.append(
          "\(spec.destinations[spec.transitions[t].destination].name).\(spec.transitionName(t))")
      }
      let alert = fields.alert == 0 ? nil : spec.alerts[Int(fields.alert) - 1]
      return Screen(
        destination: spec.destinations[d].name, alert: alert?.name,
        showsDialog: alert?.style == .confirmationDialog,
        flow: fields.flow == 0
          ? nil
          : (
            spec.flows[Int(fields.flow) - 1].name, Int(fields.flowNext),
            spec.flows[Int(fields.flow) - 1].steps.count
          ),
        pending: pending)
    }
    /// The stack whose bottom is `bottom`, bottom to top, and its top; `slot` names it in
    /// `cache`.
    func stack(from bottom: S.Position, slot: Int) -> (screens: [Screen], top: S.Position) {
      if let cache, slot < cache.slots.count {
        let cached = cache.slots[slot]
        var p = bottom
        let same = cached.fields.withUnsafeBufferPointer { fields in
          var i = 0
          while i < fields.count && fields[i] == s[p] {
            i += 1
            guard let next = s.above(p) else { return i == fields.count }
            p = next
          }
          return false
        }
        if same { return (cached.screens, p) }
      }
      var count = 1
      var top = bottom
      while let next = s.above(top) {
        top = next
        count += 1
      }
      var screens: [Screen] = []
      var fields: [ScreenState] = []
      if let cache, slot < cache.slots.count {
        // Once the last view is gone, the slot's arrays are the cache's alone: refilled in
        // place, not freed and allocated again.
        swap(&screens, &cache.slots[slot].screens)
        swap(&fields, &cache.slots[slot].fields)
        screens.removeAll(keepingCapacity: true)
        fields.removeAll(keepingCapacity: true)
      }
      screens.reserveCapacity(count)
      if cache != nil { fields.reserveCapacity(count) }
      var p = bottom
      while true {
        screens.append(screen(s[p]))
        if cache != nil { fields.append(s[p]) }
        guard let next = s.above(p) else { break }
        p = next
      }
      if let cache {
        while cache.slots.count <= slot { cache.slots.append(([], [])) }
        cache.slots[slot] = (fields, screens)
      }
      return (screens, top)
    }
    let module = spec.modules[s.module]
    if spec.modules.count > 1 { self.module = module.name }
    if s.flags != 0 {
      flags = spec.spec.flags.indices.filter { $0 < 64 && s.flags & (1 << UInt64($0)) != 0 }
        .map { spec.spec.flags[$0].name }
    }
    if s.appPending != 0 {
      appPending = spec.appWork.indices.filter { s.appPending & (1 << UInt64($0)) != 0 }
        .map { spec.transitionName(spec.appWork[$0]) }
    }
    var selected: (screens: [Screen], top: S.Position)?
    if module.hasTabs {
      // Every tab's stack, from its root up: the roots are the screens with nothing below.
      tabs.reserveCapacity(module.roots.count)
      for i in 0..<s.screenCount {
        let p = s.position(preOrder: i)
        guard s.below(p) == nil else { continue }
        let built = stack(from: p, slot: tabs.count)
        if tabs.count == s.selectedStack { selected = built }
        tabs.append(Tab(name: spec.destinations[Int(s[p].destination)].name, stack: built.screens))
      }
      selectedTab = s.selectedStack
    }
    // The selected stack, then each environment presented above it.
    let tabSlots = Int(spec.maxTabs)
    var current = selected ?? stack(from: s.appRoot, slot: 0)
    environments = []
    environments.reserveCapacity(min(spec.spec.bounds.maxPresentationDepth + 1, 8))
    environments.append(Environment(style: .root, stack: current.screens))
    while let presented = s.presented(by: current.top) {
      current = stack(from: presented, slot: tabSlots + environments.count - 1)
      environments.append(
        Environment(style: Style(s.environmentStyle(of: presented)), stack: current.screens))
    }
  }
}

extension StateView.Style {
  /// The public style of an environment style of the state.
  init(_ style: EnvironmentStyle) {
    switch style {
    case .root: self = .root
    case .sheet: self = .sheet
    case .fullScreenCover: self = .fullScreenCover
    case .modal: self = .modal
    }
  }
}
