/// A buffer one worker owns for its whole run.
final class ScratchBuffer {
  let buffer: UnsafeMutableRawBufferPointer
  init(bytes: Int) {
    buffer = .allocate(byteCount: max(bytes, 1), alignment: 8)
    buffer.initializeMemory(as: UInt8.self, repeating: 0)
  }
  deinit { buffer.deallocate() }
}
