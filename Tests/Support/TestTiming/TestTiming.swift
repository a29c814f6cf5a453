#if canImport(Glibc)
import Glibc
#endif

/// Waiting in tests without wall-clock deadlines that a busy machine or a sanitizer can
/// hit: a wait polls until its condition holds and ends only when the test's own time limit
/// cancels it. Deadlines the product promises (a stop within systemd's timeout, a request
/// timeout) stay asserted, stretched only in sanitizer builds, which run 2–20× slower.
public enum TestTiming {
    /// True in a build with ThreadSanitizer or AddressSanitizer: their runtimes are linked in.
    public static let underSanitizer: Bool = dlsym(nil, "__tsan_init") != nil || underAddressSanitizer

    /// AddressSanitizer holds freed memory in quarantine (256 MiB by default) and maps shadow
    /// for what it touches, so a process's RSS says nothing about what the product would hold:
    /// peak-memory checks do not apply (LeakSanitizer checks leaks instead).
    public static let underAddressSanitizer: Bool = dlsym(nil, "__asan_init") != nil

    /// How much longer than promised a product deadline may take in this build.
    public static let slowdown: Int = underSanitizer ? 5 : 1

    /// `duration` as asserted in this build.
    public static func scaled(_ duration: Duration) -> Duration { duration * slowdown }

    /// Polls `condition` every `interval` until it holds (true) or the task is cancelled,
    /// as a time limit does (false). It runs on the caller's actor.
    public static func eventually(
        every interval: Duration = .milliseconds(5),
        isolation: isolated (any Actor)? = #isolation,
        _ condition: () -> Bool
    ) async -> Bool {
        while !condition() {
            if Task.isCancelled { return false }
            try? await Task.sleep(for: interval)
        }
        return true
    }
}
