/// A value handed to Dispatch's workers; each touches only its own part.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
