extension BDFParser {
    /// STARTCHAR … ENDCHAR blocks up to ENDFONT, checked against the CHARS count.
    mutating func parseGlyphs(declared: Int) throws(FontError) {
        var found = 0
        while let line = next() {
            switch line.tokens[0] {
            case "STARTCHAR":
                found += 1
                // Checked as we go so a lying CHARS count cannot make us parse forever.
                guard found <= declared else { throw fail("STARTCHAR: more glyphs than CHARS declared (\(declared))") }
                try parseGlyph(line)
            case "ENDFONT":
                guard found == declared else { throw fail("ENDFONT: CHARS declared \(declared) glyphs, found \(found)") }
                return
            default:
                throw fail("expected STARTCHAR or ENDFONT, got \(Self.quote(line.text))")
            }
        }
        throw fail("unexpected end of file: missing ENDFONT")
    }

    /// One glyph block; unencoded glyphs (ENCODING -1) are validated, then dropped.
    mutating func parseGlyph(_ start: (tokens: [Substring], text: String)) throws(FontError) {
        let name = start.text.trimmingSpaces.dropFirst("STARTCHAR".count).trimmingSpaces
        var encoding: Int?
        var encodingLine = 0
        var advance = contents.defaultAdvance
        var box: (w: Int, h: Int, x: Int, y: Int)?

        while let line = next() {
            let keyword = line.tokens[0]
            switch keyword {
            case "ENCODING":
                let v = try integers(line, counts: 1...2)
                let isScalar = (0...0x10FFFF).contains(v[0]) && Unicode.Scalar(UInt32(v[0])) != nil
                guard v[0] == -1 || isScalar else {
                    throw fail("ENCODING: \(v[0]) is not a Unicode scalar value")
                }
                encoding = v[0]
                encodingLine = lineNumber
            case "DWIDTH":
                let v = try integers(line, counts: 2...2)
                try checkOffset("DWIDTH", v[0], v[1])
                advance = v[0]
            case "BBX":
                let v = try integers(line, counts: 4...4)
                try checkSize("BBX", v[0], v[1])
                try checkOffset("BBX", v[2], v[3])
                box = (v[0], v[1], v[2], v[3])
            case "BITMAP", "ENDCHAR":
                guard let encoding else { throw fail("\(keyword): missing ENCODING for glyph '\(name)'") }
                guard let box else { throw fail("\(keyword): missing BBX for glyph '\(name)'") }
                guard let advance else { throw fail("\(keyword): missing DWIDTH for glyph '\(name)'") }
                var pixels: [UInt8] = []
                if keyword == "BITMAP" {
                    pixels = try parseBitmap(width: box.w, height: box.h, glyph: name)
                } else if box.w > 0 && box.h > 0 {
                    throw fail("ENDCHAR: missing BITMAP for glyph '\(name)'")
                }
                guard encoding >= 0 else { return }
                let scalar = UInt32(encoding)
                if let first = encodingSeen[scalar] {
                    throw fail(
                        "ENCODING: duplicate encoding \(encoding) (first used by glyph '\(first.name)' at line \(first.line))",
                        line: encodingLine)
                }
                encodingSeen[scalar] = (name, encodingLine)
                contents.glyphs[scalar] = Glyph(
                    width: box.w, height: box.h, left: box.x,
                    top: box.h + box.y, advance: advance, coverage: pixels)
                return
            case "STARTCHAR", "ENDFONT":
                throw fail("\(keyword): missing ENDCHAR for glyph '\(name)'")
            default:
                continue  // SWIDTH, SWIDTH1, DWIDTH1, VVECTOR: vertical/scalable metrics unused
            }
        }
        throw fail("unexpected end of file: missing ENDCHAR for glyph '\(name)'")
    }

    /// Exactly `height` hex rows followed by ENDCHAR; bits are MSB-first, padding bits ignored.
    mutating func parseBitmap(width: Int, height: Int, glyph name: String) throws(FontError) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height)
        let needed = (width + 7) / 8
        var row = 0
        while let line = next() {
            if line.tokens[0] == "ENDCHAR" {
                guard row == height else { throw fail("ENDCHAR: expected \(height) BITMAP rows, got \(row)") }
                return pixels
            }
            if line.tokens[0] == "STARTCHAR" || line.tokens[0] == "ENDFONT" {
                throw fail("\(line.tokens[0]): missing ENDCHAR for glyph '\(name)'")
            }
            guard row < height else {
                throw fail("expected ENDCHAR after \(height) BITMAP rows, got \(Self.quote(line.text))")
            }
            guard line.tokens.count == 1, let bytes = Self.hexBytes(line.tokens[0]) else {
                throw fail("BITMAP row \(Self.quote(line.text)) is not whole bytes of hex")
            }
            guard bytes.count >= needed else {
                throw fail("BITMAP row \(Self.quote(line.text)) is too short: width \(width) needs \(needed) bytes")
            }
            guard bytes.count <= BDFLimits.maxRowBytes else {
                throw fail("BITMAP row has \(bytes.count) bytes, more than the \(BDFLimits.maxRowBytes)-byte limit")
            }
            for x in 0..<width where bytes[x / 8] & (0x80 >> UInt8(x % 8)) != 0 {
                pixels[row * width + x] = 255
            }
            row += 1
        }
        throw fail("unexpected end of file: missing ENDCHAR for glyph '\(name)'")
    }

    /// "3F80" → [0x3F, 0x80]; nil for odd lengths or non-hex digits.
    static func hexBytes(_ token: Substring) -> [UInt8]? {
        let digits = Array(token.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var i = 0
        while i < digits.count {
            guard let high = hexValue(digits[i]), let low = hexValue(digits[i + 1]) else { return nil }
            bytes.append(high << 4 | low)
            i += 2
        }
        return bytes
    }

    static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
