import GTFSFeedBuilder
import GTFSSchedule
import Testing

/// A broken translations.txt or feed_info.txt is reported, file and line, and the
/// timetable imports all the same.
@Suite struct TranslationImportTests {
    static func imported(
        translations: String, feedInfo: String? = nil
    ) throws
        -> (summary: GTFSImportSummary, french: [String], folder: TempFolder)
    {
        let folder = try TempFolder()
        var feed = MultilingualFeed.swiss
        feed["translations.txt"] = translations
        if let feedInfo { feed["feed_info.txt"] = feedInfo }
        let (store, summary) = try importedStore(feed, stops: ["BN"], in: folder)
        return (summary, try TranslationTests.departures(store, "fr"), folder)
    }

    static let header = "table_name,field_name,language,translation,record_id,record_sub_id,field_value\n"

    @Test func missingColumnLeavesTheFileOut() throws {
        let result = try Self.imported(translations: "table_name,field_name,translation,record_id\nstops,stop_name,Zurich HB,ZUEP\n")
        defer { result.folder.remove() }
        #expect(
            result.summary.translationsProblem?.description
                == "translations.txt: missing required column 'language'; imported without translations")
        #expect(result.summary.translations == 0)
        #expect(result.summary.boardStopTimes == 3)
        #expect(result.french == TranslationTests.german)
    }

    /// A CSV fault undoes the rows stored before it: the file is read whole or not at all.
    @Test func unreadableLineLeavesTheFileOut() throws {
        let result = try Self.imported(
            translations: Self.header + """
                trips,trip_headsign,fr,Genève Aéroport,T1,,
                stops,stop_name,fr,"Zurich HB,ZUEP,,

                """)
        defer { result.folder.remove() }
        let problem = try #require(result.summary.translationsProblem)
        #expect(problem.file == "translations.txt")
        #expect(problem.line == 3)
        #expect(problem.description == "translations.txt line 3: a quoted field is never closed; imported without translations")
        #expect(result.summary.translations == 0)
        #expect(result.french == TranslationTests.german)
    }

    /// A row breaking the spec's rules is skipped, the first named; the others are kept.
    @Test func brokenRowsAreSkipped() throws {
        let result = try Self.imported(
            translations: Self.header + """
                trips,trip_headsign,fr,Genève Aéroport,T1,,
                stops,stop_name,fr,Zurich HB,ZUEP,,Zürich HB
                stops,stop_name,,Zurigo HB,ZUEP,,
                stops,stop_name,fr,Zurich HB,,,
                stop_times,stop_headsign,fr,Zurich Aéroport,T3,,
                stop_times,stop_headsign,fr,Zurich Aéroport,T3,1,

                """)
        defer { result.folder.remove() }
        #expect(
            result.summary.translationsProblem?.description
                == "translations.txt line 3: field_value: record_id and field_value are both given; a row names one of them (row skipped)")
        #expect(result.summary.translations == 2)
        #expect(result.summary.translationsSkipped == 4)
        #expect(result.french == ["IC1 Genève Aéroport", "IC1 Zürich HB", "InterRegio Zurich Aéroport"])
    }

    @Test func brokenFeedInfoLeavesTextsUntagged() throws {
        let result = try Self.imported(
            translations: Self.header + "trips,trip_headsign,fr,Genève Aéroport,T1,,\n",
            feedInfo: "feed_publisher_name,feed_lang\n\"SBB,de\n")
        defer { result.folder.remove() }
        #expect(
            result.summary.translationsProblem?.description
                == "feed_info.txt line 2: a quoted field is never closed; texts taken as in no particular language")
        #expect(result.summary.translations == 1)
        #expect(result.french.first == "IC1 Genève Aéroport")
    }

    /// A feed without translations.txt: nothing kept, nothing reported.
    @Test func noTranslationsFile() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        var feed = MultilingualFeed.swiss
        feed["translations.txt"] = nil
        let (store, summary) = try importedStore(feed, stops: ["BN"], in: folder)
        #expect(summary.translations == 0 && summary.translationsSkipped == 0 && summary.translationsProblem == nil)
        #expect(try TranslationTests.departures(store, "fr") == TranslationTests.german)
    }
}
