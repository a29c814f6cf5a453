import Testing
@testable import BoardConfig

/// The first evening with board files (issue 18, items 6–8): every mistake in one run, time
/// zones with suggestions, colours that YAML ate as comments, `header: yes`.
struct TeachingMessagesTests {
    /// Mistakes in four sections, two in one of them: five lines, in file order.
    @Test func everyMistakeIsReportedInOneRun() throws {
        let text = """
            name: Central
            timezone: Australia/Sydny
            source:
              kind: demo
              refresh_intervall: 30s
            departures:
              limit: 0
              stale_limit: 5 minutes please
            display:
              width: 70000
            """
        let error = try #require(boardError { () throws(BoardFileError) in try loader.parse(text, path: "b.yaml") })
        let lines = error.description.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(error.description)")
        #expect(
            lines.map { $0.split(separator: ":").prefix(2).joined(separator: ":") }
                == ["b.yaml:2", "b.yaml:5", "b.yaml:7", "b.yaml:8", "b.yaml:10"], "\(error.description)")
        #expect(lines[0].contains("timezone: unknown time zone 'Australia/Sydny'"))
        #expect(lines[1].contains("source.refresh_intervall: unknown key; did you mean 'refresh_interval'?"))
        #expect(lines[2].contains("departures.limit"))
        #expect(lines[3].contains("departures.stale_limit"))
        #expect(lines[4].contains("display.width"))
        #expect(error.all.count == 5)
    }

    /// A bad `kind:` is one mistake, not also "kind: required" for the key it made useless.
    @Test func aMistakeIsNotReportedAgainAsTheMissingKeyItLeaves() throws {
        let text = "source:\n  kind: htp\ndisplay:\n  rows: 0\n"
        let error = try #require(boardError { () throws(BoardFileError) in try loader.parse(text, path: "b.yaml") })
        #expect(error.all.map(\.key) == ["source.kind", "display.rows"], "\(error.description)")
    }

    /// A misspelt required key (`stopid`) is read as the key it likely means, so the source's
    /// other mistakes are still found, and no "stop_id: required" is made up (issue 48).
    @Test func aMisspeltRequiredKeyHidesNoOtherMistake() throws {
        let text = """
            source:
              kind: api
              base_url: https://api.example.org
              stopid: 200060
              refresh_interval: 5x
            display:
              rows: 0
            """
        let error = try #require(boardError { () throws(BoardFileError) in try loader.parse(text, path: "b.yaml") })
        #expect(error.all.map(\.key) == ["source.stopid", "source.refresh_interval", "display.rows"], "\(error.description)")
        #expect(error.all.first?.message == "unknown key; did you mean 'stop_id'?")
    }

    @Test func aFileWithOneMistakeStillSaysOneThing() throws {
        let error = try #require(
            boardError { () throws(BoardFileError) in
                try loader.parse("source:\n  kind: demo\ndisplay:\n  rows: 0\n", path: "b.yaml")
            })
        #expect(error.all.count == 1)
        #expect(!error.description.contains("\n"))
    }

    static let zones = ZoneCheck(
        exists: { ["Australia/Melbourne", "Australia/Sydney", "Australia/Brisbane", "Europe/Berlin"].contains($0) },
        names: { ["Australia/Melbourne", "Australia/Sydney", "Australia/Brisbane", "Europe/Berlin", "US/Eastern"] },
        usingAbbreviation: { $0 == "AEST" ? ["Australia/Brisbane", "Australia/Melbourne", "Australia/Sydney"] : [] })

    @Test(arguments: [
        ("Australia/Melborne", "did you mean 'Australia/Melbourne'?"),
        ("australia/melbourne", "did you mean 'Australia/Melbourne'?"),
        ("Melborne", "did you mean 'Australia/Melbourne'?"),
        ("AEST", "an abbreviation, not a zone; zones that use it: Australia/Brisbane, Australia/Melbourne, Australia/Sydney"),
        ("Gotham", "zones are written Region/City, such as Europe/Berlin or America/New_York"),
        (
            "Australia/Cairns",
            "not an IANA zone; a city without a zone of its own keeps a neighbour's clocks, so write that zone: "
                + "in Australia: Brisbane, Melbourne, Sydney"
        ),
    ])
    func timeZonesGetSuggestions(written: String, hint: String) throws {
        let error = try #require(
            boardError { () throws(BoardFileError) in
                try BoardFileLoader(zones: Self.zones).parse("timezone: \(written)\nsource:\n  kind: demo\n", path: "b.yaml")
            })
        #expect(error.description.hasPrefix("b.yaml:1:11: timezone: unknown time zone '\(written)'"), "\(error.description)")
        #expect(error.description.contains(hint), "\(error.description)")
    }

    /// A GTFS board can leave the zone to its agency: the surest answer to an unknown one.
    @Test func aGTFSBoardIsToldItCanTakeItsAgencysZone() throws {
        let error = try #require(
            boardError { () throws(BoardFileError) in
                try BoardFileLoader(zones: Self.zones).parse(
                    "timezone: Australia/Cairns\nsource: {kind: gtfs, stop_ids: [\"1\"]}\n", path: "b.yaml")
            })
        #expect(
            error.description.hasSuffix("; or leave timezone out: a GTFS board takes its agency's (agency.txt's agency_timezone)"),
            "\(error.description)")
    }

    /// `delay: #ff8800` reaches the schema as `delay:` with nothing: say why, and how to write it.
    @Test func anUnquotedColourIsToldToQuoteIt() throws {
        for text in [
            "source:\n  kind: demo\ndisplay:\n  colors:\n    delay: #ff8800\n",
            "source:\n  kind: demo\ndisplay:\n  route_colors:\n    T1: #f99d1c\n",
        ] {
            let error = try #require(boardError { () throws(BoardFileError) in try loader.parse(text, path: "b.yaml") })
            #expect(error.description.contains("An unquoted # starts a comment in YAML: write "), "\(error.description)")
        }
        let quoted = try loader.parse("source:\n  kind: demo\ndisplay:\n  colors:\n    delay: \"#FF8800\"\n", path: "b.yaml")
        #expect(quoted.display.colors["delay"] == "#ff8800")
    }

    /// `yes` is never text in a board file (YAML 1.1), so it must be a true/false answer too.
    @Test func yesAndNoAreTrueAndFalse() throws {
        for (written, value) in [("yes", true), ("no", false), ("on", true), ("Off", false), ("true", true)] {
            let board = try loader.parse("source:\n  kind: demo\ndisplay:\n  header: \(written)\n", path: "b.yaml")
            #expect(board.display.header == value, "header: \(written)")
        }
    }

    @Test func aFontOfAnotherFormatSaysSo() throws {
        let error = try #require(
            boardError { () throws(BoardFileError) in
                try loader.parse("source:\n  kind: demo\ndisplay:\n  font: fonts/clean.pcf\n", path: "b.yaml")
            })
        #expect(error.description.hasPrefix("b.yaml:4:9: display.font: unsupported font format '.pcf'"), "\(error.description)")
    }
}
