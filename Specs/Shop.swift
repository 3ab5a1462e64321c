import NavCheck

/// A larger shop app in a TabView of two tabs, each with its own stack: the catalog (categories,
/// search, product pages, reviews and a photo gallery) and the account (orders, a wishlist,
/// settings and a sign-in sheet); a cart sheet; a checkout flow in a full-screen cover
/// (shipping address, payment method, payment, confirmation) whose payment completes
/// asynchronously, authorised or declined; a sign-in flag that the sign-in request sets and
/// signing out clears (orders need it); deep links to the cart and to an order.
///
/// **The bugs it carries, on purpose**:
///
/// - `orphanedCompletion`: the payment screen starts the charge ("Pay") and pushes the
///   confirmation when it is authorised (or shows an alert when it is declined), but the user
///   can still close the checkout (or swipe back)
///   while the charge is in flight; the completion then pushes through a router whose screen is
///   gone. Shortest trace: open the cart, start checkout, continue through address and payment
///   method, start Pay, close the checkout. Fix: hide Close and disable the back gesture while
///   paying, or cancel the charge with the screen (`.async(cancelsOnDismiss: true)`).
/// - `actionFromCoveredScreen`: the `order` deep link switches to the account tab and pushes
///   the order's details without closing what is shown: with the cart sheet (or an alert, or
///   the checkout) up, the tab switches under it. Shortest trace: open the cart, then the deep
///   link. Fix: `DismissAll()` first, as the `cart` link does.
///
/// Bounds: stacks of 4 screens (product pages link to related products and brands without
/// end) and two presentations (the cart sheet, then the checkout cover over it), about 46,000
/// states.
public let shop = NavigationSpec("Shop", tabs: [Route.catalog, Route.account]) {
  Flag("signedIn")
  browsing
  cartAndCheckout
  accountArea
  DeepLink("cart") {
    DismissAll()
    Sheet(Route.cart)
  }
  DeepLink("order", start: .root) {
    SelectTab(Route.account)
    Push(Route.orderDetails)
  }
  Invariant("at most one cart") { state in state.count(of: Route.cart) <= 1 }
  Invariant("checkout only over the cart") { state in
    state.environments.indices.allSatisfy { index in
      state.environments[index].style != .fullScreenCover
        || state.environments[index].stack.first?.destination != Route.shippingAddress.rawValue
        || state.environments[index - 1].stack.last?.destination == Route.cart.rawValue
    }
  }
}
.bounds(maxStackDepth: 4, maxPresentationDepth: 2)

/// The shop's screens.
private enum Route: String {
  case catalog = "Catalog"
  case categories = "Categories"
  case category = "Category"
  case search = "Search"
  case searchFilters = "SearchFilters"
  case product = "Product"
  case brand = "Brand"
  case reviews = "Reviews"
  case writeReview = "WriteReview"
  case gallery = "Gallery"
  case cart = "Cart"
  case promoCode = "PromoCode"
  case shippingAddress = "ShippingAddress"
  case addressBook = "AddressBook"
  case paymentMethod = "PaymentMethod"
  case addCard = "AddCard"
  case payment = "Payment"
  case confirmation = "Confirmation"
  case account = "Account"
  case signIn = "SignIn"
  case orders = "Orders"
  case orderDetails = "OrderDetails"
  case trackShipment = "TrackShipment"
  case wishlist = "Wishlist"
  case settings = "Settings"
  case notificationSettings = "NotificationSettings"
}

