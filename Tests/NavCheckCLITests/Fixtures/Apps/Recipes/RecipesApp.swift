import SwiftUI

@main
struct RecipesApp: App {
  var body: some Scene {
    WindowGroup { MainTabs() }
  }
}

struct MainTabs: View {
  var body: some View {
    TabView {
      RecipeListView().tabItem { Label("Recipes", systemImage: "book") }
      ShoppingView().tabItem { Label("Shopping", systemImage: "cart") }
    }
    .onOpenURL { url in
      deepLinkPath.append(Route.recipe(id: url.lastPathComponent))
    }
  }
}
