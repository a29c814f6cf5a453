import CZlibSystem

/// Minimal PNG reader for tests only: 8-bit RGB, non-interlaced. Verifies the signature and every chunk's
/// CRC, inflates with zlib's `uncompress` and undoes filters 0–4, so encoder output is checked independently.
enum PNGDecoder {
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    struct Image {
        var width: Int
        var height: Int
        var rgb: [UInt8]
        var chunkTypes: [String]
    }

    static func decode(_ data: [UInt8]) throws -> Image {
        guard data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Failure("bad signature") }
        var offset = 8
        var width = 0, height = 0, types: [String] = [], idat: [UInt8] = []
        while offset + 12 <= data.count {
            let length = Int(bigEndian(data, offset))
            guard offset + 12 + length <= data.count else { throw Failure("truncated chunk") }
            let typeAndData = Array(data[offset + 4..<offset + 8 + length])
            let type = String(decoding: typeAndData[0..<4], as: UTF8.self)
            let stored = bigEndian(data, offset + 8 + length)
            let computed = typeAndData.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
            guard stored == computed else { throw Failure("CRC mismatch in \(type)") }
            let body = typeAndData[4...]
            types.append(type)
            switch type {
            case "IHDR":
                width = Int(bigEndian(Array(body), 0))
                height = Int(bigEndian(Array(body), 4))
                guard Array(body[body.startIndex + 8..<body.endIndex]) == [8, 2, 0, 0, 0] else {
                    throw Failure("only 8-bit RGB, non-interlaced")
                }
            case "IDAT":
                idat += body
            default:
                break
            }
            offset += 12 + length
            if type == "IEND" { break }
        }
        guard types.first == "IHDR", types.last == "IEND", offset == data.count else { throw Failure("bad chunk layout") }
        let rowBytes = width * 3
        var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        var rawLength = uLongf(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { out in
            idat.withUnsafeBufferPointer { uncompress(out.baseAddress, &rawLength, $0.baseAddress, uLong($0.count)) }
        }
        guard status == Z_OK, Int(rawLength) == raw.count else { throw Failure("inflate failed (\(status))") }
        return Image(width: width, height: height, rgb: try unfilter(raw, rowBytes: rowBytes, height: height), chunkTypes: types)
    }

    private static func unfilter(_ raw: [UInt8], rowBytes: Int, height: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: rowBytes * height)
        for y in 0..<height {
            let filter = raw[y * (rowBytes + 1)]
            for i in 0..<rowBytes {
                let x = raw[y * (rowBytes + 1) + 1 + i]
                let a = i >= 3 ? Int(out[y * rowBytes + i - 3]) : 0
                let b = y > 0 ? Int(out[(y - 1) * rowBytes + i]) : 0
                let c = i >= 3 && y > 0 ? Int(out[(y - 1) * rowBytes + i - 3]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw Failure("bad filter \(filter)")
                }
                out[y * rowBytes + i] = x &+ UInt8(predictor)
            }
        }
        return out
    }

    private static func bigEndian(_ d: [UInt8], _ i: Int) -> UInt32 {
        UInt32(d[i]) << 24 | UInt32(d[i + 1]) << 16 | UInt32(d[i + 2]) << 8 | UInt32(d[i + 3])
    }
}
