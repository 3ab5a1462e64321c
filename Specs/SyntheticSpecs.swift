import NavCheck

/// The benchmark family: specs whose state spaces grow with their parameters (the benchmark
/// measures them; tests run the smallest).
///
/// ```swift
/// let spec = SyntheticSpecs.mesh(destinations: 3, maxStackDepth: 3, maxPresentationDepth: 1)
/// ```
public enum SyntheticSpecs {
  /// `destinations` screens that each push every destination, present the next as a sheet and
  /// the one after as a full-screen cover, start an async dismissEnvironment (cancelled on
  /// dismiss) and can dismiss. Async work, stacks and presentations interleave, as in an app.
  public static func mesh(destinations: Int, maxStackDepth: Int, maxPresentationDepth: Int)
    -> NavigationSpec
  {
    let names = (0..<destinations).map { "D\($0)" }
    return NavigationSpec(
      "Mesh\(destinations)x\(maxStackDepth)x\(maxPresentationDepth)", root: names[0]
    ) {
      for (i, name) in names.enumerated() {
        Destination(name) {
          for target in names { Push(target) }
          Sheet(names[(i + 1) % destinations])
          FullScreenCover(names[(i + 2) % destinations])
          DismissEnvironment().async(cancelsOnDismiss: true).label("Save")
          Dismiss().label("Close")
        }
      }
    }
    .bounds(maxStackDepth: maxStackDepth, maxPresentationDepth: maxPresentationDepth)
  }

  /// A tabbed app (SEMANTICS v2): `tabs` tab roots, each pushing every one of `destinations`
  /// screens and selecting the next tab; each screen pushes every screen, presents the next as a
  /// sheet and the one after as an overlay modal (a background tap closes it), closes with a
  /// confirmation dialog, and starts async work that dismisses its environment. The tabs' stacks
  /// are independent, so the state space is their product.
  ///
  /// ```swift
  /// let spec = SyntheticSpecs.tabbed(tabs: 2, destinations: 1, maxStackDepth: 4, maxPresentationDepth: 2)
  /// ```
  public static func tabbed(
    tabs: Int, destinations: Int, maxStackDepth: Int, maxPresentationDepth: Int
  ) -> NavigationSpec {
    let roots = (0..<tabs).map { "T\($0)" }
    let names = (0..<destinations).map { "D\($0)" }
    return NavigationSpec(
      "Tabs\(tabs)x\(destinations)x\(maxStackDepth)x\(maxPresentationDepth)", tabs: roots
    ) {
      for (i, root) in roots.enumerated() {
        Destination(root) {
          for target in names { Push(target) }
          SelectTab(roots[(i + 1) % tabs]).label("Next tab")
        }
      }
      for (i, name) in names.enumerated() {
        Destination(name) {
          for target in names { Push(target) }
          Sheet(names[(i + 1) % destinations])
          Modal(names[(i + 2) % destinations])
          Alert("Close?", style: .confirmationDialog) { Button("Close") { Dismiss() } }
          DismissEnvironment().async(cancelsOnDismiss: true).label("Save")
        }
      }
    }
    .bounds(maxStackDepth: maxStackDepth, maxPresentationDepth: maxPresentationDepth)
  }

  /// The SEMANTICS v2 specs the benchmark measures with `--v2`: the bundled Mail app and a
  /// tabbed app of about a million states.
  public static var v2Sizes: [NavigationSpec] {
    [mail, tabbed(tabs: 2, destinations: 1, maxStackDepth: 4, maxPresentationDepth: 2)]
  }

  /// The sizes the benchmark runs, from 14,878 to 12,491,322 states; `quick` keeps the two
  /// smallest (CI's smoke run).
  public static func sizes(quick: Bool) -> [NavigationSpec] {
    let all = [
      mesh(destinations: 3, maxStackDepth: 3, maxPresentationDepth: 1),  // 14,878
      mesh(destinations: 2, maxStackDepth: 4, maxPresentationDepth: 1),  // 57,970
      mesh(destinations: 2, maxStackDepth: 3, maxPresentationDepth: 2),  // 299,922
      mesh(destinations: 4, maxStackDepth: 4, maxPresentationDepth: 1),  // 2,738,970
      mesh(destinations: 4, maxStackDepth: 3, maxPresentationDepth: 2),  // 12,491,322
    ]
    return quick ? Array(all.prefix(2)) : all
  }
}
