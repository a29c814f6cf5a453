/// How full a vehicle is: GTFS-Realtime's `OccupancyStatus` levels, in the words the API and
/// the board state use. SIRI's `Occupancy` and OneBusAway's occupancy fields map onto them.
public enum Occupancy: String, Sendable, Hashable, CaseIterable, Codable {
    case empty
    case manySeats = "many_seats"
    case fewSeats = "few_seats"
    case standing
    case crushed
    case full
    case notAccepting = "not_accepting"

    /// The level a source's word names, in any of the standards' spellings (`MANY_SEATS_AVAILABLE`,
    /// `seatsAvailable`, `standingAvailable`, `many_seats`…); nil for no data or a word none
    /// of them uses.
    public init?(word: String) {
        // The spelling without its `_`, `-` and spaces.
        let key = String(String.UnicodeScalarView(word.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) }))
        guard let level = Self.words[key] else { return nil }
        self = level
    }

    private static let words: [String: Occupancy] = [
        "empty": .empty,
        // GTFS-Realtime (and OneBusAway, which uses its names); SIRI 1.x says seatsAvailable.
        "manyseatsavailable": .manySeats, "manyseats": .manySeats, "seatsavailable": .manySeats,
        "fewseatsavailable": .fewSeats, "fewseats": .fewSeats,
        "standingroomonly": .standing, "standingavailable": .standing, "standing": .standing,
        "crushedstandingroomonly": .crushed, "crushed": .crushed,
        "full": .full,
        "notacceptingpassengers": .notAccepting, "notaccepting": .notAccepting,
    ]

    /// What a text-only output says.
    public var words: String {
        switch self {
        case .empty: return "Empty"
        case .manySeats: return "Seats"
        case .fewSeats: return "Few seats"
        case .standing: return "Standing"
        case .crushed: return "Crowded"
        case .full: return "Full"
        case .notAccepting: return "Not boarding"
        }
    }
}
