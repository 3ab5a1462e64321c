import SwiftUI

struct RecipeListView: View {
  @State private var path = NavigationPath()
  @State private var sheet: SheetRoute?
  @State private var confirmReset = false

  var body: some View {
    NavigationStack(path: $path) {
      List {
        NavigationLink(value: Route.recipe(id: "1")) { Text("Soup") }
        Button("New") { sheet = .newRecipe }
        Button("Reset") { confirmReset = true }
      }
      .navigationDestination(for: Route.self) { route in
        switch route {
        case .recipe(let id): RecipeView(id: id)
        case .author(let name): AuthorView(name: name)
        }
      }
      .sheet(item: $sheet) { sheet in
        switch sheet {
        case .newRecipe: NewRecipeView()
        case .share(let id): ShareView(id: id)
        }
      }
      .alert("Reset all?", isPresented: $confirmReset) {
        Button("Reset", role: .destructive) { path.removeLast(path.count) }
        Button("Cancel", role: .cancel) {}
      }
    }
  }
}

struct RecipeView: View {
  let id: String
  @State private var sheet: SheetRoute?
  var body: some View {
    VStack {
      NavigationLink(value: Route.author(name: "Ann")) { Text("Author") }
      Button("Share") { sheet = .share(id: id) }
    }
    .sheet(item: $sheet) { _ in ShareView(id: id) }
  }
}
