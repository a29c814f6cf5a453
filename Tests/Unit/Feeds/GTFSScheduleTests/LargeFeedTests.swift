import Foundation
import GTFSFeedBuilder
import GTFSSchedule
import Testing
import ZoneInfo

/// A generated feed with many stop_times rows, imported for two stops. The size comes from
/// `GTFS_LARGE_ROWS` (default 200 000; 1 000 000 is the figure the design quotes).
@Suite struct LargeFeedTests {
    static let rows = ProcessInfo.processInfo.environment["GTFS_LARGE_ROWS"].flatMap { Int($0) } ?? 200_000

    @Test func importKeepsTheBoardSlice() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let feed = LargeFeed(stopTimesRows: Self.rows)
        let zipPath = folder.path + "/large.zip", storePath = folder.path + "/large.sqlite"
        try feed.write(to: zipPath, folder: folder.path + "/members")

        let boardA = LargeFeed.stopID(route: 7, index: 10), boardB = LargeFeed.stopID(route: 8, index: 20)
        let peakBefore = procStatusKiB("VmHWM")
        let clock = ContinuousClock(), start = clock.now
        let summary = try GTFSImporter(stopIDs: [boardA, boardB]).importFeed(zipPath: zipPath, storePath: storePath)
        let elapsed = clock.now - start
        let peakAfter = procStatusKiB("VmHWM")
        let storeKiB = ((try FileManager.default.attributesOfItem(atPath: storePath)[.size] as? Int) ?? 0) / 1024
        // Recorded, not asserted: other suites run in the same process at the same time.
        print(
            "GTFS large import: \(summary.stopTimesRowsRead) rows in \(elapsed); peak RSS \(peakBefore / 1024) → \(peakAfter / 1024) MiB; store \(storeKiB) KiB"
        )

        let routeA = feed.trips(onRoute: 7), routeB = feed.trips(onRoute: 8)
        #expect(summary.stopTimesRowsRead == feed.stopTimesRows)
        #expect(summary.boardStopTimes == routeA.count + routeB.count)
        #expect(summary.trips == routeA.count + routeB.count)
        #expect(summary.tripStops == (routeA.count + routeB.count) * feed.stopsPerTrip)
        #expect(summary.routes == 2)

        let store = try GTFSStore(path: storePath)
        let lastTrip = try #require(routeB.last)
        let stops = store.tripStops(tripID: LargeFeed.tripID(lastTrip))
        #expect(stops.map(\.stopID) == (0..<feed.stopsPerTrip).map { LargeFeed.stopID(route: 8, index: $0) })
        #expect(stops.map(\.stopSequence) == Array(1...feed.stopsPerTrip))
        #expect(store.stopSequence(tripID: LargeFeed.tripID(routeA[0]), stopID: boardA) == 11)
        #expect(store.tripStops(tripID: LargeFeed.tripID(9)).isEmpty)  // route 9 does not serve the board

        // Wednesday 2026-06-10, 05:00–07:00 in the feed's zone.
        let zone = try TimeZoneRules.load("Australia/Sydney")
        let dayStart = zone.unixSeconds(for: LocalDateTime(date: CivilDate(year: 2026, month: 6, day: 10), hour: 5, minute: 0, second: 0))
        let found = try store.scheduledDepartures(stopIDs: [boardA, boardB], at: Date(timeIntervalSince1970: Double(dayStart)))
        var expected: [(Int, String)] = []
        for (trips, index) in [(routeA, 10), (routeB, 20)] {
            for trip in trips where feed.departureSecs(trip: trip, stopIndex: index) < 7 * 3_600 {
                expected.append((feed.departureSecs(trip: trip, stopIndex: index), LargeFeed.tripID(trip)))
            }
        }
        expected.sort { $0 < $1 }
        #expect(found.map(\.tripID) == expected.map(\.1))
        #expect(found.map(\.departureSecs) == expected.map(\.0))
        #expect(found.allSatisfy { $0.serviceDay == CivilDate(year: 2026, month: 6, day: 10) })
    }
}
