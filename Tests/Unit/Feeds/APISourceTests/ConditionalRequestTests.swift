import APISource
import FeedKit
import DeparturesCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPFetch
import Locking
import LogCapture
import Logging
import LoopbackHTTPServer
import Testing
import ZoneInfo

/// Conditional GETs of `kind: api` (and so of every kind, through `departuresResponse`)
/// against a real HTTP server on 127.0.0.1.
// Ten minutes, as the suites that share the main actor have: the board's test waits its
// turn there behind the soaks, which on a loaded CI machine took over a minute.
@Suite(.timeLimit(.minutes(10)))
struct ConditionalRequestTests {
    static func body(_ trips: [String]) -> String {
        let rows = trips.enumerated().map { index, trip in
            let time = 34_200 + 600 * index
            return #"{"trip_id": "\#(trip)", "route_short_name": "T1", "headsign": "Emu Plains", "scheduled_time_secs": \#(time), "#
                + #""realtime_time_secs": \#(time), "delay_s": 0, "realtime": false}"#
        }
        return #"{"data": ["# + rows.joined(separator: ",") + "]}"
    }

    static func outcome(_ source: APIRepository) async -> Result<[Departure], DeparturesError> {
        do throws(DeparturesError) {
            return .success(try await source.departures())
        } catch {
            return .failure(error)
        }
    }

    func repository(_ server: LoopbackHTTPServer, logger: Logger = AnswerMemory.quietLogger) -> APIRepository {
        APIRepository(settings: .init(baseURL: server.baseURL, stopID: "200060"), logger: logger)
    }

    @Test func theSecondRequestSendsTheValidatorsBackAndA304KeepsTheRows() async throws {
        let upstream = ValidatingUpstream(Self.body(["a", "b"]))
        let server = try LoopbackHTTPServer(handler: upstream.reply)
        defer { server.stop() }
        let lines = LogLines()
        let source = repository(server, logger: .capturing(into: lines))

        let first = try await source.departures()
        let second = try await source.departures()
        #expect(first.map(\.tripID) == ["a", "b"])
        #expect(second == first, "the 304 stands for the answer it confirms")
        let requests = server.requests
        #expect(requests.count == 2)
        #expect(requests[0].header("If-None-Match") == nil && requests[0].header("If-Modified-Since") == nil)
        #expect(requests[1].header("If-None-Match") == "W/\"v1\"", "a weak tag goes back as it came")
        #expect(requests[1].header("If-Modified-Since") == ValidatingUpstream.lastModified)
        #expect(lines.all == ["debug: not modified (304): the last answer stands"])
    }

    @Test func aChangedAnswerReplacesTheRowsAndItsTagTheOldOne() async throws {
        let upstream = ValidatingUpstream(Self.body(["a", "b"]))
        let server = try LoopbackHTTPServer(handler: upstream.reply)
        defer { server.stop() }
        let source = repository(server)
        _ = try await source.departures()
        upstream.change(to: Self.body(["c"]))
        #expect(try await source.departures().map(\.tripID) == ["c"])
        #expect(try await source.departures().map(\.tripID) == ["c"])
        #expect(server.requests.map { $0.header("If-None-Match") } == [nil, "W/\"v1\"", "W/\"v2\""])
    }

    @Test func aFailingStatusInBetweenKeepsTheValidators() async throws {
        let upstream = ValidatingUpstream(Self.body(["a"]))
        let server = try LoopbackHTTPServer(handler: upstream.reply)
        defer { server.stop() }
        let source = repository(server)
        _ = try await source.departures()
        upstream.answer(status: 503)
        #expect(await Self.outcome(source).failure != nil)
        upstream.answer(status: nil)
        #expect(try await source.departures().map(\.tripID) == ["a"])
        #expect(server.requests.map { $0.header("If-None-Match") } == [nil, "W/\"v1\"", "W/\"v1\""])
    }

    @Test func anAnswerMarkedNoStoreIsNotKept() async throws {
        let server = try LoopbackHTTPServer { _ in
            .respond(status: 200, headers: [("ETag", "\"x\""), ("Cache-Control", "private, No-Store")], body: Array(Self.body(["a"]).utf8))
        }
        defer { server.stop() }
        let source = repository(server)
        _ = try await source.departures()
        _ = try await source.departures()
        #expect(server.requests.map { $0.header("If-None-Match") } == [nil, nil])
    }

    /// Nothing kept to stand for a 304 (a server that answers it unasked, as after a restart
    /// of the sign): one more request for the whole answer, and a second 304 is a failure,
    /// never an empty board.
    @Test func a304WithNothingKeptAsksOnceMoreForTheWholeAnswer() async throws {
        let answered = ValidatingUpstream(Self.body(["a"]))
        let count = Locked(0)
        let once = try LoopbackHTTPServer { request in
            count.withLock {
                $0 += 1; return $0
            } == 1 ? .respond(status: 304) : answered.reply(request)
        }
        defer { once.stop() }
        #expect(try await repository(once).departures().map(\.tripID) == ["a"])
        #expect(once.requests.count == 2)
        #expect(once.requests.allSatisfy { $0.header("If-None-Match") == nil })

        let always = try LoopbackHTTPServer { _ in .respond(status: 304) }
        defer { always.stop() }
        let failure = await Self.outcome(repository(always)).failure
        #expect(failure?.description.contains("HTTP 304") == true)
        #expect(always.requests.count == 2)
    }

    /// The board's side: a 304 is a fresh answer, so the data age starts again and the rows stay.
    @MainActor
    @Test func onTheBoardA304ResetsTheDataAgeAndAChangeReplacesTheRows() async throws {
        let upstream = ValidatingUpstream(Self.body(["a", "b"]))
        let server = try LoopbackHTTPServer(handler: upstream.reply)
        defer { server.stop() }
        let clock = ManualBoardClock(now: Date(timeIntervalSince1970: 1_795_424_400))  // 2026-11-23T09:00:00Z
        let rules = DepartureRules(calendar: ServiceDayCalendar(zone: .utc))
        let board = BoardViewModel(
            boardName: "Test", useCase: LoadDeparturesUseCase(repository: repository(server), rules: rules),
            clock: clock)
        await board.refresh()
        let first = board.currentState
        #expect(first.rows.map(\.tripID) == ["a", "b"])
        #expect(board.lastSuccess == clock.now)

        clock.advance(by: .seconds(30))
        await board.refresh()
        #expect(server.requests.last?.header("If-None-Match") == "W/\"v1\"")
        #expect(board.lastSuccess == clock.now, "a 304 is a success: the data age starts again")
        #expect(board.consecutiveFailures == 0)
        #expect(board.currentState.rows.map(\.tripID) == ["a", "b"])
        #expect(board.currentState.status == .ok)

        upstream.change(to: Self.body(["c"]))
        clock.advance(by: .seconds(30))
        await board.refresh()
        #expect(board.currentState.rows.map(\.tripID) == ["c"])
        #expect(board.lastSuccess == clock.now)
    }
}
