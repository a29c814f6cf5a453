#if canImport(Glibc)
import Glibc
#endif

/// A plain detached pthread for blocking work (a transfer, an import) that must not hold
/// one of the few cooperative threads: the body owns its lifetime and ends with the work.
public enum DetachedThread {
    /// False when no thread could be started; the body is then not run.
    public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Entry(body)).toOpaque()
        var thread = pthread_t()
        let rc = pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                Unmanaged<Entry>.fromOpaque(raw).takeRetainedValue().body()
                return nil
            }, context)
        guard rc == 0 else {
            Unmanaged<Entry>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    private final class Entry {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
