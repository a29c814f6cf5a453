import Testing
@testable import BoardRender

/// Broken fonts and the exact diagnostics they must produce (file and 1-based line included).
@Suite("BDF errors")
struct BDFErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let text: String
        let expected: String
        let label: String
        var testDescription: String { label }

        /// Fixture with one line replaced (or deleted when `with` is nil).
        init(_ label: String, line: Int, with replacement: String?, _ expected: String) {
            self.label = label
            text = Fixtures.tiny(replacing: line, with: replacement)
            self.expected = expected
        }

        init(_ label: String, text: String, _ expected: String) {
            self.label = label
            self.text = text
            self.expected = expected
        }
    }

    static let cases: [Case] = [
        Case("empty file", text: "", "x.bdf:1: expected STARTFONT, got end of file"),
        Case("not BDF", text: "hello\n", "x.bdf:1: expected STARTFONT, got 'hello'"),
        Case("wrong version", line: 1, with: "STARTFONT 3.0", "x.bdf:1: STARTFONT: expected version 2.x, got 'STARTFONT 3.0'"),
        Case("short SIZE", line: 4, with: "SIZE 8", "x.bdf:4: SIZE: expected 3 or 4 integers, got 'SIZE 8'"),
        Case(
            "bad FONT_ASCENT", line: 7, with: "FONT_ASCENT seven",
            "x.bdf:7: FONT_ASCENT: expected an integer, got 'FONT_ASCENT seven'"),
        Case(
            "unterminated string", line: 9, with: "COPYRIGHT \"Public domain",
            "x.bdf:9: COPYRIGHT: unterminated string value"),
        Case("missing ENDPROPERTIES", line: 10, with: nil, "x.bdf:10: CHARS: missing ENDPROPERTIES"),
        Case("missing FONTBOUNDINGBOX", line: 5, with: nil, "x.bdf:10: CHARS: FONTBOUNDINGBOX must come before CHARS"),
        Case("negative CHARS", line: 11, with: "CHARS -1", "x.bdf:11: CHARS: count -1 out of range 0...1114112"),
        Case("CHARS too high", line: 11, with: "CHARS 5", "x.bdf:52: ENDFONT: CHARS declared 5 glyphs, found 4"),
        Case("CHARS too low", line: 11, with: "CHARS 3", "x.bdf:45: STARTCHAR: more glyphs than CHARS declared (3)"),
        Case("missing ENDCHAR, empty bitmap", line: 18, with: nil, "x.bdf:18: STARTCHAR: missing ENDCHAR for glyph 'space'"),
        Case("missing ENDCHAR", line: 32, with: nil, "x.bdf:32: STARTCHAR: missing ENDCHAR for glyph 'A'"),
        Case("missing ENDFONT", line: 52, with: nil, "x.bdf:51: unexpected end of file: missing ENDFONT"),
        Case("garbage between glyphs", line: 19, with: "FOO", "x.bdf:19: expected STARTCHAR or ENDFONT, got 'FOO'"),
        Case("surrogate encoding", line: 20, with: "ENCODING 55296", "x.bdf:20: ENCODING: 55296 is not a Unicode scalar value"),
        Case(
            "duplicate encoding", line: 34, with: "ENCODING 65",
            "x.bdf:34: ENCODING: duplicate encoding 65 (first used by glyph 'A' at line 20)"),
        Case("BBX 3 fields", line: 23, with: "BBX 5 7 0", "x.bdf:23: BBX: expected 4 integers, got 'BBX 5 7 0'"),
        Case("BBX non-integer", line: 23, with: "BBX 5 x 0 0", "x.bdf:23: BBX: expected 4 integers, got 'BBX 5 x 0 0'"),
        Case("BBX negative", line: 23, with: "BBX -5 7 0 0", "x.bdf:23: BBX: negative size -5x7"),
        Case("BBX absurd", line: 23, with: "BBX 5 9999 0 0", "x.bdf:23: BBX: size 5x9999 exceeds the 256x256 limit"),
        Case("BBX huge offset", line: 23, with: "BBX 5 7 0 99999", "x.bdf:23: BBX: offset 99999 out of range -1024...1024"),
        Case("missing BBX", line: 23, with: nil, "x.bdf:23: BITMAP: missing BBX for glyph 'A'"),
        Case("missing ENCODING", line: 20, with: nil, "x.bdf:23: BITMAP: missing ENCODING for glyph 'A'"),
        Case("row not hex", line: 27, with: "8G", "x.bdf:27: BITMAP row '8G' is not whole bytes of hex"),
        Case("row odd digits", line: 27, with: "888", "x.bdf:27: BITMAP row '888' is not whole bytes of hex"),
        Case(
            "row too narrow", line: 23, with: "BBX 12 7 0 0",
            "x.bdf:25: BITMAP row '20' is too short: width 12 needs 2 bytes"),
        Case("too few rows", line: 31, with: nil, "x.bdf:31: ENDCHAR: expected 7 BITMAP rows, got 6"),
        Case("too many rows", line: 32, with: "88", "x.bdf:32: expected ENDCHAR after 7 BITMAP rows, got '88'"),
        Case(
            "truncated in bitmap", text: Fixtures.tinyLines.prefix(28).joined(separator: "\n"),
            "x.bdf:28: unexpected end of file: missing ENDCHAR for glyph 'A'"),
    ]

    @Test(arguments: cases)
    func brokenFontIsRejectedWithExactMessage(_ c: Case) {
        #expect(throws: FontError.self) { try BDFFont(parsing: c.text, file: "x.bdf") }
        do {
            _ = try BDFFont(parsing: c.text, file: "x.bdf")
        } catch {
            #expect(error.description == c.expected)
        }
    }

    @Test func corpusIsLargeEnough() { #expect(Self.cases.count >= 12) }

    @Test func fixtureItselfIsValid() throws {
        _ = try BDFFont(parsing: Fixtures.tiny, file: "x.bdf")
    }

    @Test func invalidUTF8NamesTheLine() {
        var bytes = Array(Fixtures.tiny.utf8)
        let lineStart = Fixtures.tinyLines.prefix(20).reduce(0) { $0 + $1.utf8.count + 1 }  // line 21
        bytes[lineStart] = 0xFF
        #expect(throws: FontError(file: "x.bdf", line: 21, message: "invalid UTF-8 (BDF files are ASCII text)")) {
            try BDFFont(bytes: bytes, file: "x.bdf")
        }
    }

    @Test func missingFileNamesPath() {
        #expect(throws: FontError(file: "/nonexistent/fonts/x.bdf", message: "cannot read file: No such file or directory")) {
            try BDFFont.load(path: "/nonexistent/fonts/x.bdf")
        }
    }

    @Test func directoryIsNotAFont() {
        #expect(throws: FontError(file: "/tmp", message: "cannot read file: Is a directory")) {
            try BDFFont.load(path: "/tmp")
        }
    }

    @Test func endlessFileIsCutOffAtTheCap() {
        #expect(throws: FontError(file: "/dev/zero", message: "file is larger than the 8388608-byte limit")) {
            try BDFFont.load(path: "/dev/zero")
        }
    }

    @Test func oversizedTextIsRefusedBeforeParsing() {
        let big = String(repeating: "COMMENT padding padding padding padding\n", count: 220_000)
        #expect(throws: FontError(file: "big.bdf", message: "file is larger than the 8388608-byte limit")) {
            try BDFFont(parsing: big, file: "big.bdf")
        }
    }
}
