/// Whether a trip id names one trip within one answer: the rule every merge, de-duplication
/// and match by trip obeys, in every source kind and the hub. A placeholder (`-`, `0`, empty
/// or blank: Traveline's NextBuses sends `-` for every visit) names none, and neither does an
/// id that more than one distinct departure of the answer carries; rows with such an id are
/// never merged with another row or matched to a trip's alert.
public struct TripIdentity: Sendable {
    private let shared: Set<String>

    /// The ids of `answer` (one source's departures) that two distinct departures carry.
    /// Distinct: another route, headsign or scheduled time (a loop's two calls are two).
    public init(_ answer: some Sequence<Departure>) {
        self.init(calls: answer.map { ($0.tripID, Call($0)) })
    }

    /// The same rule over any rows: each row's id and what tells its departure from another.
    public init<Key: Hashable>(calls: some Sequence<(trip: String, call: Key)>) {
        var first: [String: Key] = [:]
        var shared: Set<String> = []
        for (trip, call) in calls {
            if let seen = first[trip] {
                if seen != call { shared.insert(trip) }
            } else {
                first[trip] = call
            }
        }
        self.shared = shared
    }

    /// True when `id` names exactly one trip of the answer.
    public func identifies(_ id: String) -> Bool {
        !Self.isPlaceholder(id) && !shared.contains(id)
    }

    /// An id that names no trip whatever the answer: what servers send for "none".
    public static func isPlaceholder(_ id: String) -> Bool {
        let trimmed = id.unicodeScalars.filter { !$0.properties.isWhitespace }
        return trimmed.isEmpty || trimmed.elementsEqual("-".unicodeScalars) || trimmed.elementsEqual("0".unicodeScalars)
    }

    /// `id` when it is one, else nil: where a source makes its own id for a row without one.
    public static func given(_ id: String?) -> String? {
        id.flatMap { isPlaceholder($0) ? nil : $0 }
    }

    private struct Call: Hashable {
        var route: String
        var headsign: String
        var scheduled: Int

        init(_ departure: Departure) {
            route = departure.routeShortName
            headsign = departure.headsign
            scheduled = departure.scheduledTimeSecs
        }
    }
}
