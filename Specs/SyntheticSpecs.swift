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

  /// A tabbed app (SEMANTICS §1): `tabs` tab roots, each pushing every one of `destinations`
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

  /// A client app of `tabs × screensPerTab` destinations, shaped like the social and mail
  /// clients that app teams model: each tab a root, content screens that push one another (a
  /// timeline, a post, a profile, …), a settings screen, a full-screen media viewer and a
  /// composer sheet that asks before it discards; content screens confirm a block in a dialog
  /// and start a delete that dismisses them when it completes (cancelled with the screen); the
  /// tab bar selects the next tab, and a notification deep link opens the second tab's first
  /// content screen. Its default, 5 × 12, is the 60-destination spec of Docs/Performance.md.
  ///
  /// ```swift
  /// let spec = SyntheticSpecs.client(maxStackDepth: 4, maxPresentationDepth: 2)
  /// ```
  public static func client(
    tabs: Int = 5, screensPerTab: Int = 12, maxStackDepth: Int, maxPresentationDepth: Int
  ) -> NavigationSpec {
    precondition(tabs >= 2 && screensPerTab >= 5)
    let content = screensPerTab - 3
    func name(_ tab: Int, _ screen: Int) -> String { "T\(tab)S\(screen)" }
    let roots = (0..<tabs).map { name($0, 0) }
    return NavigationSpec(
      "Client\(tabs)x\(screensPerTab)x\(maxStackDepth)x\(maxPresentationDepth)", tabs: roots
    ) {
      for t in 0..<tabs {
        let settings = name(t, content)
        let media = name(t, content + 1)
        let composer = name(t, content + 2)
        Destination(roots[t]) {
          Push(name(t, 1))
          Push(name(t, 2))
          Sheet(composer).label("Compose")
          Push(settings).label("Settings")
          SelectTab(roots[(t + 1) % tabs]).label("Next tab")
        }
        for s in 1..<content {
          Destination(name(t, s)) {
            Push(name(t, s % (content - 1) + 1))
            Push(name(t, (s + 1) % (content - 1) + 1))
            FullScreenCover(media)
            Sheet(composer).label("Reply")
            Alert("Block?", style: .confirmationDialog) { Button("Block") { Dismiss() } }
            Dismiss().async(cancelsOnDismiss: true).label("Delete")
          }
        }
        Destination(settings) { Push(name(t, 1)).label("Account") }
        Destination(media, navigation: false) { Dismiss().label("Close") }
        Destination(composer) {
          Alert("Discard?", style: .confirmationDialog) { Button("Discard") { Dismiss() } }
          Dismiss().label("Send")
        }
      }
      DeepLink("notification", start: .root) {
        SelectTab(roots[1])
        Push(name(1, 1))
      }
    }
    .bounds(maxStackDepth: maxStackDepth, maxPresentationDepth: maxPresentationDepth)
  }

  /// A shop with the findings real specs have, in three tabs (home, search, cart): `products`
  /// kinds of product page, each pushing the next kind, a gallery cover (no navigation bar: its
  /// "Similar" push is a finding), an options sheet whose save can fail, a "Share" dialog, an
  /// add-to-cart request whose outcome shows an alert (it can arrive over another alert, under
  /// a sheet, or after the page is gone), a wishlist only a signed-in user reaches, and a tap
  /// that selects the cart tab; search results found asynchronously push onto the search
  /// stack; the cart's checkout sheet pays asynchronously (the user can close it while the
  /// charge is in flight); signing in happens in a sheet of the home tab and sets the flag the
  /// pages read, so the tabs act on each other and are explored as their full product; a deep
  /// link pushes a page onto whatever is active. Realistic specs meet many violating events and
  /// many outcomes per state, which the mesh family does not.
  ///
  /// ```swift
  /// let spec = SyntheticSpecs.store(products: 3, maxStackDepth: 3, maxPresentationDepth: 2)
  /// ```
  public static func store(products: Int, maxStackDepth: Int, maxPresentationDepth: Int)
    -> NavigationSpec
  {
    precondition(products >= 1)
    let pages = (0..<products).map { "Product\($0)" }
    return NavigationSpec(
      "Store\(products)x\(maxStackDepth)x\(maxPresentationDepth)", tabs: ["Home", "Search", "Cart"]
    ) {
      Flag("signedIn")
      Destination("Home") {
        for page in pages { Push(page) }
        Sheet("SignIn").label("Sign in").unless("signedIn")
      }
      Destination("Search") {
        Push(pages[0]).label("Result")
        Async("Search") {
          Outcome("found") { Push(pages[products - 1]) }
          Outcome("none")
        }
        .actsOn(.stack)
      }
      Destination("Cart") {
        Push(pages[0]).label("Item")
        Sheet("Checkout")
      }
      for (i, page) in pages.enumerated() {
        Destination(page) {
          Push(pages[(i + 1) % products]).label("Related")
          FullScreenCover("Gallery")
          Sheet("Options")
          Async("Add to cart") {
            Outcome("added") { Alert("Added") }
            Outcome("failed") { Alert("CartError") }
          }
          Push("Wishlist").when("signedIn")
          Alert("Share", style: .confirmationDialog) {
            Button("Copy link")
            Button("Report") { Sheet("Report") }
          }
          SelectTab("Cart").label("Go to cart")
        }
      }
      Destination("Gallery", navigation: false) {
        Dismiss().label("Close")
        Push(pages[0]).label("Similar")
      }
      Destination("Options") {
        Async("Save", cancelsOnDismiss: true) {
          Outcome("saved") { DismissEnvironment() }
          Outcome("failed") { Alert("SaveError") }
        }
        DismissEnvironment().label("Cancel")
      }
      Destination("Checkout") {
        Push("Payment")
        DismissEnvironment().label("Close")
      }
      Destination("Payment") {
        Async("Pay") {
          Outcome("paid") { DismissAll() }
          Outcome("declined") { Alert("Declined") }
        }
      }
      Destination("SignIn", swipeToDismiss: false) {
        Async("Sign in", cancelsOnDismiss: true) {
          Outcome("ok") {
            SetFlag("signedIn", true)
            DismissEnvironment()
          }
          Outcome("failed") { Alert("SignInError") }
        }
        DismissEnvironment().label("Cancel")
      }
      Destination("Wishlist") { Push(pages[0]).label("Item") }
      Destination("Report") { DismissEnvironment().label("Send") }
      DeepLink("product") { Push(pages[0]) }
    }
    .bounds(maxStackDepth: maxStackDepth, maxPresentationDepth: maxPresentationDepth)
  }

  /// The app-like specs the benchmark measures with `--v2` (beside the bundled Shop at
  /// raised bounds): the bundled Mail app, a tabbed app of about a million states, the
  /// 60-destination client at bounds 8/2 (2.9 million states reduced) and the realistic
  /// family (`storeSizes`).
  public static var v2Sizes: [NavigationSpec] {
    [
      mail, tabbed(tabs: 2, destinations: 1, maxStackDepth: 4, maxPresentationDepth: 2),
      client(maxStackDepth: 8, maxPresentationDepth: 2),
    ] + storeSizes
  }

  /// The realistic family (`store`) the benchmark measures with `--v2`, from 112,266 to
  /// 5,924,046 states: the product of three tabs, many violating events and outcomes.
  public static var storeSizes: [NavigationSpec] {
    [
      store(products: 2, maxStackDepth: 3, maxPresentationDepth: 1),  // 112,266
      store(products: 2, maxStackDepth: 4, maxPresentationDepth: 1),  // 2,500,766
      store(products: 3, maxStackDepth: 4, maxPresentationDepth: 1),  // 4,036,526
      store(products: 4, maxStackDepth: 4, maxPresentationDepth: 1),  // 5,924,046
    ]
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
