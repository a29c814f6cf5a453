// Fuzz target: a GTFS-Realtime feed (TripUpdates and service alerts) decoded as the GTFS
// source decodes a poll, then applied to a small real timetable store, so matching,
// cancellations, stop updates, moved platforms and added trips all run on fuzzed data; its
// alerts read as the board's `ServiceAlert`s and matched to the rows.
import DeparturesCore
import Foundation
import FuzzSupport
import GTFSFeedBuilder
import GTFSRealtime
import GTFSSchedule
import GTFSSource
import SwiftProtobuf
import ZoneInfo

enum Fixture {
    /// Monday 2026-11-23, 09:30 in Sydney: the seeds' header timestamp, so they are fresh.
    static let now = Date(timeIntervalSince1970: 1_795_386_600)
    static let zone = try! TimeZoneRules.load("Australia/Sydney")
    static let board: Set<String> = ["CEN"]
    static let store = makeStore()
    /// The board's stops with the station's platforms, as GTFSDeparturesRepository passes them.
    static let boardStops = board.union(store.childStops(of: board))
    static let parents = store.parentStations(of: boardStops.union(scheduled.map(\.stopID)))
    static let tripStarts = store.tripStartSecs(Set(scheduled.map(\.tripID)))
    static let routes = store.routeFacts()
    /// The timetable is fixed, so its rows are read once; the feed is what varies.
    static let scheduled = try! store.scheduledDepartures(
        stopIDs: board, at: now, window: .seconds(7_200), lookBack: .seconds(1_800), zone: zone, includeDropOffOnly: true)
    /// Wired as GTFSDeparturesRepository wires it: look-ups and stop order from the store.
    static let applier = RealtimeApplier(
        calendar: ServiceDayCalendar(zone: zone),
        lookups: RealtimeApplier.Lookups(
            routeLabel: { store.routeLabel(routeID: $0) }, stopName: { store.stopName($0) },
            platformCode: { store.platformCode(stopID: $0) }, hasTrip: { store.hasTrip(tripID: $0) }),
        stopSequence: { store.stopSequence(tripID: $0, stopID: $1) })

    /// A station with three platforms; trips that pass through, loop, run by headway, are
    /// yesterday's after midnight, or have an untimed call. Built once, then only read.
    static let feed: [String: String] = [
        "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nA,Trains,https://example.invalid,Australia/Sydney\n",
        "stops.txt": """
        stop_id,stop_name,location_type,parent_station,platform_code
        CEN,Central,1,,
        CEN1,Central,0,CEN,1
        CEN2,Central,0,CEN,2
        CEN3,Central,0,CEN,3
        NTH,North Sydney,0,,
        STR,Strathfield,0,,\n
        """,
        "routes.txt": "route_id,route_short_name,route_long_name,route_type\nR1,T1,North Shore,2\nR2,,Airport Line,2\n",
        "calendar.txt": """
        service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
        WK,1,1,1,1,1,0,0,20260101,20261231
        SU,0,0,0,0,0,0,1,20260101,20261231\n
        """,
        "trips.txt": """
        route_id,service_id,trip_id,trip_headsign,direction_id
        R1,WK,t1,Hornsby,0
        R1,WK,t2,Hornsby,0
        R2,WK,t3,Loop,1
        R2,WK,t4,Airport,0
        R1,SU,t5,Hornsby,0
        R1,WK,t6,,1\n
        """,
        "stop_times.txt": """
        trip_id,arrival_time,departure_time,stop_id,stop_sequence
        t1,09:40:00,09:40:00,CEN1,1
        t1,09:48:00,09:48:00,NTH,2
        t2,09:30:00,09:30:00,STR,1
        t2,09:45:00,09:46:00,CEN2,2
        t2,09:55:00,09:55:00,NTH,3
        t3,09:50:00,09:50:00,CEN1,1
        t3,10:00:00,10:00:00,NTH,2
        t3,10:10:00,10:10:00,CEN1,3
        t3,10:20:00,10:20:00,STR,4
        t4,06:00:00,06:00:00,CEN2,1
        t4,06:07:00,06:07:00,NTH,2
        t5,33:35:00,33:35:00,CEN1,1
        t5,33:50:00,33:50:00,NTH,2
        t6,09:50:00,09:50:00,STR,1
        t6,,,CEN3,2
        t6,10:10:00,10:10:00,NTH,3\n
        """,
        "frequencies.txt": "trip_id,start_time,end_time,headway_secs,exact_times\nt4,06:00:00,23:00:00,900,1\n",
    ]

