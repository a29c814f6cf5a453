import Foundation
import Testing
@testable import BoardConfig

@Suite struct BrokenBoardTests {
    @Test("every broken fixture fails with its exact message", arguments: Fixtures.expectedErrors().map(\.file))
    func brokenFixture(_ file: String) throws {
        let expected = try #require(Fixtures.expectedErrors().first { $0.file == file }).description
        let error = try #require(boardError { () throws(BoardFileError) in try loader.load(path: Fixtures.broken + "/" + file) })
        #expect(error.description == Fixtures.broken + "/" + expected)
        #expect(error.file == Fixtures.broken + "/" + file)
    }

    @Test func tableAndFixturesMatch() {
        let table = Fixtures.expectedErrors().map(\.file)
        #expect(table.count >= 25)
        #expect(Set(table).count == table.count, "a fixture is listed twice")
        #expect(table.sorted() == Fixtures.brokenFileNames())
    }

    @Test func fileOverOneMebibyteIsRefusedBeforeParsing() throws {
        let dir = try tempDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/huge.yaml"
        // Valid YAML, so only the size check can reject it.
        let text = "source:\n  kind: demo\n" + String(repeating: "# padding padding padding\n", count: 41_000)
        #expect(text.utf8.count > BoardFileLoader.maxFileBytes)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let error = boardError { () throws(BoardFileError) in try loader.load(path: path) }
        #expect(error?.description == "\(path): board file is larger than 1 MiB")
        let parsed = boardError { () throws(BoardFileError) in try loader.parse(text, path: "big.yaml") }
        #expect(parsed?.description == "big.yaml: board file is larger than 1 MiB")
    }

    @Test func missingFileReportsSystemError() {
        let error = boardError { () throws(BoardFileError) in try loader.load(path: "Boards/does-not-exist.yaml") }
        #expect(error?.description == "Boards/does-not-exist.yaml: cannot read file: No such file or directory")
        #expect(error?.line == nil)
    }

    @Test func directoryIsNotABoardFile() {
        let error = boardError { () throws(BoardFileError) in try loader.load(path: Fixtures.broken) }
        #expect(error?.description == "\(Fixtures.broken): cannot read file: Is a directory")
    }

    @Test func errorFieldsAreSeparate() {
        let error = boardError { () throws(BoardFileError) in
            try loader.parse("source:\n  kind: http\n", path: "Boards/x.yaml")
        }
        #expect(
            error
                == BoardFileError(
                    file: "Boards/x.yaml", line: 2, column: 9, key: "source.kind",
                    message: "expected one of demo, api, file, gtfs, onebusaway, siri, json; got 'http'"))
    }

    @Test(
        "windows line endings keep positions",
        arguments: [
            ("name: A\r\nsource:\r\n  kind: demo\r\nname: B\r\n", "w.yaml:4:1: name: duplicate key: set on line 1 and again on line 4"),
            (
                "source:\r\n  kind: demo\r\n  path: x &y\r\n",
                "w.yaml:3:3: source.path: only applies to kind file (this source is kind demo)"
            ),
            (
                "source:\r\n  kind: demo\r\ndepartures: &d\r\n",
                "w.yaml:3:13: YAML anchors (&name) are not allowed in board files; write each value out"
            ),
        ])
    func crlf(_ text: String, _ expected: String) {
        #expect(boardError { () throws(BoardFileError) in try loader.parse(text, path: "w.yaml") }?.description == expected)
    }

    @Test func echoedValuesAreShortAndEscaped() {
        let longKey = String(repeating: "k", count: 1_000)  // YAML caps simple keys at 1024
        let unknown = boardError { () throws(BoardFileError) in try loader.parse("\(longKey): 1\n", path: "l.yaml") }
        // The first problem; the file has no source either, which is the second.
        #expect(
            unknown?.all.first?.description
                == "l.yaml:1:1: \(String(repeating: "k", count: 60))…: unknown key; valid keys are name, timezone, language, source, sources, departures, display, output, schedule, brightness, buttons, speech, announce, status, updates"
        )
        let control = boardError { () throws(BoardFileError) in
            try loader.parse("source:\n  kind: api\n  base_url: http://h\n  stop_id: \"\\e[31m\"\n", path: "c.yaml")
        }
        #expect(
            control?.description
                == "c.yaml:4:12: source.stop_id: must not contain control characters such as tabs or line breaks; got '\\u{1B}[31m'")
    }

    @Test func duplicateInFlowMappingStillReported() {
        let error = boardError { () throws(BoardFileError) in
            try loader.parse("source: {kind: demo, kind: api}\n", path: "f.yaml")
        }
        #expect(error?.description == "f.yaml:1:10: kind: duplicate key: set more than once in this mapping")
    }

    /// Old Mac (CR) and Unicode (NEL, LS, PS) line ends are lines to libyaml; the duplicate-key
    /// search counts them the same way (it indexed past its lines and trapped on CR-only text,
    /// found by fuzz-board-file; Tests/Fuzz/Corpus/fuzz-board-file/crash-cr-duplicate.yaml).
    @Test(
        "every line end libyaml knows keeps positions",
        arguments: [
            ("name: A\rdisplay:\r  width: 1\r  width: 2\r", "m.yaml:4:3: display.width: duplicate key: set on line 3 and again on line 4"),
            (
                "name: A\u{85}source:\u{2028}  kind: demo\u{2029}name: B\n",
                "m.yaml:4:1: name: duplicate key: set on line 1 and again on line 4"
            ),
            ("display:\r\n  width: 1\r  width: 2\n", "m.yaml:3:3: display.width: duplicate key: set on line 2 and again on line 3"),
        ])
    func otherLineEnds(_ text: String, _ expected: String) {
        #expect(boardError { () throws(BoardFileError) in try loader.parse(text, path: "m.yaml") }?.description == expected)
    }

    /// What the fuzzer fed it: near-duplicate keys, CR bytes and invalid UTF-8 decoded lossily.
    @Test func lossilyDecodedDuplicatesAreErrorsNotTraps() {
        let bytes: [UInt8] = Array("source:\r  kind: demo\r  kind: api".utf8) + [0xff, 0x0d, 0xfe] + Array("\r kind: x\n".utf8)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(boardError { () throws(BoardFileError) in try loader.parse(text, path: "z.yaml") } != nil)
    }
}
