import DeparturesCore
import FeedKit
#if canImport(Glibc)
import Glibc
#endif
public import BoardConfig
public import GTFSSchedule
import GTFSSource
public import HTTPFetch

/// `gtfs stops FEED|URL --name … | --near …`: finds stop ids in an agency's feed so nobody
/// opens stops.txt by hand. A URL is downloaded to a temporary file first (with the board's
/// API key and proxy when a board is named).
public enum StopSearch {
    public static func run(
        feed: String, name: String?, near: (latitude: Double, longitude: Double)?, member: String?,
        limit: Int, board: BoardFile?, proxyEnvironment: ProxyEnvironment
    ) async throws(AssemblyError) -> [GTFSStopMatch] {
        var zipPath = feed
        var downloaded: String?
        defer { if let downloaded { unlink(downloaded) } }
        if feed.hasPrefix("http://") || feed.hasPrefix("https://") {
            let path = (getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp") + "/departure-board-stops-\(getpid()).zip"
            var url = feed
            var headers: [HTTPHeader] = []
            if let board, let key = BoardSetup.apiKey(board.source) {
                do { try key.add(to: &url, headers: &headers, queryName: nil) } catch {
                    throw AssemblyError(.boardFile, "\(board.path): \(error.detail)")
                }
            }
            let request = HTTPRequest(
                url: url, headers: headers, limits: ScheduleUpdater.Settings.downloadLimits,
                bodyFile: path)
            downloaded = path
            let response: HTTPResponse
            do {
                response = try await BoardSetup.httpClient(board?.source, proxyEnvironment: proxyEnvironment).get(request)
            } catch {
                throw AssemblyError(.unavailable, "\(ScheduleUpdater.redacted(feed)): \(error)")
            }
            guard (200..<300).contains(response.status) else {
                throw AssemblyError(.unavailable, "HTTP \(response.status) from \(ScheduleUpdater.redacted(feed))\(response.throughProxy)")
            }
            zipPath = path
        } else {
            try NamedInput.checkReadable(feed)
        }
        do {
            return try GTFSStopFinder.search(zipPath: zipPath, member: member, name: name, near: near, limit: limit)
        } catch {
            throw .refusedFeed(feed, error)
        }
    }

    /// One line per stop: id, name, platform, station, distance.
    public static func lines(_ matches: [GTFSStopMatch]) -> [String] {
        let idWidth = min(24, matches.map(\.stopID.count).max() ?? 0)
        return matches.map { match in
            var line = match.stopID + String(repeating: " ", count: max(0, idWidth - match.stopID.count)) + "  " + match.name
            if match.locationType == 1 { line += "  (station: covers its platforms)" }
            if let platform = match.platformCode, !platform.isEmpty { line += "  platform " + platform }
            if let parent = match.parentStationID {
                line += "  in " + parent + (match.parentStationName.map { " " + $0 } ?? "")
            }
            if let metres = match.distanceMetres { line += "  \(Int(metres.rounded())) m" }
            return line
        }
    }
}
