import DisplayBackends
public import Framebuffer

/// Replays an SSD1680 trace: the black/white RAM (0x24) and the red / previous-image RAM
/// (0x26), the RAM window and address counters with the data entry mode's increments, and
/// deep sleep; 0x20 with a display option in 0x22 copies 0x24 to the visible image.
/// `image()` is the 250×122 landscape board: pixel (x, y) is RAM row x, column 121 − y.
public struct SSD1680Emulator: PanelEmulator, Sendable {
    public let width = 250
    public let height = 122
    public private(set) var fullRefreshes = 0
    public private(set) var partialRefreshes = 0
    /// Pixels where a mode-2 refresh's previous image (0x26) disagreed with what the panel
    /// showed, so the waveform would drive them wrongly: a driver bug if non-zero.
    public private(set) var staleOldPixels = 0
    public private(set) var asleep = false

    /// The SSD1680's RAM is 176 sources × 296 gates.
    static let bytesPerRow = 22, rows = 296

    private var decoder = EPaperCommandDecoder(
        controller: "SSD1680",
        arguments: [
            0x01: 3...3, 0x03: 1...1, 0x04: 3...3, 0x0C: 4...5, 0x10: 1...1, 0x11: 1...1, 0x12: 0...0,
            0x18: 1...1, 0x1A: 2...2, 0x20: 0...0, 0x21: 1...2, 0x22: 1...1, 0x2C: 1...1,
            0x3C: 1...1, 0x3F: 1...1, 0x44: 2...2, 0x45: 4...4, 0x4E: 1...1, 0x4F: 2...2,
        ], ramWrites: [0x24, 0x26])
    private var bw = EPaperPlane(bytesPerRow: bytesPerRow, rows: rows, fill: 0xFF)
    private var previous = EPaperPlane(bytesPerRow: bytesPerRow, rows: rows, fill: 0xFF)
    private var entryMode: UInt8 = 0x03
    private var xRange = 0...(bytesPerRow - 1), yRange = 0...(rows - 1)
    private var xCounter = 0, yCounter = 0
    private var updateOption: UInt8 = 0xFF
    /// Visible `.bwr` values, row-major, landscape.
    private var visible = [UInt8](repeating: 0, count: 250 * 122)

    public init() {}

    public mutating func apply(_ op: TraceOp) throws(EmulationError) {
        switch op {
        case .spi(let dc, let bytes):
            for event in try decoder.feed(dc: dc, bytes: bytes) { try handle(event) }
        case .gpio(let line, let value):
            for event in try decoder.flush() { try handle(event) }
            guard line == "reset" else { throw EmulationError("SSD1680: no line '\(line)' on this board") }
            if value == 0 {
                asleep = false
                resetRegisters()
            }
        case .wait(let line, let value):
            for event in try decoder.flush() { try handle(event) }
            // BUSY is high while busy, so a driver must wait for 0.
            guard line == "busy", value == 0 else {
                throw EmulationError("SSD1680: waits for \(line)=\(value); BUSY reads 1 while busy, idle is busy=0")
            }
        case .sleep:
            for event in try decoder.flush() { try handle(event) }
        case .i2c(let address, _):
            throw EmulationError("SSD1680: I2C write to \(address); the controller is on SPI")
        }
    }

    public func image() -> Framebuffer {
        EPaperScreen.frame(visible, width: width, height: height)
    }

    private mutating func resetRegisters() {
        entryMode = 0x03
        xRange = 0...(Self.bytesPerRow - 1)
        yRange = 0...(Self.rows - 1)
        xCounter = 0
        yCounter = 0
        updateOption = 0xFF
    }

    private mutating func handle(_ event: EPaperCommandDecoder.Event) throws(EmulationError) {
        let code: UInt8
        switch event {
        case .command(let c, _), .ramStart(let c), .ramData(let c, _): code = c
        }
        if asleep { throw EmulationError("SSD1680: command \(epaperHex(code)) in deep sleep; only a hardware reset wakes it") }
        switch event {
        case .ramStart: break  // the counters stay where 0x4E/0x4F or the last write left them
        case .ramData(let c, let bytes):
            for byte in bytes { try write(c, byte) }
        case .command(let c, let data):
            try run(c, data)
        }
    }

    private mutating func run(_ code: UInt8, _ data: [UInt8]) throws(EmulationError) {
        switch code {
        case 0x10: asleep = data[0] != 0
        case 0x11: entryMode = data[0] & 0x07
        case 0x12: resetRegisters()
        case 0x20: refresh()
        case 0x21:
            guard data[0] == 0 else {
                throw EmulationError("SSD1680: RAM bypass/inverse options (0x21 \(epaperHex(data[0]))) are not emulated")
            }
        case 0x22: updateOption = data[0]
        case 0x44:
            xRange = Int(Swift.min(data[0], data[1]))...Int(Swift.max(data[0], data[1]))
        case 0x45:
            let start = Int(data[0]) | Int(data[1]) << 8, end = Int(data[2]) | Int(data[3]) << 8
            yRange = Swift.min(start, end)...Swift.max(start, end)
        case 0x4E: xCounter = Int(data[0])
        case 0x4F: yCounter = Int(data[0]) | Int(data[1]) << 8
        default: break  // accepted settings with no effect on the image
        }
    }

    /// Stores one byte at the counters, then steps them by the data entry mode: ID bit 0 = x
    /// increments, bit 1 = y increments, AM (bit 2) = y moves first; both wrap in the window.
    private mutating func write(_ target: UInt8, _ byte: UInt8) throws(EmulationError) {
        if target == 0x24 {
            try bw.set(byteColumn: xCounter, row: yCounter, byte)
        } else {
            try previous.set(byteColumn: xCounter, row: yCounter, byte)
        }
        let xUp = entryMode & 0x01 != 0, yUp = entryMode & 0x02 != 0
        func step(_ value: inout Int, _ up: Bool, _ range: ClosedRange<Int>) -> Bool {
            value += up ? 1 : -1
            guard !range.contains(value) else { return false }
            value = up ? range.lowerBound : range.upperBound
            return true
        }
        if entryMode & 0x04 == 0 {
            if step(&xCounter, xUp, xRange) { _ = step(&yCounter, yUp, yRange) }
        } else {
            if step(&yCounter, yUp, yRange) { _ = step(&xCounter, xUp, xRange) }
        }
    }

    /// Bit 2 of the 0x22 option displays; bit 3 picks display mode 2 (partial).
    private mutating func refresh() {
        guard updateOption & 0x04 != 0 else { return }
        let partial = updateOption & 0x08 != 0
        if partial { partialRefreshes += 1 } else { fullRefreshes += 1 }
        for y in 0..<height {
            for x in 0..<width {
                let column = 121 - y
                let shown = bw.bit(x: column, y: x) ? UInt8(0) : 1
                if partial && (previous.bit(x: column, y: x) ? UInt8(0) : 1) != visible[y * width + x] {
                    staleOldPixels += 1
                }
                visible[y * width + x] = shown
            }
        }
    }
}
