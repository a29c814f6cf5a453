import APISource
import BoardRender
import BoardRuntime
import DeparturesCore
import DisplayBackends
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Framebuffer
import Glibc
import Logging
import LoopbackHTTPServer
import Locking
import SystemFiles
import HTTPFetch
import Testing
import TestTiming
import ZoneInfo

/// A backend that keeps only a count and the last frame: a recording backend would itself
/// grow by a frame per redraw and hide (or fake) a leak.
final class CountingBackend: DisplayBackend {
    let name = "counting"
    private(set) var presents = 0
    private(set) var last: Framebuffer?
    func present(_ frame: Framebuffer, damage: [Rect]) throws(DisplayError) {
        presents += 1
        last = frame
    }
    func shutdown() {}
}

/// What this process holds right now, from /proc (Linux only, like the product).
struct ProcessFigures: CustomStringConvertible {
    var rssKiB: Int
    var fds: Int
    var threads: Int

    static func now() -> ProcessFigures {
        // Hand freed heap back to the kernel first, so RSS counts what is live, not what
        // malloc happens to keep cached in its arenas.
        _ = Self.trimHeap?(0)
        let status = ProcessStatus.current()
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
        return ProcessFigures(rssKiB: status?["VmRSS"] ?? -1, fds: fds, threads: status?["Threads"] ?? -1)
    }

    /// glibc's malloc_trim, which the Glibc module does not export.
    static let trimHeap: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    /// Not under a sanitizer: AddressSanitizer's quarantine and ThreadSanitizer's shadow and
    /// history grow RSS with the memory touched (412 → 423 MiB over the GTFS soak under TSan);
    /// Tests/Sanitizers/leak-check-run.sh checks leaks there.
    static let rssIsMeaningful = !TestTiming.underSanitizer

    var description: String { "RSS \(rssKiB / 1024) MiB (\(rssKiB) KiB), \(fds) fds, \(threads) threads" }
}

/// The whole refresh path under a server that keeps misbehaving: the HTTP client against a real
/// socket, the use case, the view model's backoff and stale rules, and the coordinator's
/// draw loop, on a manual clock so 10,000 refreshes (about ten days of board time) take
/// well under a minute.
@MainActor
struct SoakTests {
    /// What the server does with the next request, set by the test before each refresh.
    enum Kind: String, CaseIterable, Sendable {
        case good, slow, serverError, garbage, close
    }

    /// One fixed cycle. `close` follows `slow`: the server serves one connection at a time,
    /// so the request after a slow one may wait out the end of its delay; a reply that fails
    /// either way keeps every step's outcome certain.
    static let cycle: [Kind] = [
        .good, .slow, .close, .serverError, .garbage,
        .good, .serverError, .good, .garbage, .close,
    ]
    /// 2,000 in every test run; `SOAK_CYCLES=10000 swift test --filter SoakTests` for the
    /// full soak (about 35 s on its own).
    static let cycles = Int(ProcessInfo.processInfo.environment["SOAK_CYCLES"] ?? "") ?? 2_000
    static let warmUp = 500
    /// Short, so a slow reply costs milliseconds; the server's delay outlasts it.
    static let requestTimeout = Duration.milliseconds(15)
    nonisolated static let slowDelay = Duration.milliseconds(20)
    /// Shorter than the longest run of failures (30 + 60 + 120 + 240 s after a success), so
    /// the soak also crosses into "too old to show".
    static let policy = RefreshPolicy(interval: .seconds(30), maxBackoff: .seconds(300), staleLimit: .seconds(200))

    /// Departures around `now`, varied by time so the board sees full lists, one that runs
    /// out before the stale limit, an empty answer, and more rows than the limit keeps.
    nonisolated static func departures(at now: Date, calendar: ServiceDayCalendar) -> [Departure] {
        let secs = Int(now.unixSeconds - calendar.serviceDayStart(calendar.localDate(at: now)))
        let offsets: [Int]
        switch (now.unixSeconds / 480) % 4 {
        case 0: offsets = [120, 300, 600, 1500]
        case 1: offsets = [30]  // gone (with the 60 s grace) within 2 min
        case 2: offsets = []
        default: offsets = Array(stride(from: 60, through: 60 * 30, by: 60))  // 30 rows, limit 20
        }
        return offsets.enumerated().map { index, offset in
            Departure(
                tripID: "trip-\(secs)-\(index)", routeShortName: "T\(index % 9 + 1)", headsign: "Stop \(index)",
                scheduledTimeSecs: secs + offset, realtimeTimeSecs: secs + offset + (index % 3) * 60,
                delaySeconds: (index % 3) * 60, isRealtime: index % 2 == 0)
        }
    }

