import BoardConfig
public import DeparturesCore
import GTFSSource
import SIRISource
import JSONMapSource
import JSONPath

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
        switch setup.board.source.kindSettings {
        case .siri(let siri, let fetch): return await siriLines(setup, siri, fetch, clock: clock)
        case .json(let json, let fetch): return await jsonLines(setup, json, fetch, clock: clock)
        case .gtfs(let gtfs, let fetch): return await gtfsLines(setup, gtfs, fetch, clock: clock, now: now)
        case .demo, .file, .api, .onebusaway:
            do {
                let departures = try await setup.repository(clock: clock).departures()
                return [Line(text: "source: \(departures.count) departures", isProblem: false)]
            } catch {
                return [Line(text: "source: \(error.description)", isProblem: true)]
            }
        }
    }

    @MainActor
    static func gtfsLines(
        _ setup: BoardSetup, _ gtfs: GTFSSourceSettings, _ fetch: FetchSettings, clock: any BoardClock,
        now: Date
    ) async -> [Line] {
        let repository = setup.gtfsRepository(gtfs, fetch, clock: clock, logger: BoardSetup.quietLogger)
        var lines: [Line] = []
        do {
            let departures = try await repository.departures()
            lines.append(
                Line(
                    text: "timetable: \(departures.count) departures in the next \(gtfs.window.components.seconds / 60) min",
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
                lines.append(
                    Line(
                        text: "trip updates: \(age)\(health.isStale ? " (too old: ignored)" : ""), \(health.summary)"
                            + (low ? " — below realtime_match_warning (\(gtfs.realtimeMatchWarning) %)" : ""),
                        isProblem: low || health.isStale))
            }
        }
        if gtfs.alertsURL != nil {
            lines.append(
                errors.alerts.map { Line(text: "alerts: \($0)", isProblem: true) }
                    ?? Line(text: "alerts: fetched", isProblem: false))
        }
        if gtfs.vehiclePositionsURL != nil {
            lines.append(
                errors.vehiclePositions.map { Line(text: "vehicle positions: \($0)", isProblem: true) }
                    ?? Line(text: "vehicle positions: fetched", isProblem: false))
        }
        return lines
    }

    /// The rows, and the line codes seen that `route_names` does not name, with what the
    /// board shows for each (the published name, or the code itself).
    @MainActor
    static func siriLines(_ setup: BoardSetup, _ siri: SIRISourceSettings, _ fetch: FetchSettings, clock: any BoardClock) async -> [Line] {
        let repository = setup.siriRepository(siri, fetch, clock: clock)
        let answer: SIRIRepository.Reading
        do {
            answer = try await repository.reading()
        } catch {
            return [Line(text: "source: \(error.description)", isProblem: true)]
        }
        var lines = [Line(text: "source: \(answer.rows.count) departures", isProblem: false)]
        switch await repository.situationsCheck() {
        case .success(let count)?: lines.append(Line(text: "situations: \(count) in the answer", isProblem: false))
        case .failure(let error)?: lines.append(Line(text: "situations: \(error.detail)", isProblem: true))
        case nil: break
        }
        let names = siri.routeNames
        var seen: Set<String> = [], unnamed: [String] = []
        for visit in answer.visits {
            guard let code = visit.lineRef, names[code] == nil, seen.insert(code).inserted else { continue }
            let shown = visit.routeName(names) ?? code
            unnamed.append("\"\(code)\" " + (shown == code ? "(shown as is)" : "(shown as \"\(shown)\")"))
        }
        if !unnamed.isEmpty {
            lines.append(Line(text: "line codes without a route_names entry: " + unnamed.joined(separator: ", "), isProblem: false))
        }
        return lines
    }

    /// The rows, then each query with the rows it found a value in, so a user adapting an
    /// agency sees which one misses; and the first rows left out, with why.
    @MainActor
    static func jsonLines(_ setup: BoardSetup, _ json: JSONMapSourceSettings, _ fetch: FetchSettings, clock: any BoardClock) async -> [Line]
    {
        let repository = setup.jsonRepository(json, fetch, clock: clock)
        let places = json.places
        let reading: JSONMapReading
        do {
            reading = try await repository.reading()
        } catch {
            // A query the answer did not match is pointed at where the board writes it: `rows`,
            // or the field a row's reason names first.
            var key: String?
            if case .invalidData(_, let problem) = error {
                key = problem.path.hasPrefix("rows") ? "rows" : problem.problem.split(separator: " ").first.map(String.init)
            }
            return [
                Line(
                    text: "source: \(error.description)" + (key.flatMap { places[$0] }.map { " (written at \($0))" } ?? ""), isProblem: true
                )
            ]
        }
        let mapping = repository.settings.mapping
        var lines = [
            Line(
                text:
                    "source: \(reading.departures.count) departure\(reading.departures.count == 1 ? "" : "s") from \(reading.rowCount) row\(reading.rowCount == 1 ? "" : "s") (rows \(mapping.writtenRows))",
                isProblem: false)
        ]
        for field in JSONMapping.Field.allCases where mapping.fields[field] != nil {
            let count = reading.matched[field] ?? 0
            let required = JSONMapping.Field.required.contains(field)
            let name = JSONMapping.name(field)
            let note =
                count == 0 && reading.rowCount > 0 && !required
                ? " (optional: matches nothing" + (places[name].map { ", written at \($0)" } ?? "") + ")" : ""
            lines.append(Line(text: "\(name) \(mapping.written(field)): in \(count) of \(reading.rowCount) rows\(note)", isProblem: false))
        }
        if reading.skippedCount > 0 {
            let reasons = reading.skipped.map { "row \($0.row): \($0.reason)" }.joined(separator: "; ")
            lines.append(
                Line(
                    text: "\(reading.skippedCount) row\(reading.skippedCount == 1 ? "" : "s") left out: " + reasons
                        + (reading.skippedCount > reading.skipped.count ? "; …" : ""),
                    isProblem: false))
        }
        return lines
    }
}
