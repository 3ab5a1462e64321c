/// One thread's expander, used by that thread alone during a parallel phase.
final class ExpanderBox<Expander: StateExpander>: @unchecked Sendable {
  var expander: Expander
  init(_ expander: Expander) { self.expander = expander }

  /// Expands the states `range` of `level` into `output`.
  ///
  /// - Parameter findsHomes: Whether to keep which states the expander said are home states
  ///   (only the return analysis needs it).
  func run(
    _ level: Level, _ range: Range<Int>, firstID: Int, output: ChunkOutput,
    table: FingerprintTable, findsHomes: Bool
  ) {
    var sink = SuccessorSink(table: table, buffers: ChunkBuffers(coverageMarks: 0))
    swap(&sink.buffers, &output.buffers)
    sink.buffers.reset()
    level.bytes.withUnsafeBytes { all in
      for i in range {
        let state = UnsafeRawBufferPointer(rebasing: all[level.offsets[i]..<level.offsets[i + 1]])
        let before = sink.buffers.candidates.count
        sink.expandsHome = false
        if !level.stop[i] {
          sink.parent = UInt32(firstID + i)
          sink.event = 0
          expander.expand(state, into: &sink)
        }
        if findsHomes { sink.buffers.homes.append(sink.expandsHome) }
        // New states are checked here, in parallel (invariants). The arena is lent out while
        // `check` runs, which may mark coverage but adds no successor.
        if sink.buffers.candidates.count > before {
          var arena: [UInt8] = []
          swap(&arena, &sink.buffers.arena)
          arena.withUnsafeBytes { bytes in
            for c in before..<sink.buffers.candidates.count
            where sink.buffers.candidates[c].known == .max {
              let candidate = sink.buffers.candidates[c]
              let state = UnsafeRawBufferPointer(
                rebasing: bytes[Int(candidate.offset)..<Int(candidate.offset + candidate.length)])
              if let finding = expander.check(state, into: &sink) {
                sink.buffers.candidates[c].finding = finding
              }
            }
          }
          swap(&arena, &sink.buffers.arena)
        }
        sink.buffers.candidateCounts.append(UInt32(sink.buffers.candidates.count - before))
      }
    }
    swap(&sink.buffers, &output.buffers)
  }
}
