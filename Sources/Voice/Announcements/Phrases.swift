/// What a row is, in words ready for a phrase: expanded, its route as it is read.
struct SpokenTrip: Sendable, Equatable {
    var route: String
    var headsign: String
    var platform: String?
    /// `9:42`: its departure time.
    var clock: String
}

enum SpokenWhen: Sendable, Equatable {
    case now
    case inMinutes(Int)
    case at(String)
}

enum SpokenLateness: Sendable, Equatable {
    case onTime
    case late(Int)
    case early(Int)
}

/// One language's sentences. A table of closures rather than a protocol: each language is
/// a value, and choosing one is a lookup.
struct Phrasebook: Sendable {
    var code: String
    var header: @Sendable (_ stop: String) -> String
    var noDepartures: @Sendable (_ stop: String) -> String
    var unavailable: @Sendable (_ stop: String) -> String
    var departure: @Sendable (_ trip: SpokenTrip, _ when: SpokenWhen, _ scheduled: Bool, _ lateness: SpokenLateness) -> String
    var cancelled: @Sendable (_ trip: SpokenTrip) -> String
    var alert: @Sendable (_ header: String) -> String

    func departure(_ trip: SpokenTrip, _ when: SpokenWhen, scheduled: Bool, _ lateness: SpokenLateness) -> String {
        departure(trip, when, scheduled, lateness)
    }

    static let all: [Phrasebook] = [.english, .german, .french, .spanish]

    /// The table for a BCP 47 tag's language subtag; English, marked as a fallback, when
    /// there is none (and plainly English when no language is set).
    static func forLanguage(_ tag: String?) -> (book: Phrasebook, isFallback: Bool) {
        guard let tag else { return (.english, false) }
        let language = tag.split(separator: "-").first.map { $0.lowercased() } ?? ""
        if let book = all.first(where: { $0.code == language }) { return (book, false) }
        return (.english, true)
    }

    /// Whether a language has its own table (`say` warns when it has not).
    static func hasTable(for tag: String) -> Bool { !forLanguage(tag).isFallback }
}

extension Announcer {
    /// The languages with their own phrases.
    public static var languages: [String] { Phrasebook.all.map(\.code) }

    /// True when `tag` (BCP 47) has phrases of its own; false when English words stand in.
    public static func speaks(_ tag: String) -> Bool { Phrasebook.hasTable(for: tag) }
}
