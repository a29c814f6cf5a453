import Foundation
import GTFSFeedBuilder
import Testing

/// A `kind: gtfs` board's `language:` picks headsigns from the feed's translations.txt,
/// end to end: `gtfs import`, then `render` to the board state.
@Suite struct GTFSTranslationBoardCLITests {
    /// Monday 15 June 2026, 08:00 in Bern (CEST, +02:00).
    static let now = "2026-06-15T08:00:00+02:00"

    static func board(language: String?) -> String {
        """
        name: Bern
        timezone: Europe/Zurich
        source:
          kind: gtfs
          store: bern.sqlite
          stop_ids: [BN]
        """ + (language.map { "\nlanguage: \($0)\n" } ?? "\n")
    }

    /// The rows' route and headsign in the state JSON, in order.
    static func rendered(language: String?, in scratch: ScratchDirectory) async throws -> [String] {
        try Self.board(language: language).write(toFile: scratch.path("bern.yaml"), atomically: true, encoding: .utf8)
        let result = try await CLI.run([
            "render", "--board", scratch.path("bern.yaml"), "--now", Self.now,
            "--output", scratch.path("bern.json"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: scratch.path("bern.json")))
        let state = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let rows = try #require(state["rows"] as? [[String: Any]])
        return rows.map { "\($0["route"] as? String ?? "?") \($0["headsign"] as? String ?? "?")" }
    }

    @Test func languagePicksTheFeedsTranslations() async throws {
        let scratch = try ScratchDirectory()
        try GTFSFeedBuilder.writeZip(MultilingualFeed.swiss, to: scratch.path("feed.zip"))
        try Self.board(language: nil).write(toFile: scratch.path("bern.yaml"), atomically: true, encoding: .utf8)
        let imported = try await CLI.run(["gtfs", "import", scratch.path("feed.zip"), "--board", scratch.path("bern.yaml")])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("bern.sqlite: 3 departures at 1 stops (3 trips"), "\(imported.stdout)")
        #expect(imported.stdout.contains(", 8 translations)"), "\(imported.stdout)")
        #expect(imported.stderr.isEmpty, "\(imported.stderr)")

        let german = ["IC1 Genf Flughafen", "IC1 Zürich HB", "InterRegio Zürich Flughafen"]
        #expect(try await Self.rendered(language: nil, in: scratch) == german)
        #expect(
            try await Self.rendered(language: "fr", in: scratch)
                == ["IC1 Genève Aéroport", "IC1 Zurich HB", "InterRégio Zurich Aéroport"])
        // No Japanese in the feed: its own texts.
        #expect(try await Self.rendered(language: "ja", in: scratch) == german)
    }

    /// A broken translations.txt is a warning naming file and line; the timetable imports.
    @Test func brokenTranslationsWarnAndImport() async throws {
        let scratch = try ScratchDirectory()
        var feed = MultilingualFeed.swiss
        feed["translations.txt"] = "table_name,field_name,language,translation,record_id\nstops,stop_name,fr,\"Zurich HB,ZUEP\n"
        try GTFSFeedBuilder.writeZip(feed, to: scratch.path("feed.zip"))
        try Self.board(language: "fr").write(toFile: scratch.path("bern.yaml"), atomically: true, encoding: .utf8)
        let imported = try await CLI.run(["gtfs", "import", scratch.path("feed.zip"), "--board", scratch.path("bern.yaml")])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.stderr.contains(
                "warning: \(scratch.path("feed.zip")): translations.txt line 2: a quoted field is never closed; imported without translations"
            ),
            "\(imported.stderr)")
        #expect(
            try await Self.rendered(language: "fr", in: scratch) == ["IC1 Genf Flughafen", "IC1 Zürich HB", "InterRegio Zürich Flughafen"])
    }
}
