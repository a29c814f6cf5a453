import DisplayBackends
public import Framebuffer

/// Replays a UC8179 trace: both RAMs (0x10 old / black-white, 0x13 new / red), the partial
/// window, power and deep-sleep state; 0x12 copies RAM to the visible image.
public struct UC8179Emulator: PanelEmulator, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var fullRefreshes = 0
    public private(set) var partialRefreshes = 0
    /// Pixels where a partial refresh's old RAM disagreed with what the panel showed (the
    /// waveform would drive them wrongly): a driver bug if non-zero.
    public private(set) var staleOldPixels = 0
    public private(set) var asleep = false
    public private(set) var poweredOn = false

    private var decoder = EPaperCommandDecoder(
        controller: "UC8179",
        arguments: [
            0x00: 1...2, 0x01: 4...6, 0x02: 0...0, 0x03: 1...1, 0x04: 0...0, 0x05: 0...0, 0x06: 4...4,
            0x07: 1...1, 0x12: 0...0, 0x15: 1...1, 0x30: 1...1, 0x50: 2...2, 0x60: 1...1,
            0x61: 4...4, 0x65: 4...4, 0x82: 1...1, 0x90: 9...9, 0x91: 0...0, 0x92: 0...0,
        ], ramWrites: [0x10, 0x13])
    private var ramWidth: Int
    private var ramHeight: Int
    private var old: EPaperPlane
    private var new: EPaperPlane
    private var kwMode = true
    private var upScan = true, rightShift = true
    /// DDX bit 0: 1 = a RAM bit of 1 is white (and red in the KWR red RAM).
    private var ddx0 = true
    private var partialMode = false
    private var window: EPaperWindow
    private var ramTarget: UInt8?
    private var pointer = 0
    /// Visible `.bwr` values, row-major, board size.
    private var visible: [UInt8]

    public init(width: Int = 800, height: Int = 480) {
        self.width = width
        self.height = height
        ramWidth = width
        ramHeight = height
        old = EPaperPlane(bytesPerRow: (width + 7) / 8, rows: height, fill: 0xFF)
        new = old
        window = EPaperWindow(byteColumns: 0...((width + 7) / 8 - 1), rows: 0...(height - 1))
        visible = [UInt8](repeating: 0, count: width * height)
    }

    public mutating func apply(_ op: TraceOp) throws(EmulationError) {
        switch op {
        case .spi(let dc, let bytes):
            for event in try decoder.feed(dc: dc, bytes: bytes) { try handle(event) }
        case .gpio(let line, let value):
            for event in try decoder.flush() { try handle(event) }
            guard line == "reset" else { throw EmulationError("UC8179: no line '\(line)' on this board") }
            if value == 0 { hardwareReset() }
        case .wait(let line, let value):
            for event in try decoder.flush() { try handle(event) }
            // BUSY_N is low while busy, so a driver must wait for 1.
            guard line == "busy", value == 1 else {
                throw EmulationError("UC8179: waits for \(line)=\(value); BUSY_N reads 0 while busy, idle is busy=1")
            }
        case .sleep:
            for event in try decoder.flush() { try handle(event) }
        case .i2c(let address, _):
            throw EmulationError("UC8179: I2C write to \(address); the controller is on SPI")
        }
    }

    public func image() -> Framebuffer {
        EPaperScreen.frame(visible, width: width, height: height)
    }

    private mutating func hardwareReset() {
        asleep = false
        poweredOn = false
        partialMode = false
        kwMode = true
        ddx0 = true
        ramTarget = nil
    }

    private mutating func handle(_ event: EPaperCommandDecoder.Event) throws(EmulationError) {
        let code: UInt8
        switch event {
        case .command(let c, _), .ramStart(let c), .ramData(let c, _): code = c
        }
        if asleep { throw EmulationError("UC8179: command \(epaperHex(code)) in deep sleep; only a reset wakes it") }
        switch event {
        case .ramStart(let c):
            ramTarget = c
            pointer = 0
        case .ramData(let c, let bytes):
            for byte in bytes { try writeRAM(c, byte) }
        case .command(let c, let data):
            ramTarget = nil
            try run(c, data)
        }
    }

    private mutating func run(_ code: UInt8, _ data: [UInt8]) throws(EmulationError) {
        switch code {
        case 0x00:
            guard data[0] & 0x20 == 0 else { throw EmulationError("UC8179: LUT from registers (REG=1) is not emulated") }
            kwMode = data[0] & 0x10 != 0
            upScan = data[0] & 0x08 != 0
            rightShift = data[0] & 0x04 != 0
        case 0x02: poweredOn = false
        case 0x04: poweredOn = true
        case 0x07:
            guard data[0] == 0xA5 else { throw EmulationError("UC8179: deep sleep needs check code 0xA5, got \(epaperHex(data[0]))") }
            asleep = true
        case 0x12: try refresh()
        case 0x50: ddx0 = data[0] & 0x01 != 0
        case 0x61:
            ramWidth = Int(data[0]) << 8 | Int(data[1])
            ramHeight = Int(data[2]) << 8 | Int(data[3])
            guard ramWidth % 8 == 0, ramWidth > 0, ramHeight > 0 else {
                throw EmulationError("UC8179: resolution \(ramWidth)x\(ramHeight) is not a multiple of 8 wide")
            }
            old = EPaperPlane(bytesPerRow: ramWidth / 8, rows: ramHeight, fill: 0xFF)
            new = old
        case 0x90:
            let xs = (Int(data[0]) << 8 | Int(data[1])) & ~7, xe = (Int(data[2]) << 8 | Int(data[3])) | 7
            let ys = Int(data[4]) << 8 | Int(data[5]), ye = Int(data[6]) << 8 | Int(data[7])
            guard xs <= xe, ys <= ye, xe < ramWidth, ye < ramHeight else {
                throw EmulationError("UC8179: partial window x \(xs)…\(xe), y \(ys)…\(ye) outside \(ramWidth)x\(ramHeight)")
            }
            window = EPaperWindow(byteColumns: (xs / 8)...(xe / 8), rows: ys...ye)
        case 0x91: partialMode = true
        case 0x92: partialMode = false
        default: break  // accepted settings with no effect on the image
        }
    }

    /// RAM writes fill the partial window in partial mode, else the whole resolution, row-major.
    private mutating func writeRAM(_ target: UInt8, _ byte: UInt8) throws(EmulationError) {
        let area = partialMode ? window : EPaperWindow(byteColumns: 0...(ramWidth / 8 - 1), rows: 0...(ramHeight - 1))
        guard pointer < area.byteCount else {
            throw EmulationError("UC8179: RAM \(epaperHex(target)) got more than the window's \(area.byteCount) bytes")
        }
        let column = area.byteColumns.lowerBound + pointer % area.byteColumns.count
        let row = area.rows.lowerBound + pointer / area.byteColumns.count
        pointer += 1
        if target == 0x10 { try old.set(byteColumn: column, row: row, byte) } else { try new.set(byteColumn: column, row: row, byte) }
    }

    private mutating func refresh() throws(EmulationError) {
        guard poweredOn else { throw EmulationError("UC8179: display refresh 0x12 with the power off (0x04 first)") }
        let area = partialMode ? window : EPaperWindow(byteColumns: 0...(ramWidth / 8 - 1), rows: 0...(ramHeight - 1))
        if partialMode { partialRefreshes += 1 } else { fullRefreshes += 1 }
        for ry in area.rows {
            for rx in (area.byteColumns.lowerBound * 8)...(area.byteColumns.upperBound * 8 + 7) {
                // UD/SHL = 0 scan the other way, so RAM (0, 0) lands at the opposite edge.
                let x = rightShift ? rx : ramWidth - 1 - rx, y = upScan ? ry : ramHeight - 1 - ry
                guard x < width, y < height else { continue }
                if partialMode && kwMode && ink(old.bit(x: rx, y: ry)) != visible[y * width + x] { staleOldPixels += 1 }
                visible[y * width + x] =
                    kwMode
                    ? ink(new.bit(x: rx, y: ry))
                    : (new.bit(x: rx, y: ry) == ddx0 ? 2 : ink(old.bit(x: rx, y: ry)))
            }
        }
    }

    /// A black/white RAM bit as `.bwr`: 0 white, 1 black.
    private func ink(_ bit: Bool) -> UInt8 { bit == ddx0 ? 0 : 1 }
}
