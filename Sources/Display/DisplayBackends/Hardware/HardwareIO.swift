import LinuxDevices
import SystemFiles

/// The real bus behind a panel driver: an optional I2C adapter, an optional SPI device and
/// the GPIO lines the panel is wired to, by role (`dc`, `reset`, `busy`).
///
/// Not Sendable: it owns file descriptors and line handles, so it lives on whatever thread
/// or actor runs the driver.
public final class HardwareIO: PanelIO {
    public let i2c: (any I2CTransport)?
    public let spi: (any SPITransport)?
    public let lines: any LineControl
    /// How often `waitForLine` samples its input: fast enough to add under 2 ms to an e-paper
    /// refresh, slow enough to leave the CPU alone during the seconds a refresh takes.
    public let pollInterval: Duration

    public init(
        i2c: (any I2CTransport)? = nil, spi: (any SPITransport)? = nil,
        lines: any LineControl, pollInterval: Duration = .milliseconds(2)
    ) {
        self.i2c = i2c
        self.spi = spi
        self.lines = lines
        self.pollInterval = pollInterval
    }

    /// Opens what `config` names; whatever opened before a failure is closed again by deinit.
    public convenience init(_ config: HardwareConfig) throws(BusError) {
        let i2c = try config.i2cPath.map { path throws(BusError) in try I2CDevice(path: path) }
        let spi = try config.spi.map { spi throws(BusError) in
            try SPIDevice(path: spi.path, mode: spi.mode, speedHz: spi.speedHz)
        }
        let lines = try GPIOLines(config.lines)
        self.init(i2c: i2c, spi: spi, lines: lines)
    }

    public func i2cWrite(address: UInt8, _ bytes: [UInt8]) throws(BusError) {
        guard let i2c else { throw BusError(.other, device: "i2c", message: "no I2C bus is configured for this panel") }
        try i2c.write(address: address, bytes)
    }

    /// Sets D/C first: the controller samples it with the transfer's first byte.
    public func spiWrite(_ bytes: [UInt8], dc: Int?) throws(BusError) {
        guard let spi else { throw BusError(.other, device: "spi", message: "no SPI device is configured for this panel") }
        if let dc, lines.has(LineRole.dc.rawValue) { try lines.set(LineRole.dc.rawValue, dc) }
        try spi.write(bytes)
    }

    /// spidev's buffer, and one SMBus block per I2C write.
    public var limits: TransferLimits {
        TransferLimits(spi: spi?.bufsiz ?? SPIDevice.defaultBufsiz, i2c: I2CBlockWrite.maxData)
    }

    public func setLine(_ line: String, _ value: Int) throws(BusError) {
        try lines.set(line, value)
    }

    /// Polls the input until it reads `value`; samples once more at the deadline so a slow
    /// scheduler never turns a ready panel into a timeout.
    public func waitForLine(_ line: String, value: Int, timeout: Duration) throws(BusError) {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        let want = value == 0 ? 0 : 1
        while true {
            let expired = clock.now >= deadline
            if try lines.get(line) == want { return }
            if expired {
                throw BusError(
                    .busyTimeout, device: lines.describe(line),
                    message: "did not read \(want) within \(timeout.wholeMilliseconds) ms; is the panel powered and wired?")
            }
            sleepFully(for: min(pollInterval, max(.zero, deadline - clock.now)))
        }
    }

    public func sleep(milliseconds: Int) {
        sleepFully(for: .milliseconds(max(0, milliseconds)))
    }
}

/// What a panel is wired to, as the board file describes it.
public struct HardwareConfig: Equatable, Sendable {
    public struct SPI: Equatable, Sendable {
        public var path: String
        public var mode: UInt8
        public var speedHz: UInt32

        public init(path: String, mode: UInt8 = 0, speedHz: UInt32 = 8_000_000) {
            self.path = path
            self.mode = mode
            self.speedHz = speedHz
        }
    }

    public var i2cPath: String?
    public var spi: SPI?
    public var lines: [GPIOLineSpec]

    public init(i2cPath: String? = nil, spi: SPI? = nil, lines: [GPIOLineSpec] = []) {
        self.i2cPath = i2cPath
        self.spi = spi
        self.lines = lines
    }
}
