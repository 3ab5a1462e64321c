import NavCheck
import NavCheckTesting

/// The spec of `navcheck-crashing-router`, whose router dies on a sheet over a pushed screen;
/// the journal tests check the sequence the program leaves against it.
public let crashingSpec = NavigationSpec("Crashing", root: "Home") {
  Destination("Home") {
    Push("Detail")
    Sheet("Compose")
  }
  Destination("Detail") { Sheet("Compose") }
  Destination("Compose") { Dismiss() }
}

/// A router that dies when a sheet is presented over a pushed screen (a trap, as
/// `firstIndex(of:)!` on a missing screen is).
public final class CrashingRouter: RouterAdapter {
  var stack = ["Home"]
  var sheet: String?

  public init() {}

  public func perform(_ step: NavigationStep) throws {
    switch step.event {
    case .transition(.push(let destination), _): stack.append(destination)
    case .transition(.sheet(let destination), _):
      if stack.count > 1 { fatalError("CrashingRouter: a sheet over a pushed screen") }
      sheet = destination
    case .transition(.dismiss(nil), _), .swipeDown: sheet = nil
    case .swipeBack: stack.removeLast()
    default: throw RouterAdapterError.unsupported(step)
    }
  }

  public func snapshot() -> RouterSnapshot {
    var routers = [
      RouterSnapshot.Router(
        id: "root", screen: stack[0], path: Array(stack.dropFirst()),
        sheet: sheet.map { _ in "sheet" })
    ]
    if let sheet { routers.append(.init(id: "sheet", screen: sheet, parent: "root", slot: .sheet)) }
    return RouterSnapshot(routers: routers)
  }
}
