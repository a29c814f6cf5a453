import SystemFiles
#if canImport(Glibc)
import Glibc
#endif

extension DeviceError {
    /// An errno value, with names for the ones device code tells apart, so no caller needs
    /// Glibc to ask what went wrong. Its description is the system's own words.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: Int32

        public init(rawValue: Int32) {
            self.rawValue = rawValue
        }

        /// The calling thread's errno, read straight after the failed call.
        static var current: Code { Code(rawValue: errno) }

        public static let notPermitted = Code(rawValue: EPERM)
        public static let noSuchFile = Code(rawValue: ENOENT)
        public static let interrupted = Code(rawValue: EINTR)
        public static let ioError = Code(rawValue: EIO)
        public static let noSuchDeviceOrAddress = Code(rawValue: ENXIO)
        public static let tryAgain = Code(rawValue: EAGAIN)
        public static let permissionDenied = Code(rawValue: EACCES)
        /// EBADF: only ever a node used after `close()`.
        public static let closed = Code(rawValue: EBADF)
        public static let busy = Code(rawValue: EBUSY)
        public static let noSuchDevice = Code(rawValue: ENODEV)
        public static let invalidArgument = Code(rawValue: EINVAL)
        /// ENOTTY: an ioctl the node does not know (a regular file, the wrong kind of device).
        public static let notADevice = Code(rawValue: ENOTTY)
        public static let messageTooLong = Code(rawValue: EMSGSIZE)
        public static let notSupported = Code(rawValue: EOPNOTSUPP)
        public static let timedOut = Code(rawValue: ETIMEDOUT)
        /// What an I2C adapter gives when no chip acknowledged.
        public static let remoteIO = Code(rawValue: EREMOTEIO)

        /// `Permission denied`, `No such file or directory`, …
        public var description: String { systemErrorText(rawValue) }
    }
}
