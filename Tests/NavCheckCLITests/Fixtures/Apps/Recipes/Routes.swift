import SwiftUI

enum Route: Hashable {
  case recipe(id: String)
  case author(name: String)
}

enum SheetRoute: Identifiable {
  case newRecipe
  case share(id: String)
  var id: String { "\(self)" }
}
