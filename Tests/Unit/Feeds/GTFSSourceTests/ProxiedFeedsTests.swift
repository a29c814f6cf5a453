import DeparturesCore
import Foundation
import GTFSSource
import HTTPFetch
import LoopbackHTTPServer
import Testing
import ZoneInfo
import GTFSRealtime

/// A GTFS board behind a proxy: the timetable download and the realtime polls both go through
/// the client it is given (tinyproxy here, started and killed by the test).
@Suite(.serialized) struct ProxiedFeedsTests {
    @Test func theTimetableAndTheRealtimeFeedComeThroughTheProxy() async throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let zip = try ScheduleUpdaterTests.feed(headsign: "Hornsby")
        let realtime = try RealtimePollingTests.tripUpdates(timestamp: RealtimePollingTests.start)
        let server = try LoopbackHTTPServer { request in
            request.path == "/gtfs.zip" ? .respond(status: 200, body: zip) : .respond(status: 200, body: realtime)
        }
        defer { server.stop() }
        let proxy = try TestProxy.start()
        defer { proxy.stop() }

        let store = folder + "/board.gtfs.sqlite"
        let repository = GTFSDeparturesRepository(
            settings: .init(
                storePath: store, stopIDs: ["CEN"], zone: try TimeZoneRules.load("Australia/Sydney"),
                tripUpdates: .init(url: server.baseURL + "/rt"),
                schedule: .init(url: server.baseURL + "/gtfs.zip", storePath: store, stopIDs: ["CEN"])),
            clock: ManualBoardClock(now: RealtimePollingTests.start),
            client: HTTPFetchClient(proxy: ProxySettings(environment: ProxyEnvironment(["http_proxy": proxy.url]))))

        let first = try #require(try await repository.departures().first)
        #expect(first.headsign == "Hornsby" && first.isRealtime, "downloaded, imported and corrected")
        #expect(server.requests.map(\.path) == ["/gtfs.zip", "/rt"])
        #expect(server.requests.allSatisfy { $0.header("Via")?.contains("tinyproxy") == true }, "both through the proxy")
    }
}
