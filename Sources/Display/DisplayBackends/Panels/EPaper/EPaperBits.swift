import Framebuffer

/// A window of controller RAM: whole bytes across (8 pixels each, MSB = lowest x), rows down.
/// `package`: the e-paper emulators in PanelTestSupport address RAM the same way.
package struct EPaperWindow: Equatable, Sendable {
    package var byteColumns: ClosedRange<Int>
    package var rows: ClosedRange<Int>

    /// Widens `rect` (pixels) to whole 8-pixel columns, as both controllers address RAM.
    init(covering rect: Rect) {
        byteColumns = (rect.x / 8)...((rect.maxX - 1) / 8)
        rows = rect.y...(rect.maxY - 1)
    }

    package init(byteColumns: ClosedRange<Int>, rows: ClosedRange<Int>) {
        self.byteColumns = byteColumns
        self.rows = rows
    }

    package var byteCount: Int { byteColumns.count * rows.count }
}

enum EPaperBits {
    /// Packs one 1-bpp plane of `window`, rows top to bottom, MSB = leftmost pixel;
    /// `bit(x, y)` gives each RAM pixel's bit (the caller handles padding and rotation).
    static func pack(_ window: EPaperWindow, bit: (_ x: Int, _ y: Int) -> Bool) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(window.byteCount)
        for y in window.rows {
            for column in window.byteColumns {
                var byte: UInt8 = 0
                for k in 0..<8 where bit(column * 8 + k, y) {
                    byte |= 0x80 >> UInt8(k)
                }
                out.append(byte)
            }
        }
        return out
    }
}

/// The 4-wire SPI conventions both controllers share.
struct EPaperSPI {
    let io: PanelIO
    let busyTimeout: Duration
    /// What BUSY reads while the controller works; the driver waits for the other level.
    let busyLevel: Int

    /// spidev's default transfer limit is 4096 bytes, so long RAM writes go in chunks.
    static let chunk = 4096

    /// A command byte (D/C low), then its data bytes (D/C high).
    func command(_ code: UInt8, _ data: [UInt8] = []) throws(BusError) {
        try io.spiWrite([code], dc: 0)
        var start = 0
        while start < data.count {
            let end = Swift.min(start + EPaperSPI.chunk, data.count)
            try io.spiWrite(Array(data[start..<end]), dc: 1)
            start = end
        }
    }

    /// Waits for BUSY to go idle; a timeout is the IO's `BusError(.busyTimeout)`, passed on.
    func waitIdle() throws(BusError) {
        try io.waitForLine("busy", value: 1 - busyLevel, timeout: busyTimeout)
    }

    /// Hardware reset: the low pulse restarts the controller (and wakes it from deep sleep).
    func resetPulse() throws(BusError) {
        try io.setLine("reset", 1)
        io.sleep(milliseconds: 20)
        try io.setLine("reset", 0)
        io.sleep(milliseconds: 2)
        try io.setLine("reset", 1)
        io.sleep(milliseconds: 20)
    }
}
