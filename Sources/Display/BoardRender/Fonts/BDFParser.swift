/// Limits that keep a hostile or corrupt font from costing more than a few tens of MiB.
enum BDFLimits {
    static let maxFileBytes = 8 * 1024 * 1024
    static let maxGlyphSide = 256
    static let maxOffset = 1024
    static let maxChars = 1_114_112  // one glyph per Unicode scalar at most
    static let maxRowBytes = 64  // 256 px need 32 bytes; allow 32-bit padding slack
}

/// What a BDF file declares, before it is turned into a `BDFFont`.
struct BDFContents {
    var name: String?
    var boundingBox: (width: Int, height: Int, x: Int, y: Int)?
    var ascent: Int?
    var descent: Int?
    var defaultChar: Int?
    var defaultAdvance: Int?  // font-wide DWIDTH, used when a glyph omits its own
    var glyphs: [UInt32: Glyph] = [:]
}

/// A line-oriented BDF 2.x parser. Every failure is a `FontError` carrying the 1-based line.
struct BDFParser {
    let file: String
    var lines: [String]
    var index = 0
    /// Line number of the line most recently returned by `next()`.
    var lineNumber = 0
    var contents = BDFContents()
    var encodingSeen: [UInt32: (name: String, line: Int)] = [:]

    init(text: String, file: String) {
        self.file = file
        // Split on bytes, not Characters: "\r\n" is one Character and would hide the break.
        lines = text.utf8.split(separator: 10, omittingEmptySubsequences: false).map { bytes in
            var line = String(decoding: bytes, as: UTF8.self)
            if line.utf8.last == 13 { line.removeLast() }
            return line
        }
        // A final newline ends the last line; it does not start another one.
        if lines.count > 1, lines.last == "" { lines.removeLast() }
    }

    func fail(_ message: String, line: Int? = nil) -> FontError {
        FontError(file: file, line: line ?? lineNumber, message: message)
    }

    /// Next meaningful line split into tokens; blank and COMMENT lines are skipped.
    mutating func next() -> (tokens: [Substring], text: String)? {
        while index < lines.count {
            let text = lines[index]
            index += 1
            lineNumber = index
            let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if tokens.isEmpty || tokens[0] == "COMMENT" { continue }
            return (tokens, text)
        }
        lineNumber = max(lines.count, 1)
        return nil
    }

    /// The line as quoted in messages, clipped so a garbage line cannot flood a log.
    static func quote(_ text: String) -> String {
        let trimmed = text.trimmingSpaces
        let clipped = trimmed.count > 40 ? String(trimmed.prefix(40)) + "…" : trimmed
        return "'\(clipped)'"
    }

    /// Exactly `counts` integers after the keyword, e.g. BBX → 4.
    func integers(_ line: (tokens: [Substring], text: String), counts: ClosedRange<Int>) throws(FontError) -> [Int] {
        let args = line.tokens.dropFirst()
        let values = args.compactMap { Int($0) }
        guard counts.contains(args.count), values.count == args.count else {
            let expected = counts.count == 1 ? "\(counts.lowerBound)" : "\(counts.lowerBound) or \(counts.upperBound)"
            let noun = counts.upperBound == 1 ? "integer" : "integers"
            throw fail("\(line.tokens[0]): expected \(expected) \(noun), got \(Self.quote(line.text))")
        }
        return values
    }

    func checkOffset(_ keyword: Substring, _ values: Int...) throws(FontError) {
        let limit = BDFLimits.maxOffset
        for v in values where !(-limit...limit).contains(v) {
            throw fail("\(keyword): offset \(v) out of range -\(limit)...\(limit)")
        }
    }

    /// Width and height must be non-negative and at most 256, so a bitmap never exceeds 64 KiB.
    func checkSize(_ keyword: Substring, _ w: Int, _ h: Int) throws(FontError) {
        if w < 0 || h < 0 { throw fail("\(keyword): negative size \(w)x\(h)") }
        let limit = BDFLimits.maxGlyphSide
        if w > limit || h > limit { throw fail("\(keyword): size \(w)x\(h) exceeds the \(limit)x\(limit) limit") }
    }

