#if canImport(Glibc)
import Glibc
#endif

/// Blocks the calling thread for the whole of `duration`, even when signals interrupt
/// nanosleep: a datasheet's wait is a minimum, and a reset pulse cut short is no reset.
/// Nothing for zero or less.
public func sleepFully(for duration: Duration) {
    let (seconds, attoseconds) = duration.components
    guard seconds > 0 || (seconds == 0 && attoseconds > 0) else { return }
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR {
        request = remaining
    }
}
