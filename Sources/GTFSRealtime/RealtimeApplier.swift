#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DeparturesCore
import GTFSSchedule
import ZoneInfo

/// The board rows after applying a feed, and what became of the feed.
public struct RealtimeResult: Sendable, Equatable {
    /// Scheduled rows in input order, less cancelled trips and skipped stops.
    public var departures: [Departure]
    /// The feed header's timestamp; nil when there was no feed or it had none.
    public var feedTimestamp: Date?
    /// True when a feed was given but ignored for its age (or a missing timestamp).
    public var isStale: Bool
    /// Why realtime was not used, for logs and the board's message; nil when it was.
    public var note: String?
    /// Header texts of active service alerts for the rows' routes or stops.
    public var alerts: [String]

    public init(departures: [Departure], feedTimestamp: Date?, isStale: Bool, note: String?, alerts: [String] = []) {
        self.departures = departures
        self.feedTimestamp = feedTimestamp
        self.isStale = isStale
        self.note = note
        self.alerts = alerts
    }
}

/// Applies a GTFS-Realtime TripUpdates feed to scheduled departures. Pure: the same inputs
/// give the same rows, with "now" passed in.
///
/// Rules (GTFS-Realtime reference and the proto's own comments):
/// - A TripUpdate matches a row by trip_id; when it gives start_date (YYYYMMDD) that must be
///   the row's service day, otherwise it applies to the instance of the trip nearest `now`
///   (so yesterday's trip running past midnight keeps its update). Rows with a start time
///   (frequency trips) match only an update with the same start_time.
/// - Trip CANCELED or DELETED → the row is dropped. ADDED, DUPLICATED and NEW describe other
///   trips than the scheduled one and are ignored.
/// - The StopTimeUpdate for our stop (stop_sequence if it has one, else stop_id): SKIPPED
///   drops the row, NO_DATA leaves it scheduled; otherwise departure (else arrival) is used,
///   absolute `time` winning over `delay` (a time more than a day off the schedule is ignored).
/// - No update for our stop: the delay of the nearest earlier stop's update carries over
///   (its position from stop_sequence, or from `stopSequence(tripID, stopID)`); a NO_DATA
///   or eventless update there stops that, as does one with only an absolute time (its
///   scheduled time is unknown here). Skipped earlier stops are passed over.
/// - No StopTimeUpdate at or before our stop: TripUpdate.delay, when given.
/// - Header timestamp missing or older than `staleLimit` → the feed is ignored entirely
///   (a timestamp ahead of `now`, clock skew, counts as fresh).
/// - Rows keep their input order; sorting by realtime instant is the use case's job.
public struct RealtimeApplier: Sendable {
    /// Five minutes: feeds refresh every 15–30 s, so this tolerates several failed polls and
    /// some clock skew, while a feed that stopped updating does not pin old delays for long.
    public static let defaultStaleLimit: Duration = .seconds(300)

    public var calendar: ServiceDayCalendar
    public var staleLimit: Duration
    /// The stop_sequence of `stopID` on `tripID` (from the schedule), for updates that give
    /// only a stop_id. Loop trips visiting a stop twice: return the first visit.
    public var stopSequence: @Sendable (_ tripID: String, _ stopID: String) -> Int?

    public init(calendar: ServiceDayCalendar, staleLimit: Duration = RealtimeApplier.defaultStaleLimit,
                stopSequence: @escaping @Sendable (_ tripID: String, _ stopID: String) -> Int? = { _, _ in nil }) {
        self.calendar = calendar
        self.staleLimit = staleLimit
        self.stopSequence = stopSequence
    }

    /// True when `feed` has a header timestamp no older than `staleLimit`.
    public func isFresh(_ feed: TransitRealtime_FeedMessage, now: Date) -> Bool {
        age(of: feed, now: now).map { $0 <= staleLimitSeconds } ?? false
    }

    /// Seconds since the feed's header timestamp; nil without one. Negative (clock skew) is fresh.
    func age(of feed: TransitRealtime_FeedMessage, now: Date) -> Double? {
        guard feed.header.hasTimestamp else { return nil }
        return now.timeIntervalSince(Date(timeIntervalSince1970: Double(feed.header.timestamp)))
    }

    var staleLimitSeconds: Double { Double(staleLimit.components.seconds) }

