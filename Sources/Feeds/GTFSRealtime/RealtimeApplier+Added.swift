import DeparturesCore
import GTFSSchedule
import ZoneInfo

/// Rows for trips the timetable does not run as scheduled (reference: TripDescriptor
/// ScheduleRelationship, StopTimeUpdate, TripProperties; the ADDED→NEW/DUPLICATED migration
/// guide):
/// - NEW (8): a trip unrelated to the timetable; its StopTimeUpdates are the whole journey.
/// - ADDED (1, deprecated): a trip_id the timetable lacks is read as NEW. A timetable
///   trip_id with a start_time is a copy of that trip at another time (the older Google
///   reading, as DUPLICATED); without start_time it names the scheduled instance, and is
///   ignored. An ADDED trip whose trip_id is also published as NEW, or as DUPLICATED
///   (trip_id or trip_properties.trip_id), is the same trip and is ignored.
/// - DUPLICATED (6): a copy of the timetable trip `trip_id`; the row's trip id, service date
///   and start come from TripUpdate.trip_properties (field 6, read from unknown fields).
/// - REPLACEMENT (5): the scheduled instance's journey, replaced by its StopTimeUpdates.
///
/// A row is made for each call at one of the board's stops (the call's assigned_stop_id, else
/// stop_id; for a copy, a stop_sequence placed by the copied trip's rows or `stopSequence`)
/// that has an absolute departure time, else arrival time (within a day of now). Its
/// scheduled time is the event's `scheduled_time` (field 4) when given, else the expected
/// time (delay 0); a delay applies only to a `scheduled_time`. SKIPPED calls make no row;
/// NO_DATA calls show their scheduled time, not as realtime.
///
/// Not supported: a DUPLICATED trip's times derived from the copied trip's schedule
/// (`scheduled time + TripProperties.start_time offset`): the applier does not know that
/// trip's first departure, so a copy shows only at calls with an absolute time (or a
/// `scheduled_time`). Delays do not propagate along added trips.
///
/// Label: `routeLabel(route_id)`, else the copied or replaced trip's label, else the
/// route_id, the first not empty; a trip with none is left out, as a row's route must be
/// named (a hub serves these rows, and a sign refuses an answer with an unnamed route). Headsign: the call's stop_headsign, trip_properties.trip_headsign, the copied
/// trip's headsign, the name of the update's last stop, the replaced trip's headsign, the
/// route label (first found). Platform: `platformCode(stop)`, else the copied trip's.
/// Drop-off only: the last call of a NEW or REPLACEMENT journey (complete by the spec); of
/// an ADDED one only when it has no departure (older producers may send a partial journey);
/// for a copy, as the copied trip at that stop.
extension RealtimeApplier {
    /// An added row with what orders it: expected and scheduled POSIX seconds, its stop.
    typealias AddedRow = (departure: Departure, expected: Int64, scheduled: Int64, stop: String)

    /// An extra trip as read from its TripUpdate.
    struct AddedSource {
        var tripID: String
        var relationship: TripRelationship
        /// The timetable trip a copy or replacement refers to.
        var originalTripID: String?
        /// The original trip's rows on the board.
        var templates: [ScheduledDeparture]
        /// DUPLICATED or an ADDED copy: stop order and stops are the original trip's.
        var copiesTimetable: Bool
        var routeID: String?
        var routeLabel: String
        var directionID: Int?
        var tripHeadsign: String?
        var startDate: String?
        var startTime: String?
    }

