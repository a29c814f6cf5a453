import Testing
import Framebuffer
@testable import DisplayBackends
import PanelTestSupport
import SeededRandom

/// Deterministic test pictures: seeded noise and a board-like line of digits.
enum OLEDPattern: String, CaseIterable, Sendable {
    case random, text

    func frame(width: Int, height: Int, format: PixelFormat, seed: UInt64 = 0x5EED) -> Framebuffer {
        var frame = Framebuffer(width: width, height: height, format: format)
        let lit: UInt32 = format == .mono ? 1 : 15
        switch self {
        case .random:
            var rng = SplitMix64(state: seed)
            for y in 0..<height {
                for x in 0..<width { frame[x, y] = PixelValue(UInt32(rng.next() & (format == .mono ? 1 : 15))) }
            }
        case .text:
            // 3×5 digits scaled 2×, placed at odd rows so glyphs straddle 8-row pages.
            let text = Array("0123456789:1742")
            for (line, top) in stride(from: 3, to: height - 10, by: 13).enumerated() {
                for (i, ch) in text.enumerated() {
                    let glyph = OLEDPattern.font[Int(ch.asciiValue! - 48)]
                    let left = 1 + i * 8 + line * 3
                    for gy in 0..<5 {
                        for gx in 0..<3 where glyph >> (14 - gy * 3 - gx) & 1 == 1 {
                            frame.fill(Rect(x: left + gx * 2, y: top + gy * 2, width: 2, height: 2), with: PixelValue(lit))
                        }
                    }
                }
            }
            if format == .gray4 { frame.fill(Rect(x: 200, y: 40, width: 50, height: 20), with: PixelValue(7)) }
        }
        return frame
    }

    /// 3×5 glyphs for '0'…':' as 15-bit rows, top-left in bit 14.
    static let font: [Int] = [0x7B6F, 0x2C97, 0x73E7, 0x72CF, 0x5BC9, 0x79CF, 0x79EF, 0x7249, 0x7BEF, 0x7BCF, 0x0410]
}

/// Byte counts of a trace, for the bandwidth assertions.
struct OLEDTraceStats: Equatable {
    var commandBytes = 0
    var dataBytes = 0
    var writes = 0

    /// I2C: control byte 0x00 → command, 0x40 → data (the control byte itself counts as neither).
    /// SPI: dc 0 → command, dc 1 → data (SSD1322 arguments count as data, as they are on the wire).
    init(_ ops: [TraceOp]) {
        for op in ops {
            switch op {
            case .i2c(_, let bytes):
                writes += 1
                if bytes.first == 0x40 { dataBytes += bytes.count - 1 } else { commandBytes += bytes.count - 1 }
            case .spi(let dc, let bytes):
                writes += 1
                if dc == 0 { commandBytes += bytes.count } else { dataBytes += bytes.count }
            default: break
            }
        }
    }

    init(commandBytes: Int, dataBytes: Int, writes: Int) {
        (self.commandBytes, self.dataBytes, self.writes) = (commandBytes, dataBytes, writes)
    }
}

/// The standard reset pulse every SPI driver must start with.
let oledResetPulse: [TraceOp] = [
    .gpio(line: "reset", value: 1), .sleep(milliseconds: 1),
    .gpio(line: "reset", value: 0), .sleep(milliseconds: 10),
    .gpio(line: "reset", value: 1), .sleep(milliseconds: 10),
]

@Test func oledTextPatternHasInkOnPageBoundaries() {
    // The pattern must actually exercise page straddling, or the round trips prove less.
    let frame = OLEDPattern.text.frame(width: 128, height: 64, format: .mono)
    let inkRows = (0..<64).filter { y in (0..<128).contains { frame[$0, y].raw == 1 } }
    #expect(inkRows.contains(7) && inkRows.contains(8))
    #expect(frame != Framebuffer(width: 128, height: 64, format: .mono))
}
