import Framebuffer

/// A deterministic frame using several values of each format, so encoders see more than one colour.
func sampleFrame(_ format: PixelFormat, width: Int = 19, height: Int = 7) -> Framebuffer {
    var frame = Framebuffer(width: width, height: height, format: format)
    let palette: [RGB] = [.black, .white, RGB(255, 0, 0), RGB(0, 200, 30), RGB(90, 90, 200), RGB(136, 136, 136)]
    for y in 0..<height {
        for x in 0..<width {
            frame[x, y] = format.value(for: palette[(x * 3 + y * 5 + x * y) % palette.count])
        }
    }
    return frame
}
