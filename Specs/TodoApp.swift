import NavCheck

/// The todo app of the "Abstracting Navigation" article: a list of todos, a details screen
/// pushed from it and an "add todo" sheet, all driven from view models that call `push`,
/// `present` and `back` on an abstract navigator.
///
/// **The bug it carries** (`orphanedCompletion`): the add sheet's view model starts a network
/// save and dismisses the sheet when the save completes. The sheet can still be swiped down
/// while the save is in flight, so the completion later calls `dismiss()` on a navigator whose
/// sheet is already gone (and, in the real app, closes whatever is presented then). Shortest
/// trace: tap Add, start Save, swipe the sheet down.
///
/// **The fix**: keep the sheet up while saving (`.interactiveDismissDisabled(isSaving)`, here
/// `swipeToDismiss: false`), or tie the save to the sheet's lifetime
/// (`.async(cancelsOnDismiss: true)`, SwiftUI's `.task`).
public let todoApp = NavigationSpec("TodoApp", root: Route.todoList) {
  Destination(Route.todoList) {
    Push(Route.todoDetails).label("Open todo")
    Sheet(Route.addTodo).label("Add")
  }
  Destination(Route.todoDetails) {
    // The details view model calls `navigator.back()`.
    Dismiss().label("Back")
  }
  Destination(Route.addTodo) {
    // The save completes whenever the network answers, even after a swipe-down.
    DismissEnvironment().async().label("Save")
  }
}
.bounds(maxStackDepth: 3, maxPresentationDepth: 1)

/// The todo app's screens, as its `enum Route` names them.
private enum Route: String {
  case todoList = "TodoList"
  case todoDetails = "TodoDetails"
  case addTodo = "AddTodo"
}
