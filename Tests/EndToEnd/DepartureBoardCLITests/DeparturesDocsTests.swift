import DeparturesCore
import Foundation
import Testing

/// The board reference's "Departures JSON" page (Boards/docs/source-api-file.md) is what people write
/// `--departures` files and APIs from: its example must render, and its table must name
/// every key the code reads.
struct DeparturesDocsTests {
    static let document = "Boards/docs/source-api-file.md"
    static let heading = "# Departures JSON"

    /// The section's text, up to the next heading of any level.
    static func section() throws -> String {
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent(document), encoding: .utf8)
        let start = try #require(readme.range(of: heading), "\(document) has no '\(heading)' section")
        let rest = readme[start.upperBound...]
        let end = rest.range(of: "\n#")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    @Test func theDocumentedExampleRendersAsDocumented() async throws {
        let text = try Self.section()
        let open = try #require(text.range(of: "```json\n"))
        let close = try #require(text.range(of: "```", range: open.upperBound..<text.endIndex))
        let scratch = try ScratchDirectory()
        let file = try scratch.write("departures.json", String(text[open.upperBound..<close.lowerBound]))
        let run = try await CLI.run([
            "render", "--departures", file, "--now", "2026-11-23T09:30:00+11:00",
            "--output", scratch.path("rows.txt"),
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try scratch.read("rows.txt")
        #expect(rows.contains("T1  Emu Plains  +2 min  5 min  09:35"), "\(rows)")
        #expect(rows.contains("T9  Hornsby") && rows.lowercased().contains("cancelled"), "\(rows)")
    }

    @Test func theTableNamesEveryKeyTheCodeReads() throws {
        let text = try Self.section()
        let documented = Set(
            text.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("| `") else { return nil }
                return line.dropFirst(3).split(separator: "`").first.map(String.init)
            })
        // Every optional field set, so the encoder writes every key it knows.
        let full = Departure(
            tripID: "t", routeShortName: "r", headsign: "h", scheduledTimeSecs: 1, realtimeTimeSecs: 1,
            delaySeconds: 0, isRealtime: true, platform: "1", isCancelled: true, isEstimated: true,
            isDropOffOnly: true, routeColor: "F99D1C", routeTextColor: "000000",
            occupancy: .standing, occupancyPercent: 80, carriages: [.full, nil], alertIDs: ["a"])
        let alert = ServiceAlert(
            id: "a", header: "h", description: "d", cause: .strike, effect: .noService, severity: .severe,
            periods: [ActivePeriod(start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 60))],
            scopes: [AlertScope(route: "r"), AlertScope(stop: "s"), AlertScope(trip: "t")])
        let encoded = try JSONEncoder().encode(DeparturesResponse(data: [full], alerts: [alert]))
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        let row = try #require((object["data"] as? [[String: Any]])?.first)
        let alertKeys = try #require((object["alerts"] as? [[String: Any]])?.first).keys
        let code = Set(row.keys).union(object.keys).union(alertKeys)
        #expect(documented == code, "documented \(documented.sorted()), code \(code.sorted())")
    }
}
