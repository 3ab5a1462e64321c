/// The largest sizes a spec may have, set by the router state's compact encoding (`StateCodec`,
/// `StateBuffer`): validation rejects a spec past one with a clear error, before anything is
/// explored.
enum StateLimits {
  /// Async transitions of one destination: a screen's pending work is one bit each in a
  /// `UInt64`.
  static let maxAsyncTransitionsPerDestination = UInt64.bitWidth
  /// Steps of one flow: a screen's cursor keeps the next step's index, up to the step count
  /// (past the last step), in a byte.
  static let maxFlowSteps = Int(UInt8.max)
  /// Screens in one state: a bound that keeps the largest state's encoding under a megabyte
  /// (a chunk's successors are addressed with 32-bit offsets).
  static let maxScreens = Int(UInt16.max)
  /// Destinations, alerts and flows: each is kept as a `UInt16` index (alerts and flows + 1).
  static let maxDeclaredNames = Int(UInt16.max) - 1
  /// The largest `maxStackDepth`: a deeper stack would not fit the screen count alongside the
  /// deepest presentation chain the encoding allows.
  static let maxStackDepth = Int(UInt8.max)
  /// The largest `maxPresentationDepth` with `maxStackDepth` screens in every environment.
  static let maxPresentationDepth = maxScreens / maxStackDepth - 1
}