    func addedRows(in feed: TransitRealtime_FeedMessage, board: BoardScope, now: Date) -> [Departure] {
        let entities = feed.entity.filter { $0.hasTripUpdate && !$0.isDeleted }
        var published: Set<String> = []  // trip ids of NEW and DUPLICATED trips, which win over ADDED
        for entity in entities {
            let update = entity.tripUpdate
            switch TripRelationship(update.trip) {
            case .new: published.insert(update.trip.tripID)
            case .duplicated:
                published.insert(update.trip.tripID)
                if let id = LaterSpec.tripProperties(of: update).tripID { published.insert(id) }
            default: break
            }
        }
        var seen: Set<[String]> = []
        var rows: [AddedRow] = []
        for entity in entities {
            guard let source = addedSource(entity, board: board, published: published),
                seen.insert([source.tripID, source.startDate ?? "", source.startTime ?? ""]).inserted
            else { continue }
            rows += addedCalls(source, entity.tripUpdate, board: board, now: now)
        }
        rows.sort { lhs, rhs in
            if lhs.expected != rhs.expected { return lhs.expected < rhs.expected }
            if lhs.scheduled != rhs.scheduled { return lhs.scheduled < rhs.scheduled }
            if lhs.departure.tripID != rhs.departure.tripID { return lhs.departure.tripID < rhs.departure.tripID }
            return lhs.stop < rhs.stop
        }
        return rows.map(\.departure)
    }

    /// nil: not an extra trip, or one to ignore (see the rules above).
    func addedSource(_ entity: TransitRealtime_FeedEntity, board: BoardScope, published: Set<String>) -> AddedSource? {
        let update = entity.tripUpdate
        let trip = update.trip
        let relationship = TripRelationship(trip)
        guard relationship.isExtraTrip else { return nil }
        let tripID = trip.hasTripID ? TripIdentity.given(trip.tripID) : nil
        let known = tripID.map { board.rowsByTrip[$0] != nil || lookups.hasTrip($0) } ?? false
        var copies = relationship == .duplicated
        if relationship == .added {
            if let tripID, published.contains(tripID) { return nil }
            if known {
                guard trip.hasStartTime, !trip.startTime.isEmpty else { return nil }
                copies = true
            }
        }
        var startDate = trip.hasStartDate ? trip.startDate : nil
        var startTime = trip.hasStartTime ? trip.startTime : nil
        var ownID = tripID
        let properties = LaterSpec.tripProperties(of: update)
        if relationship == .duplicated {
            ownID = properties.tripID ?? tripID
            startDate = properties.startDate ?? startDate
            startTime = properties.startTime ?? startTime
        }
        let original = relationship == .new ? nil : tripID
        let templates = original.flatMap { board.rowsByTrip[$0] } ?? []
        let routeID = trip.hasRouteID && !trip.routeID.isEmpty ? trip.routeID : templates.first?.routeID
        let labels = [routeID.flatMap(lookups.routeLabel), templates.first?.routeLabel, routeID]
        guard let routeLabel = labels.compactMap({ $0 }).first(where: { !$0.isEmpty }) else { return nil }
        return AddedSource(
            tripID: ownID ?? entity.id, relationship: relationship, originalTripID: original, templates: templates,
            copiesTimetable: copies, routeID: routeID,
            routeLabel: routeLabel,
            directionID: trip.hasDirectionID ? Int(trip.directionID) : templates.first?.directionID,
            tripHeadsign: properties.tripHeadsign, startDate: startDate, startTime: startTime)
    }

