import BoardConfig
import DeparturesCore
import GTFSRealtime
import GTFSSchedule
import GTFSSource
import ZoneInfo

/// Turns a board file (and command-line overrides) into the running parts: zone, source,
/// use case and view model. The one place that knows both the config and the core.
struct BoardAssembly {
    /// Where departures come from when the command line overrides the board's source.
    enum SourceOverride: Equatable {
        case none
        case file(String)
        case api(baseURL: String, stopID: String)
    }

    static let defaultBoardPath = "Boards/preview.yaml"

    let board: BoardFile
    let zone: TimeZoneRules
    let override: SourceOverride

    static func loadBoard(path: String?) throws(CLIFailure) -> BoardFile {
        let loader = BoardFileLoader(zoneExists: { ZoneInfoDatabase.system.contains($0) })
        do {
            return try loader.load(path: path ?? defaultBoardPath)
        } catch {
            throw CLIFailure(.configError, error.description)
        }
    }

    init(board: BoardFile, override: SourceOverride) throws(CLIFailure) {
        self.board = board
        self.override = override
        let name = try Self.zoneName(board)
        do {
            zone = try TimeZoneRules.load(name)
        } catch {
            throw CLIFailure(.configError, "\(board.path): timezone: \(error)")
        }
    }

    /// The board's own `timezone`; for a GTFS board without one, the agency's from its store.
    private static func zoneName(_ board: BoardFile) throws(CLIFailure) -> String {
        guard board.source.kind == .gtfs, !board.timezoneIsExplicit, let gtfs = board.source.gtfs else {
            return board.timezone
        }
        do {
            return try GTFSStore(path: gtfs.storePath).agencyTimezone
        } catch {
            throw CLIFailure(.configError, "\(board.path): source.store: \(error); import the feed first "
                             + "(departure-board gtfs import FEED.zip --board \(board.path)) or set the board's timezone")
        }
    }

    /// True when the departures come from a local file the user controls: data that breaks
    /// the contract is then an input error (exit 65), not a source outage.
    var readsLocalFile: Bool {
        switch override {
        case .file: return true
        case .api: return false
        case .none: return board.source.kind == .file
        }
    }

    func repository(clock: any BoardClock) -> any DeparturesRepository {
        let source = board.source
        switch override {
        case .file(let path):
            return FileDeparturesRepository(path: path)
        case .api(let baseURL, let stopID):
            return httpRepository(baseURL: baseURL, stopID: stopID)
        case .none:
            switch source.kind {
            case .demo:
                return DemoDeparturesRepository(calendar: ServiceDayCalendar(zone: zone), clock: clock)
            case .file:
                return FileDeparturesRepository(path: source.filePath ?? "")
            case .api:
                return httpRepository(baseURL: source.baseURL ?? "", stopID: source.stopID ?? "")
            case .gtfs:
                return gtfsRepository(clock: clock)
            }
        }
    }

    private var apiKey: APIKey? {
        let source = board.source
        return source.apiKey.map { key -> APIKey in
            switch key {
            case .environment(let name):
                return APIKey(header: source.apiKeyHeader, source: .environment(name), valuePrefix: source.apiKeyPrefix)
            case .file(let path):
                return APIKey(header: source.apiKeyHeader, source: .file(path), valuePrefix: source.apiKeyPrefix)
            }
        }
    }

    private func gtfsRepository(clock: any BoardClock) -> GTFSDeparturesRepository {
        let source = board.source
        let gtfs = source.gtfs ?? GTFSSourceSettings(storePath: "", stopIDs: [])
        let routes = gtfs.routes.isEmpty ? nil : Set(gtfs.routes)
        // A route is named by id or short name; the store's filter keeps either match.
        let filter = GTFSFilter(routeIDs: routes, routeShortNames: routes, headsignContains: gtfs.headsignContains,
                                directionID: gtfs.directionID)
        let feed = { (url: String) in
            TripUpdatesFetcher.Settings(url: url, apiKey: self.apiKey, requestTimeout: source.requestTimeout,
                                        resourceTimeout: source.resourceTimeout,
                                        maxResponseBytes: max(source.maxResponseBytes, 8 << 20))
        }
        return GTFSDeparturesRepository(
            settings: .init(storePath: gtfs.storePath, stopIDs: Set(gtfs.stopIDs), filter: filter, window: gtfs.window,
                            zone: zone, tripUpdates: gtfs.tripUpdatesURL.map(feed), alerts: gtfs.alertsURL.map(feed),
                            realtimeMaxAge: gtfs.realtimeMaxAge, backoff: policy),
            clock: clock)
    }

    private func httpRepository(baseURL: String, stopID: String) -> HTTPDeparturesRepository {
        let source = board.source
        return HTTPDeparturesRepository(settings: .init(
            baseURL: baseURL, stopID: stopID, apiKey: apiKey,
            requestTimeout: source.requestTimeout, resourceTimeout: source.resourceTimeout,
            maxResponseBytes: source.maxResponseBytes))
    }

    var rules: DepartureRules {
        DepartureRules(calendar: ServiceDayCalendar(zone: zone),
                       departedGrace: board.departures.departedGrace,
                       limit: board.departures.limit)
    }

    var policy: RefreshPolicy {
        RefreshPolicy(interval: board.source.refreshInterval,
                      maxBackoff: board.departures.maxBackoff,
                      staleLimit: board.departures.staleLimit)
    }

    @MainActor
    func viewModel(clock: any BoardClock) -> BoardViewModel {
        BoardViewModel(
            boardName: board.name,
            useCase: LoadDeparturesUseCase(repository: repository(clock: clock), rules: rules),
            clock: clock, policy: policy)
    }
}
