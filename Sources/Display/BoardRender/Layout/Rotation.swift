import Framebuffer

/// Turns a frame drawn upright into the orientation of a panel mounted on its side or
/// upside down.
enum Rotation {
    static func rotate(_ frame: Framebuffer, clockwiseDegrees degrees: Int) -> Framebuffer {
        let turns = ((degrees / 90) % 4 + 4) % 4
        guard turns != 0 else { return frame }
        let (width, height) = turns == 2 ? (frame.width, frame.height) : (frame.height, frame.width)
        var rotated = Framebuffer(width: width, height: height, format: frame.format)
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let value = frame[x, y]
                switch turns {
                case 1: rotated[frame.height - 1 - y, x] = value
                case 2: rotated[frame.width - 1 - x, frame.height - 1 - y] = value
                default: rotated[y, frame.width - 1 - x] = value
                }
            }
        }
        return rotated
    }
}
