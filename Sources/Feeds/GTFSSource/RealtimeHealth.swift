public import DeparturesCore
public import GTFSRealtime
import Logging
import Locking

/// How well the board's TripUpdates feed fits the timetable, after the last poll: shown by
/// `validate --live` and status pages, logged when it crosses the board's warning level.
public struct RealtimeHealth: Sendable, Equatable {
    /// The feed header's timestamp; nil without a feed (or without a timestamp).
    public var feedTimestamp: Date?
    public var entityCount: Int
    /// Trip updates for the board's routes, and how many of them matched a scheduled trip.
    public var tripsForBoardRoutes: Int
    public var matchedTrips: Int
    public var isStale: Bool

    public init(_ result: RealtimeResult) {
        feedTimestamp = result.feedTimestamp
        entityCount = result.entityCount
        tripsForBoardRoutes = result.tripsForBoardRoutes
        matchedTrips = result.matchedTrips
        isStale = result.isStale
    }

    /// 0…1; nil when the feed had no trips for the board's routes.
    public var matchRate: Double? {
        tripsForBoardRoutes == 0 ? nil : Double(matchedTrips) / Double(tripsForBoardRoutes)
    }

    /// `1234 entities, 42 of 48 trips for the board's routes matched the timetable (88 %)`.
    public var summary: String {
        var text = "\(entityCount) entities"
        if let rate = matchRate {
            text +=
                ", \(matchedTrips) of \(tripsForBoardRoutes) trips for the board's routes matched the timetable (\(Int((rate * 100).rounded())) %)"
        } else {
            text += ", none for the board's routes"
        }
        return text
    }
}

/// The last health of the feed, shared by the repository's copies, and whether the low-match
/// warning is raised, so it is logged once when the rate falls and once when it recovers.
final class RealtimeHealthLog: Sendable {
    private let state = Locked<(health: RealtimeHealth?, warned: Bool)>((nil, false))

    var current: RealtimeHealth? { state.withLock { $0.health } }

    func record(_ health: RealtimeHealth, warnBelow percent: Int, url: String, logger: Logger) {
        let low = health.matchRate.map { $0 * 100 < Double(percent) } ?? false
        let wasWarned = state.withLock { state -> Bool in
            defer { state = (health, low) }
            return state.warned
        }
        logger.debug("realtime: \(health.summary)", metadata: ["url": "\(url)"])
        if low && !wasWarned {
            logger.warning(
                """
                realtime feed matches few of the board's trips: \(health.summary); \
                its trip ids may no longer match the imported timetable (re-import it)
                """)
        } else if !low && wasWarned {
            logger.notice("realtime feed matches the timetable again: \(health.summary)")
        }
    }
}
