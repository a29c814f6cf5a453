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

extension Occupancy {
    /// 0 (empty) to 4 (no more room): how much of the vehicle is taken, for pictures.
    public var load: Int {
        switch self {
        case .empty: return 0
        case .manySeats: return 1
        case .fewSeats: return 2
        case .standing: return 3
        case .crushed, .full, .notAccepting: return 4
        }
    }

    /// Where along a train there is most room: the third (front, middle, back) whose known
    /// carriages are least full on average; nil when fewer than two thirds are known or all
    /// are alike, since then there is nothing to walk to.
    public static func roomiest(_ carriages: [Occupancy?]) -> TrainPart? {
        guard carriages.count >= 2 else { return nil }
        var averages: [(part: TrainPart, load: Double)] = []
        // Two carriages have a front and a back; three or more split into thirds.
        let parts: [(TrainPart, Range<Int>)] =
            carriages.count == 2
            ? [(.front, 0..<1), (.back, 1..<2)]
            : TrainPart.allCases.enumerated().map { index, part in
                (part, carriages.count * index / 3..<carriages.count * (index + 1) / 3)
            }
        for (part, range) in parts {
            let known = carriages[range].compactMap { $0?.load }
            if !known.isEmpty { averages.append((part, Double(known.reduce(0, +)) / Double(known.count))) }
        }
        guard averages.count >= 2, let best = averages.min(by: { $0.load < $1.load }),
            averages.contains(where: { $0.load > best.load })
        else { return nil }
        return best.part
    }
}

/// A third of a train, front to back.
public enum TrainPart: String, Sendable, CaseIterable {
    case front, middle, back
}
