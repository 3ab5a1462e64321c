import NavCheck

extension LimitNames {
  /// The command line's names: its flags, and ^C.
  static let commandLine = LimitNames(
    maxStates: "--max-states", memoryLimit: "--memory-limit", cancellation: "with ^C")
}
