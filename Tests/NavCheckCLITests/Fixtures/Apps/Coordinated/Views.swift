import SwiftUI

@main
struct PlayerApp: App {
  var body: some Scene { WindowGroup { HomeView() } }
}

struct HomeView: View {
  @EnvironmentObject var coordinator: AppCoordinator
  var body: some View {
    List {
      Button("Me") { coordinator.show(.profile(userID: "me")) }
      Button("Settings") { coordinator.show(.settings) }
    }
  }
}

struct ProfileView: View {
  @EnvironmentObject var coordinator: AppCoordinator
  let userID: String
  var body: some View {
    Button("Play") { coordinator.show(.player(itemID: userID)) }
      .confirmationDialog("Block user?", isPresented: .constant(false)) {
        Button("Block") { coordinator.back() }
      }
  }
}

struct SettingsView: View { var body: some View { Text("Settings") } }
struct PlayerView: View { let itemID: String; var body: some View { Text(itemID) } }
