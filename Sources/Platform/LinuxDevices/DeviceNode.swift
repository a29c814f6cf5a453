import CKernel
#if canImport(Glibc)
import Glibc
#endif

/// An open device node (`/dev/i2c-1`, `/dev/spidev0.0`, `/dev/fb0`): its descriptor, and
/// its path for every message. Closed by `close()` or deinit.
public final class DeviceNode {
    public let path: String
    /// -1 once closed.
    public private(set) var descriptor: Int32

    /// Read-write and close-on-exec, so helpers the sign spawns never inherit a bus.
    public init(path: String) throws(DeviceError) {
        self.path = path
        self.descriptor = try SystemCall.run(path, .open) { open(path, O_RDWR | O_CLOEXEC) }
    }

    deinit { close() }

    public var isOpen: Bool { descriptor >= 0 }

    /// One read(2) of at most `count` bytes: fewer when the device sends fewer.
    public func read(count: Int, _ operation: @autoclosure () -> DeviceError.Operation) throws(DeviceError) -> [UInt8] {
        let fd = try openDescriptor(operation())
        var bytes = [UInt8](repeating: 0, count: count)
        let got = try SystemCall.run(path, operation()) { bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, count) } }
        return Array(bytes.prefix(got))
    }

    /// One write(2); returns how many bytes the device took.
    @discardableResult
    public func write(_ bytes: [UInt8], _ operation: @autoclosure () -> DeviceError.Operation) throws(DeviceError) -> Int {
        let fd = try openDescriptor(operation())
        return try SystemCall.run(path, operation()) { bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } }
    }

    /// An ioctl whose argument is a plain integer (I2C_SLAVE takes the address by value).
    public func control(_ request: UInt, value: UInt, _ operation: @autoclosure () -> DeviceError.Operation) throws(DeviceError) {
        let fd = try openDescriptor(operation())
        _ = try SystemCall.run(path, operation()) { ck_ioctl_value(fd, request, value) }
    }

    /// Runs `call` on the descriptor: -1 with errno is the error, EINTR is tried again.
    public func call<Result: FixedWidthInteger>(
        _ operation: @autoclosure () -> DeviceError.Operation,
        _ call: (Int32) -> Result
    ) throws(DeviceError) -> Result {
        let fd = try openDescriptor(operation())
        return try SystemCall.run(path, operation()) { call(fd) }
    }

    public func close() {
        guard descriptor >= 0 else { return }
        _ = Glibc.close(descriptor)
        descriptor = -1
    }

    /// EBADF after close, as the kernel would say it.
    func openDescriptor(_ operation: DeviceError.Operation) throws(DeviceError) -> Int32 {
        guard descriptor >= 0 else { throw DeviceError(device: path, operation: operation, code: .closed) }
        return descriptor
    }
}