    private static func makeStore() -> GTFSStore {
        let folder = ScratchFolder("gtfs-realtime")
        defer { try? FileManager.default.removeItem(atPath: folder.path) }  // the open store needs no name
        do {
            try GTFSFeedBuilder.writeZip(feed, to: folder.file("feed.zip"))
            try GTFSImporter(stopIDs: board).importFeed(zipPath: folder.file("feed.zip"), storePath: folder.file("store.sqlite"))
            return try GTFSStore(path: folder.file("store.sqlite"))
        } catch {
            fatalError("cannot build the fixture store: \(error)")
        }
    }
}

/// Any bytes must decode or be refused, and a feed that decodes must give rows the rest of
/// the program accepts: never trap, never hang.
func fuzzOne(_ bytes: [UInt8]) {
    // As TripUpdatesFetcher.decode: the whole message, required fields checked.
    guard let feed = try? TransitRealtime_FeedMessage(serializedBytes: bytes) else { return }
    let result = Fixture.applier.apply(Fixture.scheduled, feed: feed, now: Fixture.now, boardStopIDs: Fixture.boardStops)
    _ = RealtimeHealth(result).summary
    // A separate ServiceAlerts feed goes through this alone, with the rider's language.
    _ = ServiceAlerts.messages(in: feed, routeIDs: ["R1", "R2"], stopIDs: Fixture.boardStops, now: Fixture.now, language: "en")
    // As GTFSDeparturesRepository.answer(): the alerts that concern the board, rows marked.
    let identities = RowIdentity.of(
        result.departures, scheduled: Fixture.scheduled, parents: Fixture.parents,
        tripStarts: Fixture.tripStarts, tripFeed: feed, boardStops: Fixture.boardStops)
    let board = AlertBoard(routes: Fixture.routes, stopIDs: Fixture.boardStops.union(Fixture.parents.values), rows: identities)
    let alerts = ServiceAlertReading.read([feed], language: "fr-CA", board: board)
    let rows = alerts.marked(result.departures, identities: identities)
    let ids = Set(alerts.alerts.map(\.id))
    precondition(ids.count == alerts.alerts.count, "an alert id twice")
    precondition(rows.allSatisfy { $0.alertIDs.allSatisfy(ids.contains) }, "a row names an alert the board does not have")
    _ = AlertRules.shown([alerts.alerts], at: Fixture.now)

    for row in result.departures where row.isCancelled {
        precondition(row.delaySeconds == 0 && row.realtimeTimeSecs == row.scheduledTimeSecs, "cancelled row \(row) has a delay")
    }
    for change in result.platformChanges {
        precondition(
            result.departures.contains { $0.tripID == change.tripID && $0.platform == change.platform },
            "platform change \(change) names no row")
    }
    // A departures hub serves these rows to signs, which decode them with the API's own
    // checks and refuse the whole answer for one bad row: every row must pass them.
    do {
        let body = try JSONEncoder().encode(DeparturesResponse(data: rows, alerts: alerts.alerts.map { $0.inForce(at: Fixture.now) }))
        let decoded = try DeparturesDecoder.decode(Array(body))
        precondition(decoded.alerts.map(\.id) == alerts.alerts.map(\.id), "alerts lost on the way")
    } catch {
        preconditionFailure("the rows break the departures contract: \(error)")
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput") public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzSupport.run(fuzzOne, data, size)
}
#else
let replayed: Never = FuzzSupport.replayMain(fuzzOne)
#endif
