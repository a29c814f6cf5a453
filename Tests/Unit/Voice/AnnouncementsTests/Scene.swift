import Announcements
import DeparturesCore
import ZoneInfo

/// Rows built by hand at a fixed instant: the phrase rules' inputs.
enum Scene {
    static let sydney: TimeZoneRules = {
        do { return try TimeZoneRules.load("Australia/Sydney") } catch { fatalError("\(error)") }
    }()
    static let now = Date(timeIntervalSince1970: 1_795_386_600)  // 2026-11-23T09:30:00+11:00

    /// A row `minutes` (and 20 s) from now; `delay` seconds late (negative: early).
    static func row(
        _ route: String, _ headsign: String, minutes: Int, delay: Int = 0, realtime: Bool = true,
        cancelled: Bool = false, platform: String? = nil, place: Int = 0
    ) -> DepartureRow {
        let instant = now.addingTimeInterval(Double(minutes * 60 + 20))
        let departure = Departure(
            tripID: "\(route)-\(minutes)", routeShortName: route, headsign: headsign,
            scheduledTimeSecs: 0, realtimeTimeSecs: 0, delaySeconds: delay, isRealtime: realtime,
            platform: platform, isCancelled: cancelled)
        var row = DepartureRow(
            ResolvedDeparture(
                departure: departure, serviceDay: CivilDate(year: 2026, month: 11, day: 23),
                scheduledInstant: instant, instant: instant), now: now, zone: sydney)
        row.place = SourcePlace(index: place)
        return row
    }

    static func state(
        _ rows: [DepartureRow], status: BoardStatus = .ok, alerts: [ServiceAlert] = [],
        name: String = "Central Station", sources: [SourceStatus] = []
    ) -> BoardState {
        BoardState(
            boardName: name, now: now, status: status, message: nil, updated: now, rows: rows,
            alerts: alerts, zone: sydney, sources: sources)
    }

    static func say(_ rows: [DepartureRow], language: String? = nil, alerts: [ServiceAlert] = []) -> String {
        Announcer.announce(state(rows, alerts: alerts), options: AnnouncementOptions(language: language)).text
    }
}
