#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value behind a pthread mutex: the project's one lock.
///
/// Not `Synchronization.Mutex`: on Linux its contended path locks and unlocks through raw
/// futex calls inside the standard library, which ThreadSanitizer cannot see, so every
/// contended lock was reported as a data race on the data it protects. ThreadSanitizer
/// intercepts pthread mutexes, so its reports stay about real races.
public final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    /// `sending`, as `Mutex` takes it: the value is reached only through the lock afterwards.
    public init(_ value: sending Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock. Never call back into the same
    /// `Locked` from `body`: the mutex is not recursive.
    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