    nonisolated static func json(_ departures: [Departure]) -> String {
        let items = departures.map { d in
            #"{"trip_id":"\#(d.tripID)","route_short_name":"\#(d.routeShortName)","headsign":"\#(d.headsign)","#
                + #""scheduled_time_secs":\#(d.scheduledTimeSecs),"realtime_time_secs":\#(d.realtimeTimeSecs),"#
                + #""delay_s":\#(d.delaySeconds),"realtime":\#(d.isRealtime)}"#
        }
        return #"{"data":["# + items.joined(separator: ",") + "]}"
    }

    /// Waits until both loops park on the clock (told by the clock, no polling), then until
    /// `idle` holds, polled with short sleeps: by then it nearly always does. Neither wait
    /// has a wall-clock limit that a slow machine or a sanitizer could hit; the test's time
    /// limit catches a hang.
    static func settle(_ clock: ManualBoardClock, until idle: () -> Bool) async {
        await clock.waitForSleepers(2)
        while !idle() { try? await Task.sleep(for: .milliseconds(1)) }
    }

    @Test(.timeLimit(.minutes(10)))
    func tenThousandRefreshesAgainstAFlappingServerStayFlatAndNeverBlank() async throws {
        let started = ContinuousClock.now
        let zone = CoordinatorTests.zone
        let calendar = ServiceDayCalendar(zone: zone)
        let rules = DepartureRules(calendar: calendar)
        let clock = ManualBoardClock(now: CoordinatorTests.start)
        let next = Locked(Kind.good)

        // Not recording: the server's request log alone grows ~450 bytes a request.
        let server = try LoopbackHTTPServer(recordRequests: false) { _ in
            let good = Reply.text(Self.json(Self.departures(at: clock.now, calendar: calendar)), contentType: "application/json")
            switch next.withLock({ $0 }) {
            case .good: return good
            case .slow: return .delayed(Self.slowDelay, good)
            case .serverError: return .text("internal error", status: 500)
            case .garbage:
                return .respond(
                    status: 200, headers: [("Content-Type", "application/json")],
                    body: [0x7B, 0x22, 0xFF, 0x00, 0x9C, 0x5D, 0x0A, 0x13, 0x37])
            case .close: return .closeWithoutAnswer
            }
        }
        defer { server.stop() }

        let repository = APIRepository(
            settings: .init(
                baseURL: server.baseURL, stopID: "200060",
                limits: FetchLimits(requestTimeout: Self.requestTimeout, resourceTimeout: .seconds(2))))
        let viewModel = BoardViewModel(
            boardName: "Soak", useCase: LoadDeparturesUseCase(repository: repository, rules: rules),
            clock: clock, policy: Self.policy)
        let options = LayoutOptions(
            width: 256, height: 64, format: .gray4, rows: 3, font: CoordinatorTests.font,
            pageInterval: .seconds(8))
        let backend = CountingBackend()
        let coordinator = BoardCoordinator(
            viewModel: viewModel, renderer: BoardRenderer(options: options), backend: backend,
            clock: clock,
            logger: Logger(label: "soak", factory: { _ in SwiftLogNoOpLogHandler() }))

        var lastGood: (at: Date, departures: [Departure])?
        var successes: [Kind: Int] = [:], attempts: [Kind: Int] = [:]
        var blankViolations = 0, staleViolations = 0, checkedWithRows = 0, checkedExpired = 0
        var before: ProcessFigures?
        var completed = 0

        for index in 0..<Self.cycles {
            let kind = Self.cycle[index % Self.cycle.count]
            next.withLock { $0 = kind }
            if index == 0 {
                coordinator.start()
            } else {
                // Exactly the refresh loop's own wait: the interval, or the backoff after failures.
                clock.advance(by: Self.policy.delay(afterConsecutiveFailures: viewModel.consecutiveFailures))
            }
            // Idle: the refresh loop and the draw loop parked on the clock, no fetch in flight.
            await Self.settle(clock) { clock.sleeperCount >= 2 && !viewModel.isRefreshing }
            attempts[kind, default: 0] += 1
            let now = clock.now
            if viewModel.lastSuccess == now {
                successes[kind, default: 0] += 1
                lastGood = (now, Self.departures(at: now, calendar: calendar))
            }

            // The model: what the last good answer still has to show now (stored as the use
            // case stores it, then the time rules at `now`).
            let state = viewModel.state(at: now)
            if let good = lastGood {
                let stored = rules.visible(rules.resolve(good.departures, now: good.at), now: good.at)
                let visible = rules.visible(stored, now: now)
                let fresh = now.timeIntervalSince(good.at) <= Self.policy.staleLimit.timeInterval
                if fresh && !visible.isEmpty {
                    checkedWithRows += 1
                    let ok =
                        !state.rows.isEmpty && (state.status == .ok || state.status == .stale)
                        && state.rows.map(\.tripID) == visible.map(\.departure.tripID)
                    if !ok {
                        blankViolations += 1
                        if blankViolations <= 5 {
                            Issue.record(
                                "step \(index) (\(kind)) at \(now): \(visible.count) valid rows, board shows \(state.status) with \(state.rows.count) rows"
                            )
                        }
                    }
                } else if !fresh && viewModel.lastSuccess != now {
                    // Past the stale limit old rows must give way to the error.
                    checkedExpired += 1
                    if state.status != .error || !state.rows.isEmpty {
                        staleViolations += 1
                        if staleViolations <= 5 {
                            Issue.record("step \(index) (\(kind)): data from \(good.at) still shown at \(now) as \(state.status)")
                        }
                    }
                }
            }

            completed = index + 1
            if completed == Self.warmUp { before = ProcessFigures.now() }
        }
        let after = ProcessFigures.now()
        let frames = backend.presents
        coordinator.stop()
        let wall = ContinuousClock.now - started

        let summary = Kind.allCases.map { "\($0.rawValue) \(successes[$0, default: 0])/\(attempts[$0, default: 0])" }
        print(
            "soak: \(completed) cycles in \(wall) wall, \(clock.now.timeIntervalSince(CoordinatorTests.start) / 86_400) board days, \(frames) frames"
        )
        print("soak: successes by reply: \(summary.joined(separator: ", "))")
        print("soak: checked \(checkedWithRows) steps with valid rows, \(checkedExpired) past the stale limit")
        print("soak: after \(Self.warmUp) cycles: \(before?.description ?? "-")")
        print("soak: at the end:      \(after)")

        #expect(completed == Self.cycles)
        #expect(blankViolations == 0, "the board went blank while valid rows existed")
        #expect(staleViolations == 0, "rows shown past the stale limit")
        // Replies that cannot succeed never did; good ones nearly always did (a 15 ms timeout
        // can fire on a busy machine, which only moves the schedule).
        for kind in [Kind.serverError, .garbage, .close] { #expect(successes[kind, default: 0] == 0, "\(kind)") }
        let goodAttempts = attempts[.good, default: 0]
        #expect(successes[.good, default: 0] * 10 >= goodAttempts * 9, "good replies: \(summary)")
        #expect(checkedWithRows > Self.cycles / 4 && checkedExpired > Self.cycles / 50, "both rules were exercised")
        #expect(frames > Self.cycles / 2, "the draw loop kept drawing")

        let start = try #require(before)
        // Unreadable /proc figures would make every comparison below pass.
        try #require(start.rssKiB > 0 && start.fds > 0 && start.threads > 0 && after.rssKiB > 0 && after.threads > 0)
        // 8 MiB over 9,500 cycles: a leak of about 1 KiB per refresh fails.
        #expect(
            !ProcessFigures.rssIsMeaningful || after.rssKiB - start.rssKiB <= 8 * 1024,
            "RSS grew from \(start.rssKiB) to \(after.rssKiB) KiB")
        // Other suites run in this process at the same time and open sockets, files and
        // threads of their own, so a few may come and go; a leak per refresh would show as
        // thousands.
        #expect(after.fds - start.fds <= 32, "fds: \(start.fds) → \(after.fds)")
        #expect(after.threads - start.threads <= 16, "threads: \(start.threads) → \(after.threads)")
    }
}
