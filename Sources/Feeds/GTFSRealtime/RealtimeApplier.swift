public import DeparturesCore
public import GTFSSchedule
import ZoneInfo

/// Applies a GTFS-Realtime TripUpdates feed to scheduled departures. Pure: the same inputs
/// give the same rows, with "now" passed in.
///
/// Rules (GTFS-Realtime reference, gtfs.org/realtime/reference, and the proto's comments):
/// - A TripUpdate matches a row by trip_id; when it gives start_date (YYYYMMDD) that must be
///   the row's service day, otherwise it applies to the instance of the trip nearest `now`
///   (so yesterday's trip running past midnight keeps its update). Rows with a start time
///   (frequency trips) match only an update with the same start_time.
/// - Trip CANCELED → a cancelled row (`isCancelled`, realtime = scheduled, delay 0,
///   `isRealtime`), kept while the scheduled departure is at most `cancelledWindow` ahead.
///   The trip's relationship wins over any StopTimeUpdates it carries (reference: TripUpdate).
/// - Trip DELETED (7, "must not be shown to users") → the row is dropped.
/// - Trip REPLACEMENT → the static schedule is not used for that instance: its row gives way
///   to the rows its StopTimeUpdates make (see `RealtimeApplier+Added.swift`); a SKIPPED call
///   at the row's stop is a cancelled row; a call timed only by delay is applied to the row
///   as for SCHEDULED (older producers); no call at the row's stop drops the row.
/// - ADDED, NEW, DUPLICATED describe other trips than the scheduled one: they never change a
///   scheduled row, and add rows of their own (`RealtimeApplier+Added.swift`).
/// - The StopTimeUpdate for our stop (stop_sequence if it has one, else stop_id, or another
///   of the board's stops where the trip has no other call: a moved platform): SKIPPED is a
///   cancelled row as above, NO_DATA leaves it scheduled; otherwise departure (else arrival)
///   is used, absolute `time` winning over `delay` (a time more than a day off the schedule
///   is ignored).
/// - Platform: that update's `stop_time_properties.assigned_stop_id` (field 1, `platform_id`
///   in the committed proto), else its stop_id, naming a stop other than the scheduled one
///   sets the row's `platform` to that stop's platform_code and lists a `PlatformChange`.
///   Also with NO_DATA (the spec's way to assign a stop without predictions). A new stop
///   without a platform_code (or with the scheduled code) keeps the scheduled platform.
/// - No update for our stop: the delay of the nearest earlier stop's update carries over
///   (its position from stop_sequence, or from `stopSequence(tripID, stopID)`); a NO_DATA
///   or eventless update there stops that, as does one with only an absolute time (its
///   scheduled time is unknown here). Skipped earlier stops are passed over.
/// - No StopTimeUpdate at or before our stop: TripUpdate.delay, when given.
/// - Header timestamp missing or older than `staleLimit` → the feed is ignored entirely
///   (a timestamp ahead of `now`, clock skew, counts as fresh).
/// - Rows keep their input order, added rows follow; sorting by realtime instant is the
///   use case's job.
///
/// Wiring a board: build `Lookups` from the timetable store (route label, stop name,
/// platform code, trip exists, and the board's filter as `showsAddedTrip`), pass the
/// store's stop_sequence look-up as `stopSequence`, and call `apply` with the board's stop
/// ids expanded to their child stops and the board's filtered route ids, if any. Log
/// `RealtimeResult.matchRate` with `entityCount` and `feedTimestamp`, and flag rows listed
/// in `platformChanges`.
public struct RealtimeApplier: Sendable {
    /// Five minutes: feeds refresh every 15–30 s, so this tolerates several failed polls and
    /// some clock skew, while a feed that stopped updating does not pin old delays for long.
    public static let defaultStaleLimit: Duration = .seconds(300)
    /// An hour: long enough for riders to learn of a cancellation before heading out, short
    /// enough that cancelled rows do not crowd out the departures that do run.
    public static let defaultCancelledWindow: Duration = .seconds(3_600)

