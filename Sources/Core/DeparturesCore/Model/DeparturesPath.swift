/// The API's path, `/api/v1/stops/{stopId}/departures`: one owner for the client that asks
/// (`kind: api`) and the hub that answers. The stop id is one percent-encoded segment.
public enum DeparturesPath {
    public static func path(stopID: String) -> String {
        "/api/v1/stops/" + encode(stopID) + "/departures"
    }

    /// The `{stopId}` segment of a request path, still percent-encoded; nil for other paths.
    public static func segment(in path: String) -> Substring? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 6, parts[0].isEmpty, parts[1] == "api", parts[2] == "v1", parts[3] == "stops",
            !parts[4].isEmpty, parts[5] == "departures"
        else { return nil }
        return parts[4]
    }

    /// Unreserved characters (RFC 3986 §2.3) kept, every other byte as %XX.
    public static func encode(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF")
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.append(Character(Unicode.Scalar(byte)))
            default:
                encoded += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return encoded
    }

    /// Percent-decoding of one segment (RFC 3986 §2.1); nil for malformed escapes or bytes
    /// that are not UTF-8.
    public static func decode(_ segment: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = segment.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
