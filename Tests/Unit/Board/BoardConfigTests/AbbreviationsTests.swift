import Testing
@testable import BoardConfig

/// `display.abbreviations`: whole words a narrow row may shorten, each checked where it is written.
struct AbbreviationsTests {
    func board(_ abbreviations: String) -> String {
        "source: {kind: demo}\ndisplay:\n  abbreviations:\n\(abbreviations)"
    }

    @Test func readsEachWordAndItsShortForm() throws {
        let board = try loader.parse(board("    Station: Stn\n    Street: St\n    \"Main Road\": Main Rd\n"), path: "b.yaml")
        #expect(board.display.abbreviations == ["Station": "Stn", "Street": "St", "Main Road": "Main Rd"])
        #expect(try loader.parse("source: {kind: demo}\n", path: "b.yaml").display.abbreviations.isEmpty)
    }

    @Test func aMistakeNamesItsKey() {
        let cases: [(String, String)] = [
            (
                "    Station: Station\n",
                "b.yaml:4:14: display.abbreviations.Station: 'Station' is not shorter than 'Station': an abbreviation makes room on a narrow row"
            ),
            ("    Street: \"  \"\n", "b.yaml:4:13: display.abbreviations.Street: expected a shorter text for 'Street'; got an empty one"),
            ("    Street: [St]\n", "b.yaml:4:13: display.abbreviations.Street: expected a string; got a list"),
            (
                "    \" Street\": St\n",
                "b.yaml:4:16: display.abbreviations. Street: the word to shorten must be text without spaces at either end; got ' Street'"
            ),
        ]
        for (text, message) in cases {
            let error = boardError { () throws(BoardFileError) in try loader.parse(board(text), path: "b.yaml") }
            #expect(error?.description == message)
        }
        let notAMapping = boardError { () throws(BoardFileError) in
            try loader.parse("source: {kind: demo}\ndisplay:\n  abbreviations: [Station]\n", path: "b.yaml")
        }
        #expect(notAMapping?.description.hasPrefix("b.yaml:3:18: display.abbreviations: expected a mapping") == true)
    }
}
