/// One BFS level's encoded states, back to back.
struct Level {
  var bytes: [UInt8] = []
  var offsets: [Int] = [0]
  /// States that broke a rule: counted, not expanded.
  var stop: [Bool] = []

  var count: Int { stop.count }
  var isEmpty: Bool { stop.isEmpty }

  /// Bytes its arrays hold.
  var memoryBytes: Int { bytes.capacity + offsets.capacity * 8 + stop.capacity }

  mutating func append(_ state: [UInt8], stop: Bool) {
    state.withUnsafeBytes { append($0, stop: stop) }
  }

  mutating func append(_ state: UnsafeRawBufferPointer, stop: Bool) {
    bytes.append(contentsOf: state)
    offsets.append(bytes.count)
    self.stop.append(stop)
  }

  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    offsets.removeAll(keepingCapacity: true)
    offsets.append(0)
    stop.removeAll(keepingCapacity: true)
  }
}
