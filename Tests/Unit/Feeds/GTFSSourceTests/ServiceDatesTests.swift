import DeparturesCore
import Foundation
import GTFSFeedBuilder
import GTFSSchedule
import GTFSSource
import Testing
import ZoneInfo

/// A timetable that ran out says so: an error the board shows and logs, never a quiet
/// "No departures".
@Suite struct ServiceDatesTests {
    @Test func anExpiredTimetableIsAnErrorThatSaysSo() async throws {
        let folder = NSTemporaryDirectory() + "service-dates-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try GTFSFeedBuilder.writeZip(RealtimePollingTests.feed, to: folder + "/feed.zip")  // service to 2026-12-31
        try GTFSImporter(stopIDs: ["CEN"]).importFeed(zipPath: folder + "/feed.zip", storePath: folder + "/s.sqlite")
        let zone = try TimeZoneRules.load("Australia/Sydney")
        func departures(at instant: TimeInterval) async -> Result<[Departure], DeparturesError> {
            let repository = GTFSDeparturesRepository(
                settings: .init(storePath: folder + "/s.sqlite", stopIDs: ["CEN"], zone: zone),
                clock: FixedBoardClock(now: Date(timeIntervalSince1970: instant)))
            do { return .success(try await repository.departures()) } catch { return .failure(error) }
        }
        // 2027-01-03 09:30 Sydney: three days after the last day of service.
        guard case .failure(let error) = await departures(at: 1_798_929_000) else {
            Issue.record("an expired timetable must not look like an empty board")
            return
        }
        #expect(error.userMessage == "Timetable expired 2026-12-31")
        #expect(error.description.contains("no service after 2026-12-31"), "\(error.description)")
        // Inside the service dates, a quiet hour is just empty.
        #expect((try? await departures(at: RealtimePollingTests.start.timeIntervalSince1970 + 12 * 3600).get()) == [])
    }
}
