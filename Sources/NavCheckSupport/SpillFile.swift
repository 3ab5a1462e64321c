import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A temporary file without a name, for bytes the explorer keeps out of memory: written and
/// read back at offsets, by several threads at once (`pwrite`/`pread`).
///
/// It is unlinked as soon as it is created, so nothing is left behind however the process
/// ends. Where no temporary file can be made, `init` returns nil and the caller keeps its bytes
/// in memory.
public final class SpillFile: @unchecked Sendable {
  private let descriptor: Int32
  /// What the file holds, in words (for the error that ends the process where it cannot be
  /// read back).
  private let contents: String

  /// A new empty file in `folder` (nil: the temporary directory, `TMPDIR`) that holds
  /// `contents` (in words), or nil where none can be made.
  public init?(folder: String? = nil, holding contents: String) {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      let folder = folder ?? NSTemporaryDirectory()
      let separator = folder.hasSuffix("/") ? "" : "/"
      var template = Array("\(folder)\(separator)navcheck-XXXXXX".utf8CString)
      let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
      guard descriptor >= 0 else { return nil }
      _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
      self.descriptor = descriptor
      self.contents = contents
    #else
      return nil
    #endif
  }

  deinit {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      close(descriptor)
    #endif
  }

  /// Writes `count` bytes at `offset`; false where the file system refused them (a full disk):
  /// the caller keeps them in memory then.
  public func write(_ bytes: UnsafeRawPointer, count: Int, at offset: Int) -> Bool {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      var done = 0
      while done < count {
        let n = pwrite(descriptor, bytes + done, count - done, off_t(offset + done))
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return false }
        done += n
      }
      return true
    #else
      return false
    #endif
  }

  /// Reads `count` bytes written before at `offset` into `buffer`. A file that cannot give
  /// back what it took stops the process: the states in it cannot be had otherwise.
  public func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      var done = 0
      while done < count {
        let n = pread(descriptor, buffer + done, count - done, off_t(offset + done))
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else {
          fatalError(
            "NavCheck: the temporary file of the explorer's \(contents) could not be read back (\(n < 0 ? String(cString: strerror(errno)) : "it is shorter than written"))"
          )
        }
        done += n
      }
    #endif
  }

  /// Empties the file, giving its blocks back.
  public func removeAll() {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      _ = ftruncate(descriptor, 0)
    #endif
  }
}
