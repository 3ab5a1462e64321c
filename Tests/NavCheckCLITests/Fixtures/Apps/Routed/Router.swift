import SwiftUI

enum Destination: Hashable {
  case thread(id: Int)
  case profile(handle: String)
  case search
}

enum PresentedSheet: Identifiable {
  case compose
  case editProfile
  var id: Self { self }
}

enum AppTab: CaseIterable {
  case inbox, explore, settings
}

@Observable final class Router {
  var stack: [Destination] = []
  var presentedSheet: PresentedSheet?

  func navigate(to destination: Destination) { stack.append(destination) }
  func popToRoot() { stack.removeAll() }

  func handle(url: URL) {
    if url.path.contains("thread") { navigate(to: .thread(id: 1)) }
  }
}
