import BoardConfig
public import DeparturesCore
import GTFSSource

/// `validate --live`: asks the board's source once, as the running board would, and says
/// what came back — for a GTFS board each realtime feed's header age, size and how well it
/// matches the timetable.
public enum LiveCheck {
    public struct Line: Sendable, Equatable {
        public var text: String
        /// The board would show an error, or a feed is failing or no longer fits the timetable.
        public var isProblem: Bool
    }

    /// Every source in turn; on a board of several, each line names its source
    /// (`sources[1] (Train): timetable: …`).
    @MainActor
    public static func run(_ setup: BoardSetup, now: Date = Date()) async -> [Line] {
        let sources = setup.perSource
        guard sources.count > 1 else { return await runOne(setup, now: now) }
        var lines: [Line] = []
        for (index, source) in sources.enumerated() {
            let label = setup.board.sources[index].label.map { " (\($0))" } ?? ""
            let name = setup.board.sectionName(ofSource: index) + label
            lines += await runOne(source, now: now).map { Line(text: name + ": " + $0.text, isProblem: $0.isProblem) }
        }
        return lines
    }

    @MainActor
    static func runOne(_ setup: BoardSetup, now: Date) async -> [Line] {
        let clock = FixedBoardClock(now: now)
        guard setup.board.source.kind == .gtfs, let gtfs = setup.board.source.gtfs else {
            do {
                let departures = try await setup.repository(clock: clock).departures()
                return [Line(text: "source: \(departures.count) departures", isProblem: false)]
            } catch {
                return [Line(text: "source: \(error.description)", isProblem: true)]
            }
        }
        let repository = setup.gtfsRepository(clock: clock, logger: BoardSetup.quietLogger)
        var lines: [Line] = []
        do {
            let departures = try await repository.departures()
            lines.append(Line(text: "timetable: \(departures.count) departures in the next \(gtfs.window.components.seconds / 60) min",
                              isProblem: false))
        } catch {
            return [Line(text: "timetable: \(error.description)", isProblem: true)]
        }
        let errors = repository.realtimeErrors
        if gtfs.tripUpdatesURL != nil {
            if let error = errors.tripUpdates {
                lines.append(Line(text: "trip updates: \(error)", isProblem: true))
            } else if let health = repository.realtimeHealth {
                let age = health.feedTimestamp.map { "header \(Int(now.timeIntervalSince($0).rounded())) s old" } ?? "no header timestamp"
                let low = health.matchRate.map { $0 * 100 < Double(gtfs.realtimeMatchWarning) } ?? false
                lines.append(Line(text: "trip updates: \(age)\(health.isStale ? " (too old: ignored)" : ""), \(health.summary)"
                                  + (low ? " — below realtime_match_warning (\(gtfs.realtimeMatchWarning) %)" : ""),
                                  isProblem: low || health.isStale))
            }
        }
        if gtfs.alertsURL != nil {
            lines.append(errors.alerts.map { Line(text: "alerts: \($0)", isProblem: true) }
                         ?? Line(text: "alerts: fetched", isProblem: false))
        }
        return lines
    }
}
