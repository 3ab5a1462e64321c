/// What one chunk of parents produced in a parallel phase, merged in order afterwards.
struct ChunkBuffers {
  struct Candidate {
    var fingerprint: UInt64
    var parent: UInt32
    var event: UInt16
    var returning: Bool
    /// The state's id where the table already held it when the phase began, else `.max`.
    var known: UInt32
    var offset: UInt32
    var length: UInt32
    /// The finding a new state's check reported, else `.max`.
    var finding: UInt32
  }

  struct FirstFinding {
    var count: Int
    var parent: UInt32
    var event: UInt16
  }

  var arena: [UInt8] = []
  var candidates: [Candidate] = []
  /// For each parent of the chunk, in order: how many candidates it produced.
  var candidateCounts: [UInt32] = []
  /// For each parent: whether it is a home state.
  var homes: [Bool] = []
  var transitions = 0
  var pruned = 0
  var findings: [UInt32: FirstFinding] = [:]
  var findingOrder: [UInt32] = []
  var coverage: [UInt64]

  init(coverageMarks: Int) {
    coverage = Array(repeating: 0, count: (coverageMarks + 63) / 64)
  }

  mutating func reset() {
    arena.removeAll(keepingCapacity: true)
    candidates.removeAll(keepingCapacity: true)
    candidateCounts.removeAll(keepingCapacity: true)
    homes.removeAll(keepingCapacity: true)
    transitions = 0
    pruned = 0
    findings.removeAll(keepingCapacity: true)
    findingOrder.removeAll(keepingCapacity: true)
  }

  mutating func record(_ key: UInt32, parent: UInt32, event: UInt16) {
    if findings[key] != nil {
      findings[key]!.count += 1
    } else {
      findings[key] = FirstFinding(count: 1, parent: parent, event: event)
      findingOrder.append(key)
    }
  }
}

/// A chunk's buffers between phases: filled by one worker, then read by the merge.
final class ChunkOutput: @unchecked Sendable {
  var buffers: ChunkBuffers
  init(coverageMarks: Int) { buffers = ChunkBuffers(coverageMarks: coverageMarks) }
}
