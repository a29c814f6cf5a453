#if canImport(Glibc)
import Glibc
#endif
import CKernel
import Synchronization

/// Shared by the awaiting task (which may cancel) and the transfer thread. The eventfd sits
/// in every poll() the transfer makes, so a cancel wakes a wait at once instead of at its deadline.
final class CancelSignal: Sendable {
    /// -1 when no eventfd could be had; waits then fall back to short slices.
    let fd: Int32
    private let flag = Atomic<Bool>(false)

    init() {
        fd = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    func cancel() {
        flag.store(true, ordering: .sequentiallyConsistent)
        guard fd >= 0 else { return }
        var one: UInt64 = 1
        _ = write(fd, &one, MemoryLayout<UInt64>.size)
    }

    var isCancelled: Bool { flag.load(ordering: .sequentiallyConsistent) }
}
