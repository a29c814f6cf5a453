import BoardRender
import BoardRuntime
import DeparturesCore
import Foundation
import GTFSFeedBuilder
import GTFSRealtime
import GTFSSchedule
import GTFSSource
import Logging
import LoopbackHTTPServer
import SwiftProtobuf
import Locking
import HTTPFetch
import Testing
import TestTiming
import ZoneInfo
import Framebuffer

/// The GTFS board's whole path for days of board time: the store, TripUpdates polled from a
/// server that flaps (good, 304, a stale header, garbage, a timeout, HTTP 500) and the
/// timetable re-downloaded and re-imported by the board's own `ScheduleUpdater` every 200
/// refreshes (a new version, 304, a broken zip, HTTP 503), under the view model and the
/// draw loop, on a manual clock. Rows exist at every instant (a trip every 10 minutes, all
/// day), so the board must never be blank, must show exactly one timetable version, and
/// must mark rows realtime only while a fresh feed exists.
@MainActor
struct GTFSSoakTests {
    enum Realtime: String, CaseIterable, Sendable {
        case good, notModified, staleHeader, garbage, timeout, serverError
    }
    enum Schedule: Sendable { case newVersion, notModified, brokenZip, serverError }

    /// Single failures between good answers keep realtime rows; the outage at the end (four
    /// failures, longer than `realtimeMaxAge` with the backoff) ends them, so both states come
    /// from the cycle itself, not from how fast this machine answers in 20 ms.
    nonisolated static let realtimeCycle: [Realtime] = [
        .good, .notModified, .staleHeader, .good, .garbage, .notModified,
        .timeout, .good, .serverError, .staleHeader, .notModified,
        .serverError, .timeout, .garbage, .serverError,
    ]
    nonisolated static let scheduleCycle: [Schedule] = [.newVersion, .notModified, .brokenZip, .newVersion, .serverError]
    /// 2,000 in every test run; `SOAK_CYCLES=10000 swift test --filter GTFSSoakTests` for the full soak.
    static let cycles = Int(ProcessInfo.processInfo.environment["SOAK_CYCLES"] ?? "") ?? 2_000
    static let warmUp = 500
    static let policy = RefreshPolicy(interval: .seconds(30), maxBackoff: .seconds(300), staleLimit: .seconds(200))
    /// Three refreshes: realtime rows come and go many times in a run.
    static let realtimeMaxAge = Duration.seconds(90)
    /// Short, so a timeout costs milliseconds; the server's stall outlasts it. A sanitizer
    /// build answers far slower, so both stretch there (or good answers would time out too).
    static let requestTimeout = TestTiming.scaled(.milliseconds(20))
    nonisolated static let stall = TestTiming.scaled(.milliseconds(40))
    nonisolated static let headsigns = ["Hornsby", "Berowra"]

    /// One version of the timetable: t000…t143 leave Central every 10 minutes, every day.
    nonisolated static func feed(version: Int) -> [String: String] {
        var trips = "route_id,service_id,trip_id,trip_headsign\n"
        var stopTimes = "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n"
        for trip in 0..<144 {
            let id = String(format: "t%03d", trip), minutes = trip * 10
            trips += "R1,ALL,\(id),\(headsigns[version])\n"
            stopTimes += "\(id),\(clock(minutes)),\(clock(minutes)),CEN,1\n\(id),\(clock(minutes + 8)),\(clock(minutes + 8)),NTH,2\n"
        }
        return [
            "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nA,Trains,https://example.invalid,Australia/Sydney\n",
            "stops.txt": "stop_id,stop_name\nCEN,Central\nNTH,North Sydney\n",
            "routes.txt": "route_id,route_short_name,route_long_name,route_type\nR1,T1,North Shore,2\n",
            "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n"
                + "ALL,1,1,1,1,1,1,1,20260101,20271231\n",
            "trips.txt": trips, "stop_times.txt": stopTimes,
        ]
    }

    nonisolated static func clock(_ minutes: Int) -> String {
        String(format: "%02d:%02d:00", minutes / 60, minutes % 60)
    }

    /// Every trip two minutes late at Central, stamped `timestamp`.
    nonisolated static func tripUpdates(timestamp: Date) -> [UInt8] {
        var message = TransitRealtime_FeedMessage()
        message.header.gtfsRealtimeVersion = "2.0"
        message.header.timestamp = UInt64(timestamp.timeIntervalSince1970)
        message.entity = (0..<144).map { trip in
            var stop = TransitRealtime_TripUpdate.StopTimeUpdate()
            stop.stopID = "CEN"
            stop.departure.delay = 120
            var entity = TransitRealtime_FeedEntity()
            entity.id = String(format: "t%03d", trip)
            entity.tripUpdate.trip.tripID = entity.id
            entity.tripUpdate.stopTimeUpdate = [stop]
            return entity
        }
        return Array((try? message.serializedData()) ?? Data())
    }

