/// The messages between the sign and departure-board-hub75, the process that owns a HUB75
/// matrix (deploy/hub75/PROTOCOL.md): a 32-bit big-endian length, a type byte, the payload.
/// Every request gets exactly one reply.
public enum HUB75Request: Sendable, Equatable {
    /// `key=value` lines (`HUB75Options.configurationText`); the first message of a link.
    case configure(String)
    /// A whole frame, RGB888 row by row; the driver applies it only once it has every byte.
    case frame(sequence: UInt32, width: Int, height: Int, rgb: [UInt8])
    /// 1…100 percent.
    case brightness(percent: UInt8)
    /// Panel dark until the next frame (screen-off hours).
    case blank

    /// What a frame adds to its pixels on the wire: length 4, type 1, sequence 4, width and height 2 each.
    public static let frameOverhead = 13

    public var type: UInt8 {
        switch self {
        case .configure: 0x01
        case .frame: 0x02
        case .brightness: 0x03
        case .blank: 0x04
        }
    }

    /// The message as it goes on the wire, length first.
    public func encoded() -> [UInt8] {
        var payload: [UInt8]
        switch self {
        case .configure(let text):
            payload = Array(text.utf8)
        case .frame(let sequence, let width, let height, let rgb):
            payload =
                HUB75Wire.bigEndian(sequence, bytes: 4) + HUB75Wire.bigEndian(UInt32(width), bytes: 2)
                + HUB75Wire.bigEndian(UInt32(height), bytes: 2)
            payload.reserveCapacity(payload.count + rgb.count)
            payload += rgb
        case .brightness(let percent):
            payload = [percent]
        case .blank:
            payload = []
        }
        return HUB75Wire.bigEndian(UInt32(payload.count + 1), bytes: 4) + [type] + payload
    }
}

public enum HUB75Reply: Sendable, Equatable {
    case ready(width: Int, height: Int)
    case error(String)
    case shown(sequence: UInt32)
    case ok(type: UInt8)

    /// Decodes a reply's type byte and payload; anything else ends the link.
    public init(type: UInt8, payload: [UInt8]) throws(HUB75LinkError) {
        switch (type, payload.count) {
        case (0x81, 4): self = .ready(width: Int(HUB75Wire.number(payload[0..<2])), height: Int(HUB75Wire.number(payload[2..<4])))
        case (0x82, _): self = .error(String(decoding: payload, as: UTF8.self))
        case (0x83, 4): self = .shown(sequence: HUB75Wire.number(payload[0..<4]))
        case (0x84, 1): self = .ok(type: payload[0])
        default: throw HUB75LinkError("the driver sent a reply of type \(type) with \(payload.count) bytes")
        }
    }
}

/// Why a link to the driver ended or a request failed, in words for the log.
public struct HUB75LinkError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

enum HUB75Wire {
    /// Replies are small; a longer one is a driver gone wrong.
    static let largestReply = 4096

    static func bigEndian(_ value: UInt32, bytes: Int) -> [UInt8] {
        (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
    }

    static func number(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }
}
