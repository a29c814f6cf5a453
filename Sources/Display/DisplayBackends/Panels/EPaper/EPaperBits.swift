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
