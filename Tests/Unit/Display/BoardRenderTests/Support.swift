import BoardRender
import DeparturesCore
import DisplayBackends
import Foundation
import TestPaths
import Framebuffer
import Testing
import ZoneInfo

/// Shared scenes for the layout tests: bundled fonts, a fixed clock, fixed rows.
enum Scene {
    static let packageRoot = PackageRoot.url
    static let sydney: TimeZoneRules = {
        do { return try TimeZoneRules.load("Australia/Sydney") } catch { fatalError("\(error)") }
    }()
    static let now = Date(timeIntervalSince1970: 1_795_386_600)  // 2026-11-23T09:30:00+11:00

    static func font(_ name: String) -> BDFFont {
        do {
            return try BDFFont.load(path: packageRoot.appendingPathComponent("Fonts/\(name).bdf").path)
        } catch {
            fatalError("bundled font \(name): \(error)")
        }
    }

    static let dejaVuPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static var hasDejaVu: Bool { FileManager.default.isReadableFile(atPath: dejaVuPath) }

    static func row(
        _ trip: String, _ route: String, _ headsign: String, minutes: Int, minutesLate: Int? = nil,
        realtime: Bool = true
    ) -> DepartureRow {
        let instant = now.addingTimeInterval(Double(minutes * 60 + 20))
        let departure = Departure(
            tripID: trip, routeShortName: route, headsign: headsign, scheduledTimeSecs: 0,
            realtimeTimeSecs: 0, delaySeconds: (minutesLate ?? 0) * 60, isRealtime: realtime)
        return DepartureRow(
            ResolvedDeparture(
                departure: departure, serviceDay: CivilDate(year: 2026, month: 11, day: 23),
                scheduledInstant: instant, instant: instant), now: now, zone: sydney)
    }

    static let rows: [DepartureRow] = [
        row("a", "T1", "Emu Plains", minutes: 2, minutesLate: 2),
        row("b", "T4", "Cronulla", minutes: 5),
        row("c", "T8", "Macarthur via Airport and Sydenham", minutes: 9, minutesLate: 1),
        row("d", "M1", "Tallawong", minutes: 12, realtime: false),
        row("e", "333", "Bondi Beach", minutes: 14),
        row("f", "L2", "Randwick", minutes: 17, minutesLate: 4),
        row("g", "T9", "Hornsby via Strathfield", minutes: 21),
        row("h", "T1", "Berowra", minutes: 26, realtime: false),
    ]

    static func state(_ status: BoardStatus, rows: [DepartureRow] = Scene.rows, message: String? = nil) -> BoardState {
        BoardState(
            boardName: "Central Station", now: now, status: status, message: message,
            updated: status == .loading ? nil : now.addingTimeInterval(-180), rows: rows, zone: sydney)
    }

    static func options(
        _ width: Int, _ height: Int, _ format: PixelFormat, font: any Font, rotation: Int = 0,
        style: LayoutOptions.Style? = nil, overflow: LayoutOptions.Overflow = .ellipsis,
        routeColors: [String: RGB] = [:], scrollSpeed: Int = 24
    ) -> LayoutOptions {
        LayoutOptions(
            width: width, height: height, format: format, rotation: rotation, style: style, font: font,
            overflow: overflow, pageInterval: .seconds(8), palette: Palette(format: format, routeColors: routeColors),
            scrollSpeed: scrollSpeed)
    }
}

/// Compares a frame's PNG with `Golden/<name>.png` byte for byte. A mismatch (or a missing
/// golden) writes `Golden/<name>.actual.png` beside it for inspection.
func expectGolden(_ frame: Framebuffer, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let png = try ImageEncoder.encode(frame, as: .png)
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    let golden = folder.appendingPathComponent(name + ".png")
    let actual = folder.appendingPathComponent(name + ".actual.png")
    let expected = FileManager.default.contents(atPath: golden.path)
    if expected.map(Array.init) != png {
        try Data(png).write(to: actual)
        Issue.record("\(name).png differs from its golden (or has none); wrote \(actual.path)", sourceLocation: sourceLocation)
    } else {
        try? FileManager.default.removeItem(at: actual)
    }
}