    /// What the servers did, read by the test between refreshes.
    struct ServerLog {
        var realtime = 0, schedule = 0
        /// The newest header timestamp any 200 answer carried: realtime rows need one this fresh.
        var newestStamp: Date?
        /// The last good feed's stamp, when this step served one.
        var goodThisStep: Date?
        var staleThisStep = false
        var served: [Realtime: Int] = [:]
        var scheduleVersion = 0
    }

    @Test(.timeLimit(.minutes(10)))
    func daysOfFlappingRealtimeAndReimportsStayFlatHonestAndNeverBlank() async throws {
        let started = ContinuousClock.now
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gtfs-soak-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let zips = try (0..<2).map { version in
            try GTFSFeedBuilder.writeZip(Self.feed(version: version), to: folder + "/v\(version).zip")
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/v\(version).zip")))
        }
        let storePath = folder + "/store.sqlite"
        try GTFSImporter(stopIDs: ["CEN"]).importFeed(zipPath: folder + "/v0.zip", storePath: storePath)

        let clock = ManualBoardClock(now: CoordinatorTests.start)
        let log = Locked(ServerLog())
        let realtimeServer = try LoopbackHTTPServer(recordRequests: false) { request in
            log.withLock { log -> Reply in
                let kind = Self.realtimeCycle[log.realtime % Self.realtimeCycle.count]
                log.realtime += 1
                log.served[kind, default: 0] += 1
                let now = clock.now
                switch kind {
                case .good, .notModified, .staleHeader:
                    if kind == .notModified, request.header("If-None-Match") != nil { return .respond(status: 304) }
                    let stamp = kind == .staleHeader ? now.addingTimeInterval(-3_600) : now
                    log.newestStamp = max(log.newestStamp ?? stamp, stamp)
                    if kind == .staleHeader { log.staleThisStep = true } else { log.goodThisStep = stamp }
                    return .respond(status: 200, headers: [("ETag", "\"\(log.realtime)\"")], body: Self.tripUpdates(timestamp: stamp))
                case .garbage:
                    return .respond(status: 200, body: [0x0A, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0x12, 0x80])
                case .timeout:
                    // Sent after the client gave up; counted anyway, so "fresh" is never underestimated.
                    log.newestStamp = now
                    return .delayed(Self.stall, .respond(status: 200, body: Self.tripUpdates(timestamp: now)))
                case .serverError:
                    return .text("internal error", status: 500)
                }
            }
        }
        defer { realtimeServer.stop() }
        let scheduleServer = try LoopbackHTTPServer(recordRequests: false) { request in
            log.withLock { log -> Reply in
                let kind = Self.scheduleCycle[log.schedule % Self.scheduleCycle.count]
                log.schedule += 1
                let etag = "\"v\(log.scheduleVersion)\""
                switch kind {
                case .notModified where request.header("If-None-Match") == etag:
                    return .respond(status: 304)
                case .newVersion, .notModified:
                    if kind == .newVersion { log.scheduleVersion = 1 - log.scheduleVersion }
                    return .respond(status: 200, headers: [("ETag", "\"v\(log.scheduleVersion)\"")], body: zips[log.scheduleVersion])
                case .brokenZip:
                    return .respond(status: 200, headers: [("ETag", "\"broken\"")], body: Array(zips[0].prefix(300)))
                case .serverError:
                    return .text("unavailable", status: 503)
                }
            }
        }
        defer { scheduleServer.stop() }

        let zone = CoordinatorTests.zone
        let repository = GTFSDeparturesRepository(
            settings: .init(
                storePath: storePath, stopIDs: ["CEN"], zone: zone,
                tripUpdates: .init(
                    url: realtimeServer.baseURL + "/rt",
                    limits: FetchLimits(requestTimeout: Self.requestTimeout, resourceTimeout: .seconds(2))),
                realtimeMaxAge: Self.realtimeMaxAge,
                backoff: RefreshPolicy(interval: .seconds(30), maxBackoff: .seconds(300)),
                schedule: .init(
                    url: scheduleServer.baseURL + "/gtfs.zip", storePath: storePath, stopIDs: ["CEN"],
                    refresh: .seconds(200 * 30))),
            clock: clock)
        let updater = try #require(repository.updater)
        let rules = DepartureRules(calendar: ServiceDayCalendar(zone: zone))
        let viewModel = BoardViewModel(
            boardName: "GTFS soak", useCase: LoadDeparturesUseCase(repository: repository, rules: rules),
            clock: clock, policy: Self.policy)
        let backend = CountingBackend()
        let coordinator = BoardCoordinator(
            viewModel: viewModel,
            renderer: BoardRenderer(
                options: LayoutOptions(
                    width: 256, height: 64, format: .gray4, rows: 3, font: CoordinatorTests.font,
                    pageInterval: .seconds(8))),
            backend: backend, clock: clock, logger: Logger(label: "soak", factory: { _ in SwiftLogNoOpLogHandler() }))

        var version = 0, imports = 0, refusedImports = 0
        var blank = 0, wrongVersion = 0, falselyLive = 0, missedLive = 0, staleReplacedGood = 0
        var liveSteps = 0, scheduledSteps = 0
        var lastAcceptedGood: Date?
        var scheduleChecks = 0
        var before: ProcessFigures?
        var completed = 0

        func violation(_ count: inout Int, _ text: @autoclosure () -> String) {
            count += 1
            if count <= 5 { Issue.record(Comment(rawValue: text())) }
        }

        for index in 0..<Self.cycles {
            log.withLock {
                $0.goodThisStep = nil; $0.staleThisStep = false
            }
            if index == 0 { coordinator.start() } else { clock.advance(by: Self.policy.interval) }
            await SoakTests.settle(clock) { clock.sleeperCount >= 2 && !viewModel.isRefreshing && !updater.isRunning }
            let now = clock.now
            let state = viewModel.state(at: now)
            let served = log.withLock { $0 }
            let realtimeFailed = repository.realtimeErrors.tripUpdates != nil
            if let good = served.goodThisStep, !realtimeFailed { lastAcceptedGood = good }

            if state.status != .ok || state.rows.isEmpty {
                violation(&blank, "step \(index) at \(now): \(state.status) with \(state.rows.count) rows: \(state.message ?? "")")
            }
            // The store serving this step is the one in place when the step began.
            if state.rows.contains(where: { $0.headsign != Self.headsigns[version] }) {
                violation(&wrongVersion, "step \(index): rows \(state.rows.map(\.headsign)), expected \(Self.headsigns[version])")
            }
            let anyLive = state.rows.contains(where: \.isRealtime)
            let newest = served.newestStamp.map { now.timeIntervalSince($0) <= Self.realtimeMaxAge.timeInterval } ?? false
            if anyLive && !newest { violation(&falselyLive, "step \(index): rows marked realtime with no fresh feed") }
            let freshGood = lastAcceptedGood.map { now.timeIntervalSince($0) <= Self.realtimeMaxAge.timeInterval } ?? false
            if freshGood && !anyLive {
                let text = "step \(index): a good feed from \(now.timeIntervalSince(lastAcceptedGood!)) s ago, rows scheduled"
                if served.staleThisStep { violation(&staleReplacedGood, text) } else { violation(&missedLive, text) }
            }
            if anyLive { liveSteps += 1 } else { scheduledSteps += 1 }

            // A check ran this step (the server answered): its outcome decides the next step's version.
            if served.schedule != scheduleChecks {
                scheduleChecks = served.schedule
                switch updater.lastOutcome {
                case .imported?: version = served.scheduleVersion; imports += 1
                case .failed?: refusedImports += 1
                default: break
                }
            }
            completed = index + 1
            if completed == Self.warmUp { before = ProcessFigures.now() }
        }
        let after = ProcessFigures.now()
        coordinator.stop()
        let wall = ContinuousClock.now - started
        let served = log.withLock { $0 }

        print(
            "gtfs soak: \(completed) cycles in \(wall) wall, \(clock.now.timeIntervalSince(CoordinatorTests.start) / 86_400) board days, \(backend.presents) frames"
        )
        print(
            "gtfs soak: realtime answers \(Realtime.allCases.map { "\($0.rawValue) \(served.served[$0, default: 0])" }.joined(separator: ", "))"
        )
        print(
            "gtfs soak: \(served.schedule) timetable checks, \(imports) imports, \(refusedImports) refused; rows live \(liveSteps) steps, scheduled \(scheduledSteps)"
        )
        print("gtfs soak: after \(Self.warmUp) cycles: \(before?.description ?? "-")")
        print("gtfs soak: at the end:      \(after)")

        #expect(completed == Self.cycles)
        #expect(blank == 0, "the board went blank or into an error with a timetable in place")
        #expect(wrongVersion == 0, "rows from a timetable version other than the one in place")
        #expect(falselyLive == 0, "rows marked realtime without a fresh feed")
        #expect(missedLive == 0 && staleReplacedGood == 0, "a fresh good feed was not shown")
        #expect(imports >= Self.cycles / 600 && refusedImports >= 1, "re-imports and refusals were exercised")
        #expect(liveSteps > Self.cycles / 10 && scheduledSteps > Self.cycles / 10, "both realtime states were exercised")
        #expect(backend.presents > Self.cycles / 2, "the draw loop kept drawing")

        let start = try #require(before)
        try #require(start.rssKiB > 0 && start.fds > 0 && start.threads > 0 && after.rssKiB > 0 && after.threads > 0)
        #expect(
            !ProcessFigures.rssIsMeaningful || after.rssKiB - start.rssKiB <= 8 * 1024,
            "RSS grew from \(start.rssKiB) to \(after.rssKiB) KiB")
        #expect(after.fds - start.fds <= 32, "fds: \(start.fds) → \(after.fds)")
        #expect(after.threads - start.threads <= 16, "threads: \(start.threads) → \(after.threads)")
    }
}
