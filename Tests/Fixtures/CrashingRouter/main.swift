// A test program whose router crashes the process on one sequence of events: the journal test
// runs it in a child process and finds that sequence in the journal it leaves.
import NavCheck
import NavCheckTestSupport
import NavCheckTesting

/// A router that dies when a sheet is presented over a pushed screen.
final class CrashingRouter: RouterAdapter {
  var stack = ["Home"]
  var sheet: String?

  func perform(_ step: NavigationStep) throws {
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

  func snapshot() -> RouterSnapshot {
    var routers = [
      RouterSnapshot.Router(
        id: "root", screen: stack[0], path: Array(stack.dropFirst()),
        sheet: sheet.map { _ in "sheet" })
    ]
    if let sheet { routers.append(.init(id: "sheet", screen: sheet, parent: "root", slot: .sheet)) }
    return RouterSnapshot(routers: routers)
  }
}

var options = RouterFuzzOptions()
options.seed = 7
fuzzRouter(crashingSpec, options: options) { CrashingRouter() }
print("CrashingRouter: no walk crashed")
