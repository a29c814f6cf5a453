import Testing
@testable import Framebuffer

/// LED previews: every pixel a round dot in a dark cell, lit in its colour, dim when off.
struct LEDDotsTests {
    @Test func eachPixelIsADotWithAGapAroundIt() {
        var frame = Framebuffer(width: 2, height: 1, format: .rgb888)
        frame[0, 0] = PixelFormat.rgb888.value(for: RGB(255, 140, 0))
        let dots = frame.ledDots(cell: 8)
        #expect(dots.width == 16 && dots.height == 8 && dots.format == .rgb888)
        // The lit LED: its colour at the centre, the board at the cell's corners and edges.
        #expect(dots.rgb(x: 4, y: 4) == RGB(255, 140, 0))
        #expect(dots.rgb(x: 0, y: 0) == Framebuffer.ledBoard && dots.rgb(x: 7, y: 7) == Framebuffer.ledBoard)
        #expect(dots.rgb(x: 0, y: 4) == Framebuffer.ledBoard, "a gap between neighbouring LEDs")
        // The unlit one is drawn, dimly, so the wall's grid shows.
        #expect(dots.rgb(x: 12, y: 4) == Framebuffer.ledOff)
        #expect(dots.rgb(x: 8, y: 0) == Framebuffer.ledBoard)
        // Round: the dot is as wide as it is tall, and symmetric.
        let row = (0..<8).filter { dots.rgb(x: $0, y: 4) != Framebuffer.ledBoard }
        let column = (0..<8).filter { dots.rgb(x: 4, y: $0) != Framebuffer.ledBoard }
        #expect(row == column && row == [1, 2, 3, 4, 5, 6])
    }

    @Test func monoPanelsLightTheirDotsToo() {
        var frame = Framebuffer(width: 1, height: 1, format: .mono)
        frame[0, 0] = PixelValue(1)
        #expect(frame.ledDots(cell: 4).rgb(x: 2, y: 2) == .white)
    }

    @Test func cellsTooSmallForAGapFallBackToBlocks() {
        let frame = Framebuffer(width: 3, height: 2, format: .rgb888, fill: PixelFormat.rgb888.value(for: .white))
        #expect(frame.ledDots(cell: 2) == frame.scaled(by: 2))
        #expect(frame.ledDots(cell: 1) == frame)
    }
}
