import DeparturesCore
import SQLite

/// The feed's translations of the texts a board shows, for one board language.
///
/// Each text is chosen by `Translations.pick` among the feed's own text, tagged with
/// `feed_lang` (untagged when it is absent or `mul`), and its translations; a translation
/// by record_id wins over one by field_value in the same language, as the spec says.
/// Without a language every text is the feed's own.
public struct GTFSTranslations: Sendable {
    /// A translatable field, as translations.txt names it (`table.field`).
    public enum Field: String, Sendable {
        case tripHeadsign = "trips.trip_headsign"
        case stopHeadsign = "stop_times.stop_headsign"
        case stopName = "stops.stop_name"
        case routeShortName = "routes.route_short_name"
        case routeLongName = "routes.route_long_name"
    }

    typealias Texts = [(language: String, text: String)]

    /// The board's BCP 47 tag; nil: the feed's own texts.
    public let language: String?
    /// The language of the feed's own texts (`feed_lang`); nil: untagged.
    let originalLanguage: String?
    private var byRecord: [String: Texts] = [:]
    private var byValue: [String: Texts] = [:]

    /// The feed's own texts, untranslated.
    public static let none = GTFSTranslations(language: nil, originalLanguage: nil)

    init(language: String?, originalLanguage: String?) {
        self.language = language
        self.originalLanguage = originalLanguage
    }

    /// Adds a row of the store's translations table ('' for what the row leaves out).
    mutating func add(field: String, language: String, recordID: String, subID: String, value: String, text: String) {
        if recordID.isEmpty {
            byValue[Self.key(field, value), default: []].append((language, text))
        } else {
            byRecord[Self.key(field, recordID, subID), default: []].append((language, text))
        }
    }

    /// Whether any translation was read: without one every text is the feed's own.
    public var isEmpty: Bool { byRecord.isEmpty && byValue.isEmpty }

    /// The text to show for `original`, the value of `field` in the record `recordID`
    /// (with `subID`, the stop_sequence, for stop_times).
    public func text(_ original: String, _ field: Field, recordID: String, subID: String = "") -> String {
        guard language != nil, !original.isEmpty, !isEmpty else { return original }
        let record = byRecord[Self.key(field.rawValue, recordID, subID)] ?? []
        let value = byValue[Self.key(field.rawValue, original)] ?? []
        guard !record.isEmpty || !value.isEmpty else { return original }
        // The feed's own text first: with no match and no untagged text, `pick` takes the first.
        var texts: [(language: String?, text: String)] = [(originalLanguage, original)]
        texts += record.map { ($0.language, $0.text) }
        texts += value.filter { byValue in
            !record.contains { $0.language.lowercased() == byValue.language.lowercased() }
        }.map { ($0.language, $0.text) }
        return Translations.pick(texts, for: language) ?? original
    }

    private static func key(_ parts: String...) -> String {
        parts.joined(separator: "\u{0}")
    }
}

extension GTFSStore {
    /// The translations a board in `language` may show: only those whose primary language
    /// subtag is the board's can beat the feed's own text under `Translations.pick`, so only
    /// those are read. `.none` without a language, or from a store imported before
    /// translations were kept.
    public func translations(for language: String?) -> GTFSTranslations {
        guard let language, !language.isEmpty, hasTranslations else { return .none }
        let primary = String(language.lowercased().split(separator: "-", maxSplits: 1).first ?? "")
        var texts = GTFSTranslations(language: language, originalLanguage: feedLanguage)
        let rows = try? database.withConnection { db throws(SQLiteError) in
            try db.fetchAll(
                """
                SELECT table_name || '.' || field_name, language, record_id, record_sub_id, field_value, translation
                FROM translations WHERE lower(language) = ?1 OR substr(lower(language), 1, length(?1) + 1) = ?1 || '-'
                ORDER BY language, table_name, field_name, record_id, record_sub_id, field_value
                """, primary
            ) { row in
                (row[0] as String, row[1] as String, row[2] as String, row[3] as String, row[4] as String, row[5] as String)
            }
        }
        for row in rows ?? [] {
            texts.add(field: row.0, language: row.1, recordID: row.2, subID: row.3, value: row.4, text: row.5)
        }
        return texts
    }

    /// `stopName(stopID:)` in the board's language.
    public func stopName(stopID: String, translations: GTFSTranslations) -> String? {
        stopName(stopID: stopID).map { translations.text($0, .stopName, recordID: stopID) }
    }

    /// `routeLabel(routeID:)` in the board's language: the translated short name, else the
    /// translated long name, else the id.
    public func routeLabel(routeID: String, translations: GTFSTranslations) -> String? {
        guard translations.language != nil, !translations.isEmpty else { return routeLabel(routeID: routeID) }
        let names = try? database.withConnection { db throws(SQLiteError) in
            try db.fetchAll("SELECT short_name, long_name FROM routes WHERE route_id = ?", routeID) { row in
                (short: row[0] as String?, long: row[1] as String?)
            }.first
        }
        guard let names = names ?? nil else { return nil }
        return GTFSTranslations.routeLabel(short: names.short, long: names.long, routeID: routeID, translations)
    }
}

extension GTFSTranslations {
    /// What a board shows for a route, translated: short name, else long name, else the id.
    static func routeLabel(short: String?, long: String?, routeID: String, _ translations: GTFSTranslations) -> String {
        if let short { return translations.text(short, .routeShortName, recordID: routeID) }
        if let long { return translations.text(long, .routeLongName, recordID: routeID) }
        return routeID
    }
}
