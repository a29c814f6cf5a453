import Testing
@testable import BoardConfig

/// How the text reaches the schema: byte-order marks, and anchors the text scan cannot see.
@Suite struct YAMLInputTests {
    @Test func boardSavedWithAByteOrderMarkLoads() throws {
        let board = try loader.parse("\u{FEFF}name: Central\nsource:\n  kind: demo\n", path: "b.yaml")
        #expect(board.name == "Central")
    }

    @Test func byteOrderMarkTakesNoColumn() {
        let error = boardError { () throws(BoardFileError) in
            try loader.parse("\u{FEFF}name: [x]\nsource: {kind: demo}\n", path: "b.yaml")
        }
        #expect(error?.description == "b.yaml:1:7: name: expected a string; got a list")
    }

    @Test(
        "anchors the text scan misses are still refused",
        arguments: [
            ("source: {kind: demo}\nschedule:\n  contrast: {\"06:00\":&x 255}\n", "b.yaml:3:22: YAML anchors (&name)")
        ])
    func anchorsBehindTheScan(_ text: String, _ expected: String) {
        #expect(TextScan.firstAnchorOrAlias(in: text) == nil)
        let error = boardError { () throws(BoardFileError) in try loader.parse(text, path: "b.yaml") }
        #expect(error?.description == expected + " are not allowed in board files; write each value out")
    }

    /// NEL ends a line for libyaml, and now for the scan too: the anchor is refused before
    /// parsing, at the place the parser would name.
    @Test func anAnchorAfterANextLineIsFoundByTheScan() {
        let text = "source:\u{85} &s\n  kind: demo\n"
        #expect(TextScan.firstAnchorOrAlias(in: text).map { "\($0.line):\($0.column)" } == "2:2")
        let error = boardError { () throws(BoardFileError) in try loader.parse(text, path: "b.yaml") }
        #expect(error?.description == "b.yaml:2:2: YAML anchors (&name) are not allowed in board files; write each value out")
    }

    @Test func deepNestingIsRefusedWhereItGoesTooDeep() {
        let text = "source: {kind: demo}\nname: " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "\n"
        let error = boardError { () throws(BoardFileError) in try loader.parse(text, path: "b.yaml") }
        #expect(error?.description == "b.yaml:2:262: YAML syntax error: lists and mappings nested more than 256 deep")
    }
}
