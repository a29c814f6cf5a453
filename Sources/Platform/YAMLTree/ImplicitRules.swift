/// YAML 1.1's int, float and timestamp forms (yaml.org/type/int, /float, /timestamp), each
/// matched against the whole text. Hand-written so no regular-expression engine is linked.
enum ImplicitRules {
    /// `0b1010`, `0o17` or `017`, `0`, `1_000`, `0x1F`, `1:30:00`, each with an optional sign.
    static func isInt(_ text: [UInt8]) -> Bool {
        var start = Cursor(text)
        _ = start.takeSign()
        return start.matchesWhole { $0.take("0") && $0.take("b") && $0.skip(isBinary) > 0 }
            || start.matchesWhole { cursor in
                guard cursor.take("0") else { return false }
                _ = cursor.take("o")
                return cursor.skip(isOctal) > 0
            }
            || start.matchesWhole { $0.take("0") }
            || start.matchesWhole { $0.take(where: isNonZeroDigit) && $0.skip(isDigitOrUnderscore) >= 0 }
            || start.matchesWhole { $0.take("0") && $0.take("x") && $0.skip(isHex) > 0 }
            || start.matchesWhole { $0.take(where: isNonZeroDigit) && $0.skip(isDigitOrUnderscore) >= 0 && $0.sexagesimal() }
    }

    /// `1.5`, `1e3`, `-2.`, `.5`, `1:30.5`, `.inf`, `-.Inf`, `.nan` (plain ints match too; ints are tried first).
    static func isFloat(_ text: [UInt8]) -> Bool {
        var signed = Cursor(text)
        _ = signed.takeSign()
        let unsigned = Cursor(text)
        return signed.matchesWhole { cursor in
            guard cursor.take(where: isDigit) else { return false }
            cursor.skip(isDigitOrUnderscore)
            if cursor.take(".") { cursor.skip(isDigitOrUnderscore) }
            return cursor.exponent(signRequired: false)
        }
            || unsigned.matchesWhole { cursor in
                cursor.take(".") && cursor.skip(isDigitOrUnderscore) > 0 && cursor.exponent(signRequired: true)
            }
            || signed.matchesWhole { cursor in
                cursor.take(where: isDigit) && cursor.skip(isDigitOrUnderscore) >= 0 && cursor.sexagesimal()
                    && cursor.take(".") && cursor.skip(isDigitOrUnderscore) >= 0
            }
            || signed.matchesWhole { $0.take(".") && $0.takeWord(["inf", "Inf", "INF"]) }
            || unsigned.matchesWhole { $0.take(".") && $0.takeWord(["nan", "NaN", "NAN"]) }
    }

    /// `2002-12-14`, or a date and time: `2001-12-14t21:59:43.10-05:00`, `2001-12-14 21:59:43.10 -5`.
    static func isTimestamp(_ text: [UInt8]) -> Bool {
        let start = Cursor(text)
        return start.matchesWhole { $0.digits(4) && $0.take("-") && $0.digits(2) && $0.take("-") && $0.digits(2) }
            || start.matchesWhole { cursor in
                guard cursor.digits(4), cursor.take("-"), cursor.digits(1, upTo: 2), cursor.take("-"),
                    cursor.digits(1, upTo: 2)
                else { return false }
                guard cursor.take("T") || cursor.take("t") || cursor.skip(isSpaceOrTab) > 0 else { return false }
                guard cursor.digits(1, upTo: 2), cursor.take(":"), cursor.digits(2), cursor.take(":"),
                    cursor.digits(2)
                else { return false }
                if cursor.take(".") { cursor.skip(isDigit) }
                let spaces = cursor.skip(isSpaceOrTab)
                if cursor.atEnd { return spaces == 0 }
                if cursor.take("Z") { return true }
                guard cursor.takeSign(), cursor.digits(1, upTo: 2) else { return false }
                return !cursor.take(":") || cursor.digits(2)
            }
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    static func isNonZeroDigit(_ b: UInt8) -> Bool { b >= 0x31 && b <= 0x39 }
    static func isDigitOrUnderscore(_ b: UInt8) -> Bool { isDigit(b) || b == 0x5F }
    static func isBinary(_ b: UInt8) -> Bool { b == 0x30 || b == 0x31 || b == 0x5F }
    static func isOctal(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x37) || b == 0x5F }
    static func isHex(_ b: UInt8) -> Bool {
        isDigitOrUnderscore(b) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)
    }
    static func isSpaceOrTab(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
}

/// A read position in ASCII-level text; every `take` either consumes and says true or leaves
/// the position alone.
struct Cursor {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    /// Whether `rule`, run from here, consumes exactly the rest of the text.
    func matchesWhole(_ rule: (inout Cursor) -> Bool) -> Bool {
        var copy = self
        return rule(&copy) && copy.atEnd
    }

    mutating func take(_ ascii: Unicode.Scalar) -> Bool {
        take { $0 == UInt8(ascii: ascii) }
    }

    mutating func take(where accept: (UInt8) -> Bool) -> Bool {
        guard index < bytes.count, accept(bytes[index]) else { return false }
        index += 1
        return true
    }

    /// Consumes the longest run of accepted bytes; returns its length.
    @discardableResult
    mutating func skip(_ accept: (UInt8) -> Bool) -> Int {
        let from = index
        while index < bytes.count && accept(bytes[index]) { index += 1 }
        return index - from
    }

    mutating func takeSign() -> Bool { take("-") || take("+") }

    mutating func takeWord(_ words: [String]) -> Bool {
        for word in words where bytes[index...].starts(with: word.utf8) {
            index += word.utf8.count
            return true
        }
        return false
    }

    /// Between `least` and `most` ASCII digits (greedy), or exactly `least` when `most` is nil.
    mutating func digits(_ least: Int, upTo most: Int? = nil) -> Bool {
        let from = index
        while index - from < (most ?? least) && take(where: ImplicitRules.isDigit) {}
        guard index - from >= least else { index = from; return false }
        return true
    }

    /// One or more `:` groups of a base-60 number (`:30`, `:5`, `:59`; never `:60`).
    mutating func sexagesimal() -> Bool {
        var groups = 0
        while take(":") {
            let first = index
            guard take(where: ImplicitRules.isDigit) else { return false }
            if bytes[first] <= UInt8(ascii: "5") { _ = take(where: ImplicitRules.isDigit) }
            groups += 1
        }
        return groups > 0
    }

    /// An optional `e`/`E` exponent; a started exponent must be complete.
    mutating func exponent(signRequired: Bool) -> Bool {
        guard take("e") || take("E") else { return true }
        guard takeSign() || !signRequired else { return false }
        return skip(ImplicitRules.isDigit) > 0
    }
}
