import DeparturesCore
import GTFSSchedule
import ZoneInfo

/// A scheduled row after its TripUpdate: the row, and its platform change if any.
struct RowOutcome {
    var departure: Departure
    var platformChange: PlatformChange?
}

extension RealtimeApplier {
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
            // A placeholder (`-`, `0`) names no trip: never matched to the timetable's.
            guard update.trip.hasTripID, !TripIdentity.isPlaceholder(update.trip.tripID) else { continue }
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

    // MARK: - The row a matched update makes

    /// nil: the row leaves the board (DELETED, a cancellation outside the window, a replaced
    /// call the replacement's own rows show or no longer make).
    func realtimeRow(
        _ row: ScheduledDeparture, _ update: TransitRealtime_TripUpdate, board: BoardScope,
        now: Date
    ) -> RowOutcome? {
        switch TripRelationship(update.trip) {
        case .deleted:
            return nil
        case .canceled:
            return cancelledRow(row, now: now).map { RowOutcome(departure: $0) }
        case .replacement:
            // The replacement's calls are matched by stop_id: its stop_sequence need not be the timetable's.
            let call = update.stopTimeUpdate.first { call in
                if let stop = LaterSpec.stopID(of: call) { return stop == row.stopID || call.stopID == row.stopID }
                return call.hasStopSequence && Int(call.stopSequence) == row.stopSequence
            }
            guard let call else { return nil }
            if call.scheduleRelationship == .skipped { return cancelledRow(row, now: now).map { RowOutcome(departure: $0) } }
            if addedCallTimes(call, now: now) != nil { return nil }
        default:
            break
        }

        let departure: Departure
        switch prediction(update, for: row, board: board) {
        case .skipped: return cancelledRow(row, now: now).map { RowOutcome(departure: $0) }
        case .none: departure = Self.timetableRow(row)
        case .delay(let seconds): departure = Self.believedRow(row, realtimeSecs: row.departureSecs + seconds)
        case .time(let posix):
            departure = Self.believedRow(row, realtimeSecs: Int(posix - calendar.serviceDayStart(row.serviceDay)))
        }
        return withPlatform(RowOutcome(departure: departure), update, row, board: board)
    }

    /// Applies a moved platform from the update for our stop (see the type's rules).
    func withPlatform(
        _ outcome: RowOutcome, _ update: TransitRealtime_TripUpdate, _ row: ScheduledDeparture,
        board: BoardScope
    ) -> RowOutcome {
        guard let ours = update.stopTimeUpdate.first(where: { isAtOurStop($0, row, board: board) }),
            ours.scheduleRelationship != .skipped,
            let stop = LaterSpec.stopID(of: ours), stop != row.stopID,
            let code = lookups.platformCode(stop), !code.isEmpty, code != row.platform
        else { return outcome }
        var moved = outcome
        moved.departure.platform = code
        moved.platformChange = PlatformChange(tripID: row.tripID, scheduledPlatform: row.platform, platform: code)
        return moved
    }
}
