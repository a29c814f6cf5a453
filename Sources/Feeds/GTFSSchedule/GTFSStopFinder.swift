import DeparturesCore
#if canImport(Glibc)
import Glibc
#endif

/// A stop or station found in a feed's stops.txt, for choosing a board's `stop_ids`.
public struct GTFSStopMatch: Sendable, Hashable {
    public var stopID: String
    public var name: String
    /// `platform_code` ("3", "B"), where the feed gives one.
    public var platformCode: String?
    public var parentStationID: String?
    /// The parent station's `stop_name`, when the feed has that station.
    public var parentStationName: String?
    /// `location_type`: 0 a stop or platform, 1 a station (the only kinds a board uses).
    public var locationType: Int
    public var latitude: Double?
    public var longitude: Double?
    /// Great-circle metres from the `near` point (haversine); nil without one.
    public var distanceMetres: Double?

    public init(
        stopID: String, name: String, platformCode: String? = nil, parentStationID: String? = nil,
        parentStationName: String? = nil, locationType: Int = 0, latitude: Double? = nil,
        longitude: Double? = nil, distanceMetres: Double? = nil
    ) {
        self.stopID = stopID
        self.name = name
        self.platformCode = platformCode
        self.parentStationID = parentStationID
        self.parentStationName = parentStationName
        self.locationType = locationType
        self.latitude = latitude
        self.longitude = longitude
        self.distanceMetres = distanceMetres
    }
}

/// Finds stops in a feed zip by name and/or position, reading only its stops.txt, a row at
/// a time, keeping at most `limit` candidates.
public enum GTFSStopFinder {
    /// Stops and stations (location_type 0 and 1; entrances, nodes and boarding areas are
    /// left out) whose `stop_name` contains `name`, ignoring case and accents ("zurich hb"
    /// finds "Zürich HB"); an exact `stop_id` or `stop_code` also matches.
    ///
    /// Sorted by distance from `near` when given (stops without coordinates then left out),
    /// else by match quality: the whole name, then a name starting with `name`, then a word
    /// starting with it, then any substring; ties by shorter name, then name and id.
    ///
    /// - Parameters:
    ///   - member: the inner zip to read in a zip of zips, as for `GTFSImporter.member`.
    ///   - name: nil or blank matches every stop.
    ///   - temporaryDirectory: where a named inner zip is extracted (and removed); the
    ///     system's by default. stops.txt itself is read straight from the zip.
    public static func search(
        zipPath: String, member: String? = nil, name: String? = nil, near: (latitude: Double, longitude: Double)? = nil,
        limit: Int = 10, limits: GTFSArchiveLimits = .standard, temporaryDirectory: String = systemTemporaryDirectory()
    ) throws(GTFSImportError) -> [GTFSStopMatch] {
        let innerPath =
            (temporaryDirectory.hasSuffix("/") ? temporaryDirectory : temporaryDirectory + "/")
            + "gtfs-stop-search-\(getpid())-\(UUID().uuidString)-member.zip"
        defer { removeFile(innerPath) }
        let feed = try FeedArchive.openFeed(zipPath: zipPath, member: member, innerPath: innerPath, limits: limits)
        guard feed.has("stops.txt") else { throw .missingFile(feed.prefix + "stops.txt") }
        guard feed.declaredSize("stops.txt") != 0 else { throw ImportRun.emptyFile(feed.prefix + "stops.txt") }

        let query = StopNameQuery(name ?? "")
        var best = BoundedBest(limit: max(0, limit))
        let table = try feed.table("stops.txt")
        let columns = try StopColumns(table)
        while try table.next() {
            guard var match = columns.match(table), match.locationType <= 1 else { continue }
            guard let quality = query.quality(name: match.name, id: match.stopID, code: table[columns.code]) else { continue }
            if let near {
                guard let latitude = match.latitude, let longitude = match.longitude else { continue }
                match.distanceMetres = haversineMetres(near, (latitude, longitude))
            }
            best.offer(match, quality: quality)
        }
        var found = best.matches
        // Second pass for the parents' names: a station's row may come after its stops.
        let parents = Set(found.compactMap(\.parentStationID))
        if !parents.isEmpty {
            var names: [String: String] = [:]
            let again = try feed.table("stops.txt")
            let id = try again.required("stop_id"), stopName = again.optional("stop_name")
            while try again.next() {
                let stopID = again[id]
                if parents.contains(stopID) { names[stopID] = again[stopName] }
            }
            for index in found.indices { found[index].parentStationName = found[index].parentStationID.flatMap { names[$0] } }
        }
        return found
    }

    /// `$TMPDIR`, else /tmp.
    public static func systemTemporaryDirectory() -> String {
        getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// Great-circle distance in metres on a sphere of the Earth's mean radius.
    public static func haversineMetres(_ a: (latitude: Double, longitude: Double), _ b: (latitude: Double, longitude: Double)) -> Double {
        let radians = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * radians, dLon = (b.longitude - a.longitude) * radians
        let h = pow(sin(dLat / 2), 2) + cos(a.latitude * radians) * cos(b.latitude * radians) * pow(sin(dLon / 2), 2)
        return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
    }
}

/// The stops.txt columns the finder reads.
private struct StopColumns {
    let id: Int
    let name, code, platform, parent, type, latitude, longitude: Int?

    init(_ table: CSVTable) throws(GTFSImportError) {
        id = try table.required("stop_id")
        name = table.optional("stop_name")
        code = table.optional("stop_code")
        platform = table.optional("platform_code")
        parent = table.optional("parent_station")
        type = table.optional("location_type")
        latitude = table.optional("stop_lat")
        longitude = table.optional("stop_lon")
    }

    /// The current row, leniently: a search should not fail on one odd row.
    func match(_ table: CSVTable) -> GTFSStopMatch? {
        let stopID = table[id]
        guard !stopID.isEmpty else { return nil }
        let latitude = table[latitude].flatMap(Double.init).flatMap { (-90...90).contains($0) ? $0 : nil }
        let longitude = table[longitude].flatMap(Double.init).flatMap { (-180...180).contains($0) ? $0 : nil }
        return GTFSStopMatch(
            stopID: stopID, name: table[name] ?? "", platformCode: table[platform],
            parentStationID: table[parent], locationType: table[type].flatMap { Int($0) } ?? 0,
            latitude: latitude, longitude: longitude)
    }
}

/// The best `limit` matches so far, kept sorted.
private struct BoundedBest {
    let limit: Int
    private var entries: [(key: SortKey, match: GTFSStopMatch)] = []

    struct SortKey: Comparable {
        var distance: Double, quality: Int, length: Int, name: String, id: String
        static func < (a: SortKey, b: SortKey) -> Bool {
            (a.distance, a.quality, a.length, a.name, a.id) < (b.distance, b.quality, b.length, b.name, b.id)
        }
    }

    init(limit: Int) { self.limit = limit }

    var matches: [GTFSStopMatch] { entries.map(\.match) }

    mutating func offer(_ match: GTFSStopMatch, quality: Int) {
        let key = SortKey(
            distance: match.distanceMetres ?? 0, quality: quality, length: match.name.count,
            name: match.name, id: match.stopID)
        if entries.count == limit, let worst = entries.last, !(key < worst.key) { return }
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].key < key { low = mid + 1 } else { high = mid }
        }
        entries.insert((key, match), at: low)
        if entries.count > limit { entries.removeLast() }
    }
}