    func addedCalls(
        _ source: AddedSource, _ update: TransitRealtime_TripUpdate, board: BoardScope,
        now: Date
    ) -> [AddedRow] {
        let calls = update.stopTimeUpdate
        let lastStop = calls.last { $0.scheduleRelationship != .skipped }.flatMap { addedStop($0, source, board: board) }
        let lastStopName = lastStop.flatMap(lookups.stopName)
        let serviceDay = source.startDate.flatMap(GTFSText.date(fromYYYYMMDD:))
        var rows: [AddedRow] = []
        for (index, call) in calls.enumerated() {
            guard call.scheduleRelationship != .skipped,
                let stop = addedStop(call, source, board: board),
                board.stopIDs.contains(stop) || board.stopIDs.contains(call.stopID),
                let times = addedCallTimes(call, now: now)
            else { continue }
            let template = source.templates.first { $0.stopID == stop }
            var headsigns = [LaterSpec.stopHeadsign(of: call), source.tripHeadsign]
            headsigns +=
                source.copiesTimetable
                ? [template?.headsign ?? source.templates.first?.headsign, lastStopName]
                : [lastStopName, source.templates.first?.headsign]
            headsigns.append(source.routeLabel)
            let headsign = headsigns.compactMap { $0 }.first { !$0.isEmpty } ?? ""
            let facts = AddedTrip(
                routeID: source.routeID, routeLabel: source.routeLabel, headsign: headsign,
                directionID: source.directionID)
            guard lookups.showsAddedTrip(facts) else { continue }
            let scheduledSecs = serviceDaySeconds(times.scheduled, startDate: serviceDay)
            let delay = Int(times.expected - times.scheduled)
            // An extra trip has no timetable row to fall back on: an unbelievable call is left out.
            guard Self.isBelievable(scheduledSecs: scheduledSecs, realtimeSecs: scheduledSecs + delay) else { continue }
            let isLastCall = index == calls.count - 1
            let dropOffOnly =
                source.copiesTimetable
                ? template?.isDropOffOnly ?? false
                : source.relationship == .added ? isLastCall && !call.hasDeparture : isLastCall
            let departure = Departure(
                tripID: source.tripID, routeShortName: source.routeLabel, headsign: headsign,
                scheduledTimeSecs: scheduledSecs, realtimeTimeSecs: scheduledSecs + delay, delaySeconds: delay,
                isRealtime: times.isRealtime, platform: lookups.platformCode(stop) ?? template?.platform,
                isDropOffOnly: dropOffOnly, routeColor: template?.routeColor, routeTextColor: template?.routeTextColor)
            rows.append((departure, times.expected, times.scheduled, stop))
        }
        return rows
    }

    /// The stop a call of an extra trip is made at; a copy's stop_sequence is placed by the
    /// original trip (its board rows, else `stopSequence` for each board stop).
    func addedStop(_ call: StopTimeUpdate, _ source: AddedSource, board: BoardScope) -> String? {
        if let stop = LaterSpec.stopID(of: call) { return stop }
        guard source.copiesTimetable, call.hasStopSequence, let original = source.originalTripID else { return nil }
        let sequence = Int(call.stopSequence)
        if let template = source.templates.first(where: { $0.stopSequence == sequence }) { return template.stopID }
        return board.stopIDs.sorted().first { stopSequence(original, $0) == sequence }
    }

    /// Scheduled and expected POSIX seconds of an extra trip's call: departure, else arrival.
    func addedCallTimes(_ call: StopTimeUpdate, now: Date) -> (scheduled: Int64, expected: Int64, isRealtime: Bool)? {
        guard call.scheduleRelationship != .skipped else { return nil }
        let nowSeconds = now.unixSeconds
        func plausible(_ time: Int64) -> Int64? {
            time > 0 && abs(time - nowSeconds) <= Self.plausibleOffset ? time : nil
        }
        for event in Self.events(call) {
            let planned = LaterSpec.scheduledTime(of: event).flatMap(plausible)
            if call.scheduleRelationship == .noData {
                // Only the plan is given here (older producers put it in `time`).
                if let plan = planned ?? (event.hasTime ? plausible(event.time) : nil) { return (plan, plan, false) }
                continue
            }
            if event.hasTime, let time = plausible(event.time) { return (planned ?? time, time, true) }
            if let planned {
                return event.hasDelay ? (planned, planned + Int64(event.delay), true) : (planned, planned, false)
            }
        }
        return nil
    }

    /// Seconds from the start of the trip's service day (`startDate` when the time lies
    /// within two days of it), else of the local day of the instant (the day before when a
    /// DST change puts the instant before that day's start).
    func serviceDaySeconds(_ posix: Int64, startDate: CivilDate?) -> Int {
        if let startDate {
            let offset = posix - calendar.serviceDayStart(startDate)
            if (0..<172_800).contains(offset) { return Int(offset) }
        }
        let day = calendar.localDate(at: Date(timeIntervalSince1970: Double(posix)))
        let offset = posix - calendar.serviceDayStart(day)
        return Int(offset >= 0 ? offset : posix - calendar.serviceDayStart(day.adding(days: -1)))
    }
}
