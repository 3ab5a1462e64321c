import SwiftUI

final class AppCoordinator: ObservableObject {
  @Published var path: [AppRoute] = []
  @Published var presentedSheet: AppRoute?
  @Published var presentedCover: AppRoute?

  func show(_ route: AppRoute) {
    switch route.style {
    case .push: path.append(route)
    case .sheet: presentedSheet = route
    case .cover: presentedCover = route
    }
  }

  func back() { path.removeLast() }
}

struct AppRoute: Hashable, Identifiable {
  enum Style { case push, sheet, cover }
  let id: String
  let style: Style
  init(id: String, style: Style = .push, content: () -> some View) {
    self.id = id
    self.style = style
  }
}

extension AppRoute {
  static func profile(userID: String) -> AppRoute {
    AppRoute(id: "profile") { ProfileView(userID: userID) }
  }
  static var settings: AppRoute {
    AppRoute(id: "settings", style: .sheet) { SettingsView() }
  }
  static func player(itemID: String) -> AppRoute {
    AppRoute(id: "player", style: .cover) { PlayerView(itemID: itemID) }
  }
}
