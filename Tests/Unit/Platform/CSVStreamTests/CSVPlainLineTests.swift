import CSVStream
import SeededRandom
import Testing

/// Everything a reader gives for `bytes`: each row's line and fields, then how it ended.
private func transcript(_ bytes: [UInt8], chunk: Int, limits: CSVLimits, plainLines: Bool) -> [String] {
    var reader = CSVRowReader(source: CSVBytes(bytes, chunk: chunk), limits: limits)
    reader.scansPlainLines = plainLines
    var lines: [String] = []
    do {
        while try reader.next() {
            let viaBytes = reader.withFields { row in (0..<row.count).map { String(decoding: row[$0], as: UTF8.self) } }
            #expect(viaBytes == reader.fields, "withFields and fields differ")
            #expect(reader.withFields { $0[reader.count].isEmpty && $0[-1].isEmpty })
            lines.append("\(reader.line): \(reader.fields)")
        }
        lines.append("end")
    } catch {
        lines.append("error \(error)")
    }
    return lines
}

/// The plain-line scan (rows without quotes, split in one pass) must read exactly what the
/// state machine reads: the same fields, lines and errors, at every buffer boundary.
@Suite struct CSVPlainLineTests {
    static let chunks = [1, 2, 7, .max]

    private func expectSame(_ text: String, limits: CSVLimits = .standard, sourceLocation: SourceLocation = #_sourceLocation) {
        expectSame(Array(text.utf8), limits: limits, sourceLocation: sourceLocation)
    }

    private func expectSame(_ bytes: [UInt8], limits: CSVLimits = .standard, sourceLocation: SourceLocation = #_sourceLocation) {
        for chunk in Self.chunks {
            let fast = transcript(bytes, chunk: chunk, limits: limits, plainLines: true)
            #expect(
                fast == transcript(bytes, chunk: chunk, limits: limits, plainLines: false), "chunk \(chunk)",
                sourceLocation: sourceLocation)
        }
    }

    @Test func quotedLineBreaksAmongPlainLines() throws {
        let text = "a,b\n1,\"two\nlines, and a comma\",3\n4,5,6\r\n\"x\"\"y\",7\r\n8,9\n"
        expectSame(text)
        #expect(try lines(text) == [1, 2, 4, 5, 6])
        #expect(try rows(text)[1] == ["1", "two\nlines, and a comma", "3"])
    }

    @Test func lineEndsAndBlankLines() {
        expectSame("a,1\r\nb,2\rc,3\nd,4\r\r\n\n\ne,5")
        expectSame("\u{FEFF}h1,h2\r\n\r\nv1,v2\r\n")
        expectSame("only,one,line")
        expectSame(",\n,,\n\n")
    }

    @Test func aQuoteInsideAPlainFieldTakesTheStateMachine() throws {
        expectSame("ab\"c,d\nef,\"g\"h\n")
        #expect(try rows("ab\"c,d\n") == [["ab\"c", "d"]])
    }

    @Test func capsAreReportedAsBefore() {
        let limits = CSVLimits(maxFieldBytes: 10, maxRowBytes: 30, maxFields: 4, bufferBytes: 64)
        expectSame("h\nxxxxxxxxxxx\n", limits: limits)  // a field one byte over
        expectSame("h\n123456789,123456789,123456789,1\n", limits: limits)  // a row one byte over
        expectSame("h\n,,,,\n", limits: limits)  // one field too many
        expectSame("1234567890,a,b,c\n123456789,123456789,12345678,\n", limits: limits)  // at the caps
    }

    @Test func invalidUTF8InAPlainLine() {
        expectSame("a,b\nc,Zürich\n")
        let bytes = Array("a,b\nc,".utf8) + [0xC3] + Array(",d\n".utf8)
        expectSame(bytes)
        for chunk in Self.chunks {
            #expect(transcript(bytes, chunk: chunk, limits: .standard, plainLines: true).last == "error line 2: not valid UTF-8")
        }
    }

    /// Random rows of the bytes that matter, under small caps and a small buffer.
    @Test(arguments: 0..<40)
    func randomInputsReadAlike(seed: Int) {
        var random = SplitMix64(state: UInt64(seed) &+ 7_000)
        let pieces: [[UInt8]] = [
            [0x2C], [0x22], [0x0D], [0x0A], [0x0D, 0x0A], [0xEF, 0xBB, 0xBF], [0xC3, 0xA9], [0xFF],
            [0x61], [0x61, 0x62, 0x63], [0x20], [0x31, 0x32, 0x3A],
        ]
        for _ in 0..<100 {
            let limits = CSVLimits(
                maxFieldBytes: 4 + random.next(below: 40), maxRowBytes: 8 + random.next(below: 120),
                maxFields: 1 + random.next(below: 12), bufferBytes: 4 + random.next(below: 60))
            // Mostly plain bytes, so that whole lines fit in the buffer and take the scan.
            let bytes = (0..<random.next(below: 400)).flatMap { _ in
                random.next(below: 3) == 0 ? pieces[random.next(below: pieces.count)] : pieces[8 + random.next(below: 4)]
            }
            let chunk = 1 + random.next(below: 80)
            #expect(
                transcript(bytes, chunk: chunk, limits: limits, plainLines: true)
                    == transcript(bytes, chunk: chunk, limits: limits, plainLines: false))
        }
    }
}
