public import BoardConfig
public import DeparturesCore
import GTFSSchedule
public import Logging
public import ZoneInfo
public import HTTPFetch

/// A board file read and its zone loaded: everything the departures side needs. The one
/// place that knows both the board file and the core; no device is opened here.
public struct BoardSetup: Sendable {
    /// Where departures come from when a caller overrides the board's own source.
    public enum SourceOverride: Sendable, Equatable {
        case none
        case file(String)
        case api(baseURL: String, stopID: String)
    }

    /// The preview board (a desktop preview on the demo timetable): a checkout's, else the
    /// installed one.
    public static var defaultBoardPath: String { PreviewBoard.path() }

    public let board: BoardFile
    public let zone: TimeZoneRules
    public let override: SourceOverride
    /// The proxy variables of the program's environment, read once by the front end.
    public let proxyEnvironment: ProxyEnvironment

    /// Zones from the system's tzdata, with suggestions for misspelt names and abbreviations
    /// (read as of the moment of the check: `AEST` names the zones that use it now).
    public static let systemZones = ZoneCheck(
        exists: { ZoneInfoDatabase.system.contains($0) },
        names: { ZoneInfoDatabase.system.zoneNames() },
        usingAbbreviation: { ZoneInfoDatabase.system.zones(usingAbbreviation: $0, atUnixSeconds: SystemBoardClock().now.unixSeconds) })

    /// Reads and validates a board file (the preview board when `path` is nil).
    public static func loadBoardFile(path: String?) throws(AssemblyError) -> BoardFile {
        let loader = BoardFileLoader(zones: systemZones)
        do {
            return try loader.load(path: path ?? defaultBoardPath)
        } catch {
            throw AssemblyError(.boardFile, error.description)
        }
    }

    /// `proxyEnvironment` decides the proxy unless the board's `proxy:` does; empty: direct.
    public init(
        path: String?, override: SourceOverride = .none,
        proxyEnvironment: ProxyEnvironment = ProxyEnvironment()
    ) throws(AssemblyError) {
        try self.init(board: Self.loadBoardFile(path: path), override: override, proxyEnvironment: proxyEnvironment)
    }

    public init(
        board: BoardFile, override: SourceOverride = .none,
        proxyEnvironment: ProxyEnvironment = ProxyEnvironment()
    ) throws(AssemblyError) {
        // The zone and the sun's place may both come from the feed: one store, opened once.
        let feed = FirstFeedStore(board)
        self.board = try Self.withPlaceFromFeed(board, feed)
        self.override = override
        self.proxyEnvironment = proxyEnvironment
        let name = try Self.zoneName(board, feed)
        do {
            zone = try TimeZoneRules.load(name)
        } catch {
            throw AssemblyError(.boardFile, "\(board.path): timezone: \(error)")
        }
    }

    private init(board: BoardFile, zone: TimeZoneRules, override: SourceOverride, proxyEnvironment: ProxyEnvironment) {
        self.board = board
        self.zone = zone
        self.override = override
        self.proxyEnvironment = proxyEnvironment
    }

    /// The board as one of its sources sees it (`board.source` is that source): what the
    /// repository, the policy, the client and the checks of one source read.
    func forSource(_ index: Int) -> BoardSetup {
        BoardSetup(board: board.withSource(index), zone: zone, override: override, proxyEnvironment: proxyEnvironment)
    }

    /// One setup per source, in `sources:` order; with an override, the override alone.
    public var perSource: [BoardSetup] {
        override == .none ? board.sources.indices.map(forSource) : [forSource(0)]
    }

    /// The board's own `timezone`; for a GTFS board without one, the agency's from the
    /// store of its first GTFS source.
    private static func zoneName(_ board: BoardFile, _ feed: FirstFeedStore?) throws(AssemblyError) -> String {
        guard !board.timezoneIsExplicit, let feed else { return board.timezone }
        switch feed.store {
        case .success(let store):
            return store.agencyTimezone
        case .failure(let error):
            throw AssemblyError(
                .boardFile,
                "\(board.path): \(board.sectionName(ofSource: feed.index)).store: \(error); "
                    + "\(GTFSStoreStatus.importHint(board, source: feed.index)) or set the board's timezone")
        }
    }

    /// `brightness:` without `latitude`/`longitude` on a GTFS board: the sun of the first GTFS
    /// source's first stop (its station's place where the stop has none), as the zone is
    /// the feed's. The sun's modes cannot work without a place; a sensor then has no sun to
    /// fall back on, which is no error.
    private static func withPlaceFromFeed(_ board: BoardFile, _ feed: FirstFeedStore?) throws(AssemblyError) -> BoardFile {
        guard let brightness = board.brightness, brightness.latitude == nil, brightness.longitude == nil,
            let feed, let stop = feed.gtfs.stopIDs.first
        else { return board }
        let needed = brightness.mode == .sun || brightness.offAtNight
        let place: (latitude: Double, longitude: Double)?
        let why: String
        switch feed.store {
        case .success(let store):
            place = store.coordinates(stopID: stop)
            why = "which has none for it (a store imported before version 0.22, or a feed without stop_lat/stop_lon)"
        case .failure(let error):
            place = nil
            why = "which cannot be read: \(error)"
        }
        guard let place else {
            guard !needed else {
                throw AssemblyError(
                    .boardFile,
                    "\(board.path): brightness: \(brightness.mode == .sun ? "mode: sun" : "off_below: night") "
                        + "takes the place of stop \(stop) from the GTFS store, \(why); "
                        + "\(GTFSStoreStatus.importHint(board, source: feed.index)) or give latitude and longitude")
            }
            return board
        }
        var placed = board
        placed.brightness?.latitude = place.latitude
        placed.brightness?.longitude = place.longitude
        return placed
    }

