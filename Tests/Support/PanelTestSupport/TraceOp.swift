import DisplayBackends

/// One operation of a bus trace, read back for the panel emulators. The product only writes
/// traces (`TraceIO`); reading them is for tests, so it lives here.
public enum TraceOp: Equatable, Sendable {
    case i2c(address: UInt8, data: [UInt8])
    case spi(dc: Int?, data: [UInt8])
    case gpio(line: String, value: Int)
    case sleep(milliseconds: Int)
    case wait(line: String, value: Int)

    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "trace line \(line): \(message)" }
    }

    /// Parses a whole JSON-lines trace (the fixed format `TraceIO` writes; blank lines skipped).
    public static func parse(_ text: String) throws(ParseError) -> [TraceOp] {
        var ops: [TraceOp] = []
        // "\r\n" is one Character in Swift, so both line endings are named.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, raw) in lines.enumerated() {
            let line = raw.trimmingCharacters(in: " \t\r")
            if line.isEmpty { continue }
            ops.append(try parse(line: line, number: index + 1))
        }
        return ops
    }

    static func parse(line: String, number: Int) throws(ParseError) -> TraceOp {
        guard let fields = FlatJSON.object(line) else {
            throw ParseError(line: number, message: "not a flat JSON object")
        }
        func string(_ key: String) throws(ParseError) -> String {
            guard case .string(let value)? = fields[key] else { throw ParseError(line: number, message: "\(key): expected a string") }
            return value
        }
        func int(_ key: String) throws(ParseError) -> Int {
            guard case .number(let value)? = fields[key] else { throw ParseError(line: number, message: "\(key): expected a number") }
            return value
        }
        func bytes() throws(ParseError) -> [UInt8] {
            guard let data = Hex.decode(try string("data")) else { throw ParseError(line: number, message: "data: expected hex") }
            return data
        }
        switch try string("op") {
        case "i2c":
            let address = try int("addr")
            guard (0...127).contains(address) else { throw ParseError(line: number, message: "addr: \(address) is not a 7-bit address") }
            return .i2c(address: UInt8(address), data: try bytes())
        case "spi":
            let dc: Int?
            switch fields["dc"] {
            case .null?: dc = nil
            case .number(let value)?: dc = value
            default: throw ParseError(line: number, message: "dc: expected 0, 1 or null")
            }
            return .spi(dc: dc, data: try bytes())
        case "gpio": return .gpio(line: try string("line"), value: try int("value"))
        case "sleep": return .sleep(milliseconds: try int("ms"))
        case "wait": return .wait(line: try string("line"), value: try int("value"))
        case let other: throw ParseError(line: number, message: "unknown op '\(other)'")
        }
    }
}

/// Just enough JSON for trace lines: one object of strings, integers and null.
enum FlatJSON {
    enum Value: Equatable { case string(String), number(Int), null }

    static func object(_ text: String) -> [String: Value]? {
        var scanner = Array(text.utf8)[...]
        func skipSpace() { while let c = scanner.first, c == 32 || c == 9 { scanner.removeFirst() } }
        func take(_ c: UInt8) -> Bool {
            skipSpace()
            guard scanner.first == c else { return false }
            scanner.removeFirst()
            return true
        }
        func string() -> String? {
            guard take(34) else { return nil }
            var bytes: [UInt8] = []
            while let c = scanner.first {
                scanner.removeFirst()
                if c == 34 { return String(decoding: bytes, as: UTF8.self) }
                if c == 92 { return nil }  // escapes never occur in traces
                bytes.append(c)
            }
            return nil
        }
        guard take(123) else { return nil }
        var result: [String: Value] = [:]
        if take(125) { return result }
        repeat {
            guard let key = string(), take(58) else { return nil }
            skipSpace()
            if scanner.first == 34 {
                guard let value = string() else { return nil }
                result[key] = .string(value)
            } else if scanner.starts(with: Array("null".utf8)) {
                scanner.removeFirst(4)
                result[key] = .null
            } else {
                var digits: [UInt8] = []
                while let c = scanner.first, (48...57).contains(c) || (c == 45 && digits.isEmpty) {
                    digits.append(c)
                    scanner.removeFirst()
                }
                guard let number = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
                result[key] = .number(number)
            }
        } while take(44)
        guard take(125) else { return nil }
        skipSpace()
        return scanner.isEmpty ? result : nil
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let drop = Set(set)
        var slice = Substring(self)
        while let first = slice.first, drop.contains(first) { slice.removeFirst() }
        while let last = slice.last, drop.contains(last) { slice.removeLast() }
        return String(slice)
    }
}

/// The reading half of `Hex`; only the decoder needs it.
extension Hex {
    static func decode(_ text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = value(utf8[index]), let low = value(utf8[index + 1]) else { return nil }
            out.append(high << 4 | low)
            index += 2
        }
        return out
    }

    private static func value(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 97...102: return c - 87
        case 65...70: return c - 55
        default: return nil
        }
    }
}
