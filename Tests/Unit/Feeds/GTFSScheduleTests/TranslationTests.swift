import GTFSFeedBuilder
import GTFSSchedule
import SQLite
import Testing

/// translations.txt: what the import keeps, and the texts a board in a language reads.
@Suite struct TranslationTests {
    /// Monday 15 June 2026, 08:00 in Zürich: T1 (08:02), T2 (08:32), T3 (08:40) at Bern.
    static func departures(_ store: GTFSStore, _ language: String?) throws -> [String] {
        let zone = try Zone("Europe/Zurich")
        return try store.scheduledDepartures(
            stopIDs: ["BN"], at: zone.at(2026, 6, 15, 8, 0),
            translations: store.translations(for: language)
        )
        .map { "\($0.routeLabel) \($0.headsign)" }
    }

    static let german = ["IC1 Genf Flughafen", "IC1 Zürich HB", "InterRegio Zürich Flughafen"]

    @Test func swissFeedShowsTheBoardsLanguage() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let (store, summary) = try importedStore(MultilingualFeed.swiss, stops: ["BN"], in: folder)
        // Another field, a stop no kept trip calls at, a repeated row.
        #expect(summary.translations == 8)
        #expect(summary.translationsSkipped == 3)
        #expect(summary.translationsProblem == nil)
        #expect(store.feedLanguage == "de")

        #expect(try Self.departures(store, "fr") == ["IC1 Genève Aéroport", "IC1 Zurich HB", "InterRégio Zurich Aéroport"])
        // Italian has no text for T3's call: the feed's own.
        #expect(try Self.departures(store, "it") == ["IC1 Ginevra Aeroporto", "IC1 Zurigo HB", "InterRegio Zürich Flughafen"])
        #expect(try Self.departures(store, "fr-CH") == Self.departures(store, "fr"))
        #expect(try Self.departures(store, "EN-gb") == ["IC1 Geneva Airport", "IC1 Zurich HB", "InterRegio Zürich Flughafen"])
        // The feed's language, one it lacks, and none at all: the feed's own texts.
        #expect(try Self.departures(store, "de") == Self.german)
        #expect(try Self.departures(store, "ja") == Self.german)
        #expect(try Self.departures(store, nil) == Self.german)

        // The realtime side's names of added trips read the same way.
        let french = store.translations(for: "fr")
        #expect(store.stopName(stopID: "ZUEP", translations: french) == "Zurich HB")
        #expect(store.stopName(stopID: "BN", translations: french) == "Bern")
        #expect(store.routeLabel(routeID: "IR", translations: french) == "InterRégio")
        #expect(store.routeLabel(routeID: "IC1", translations: french) == "IC1")
        #expect(store.routeLabel(routeID: "nope", translations: french) == nil)
        #expect(store.stopName(stopID: "ZUEP", translations: .none) == "Zürich HB")
    }

    /// A headsign filter written in either language finds the row.
    @Test func headsignFilterMatchesEitherText() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let (store, _) = try importedStore(MultilingualFeed.swiss, stops: ["BN"], in: folder)
        let zone = try Zone("Europe/Zurich")
        for needle in ["Genève", "Genf"] {
            let found = try store.scheduledDepartures(
                stopIDs: ["BN"], at: zone.at(2026, 6, 15, 8, 0),
                filter: GTFSFilter(headsignContains: needle),
                translations: store.translations(for: "fr"))
            #expect(found.map(\.headsign) == ["Genève Aéroport"], "\(needle)")
        }
    }

    /// field_value translates every occurrence; a record_id row for the same record wins.
    @Test func fieldValueTranslatesEveryOccurrence() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        var feed = MultilingualFeed.swiss
        feed["trips.txt"] = feed["trips.txt"]!.replacing("IC1,WK,T2,\n", with: "IC1,WK,T2,Genf Flughafen\n")
        feed["translations.txt"] = """
            table_name,field_name,language,translation,record_id,record_sub_id,field_value
            trips,trip_headsign,fr,Genève-Aéroport,,,Genf Flughafen
            trips,trip_headsign,fr,Genève Aéroport (T1),T1,,
            stops,stop_name,fr,Zurich,,,Zürich Flughafen
            stops,stop_name,fr,Lugano,,,Lugano
            stop_times,stop_headsign,fr,Aéroport de Zurich,,,Zürich Flughafen

            """
        let (store, summary) = try importedStore(feed, stops: ["BN"], in: folder)
        #expect(summary.translations == 4)
        #expect(summary.translationsSkipped == 1, "Lugano is no kept stop's name")
        #expect(
            try Self.departures(store, "fr")
                == ["IC1 Genève Aéroport (T1)", "IC1 Genève-Aéroport", "InterRegio Aéroport de Zurich"])
        #expect(try Self.departures(store, nil) == ["IC1 Genf Flughafen", "IC1 Genf Flughafen", "InterRegio Zürich Flughafen"])
    }

    /// `mul`: the feed's own texts are in no one language, so a translation into the board's
    /// language wins even where the feed's text is already in it.
    @Test(arguments: ["mul", "de"]) func multilingualFeed(feedLang: String) throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        var feed = MultilingualFeed.swiss
        feed["feed_info.txt"] = "feed_publisher_name,feed_publisher_url,feed_lang\nSBB,https://example.invalid,\(feedLang)\n"
        feed["stops.txt"] = feed["stops.txt"]!.replacing("ZUEP,Zürich HB", with: "ZUEP,Biel/Bienne")
        feed["translations.txt"] = """
            table_name,field_name,language,translation,record_id,record_sub_id,field_value
            stops,stop_name,de,Biel,,,Biel/Bienne
            stops,stop_name,fr,Bienne,,,Biel/Bienne

            """
        let (store, _) = try importedStore(feed, stops: ["BN"], in: folder)
        #expect(store.feedLanguage == (feedLang == "mul" ? nil : "de"))
        func toBiel(_ language: String?) throws -> String? {
            try Self.departures(store, language).dropFirst().first
        }
        #expect(try toBiel("fr") == "IC1 Bienne")
        #expect(try toBiel("de-CH") == (feedLang == "mul" ? "IC1 Biel" : "IC1 Biel/Bienne"))
        #expect(try toBiel("ja") == "IC1 Biel/Bienne")
        #expect(try toBiel(nil) == "IC1 Biel/Bienne")
    }

    /// A store imported before translations were kept: no table, no feed_lang; it opens and
    /// shows the feed's own texts whatever the language.
    @Test func olderStoreWithoutTheTableOpens() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        _ = try importedStore(MultilingualFeed.swiss, stops: ["BN"], in: folder)
        let path = folder.path + "/board.sqlite"
        let db = try Connection(path: path, mode: .readWrite)
        try db.execute("DROP TABLE translations; DELETE FROM feed_info WHERE key IN ('feed_lang', 'default_lang')")
        try db.close()
        let store = try GTFSStore(path: path)
        #expect(store.feedLanguage == nil)
        #expect(store.translations(for: "fr").isEmpty)
        #expect(try Self.departures(store, "fr") == Self.german)
        #expect(store.stopName(stopID: "ZUEP", translations: store.translations(for: "fr")) == "Zürich HB")
    }
}
