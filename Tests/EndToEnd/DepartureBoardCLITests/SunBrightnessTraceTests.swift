import Foundation
import GTFSFeedBuilder
import PanelTestSupport
import Testing

/// `brightness: mode: sun` through the real binary: `render --trace --now T` sends the
/// contrast in force at T, and with `off_below: night` the night frame sleeps the panel.
@Suite(.serialized)
struct SunBrightnessTraceTests {
    /// Sydney's own OLED board, dimming with the sun at Sydney.
    static func board(offBelowNight: Bool, in scratch: ScratchDirectory) throws -> String {
        let text = try String(contentsOfFile: "Boards/ssd1306-i2c.yaml", encoding: .utf8)
        return try scratch.write(
            "sun.yaml",
            text + """
                brightness:
                  mode: sun
                  day: 240
                  night: 16
                  latitude: -33.87
                  longitude: 151.21
                \(offBelowNight ? "  off_below: night\n" : "")
                """)
    }

    /// Every SSD1306 contrast value (command 0x81) in the trace's I2C command writes, in order.
    static func contrasts(_ ops: [TraceOp]) -> [UInt8] {
        var values: [UInt8] = []
        for case .i2c(_, let data) in ops where data.first == 0x00 && data.count >= 3 {
            for i in 1..<(data.count - 1) where data[i] == 0x81 { values.append(data[i + 1]) }
        }
        return values
    }

    static func trace(_ board: String, at now: String, in scratch: ScratchDirectory) async throws -> [TraceOp] {
        let run = try await CLI.run(["render", "--board", board, "--now", now, "--trace", scratch.path("trace.jsonl")])
        #expect(run.status == 0, "\(run.stderr)")
        return try TraceOp.parse(try scratch.read("trace.jsonl"))
    }

    @Test func noonMidnightAndTwilightSendDayNightAndBetween() async throws {
        let scratch = try ScratchDirectory()
        let board = try Self.board(offBelowNight: false, in: scratch)
        // Sunset 20:05 and civil dusk ~20:34 on 21 December: 20:20 is halfway through twilight.
        let noon = Self.contrasts(try await Self.trace(board, at: "2026-12-21T13:00:00+11:00", in: scratch))
        let midnight = Self.contrasts(try await Self.trace(board, at: "2026-12-21T00:00:00+11:00", in: scratch))
        let dusk = Self.contrasts(try await Self.trace(board, at: "2026-12-21T20:20:00+11:00", in: scratch))
        #expect(noon.last == 240, "\(noon)")
        #expect(midnight.last == 16, "\(midnight)")
        let between = try #require(dusk.last)
        #expect(between > 16 && between < 240, "\(dusk)")
        // The board's own output.contrast is the initialisation's; the sun's level follows it.
        #expect(noon.first == 207)
    }

    @Test func offBelowNightBlanksTheMidnightFrame() async throws {
        let scratch = try ScratchDirectory()
        let board = try Self.board(offBelowNight: true, in: scratch)
        let midnight = try await Self.trace(board, at: "2026-12-21T00:00:00+11:00", in: scratch)
        guard case .i2c(_, let last)? = midnight.last else {
            Issue.record("the trace ends on I2C")
            return
        }
        #expect(last == [0x00, 0xAE], "the panel is put to sleep (display off), not dimmed: \(last)")
        let noon = try await Self.trace(board, at: "2026-12-21T13:00:00+11:00", in: scratch)
        guard case .i2c(_, let shown)? = noon.last else { return }
        #expect(shown != [0x00, 0xAE], "by day the frame shows")
        #expect(Self.contrasts(noon).last == 240)
    }

    /// A GTFS board in Sydney needs no place of its own: its stop's station has one in the
    /// feed. Without coordinates in the store, the error says what to do.
    @Test func aGTFSBoardTakesItsStopsPlaceFromTheFeed() async throws {
        let scratch = try ScratchDirectory()
        var feed = GTFSBoardCLITests.feed
        feed["stops.txt"] = """
            stop_id,stop_name,parent_station,location_type,stop_lat,stop_lon
            CENSTN,Central,,1,-33.8832,151.2063
            CEN,Central Platform 16,CENSTN,0,,
            STR,Strathfield,,0,-33.8716,151.0943
            PAR,Parramatta,,0,-33.8170,151.0047
            NTH,North Sydney,,0,-33.8405,151.2070

            """
        let panel = try String(contentsOfFile: "Boards/ssd1306-i2c.yaml", encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .drop { !$0.hasPrefix("display:") }.joined(separator: "\n")
        let sun = "brightness:\n  mode: sun\n  day: 240\n  night: 16\n  off_below: night\n"
        let board = try scratch.write(
            "gtfs-sun.yaml",
            "name: Central\nsource:\n  kind: gtfs\n  store: central.sqlite\n  stop_ids: [CEN]\n"
                + panel + "\n" + sun)
        try GTFSFeedBuilder.writeZip(feed, to: scratch.path("feed.zip"))
        let imported = try await CLI.run(["gtfs", "import", scratch.path("feed.zip"), "--board", board])
        #expect(imported.status == 0, "\(imported.stderr)")
        let noon = Self.contrasts(try await Self.trace(board, at: "2026-12-21T13:00:00+11:00", in: scratch))
        let dusk = Self.contrasts(try await Self.trace(board, at: "2026-12-21T20:20:00+11:00", in: scratch))
        #expect(noon.last == 240 && (dusk.last ?? 0) > 16 && (dusk.last ?? 255) < 240, "\(noon) \(dusk)")
        let midnight = try await Self.trace(board, at: "2026-12-21T00:00:00+11:00", in: scratch)
        if case .i2c(_, let last)? = midnight.last { #expect(last == [0x00, 0xAE]) } else { Issue.record("no I2C") }

        // The same feed without coordinates: no sun to follow, said with its fix.
        feed["stops.txt"] = GTFSBoardCLITests.feed["stops.txt"]
        try GTFSFeedBuilder.writeZip(feed, to: scratch.path("feed.zip"))
        _ = try await CLI.run(["gtfs", "import", scratch.path("feed.zip"), "--board", board])
        let run = try await CLI.run(["render", "--board", board, "--now", "2026-12-21T13:00:00+11:00", "--trace", scratch.path("t.jsonl")])
        #expect(run.status != 0)
        #expect(
            run.stderr.contains("brightness: mode: sun takes the place of stop CEN from the GTFS store, which has none for it")
                && run.stderr.contains("or give latitude and longitude"), "\(run.stderr)")
    }
}
