extension StateView {
  /// The view of a state of the reference router, through either editor: the selected stack,
  /// then each environment presented above it.
  init(_ s: some StateEditor, _ spec: CompiledSpec) {
    func screen(_ fields: ScreenState) -> Screen {
      let destination = spec.destinations[Int(fields.destination)]
      var pending: [String] = []
      for (bit, t) in destination.asyncTransitions.enumerated()
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
        destination: destination.name, alert: alert?.name,
        showsDialog: alert?.style == .confirmationDialog,
        flow: fields.flow == 0
          ? nil
          : (
            spec.flows[Int(fields.flow) - 1].name, Int(fields.flowNext),
            spec.flows[Int(fields.flow) - 1].steps.count
          ),
        pending: pending)
    }
    let module = spec.modules[s.module]
    if spec.modules.count > 1 { self.module = module.name }
    flags = spec.spec.flags.indices.filter { $0 < 64 && s.flags & (1 << UInt64($0)) != 0 }
      .map { spec.spec.flags[$0].name }
    appPending = spec.appWork.indices.filter { s.appPending & (1 << UInt64($0)) != 0 }
      .map { spec.transitionName(spec.appWork[$0]) }
    if module.hasTabs {
      // Every tab's stack, from its root up: the roots are the screens with nothing below.
      for i in 0..<s.screenCount {
        let p = s.position(preOrder: i)
        guard s.below(p) == nil else { continue }
        var stack = [screen(s[p])]
        var top = p
        while let next = s.above(top) {
          top = next
          stack.append(screen(s[top]))
        }
        tabs.append(Tab(name: spec.destinations[Int(s[p].destination)].name, stack: stack))
      }
      selectedTab = s.selectedStack
    }
    environments = []
    var bottom = s.appRoot
    var style = Style.root
    while true {
      var top = bottom
      var stack = [screen(s[top])]
      while let next = s.above(top) {
        top = next
        stack.append(screen(s[top]))
      }
      environments.append(Environment(style: style, stack: stack))
      guard let presented = s.presented(by: top) else { break }
      style = Style(s.environmentStyle(of: presented))
      bottom = presented
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
