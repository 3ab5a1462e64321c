/// One screen of a router state (SEMANTICS §2), 16 bytes.
struct ScreenState: Sendable, Equatable {
  /// Index of the destination in the compiled spec.
  var destination: UInt16
  /// Alert declaration index + 1; 0 where the screen shows no alert.
  var alert: UInt16 = 0
  /// Flow index + 1; 0 where the screen has no flow cursor.
  var flow: UInt16 = 0
  /// The flow cursor's next step index (meaningful only where `flow != 0`).
  var flowNext: UInt8 = 0
  /// Where an environment starts, its style; `.none` for a screen pushed on the one before.
  var style: EnvironmentStyle = .none
  /// Pending async transitions, one bit per async transition of the destination, in
  /// declaration order.
  var pending: UInt64 = 0
}

/// The environment styles of SEMANTICS §2, as a screen that starts an environment records it.
enum EnvironmentStyle: UInt8, Sendable {
  /// The screen does not start an environment: it is pushed on the screen before it.
  case none = 0
  case root = 1, sheet = 2, fullScreenCover = 3
}
