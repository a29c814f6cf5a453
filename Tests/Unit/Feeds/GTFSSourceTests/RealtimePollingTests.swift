import DeparturesCore
import Foundation
import GTFSFeedBuilder
import GTFSRealtime
import GTFSSchedule
import GTFSSource
import LogCapture
import Logging
import LoopbackHTTPServer
import Locking
import Testing
import ZoneInfo
import SwiftProtobuf

/// The repository over a real store and a TripUpdates feed on 127.0.0.1, driven by a
/// manual clock: last-good-feed reuse, backoff after failed polls, recovery.
@Suite struct RealtimePollingTests {
    /// Monday 2026-11-23, 09:30 in Sydney.
    static let start = Date(timeIntervalSince1970: 1_795_386_600)

    static let feed: [String: String] = [
        "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nA,Trains,https://example.invalid,Australia/Sydney\n",
        "stops.txt": "stop_id,stop_name\nCEN,Central\nNTH,North Sydney\n",
        "routes.txt": "route_id,route_short_name,route_long_name,route_type\nR1,T1,North Shore,2\n",
        "calendar.txt":
            "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20260101,20261231\n",
        "trips.txt": "route_id,service_id,trip_id,trip_headsign\nR1,WK,t1,Hornsby\n",
        // t1 goes on from Central: a call at a trip's last stop is an arrival, not a departure.
        "stop_times.txt":
            "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nt1,09:40:00,09:40:00,CEN,1\nt1,09:48:00,09:48:00,NTH,2\n",
    ]

    /// t1 two minutes late, stamped `timestamp`.
    static func tripUpdates(timestamp: Date) throws -> [UInt8] {
        var message = TransitRealtime_FeedMessage()
        message.header.gtfsRealtimeVersion = "2.0"
        message.header.timestamp = UInt64(timestamp.timeIntervalSince1970)
        var update = TransitRealtime_TripUpdate()
        update.trip.tripID = "t1"
        var stop = TransitRealtime_TripUpdate.StopTimeUpdate()
        stop.stopID = "CEN"
        stop.departure.delay = 120
        update.stopTimeUpdate = [stop]
        var entity = TransitRealtime_FeedEntity()
        entity.id = "t1"
        entity.tripUpdate = update
        message.entity = [entity]
        return Array(try message.serializedData())
    }

    /// What the server does: answer with a feed stamped at this instant, or fail.
    enum Mode { case feed(Date), down }

