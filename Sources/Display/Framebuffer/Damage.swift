/// Rectangles that changed between two frames, so backends push only those (SPI bandwidth and e-paper
/// partial refresh are the scarce resources, not CPU).
public enum Damage {
    /// nil previous, or a different size/format → one rect covering everything (none for an empty frame).
    /// Identical → []. Otherwise changed rows are grouped into vertical bands of consecutive changed rows; each
    /// band's rect spans the min…max changed x in that band, found from differing bytes and narrowed to the
    /// differing bits/nibbles for sub-byte formats. Sorted by y, non-overlapping.
    public static func rects(from previous: Framebuffer?, to current: Framebuffer) -> [Rect] {
        guard let previous, previous.width == current.width, previous.height == current.height,
            previous.format == current.format
        else {
            return current.bounds.isEmpty ? [] : [current.bounds]
        }
        // Array == short-circuits when both share storage, the common "nothing redrawn" case.
        if previous.bytes == current.bytes { return [] }
        let (stride, width, format) = (current.stride, current.width, current.format)
        var result: [Rect] = []
        previous.bytes.withUnsafeBufferPointer { old in
            current.bytes.withUnsafeBufferPointer { new in
                guard let a = old.baseAddress, let b = new.baseAddress else { return }
                var band: (y: Int, minX: Int, maxX: Int)? = nil
                for y in 0..<current.height {
                    let rowA = a + y * stride, rowB = b + y * stride
                    guard let lo = firstDifference(rowA, rowB, count: stride),
                        let hi = lastDifference(rowA, rowB, count: stride)
                    else {
                        if let open = band {
                            result.append(Rect(x: open.minX, y: open.y, width: open.maxX - open.minX + 1, height: y - open.y))
                            band = nil
                        }
                        continue
                    }
                    let x0 = firstPixel(lo, rowA[lo] ^ rowB[lo], format)
                    let x1 = Swift.min(width - 1, lastPixel(hi, rowA[hi] ^ rowB[hi], format))
                    if let open = band {
                        band = (open.y, Swift.min(open.minX, x0), Swift.max(open.maxX, x1))
                    } else {
                        band = (y, x0, x1)
                    }
                }
                if let open = band {
                    result.append(Rect(x: open.minX, y: open.y, width: open.maxX - open.minX + 1, height: current.height - open.y))
                }
            }
        }
        return result
    }

    /// Total pixels to push; bands never overlap, so a plain sum is exact.
    public static func area(_ rects: [Rect]) -> Int {
        rects.reduce(0) { $0 + $1.area }
    }

    /// Leftmost pixel touched by a differing byte (`diff` = old ^ new, non-zero).
    @inline(__always)
    private static func firstPixel(_ byte: Int, _ diff: UInt8, _ format: PixelFormat) -> Int {
        switch format {
        case .mono: byte * 8 + diff.leadingZeroBitCount
        case .gray4: byte * 2 + (diff & 0xF0 != 0 ? 0 : 1)
        default: byte / (format.bitsPerPixel / 8)
        }
    }

    @inline(__always)
    private static func lastPixel(_ byte: Int, _ diff: UInt8, _ format: PixelFormat) -> Int {
        switch format {
        case .mono: byte * 8 + 7 - diff.trailingZeroBitCount
        case .gray4: byte * 2 + (diff & 0x0F != 0 ? 1 : 0)
        default: byte / (format.bitsPerPixel / 8)
        }
    }

    /// memcmp-style scan, eight bytes at a time.
    @inline(__always)
    private static func firstDifference(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Int? {
        let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
        var i = 0
        while i + 8 <= count,
            ra.loadUnaligned(fromByteOffset: i, as: UInt64.self) == rb.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        {
            i += 8
        }
        while i < count {
            if a[i] != b[i] { return i }
            i += 1
        }
        return nil
    }

    @inline(__always)
    private static func lastDifference(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Int? {
        let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
        var end = count
        while end >= 8,
            ra.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self) == rb.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self)
        {
            end -= 8
        }
        while end > 0 {
            end -= 1
            if a[end] != b[end] { return end }
        }
        return nil
    }
}
