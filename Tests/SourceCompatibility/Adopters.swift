// Frozen: adopters' code as of the end of issue 31 (see Package.swift). Copied from the
// example routers' tests: their specs and recorded sequences. Change only to keep it compiling
// against a deliberate break, which CHANGELOG.md then lists.

import NavCheck
import NavCheckTesting

// From ScreenStackRouterTests.swift.
/// A trip planner: a trip pushed on the list, edited on a screen that saves over the network
/// and then closes itself, a place picker pushed while editing, an alert to delete the trip,
/// and an onboarding flow (a full-screen cover, then a sheet that cannot be swiped away) that
/// ends back on the list.
let tripPlanner = NavigationSpec("TripPlanner", root: "TripList") {
  Destination("TripList") {
    Push("Trip")
    StartFlow("Onboarding").label("Take the tour")
  }
  Destination("Trip") {
    Push("EditTrip").label("Edit")
    Alert("DeleteTrip") {
      Button("Delete") { Dismiss() }
      Button("Cancel")
    }
    .label("Delete")
  }
  Destination("EditTrip") {
    Dismiss().async(cancelsOnDismiss: true).label("Save")
    Push("PlacePicker").label("Add place")
  }
  Destination("PlacePicker") { Dismiss().label("Done") }
  Destination("Welcome") { Next().label("Continue") }
  Destination("Permissions", swipeToDismiss: false) {
    DismissTo("TripList").label("Start planning")
  }
  Flow("Onboarding") {
    FullScreenCover("Welcome")
    Sheet("Permissions")
  }
}
.bounds(maxStackDepth: 4, maxPresentationDepth: 2)

/// The shortest sequence that shows the bug: the save is under way when the user swipes its
/// screen away, and the task keeps the screen's router.
let saveThenSwipeBack: [EventReference] = [
  .transition(screen: "TripList", transition: .index(0)),
  .transition(screen: "Trip", transition: .label("Edit")),
  .transition(screen: "EditTrip", transition: .label("Save")),
  .gesture(.swipeBack),
]

// From NavigationPathCoordinatorRouterTests.swift.
/// A recipe book: recipes pushed on the list, a cooking mode over a recipe, and a new-recipe
/// sheet with a stack of its own (the ingredient picker), saved by a network call.
let recipeBook = NavigationSpec("RecipeBook", root: "RecipeList") {
  Destination("RecipeList") {
    Push("Recipe")
    Sheet("NewRecipe").label("New recipe")
  }
  Destination("Recipe") {
    Push("Recipe").label("Related recipe")
    FullScreenCover("CookingMode").label("Start cooking")
  }
  Destination("CookingMode") { DismissEnvironment().label("Done") }
  Destination("NewRecipe") {
    Push("IngredientPicker").label("Add ingredient")
    DismissEnvironment().label("Cancel")
    DismissEnvironment().async().label("Save")
  }
  Destination("IngredientPicker") { Dismiss().label("Choose") }
}
.bounds(maxStackDepth: 3, maxPresentationDepth: 1)

/// The coordinator as the articles publish it: the sheet's content shares it.
func sharedCoordinator() -> NavigationPathCoordinator {
  NavigationPathCoordinator(design: .sharedCoordinator, root: "RecipeList")
}

/// The fix: a child coordinator per presented sheet or cover.
func childCoordinators() -> NavigationPathCoordinator {
  NavigationPathCoordinator(design: .childCoordinatorPerPresentation, root: "RecipeList")
}

/// The shortest sequence that shows the bug: open the sheet, push from it.
let pushFromTheSheet: [EventReference] = [
  .transition(screen: "RecipeList", transition: .label("New recipe")),
  .transition(screen: "NewRecipe", transition: .label("Add ingredient")),
]

// From NavigationDirectionRouterTests.swift.
/// A shop's checkout: a three-screen flow pushed on the cart, and an address book in a sheet
/// with its own stack, where a new address is pushed.
let shopCheckout = NavigationSpec("Checkout", root: "Cart") {
  Destination("Cart") { StartFlow("Checkout").label("Check out") }
  Destination("Shipping") {
    Next().label("Continue")
    Sheet("AddressBook").label("Choose address")
  }
  Destination("Payment") { Next().label("Review order") }
  Destination("Review") { Dismiss().label("Edit payment") }
  Destination("AddressBook") {
    Push("NewAddress").label("New address")
    Dismiss().label("Cancel")
  }
  Destination("NewAddress") { Dismiss().label("Save") }
  Flow("Checkout") {
    Push("Shipping")
    Push("Payment")
    Push("Review")
  }
}
.bounds(maxStackDepth: 4, maxPresentationDepth: 1)

/// The shortest sequence that shows the bug: back from Payment by a swipe, the view model still
/// has Payment on top, and "Continue" goes to Review.
let continueAfterASwipeBack: [EventReference] = [
  .transition(screen: "Cart", transition: .label("Check out")),
  .transition(screen: "Shipping", transition: .label("Continue")),
  .gesture(.swipeBack),
  .transition(screen: "Shipping", transition: .label("Continue")),
]

// From PodcastRouterTests.swift.
/// A podcast app: shows pushed on the library, an alert to unfollow a show, a premium flow (a
/// plans sheet, then a checkout pushed in it, paid by a network call that closes the sheet and
/// stops with its screen), and a link to a show.
let podcasts = NavigationSpec("Podcasts", root: "Library") {
  Destination("Library") {
    Push("Show")
    StartFlow("Premium").label("Go premium")
  }
  Destination("Show") {
    Alert("Unfollow") {
      Button("Unfollow") { Dismiss() }
      Button("Cancel")
    }
  }
  Destination("Plans") { Next().label("Continue") }
  Destination("Checkout") { DismissEnvironment().async(cancelsOnDismiss: true).label("Pay") }
  Flow("Premium") {
    Sheet("Plans")
    Push("Checkout")
  }
  DeepLink("show") {
    DismissAll()
    Push("Show")
  }
}
.bounds(maxStackDepth: 3, maxPresentationDepth: 1)

/// The shortest sequence that shows the bug: a show is open when the link arrives.
let linkOverAShow: [EventReference] = [
  .transition(screen: "Library", transition: .index(0)),
  .deepLink("show"),
]

// From RoutingPatternRouterTests.swift.
/// A storefront: products pushed on the catalog, a cart sheet with its own stack (checkout,
/// paid by a network call), an onboarding tour as a full-screen cover, and a deep link that
/// opens the order status over whatever is up.
let storefront = NavigationSpec("Storefront", root: "Catalog") {
  Destination("Catalog") {
    Push("Product")
    Sheet("Cart").label("Cart")
    FullScreenCover("Onboarding").label("Take the tour")
  }
  Destination("Product") { Sheet("Cart").label("Add to cart") }
  Destination("Cart") {
    Push("Checkout")
    Dismiss().label("Close")
  }
  Destination("Checkout") { DismissEnvironment().async().label("Pay") }
  Destination("Onboarding") { DismissEnvironment().label("Start shopping") }
  Destination("OrderStatus") { Dismiss().label("Done") }
  DeepLink("orderStatus") {
    DismissAll()
    Sheet("OrderStatus")
  }
}
.bounds(maxStackDepth: 3, maxPresentationDepth: 1)

/// The shortest sequence that shows the bug: the tour's cover is up when the deep link asks
/// for a sheet.
let deepLinkDuringTheTour: [EventReference] = [
  .transition(screen: "Catalog", transition: .label("Take the tour")),
  .deepLink("orderStatus"),
]
