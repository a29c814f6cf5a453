#if canImport(Glibc)
import Glibc
#endif

/// Runs blocking work (a timetable import: seconds of CPU and disk) on a thread of its own at
/// nice 10, so it neither occupies one of the few cooperative threads the draw loop needs nor
/// competes with it for the CPU: the countdown keeps ticking during an import.
enum LowPriorityThread {
    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            let job = Job {
                // On Linux (NPTL) the nice value is per thread and `who` 0 is the calling thread.
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
                continuation.resume(returning: work())
            }
            var thread = pthread_t()
            let box = Unmanaged.passRetained(job).toOpaque()
            if pthread_create(&thread, nil, { context in
                let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
                job.body()
                return nil
            }, box) == 0 {
                pthread_detach(thread)
            } else {
                // No thread to be had: do the work here rather than never.
                Unmanaged<Job>.fromOpaque(box).takeRetainedValue().body()
            }
        }
    }

    private final class Job: @unchecked Sendable {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
