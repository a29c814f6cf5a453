public import SourceAssembly
import BoardConfig
import DeparturesCore
import SIRISource
import SystemFiles
import ZoneInfo

/// `bench --siri-answer`: how long reading one SIRI StopMonitoring answer (XML or SIRI Lite
/// JSON, as a server sent it) into a board's rows takes, in this process, after one warm-up read.
public enum ParseBench {
    public static let reads = 100

    /// `reads` reads of the answer in `file`: the median and the fastest, and what they gave.
    public static func siri(file: String) throws(AssemblyError) -> String {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(file, maxBytes: 64 << 20)
        } catch {
            throw AssemblyError(.io, "\(file): \(error)")
        }
        let calendar = ServiceDayCalendar(zone: (try? TimeZoneRules.load(BoardFile.defaultTimezone)) ?? .utc)
        let read = { () -> Result<[Departure], SIRIAnswer.Problem> in
            Result { () throws(SIRIAnswer.Problem) in try SIRIAnswer.departures(bytes, calendar: calendar) }
        }
        let outcome = read()
        var times: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<reads {
            let start = clock.now
            _ = read()
            times.append(BenchMeasurement.microseconds(clock.now - start) / 1000)
        }
        let what = switch outcome {
        case .success(let rows): "\(rows.count) rows"
        case .failure(let problem): "refused (\(problem))"
        }
        return "siri answer \(file): \(bytes.count) bytes, \(what): median \(formatted(BenchMeasurement.median(times))) ms, "
            + "fastest \(formatted(times.min() ?? 0)) ms over \(reads) reads\n"
    }
}