    /// The first GTFS source's store, opened on the first question and only once.
    private final class FirstFeedStore {
        let index: Int
        let gtfs: GTFSSourceSettings
        private(set) lazy var store: Result<GTFSStore, GTFSStoreError> = Result { () throws(GTFSStoreError) in
            try GTFSStore(path: gtfs.storePath)
        }

        /// nil for a board without a GTFS source.
        init?(_ board: BoardFile) {
            guard let index = board.gtfsSourceIndices.first, let gtfs = board.sources[index].gtfs else { return nil }
            self.index = index
            self.gtfs = gtfs
        }
    }

    /// True when the departures come from a local file the user controls: data that breaks
    /// the contract is then an input error, not a source outage.
    var readsLocalFile: Bool {
        switch override {
        case .file: return true
        case .api: return false
        case .none: return board.source.kind == .file
        }
    }

    /// The client every fetch of this board goes through: the board's `proxy:` over the environment's.
    public var httpClient: HTTPFetchClient {
        Self.httpClient(board.source, proxyEnvironment: proxyEnvironment)
    }

    public var rules: DepartureRules {
        DepartureRules(
            calendar: ServiceDayCalendar(zone: zone),
            departedGrace: board.departures.departedGrace,
            limit: board.departures.limit,
            unreachable: unreachable)
    }

    /// The config's choice as the core's (a switch, so a new case fails to compile here).
    private var unreachable: UnreachableRows {
        switch board.departures.unreachable {
        case .hide: return .hide
        case .show: return .show
        }
    }

    public var policy: RefreshPolicy {
        RefreshPolicy(
            interval: board.source.refreshInterval,
            maxBackoff: board.departures.maxBackoff,
            staleLimit: board.source.staleLimit ?? board.departures.staleLimit)
    }

    /// The board's view model over its sources (or the override), not yet started.
    @MainActor
    public func viewModel(clock: any BoardClock, logger: Logger = BoardSetup.quietLogger) -> BoardViewModel {
        BoardViewModel(
            boardName: board.name, sources: perSource.map { $0.boardSource(clock: clock, logger: logger) },
            rules: rules, clock: clock)
    }

    /// This setup's one source for the view model: where it is, its repository and policy.
    func boardSource(clock: any BoardClock, logger: Logger) -> BoardSource {
        let settings = board.source
        // An override replaces the board's stop, so none of its place applies.
        let place =
            override == .none
            ? SourcePlace(label: settings.label, walk: settings.walk, feed: feedName)
            : SourcePlace(feed: feedName)
        var sourceRules = rules
        // Rows too soon to walk to drop out between refreshes; the board's limit applies
        // after that, so one source's rows are not cut to it first.
        if place.walk > .zero { sourceRules.limit = .max }
        return BoardSource(
            place: place,
            useCase: LoadDeparturesUseCase(
                repository: repository(clock: clock, logger: logger),
                rules: sourceRules), policy: policy)
    }

    /// What names the feed this source's trip ids come from, so two sources of one feed
    /// show a trip once.
    public var feedName: String {
        switch override {
        case .file(let path): return "file:" + path
        case .api(let baseURL, _): return "api:" + baseURL
        case .none:
            let source = board.source
            switch source.kindSettings {
            case .demo: return "demo"
            case .file(let path): return "file:" + path
            case .api(let api, _): return "api:" + api.baseURL
            case .gtfs(let gtfs, _): return "gtfs:" + gtfs.storePath
            // One server's trip ids are its agencies' (`1_15551341`), whatever the stop.
            case .onebusaway(let server, _): return "onebusaway:" + server.baseURL
            // Journeys (DatedVehicleJourneyRef) are the server's, whatever the stop.
            case .siri(let siri, _): return "siri:" + siri.url
            // With trip ids of the server's, its trips are one whatever the stop; without, each
            // row's made-up id is its stop's alone.
            case .json(let json, _):
                let mapsTrips = json.mapping.fields[.tripID] != nil
                return "json:" + json.url + (mapsTrips ? "" : " " + (json.stopID ?? "") + " " + (json.body ?? ""))
            }
        }
    }

    /// One refresh and the state it leaves, for one-shot renders: the state is written
    /// even when a fetch failed (`lastError` says why; a local file's failure first, as the
    /// user's to mend, and `fromLocalFile` says it is one).
    @MainActor
    public func snapshot(
        clock: any BoardClock
    ) async
        -> (state: BoardState, lastError: DeparturesError?, fromLocalFile: Bool)
    {
        let viewModel = viewModel(clock: clock)
        await viewModel.refresh()
        let failures = zip(perSource, viewModel.sourceStates).compactMap { setup, state in
            state.lastError.map { (error: $0, local: setup.readsLocalFile) }
        }
        let shown = failures.first(where: \.local) ?? failures.first
        return (viewModel.state(at: clock.now), shown?.error, shown?.local ?? false)
    }
}
