#if canImport(Glibc)
import Glibc
#endif

/// The Unix group that grants access to each kind of device node on Raspberry Pi OS, so a
/// permission error can tell the operator which group the service's user is missing.
public enum DeviceGroup: String, Sendable, CaseIterable {
    case i2c, spi, gpio, video

    /// The classified error for `code` from `operation` on `device`.
    public func error(_ code: Int32, device: String, operation: String) -> BusError {
        BusError.fromErrno(code, device: device, operation: operation, group: rawValue)
    }
}

/// Small system helpers shared by the device types.
enum SystemCalls {
    /// Opens a device node read-write; close-on-exec so spawned helpers never inherit a bus.
    static func openDevice(_ path: String, group: DeviceGroup) throws(BusError) -> Int32 {
        while true {
            let fd = open(path, O_RDWR | O_CLOEXEC)
            if fd >= 0 { return fd }
            let code = errno
            if code != EINTR { throw group.error(code, device: path, operation: "open") }
        }
    }

    /// Sleeps the whole duration even when signals interrupt nanosleep.
    static func sleep(nanoseconds: Int64) {
        guard nanoseconds > 0 else { return }
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR {
            request = remaining
        }
    }
}

extension Duration {
    /// Whole nanoseconds, saturating: timeouts come from configuration and may be huge.
    var clampedNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? Int64.max : scaled.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
    }
}