/// Catalog, categories, search and product pages, all in the root navigation stack.
@SpecBuilder private var browsing: [SpecNode] {
  Destination(Route.catalog) {
    Push(Route.categories).label("Browse")
    Push(Route.search).label("Search")
    Push(Route.product).label("Featured")
    Sheet(Route.cart).label("Cart")
  }
  Destination(Route.categories) {
    Push(Route.category).label("Open category")
  }
  Destination(Route.category) {
    Push(Route.category).label("Subcategory")
    Push(Route.product).label("Open product")
    Sheet(Route.searchFilters).label("Filter")
    Sheet(Route.cart).label("Cart")
  }
  Destination(Route.search) {
    Push(Route.product).label("Open result")
    Sheet(Route.searchFilters).label("Filters")
    Sheet(Route.cart).label("Cart")
  }
  Destination(Route.searchFilters, navigation: false) {
    DismissEnvironment().label("Apply")
  }
  Destination(Route.product) {
    Push(Route.reviews).label("Reviews")
    Push(Route.product).label("Related product")
    Push(Route.brand).label("Brand")
    FullScreenCover(Route.gallery).label("Photos")
    Alert("AddedToCart") {
      Button("View cart") { Sheet(Route.cart) }
      Button("Keep shopping")
    }
    // The "added to cart" toast hides itself: a timer tied to the page (`.task`, cancelled
    // with it) that closes the page's alert, if one is up, when it fires.
    DismissAlert().async(cancelsOnDismiss: true).label("Hide toast")
    Sheet(Route.cart).label("Cart")
  }
  Destination(Route.brand) {
    Push(Route.product).label("Open product")
    Sheet(Route.cart).label("Cart")
  }
  Destination(Route.reviews) {
    Sheet(Route.writeReview).label("Write a review")
  }
  // Unsaved text: no swipe-down, the user submits or discards.
  Destination(Route.writeReview, navigation: false, swipeToDismiss: false) {
    DismissEnvironment().label("Submit")
    Alert("DiscardReview") {
      Button("Discard") { DismissEnvironment() }
      Button("Keep editing")
    }
  }
  Destination(Route.gallery, navigation: false) {
    Dismiss().label("Close")
  }
}

/// The cart sheet and the checkout flow it starts in a full-screen cover.
@SpecBuilder private var cartAndCheckout: [SpecNode] {
  Destination(Route.cart) {
    Push(Route.promoCode).label("Promo code")
    StartFlow("Checkout").label("Checkout")
    DismissEnvironment().label("Close")
  }
  Destination(Route.promoCode) {
    Dismiss().label("Apply")
  }
  Flow("Checkout") {
    FullScreenCover(Route.shippingAddress)
    Push(Route.paymentMethod)
    Push(Route.payment)
    Push(Route.confirmation)
  }
  Destination(Route.shippingAddress) {
    Next().label("Continue")
    Push(Route.addressBook).label("Saved addresses")
    DismissEnvironment().label("Cancel")
  }
  Destination(Route.addressBook) {
    Dismiss().label("Use address")
  }
  Destination(Route.paymentMethod) {
    Next().label("Continue")
    Push(Route.addCard).label("Add card")
  }
  Destination(Route.addCard) {
    Dismiss().label("Save card")
  }
  Destination(Route.payment) {
    // The user can leave while the charge is in flight: the planted orphanedCompletion.
    DismissEnvironment().label("Close checkout")
    // The charge ends one way or the other: authorised shows the confirmation, declined an
    // alert (never both: the first outcome ends the request).
    Async("Pay") {
      Outcome("authorised") { Next() }
      Outcome("declined") { Alert("PaymentDeclined") }
    }
  }
  Destination(Route.confirmation) {
    DismissAll().label("Continue shopping")
  }
}

/// The account area: orders, wishlist, settings and a sign-in sheet.
@SpecBuilder private var accountArea: [SpecNode] {
  Destination(Route.account) {
    Push(Route.orders).label("Orders").when("signedIn")
    Push(Route.wishlist).label("Wishlist")
    Push(Route.settings).label("Settings")
    Sheet(Route.signIn).label("Sign in").unless("signedIn")
  }
  Destination(Route.signIn, swipeToDismiss: false) {
    Async("Sign in", cancelsOnDismiss: true) {
      Outcome("ok") {
        SetFlag("signedIn", true)
        DismissEnvironment()
      }
      Outcome("failed") { Alert("SignInFailed") }
    }
    DismissEnvironment().label("Cancel")
  }
  Destination(Route.orders) {
    Push(Route.orderDetails).label("Open order")
  }
  Destination(Route.orderDetails) {
    Push(Route.trackShipment).label("Track")
    Alert("CancelOrder") {
      Button("Cancel order") { Dismiss() }
      Button("Keep order")
    }
  }
  Destination(Route.trackShipment)
  Destination(Route.wishlist) {
    Push(Route.product).label("Open item")
    Sheet(Route.cart).label("Cart")
  }
  Destination(Route.settings) {
    Push(Route.notificationSettings).label("Notifications")
    Alert("SignOut") {
      Button("Sign out") {
        SetFlag("signedIn", false)
        DismissAll()
      }
      .when("signedIn")
      Button("Cancel")
    }
  }
  Destination(Route.notificationSettings)
}
