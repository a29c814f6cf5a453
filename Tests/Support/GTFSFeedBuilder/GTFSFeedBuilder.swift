import Foundation
import ZIPFoundation

/// Writes GTFS zips for tests and benchmarks: small ones from literal file contents, and a
/// large regular one whose stop_times.txt is streamed to disk row by row.
public enum GTFSFeedBuilder {
    /// Zips `files` (member name → exact bytes as text, so CRLF and BOMs survive) into `zipPath`.
    public static func writeZip(_ files: [String: String], to zipPath: String) throws {
        let folder = zipPath + ".members"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in files {
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        try zip(names: files.keys.sorted(), in: folder, to: zipPath)
    }

    /// Deflates the named files of `folder` into a new archive at `zipPath`.
    public static func zip(names: [String], in folder: String, to zipPath: String) throws {
        try? FileManager.default.removeItem(atPath: zipPath)
        let archive = try Archive(url: URL(fileURLWithPath: zipPath), accessMode: .create)
        for name in names {
            try archive.addEntry(with: name, fileURL: URL(fileURLWithPath: folder + "/" + name), compressionMethod: .deflate)
        }
    }
}

/// A large, regular feed: `routes` routes of `stopsPerTrip` stops each, trips spread over
/// the routes round-robin, every trip running daily through 2026.
///
/// Trip `i` runs on route `i % routes` and calls at stop `k` of that route at
/// 05:00 + (i / routes) × 10 min + k × 90 s. `wide` rows carry the columns big agencies
/// publish besides the required five (stop_headsign, pickup and drop-off types, distance,
/// timepoint), so a row has the bytes of theirs.
public struct LargeFeed: Sendable {
    public let trips: Int
    public let routes: Int
    public let stopsPerTrip: Int
    public let wide: Bool

    public init(stopTimesRows: Int, routes: Int = 200, stopsPerTrip: Int = 50, wide: Bool = false) {
        self.stopsPerTrip = max(1, stopsPerTrip)
        trips = max(1, stopTimesRows / self.stopsPerTrip)
        self.routes = max(1, min(routes, trips))
        self.wide = wide
    }

    public var stopTimesRows: Int { trips * stopsPerTrip }
    public static func stopID(route: Int, index: Int) -> String { "R\(route)-S\(index)" }
    public static func tripID(_ trip: Int) -> String { "T\(trip)" }
    public func route(ofTrip trip: Int) -> Int { trip % routes }
    public func departureSecs(trip: Int, stopIndex: Int) -> Int { 18_000 + (trip / routes) * 600 + stopIndex * 90 }
    public func trips(onRoute route: Int) -> [Int] { Array(stride(from: route, to: trips, by: routes)) }

    /// Writes the members into `folder` (stop_times.txt streamed) and zips them to `zipPath`.
    public func write(to zipPath: String, folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var small: [String: String] = [
            "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nA,Big Transit,https://example.invalid,Australia/Sydney\n",
            "calendar.txt":
                "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nDAILY,1,1,1,1,1,1,1,20260101,20261231\n",
        ]
        small["routes.txt"] =
            "route_id,route_short_name,route_long_name,route_type\n"
            + (0..<routes).map { "R\($0),\($0),Route \($0),3\n" }.joined()
        small["stops.txt"] =
            "stop_id,stop_name,stop_lat,stop_lon\n"
            + (0..<routes).flatMap { r in (0..<stopsPerTrip).map { "\(Self.stopID(route: r, index: $0)),Stop \($0) of \(r),-33.8,151.2\n" }
            }.joined()
        for (name, text) in small {
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        try withWriter(folder + "/trips.txt") { out in
            out.append("route_id,service_id,trip_id,trip_headsign,direction_id\n")
            for trip in 0..<trips { out.append("R\(route(ofTrip: trip)),DAILY,\(Self.tripID(trip)),Terminus \(route(ofTrip: trip)),0\n") }
        }
        try withWriter(folder + "/stop_times.txt") { out in
            out.append(
                "trip_id,arrival_time,departure_time,stop_id,stop_sequence"
                    + (wide ? ",stop_headsign,pickup_type,drop_off_type,shape_dist_traveled,timepoint\n" : "\n"))
            for trip in 0..<trips {
                let tripID = Self.tripID(trip), route = route(ofTrip: trip)
                for k in 0..<stopsPerTrip {
                    let time = Self.timeText(departureSecs(trip: trip, stopIndex: k))
                    out.append("\(tripID),\(time),\(time),\(Self.stopID(route: route, index: k)),\(k + 1)")
                    out.append(wide ? ",,0,0,\(k * 731 / 10).\(k * 731 % 10),1\n" : "\n")
                }
            }
        }
        try GTFSFeedBuilder.zip(names: small.keys.sorted() + ["trips.txt", "stop_times.txt"], in: folder, to: zipPath)
    }

    private static func timeText(_ secs: Int) -> String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : String(v) }
        return "\(two(secs / 3_600)):\(two(secs / 60 % 60)):\(two(secs % 60))"
    }

    private func withWriter(_ path: String, _ body: (inout BufferedWriter) throws -> Void) throws {
        guard let file = fopen(path, "w") else { throw CocoaError(.fileWriteUnknown) }
        defer { fclose(file) }
        var writer = BufferedWriter(file: file)
        try body(&writer)
        writer.flush()
    }
}

/// Appends text to a 1 MiB buffer and writes it out when full, so generating a feed never
/// holds more than that.
struct BufferedWriter {
    let file: UnsafeMutablePointer<FILE>
    var buffer: [UInt8] = []

    init(file: UnsafeMutablePointer<FILE>) {
        self.file = file
        buffer.reserveCapacity(1 << 20)
    }

    mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 20 { flush() }
    }

    mutating func flush() {
        buffer.withUnsafeBytes { _ = fwrite($0.baseAddress, 1, $0.count, file) }
        buffer.removeAll(keepingCapacity: true)
    }
}
