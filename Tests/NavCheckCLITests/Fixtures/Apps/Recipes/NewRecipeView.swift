import SwiftUI

struct NewRecipeView: View {
  @Environment(\.dismiss) private var dismiss
  var body: some View {
    Form {
      Button("Save") {
        Task {
          await save()
          dismiss()
        }
      }
    }
    .interactiveDismissDisabled()
  }
  func save() async {}
}

struct ShoppingView: View {
  @State private var showScanner = false
  var body: some View {
    List {}
      .fullScreenCover(isPresented: $showScanner) { ScannerView() }
  }
}

struct ScannerView: View {
  @Environment(\.dismiss) private var dismiss
  var body: some View { Button("Close") { dismiss() } }
}

struct AuthorView: View { let name: String; var body: some View { Text(name) } }
struct ShareView: View { let id: String; var body: some View { Text(id) } }
