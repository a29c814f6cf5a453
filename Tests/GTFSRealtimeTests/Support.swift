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

    static func row(_ trip: String, seq: Int = 5, stop: String = "S", day: CivilDate = today, at secs: Int,
                    startTime: String? = nil, route: String = "R1", label: String = "T1") -> ScheduledDeparture {
        ScheduledDeparture(tripID: trip, routeID: route, routeLabel: label, headsign: "Central", directionID: 0,
                           stopID: stop, stopSequence: seq, serviceDay: day, departureSecs: secs, startTime: startTime)
    }

    static func event(delay: Int32? = nil, time: Int64? = nil) -> TransitRealtime_TripUpdate.StopTimeEvent {
        var event = TransitRealtime_TripUpdate.StopTimeEvent()
        if let delay { event.delay = delay }
        if let time { event.time = time }
        return event
    }

    static func stop(seq: Int? = nil, id: String? = nil, departure: TransitRealtime_TripUpdate.StopTimeEvent? = nil,
                     arrival: TransitRealtime_TripUpdate.StopTimeEvent? = nil,
                     _ relationship: StopTimeUpdate.ScheduleRelationship? = nil) -> StopTimeUpdate {
        var update = StopTimeUpdate()
        if let seq { update.stopSequence = UInt32(seq) }
        if let id { update.stopID = id }
        if let departure { update.departure = departure }
        if let arrival { update.arrival = arrival }
        if let relationship { update.scheduleRelationship = relationship }
        return update
    }

    static func trip(_ id: String, startDate: String? = nil, startTime: String? = nil,
                     _ relationship: TransitRealtime_TripDescriptor.ScheduleRelationship? = nil,
                     delay: Int32? = nil, stops: [StopTimeUpdate] = []) -> TransitRealtime_TripUpdate {
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
    static func feed(age: Int? = 30, at now: Date = now, _ updates: [TransitRealtime_TripUpdate],
                     alerts: [TransitRealtime_Alert] = []) -> TransitRealtime_FeedMessage {
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

    static func apply(_ rows: [ScheduledDeparture], _ feed: TransitRealtime_FeedMessage?, now: Date = now,
                      staleLimit: Duration = RealtimeApplier.defaultStaleLimit,
                      lookup: @escaping @Sendable (String, String) -> Int? = { _, _ in nil }) -> RealtimeResult {
        RealtimeApplier(calendar: calendar, staleLimit: staleLimit, stopSequence: lookup).apply(rows, feed: feed, now: now)
    }
}

extension Departure {
    /// (realtime secs, delay, realtime flag) for compact expectations.
    var live: (Int, Int, Bool) { (realtimeTimeSecs, delaySeconds, isRealtime) }
}
