import Framebuffer

/// How an SSD1306/SH1106 module is wired to the host.
public enum OLEDBus: Sendable, Equatable {
    /// I2C at a 7-bit address: 0x3C, or 0x3D when the module's SA0 pin is high.
    case i2c(address: UInt8 = 0x3C)
    /// 4-wire SPI (D/C line). `reset: true` pulses the line named "reset" in `initialise`.
    case spi(reset: Bool = true)
}

/// The byte-level framing shared by the OLED drivers, so each driver only says what it sends.
struct OLEDLink {
    let io: any PanelIO
    let bus: OLEDBus

    /// Data bytes per I2C write, after the control byte (the hardware layer splits further).
    static let i2cChunk = 1024
    /// spidev's default buffer size; larger writes fail with EMSGSIZE on stock kernels.
    static let spiChunk = 4096

    /// SSD1306/SH1106 take a command's arguments as command bytes too (control 0x00 / D/C low).
    func commands(_ bytes: [UInt8]) throws(BusError) {
        switch bus {
        case .i2c(let address): try io.i2cWrite(address: address, [0x00] + bytes)
        case .spi: try io.spiWrite(bytes, dc: 0)
        }
    }

    /// Display RAM bytes: control byte 0x40 over I2C, D/C high over SPI, in bounded chunks.
    func data(_ bytes: [UInt8]) throws(BusError) {
        switch bus {
        case .i2c(let address):
            for chunk in Self.chunks(bytes, size: Self.i2cChunk) {
                try io.i2cWrite(address: address, [0x40] + chunk)
            }
        case .spi:
            for chunk in Self.chunks(bytes, size: Self.spiChunk) {
                try io.spiWrite(Array(chunk), dc: 1)
            }
        }
    }

    /// Resets the controller when a reset line is wired (I2C modules usually tie it to an RC).
    func resetIfWired() throws(BusError) {
        if case .spi(reset: true) = bus { try Self.pulseReset(io) }
    }

    /// RES# low ≥ 3 µs (SSD1306) / ≥ 100 µs (SSD1322); the 10 ms waits cover slow supply ramps.
    static func pulseReset(_ io: any PanelIO) throws(BusError) {
        try io.setLine("reset", 1)
        io.sleep(milliseconds: 1)
        try io.setLine("reset", 0)
        io.sleep(milliseconds: 10)
        try io.setLine("reset", 1)
        io.sleep(milliseconds: 10)
    }

    static func chunks(_ bytes: [UInt8], size: Int) -> [ArraySlice<UInt8>] {
        stride(from: 0, to: bytes.count, by: size).map { bytes[$0..<min($0 + size, bytes.count)] }
    }

    /// Drivers take exactly their panel's frame; anything else is a wiring/config bug upstream.
    static func check(_ frame: Framebuffer, width: Int, height: Int, format: PixelFormat, chip: String) throws(BusError) {
        guard frame.width != width || frame.height != height || frame.format != format else { return }
        throw BusError(.other, device: chip,
                       message: "frame is \(frame.width)x\(frame.height) \(frame.format), panel takes \(width)x\(height) \(format)")
    }
}

/// What every OLED driver tracks between pushes: whether the next push must be whole
/// (after initialising, or after a push that failed halfway), and whether the panel is
/// asleep (RAM survives sleep, so a push only has to switch it back on).
struct OLEDFrameState {
    private(set) var needsFullFrame = true
    private(set) var asleep = false

    /// The whole panel when it must be redrawn, else the damage.
    func rects(_ damage: [Rect], bounds: Rect) -> [Rect] {
        needsFullFrame ? [bounds] : damage
    }

    /// The init sequence ended with the display on.
    mutating func awake() {
        asleep = false
    }

    mutating func initialising() {
        needsFullFrame = true
    }

    mutating func sleeping() {
        asleep = true
    }

    /// Sends the windows, then `displayOn` if the panel slept; a failure makes the next push whole.
    mutating func push(_ send: () throws(BusError) -> Void, displayOn: () throws(BusError) -> Void) throws(BusError) {
        do throws(BusError) {
            try send()
            if asleep { try displayOn() }
        } catch {
            needsFullFrame = true
            throw error
        }
        asleep = false
        needsFullFrame = false
    }
}
