/// The byte-level loops behind `Framebuffer.fill`, kept apart so the struct stays readable.
enum FillKernels {
    /// Sets pixels `from..<from+count` of a mono/gray4 row: masked edge bytes, memset for the middle.
    static func fillSubByteRun(
        _ row: UnsafeMutablePointer<UInt8>, from x0: Int, count: Int, bitsPerPixel bpp: Int, pattern: UInt8
    ) {
        let perByte = 8 / bpp
        let x1 = x0 + count
        // Bits covering in-byte pixel slots k0..<k1 (MSB = leftmost slot).
        func mask(_ k0: Int, _ k1: Int) -> UInt8 {
            (0xFF >> UInt8(bpp * k0)) & ~(k1 >= perByte ? 0 : 0xFF >> UInt8(bpp * k1))
        }
        func merge(_ i: Int, _ m: UInt8) { row[i] = (row[i] & ~m) | (pattern & m) }
        let firstByte = x0 / perByte, lastByte = (x1 - 1) / perByte
        if firstByte == lastByte {
            merge(firstByte, mask(x0 % perByte, (x1 - 1) % perByte + 1))
            return
        }
        var fullStart = firstByte, fullEnd = lastByte + 1
        if x0 % perByte != 0 {
            merge(firstByte, mask(x0 % perByte, perByte))
            fullStart += 1
        }
        if x1 % perByte != 0 {
            merge(lastByte, mask(0, x1 % perByte))
            fullEnd -= 1
        }
        if fullEnd > fullStart { (row + fullStart).update(repeating: pattern, count: fullEnd - fullStart) }
    }

    /// Writes one pixel's bytes, then doubles the filled prefix with memcpy: O(log n) copies for any pattern.
    static func fillPattern(_ start: UnsafeMutablePointer<UInt8>, length: Int, value v: UInt32, format: PixelFormat) {
        switch format {
        case .bwr:
            start.update(repeating: UInt8(v), count: length)
            return
        case .rgb565:
            start[0] = UInt8(truncatingIfNeeded: v)
            start[1] = UInt8(truncatingIfNeeded: v >> 8)
            if start[0] == start[1] {
                start.update(repeating: start[0], count: length)
                return
            }
        default:
            start[0] = UInt8(truncatingIfNeeded: v >> 16)
            start[1] = UInt8(truncatingIfNeeded: v >> 8)
            start[2] = UInt8(truncatingIfNeeded: v)
            if start[0] == start[1] && start[1] == start[2] {
                start.update(repeating: start[0], count: length)
                return
            }
        }
        var filled = format.bitsPerPixel / 8
        while filled < length {
            let chunk = Swift.min(filled, length - filled)
            (start + filled).update(from: start, count: chunk)
            filled += chunk
        }
    }
}
