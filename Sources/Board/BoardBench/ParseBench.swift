public import SourceAssembly
import BoardConfig
import DeparturesCore
import JSONMapSource
import SIRISource
import SystemFiles
import ZoneInfo

/// `bench --siri-answer` and `--json-answer`: how long reading one answer, as a server sent
/// it, into a board's rows takes, in this process, after one warm-up read.
public enum ParseBench {
    public static let reads = 100

    /// A SIRI StopMonitoring answer (XML or SIRI Lite JSON) in `file`, for a Sydney board.
    public static func siri(file: String) throws(AssemblyError) -> String {
        let bytes = try answer(file)
        let calendar = ServiceDayCalendar(zone: (try? TimeZoneRules.load(BoardFile.defaultTimezone)) ?? .utc)
        return measure("siri answer", file: file, bytes: bytes) { () -> Result<Int, SIRIAnswer.Problem> in
            Result { () throws(SIRIAnswer.Problem) in try SIRIAnswer.departures(bytes, calendar: calendar).count }
        }
    }

    /// Any JSON API's answer in `file`, through the mapping of `board`'s first `kind: json`
    /// source, in its zone, at the real now (its times must lie within a day and a half of it).
    public static func json(file: String, board path: String) throws(AssemblyError) -> String {
        let setup = try BoardSetup(path: path)
        guard let index = setup.board.sources.firstIndex(where: { $0.kind == .json }),
            let mapping = setup.board.sources[index].json?.mapping
        else {
            throw AssemblyError(.usage, "\(path): --json-answer needs a board with a kind: json source")
        }
        let bytes = try answer(file)
        let calendar = ServiceDayCalendar(zone: setup.zone)
        return measure("json answer", file: file, bytes: bytes) { () -> Result<Int, DeparturesDataError> in
            Result { () throws(DeparturesDataError) in
                try mapping.read(JSONValue.parse(bytes), calendar: calendar, now: SystemBoardClock().now).departures.count
            }
        }
    }

    private static func answer(_ file: String) throws(AssemblyError) -> [UInt8] {
        do {
            return try BoundedFile.read(file, maxBytes: 64 << 20)
        } catch {
            throw AssemblyError(.io, "\(file): \(error)")
        }
    }

    /// `reads` reads: the median and the fastest, and what the first gave.
    private static func measure<Failure: Error>(
        _ what: String, file: String, bytes: [UInt8],
        _ read: () -> Result<Int, Failure>
    ) -> String {
        let outcome = read()
        var times: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<reads {
            let start = clock.now
            _ = read()
            times.append(BenchMeasurement.microseconds(clock.now - start) / 1000)
        }
        let rows =
            switch outcome {
            case .success(let count): "\(count) rows"
            case .failure(let problem): "refused (\(problem))"
            }
        return "\(what) \(file): \(bytes.count) bytes, \(rows): median \(formatted(BenchMeasurement.median(times))) ms, "
            + "fastest \(formatted(times.min() ?? 0)) ms over \(reads) reads\n"
    }
}
