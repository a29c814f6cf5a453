/// Reads a query text by RFC 9535's grammar (section 2.3's segments and selectors), for the
/// subset `JSONPath` documents. Offsets in errors count Unicode scalars.
struct JSONPathParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    /// RFC 9535's I-JSON integer range for indexes.
    static let indexRange = -(1 << 53) + 1...(1 << 53) - 1

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    mutating func parse() throws(JSONPathSyntaxError) -> [JSONPath.Segment] {
        guard take("$") else {
            throw fail(
                scalars.isEmpty
                    ? "empty: a query starts with $ (the whole answer), as in $.departures[*]"
                    : "a query starts with $ (the whole answer), as in $.departures[*]")
        }
        var segments: [JSONPath.Segment] = []
        while true {
            skipBlanks()
            guard let next = peek else { return segments }
            switch next {
            case ".":
                index += 1
                if take(".") {
                    segments.append(try descendantSegment())
                } else {
                    segments.append(JSONPath.Segment([try dotSelector(after: ".")]))
                }
            case "[":
                segments.append(JSONPath.Segment(try bracketedSelection()))
            default:
                throw fail("expected . or [ to go on from here; got '\(Character(next))'")
            }
        }
    }

    private mutating func descendantSegment() throws(JSONPathSyntaxError) -> JSONPath.Segment {
        if peek == "[" { return JSONPath.Segment(try bracketedSelection(), descendants: true) }
        guard peek != "." else { throw fail("three dots: write .. once, then a name, * or [") }
        return JSONPath.Segment([try dotSelector(after: "..")], descendants: true)
    }

    /// `*` or a member-name shorthand after `.` or `..`.
    private mutating func dotSelector(after dots: String) throws(JSONPathSyntaxError) -> JSONPath.Selector {
        if take("*") { return .wildcard }
        let start = index
        guard let first = peek, Self.isNameFirst(first) else {
            if let next = peek, next == "[" && dots == "." {
                throw fail("no dot before [: write $.a['b'] or $.a[0]")
            }
            let got = peek.map { "'\(Character($0))'" } ?? "the end"
            throw fail(
                "expected a name, * or [ after \(dots); got \(got)"
                    + (peek.map { Self.isNameChar($0) || $0 == "-" || $0 == "$" || $0 == "@" } == true
                        ? " (a name that starts with a digit or holds - $ @ or spaces goes in brackets: ['2nd-stop'])" : ""))
        }
        index += 1
        while let next = peek, Self.isNameChar(next) { index += 1 }
        if let next = peek, next == "-" || next == "$" || next == "@" || next == ":" {
            let name = String(String.UnicodeScalarView(scalars[start..<index]))
            throw fail("'\(Character(next))' cannot be part of a name after \(dots): write ['\(name)\(Character(next))…'] in brackets")
        }
        return .name(String(String.UnicodeScalarView(scalars[start..<index])))
    }

    /// `[selector, …]` with blanks around each selector.
    private mutating func bracketedSelection() throws(JSONPathSyntaxError) -> [JSONPath.Selector] {
        index += 1  // "["
        var selectors: [JSONPath.Selector] = []
        while true {
            skipBlanks()
            selectors.append(try selector())
            skipBlanks()
            if take("]") { return selectors }
            guard take(",") else {
                if peek == ":" { throw fail("slices ([start:end]) are not supported: select elements by index, as [0]") }
                let got = peek.map { "'\(Character($0))'" } ?? "the end"
                throw fail("expected , or ] in the brackets; got \(got)")
            }
        }
    }

    private mutating func selector() throws(JSONPathSyntaxError) -> JSONPath.Selector {
        guard let next = peek else { throw fail("unclosed [: expected a name in quotes, an index or *") }
        switch next {
        case "*":
            index += 1
            return .wildcard
        case "'", "\"":
            return .name(try stringLiteral())
        case "?":
            throw fail("filter expressions ([?…]) are not supported: select with names, indexes and *")
        case ":":
            throw fail("slices ([start:end]) are not supported: select elements by index, as [0]")
        case "-", "0"..."9":
            return .index(try integer())
        default:
            if Self.isNameFirst(next) {
                throw fail("a name in brackets goes in quotes: ['\(word())']")
            }
            throw fail("expected a name in quotes, an index or * in the brackets; got '\(Character(next))'")
        }
    }

    /// RFC 9535's `int`: `0`, or an optional `-` and digits without a leading zero.
    private mutating func integer() throws(JSONPathSyntaxError) -> Int {
        let start = index
        let negative = take("-")
        let digitsStart = index
        while let next = peek, ("0"..."9").contains(next) { index += 1 }
        let digits = String(String.UnicodeScalarView(scalars[digitsStart..<index]))
        guard !digits.isEmpty else { throw fail("expected digits after -", at: digitsStart) }
        if digits.count > 1 && digits.hasPrefix("0") || negative && digits == "0" {
            throw fail("an index has no leading zero and no -0", at: start)
        }
        guard digits.count <= 16, let magnitude = Int(digits), Self.indexRange.contains(negative ? -magnitude : magnitude) else {
            throw fail("index out of range (at most 2^53 − 1 either way)", at: start)
        }
        return negative ? -magnitude : magnitude
    }

    /// A quoted name with JSON's escapes; the other quote needs none.
    private mutating func stringLiteral() throws(JSONPathSyntaxError) -> String {
        let quote = scalars[index]
        let start = index
        index += 1
        var name = String.UnicodeScalarView()
        while true {
            guard let next = peek else { throw fail("unclosed quote", at: start) }
            index += 1
            if next == quote { return String(name) }
            if next.value < 0x20 { throw fail("a control character in a name: write it escaped (\\n, \\t, \\u0001)", at: index - 1) }
            guard next == "\\" else {
                name.append(next)
                continue
            }
            guard let escaped = peek else { throw fail("unclosed quote", at: start) }
            index += 1
            switch escaped {
            case "b": name.append("\u{08}")
            case "f": name.append("\u{0C}")
            case "n": name.append("\n")
            case "r": name.append("\r")
            case "t": name.append("\t")
            case "/": name.append("/")
            case "\\": name.append("\\")
            case "u": name.append(try unicodeEscape())
            default:
                guard escaped == quote else {
                    throw fail(
                        "unknown escape \\\(Character(escaped)) (known: \\b \\f \\n \\r \\t \\/ \\\\ \\\(Character(quote)) \\uXXXX)",
                        at: index - 2)
                }
                name.append(escaped)
            }
        }
    }

    /// `XXXX` after `\u`, with a surrogate pair's second half when the first asks for it.
    private mutating func unicodeEscape() throws(JSONPathSyntaxError) -> Unicode.Scalar {
        let start = index - 2
        let high = try hexQuad(start)
        if (0xDC00...0xDFFF).contains(high) { throw fail("a low surrogate with no high one before it", at: start) }
        guard (0xD800...0xDBFF).contains(high) else {
            guard let scalar = Unicode.Scalar(high) else { throw fail("not a character", at: start) }
            return scalar
        }
        guard take("\\"), take("u") else { throw fail("a high surrogate needs its low half (\\uDC00…\\uDFFF) next", at: start) }
        let low = try hexQuad(start)
        guard (0xDC00...0xDFFF).contains(low), let scalar = Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00)) else {
            throw fail("a high surrogate needs its low half (\\uDC00…\\uDFFF) next", at: start)
        }
        return scalar
    }

    private mutating func hexQuad(_ start: Int) throws(JSONPathSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let next = peek, let digit = Character(next).hexDigitValue else { throw fail("\\u needs four hex digits", at: start) }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    // MARK: - Scanning

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard peek == scalar else { return false }
        index += 1
        return true
    }

    private mutating func skipBlanks() {
        while let next = peek, next == " " || next == "\t" || next == "\n" || next == "\r" { index += 1 }
    }

    /// The name-like run from here, for a message.
    private func word() -> String {
        var end = index
        while end < scalars.count, Self.isNameChar(scalars[end]) { end += 1 }
        return String(String.UnicodeScalarView(scalars[index..<end]))
    }

    private func fail(_ message: String, at offset: Int? = nil) -> JSONPathSyntaxError {
        JSONPathSyntaxError(offset: offset ?? index, message: message)
    }

    // RFC 9535's name-first and name-char.
    static func isNameFirst(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || scalar.value >= 0x80
    }

    static func isNameChar(_ scalar: Unicode.Scalar) -> Bool {
        isNameFirst(scalar) || ("0"..."9").contains(scalar)
    }

    static func isShorthandName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, isNameFirst(first) else { return false }
        return name.unicodeScalars.allSatisfy(isNameChar)
    }
}
