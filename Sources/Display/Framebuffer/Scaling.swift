/// Frames resized for people looking at them (previews, terminals); panels always get the
/// frame at its own size.
extension Framebuffer {
    /// Each pixel as a `factor`×`factor` block, same format: a 32×8 LED preview at ×8 is
    /// 256×64 and still shows every dot.
    public func scaled(by factor: Int) -> Framebuffer {
        guard factor > 1 else { return self }
        var result = Framebuffer(width: width * factor, height: height * factor, format: format)
        for y in 0..<height {
            for x in 0..<width {
                result.fill(Rect(x: x * factor, y: y * factor, width: factor, height: factor), with: self[x, y])
            }
        }
        return result
    }

    /// The largest picture that fits `maxWidth`×`maxHeight` with square pixels: whole-number
    /// enlargement when the frame is smaller, else area-averaged reduction (text stays
    /// legible longer than with dropped pixels). RGB888, since averages are colours any
    /// format may not hold.
    public func fitted(maxWidth: Int, maxHeight: Int) -> Framebuffer {
        guard maxWidth > 0, maxHeight > 0, width > 0, height > 0 else { return self }
        if width <= maxWidth && height <= maxHeight {
            return scaled(by: max(1, min(maxWidth / width, maxHeight / height)))
        }
        // Reduce by the same ratio both ways (rounded so the result fits).
        let ratio = max(Double(width) / Double(maxWidth), Double(height) / Double(maxHeight))
        let newWidth = max(1, min(maxWidth, Int(Double(width) / ratio))), newHeight = max(1, min(maxHeight, Int(Double(height) / ratio)))
        var result = Framebuffer(width: newWidth, height: newHeight, format: .rgb888)
        for y in 0..<newHeight {
            let top = y * height / newHeight, bottom = max(top + 1, (y + 1) * height / newHeight)
            for x in 0..<newWidth {
                let left = x * width / newWidth, right = max(left + 1, (x + 1) * width / newWidth)
                var red = 0, green = 0, blue = 0
                for sy in top..<bottom {
                    for sx in left..<right {
                        let color = rgb(x: sx, y: sy)
                        red += Int(color.red)
                        green += Int(color.green)
                        blue += Int(color.blue)
                    }
                }
                let count = (bottom - top) * (right - left)
                result[x, y] = PixelFormat.rgb888.value(for: RGB(UInt8(red / count), UInt8(green / count), UInt8(blue / count)))
            }
        }
        return result
    }
}
