import SystemFiles
#if canImport(Glibc)
import Glibc
#endif

/// A failed bus operation, classified by what the program should do about it.
public struct BusError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// EIO, ENXIO, ENODEV, EAGAIN, ETIMEDOUT, EREMOTEIO: retry with backoff and re-initialise the panel.
        case transient
        /// EACCES/EPERM: the message names the device node and the group that grants access.
        case permissionDenied
        /// The device node does not exist (ENOENT): the message names it.
        case missingDevice
        /// A BUSY line did not reach its value in time: the message names the line.
        case busyTimeout
        /// Anything else (bad argument, unsupported operation).
        case other
    }

    public var kind: Kind
    /// The device node or line involved (`/dev/i2c-1`, `gpiochip0 line 24 (busy)`).
    public var device: String
    public var message: String

    public init(_ kind: Kind, device: String, message: String) {
        self.kind = kind
        self.device = device
        self.message = message
    }

    public var description: String { "\(device): \(message)" }

    /// Classifies an errno from an operation on `device`; `group` is the Unix group that
    /// grants access to it on Raspberry Pi OS (`i2c`, `spi`, `gpio`, `video`).
    public static func fromErrno(_ code: Int32, device: String, operation: String, group: String) -> BusError {
        let text = systemErrorText(code)
        switch code {
        case EIO, ENXIO, ENODEV, EAGAIN, ETIMEDOUT, EREMOTEIO:
            return BusError(.transient, device: device, message: "\(operation) failed: \(text)")
        case EACCES, EPERM:
            return BusError(.permissionDenied, device: device,
                            message: "\(operation): permission denied; add the service's user to the '\(group)' group (or run as a member of it)")
        case ENOENT:
            return BusError(.missingDevice, device: device,
                            message: "no such device; is the interface enabled (raspi-config) and the panel wired to it?")
        default:
            return BusError(.other, device: device, message: "\(operation) failed: \(text)")
        }
    }
}
