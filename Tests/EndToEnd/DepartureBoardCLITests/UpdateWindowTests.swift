import Testing

/// `update-window`: the updater's question, answered in the board's own zone with the exit
/// codes of the one table (0 inside, 1 outside, 78 a board that cannot be read).
@Suite struct UpdateWindowTests {
    @Test func insideAndOutsideTheDefaultWindowInTheBoardsZone() async throws {
        // Boards/preview.yaml is Sydney's: 03:30 there is inside the default 03:00-05:00,
        // though it is 16:30 the day before in UTC.
        let inside = try await CLI.run(["update-window", "--board", "Boards/preview.yaml", "--now", "2026-11-28T16:30:00Z"])
        #expect(inside.status == 0, "\(inside.stderr)")
        #expect(inside.stdout == "inside the update window 03:00-05:00 (Australia/Sydney, now 03:30)\n", "\(inside.stdout)")
        let outside = try await CLI.run(["update-window", "--board", "Boards/preview.yaml", "--now", "2026-11-29T12:00:00+11:00"])
        #expect(outside.status == 1, "\(outside.stderr)")
        #expect(
            outside.stdout == "outside the update window 03:00-05:00 (Australia/Sydney, now 12:00); next opens at 03:00\n",
            "\(outside.stdout)")
    }

    @Test func theBoardsOwnWindowsAndTheNextToOpen() async throws {
        let scratch = try ScratchDirectory()
        let board = try scratch.write(
            "board.yaml",
            """
            timezone: Europe/London
            source: {kind: demo}
            updates:
              window: ["23:30-01:00", "13:00-13:30"]

            """)
        let midnight = try await CLI.run(["update-window", "--board", board, "--now", "2026-11-28T00:20:00Z"])
        #expect(midnight.status == 0 && midnight.stdout.hasPrefix("inside the update window 23:30-01:00 "), "\(midnight.stdout)")
        let morning = try await CLI.run(["update-window", "--board", board, "--now", "2026-11-28T09:00:00Z"])
        #expect(morning.status == 1, "\(morning.stderr)")
        #expect(morning.stdout.hasSuffix("(Europe/London, now 09:00); next opens at 13:00\n"), "\(morning.stdout)")
    }

    @Test func aBoardThatCannotBeReadIsAConfigurationError() async throws {
        let scratch = try ScratchDirectory()
        let board = try scratch.write("board.yaml", "source: {kind: demo}\nupdates:\n  window: \"3am\"\n")
        let run = try await CLI.run(["update-window", "--board", board])
        #expect(run.status == 78, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("updates.window: expected a window like 22:00-06:00; got '3am'"), "\(run.stderr)")
    }
}
