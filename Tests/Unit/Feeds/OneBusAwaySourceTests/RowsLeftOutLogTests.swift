import DeparturesCore
import FeedKit
import HTTPFetch
import Locking
import LogCapture
import Logging
import LoopbackHTTPServer
import OneBusAwaySource
import Testing

/// A row left out of an answer is said in the running sign's log, once per cause: not at
/// every poll, and again when it comes back after a clean answer (`ProblemNote`).
struct RowsLeftOutLogTests {
    typealias T = OneBusAwayRepositoryTests

    @Test func aBadArrivalIsLoggedOnceAndAgainOnlyWhenItReturns() async throws {
        let good = T.visit(trip: "t1", scheduled: T.nineThirty + 240_000)
        let later = T.visit(trip: "t3", scheduled: T.nineThirty + 840_000)
        let bad = T.visit(trip: "t2", scheduled: Int64.max)
        // The bad arrival at [1], then at [0] as the first one leaves, then gone, then back.
        let answers = [T.answer([good, bad, later]), T.answer([bad, later]), T.answer([later]), T.answer([later, bad])]
        let served = Locked(0)
        let server = try LoopbackHTTPServer { _ in
            let index = served.withLock { count in
                defer { count += 1 }
                return min(count, answers.count - 1)
            }
            return .text(answers[index], contentType: "application/json")
        }
        defer { server.stop() }
        let lines = LogLines()
        let repository = OneBusAwayRepository(
            settings: .init(
                baseURL: server.baseURL + "/", stopID: "1_75403", apiKey: nil,
                limits: FetchLimits(requestTimeout: .seconds(8), resourceTimeout: .seconds(15), maxResponseBytes: 1 << 20),
                calendar: T.calendar),
            logger: .capturing(into: lines))
        var shown: [[String]] = []
        for _ in answers { shown.append(try await repository.departures().map(\.tripID)) }
        #expect(shown == [["t1", "t3"], ["t3"], ["t3"], ["t3"]])
        let warnings = lines.all.filter { $0.hasPrefix("warning:") }
        #expect(
            warnings == [
                "warning: rows left out: data.entry.arrivalsAndDepartures[1].scheduledDepartureTime: 9223372036854775807 ms is not an instant between 1970 and 2200",
                "warning: rows left out: data.entry.arrivalsAndDepartures[1].scheduledDepartureTime: 9223372036854775807 ms is not an instant between 1970 and 2200",
            ], "\(lines.all)")
    }

    @Test func aRowsPlaceInTheAnswerIsNotANewCause() {
        #expect(
            ProblemNote.cause(of: "data.entry.arrivalsAndDepartures[12].x: got '25:61'")
                == ProblemNote.cause(of: "data.entry.arrivalsAndDepartures[3].x: got '24:00'"))
        #expect(
            ProblemNote.cause(of: "row 3: fields.headsign: matched nothing")
                == ProblemNote.cause(of: "row 17: fields.headsign: matched nothing"))
        #expect(ProblemNote.cause(of: "[1].LineRef: missing") != ProblemNote.cause(of: "[1].DestinationName: missing"))
    }
}
