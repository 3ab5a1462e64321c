import SwiftUI

struct RootView: View {
  @State private var selected: AppTab = .inbox
  var body: some View {
    TabView(selection: $selected) {
      ForEach(AppTab.allCases, id: \.self) { tab in
        tab.content.tag(tab)
      }
    }
  }
}

extension AppTab {
  @ViewBuilder var content: some View {
    switch self {
    case .inbox: InboxView()
    case .explore: ExploreView()
    case .settings: SettingsView()
    }
  }
}

struct InboxView: View {
  @Environment(Router.self) private var router
  var body: some View {
    List {
      Button("Open") { router.navigate(to: .thread(id: 1)) }
      Button("Write") { router.presentedSheet = .compose }
    }
    .refreshable {
      await reload()
      router.navigate(to: .search)
    }
  }
  func reload() async {}
}

struct ExploreView: View {
  @Environment(Router.self) private var router
  var body: some View {
    Button("Profile") { router.navigate(to: .profile(handle: "a")) }
  }
}

struct SettingsView: View {
  @Environment(Router.self) private var router
  var body: some View {
    Button("Edit") { router.presentedSheet = .editProfile }
  }
}

extension View {
  func withSheets(_ sheet: Binding<PresentedSheet?>) -> some View {
    self.sheet(item: sheet) { sheet in
      switch sheet {
      case .compose: ComposeView()
      case .editProfile: EditProfileView()
      }
    }
  }
}

struct ComposeView: View { var body: some View { Text("Compose") } }
struct EditProfileView: View { var body: some View { Text("Edit") } }
