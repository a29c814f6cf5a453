import SQLite

/// What translations.txt gave the store, for the summary.
struct TranslationCounts {
    var kept = 0
    /// Rows of fields a board does not show, of records the store did not keep, repeated
    /// rows and rows that break the rules (the first of those is `problem`).
    var skipped = 0
    /// The first thing wrong with feed_info.txt or translations.txt; a file-level problem
    /// (missing column, unreadable CSV) leaves the store without translations.
    var problem: GTFSImportError?
}

/// translations.txt and feed_info.txt's languages: optional extras, so a fault in them is
/// reported and costs the translations, never the import.
extension ImportRun {
    /// The texts a board shows, as `table.field`; translations of anything else are skipped.
    static let translatedFields: Set<String> = [
        "trips.trip_headsign", "stop_times.stop_headsign", "stops.stop_name",
        "routes.route_short_name", "routes.route_long_name",
    ]

    /// feed_info.txt's feed_lang and default_lang, kept in the store's feed_info.
    func readFeedLanguages() -> GTFSImportError? {
        do {
            guard let table = try open("feed_info.txt", required: false) else { return nil }
            let lang = table.optional("feed_lang"), defaultLang = table.optional("default_lang")
            guard try table.next() else { return nil }
            feedLanguage = table[lang]
            defaultLanguage = table[defaultLang]
            return nil
        } catch var error as GTFSImportError {
            error.message += "; texts taken as in no particular language"
            return error
        } catch {
            return GTFSImportError(file: feed.prefix + "feed_info.txt", message: plainText(error))
        }
    }

    /// Stores the rows of translations.txt for the kept records and texts. Inside a savepoint:
    /// a file-level failure undoes what was stored of it and leaves the import whole.
    func storeTranslations(_ db: Connection) throws -> TranslationCounts {
        guard has("translations.txt") else { return TranslationCounts() }
        try db.execute("SAVEPOINT translations")
        var counts = TranslationCounts()
        do {
            try loadTranslations(db, into: &counts)
            try db.execute("RELEASE translations")
        } catch let error as GTFSImportError {
            try db.execute("ROLLBACK TO translations; RELEASE translations")
            var problem = error
            problem.message += "; imported without translations"
            counts = TranslationCounts(kept: 0, skipped: counts.kept + counts.skipped, problem: problem)
        }
        discard("translations.txt")
        return counts
    }

    private func loadTranslations(_ db: Connection, into counts: inout TranslationCounts) throws {
        guard let table = try open("translations.txt", required: false) else { return }
        let tableName = try table.required("table_name"), fieldName = try table.required("field_name")
        let language = try table.required("language"), translation = try table.required("translation")
        let recordID = table.optional("record_id"), subID = table.optional("record_sub_id")
        let fieldValue = table.optional("field_value")
        let values = try keptTexts(db)
        let insert = try db.prepare(
            """
            INSERT OR IGNORE INTO translations (table_name, field_name, language, record_id, record_sub_id, field_value, translation)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        let callExists = try db.prepare("SELECT 1 FROM stop_times WHERE trip_id = ? AND stop_sequence = ?")
        func bad(_ column: String?, _ message: String) {
            counts.skipped += 1
            if counts.problem == nil {
                counts.problem = GTFSImportError(file: table.name, line: table.line, column: column, message: message + " (row skipped)")
            }
        }
        while try table.next() {
            let tableText = table[tableName], field = tableText + "." + table[fieldName]
            guard Self.translatedFields.contains(field) else { counts.skipped += 1; continue }
            let lang = table[language], text = table[translation]
            guard !lang.isEmpty else { bad("language", "is empty"); continue }
            guard !text.isEmpty else { bad("translation", "is empty"); continue }
            var record = "", sub = "", value = ""
            switch (table[recordID], table[fieldValue]) {
            case (let id?, nil):
                if tableText == "stop_times" {
                    guard let sequence = table[subID].flatMap({ GTFSValues.wholeNumber($0) }) else {
                        bad("record_sub_id", "must be the call's stop_sequence with a stop_times record_id")
                        continue
                    }
                    try callExists.bind(id, sequence)
                    let exists = try callExists.step()
                    callExists.reset()  // no read left pending under a later ROLLBACK TO
                    guard exists else { counts.skipped += 1; continue }
                    sub = String(sequence)
                } else if !keeps(id, table: tableText) {
                    counts.skipped += 1
                    continue
                }
                record = id
            case (nil, let original?):
                guard values[field]?.contains(original) == true else { counts.skipped += 1; continue }
                value = original
            case (_?, _?):
                bad("field_value", "record_id and field_value are both given; a row names one of them")
                continue
            case (nil, nil):
                bad("record_id", "neither record_id nor field_value is given")
                continue
            }
            try insert.execute(tableText, table[fieldName], lang, record, sub, value, text)
            if db.changes > 0 { counts.kept += 1 } else { counts.skipped += 1 }
        }
    }

    /// Whether the store kept the stop, trip or route a record_id names.
    private func keeps(_ id: String, table: String) -> Bool {
        switch table {
        case "stops": storedStops.contains(id)
        case "trips": keptTrips.contains(id)
        case "routes": routes.contains(id)
        default: false
        }
    }

    /// The kept texts of each translated field: a field_value row for any other is skipped.
    private func keptTexts(_ db: Connection) throws -> [String: Set<String>] {
        let queries = [
            "trips.trip_headsign": "SELECT DISTINCT headsign FROM trips WHERE headsign IS NOT NULL",
            "stop_times.stop_headsign": "SELECT DISTINCT stop_headsign FROM stop_times WHERE stop_headsign IS NOT NULL",
            "stops.stop_name": "SELECT DISTINCT name FROM stops",
            "routes.route_short_name": "SELECT DISTINCT short_name FROM routes WHERE short_name IS NOT NULL",
            "routes.route_long_name": "SELECT DISTINCT long_name FROM routes WHERE long_name IS NOT NULL",
        ]
        var texts: [String: Set<String>] = [:]
        for (field, sql) in queries {
            texts[field] = Set(try db.fetchAll(sql) { $0[0] as String })
        }
        return texts
    }
}
