#if canImport(Glibc)
import Glibc
#endif

/// A value guarded by a pthread mutex. Used where ThreadSanitizer must see the locking:
/// `Synchronization.Mutex` on Linux locks with raw futexes, which TSan does not model, so
/// it reports races on data that is in fact protected.
final class PThreadLocked<Value>: @unchecked Sendable {
    private var value: Value
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
