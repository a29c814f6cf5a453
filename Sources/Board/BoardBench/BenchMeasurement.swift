public import SourceAssembly
import BoardRender
import DeparturesCore
import Framebuffer
import ZoneInfo
import BoardConfig
import BoardAssembly

/// Layout + rasterisation (and panel encoding) per frame on fixed scenes, so performance is
/// reported as figures from the project's own code rather than asserted in tests.
public enum BenchMeasurement {
    /// Every scene: the synthetic panels, then the preview board.
    @MainActor
    public static func run(frames: Int) throws(AssemblyError) -> [BenchResult] {
        var results: [BenchResult] = []
        for scene in try BenchScenes.all(frames: frames) {
            results.append(measure(scene))
        }
        results.append(try preview(frames: frames))
        return results
    }

    /// The preview board as `render` draws it, on successive minutes of the demo timetable.
    @MainActor
    static func preview(frames: Int) throws(AssemblyError) -> BenchResult {
        let checked = try CheckedBoard(path: nil)
        let board = checked.board
        let assembly = checked.setup
        let options = checked.layout
        var states: [BoardState] = []
        let calendar = ServiceDayCalendar(zone: assembly.zone)
        for frame in 0..<frames {
            let now = Date.benchStart.addingTimeInterval(Double(frame) * 60)
            let repository = DemoDeparturesRepository(calendar: calendar, clock: FixedBoardClock(now: now))
            let rows = assembly.rules.visible(assembly.rules.resolve(repository.timetable(at: now), now: now), now: now)
                .map { DepartureRow($0, now: now, zone: assembly.zone) }
            states.append(
                BoardState(
                    boardName: board.name, now: now, status: .ok, message: nil, updated: now, rows: rows,
                    zone: assembly.zone))
        }
        return measure(BenchScene(name: "preview", options: options, states: states, step: .zero, sink: nil))
    }

    public static func measure(_ scene: BenchScene) -> BenchResult {
        var sequence = FrameSequence(renderer: BoardRenderer(options: scene.options))
        let clock = ContinuousClock()
        var render: [Double] = [], encode: [Double] = [], total: [Double] = [], damage: [Double] = [], bytes: [Double] = []
        for (index, state) in scene.states.enumerated() {
            let began = clock.now
            let (frame, rects) = sequence.next(state, elapsed: scene.step * index)
            let drawn = clock.now
            let sent = scene.sink.map { $0.push(frame, damage: rects) } ?? 0
            let pushed = clock.now
            // The first frame initialises the panel and fills it: it is not a typical frame.
            guard index > 0 || scene.states.count == 1 else { continue }
            render.append(microseconds(drawn - began))
            encode.append(microseconds(pushed - drawn))
            total.append(microseconds(pushed - began))
            damage.append(Double(Damage.area(rects)))
            bytes.append(Double(sent))
        }
        var result = BenchResult(
            scene: scene.name, width: scene.options.width, height: scene.options.height,
            format: scene.options.format.rawValue, frames: scene.states.count,
            renderMedian: median(render), damageMedian: median(damage))
        if let sink = scene.sink {
            result.encodeMedian = median(encode)
            result.frameMedian = median(total)
            result.bytesDamageMedian = median(bytes)
            // Whole frames, as after a reset: layout + encode of everything.
            let renderer = BoardRenderer(options: scene.options)
            var full: [Double] = []
            for state in scene.states.prefix(50) {
                sink.prepareWholeFrame()
                let began = clock.now
                let frame = renderer.render(state)
                result.bytesFull = sink.push(frame, damage: [frame.bounds])
                full.append(microseconds(clock.now - began))
            }
            result.fullFrameMedian = median(full)
        }
        return result
    }

    static func microseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

public struct BenchResult: Sendable {
    public var scene: String
    public var width: Int
    public var height: Int
    public var format: String
    public var frames: Int
    public var renderMedian: Double
    public var damageMedian: Double
    public var encodeMedian: Double?
    public var frameMedian: Double?
    public var fullFrameMedian: Double?
    public var bytesFull: Int?
    public var bytesDamageMedian: Double?

    public var text: String {
        var line =
            "\(scene): \(width)×\(height) \(format), \(frames) frames: layout + raster \(formatted(renderMedian)) µs, damage \(Int(damageMedian)) px"
        if let encodeMedian, let frameMedian, let fullFrameMedian, let bytesFull, let bytesDamageMedian {
            line +=
                "; encode \(formatted(encodeMedian)) µs, frame \(formatted(frameMedian)) µs, full frame \(formatted(fullFrameMedian)) µs; "
            line += "bytes: full \(bytesFull), per frame \(Int(bytesDamageMedian))"
        }
        return line + " (medians)\n"
    }

    public static func json(_ results: [BenchResult]) -> String {
        "["
            + results.map { result in
                var fields = [
                    "\"scene\": \"\(result.scene)\"", "\"width\": \(result.width)", "\"height\": \(result.height)",
                    "\"format\": \"\(result.format)\"", "\"frames\": \(result.frames)",
                    "\"render_us_median\": \(formatted(result.renderMedian))", "\"damage_px_median\": \(Int(result.damageMedian))",
                ]
                fields.append("\"encode_us_median\": " + (result.encodeMedian.map(formatted) ?? "null"))
                fields.append("\"frame_us_median\": " + (result.frameMedian.map(formatted) ?? "null"))
                fields.append("\"full_frame_us_median\": " + (result.fullFrameMedian.map(formatted) ?? "null"))
                fields.append("\"bytes_full\": " + (result.bytesFull.map(String.init) ?? "null"))
                fields.append("\"bytes_damage_median\": " + (result.bytesDamageMedian.map { String(Int($0)) } ?? "null"))
                return "{" + fields.joined(separator: ", ") + "}"
            }.joined(separator: ", ") + "]\n"
    }
}

func formatted(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
}

/// Rows for synthetic scenes.
enum BenchRow {
    static func make(route: String, headsign: String, minutes: Int, minutesLate: Int?, index: Int) -> DepartureRow {
        var row = DepartureRow(
            ResolvedDeparture(
                departure: Departure(
                    tripID: "bench-\(index)", routeShortName: route, headsign: headsign,
                    scheduledTimeSecs: 0, realtimeTimeSecs: 0, delaySeconds: 0, isRealtime: true),
                serviceDay: CivilDate(year: 2026, month: 11, day: 23), scheduledInstant: .benchStart, instant: .benchStart),
            now: .benchStart, zone: .utc)
        // Its words follow from the numbers (`RowWords`), as on a sign.
        row.minutes = minutes
        row.delaySeconds = (minutesLate ?? 0) * 60
        row.time = "09:\(minutes < 10 ? "0" : "")\(minutes)"
        return row
    }
}

extension Date {
    /// 2026-11-23T09:30:00+11:00: scenes start at a fixed instant so runs compare.
    static let benchStart = Date(timeIntervalSince1970: 1_795_386_600)
}