    public var calendar: ServiceDayCalendar
    public var staleLimit: Duration
    /// A cancelled trip or skipped call shows as a cancelled row while its scheduled
    /// departure is at most this far ahead of now (rows already due stay until the board
    /// drops departed rows). nil or zero: cancelled rows are dropped.
    public var cancelledWindow: Duration?
    /// Store look-ups for added trips, platform changes and realtime health.
    public var lookups: Lookups
    /// The stop_sequence of `stopID` on `tripID` (from the schedule), for updates that give
    /// only a stop_id. Loop trips visiting a stop twice: return the first visit.
    public var stopSequence: @Sendable (_ tripID: String, _ stopID: String) -> Int?

    public init(
        calendar: ServiceDayCalendar, staleLimit: Duration = RealtimeApplier.defaultStaleLimit,
        cancelledWindow: Duration? = RealtimeApplier.defaultCancelledWindow, lookups: Lookups = Lookups(),
        stopSequence: @escaping @Sendable (_ tripID: String, _ stopID: String) -> Int? = { _, _ in nil }
    ) {
        self.calendar = calendar
        self.staleLimit = staleLimit
        self.cancelledWindow = cancelledWindow
        self.lookups = lookups
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

    /// The board's rows with the feed applied.
    ///
    /// - Parameters:
    ///   - scheduled: the timetable's rows for the board (any order; kept).
    ///   - boardStopIDs: the board's stop ids and their child stops (platforms). Added trips
    ///     show at these stops, and an update naming one of them is taken as a moved
    ///     platform. The scheduled rows' stops are always included.
    ///   - boardRouteIDs: routes the board shows besides those of the scheduled rows, for
    ///     realtime health (`RealtimeResult.matchRate`) and alerts.
    public func apply(
        _ scheduled: [ScheduledDeparture], feed: TransitRealtime_FeedMessage?, now: Date,
        boardStopIDs: Set<String> = [], boardRouteIDs: Set<String> = []
    ) -> RealtimeResult {
        guard let feed else {
            return RealtimeResult(
                departures: scheduled.map(Self.timetableRow), feedTimestamp: nil,
                isStale: false, note: "no realtime feed")
        }
        let board = BoardScope(scheduled, stopIDs: boardStopIDs, routeIDs: boardRouteIDs)
        let health = tripHealth(in: feed, board: board)
        func unused(_ stamp: Date?, _ note: String) -> RealtimeResult {
            RealtimeResult(
                departures: scheduled.map(Self.timetableRow), feedTimestamp: stamp, isStale: true, note: note,
                entityCount: feed.entity.count, tripsForBoardRoutes: health.forBoardRoutes,
                matchedTrips: health.matched)
        }
        guard let age = age(of: feed, now: now) else {
            return unused(nil, "realtime feed has no header timestamp; showing the timetable")
        }
        let stamp = Date(timeIntervalSince1970: Double(feed.header.timestamp))
        let limit = staleLimitSeconds
        guard age <= limit else {
            return unused(stamp, "realtime feed is \(Int(age)) s old (limit \(Int(limit)) s); showing the timetable")
        }

        let updates = Self.tripUpdates(in: feed)
        let nearestDays = nearestServiceDays(scheduled, now: now)
        var rows: [Departure] = []
        var changes: [PlatformChange] = []
        rows.reserveCapacity(scheduled.count)
        for row in scheduled {
            let candidates = updates[row.tripID] ?? []
            let instanceDay = nearestDays[InstanceKey(row)]
            guard let update = candidates.first(where: { matches($0, row, instanceDay: instanceDay) }) else {
                rows.append(Self.timetableRow(row))
                continue
            }
            guard let outcome = realtimeRow(row, update, board: board, now: now) else { continue }
            rows.append(outcome.departure)
            if let change = outcome.platformChange { changes.append(change) }
        }
        rows += addedRows(in: feed, board: board, now: now)
        let alerts = ServiceAlerts.messages(in: feed, routeIDs: board.routeIDs, stopIDs: board.stopIDs, now: now)
        return RealtimeResult(
            departures: rows, feedTimestamp: stamp, isStale: false, note: nil, alerts: alerts,
            platformChanges: changes, entityCount: feed.entity.count,
            tripsForBoardRoutes: health.forBoardRoutes, matchedTrips: health.matched)
    }

    /// A row as the timetable has it: realtime = scheduled, no delay, not realtime.
    public static func timetableRow(_ row: ScheduledDeparture) -> Departure {
        Departure(
            tripID: row.tripID, routeShortName: row.routeLabel, headsign: row.headsign,
            scheduledTimeSecs: row.departureSecs, realtimeTimeSecs: row.departureSecs,
            delaySeconds: 0, isRealtime: false, platform: row.platform, isEstimated: row.isEstimated,
            isDropOffOnly: row.isDropOffOnly, routeColor: row.routeColor, routeTextColor: row.routeTextColor)
    }

    static func row(_ row: ScheduledDeparture, realtimeSecs: Int) -> Departure {
        Departure(
            tripID: row.tripID, routeShortName: row.routeLabel, headsign: row.headsign,
            scheduledTimeSecs: row.departureSecs, realtimeTimeSecs: realtimeSecs,
            delaySeconds: realtimeSecs - row.departureSecs, isRealtime: true, platform: row.platform,
            isEstimated: row.isEstimated, isDropOffOnly: row.isDropOffOnly,
            routeColor: row.routeColor, routeTextColor: row.routeTextColor)
    }

    /// The predicted row, or the timetable's when the prediction is not believable: a day or
    /// more off the schedule, or outside the service day's 48 hours (a delay of −8 h on a
    /// 06:00 call). The departures API could not carry such a row, and the sign must not
    /// show a countdown made from it.
    static func believedRow(_ row: ScheduledDeparture, realtimeSecs: Int) -> Departure {
        isBelievable(scheduledSecs: row.departureSecs, realtimeSecs: realtimeSecs)
            ? Self.row(row, realtimeSecs: realtimeSecs) : timetableRow(row)
    }

    static func isBelievable(scheduledSecs: Int, realtimeSecs: Int) -> Bool {
        DeparturesDecoder.serviceSecondsRange.contains(realtimeSecs)
            && Int64((realtimeSecs - scheduledSecs).magnitude) < plausibleOffset
    }

    /// The row marked cancelled at its scheduled time, or nil outside `cancelledWindow`.
    func cancelledRow(_ row: ScheduledDeparture, now: Date) -> Departure? {
        guard let window = cancelledWindow, window > .zero else { return nil }
        let ahead = calendar.instant(row.departureSecs, on: row.serviceDay).timeIntervalSince(now)
        guard ahead <= window.timeInterval else { return nil }
        var cancelled = Self.row(row, realtimeSecs: row.departureSecs)
        cancelled.isCancelled = true
        return cancelled
    }
}

/// The board as one apply sees it: its stops and routes, and its scheduled calls by trip.
struct BoardScope {
    /// The caller's stops (with child stops) and every scheduled row's stop.
    var stopIDs: Set<String>
    /// The caller's routes and every scheduled row's route.
    var routeIDs: Set<String>
    /// Scheduled rows by trip_id, in input order: the calls an added copy or replacement
    /// takes its route, headsign and stop order from.
    var rowsByTrip: [String: [ScheduledDeparture]]

    init(_ scheduled: [ScheduledDeparture], stopIDs: Set<String>, routeIDs: Set<String>) {
        self.stopIDs = stopIDs.union(scheduled.map(\.stopID))
        self.routeIDs = routeIDs.union(scheduled.map(\.routeID))
        self.rowsByTrip = Dictionary(grouping: scheduled, by: \.tripID)
    }

    /// True when the timetable has a call of `tripID` at `stopID` on the board.
    func hasCall(trip tripID: String, at stopID: String) -> Bool {
        rowsByTrip[tripID]?.contains { $0.stopID == stopID } ?? false
    }
}
