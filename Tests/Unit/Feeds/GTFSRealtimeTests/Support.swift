import DeparturesCore
import Foundation
import GTFSRealtime
import GTFSSchedule
import SwiftProtobuf
import ZoneInfo

typealias StopTimeUpdate = TransitRealtime_TripUpdate.StopTimeUpdate

/// Feeds and rows for the tests: Sydney, Monday 2026-11-23 (AEDT, +11:00), 09:30.
enum RT {
    static let zone: TimeZoneRules = {
        do { return try TimeZoneRules.load("Australia/Sydney") } catch { fatalError("no Australia/Sydney tzdata: \(error)") }
    }()
    static let calendar = ServiceDayCalendar(zone: zone)
    static let today = CivilDate(year: 2026, month: 11, day: 23)
    static let yesterday = CivilDate(year: 2026, month: 11, day: 22)
    static let now = instant("2026-11-23T09:30:00+11:00")

    static func instant(_ text: String) -> Date {
        do { return try InstantParser.parse(text, zone: .utc) } catch { fatalError("bad test instant \(text)") }
    }

    static func secs(_ hours: Int, _ minutes: Int, _ seconds: Int = 0) -> Int { hours * 3_600 + minutes * 60 + seconds }

    /// POSIX seconds of `secs` on service day `day`.
    static func posix(_ secs: Int, on day: CivilDate = today) -> Int64 { calendar.serviceDayStart(day) + Int64(secs) }

    static func row(
        _ trip: String, seq: Int = 5, stop: String = "S", day: CivilDate = today, at secs: Int,
        startTime: String? = nil, route: String = "R1", label: String = "T1", headsign: String = "Central",
        platform: String? = nil, dropOffOnly: Bool = false
    ) -> ScheduledDeparture {
        ScheduledDeparture(
            tripID: trip, routeID: route, routeLabel: label, headsign: headsign, directionID: 0,
            stopID: stop, stopSequence: seq, serviceDay: day, departureSecs: secs, startTime: startTime,
            platform: platform, isDropOffOnly: dropOffOnly)
    }

    static func event(delay: Int32? = nil, time: Int64? = nil) -> TransitRealtime_TripUpdate.StopTimeEvent {
        var event = TransitRealtime_TripUpdate.StopTimeEvent()
        if let delay { event.delay = delay }
        if let time { event.time = time }
        return event
    }

    static func stop(
        seq: Int? = nil, id: String? = nil, departure: TransitRealtime_TripUpdate.StopTimeEvent? = nil,
        arrival: TransitRealtime_TripUpdate.StopTimeEvent? = nil,
        _ relationship: StopTimeUpdate.ScheduleRelationship? = nil
    ) -> StopTimeUpdate {
        var update = StopTimeUpdate()
        if let seq { update.stopSequence = UInt32(seq) }
        if let id { update.stopID = id }
        if let departure { update.departure = departure }
        if let arrival { update.arrival = arrival }
        if let relationship { update.scheduleRelationship = relationship }
        return update
    }

    static func trip(
        _ id: String, startDate: String? = nil, startTime: String? = nil,
        _ relationship: TransitRealtime_TripDescriptor.ScheduleRelationship? = nil,
        delay: Int32? = nil, stops: [StopTimeUpdate] = []
    ) -> TransitRealtime_TripUpdate {
        var update = TransitRealtime_TripUpdate()
        update.trip.tripID = id
        if let startDate { update.trip.startDate = startDate }
        if let startTime { update.trip.startTime = startTime }
        if let relationship { update.trip.scheduleRelationship = relationship }
        if let delay { update.delay = delay }
        update.stopTimeUpdate = stops
        return update
    }

    /// A trip update whose relationship is a value this proto version lacks (6 DUPLICATED,
    /// 7 DELETED): built on the wire, as a newer producer would send it.
    static func trip(_ id: String, rawRelationship: UInt8) throws -> TransitRealtime_TripUpdate {
        var descriptor = TransitRealtime_TripDescriptor()
        descriptor.tripID = id
        var bytes: [UInt8] = try descriptor.serializedBytes()
        bytes += [0x20, rawRelationship]  // field 4, varint
        var update = TransitRealtime_TripUpdate()
        update.trip = try TransitRealtime_TripDescriptor(serializedBytes: bytes)
        return update
    }

    /// A FULL_DATASET feed stamped `age` seconds before `now` (nil: no timestamp).
    static func feed(
        age: Int? = 30, at now: Date = now, _ updates: [TransitRealtime_TripUpdate],
        alerts: [TransitRealtime_Alert] = []
    ) -> TransitRealtime_FeedMessage {
        var feed = TransitRealtime_FeedMessage()
        feed.header.gtfsRealtimeVersion = "2.0"
        if let age { feed.header.timestamp = UInt64(Int(now.timeIntervalSince1970) - age) }
        for (index, update) in updates.enumerated() {
            var entity = TransitRealtime_FeedEntity()
            entity.id = "tu\(index)"
            entity.tripUpdate = update
            feed.entity.append(entity)
        }
        for (index, alert) in alerts.enumerated() {
            var entity = TransitRealtime_FeedEntity()
            entity.id = "alert\(index)"
            entity.alert = alert
            feed.entity.append(entity)
        }
        return feed
    }

