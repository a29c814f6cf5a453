import DeparturesCore

/// A minimal protobuf wire-format walk over unknown-field bytes: how fields of later spec
/// versions than the committed proto are read (a proto2 reader keeps them there).
enum WireScan {
    enum Value {
        case varint(UInt64)
        case bytes([UInt8])
    }

    /// The last varint value of field `field` (last one wins, as for any singular field).
    static func lastVarint(field: UInt64, in data: Data) -> UInt64? {
        lastVarint(field: field, in: [UInt8](data))
    }

    static func lastVarint(field: UInt64, in bytes: [UInt8]) -> UInt64? {
        var found: UInt64?
        walk(bytes) { number, value in
            if number == field, case .varint(let raw) = value { found = raw }
        }
        return found
    }

    /// The last length-delimited value of field `field` (a string or an embedded message).
    static func lastBytes(field: UInt64, in data: Data) -> [UInt8]? {
        lastBytes(field: field, in: [UInt8](data))
    }

    static func lastBytes(field: UInt64, in bytes: [UInt8]) -> [UInt8]? {
        var found: [UInt8]?
        walk(bytes) { number, value in
            if number == field, case .bytes(let payload) = value { found = payload }
        }
        return found
    }

    /// The last string of field `field`; nil when absent, empty or not UTF-8.
    static func lastString(field: UInt64, in bytes: [UInt8]) -> String? {
        guard let payload = lastBytes(field: field, in: bytes), !payload.isEmpty else { return nil }
        return String(validating: payload, as: UTF8.self)
    }

    /// Calls `visit` for each varint and length-delimited field; stops at the first malformed one.
    static func walk(_ bytes: [UInt8], _ visit: (UInt64, Value) -> Void) {
        var index = 0

        func varint() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while index < bytes.count, shift < 64 {
                let byte = bytes[index]
                index += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
            return nil
        }
        func skip(_ count: UInt64) -> Bool {
            guard count <= UInt64(bytes.count - index) else { return false }
            index += Int(count)
            return true
        }

        while index < bytes.count {
            guard let tag = varint() else { return }
            switch tag & 7 {
            case 0:
                guard let value = varint() else { return }
                visit(tag >> 3, .varint(value))
            case 1: guard skip(8) else { return }
            case 2:
                guard let length = varint() else { return }
                let start = index
                guard skip(length) else { return }
                visit(tag >> 3, .bytes(Array(bytes[start..<index])))
            case 5: guard skip(4) else { return }
            default: return  // groups: not used by GTFS-Realtime
            }
        }
    }
}
