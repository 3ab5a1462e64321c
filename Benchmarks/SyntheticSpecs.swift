import NavCheck

/// Synthetic specs whose state spaces grow with their parameters, for the benchmark.
enum SyntheticSpecs {
  /// An app of `screens` destinations in a ring: each pushes the next, presents a sheet of the
  /// one after, shows an alert with two buttons and runs `timers` independent async timers.
  /// The timers multiply the states (2^timers per screen), the ring and bounds give depth.
  static func ring(screens: Int, timers: Int, maxStackDepth: Int, maxPresentationDepth: Int)
    -> NavigationSpec
  {
    let names = (0..<screens).map { "S\($0)" }
    return NavigationSpec("Ring\(screens)x\(timers)", root: names[0]) {
      for (i, name) in names.enumerated() {
        Destination(name) {
          Push(names[(i + 1) % screens])
          Sheet(names[(i + 2) % screens]).label("Open")
          Alert("Confirm") {
            Button("Close") { Dismiss() }
            Button("Keep")
          }
          for t in 0..<timers { DismissAlert().async(cancelsOnDismiss: true).label("timer \(t)") }
          if i > 0 { DismissEnvironment().async(cancelsOnDismiss: true).label("Save") }
        }
      }
      DeepLink("home") { DismissAll() }
    }
    .bounds(maxStackDepth: maxStackDepth, maxPresentationDepth: maxPresentationDepth)
  }

  /// One screen with `timers` independent timers: exactly 2^timers states, shallow and wide.
  static func timers(_ timers: Int) -> NavigationSpec {
    NavigationSpec("Timers\(timers)", root: "A") {
      Destination("A") {
        for t in 0..<timers { DismissAlert().async(cancelsOnDismiss: true).label("t\(t)") }
      }
    }
  }
}
