import Dispatch
import Foundation

#if canImport(Synchronization)
  import Synchronization
#endif

/// Runs one piece of work on each of a fixed number of threads, and waits for all of them.
///
/// The explorer runs three parallel phases per batch of 8,192 states, a few thousand a second.
/// `DispatchQueue.concurrentPerform` wakes a parked thread for each: on a virtual machine that
/// costs tens of microseconds a phase, during which one thread works alone.
protocol ParallelRunner: AnyObject {
  /// Runs `work(t)` for every worker `t` in `0..<threads`, the caller's thread taking `t = 0`,
  /// and returns when every call has returned.
  func run(_ work: @escaping (Int) -> Void)
  /// Lets the runner's threads end; `run` must not be called after.
  func stop()
}

/// The runner for `threads` threads: none for one thread, a `WorkerPool` where the
/// `Synchronization` module's atomics are available, `DispatchQueue.concurrentPerform` before
/// macOS 15 and iOS 18.
func makeParallelRunner(threads: Int) -> ParallelRunner? {
  guard threads > 1 else { return nil }
  #if canImport(Synchronization)
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      return WorkerPool(threads: threads)
    }
  #endif
  return DispatchRunner(threads: threads)
}

/// `DispatchQueue.concurrentPerform`, where `WorkerPool` is not available.
final class DispatchRunner: ParallelRunner {
  let threads: Int
  init(threads: Int) { self.threads = threads }
  func run(_ work: @escaping (Int) -> Void) {
    let box = UncheckedSendable(work)
    DispatchQueue.concurrentPerform(iterations: threads) { box.value($0) }
  }
  func stop() {}
}

#if canImport(Synchronization)
  /// Threads that stay awake for a moment between pieces of work, then park.
  ///
  /// After its work, each thread watches a generation counter for the next piece for up to
  /// `spin` nanoseconds (the serial steps between the explorer's phases take less), yielding
  /// its core between polls, then parks on its own semaphore; `run` wakes only the parked ones. The caller waits for the others
  /// the same way. Results never depend on which thread runs first: each worker `t` gets the
  /// same `t` every time.
  ///
  /// ```swift
  /// let pool = WorkerPool(threads: 2)
  /// pool.run { t in print("worker", t) }
  /// pool.stop()
  /// ```
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  final class WorkerPool: ParallelRunner, @unchecked Sendable {
    let threads: Int
    /// How long a thread watches for work before it parks.
    let spin: UInt64
    /// Bumped for each piece of work (and once by `stop`).
    private let generation = Atomic<Int>(0)
    /// Workers other than the caller's still running the current piece.
    private let remaining = Atomic<Int>(0)
    /// Each worker's parking place.
    private let slots: [Slot]
    /// The generation the caller is parked waiting for, 0 while it is not parked. A worker
    /// finishing an older piece late finds another generation, and does not wake it.
    private let callerParked = Atomic<Int>(0)
    private let finished = DispatchSemaphore(value: 0)
    /// The current piece of work, published by `generation`.
    private var work: (Int) -> Void = { _ in }
    private var stopping = false

    /// A worker's flag, 1 while it is parked, and the semaphore it parks on.
    private final class Slot: Sendable {
      let parked = Atomic<Int>(0)
      let wakeUp = DispatchSemaphore(value: 0)
    }

    /// Starts `threads - 1` threads.
    init(threads: Int, spin: UInt64 = 50_000) {
      precondition(threads >= 1)
      self.threads = threads
      self.spin = spin
      slots = (0..<threads).map { _ in Slot() }
      for t in 1..<threads {
        let thread = Thread { self.serve(t) }
        thread.stackSize = 8 << 20
        thread.start()
      }
    }

    func run(_ work: @escaping (Int) -> Void) {
      self.work = work
      remaining.store(threads - 1, ordering: .relaxed)
      let current = publish()
      work(0)
      wait(until: { self.remaining.load(ordering: .acquiring) == 0 }) {
        // The last worker to finish signals `finished` if it finds the generation here.
        callerParked.store(current, ordering: .sequentiallyConsistent)
        if remaining.load(ordering: .sequentiallyConsistent) != 0
          || !callerParked.compareExchange(
            expected: current, desired: 0, ordering: .sequentiallyConsistent
          ).exchanged
        {
          finished.wait()
        }
      }
      // The work's closure may hold its caller, which holds this pool.
      self.work = { _ in }
    }

    func stop() {
      stopping = true
      publish()
    }

    /// Bumps the generation (publishing `work` and `stopping`), wakes the parked workers and
    /// returns the new generation.
    @discardableResult
    private func publish() -> Int {
      let current = generation.add(1, ordering: .sequentiallyConsistent).newValue
      for slot in slots.dropFirst()
      where slot.parked.exchange(0, ordering: .sequentiallyConsistent) == 1 {
        slot.wakeUp.signal()
      }
      return current
    }

    /// Worker `t`'s loop: waits for each new generation and runs its piece of work.
    private func serve(_ t: Int) {
      let slot = slots[t]
      var seen = 0
      while true {
        let current = seen
        wait(until: { self.generation.load(ordering: .acquiring) != current }) {
          slot.parked.store(1, ordering: .sequentiallyConsistent)
          if generation.load(ordering: .sequentiallyConsistent) == current
            || slot.parked.exchange(0, ordering: .sequentiallyConsistent) == 0
          {
            // Either nothing new yet, or `publish` already took the flag and signals. (A
            // `publish` still waking the workers for the piece just done may wake this one
            // too early: `wait` then parks again.)
            slot.wakeUp.wait()
          }
        }
        seen = generation.load(ordering: .acquiring)
        if stopping { return }
        work(t)
        if remaining.subtract(1, ordering: .acquiringAndReleasing).newValue == 0,
          callerParked.compareExchange(
            expected: seen, desired: 0, ordering: .sequentiallyConsistent
          ).exchanged
        {
          finished.signal()
        }
      }
    }

    /// Watches `done` for up to `spin` nanoseconds, then calls `park` until `done` holds.
    @inline(__always)
    private func wait(until done: () -> Bool, park: () -> Void) {
      var deadline: UInt64 = 0
      var polls = 0
      while !done() {
        polls &+= 1
        guard polls & 63 == 0 else { continue }
        // With more threads than free cores, a thread that only watched would hold a core
        // the work needs.
        sched_yield()
        let now = DispatchTime.now().uptimeNanoseconds
        if deadline == 0 {
          deadline = now + spin
        } else if now > deadline {
          park()
        }
      }
    }
  }
#endif
