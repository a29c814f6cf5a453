public import DeparturesCore

/// The words a board says for its rows at one instant: sentences in one language.
public struct Announcement: Sendable, Equatable {
    /// The phrase table the words come from (`en`, `de`, `fr`, `es`).
    public var language: String
    public var sentences: [String]
    /// True when the board's language has no phrase table and English words stand in.
    public var isFallback: Bool

    public init(language: String, sentences: [String], isFallback: Bool = false) {
        self.language = language
        self.sentences = sentences
        self.isFallback = isFallback
    }

    /// The whole announcement as one text, sentences separated by a space.
    public var text: String { sentences.joined(separator: " ") }
}

/// How a board's rows become an announcement.
public struct AnnouncementOptions: Sendable, Equatable {
    /// The board's `language:` (BCP 47); nil for English.
    public var language: String?
    /// At most this many rows per stop are said, in the board's order (the soonest first).
    public var rowsPerStop: Int
    /// A departure this many minutes away or more is said by its clock time ("at 9:42").
    public var clockTimeFromMinutes: Int
    /// The board's `display.abbreviations` (long → short, for the screen): read backwards
    /// here, so a feed's short form is spoken as the board's long one.
    public var screenAbbreviations: [String: String]

    public static let defaultRowsPerStop = 5
    public static let defaultClockTimeFromMinutes = 60

    public init(
        language: String? = nil, rowsPerStop: Int = Self.defaultRowsPerStop,
        clockTimeFromMinutes: Int = Self.defaultClockTimeFromMinutes, screenAbbreviations: [String: String] = [:]
    ) {
        self.language = language
        self.rowsPerStop = rowsPerStop
        self.clockTimeFromMinutes = clockTimeFromMinutes
        self.screenAbbreviations = screenAbbreviations
    }
}

/// Turns a board's state into what its voice says.
public enum Announcer {
    public static func announce(_ state: BoardState, options: AnnouncementOptions = AnnouncementOptions()) -> Announcement {
        let (book, isFallback) = Phrasebook.forLanguage(options.language)
        let words = SpokenWords(language: book.code, screenAbbreviations: options.screenAbbreviations)
        var sentences: [String] = []
        for stop in stops(of: state) {
            let name = words.expand(stop.name)
            switch state.status {
            case .loading, .error:
                sentences.append(book.unavailable(name))
                continue
            case .ok, .stale, .empty:
                break
            }
            let rows = state.rows.filter { $0.place.index == stop.index && $0.isReachable }.prefix(max(0, options.rowsPerStop))
            guard !rows.isEmpty else {
                sentences.append(book.noDepartures(name))
                continue
            }
            sentences.append(book.header(name))
            for row in rows {
                sentences.append(sentence(for: row, book: book, words: words, options: options))
            }
        }
        if state.status == .ok || state.status == .stale {
            var said: Set<String> = []
            for alert in state.alerts where said.insert(alert.header).inserted {
                let header = Self.trimmed(alert.header)
                guard !header.isEmpty else { continue }
                sentences.append(book.alert(Self.closed(words.expand(header))))
            }
        }
        return Announcement(language: book.code, sentences: sentences, isFallback: isFallback)
    }

    /// One sentence for one row, in the phrase table's words.
    static func sentence(for row: DepartureRow, book: Phrasebook, words: SpokenWords, options: AnnouncementOptions) -> String {
        let trip = SpokenTrip(
            route: words.route(row.route), headsign: words.expand(row.headsign),
            platform: row.platform.map(words.expand), clock: Self.clock(row.time))
        if row.isCancelled { return book.cancelled(trip) }
        // The numbers are the screen's (`RowWords`); only the phrases are this language's.
        let words = row.words
        let when: SpokenWhen
        if words.minutesToGo == 0 {
            when = .now
        } else if words.minutesToGo >= options.clockTimeFromMinutes {
            when = .at(trip.clock)
        } else {
            when = .inMinutes(words.minutesToGo)
        }
        let lateness: SpokenLateness
        if let late = words.minutesLate {
            lateness = .late(late)
        } else if let early = words.minutesEarly {
            lateness = .early(early)
        } else {
            lateness = .onTime
        }
        return book.departure(trip, when, scheduled: row.looksScheduled, lateness)
    }

    /// The stops rows come from, in board order: one per source, named by its label (the
    /// board's name on a board of one source).
    static func stops(of state: BoardState) -> [(index: Int, name: String)] {
        guard state.sources.count > 1 else { return [(state.rows.first?.place.index ?? 0, state.boardName)] }
        return state.sources.map { (index: $0.place.index, name: $0.place.label ?? state.boardName) }
    }

    /// `09:42` → `9:42`: a clock time as it is read out.
    static func clock(_ time: String) -> String {
        time.hasPrefix("0") && time.count == 5 ? String(time.dropFirst()) : time
    }

    static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// A header ends with a full stop, so the next sentence is read as one.
    static func closed(_ text: String) -> String {
        guard let last = text.last, !".!?".contains(last) else { return text }
        return text + "."
    }
}
