extension StateView {
  /// The view of a state of the reference router: the selected stack, then each environment
  /// presented above it.
  init(_ s: RouterState, _ spec: CompiledSpec) {
    func screen(_ node: RouterState.Screen) -> Screen {
      let fields = node.fields
      let destination = spec.destinations[Int(fields.destination)]
      var pending: [String] = []
      for (bit, t) in destination.asyncTransitions.enumerated()
      where fields.pending & (1 << UInt64(bit)) != 0 {
        pending.append(spec.transitionName(t))
      }
      return Screen(
        destination: destination.name,
        alert: fields.alert == 0 ? nil : spec.alerts[Int(fields.alert) - 1].name,
        flow: fields.flow == 0
          ? nil : (spec.flows[Int(fields.flow) - 1].name, Int(fields.flowNext)),
        pending: pending)
    }
    var stack = s.stacks[s.selected]
    environments = [Environment(style: .root, stack: stack.map(screen))]
    while let presented = stack.last?.presented {
      stack = presented.stack
      environments.append(Environment(style: Style(presented.style), stack: stack.map(screen)))
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
