import NavCheck

/// A place in an app's code that navigates: a push, a presentation, an alert, a dismissal; or
/// that declares navigation (a `TabView`'s tabs, a `switch` from route cases to views). The
/// second pass of a draft collects them; the third resolves what they name.
struct NavigationSite {
  /// What a site names: a member of a route type (`.detail(id:)`, `Route.detail`), or a view
  /// (`DetailView(…)`), or something the draft cannot name (a variable).
  enum Target: Hashable {
    case member(type: String?, name: String)
    case view(String)
    case unnamed(String)
  }

  /// How a site presents: the spec's sheet and cover; a popover is drafted as a sheet (what it
  /// is on an iPhone).
  enum Style: String {
    case sheet, fullScreenCover, popover

    var action: (String) -> Action {
      switch self {
      case .sheet, .popover: { .sheet(destination: $0) }
      case .fullScreenCover: { .fullScreenCover(destination: $0) }
      }
    }
  }

  enum Effect {
    case push(Target)
    /// A presentation of this style; `nil`: the style its route type presents with.
    case present(Style?, Target)
    /// Through a router method whose effect depends on the route (a coordinator's `route(to:)`).
    case route(Target, via: String)
    case alert(
      title: String, style: AlertStyle, buttons: [(label: String, sites: [NavigationSite])])
    /// `dismiss()`, `path.removeLast()`, a router's pop.
    case dismiss
    /// `path.removeAll()`, `path = []`: back to the stack's root.
    case popToRoot
  }

  var effect: Effect
  /// The type whose code holds it.
  var owner: String
  var place: AppIndex.Place
  /// Inside `Task { … }`, `.task { … }` or after an `await`.
  var isAsync: Bool
  /// Inside `.task { … }`: cancelled with its view.
  var cancelsOnDismiss: Bool
  /// The deep link whose handler holds it.
  var deepLink: String?
  /// Why what it names is a guess, where it is.
  var guess: String?
}

/// A `sheet(item:)`-like modifier: the property it binds and how it presents.
struct PresentationBinding {
  var property: String
  var owner: String
  var style: NavigationSite.Style
  var view: String?
  var place: AppIndex.Place
  var isAsync: Bool
}

/// A `TabView` and the tabs the draft found in it.
struct TabDeclaration {
  enum Tab {
    /// A tab whose content is this view (`HomeView().tabItem { … }`, `Tab("Home") { HomeView() }`).
    case view(title: String?, view: String, place: AppIndex.Place)
    /// Every case of this enum (`ForEach(AppTab.allCases)`, `TabView(selection: $tab)`).
    case cases(of: String)
  }

  var tabs: [Tab]
  var place: AppIndex.Place
  var owner: String
}

/// A deep-link handler: `.onOpenURL { … }`, `OpenURLAction { … }`, a method taking a URL.
struct DeepLinkHandler {
  var name: String
  var place: AppIndex.Place
}