    mutating func parse() throws(FontError) -> BDFContents {
        guard let first = next() else { throw fail("expected STARTFONT, got end of file") }
        guard first.tokens[0] == "STARTFONT" else { throw fail("expected STARTFONT, got \(Self.quote(first.text))") }
        guard first.tokens.count == 2, first.tokens[1].hasPrefix("2.") else {
            throw fail("STARTFONT: expected version 2.x, got \(Self.quote(first.text))")
        }
        let declared = try parseHeader()
        try parseGlyphs(declared: declared)
        return contents
    }

    /// Everything between STARTFONT and CHARS; returns the CHARS count.
    mutating func parseHeader() throws(FontError) -> Int {
        while let line = next() {
            switch line.tokens[0] {
            case "FONT":
                let name = line.text.trimmingSpaces.dropFirst(4).trimmingSpaces
                guard !name.isEmpty else { throw fail("FONT: missing font name") }
                contents.name = name
            case "SIZE":
                let v = try integers(line, counts: 3...4)
                guard (1...4096).contains(v[0]) else { throw fail("SIZE: point size \(v[0]) out of range 1...4096") }
            case "FONTBOUNDINGBOX":
                let v = try integers(line, counts: 4...4)
                try checkSize("FONTBOUNDINGBOX", v[0], v[1])
                try checkOffset("FONTBOUNDINGBOX", v[2], v[3])
                contents.boundingBox = (v[0], v[1], v[2], v[3])
            case "DWIDTH":
                let v = try integers(line, counts: 2...2)
                try checkOffset("DWIDTH", v[0], v[1])
                contents.defaultAdvance = v[0]
            case "STARTPROPERTIES":
                _ = try integers(line, counts: 1...1)
                try parseProperties()
            case "CHARS":
                let count = try integers(line, counts: 1...1)[0]
                guard (0...BDFLimits.maxChars).contains(count) else {
                    throw fail("CHARS: count \(count) out of range 0...\(BDFLimits.maxChars)")
                }
                guard contents.boundingBox != nil else { throw fail("CHARS: FONTBOUNDINGBOX must come before CHARS") }
                return count
            case "STARTCHAR", "ENDFONT":
                throw fail("\(line.tokens[0]): expected CHARS first")
            case "ENDPROPERTIES":
                throw fail("ENDPROPERTIES without STARTPROPERTIES")
            default:
                continue  // METRICSSET, SWIDTH, CONTENTVERSION, … do not affect rendering
            }
        }
        throw fail("unexpected end of file: missing CHARS")
    }

    /// STARTPROPERTIES … ENDPROPERTIES. Only the metrics the renderer needs are kept.
    mutating func parseProperties() throws(FontError) {
        while let line = next() {
            let key = line.tokens[0]
            switch key {
            case "ENDPROPERTIES":
                return
            case "STARTFONT", "ENDFONT", "CHARS", "STARTCHAR", "STARTPROPERTIES":
                throw fail("\(key): missing ENDPROPERTIES")
            default:
                break
            }
            let value = line.text.trimmingSpaces.dropFirst(key.count).trimmingSpaces
            if value.hasPrefix("\"") {
                guard Self.isQuotedString(value) else { throw fail("\(key): unterminated string value") }
                continue
            }
            guard key == "FONT_ASCENT" || key == "FONT_DESCENT" || key == "DEFAULT_CHAR" else { continue }
            guard line.tokens.count == 2, let number = Int(line.tokens[1]) else {
                throw fail("\(key): expected an integer, got \(Self.quote(line.text))")
            }
            switch key {
            case "FONT_ASCENT", "FONT_DESCENT":
                guard (0...BDFLimits.maxOffset).contains(number) else {
                    throw fail("\(key): \(number) out of range 0...\(BDFLimits.maxOffset)")
                }
                if key == "FONT_ASCENT" { contents.ascent = number } else { contents.descent = number }
            default:
                contents.defaultChar = number
            }
        }
        throw fail("unexpected end of file: missing ENDPROPERTIES")
    }

    /// `"…"` with embedded quotes doubled, per the BDF spec.
    static func isQuotedString(_ value: String) -> Bool {
        var body = value.utf8.dropFirst()
        guard body.last == UInt8(ascii: "\""), !body.isEmpty else { return false }
        body = body.dropLast()
        var pendingQuote = false
        for byte in body {
            if byte == UInt8(ascii: "\"") { pendingQuote.toggle() } else if pendingQuote { return false }
        }
        return !pendingQuote
    }
}

extension StringProtocol {
    /// Without leading/trailing spaces and tabs (Foundation-free `trimmingCharacters`).
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }),
            let end = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[start...end])
    }
}
