import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BoardRender
import DeparturesCore
import Framebuffer
import ZoneInfo

/// `bench`: measures layout + rasterisation per frame on fixed scenes, so performance is
/// reported as figures from the project's own code rather than asserted in tests.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure rendering speed and damaged area per frame.",
        discussion: """
            Scenes: ssd1322 (256×64 gray4, three rows and a clock, every countdown changing \
            each frame) and preview (the preview board at its display size). Build with \
            -c release for meaningful figures.
            """
    )

    @Option(help: "Frames per scene.")
    var frames = 500

    @Flag(help: "Print a JSON array, one object per scene.")
    var json = false

    func validate() throws {
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1.") }
    }

    func run() async throws {
        do {
            let results = try await [Self.ssd1322(frames: frames), Self.preview(frames: frames)]
            Console.raw(json ? BenchResult.json(results) : results.map(\.text).joined())
        } catch {
            throw error.exit()
        }
    }

    /// A 256×64 greyscale OLED: three departures and the clock, all countdowns moving each frame.
    static func ssd1322(frames: Int) throws(CLIFailure) -> BenchResult {
        let zone = try loadZone("Australia/Sydney")
        let font: any Font
        do {
            font = try BDFFont.load(path: try FontLocator.bundledFont("board-6x12", boardPath: "Boards/ssd1322-spi.yaml"))
        } catch let error as CLIFailure {
            throw error
        } catch {
            throw CLIFailure(.configError, "bench: \(error)")
        }
        let options = LayoutOptions(width: 256, height: 64, format: .gray4, rows: 3, font: font, zone: zone)
        let start = Date.benchStart
        let states = (0..<frames).map { frame -> BoardState in
            let now = start.addingTimeInterval(Double(frame) * 60)
            let rows = [("T1", "Emu Plains", 3, "+2 min"), ("T4", "Cronulla", 9, nil), ("T8", "Macarthur via Airport", 14, "+1 min")]
                .enumerated().map { index, item in
                    BenchRow.make(route: item.0, headsign: item.1, minutes: (item.2 + frame) % 60, delay: item.3, index: index)
                }
            return BoardState(boardName: "Central", now: now, status: .ok, message: nil, updated: now, rows: rows)
        }
        return measure("ssd1322", options: options, states: states)
    }

    /// The preview board as `render` draws it, on successive minutes of the demo timetable.
    @MainActor
    static func preview(frames: Int) async throws(CLIFailure) -> BenchResult {
        let board = try BoardAssembly.loadBoard(path: nil)
        let assembly = try BoardAssembly(board: board, override: .none)
        let options = try DisplayAssembly(board: board, zone: assembly.zone).options
        var states: [BoardState] = []
        let start = Date.benchStart
        let calendar = ServiceDayCalendar(zone: assembly.zone)
        for frame in 0..<frames {
            let now = start.addingTimeInterval(Double(frame) * 60)
            let repository = DemoDeparturesRepository(calendar: calendar, clock: FixedBoardClock(now: now))
            let rows = assembly.rules.visible(assembly.rules.resolve(repository.timetable(at: now), now: now), now: now)
                .map { DepartureRow($0, now: now, zone: assembly.zone) }
            states.append(BoardState(boardName: board.name, now: now, status: .ok, message: nil, updated: now, rows: rows))
        }
        return measure("preview", options: options, states: states)
    }

    static func measure(_ scene: String, options: LayoutOptions, states: [BoardState]) -> BenchResult {
        var sequence = FrameSequence(renderer: BoardRenderer(options: options))
        var times: [Double] = []
        var damage: [Int] = []
        times.reserveCapacity(states.count)
        let clock = ContinuousClock()
        for state in states {
            let began = clock.now
            let (_, rects) = sequence.next(state, elapsed: .zero)
            let took = clock.now - began
            times.append(Double(took.components.seconds) * 1e6 + Double(took.components.attoseconds) / 1e12)
            damage.append(Damage.area(rects))
        }
        return BenchResult(scene: scene, width: options.width, height: options.height, format: options.format.rawValue,
                           frames: states.count, renderMedian: median(times), damageMedian: median(damage.map(Double.init)))
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func loadZone(_ identifier: String) throws(CLIFailure) -> TimeZoneRules {
        do {
            return try TimeZoneRules.load(identifier)
        } catch {
            throw CLIFailure(.configError, "bench: \(error)")
        }
    }
}

struct BenchResult {
    var scene: String
    var width: Int
    var height: Int
    var format: String
    var frames: Int
    var renderMedian: Double
    var damageMedian: Double

    var text: String {
        "\(scene): \(width)×\(height) \(format), \(frames) frames: median \(formatted(renderMedian)) µs per frame (layout + raster), median damage \(Int(damageMedian)) px\n"
    }

    static func json(_ results: [BenchResult]) -> String {
        "[" + results.map { result in
            "{\"scene\": \"\(result.scene)\", \"width\": \(result.width), \"height\": \(result.height), \"format\": \"\(result.format)\", "
                + "\"frames\": \(result.frames), \"render_us_median\": \(formatted(result.renderMedian)), \"damage_px_median\": \(Int(result.damageMedian))}"
        }.joined(separator: ", ") + "]\n"
    }
}

private func formatted(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
}

/// Rows for synthetic scenes.
enum BenchRow {
    static func make(route: String, headsign: String, minutes: Int, delay: String?, index: Int) -> DepartureRow {
        var row = DepartureRow(
            ResolvedDeparture(departure: Departure(tripID: "bench-\(index)", routeShortName: route, headsign: headsign,
                                                   scheduledTimeSecs: 0, realtimeTimeSecs: 0, delaySeconds: 0, isRealtime: true),
                              serviceDay: CivilDate(year: 2026, month: 11, day: 23), scheduledInstant: .benchStart, instant: .benchStart),
            now: .benchStart, zone: .utc)
        row.minutes = minutes
        row.countdown = minutes == 0 ? "Now" : "\(minutes) min"
        row.delay = delay
        row.time = "09:\(minutes < 10 ? "0" : "")\(minutes)"
        return row
    }
}

extension Date {
    /// 2026-11-23T09:30:00+11:00: scenes start at a fixed instant so runs compare.
    static let benchStart = Date(timeIntervalSince1970: 1_795_386_600)
}