    static func bytes(_ feed: TransitRealtime_FeedMessage) -> [UInt8] {
        do { return try feed.serializedBytes() } catch { fatalError("cannot serialize test feed: \(error)") }
    }

    static func apply(
        _ rows: [ScheduledDeparture], _ feed: TransitRealtime_FeedMessage?, now: Date = now,
        staleLimit: Duration = RealtimeApplier.defaultStaleLimit,
        cancelledWindow: Duration? = RealtimeApplier.defaultCancelledWindow,
        lookups: RealtimeApplier.Lookups = RealtimeApplier.Lookups(),
        stops: Set<String> = [], routes: Set<String> = [],
        lookup: @escaping @Sendable (String, String) -> Int? = { _, _ in nil }
    ) -> RealtimeResult {
        RealtimeApplier(
            calendar: calendar, staleLimit: staleLimit, cancelledWindow: cancelledWindow, lookups: lookups,
            stopSequence: lookup
        )
        .apply(rows, feed: feed, now: now, boardStopIDs: stops, boardRouteIDs: routes)
    }

    /// Store look-ups over small tables: routes R1 "T1", R2 "T2"; stops S (platform 1),
    /// S2 (platform 2), SP (no platform), END "Hornsby"; trips t1…t9 exist.
    static let lookups = RealtimeApplier.Lookups(
        routeLabel: { ["R1": "T1", "R2": "T2"][$0] },
        stopName: { ["S": "Central", "S2": "Central", "SP": "Central", "END": "Hornsby", "MID": "Strathfield"][$0] },
        platformCode: { ["S": "1", "S2": "2", "END": "3"][$0] },
        hasTrip: { $0.count == 2 && $0.hasPrefix("t") })

    // MARK: - Fields of later spec versions, written on the wire as a newer producer sends them

    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var bytes: [UInt8] = []
        repeat {
            bytes.append(UInt8(value & 0x7F) | (value >= 0x80 ? 0x80 : 0))
            value >>= 7
        } while value > 0
        return bytes
    }

    static func field(_ number: UInt64, varint value: UInt64) -> [UInt8] { varint(number << 3) + varint(value) }

    static func field(_ number: UInt64, bytes payload: [UInt8]) -> [UInt8] {
        varint(number << 3 | 2) + varint(UInt64(payload.count)) + payload
    }

    static func field(_ number: UInt64, _ text: String) -> [UInt8] { field(number, bytes: Array(text.utf8)) }

    /// `message` with `extra` wire bytes appended, read back: they land in its unknown fields.
    static func appending<M: SwiftProtobuf.Message>(_ extra: [UInt8], to message: M) -> M {
        do {
            let bytes: [UInt8] = try message.serializedBytes()
            return try M(serializedBytes: bytes + extra)
        } catch { fatalError("cannot extend test message: \(error)") }
    }

    /// TripUpdate.trip_properties (field 6).
    static func properties(
        tripID: String? = nil, startDate: String? = nil, startTime: String? = nil,
        headsign: String? = nil
    ) -> [UInt8] {
        var payload: [UInt8] = []
        if let tripID { payload += field(1, tripID) }
        if let startDate { payload += field(2, startDate) }
        if let startTime { payload += field(3, startTime) }
        if let headsign { payload += field(5, headsign) }
        return field(6, bytes: payload)
    }

    /// A trip update whose TripDescriptor relationship is `raw` (6 DUPLICATED, 7 DELETED,
    /// 8 NEW), with the given fields and stops.
    static func trip(
        _ id: String, raw: UInt64, route: String? = nil, startDate: String? = nil,
        stops: [StopTimeUpdate] = [], extra: [UInt8] = []
    ) -> TransitRealtime_TripUpdate {
        var descriptor = TransitRealtime_TripDescriptor()
        descriptor.tripID = id
        if let route { descriptor.routeID = route }
        if let startDate { descriptor.startDate = startDate }
        var update = TransitRealtime_TripUpdate()
        update.trip = appending(field(4, varint: raw), to: descriptor)
        update.stopTimeUpdate = stops
        return appending(extra, to: update)
    }

    /// A departure event with an absolute time and, optionally, StopTimeEvent.scheduled_time (field 4).
    static func event(time: Int64?, scheduled: Int64?, delay: Int32? = nil) -> TransitRealtime_TripUpdate.StopTimeEvent {
        let base = event(delay: delay, time: time)
        guard let scheduled else { return base }
        return appending(field(4, varint: UInt64(scheduled)), to: base)
    }

    /// A stop update with stop_time_properties: assigned_stop_id (field 1) and stop_headsign (field 2).
    static func assigned(_ stop: StopTimeUpdate, to assignedStop: String?, headsign: String? = nil) -> StopTimeUpdate {
        var properties = StopTimeUpdate.StopTimeProperties()
        if let assignedStop { properties.platformID = assignedStop }
        if let headsign { properties = appending(field(2, headsign), to: properties) }
        var update = stop
        update.stopTimeProperties = properties
        return update
    }
}

extension Departure {
    /// (realtime secs, delay, realtime flag) for compact expectations.
    var live: (Int, Int, Bool) { (realtimeTimeSecs, delaySeconds, isRealtime) }
}
