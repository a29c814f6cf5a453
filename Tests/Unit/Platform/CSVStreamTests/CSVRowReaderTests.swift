import CSVStream
import Testing

/// Every row of `text`, read with the source handing out `chunk` bytes at a time.
func rows(_ bytes: [UInt8], chunk: Int = .max, limits: CSVLimits = .standard, skipsBlankLines: Bool = true) throws(CSVError) -> [[String]] {
    var reader = CSVRowReader(source: CSVBytes(bytes, chunk: chunk), limits: limits, skipsBlankLines: skipsBlankLines)
    var rows: [[String]] = []
    while try reader.next() { rows.append(reader.fields) }
    return rows
}

func rows(_ text: String, chunk: Int = .max, skipsBlankLines: Bool = true) throws(CSVError) -> [[String]] {
    try rows(Array(text.utf8), chunk: chunk, skipsBlankLines: skipsBlankLines)
}

/// The line each row starts on.
func lines(_ text: String, chunk: Int = .max) throws(CSVError) -> [Int] {
    var reader = CSVRowReader(source: CSVBytes(Array(text.utf8), chunk: chunk))
    var lines: [Int] = []
    while try reader.next() { lines.append(reader.line) }
    return lines
}

/// RFC 4180 cases, each read whole and one byte at a time (every buffer boundary).
@Suite struct CSVRowReaderTests {
    static let chunks = [1, 2, 3, .max]

    @Test(arguments: chunks) func plainRows(chunk: Int) throws {
        #expect(try rows("a,b,c\n1,2,3\n", chunk: chunk) == [["a", "b", "c"], ["1", "2", "3"]])
        #expect(try rows("a,,c,\n,\n", chunk: chunk) == [["a", "", "c", ""], ["", ""]])
        #expect(try rows("last,row", chunk: chunk) == [["last", "row"]])
        #expect(try rows("", chunk: chunk) == [])
    }

    @Test(arguments: chunks) func quotedFields(chunk: Int) throws {
        #expect(try rows("\"a,b\",\"say \"\"hi\"\"\",\"\"\n", chunk: chunk) == [["a,b", "say \"hi\"", ""]])
        #expect(try rows("\"two\nlines\",x\r\n\"crlf\r\ninside\",y\n", chunk: chunk) == [["two\nlines", "x"], ["crlf\r\ninside", "y"]])
        #expect(try rows("\"\"\"\"\n", chunk: chunk) == [["\""]])
        // Text after a closing quote runs on; a quote inside a plain field is plain.
        #expect(try rows("\"Central\" Station,ab\"c\n", chunk: chunk) == [["Central Station", "ab\"c"]])
        #expect(try rows("\"quoted at the end\"", chunk: chunk) == [["quoted at the end"]])
    }

    @Test(arguments: chunks) func lineEnds(chunk: Int) throws {
        let expected = [["a", "1"], ["b", "2"], ["c", "3"], ["d", "4"]]
        #expect(try rows("a,1\r\nb,2\r\nc,3\r\nd,4\r\n", chunk: chunk) == expected)
        #expect(try rows("a,1\nb,2\nc,3\nd,4", chunk: chunk) == expected)
        #expect(try rows("a,1\rb,2\rc,3\rd,4\r", chunk: chunk) == expected)
        #expect(try rows("a,1\r\nb,2\nc,3\rd,4", chunk: chunk) == expected)
    }

    @Test(arguments: chunks) func lineNumbersArePhysicalLines(chunk: Int) throws {
        #expect(try lines("h\r\na\r\nb\r\n", chunk: chunk) == [1, 2, 3])
        #expect(try lines("h\n\"multi\nline\r\nfield\",x\nnext\n", chunk: chunk) == [1, 2, 5])
        #expect(try lines("h\r\r\n\nb\r\rc", chunk: chunk) == [1, 4, 6])  // blank lines counted, skipped
        #expect(try lines("h\r\"a\rb\",1\rc", chunk: chunk) == [1, 2, 4])
    }

