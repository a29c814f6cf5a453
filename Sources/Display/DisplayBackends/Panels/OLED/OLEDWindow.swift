import Framebuffer

/// A controller RAM window in the controller's own units (columns × pages for the mono chips,
/// 4-px column addresses × rows for SSD1322), half-open on both axes.
struct OLEDWindow: Equatable {
    var columns: Range<Int>
    var rows: Range<Int>

    var units: Int { columns.count * rows.count }

    func union(_ other: OLEDWindow) -> OLEDWindow {
        OLEDWindow(
            columns: min(columns.lowerBound, other.columns.lowerBound)..<max(columns.upperBound, other.columns.upperBound),
            rows: min(rows.lowerBound, other.rows.lowerBound)..<max(rows.upperBound, other.rows.upperBound))
    }

    /// Merges windows while one window costs no more than two. Damage bands that share an SSD1306
    /// page would otherwise send that page's bytes twice. `overhead` is a window's fixed cost in units.
    static func coalesce(_ windows: [OLEDWindow], overhead: Int) -> [OLEDWindow] {
        var result = windows.filter { $0.units > 0 }
        var merged = true
        while merged {
            merged = false
            search: for i in result.indices {
                for j in result.indices where j > i {
                    let joined = result[i].union(result[j])
                    if joined.units <= result[i].units + result[j].units + overhead {
                        result[i] = joined
                        result.remove(at: j)
                        merged = true
                        break search
                    }
                }
            }
        }
        return result.sorted { ($0.rows.lowerBound, $0.columns.lowerBound) < ($1.rows.lowerBound, $1.columns.lowerBound) }
    }
}

/// Conversions from the row-major `.mono` frame to the page-major RAM of SSD1306-family chips.
enum OLEDMono {
    /// The page window (8-row pages) covering a pixel rect, clipped to the frame; nil when empty.
    static func pageWindow(_ rect: Rect, in bounds: Rect) -> OLEDWindow? {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return nil }
        return OLEDWindow(columns: r.x..<r.maxX, rows: (r.y / 8)..<((r.maxY + 7) / 8))
    }

    /// RAM bytes of `pages` × `columns` in horizontal order: bit b of a byte is row page*8+b (LSB on top).
    /// Rows past the frame's bottom read as unlit.
    static func pageBytes(_ frame: Framebuffer, pages: Range<Int>, columns: Range<Int>) -> [UInt8] {
        let source = frame.bytes, stride = frame.stride, height = frame.height
        var out = [UInt8]()
        out.reserveCapacity(pages.count * columns.count)
        for page in pages {
            for x in columns {
                let index = x >> 3, shift = UInt8(7 - (x & 7))
                var byte: UInt8 = 0
                for bit in 0..<8 {
                    let y = page * 8 + bit
                    guard y < height else { break }
                    byte |= ((source[y * stride + index] >> shift) & 1) << UInt8(bit)
                }
                out.append(byte)
            }
        }
        return out
    }
}
