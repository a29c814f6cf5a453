import CZlibSystem
public import Framebuffer

/// Encodes frames as image files. Every pixel format is written as 8-bit RGB (grey for PGM) exactly as
/// `Framebuffer.rgbBytes()` previews it, so a .png and a .ppm of one frame hold the same pixels.
public enum ImageEncoder {
    public static func encode(_ frame: Framebuffer, as format: ImageFormat) throws(ImageEncodingError) -> [UInt8] {
        guard frame.width > 0, frame.height > 0 else { throw .emptyFrame }
        // PNG's IHDR holds 31-bit sizes; far beyond any panel, so this only rejects nonsense.
        guard frame.width <= Int(Int32.max), frame.height <= Int(Int32.max) else { throw .frameTooLarge }
        switch format {
        case .ppm:
            return netpbmHeader("P6", frame) + frame.rgbBytes()
        case .pgm:
            let rgb = frame.rgbBytes()
            var out = netpbmHeader("P5", frame)
            out.reserveCapacity(out.count + rgb.count / 3)
            var i = 0
            while i < rgb.count {
                out.append(RGB(rgb[i], rgb[i + 1], rgb[i + 2]).luminance)
                i += 3
            }
            return out
        case .png:
            return try png(frame)
        }
    }

    private static func netpbmHeader(_ magic: String, _ frame: Framebuffer) -> [UInt8] {
        Array("\(magic)\n\(frame.width) \(frame.height)\n255\n".utf8)
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Colour type 2, bit depth 8, one IDAT. Filter type 0 on every row keeps the encoder simple and the
    /// output a pure function of the pixels (and the zlib version).
    private static func png(_ frame: Framebuffer) throws(ImageEncodingError) -> [UInt8] {
        let rgb = frame.rgbBytes()
        let rowBytes = frame.width * 3
        var scanlines: [UInt8] = []
        scanlines.reserveCapacity((rowBytes + 1) * frame.height)
        for y in 0..<frame.height {
            scanlines.append(0)
            scanlines.append(contentsOf: rgb[y * rowBytes..<(y + 1) * rowBytes])
        }
        let compressed = try deflate(scanlines)
        guard compressed.count <= Int(Int32.max) else { throw .frameTooLarge }

        var header: [UInt8] = []
        appendBigEndian(UInt32(frame.width), to: &header)
        appendBigEndian(UInt32(frame.height), to: &header)
        header += [8, 2, 0, 0, 0]  // bit depth, colour type RGB, deflate, adaptive filtering, no interlace

        var out = pngSignature
        out.reserveCapacity(compressed.count + 64)
        appendChunk("IHDR", header, to: &out)
        appendChunk("IDAT", compressed, to: &out)
        appendChunk("IEND", [], to: &out)
        return out
    }

    /// zlib stream at level 9: maximum compression is cheap at panel sizes and fixed levels keep output stable.
    private static func deflate(_ input: [UInt8]) throws(ImageEncodingError) -> [UInt8] {
        var length = compressBound(uLong(input.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            input.withUnsafeBufferPointer { src in
                compress2(out.baseAddress, &length, src.baseAddress, uLong(src.count), 9)
            }
        }
        guard status == Z_OK else { throw .compressionFailed(code: status) }
        output.removeSubrange(Int(length)...)
        return output
    }

    /// Length, type, data, then CRC-32 over type and data (PNG spec §5.3).
    private static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        appendBigEndian(UInt32(data.count), to: &out)
        out += typeBytes
        out += data
        var crc = crc32(0, nil, 0)
        crc = typeBytes.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        if !data.isEmpty {
            crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        }
        appendBigEndian(UInt32(truncatingIfNeeded: crc), to: &out)
    }

    private static func appendBigEndian(_ value: UInt32, to out: inout [UInt8]) {
        out += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
