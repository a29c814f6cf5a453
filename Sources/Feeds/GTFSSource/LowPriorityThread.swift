#if canImport(Glibc)
import Glibc
#endif
import SystemFiles

/// Runs blocking work (a timetable import: seconds of CPU and disk) on a thread of its own at
/// nice 10, so it neither occupies one of the few cooperative threads the draw loop needs nor
/// competes with it for the CPU: the countdown keeps ticking during an import.
enum LowPriorityThread {
    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            let started = DetachedThread.start {
                // On Linux (NPTL) the nice value is per thread and `who` 0 is the calling thread.
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
                continuation.resume(returning: work())
            }
            // No thread to be had: do the work here rather than never.
            if !started { continuation.resume(returning: work()) }
        }
    }
}