    public func apply(_ scheduled: [ScheduledDeparture], feed: TransitRealtime_FeedMessage?, now: Date) -> RealtimeResult {
        guard let feed else {
            return RealtimeResult(departures: scheduled.map(Self.timetableRow), feedTimestamp: nil,
                                  isStale: false, note: "no realtime feed")
        }
        guard let age = age(of: feed, now: now) else {
            return RealtimeResult(departures: scheduled.map(Self.timetableRow), feedTimestamp: nil, isStale: true,
                                  note: "realtime feed has no header timestamp; showing the timetable")
        }
        let stamp = Date(timeIntervalSince1970: Double(feed.header.timestamp))
        let limit = staleLimitSeconds
        guard age <= limit else {
            return RealtimeResult(departures: scheduled.map(Self.timetableRow), feedTimestamp: stamp, isStale: true,
                                  note: "realtime feed is \(Int(age)) s old (limit \(Int(limit)) s); showing the timetable")
        }

        let updates = Self.tripUpdates(in: feed)
        let nearestDays = nearestServiceDays(scheduled, now: now)
        var rows: [Departure] = []
        rows.reserveCapacity(scheduled.count)
        for row in scheduled {
            let candidates = updates[row.tripID] ?? []
            let instanceDay = nearestDays[InstanceKey(row)]
            guard let update = candidates.first(where: { matches($0, row, instanceDay: instanceDay) }) else {
                rows.append(Self.timetableRow(row))
                continue
            }
            if TripRelationship(update.trip).removesTrip { continue }
            switch prediction(update, for: row) {
            case .dropRow: continue
            case .none: rows.append(Self.timetableRow(row))
            case .delay(let seconds): rows.append(Self.row(row, realtimeSecs: row.departureSecs + seconds))
            case .time(let posix):
                let secs = Int(posix - calendar.serviceDayStart(row.serviceDay))
                rows.append(Self.row(row, realtimeSecs: secs))
            }
        }
        let alerts = ServiceAlerts.messages(
            in: feed, routeIDs: Set(scheduled.map(\.routeID)), stopIDs: Set(scheduled.map(\.stopID)), now: now)
        return RealtimeResult(departures: rows, feedTimestamp: stamp, isStale: false, note: nil, alerts: alerts)
    }

    /// A row as the timetable has it: realtime = scheduled, no delay, not realtime.
    public static func timetableRow(_ row: ScheduledDeparture) -> Departure {
        Departure(tripID: row.tripID, routeShortName: row.routeLabel, headsign: row.headsign,
                  scheduledTimeSecs: row.departureSecs, realtimeTimeSecs: row.departureSecs,
                  delaySeconds: 0, isRealtime: false, platform: row.platform, isEstimated: row.isEstimated,
                  isDropOffOnly: row.isDropOffOnly)
    }

    static func row(_ row: ScheduledDeparture, realtimeSecs: Int) -> Departure {
        Departure(tripID: row.tripID, routeShortName: row.routeLabel, headsign: row.headsign,
                  scheduledTimeSecs: row.departureSecs, realtimeTimeSecs: realtimeSecs,
                  delaySeconds: realtimeSecs - row.departureSecs, isRealtime: true, platform: row.platform,
                  isEstimated: row.isEstimated, isDropOffOnly: row.isDropOffOnly)
    }

    // MARK: - Matching a TripUpdate to a row

    /// One trip instance apart from its service day: trip and (frequency) start time.
    struct InstanceKey: Hashable {
        var tripID: String
        var startTime: String?
        init(_ row: ScheduledDeparture) {
            tripID = row.tripID
            startTime = row.startTime
        }
    }

    /// For updates without start_date: per trip instance, the service day whose rows lie
    /// nearest `now`.
    func nearestServiceDays(_ rows: [ScheduledDeparture], now: Date) -> [InstanceKey: CivilDate] {
        var best: [InstanceKey: (day: CivilDate, distance: Double)] = [:]
        for row in rows {
            let distance = abs(calendar.instant(row.departureSecs, on: row.serviceDay).timeIntervalSince(now))
            let key = InstanceKey(row)
            if let current = best[key], current.distance <= distance { continue }
            best[key] = (row.serviceDay, distance)
        }
        return best.mapValues(\.day)
    }

    static func tripUpdates(in feed: TransitRealtime_FeedMessage) -> [String: [TransitRealtime_TripUpdate]] {
        var byTrip: [String: [TransitRealtime_TripUpdate]] = [:]
        for entity in feed.entity where entity.hasTripUpdate && !entity.isDeleted {
            let update = entity.tripUpdate
            guard update.trip.hasTripID else { continue }
            byTrip[update.trip.tripID, default: []].append(update)
        }
        return byTrip
    }

    func matches(_ update: TransitRealtime_TripUpdate, _ row: ScheduledDeparture, instanceDay: CivilDate?) -> Bool {
        let trip = update.trip
        guard TripRelationship(trip).describesScheduledTrip else { return false }
        if trip.hasStartDate {
            guard GTFSText.date(fromYYYYMMDD: trip.startDate) == row.serviceDay else { return false }
        } else if let instanceDay, instanceDay != row.serviceDay {
            return false
        }
        if let startTime = row.startTime {
            guard trip.hasStartTime, let wanted = GTFSText.seconds(fromTime: startTime),
                  GTFSText.seconds(fromTime: trip.startTime) == wanted
            else { return false }
        }
        return true
    }
}
