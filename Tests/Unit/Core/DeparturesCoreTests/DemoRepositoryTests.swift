import DeparturesCore
import Foundation
import Testing

struct DemoRepositoryTests {
    let calendar = ServiceDayCalendar(zone: Fixtures.sydney)

    func rows(at text: String) async throws -> [DepartureRow] {
        let now = Fixtures.instant(text)
        let repository = DemoDeparturesRepository(calendar: calendar, clock: FixedBoardClock(now: now))
        let useCase = LoadDeparturesUseCase(repository: repository, rules: DepartureRules(calendar: calendar))
        return try await useCase(now: now).map { DepartureRow($0, now: now, zone: Fixtures.sydney) }
    }

    @Test func showsUpcomingMixedDeparturesForAnyInstant() async throws {
        for text in [
            "2026-11-23T09:30:00+11:00", "2026-11-23T23:55:00+11:00", "2026-10-04T02:30:00+10:00",
            "2026-07-01T04:00:00+10:00",
        ] {
            let rows = try await rows(at: text)
            #expect(rows.count == 20, "\(text): a full board")
            #expect(Set(rows.map(\.route)).count >= 4, "\(text): several routes")
            #expect(rows.contains { $0.delay != nil }, "\(text): some delayed")
            #expect(rows.contains { !$0.isRealtime }, "\(text): some scheduled-only")
            #expect(rows.first.map { $0.minutes <= 2 } == true, "\(text): something leaves soon")
            #expect(rows.map(\.minutes) == rows.map(\.minutes).sorted(), "\(text): sorted")
        }
    }

    @Test func isAPureFunctionOfNow() async throws {
        let first = try await rows(at: "2026-11-23T09:30:00+11:00")
        let second = try await rows(at: "2026-11-23T09:30:00+11:00")
        #expect(first == second)
        let later = try await rows(at: "2026-11-23T09:31:00+11:00")
        #expect(first != later)
    }

    @Test func aroundMidnightUsesTimesPast24Hours() {
        let now = Fixtures.instant("2026-11-23T23:50:00+11:00")
        let timetable = DemoDeparturesRepository(calendar: calendar, clock: FixedBoardClock(now: now)).timetable(at: now)
        #expect(timetable.contains { $0.scheduledTimeSecs >= 86_400 })
        #expect(timetable.allSatisfy { DeparturesDecoder.serviceSecondsRange.contains($0.scheduledTimeSecs) })
    }
}
