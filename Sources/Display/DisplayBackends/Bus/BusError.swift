import LinuxDevices

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
        BusError(DeviceError(device: device, operation: .other(operation), code: .init(rawValue: code)), group: group)
    }

    /// The floor's error by what it asks of the operator; otherwise in the floor's words.
    init(_ error: DeviceError, group: String) {
        switch error.code {
        case .ioError, .noSuchDeviceOrAddress, .noSuchDevice, .tryAgain, .timedOut, .remoteIO:
            self.init(.transient, device: error.device, message: error.message)
        case .permissionDenied, .notPermitted:
            self.init(
                .permissionDenied, device: error.device,
                message:
                    "\(error.operation.words): permission denied; add the service's user to the '\(group)' group (or run as a member of it)"
            )
        case .noSuchFile:
            self.init(
                .missingDevice, device: error.device,
                message: "no such device; is the interface enabled (raspi-config) and the panel wired to it?")
        default:
            self.init(.other, device: error.device, message: error.message)
        }
    }
}
