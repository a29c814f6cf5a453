import Foundation
public import Framebuffer

/// Reads a HUB75 trace (`{"op":"hub75",…}` lines, what the driver process would be sent) back
/// into what the matrix would show: the configuration, the brightness and each frame.
public struct HUB75TraceReplay {
    public struct ParseError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The CONFIGURE text, as `key=value` pairs.
    public private(set) var configuration: [String: String] = [:]
    /// The brightness in percent: the configuration's, then the latest BRIGHTNESS.
    public private(set) var brightness: UInt8?
    /// Every frame in order, as RGB888 framebuffers; a BLANK adds a black one.
    public private(set) var frames: [Framebuffer] = []
    public private(set) var blanks = 0

    public init(_ trace: String) throws {
        for (index, line) in trace.split(separator: "\n").enumerated() {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["op"] as? String == "hub75", let type = object["type"] as? String
            else {
                throw ParseError(description: "trace line \(index + 1): not a hub75 operation")
            }
            switch type {
            case "configure":
                for pair in (object["text"] as? String ?? "").split(separator: "\n") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    if parts.count == 2 { configuration[String(parts[0])] = String(parts[1]) }
                }
                brightness = configuration["brightness"].flatMap { UInt8($0) }
            case "brightness":
                brightness = (object["percent"] as? Int).map { UInt8($0) }
            case "blank":
                blanks += 1
                if let last = frames.last { frames.append(Framebuffer(width: last.width, height: last.height, format: .rgb888)) }
            case "frame":
                guard let width = object["width"] as? Int, let height = object["height"] as? Int,
                    let hex = object["data"] as? String, hex.utf8.count == width * height * 6
                else {
                    throw ParseError(description: "trace line \(index + 1): a frame without its size or all its pixels")
                }
                frames.append(Self.frame(hex: hex, width: width, height: height))
            default:
                throw ParseError(description: "trace line \(index + 1): unknown hub75 type '\(type)'")
            }
        }
    }

    /// RGB888 bytes (the driver's frame payload, a stub's PPM body) as a framebuffer.
    public static func frame(rgb: [UInt8], width: Int, height: Int) -> Framebuffer {
        var frame = Framebuffer(width: width, height: height, format: .rgb888)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                frame[x, y] = PixelValue(UInt32(rgb[i]) << 16 | UInt32(rgb[i + 1]) << 8 | UInt32(rgb[i + 2]))
            }
        }
        return frame
    }

    /// A binary PPM (`P6\nW H\n255\n`, then RGB: a stub's canvas, `render`'s .ppm); nil when it is not one.
    public static func frame(ppm bytes: [UInt8]) -> Framebuffer? {
        var fields: [String] = [], index = 0, current = ""
        while fields.count < 4, index < bytes.count {
            let c = bytes[index]
            index += 1
            if c == 0x20 || c == 0x0A {
                if !current.isEmpty { fields.append(current); current = "" }
            } else {
                current.append(Character(UnicodeScalar(c)))
            }
        }
        guard fields.count == 4, fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]),
            bytes.count - index == width * height * 3
        else { return nil }
        return frame(rgb: Array(bytes[index...]), width: width, height: height)
    }

    private static func frame(hex: String, width: Int, height: Int) -> Framebuffer {
        let digits = Array(hex.utf8)
        func nibble(_ c: UInt8) -> UInt8 { c <= 57 ? c - 48 : c - 87 }
        let bytes = stride(from: 0, to: digits.count, by: 2).map { nibble(digits[$0]) << 4 | nibble(digits[$0 + 1]) }
        return frame(rgb: bytes, width: width, height: height)
    }
}
