import APISource
import BoardConfig
public import DeparturesCore
import GTFSRealtime
import GTFSSchedule
import GTFSSource
import HTTPFetch
import OneBusAwaySource
import SIRISource
import JSONMapSource
public import Logging

/// The sources are siblings behind `DeparturesRepository`: one switch picks the board's.
extension BoardSetup {
    /// `logger` receives what a source does on its own (timetable updates, realtime health,
    /// unchanged answers at debug level).
    public func repository(clock: any BoardClock, logger: Logger = BoardSetup.quietLogger) -> any DeparturesRepository {
        let source = board.source
        switch override {
        case .file(let path):
            return FileDeparturesRepository(path: path)
        case .api(let baseURL, let stopID):
            // An API in place of the board's source takes that source's fetch keys, if it has any.
            return httpRepository(baseURL: baseURL, stopID: stopID, fetch: source.fetch ?? FetchSettings(), logger: logger)
        case .none:
            switch source.kindSettings {
            case .demo:
                return DemoDeparturesRepository(calendar: ServiceDayCalendar(zone: zone), clock: clock)
            case .file(let path):
                return FileDeparturesRepository(path: path)
            case .api(let api, let fetch):
                return httpRepository(baseURL: api.baseURL, stopID: api.stopID, fetch: fetch, logger: logger)
            case .gtfs(let gtfs, let fetch):
                return gtfsRepository(gtfs, fetch, clock: clock, logger: logger)
            case .onebusaway(let server, let fetch):
                return OneBusAwayRepository(
                    settings: .init(
                        baseURL: server.baseURL, stopID: server.stopID, apiKey: Self.apiKey(fetch), limits: fetch.limits,
                        calendar: ServiceDayCalendar(zone: zone)), client: httpClient, logger: logger)
            case .siri(let siri, let fetch):
                return siriRepository(siri, fetch, clock: clock, logger: logger)
            case .json(let json, let fetch):
                return jsonRepository(json, fetch, clock: clock, logger: logger)
            }
        }
    }

    func siriRepository(
        _ siri: SIRISourceSettings, _ fetch: FetchSettings, clock: any BoardClock, logger: Logger = BoardSetup.quietLogger
    ) -> SIRIRepository {
        let method: SIRIRequest.Method =
            switch siri.request {
            case .get: .get
            case .post: .post
            case .soap: .soap
            }
        let request = SIRIRequest(
            url: siri.url, stopID: siri.stopID, lineRef: siri.lineRef,
            previewInterval: siri.previewInterval, method: method, requestorRef: siri.requestorRef)
        return SIRIRepository(
            settings: .init(
                request: request, apiKey: Self.apiKey(fetch), apiKeyQuery: siri.apiKeyQuery, routeNames: siri.routeNames,
                limits: fetch.limits, calendar: ServiceDayCalendar(zone: zone), situationsURL: siri.situationsURL,
                language: board.language), client: httpClient, clock: clock, logger: logger)
    }

    func jsonRepository(
        _ json: JSONMapSourceSettings, _ fetch: FetchSettings, clock: any BoardClock, logger: Logger = BoardSetup.quietLogger
    ) -> JSONMapRepository {
        JSONMapRepository(
            settings: .init(
                url: json.url, stopID: json.stopID, method: json.method, body: json.body, headers: json.headers,
                apiKey: Self.apiKey(fetch), apiKeyQuery: json.apiKeyQuery, mapping: json.mapping, limits: fetch.limits,
                calendar: ServiceDayCalendar(zone: zone)), client: httpClient, clock: clock, logger: logger)
    }

    /// The key a board's source sends, from its `source:` keys alone; nil for a kind that does not fetch.
    static func apiKey(_ source: SourceSettings) -> APIKey? {
        source.fetch.flatMap(apiKey)
    }

    /// The key a source that fetches sends.
    static func apiKey(_ fetch: FetchSettings) -> APIKey? {
        fetch.apiKey.map { key -> APIKey in
            switch key {
            case .environment(let name):
                return APIKey(header: fetch.apiKeyHeader, source: .environment(name), valuePrefix: fetch.apiKeyPrefix)
            case .file(let path):
                return APIKey(header: fetch.apiKeyHeader, source: .file(path), valuePrefix: fetch.apiKeyPrefix)
            }
        }
    }

    public static let quietLogger = Logger(label: "departure-board", factory: { _ in SwiftLogNoOpLogHandler() })

    func gtfsRepository(
        _ gtfs: GTFSSourceSettings, _ fetch: FetchSettings, clock: any BoardClock, logger: Logger
    ) -> GTFSDeparturesRepository {
        let routes = gtfs.routes.isEmpty ? nil : Set(gtfs.routes)
        // A route is named by id or short name; the store's filter keeps either match.
        let filter = GTFSFilter(
            routeIDs: routes, routeShortNames: routes, headsignContains: gtfs.headsignContains,
            directionID: gtfs.directionID)
        let apiKey = Self.apiKey(fetch)
        let feed = { (url: String) in
            var limits = fetch.limits
            limits.maxResponseBytes = max(limits.maxResponseBytes, TripUpdatesFetcher.Settings.feedLimits.maxResponseBytes)
            return TripUpdatesFetcher.Settings(url: url, apiKey: apiKey, limits: limits)
        }
        return GTFSDeparturesRepository(
            settings: .init(
                storePath: gtfs.storePath, stopIDs: Set(gtfs.stopIDs), filter: filter, window: gtfs.window,
                zone: zone, tripUpdates: gtfs.tripUpdatesURL.map(feed), alerts: gtfs.alertsURL.map(feed),
                realtimeMaxAge: gtfs.realtimeMaxAge, backoff: policy,
                schedule: gtfs.scheduleURL.map { url in
                    var schedule = Self.scheduleSettings(fetch, gtfs, url: url)
                    // Only the real clock moves the saved cadence: never a preview's --now.
                    schedule.recordsChecks = clock.isWallClock
                    return schedule
                },
                cancelledWindow: gtfs.cancelledWindow == .zero ? nil : gtfs.cancelledWindow,
                matchWarningPercent: gtfs.realtimeMatchWarning, includeArrivals: gtfs.arrivals == .show,
                vehiclePositions: gtfs.vehiclePositionsURL.map(feed), language: board.language),
            clock: clock, client: httpClient, logger: logger)
    }

    /// How a GTFS source's timetable is fetched from `url` (its API key, store, stops, member),
    /// from the source's keys alone: `gtfs import <URL>` needs no zone, and a board without
    /// one may have no store to take it from yet.
    static func scheduleSettings(_ fetch: FetchSettings, _ gtfs: GTFSSourceSettings, url: String) -> ScheduleUpdater.Settings {
        ScheduleUpdater.Settings(
            url: url, apiKey: apiKey(fetch), storePath: gtfs.storePath,
            stopIDs: Set(gtfs.stopIDs), member: gtfs.scheduleMember, refresh: gtfs.scheduleRefresh)
    }

    /// The client a source's fetches go through: its `proxy:` over the program's environment.
    static func httpClient(_ source: SourceSettings?, proxyEnvironment: ProxyEnvironment) -> HTTPFetchClient {
        HTTPFetchClient(proxy: ProxySettings(choice: source?.fetch?.proxy, environment: proxyEnvironment))
    }

    private func httpRepository(baseURL: String, stopID: String, fetch: FetchSettings, logger: Logger) -> APIRepository {
        APIRepository(
            settings: .init(
                baseURL: baseURL, stopID: stopID, apiKey: Self.apiKey(fetch), limits: fetch.limits), client: httpClient, logger: logger)
    }
}
