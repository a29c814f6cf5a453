@testable import BoardConfig
import Testing
import ZoneInfo

/// `updates:` — the updater's windows, read whole or refused at the key that is wrong.
@Suite struct UpdatesSectionTests {
    private func parse(_ body: String) throws(BoardFileError) -> BoardFile {
        try loader.parse("source: {kind: demo}\nupdates:\n\(body)", path: "u.yaml")
    }

    private func time(_ text: String) -> LocalTime { LocalTime(parsing: text)! }

    @Test func withoutTheSectionTheNightWindowApplies() throws {
        let board = try loader.parse("source: {kind: demo}\n", path: "u.yaml")
        #expect(board.updates.windows.map(\.description) == ["03:00-05:00"])
        #expect(board.updates.window(containing: time("04:59"))?.description == "03:00-05:00")
        #expect(board.updates.window(containing: time("05:00")) == nil)
        #expect(board.updates.window(containing: time("02:59")) == nil)
    }

    @Test func oneWindowOrAListAndMidnightCrossed() throws {
        let one = try parse("  window: \"23:30-01:00\"\n")
        #expect(one.updates.window(containing: time("00:15"))?.description == "23:30-01:00")
        #expect(one.updates.window(containing: time("01:00")) == nil)
        let two = try parse("  window: [\"01:30-02:30\", \"13:00-13:30\"]\n")
        #expect(two.updates.windows.map(\.description) == ["01:30-02:30", "13:00-13:30"])
        #expect(two.updates.window(containing: time("13:10"))?.description == "13:00-13:30")
        #expect(two.updates.window(containing: time("12:59")) == nil)
    }

    @Test(
        "refused where it is written",
        arguments: [
            ("  window: \"3am\"\n", "u.yaml:3:11: updates.window: expected a window like 22:00-06:00; got '3am'"),
            ("  window: []\n", "u.yaml:3:11: updates.window: expected at least one window"),
            ("  windw: \"03:00-05:00\"\n", "u.yaml:3:3: updates.windw: unknown key"),
        ])
    func refused(_ body: String, _ message: String) {
        let error = boardError { () throws(BoardFileError) in try parse(body) }
        #expect(error?.description.hasPrefix(message) == true, "\(String(describing: error))")
    }
}
