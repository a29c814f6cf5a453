public import DisplayBackends
#if canImport(Glibc)
import Glibc
#endif

/// Wraps another bus and makes it fail the way real buses do, so recovery can be proved
/// with the real drivers and a `TraceIO` underneath (whose trace an emulator replays):
///
/// - `failWrite(number:)`: one I2C/SPI write fails with EIO (a glitch, a loose wire);
/// - `stick(_:)`: a control line never reaches its value (`waitForLine` throws
///   `.busyTimeout` naming the line, as `HardwareIO` does) until `free(_:)`;
/// - `disconnect()`: every write fails (ENODEV by default, as an unplugged panel or
///   adapter answers) until `reconnect()`; `disconnect(afterWrites:)` lets that many more
///   through first, so a fault can land in the middle of a frame;
/// - `limits:`: the bus takes shorter writes than the wrapped one (a spidev with a small
///   `bufsiz`, an adapter that writes SMBus-sized blocks), so splitting shows on a few bytes.
///
/// A failed operation is not passed on: the bytes never reached the panel.
public final class FaultInjectingIO: PanelIO {
    public let inner: any PanelIO
    /// The device node errors name (`/dev/i2c-1`).
    public let device: String
    /// Write attempts so far (I2C and SPI, failed ones included).
    public private(set) var writeAttempts = 0
    /// Faults thrown so far.
    public private(set) var faultsInjected = 0

    private var failingWrites: Set<Int> = []
    /// Stuck lines and how errors describe them (`gpiochip0 line 24 (busy)`).
    private var stuckLines: [String: String] = [:]
    private var missing: BusError.Kind?
    /// A disconnect that starts once `writeAttempts` passes `after`.
    private var pendingDisconnect: (after: Int, kind: BusError.Kind)?
    private let ownLimits: TransferLimits?

    /// The wrapped bus's, so a fault test writes in the sizes the real bus would, unless the
    /// bus was made with limits of its own.
    public var limits: TransferLimits { ownLimits ?? inner.limits }

    /// `limits`: the longest writes this bus takes whole, when not the wrapped bus's.
    public init(wrapping inner: any PanelIO, device: String, limits: TransferLimits? = nil) {
        self.inner = inner
        self.device = device
        self.ownLimits = limits
    }

    /// The `n`th write from now (1 = the next one) fails once with EIO.
    public func failWrite(number n: Int) {
        failingWrites.insert(writeAttempts + max(1, n))
    }

    /// `line` stops answering: every wait for it times out, naming it as `description`.
    public func stick(_ line: String, description: String? = nil) {
        stuckLines[line] = description ?? "gpiochip0 (\(line))"
    }

    public func free(_ line: String) {
        stuckLines[line] = nil
    }

    /// Every write fails until `reconnect()`: ENODEV (transient, as the kernel reports a
    /// vanished device) unless another kind is asked for. With `afterWrites: n` the next `n`
    /// writes still go through and the device is gone from the one after.
    public func disconnect(afterWrites n: Int = 0, as kind: BusError.Kind = .transient) {
        if n <= 0 {
            missing = kind
        } else {
            pendingDisconnect = (writeAttempts + n, kind)
        }
    }

    /// The device is back, and a disconnect still waiting for its writes is called off.
    public func reconnect() {
        missing = nil
        pendingDisconnect = nil
    }

    public var isDisconnected: Bool { missing != nil }

    public func i2cWrite(address: UInt8, _ bytes: [UInt8]) throws(BusError) {
        try checkWrite("write to 0x" + String(address, radix: 16))
        try inner.i2cWrite(address: address, bytes)
    }

    public func spiWrite(_ bytes: [UInt8], dc: Int?) throws(BusError) {
        try checkWrite("write of \(bytes.count) bytes")
        try inner.spiWrite(bytes, dc: dc)
    }

    /// GPIO lines live on the host, not on the panel: they keep working while it is gone.
    public func setLine(_ line: String, _ value: Int) throws(BusError) {
        try inner.setLine(line, value)
    }

    public func waitForLine(_ line: String, value: Int, timeout: Duration) throws(BusError) {
        if let description = stuckLines[line] {
            faultsInjected += 1
            let (seconds, attoseconds) = timeout.components
            let ms = seconds * 1000 + attoseconds / 1_000_000_000_000_000
            throw BusError(
                .busyTimeout, device: description,
                message: "did not read \(value) within \(ms) ms; is the panel powered and wired?")
        }
        try inner.waitForLine(line, value: value, timeout: timeout)
    }

    public func sleep(milliseconds: Int) {
        inner.sleep(milliseconds: milliseconds)
    }

    private func checkWrite(_ operation: String) throws(BusError) {
        writeAttempts += 1
        if let pending = pendingDisconnect, writeAttempts > pending.after {
            missing = pending.kind
            pendingDisconnect = nil
        }
        if let kind = missing {
            faultsInjected += 1
            switch kind {
            case .transient:
                throw BusError.fromErrno(ENODEV, device: device, operation: operation, group: "")
            case .missingDevice:
                throw BusError.fromErrno(ENOENT, device: device, operation: operation, group: "")
            default:
                throw BusError(kind, device: device, message: "\(operation) failed: device gone")
            }
        }
        if failingWrites.remove(writeAttempts) != nil {
            faultsInjected += 1
            throw BusError.fromErrno(EIO, device: device, operation: operation, group: "")
        }
    }
}