    @Test(arguments: chunks) func byteOrderMarkAndBlankLines(chunk: Int) throws {
        #expect(try rows("\u{FEFF}stop_id,name\n\n\nA,x\n\n\n", chunk: chunk) == [["stop_id", "name"], ["A", "x"]])
        #expect(try rows("\u{FEFF}", chunk: chunk) == [])
        #expect(try rows("\u{FEFF}\u{FEFF}a\n", chunk: chunk) == [["\u{FEFF}a"]])  // only the first is a BOM
        #expect(try rows("a\n\n\"\"\nb", chunk: chunk, skipsBlankLines: false) == [["a"], [""], [""], ["b"]])
        #expect(try rows("\r\n\r\n", chunk: chunk) == [])
    }

    @Test func raggedRowsKeepTheirOwnWidth() throws {
        var reader = CSVRowReader(bytes: Array("a,b,c\n1\n1,2,3,4\n".utf8))
        #expect(try reader.next() && reader.count == 3)
        #expect(try reader.next() && reader.count == 1)
        #expect(reader.field(1) == "" && reader.field(-1) == "" && reader.fieldBytes(5).isEmpty)
        #expect(try reader.next() && reader.fields == ["1", "2", "3", "4"])
        #expect(try !reader.next())
        #expect(try !reader.next())
    }

    @Test(arguments: chunks) func invalidUTF8FailsItsRow(chunk: Int) throws {
        let valid = Array("a,Zürich\n".utf8)
        #expect(try rows(valid + Array("b,ok\n".utf8), chunk: chunk) == [["a", "Zürich"], ["b", "ok"]])
        for bad: [UInt8] in [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0xAF]] {
            // In any field, read or not.
            #expect(throws: CSVError(line: 2, .invalidUTF8)) { try rows(valid + [0x62, 0x2C] + bad + [0x0A], chunk: chunk) }
        }
        // A sequence split by a comma is two invalid fields, not one valid character.
        #expect(throws: CSVError(line: 1, .invalidUTF8)) { try rows([0xC3, 0x2C, 0xA9], chunk: chunk) }
        #expect(CSVError(line: 2, .invalidUTF8).description == "line 2: not valid UTF-8")
    }

    @Test(arguments: chunks) func unterminatedQuote(chunk: Int) throws {
        #expect(throws: CSVError(line: 2, .unterminatedQuote)) { try rows("h\n\"never closed,\nx\n", chunk: chunk) }
        #expect(CSVError(line: 2, .unterminatedQuote).description == "line 2: a quoted field is never closed")
    }

    @Test func capsOnFieldsAndRows() throws {
        let limits = CSVLimits(maxFieldBytes: 10, maxRowBytes: 30, maxFields: 4, bufferBytes: 8)
        let long = Array(("h\n" + String(repeating: "x", count: 11) + "\n").utf8)
        #expect(throws: CSVError(line: 2, .fieldTooLong(limit: 10))) { try rows(long, limits: limits) }
        #expect(throws: CSVError(line: 1, .fieldTooLong(limit: 10))) {
            try rows(Array("\"unclosed quote runs on and on".utf8), limits: limits)
        }
        #expect(throws: CSVError(line: 1, .rowTooLong(limit: 30))) {
            try rows(Array("123456789,123456789,123456789,1\n".utf8), limits: limits)
        }
        #expect(throws: CSVError(line: 1, .tooManyFields(limit: 4))) { try rows(Array(",,,,\n".utf8), limits: limits) }
        #expect(try rows(Array("1234567890,a,b,c\n".utf8), limits: limits) == [["1234567890", "a", "b", "c"]])
        #expect(
            CSVError(line: 9, .fieldTooLong(limit: 65_536)).description == "line 9: a field longer than 65536 bytes (an unclosed quote?)")
    }

    @Test func sourceErrorsPassThrough() {
        struct Failing: CSVByteSource {
            var sent = false
            mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(CSVError) -> Int {
                guard !sent else { throw CSVError(.source("stops.txt: corrupt compressed data")) }
                sent = true
                buffer.storeBytes(of: UInt8(ascii: "a"), toByteOffset: 0, as: UInt8.self)
                return 1
            }
        }
        var reader = CSVRowReader(source: Failing())
        #expect(throws: CSVError(.source("stops.txt: corrupt compressed data"))) { try reader.next() }
    }
}
