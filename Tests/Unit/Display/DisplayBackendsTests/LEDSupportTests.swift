import DisplayBackends
import Framebuffer
import PanelTestSupport
import SeededRandom
import Testing

enum LEDPattern {
    /// About half the LEDs lit, different per seed.
    static func random(width: Int, height: Int, seed: UInt64) -> Framebuffer {
        var rng = SplitMix64(state: seed)
        var frame = Framebuffer(width: width, height: height, format: .mono)
        for y in 0..<height {
            for x in 0..<width where Bool.random(using: &rng) { frame[x, y] = PixelValue(1) }
        }
        return frame
    }

    /// 3×5 glyphs, rows top to bottom, 3 bits each (MSB = left): asymmetric shapes, so any
    /// mirror or turn of a module changes the picture.
    private static let glyphs: [Character: [UInt8]] = [
        "1": [0b010, 0b110, 0b010, 0b010, 0b111], "2": [0b110, 0b001, 0b010, 0b100, 0b111],
        "7": [0b111, 0b001, 0b010, 0b010, 0b010], "4": [0b101, 0b101, 0b111, 0b001, 0b001],
        ":": [0b000, 0b010, 0b000, 0b010, 0b000], "F": [0b111, 0b100, 0b110, 0b100, 0b100],
        "L": [0b100, 0b100, 0b100, 0b100, 0b111], "R": [0b110, 0b101, 0b110, 0b101, 0b101],
        " ": [0, 0, 0, 0, 0],
    ]

    /// A departure line ("12:47 FLR …") repeated in each 8-pixel text row, with an underline,
    /// so glyphs straddle module edges.
    static func text(width: Int, height: Int, message: String = "12:47 FLR 2") -> Framebuffer {
        var frame = Framebuffer(width: width, height: height, format: .mono)
        let chars = Array(message)
        for top in stride(from: 0, to: height, by: 8) {
            var x = 1, i = 0
            while x < width {
                let rows = glyphs[chars[i % chars.count]] ?? glyphs[" "]!
                for (dy, bits) in rows.enumerated() {
                    for dx in 0..<3 where bits >> UInt8(2 - dx) & 1 == 1 {
                        frame[x + dx, top + 1 + dy] = PixelValue(1)
                    }
                }
                x += 4
                i += 1
            }
            frame.fill(Rect(x: 0, y: top + 7, width: width / 2 + 1, height: 1), with: PixelValue(1))
        }
        return frame
    }
}

@Suite struct LEDSupportTests {
    @Test func randomPatternsAreDeterministicAndDiffer() {
        #expect(LEDPattern.random(width: 32, height: 8, seed: 1) == LEDPattern.random(width: 32, height: 8, seed: 1))
        #expect(LEDPattern.random(width: 32, height: 8, seed: 1) != LEDPattern.random(width: 32, height: 8, seed: 2))
    }

    @Test func tracesRoundTripThroughTheParser() throws {
        let trace = TraceRecorder()
        try trace.io.spiWrite([0x01, 0x80], dc: nil)
        try trace.io.i2cWrite(address: 0x70, [0x21])
        #expect(try trace.take() == [.spi(dc: nil, data: [0x01, 0x80]), .i2c(address: 0x70, data: [0x21])])
        #expect(try trace.take().isEmpty)
    }
}
