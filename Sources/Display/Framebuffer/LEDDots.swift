/// Previews of LED boards as the wall shows them: every pixel a round LED in a dark cell,
/// lit in its colour or dimly grey when off, so a builder sees dots and gaps, not squares.
extension Framebuffer {
    /// Unlit LEDs and the board between them (RGB888).
    static let ledBoard = RGB(8, 8, 8)
    static let ledOff = RGB(40, 40, 40)

    /// Each pixel as a `cell`×`cell` square holding a dot of diameter about ¾ of the cell
    /// (cells of 3 or more; smaller cells fall back to blocks, which have no room for a gap).
    public func ledDots(cell: Int) -> Framebuffer {
        guard cell >= 3 else { return scaled(by: max(1, cell)) }
        var result = Framebuffer(
            width: width * cell, height: height * cell, format: .rgb888,
            fill: PixelFormat.rgb888.value(for: Self.ledBoard))
        // The dot's shape once, as a mask of the cell (centred in the cell).
        let diameter = Double(cell) * 0.75, centre = Double(cell) / 2
        let mask = (0..<cell).map { y in
            (0..<cell).map { x in
                let dx = Double(x) + 0.5 - centre, dy = Double(y) + 0.5 - centre
                return dx * dx + dy * dy <= diameter * diameter / 4
            }
        }
        for y in 0..<height {
            for x in 0..<width {
                let color = rgb(x: x, y: y)
                let lit = color.red > 0 || color.green > 0 || color.blue > 0
                let value = PixelFormat.rgb888.value(for: lit ? color : Self.ledOff)
                for dy in 0..<cell {
                    for dx in 0..<cell where mask[dy][dx] {
                        result[x * cell + dx, y * cell + dy] = value
                    }
                }
            }
        }
        return result
    }
}