    @Test func failedPollsKeepTheLastFeedThenBackOffThenRecover() async throws {
        let store = try ImportedStore(Self.feed)
        defer { store.remove() }

        let mode = Locked(Mode.feed(Self.start))
        let server = try LoopbackHTTPServer { _ in
            switch mode.withLock({ $0 }) {
            case .feed(let stamp):
                return (try? Self.tripUpdates(timestamp: stamp)).map { .respond(status: 200, body: $0) } ?? .text("x", status: 500)
            case .down:
                return .text("down", status: 503)
            }
        }
        defer { server.stop() }
        let clock = ManualBoardClock(now: Self.start)
        let repository = GTFSDeparturesRepository(
            settings: .init(
                storePath: store.path, stopIDs: ["CEN"], zone: try TimeZoneRules.load("Australia/Sydney"),
                tripUpdates: .init(url: server.baseURL + "/rt"), realtimeMaxAge: .seconds(300),
                backoff: RefreshPolicy(interval: .seconds(30), maxBackoff: .seconds(300))),
            clock: clock)
        func live() async throws -> Bool { try #require(try await repository.departures().first).isRealtime }

        #expect(try await live())
        #expect(server.requests.count == 1)
        // What a status page shows: the feed's one trip for the board's routes matched.
        let healthy = try #require(await repository.health())
        #expect(healthy.realtimeMatchRate == 1)
        #expect(healthy.realtimeSummary == "1 entities, 1 of 1 trips for the board's routes matched the timetable (100 %)")
        #expect(healthy.realtimeError == nil)

        mode.withLock { $0 = .down }
        var polled: [Int] = []
        var liveRows: [Bool] = []
        for _ in 1...12 {  // six minutes of 30 s refreshes against a dead feed
            clock.advance(by: .seconds(30))
            liveRows.append(try await live())
            polled.append(server.requests.count)
        }
        // Polls at +30, +60, then after 60 s, 120 s and 240 s waits: +120, +240, +480 (beyond).
        #expect(polled == [2, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 5])
        // The last good feed serves while younger than 5 minutes, then the timetable shows.
        #expect(liveRows == [true, true, true, true, true, true, true, true, true, true, false, false])
        let failing = await repository.health()
        #expect(failing?.realtimeError?.contains("503") == true, "\(String(describing: failing))")

        mode.withLock { $0 = .feed(Self.start.addingTimeInterval(400)) }
        clock.advance(by: .seconds(120))  // +480: the 240 s wait after the fifth poll is over
        #expect(try await live())
        #expect(server.requests.count == 6)
        clock.advance(by: .seconds(30))  // back to polling every refresh
        _ = try await repository.departures()
        #expect(server.requests.count == 7)
    }

    /// A mirror or cache that lags behind: after a feed stamped now, one stamped an hour ago
    /// decodes fine but must not replace it, or the board would drop to the timetable while
    /// it holds a fresh feed.
    @Test func anOlderFeedDoesNotReplaceANewerOne() async throws {
        let store = try ImportedStore(Self.feed)
        defer { store.remove() }

        let stamp = Locked(Self.start)
        let server = try LoopbackHTTPServer { _ in
            (try? Self.tripUpdates(timestamp: stamp.withLock { $0 })).map { .respond(status: 200, body: $0) } ?? .text("x", status: 500)
        }
        defer { server.stop() }
        let clock = ManualBoardClock(now: Self.start)
        let repository = GTFSDeparturesRepository(
            settings: .init(
                storePath: store.path, stopIDs: ["CEN"], zone: try TimeZoneRules.load("Australia/Sydney"),
                tripUpdates: .init(url: server.baseURL + "/rt"), realtimeMaxAge: .seconds(300)),
            clock: clock)
        #expect(try #require(try await repository.departures().first).isRealtime)
        stamp.withLock { $0 = Self.start.addingTimeInterval(-3_600) }
        clock.advance(by: .seconds(30))
        #expect(try #require(try await repository.departures().first).isRealtime, "the lagging copy replaced the fresh feed")
        #expect(server.requests.count == 2)
        // Once the held feed is itself too old, the timetable shows, as for any stale feed.
        clock.advance(by: .seconds(300))
        #expect(try #require(try await repository.departures().first).isRealtime == false)
    }

    /// A dead realtime feed only turns rows into timetable rows, so the journal must say why:
    /// once per cause (not once per poll), again when the cause changes, and on recovery.
    @Test func aFailingFeedIsLoggedOncePerCauseThenItsRecovery() async throws {
        let store = try ImportedStore(Self.feed)
        defer { store.remove() }

        let status = Locked(503)
        let server = try LoopbackHTTPServer { _ in
            let code = status.withLock { $0 }
            guard code == 200 else { return .text("no", status: code) }
            return (try? Self.tripUpdates(timestamp: Self.start)).map { .respond(status: 200, body: $0) } ?? .text("x", status: 500)
        }
        defer { server.stop() }
        let lines = LogLines()
        let clock = ManualBoardClock(now: Self.start)
        let repository = GTFSDeparturesRepository(
            settings: .init(
                storePath: store.path, stopIDs: ["CEN"], zone: try TimeZoneRules.load("Australia/Sydney"),
                tripUpdates: .init(url: server.baseURL + "/rt?key=secret"),
                backoff: RefreshPolicy(interval: .seconds(30), maxBackoff: .seconds(30))),
            clock: clock, logger: .capturing(into: lines))
        for code in [503, 503, 503, 401, 401, 200, 200] {
            status.withLock { $0 = code }
            _ = try await repository.departures()
            clock.advance(by: .seconds(30))
        }
        #expect(server.requests.count == 7)
        let realtime = lines.all.filter { $0.contains("realtime feed") }
        #expect(realtime.count == 3, "\(realtime)")
        #expect(realtime.first?.hasPrefix("warning: realtime feed: ") == true)
        #expect(realtime.first?.contains("503") == true)
        #expect(realtime.dropFirst().first?.contains("401") == true)
        #expect(realtime.last?.hasPrefix("notice: realtime feed recovered") == true)
        #expect(!lines.all.contains { $0.contains("secret") }, "the key in the feed's URL reached the log")
    }

    /// routes.txt's colours reach the departures (and so the badge and the API's JSON); a
    /// malformed one is dropped, not fatal. A board without a TripUpdates feed has no live
    /// data to miss, so its rows are not to be marked as missing it.
    @Test func routeColoursComeFromTheFeedAndTimetableOnlyBoardsSayTheyHaveNoLiveData() async throws {
        var feed = Self.feed
        feed["routes.txt"] =
            "route_id,route_short_name,route_long_name,route_type,route_color,route_text_color\n"
            + "R1,T1,North Shore,2,f99d1c,000000\nR2,T2,Inner West,2,orange,\n"
        feed["trips.txt"] = "route_id,service_id,trip_id,trip_headsign\nR1,WK,t1,Hornsby\nR2,WK,t2,Leppington\n"
        feed["stop_times.txt"]! += "t2,09:42:00,09:42:00,CEN,1\nt2,09:50:00,09:50:00,NTH,2\n"
        let store = try ImportedStore(feed)
        defer { store.remove() }
        let timetableOnly = GTFSDeparturesRepository(
            settings: .init(storePath: store.path, stopIDs: ["CEN"], zone: try TimeZoneRules.load("Australia/Sydney")),
            clock: ManualBoardClock(now: Self.start))
        let rows = try await timetableOnly.departures()
        #expect(rows.map(\.routeShortName) == ["T1", "T2"])
        #expect(rows.map(\.routeColor) == ["F99D1C", nil])
        #expect(rows.map(\.routeTextColor) == ["000000", nil])
        #expect(timetableOnly.providesLiveData == false)
        let withFeed = GTFSDeparturesRepository(
            settings: .init(
                storePath: store.path, stopIDs: ["CEN"], zone: try TimeZoneRules.load("Australia/Sydney"),
                tripUpdates: .init(url: "http://127.0.0.1:9/rt")),
            clock: ManualBoardClock(now: Self.start))
        #expect(withFeed.providesLiveData)
    }
}

/// A store imported from `feed` for the stop CEN (or `stopIDs`), in a folder of its own; `remove()` it when
/// done (explicitly: the repository reads the file after the value's last use).
struct ImportedStore {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gtfs-source-\(UUID().uuidString)").path
    var path: String { folder + "/store.sqlite" }

    init(_ feed: [String: String], stopIDs: Set<String> = ["CEN"]) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try GTFSFeedBuilder.writeZip(feed, to: folder + "/feed.zip")
        try GTFSImporter(stopIDs: stopIDs).importFeed(zipPath: folder + "/feed.zip", storePath: path)
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }
}
