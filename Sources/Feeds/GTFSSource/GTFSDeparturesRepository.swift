#if canImport(Glibc)
import Glibc
#endif
public import DeparturesCore
public import GTFSRealtime
public import GTFSSchedule
public import Logging
public import HTTPFetch
import Locking
public import ZoneInfo

/// Departures from an agency's own feeds: the timetable from the local GTFS store
/// (`departure-board gtfs import`), corrected by GTFS-Realtime TripUpdates when a feed is
/// configured, fresh and reachable.
///
/// A realtime outage never blanks the board: the last good feed keeps serving while it is
/// younger than `realtimeMaxAge`, then rows fall back to the timetable and show as
/// scheduled (`realtime: false`), which the board marks. Failed polls back off like the
/// board's own refreshes (`backoff`). Only a missing or broken store is an error, since then
/// there is nothing true to show.
public struct GTFSDeparturesRepository: DeparturesRepository {
    public struct Settings: Sendable {
        public var storePath: String
        public var stopIDs: Set<String>
        public var filter: GTFSFilter
        /// How far ahead the timetable is read.
        public var window: Duration
        /// How far back: a trip scheduled a little earlier may still be running late.
        public var lookBack: Duration
        /// The board's zone (its own `timezone`, else the agency's).
        public var zone: TimeZoneRules
        public var tripUpdates: TripUpdatesFetcher.Settings?
        /// A ServiceAlerts feed; alerts inside the TripUpdates feed count too.
        public var alerts: TripUpdatesFetcher.Settings?
        /// A VehiclePositions feed, for how full each row's vehicle is; vehicles inside the
        /// TripUpdates feed count too.
        public var vehiclePositions: TripUpdatesFetcher.Settings?
        /// The board's BCP 47 tag: which of an alert's translations it shows, and of the
        /// timetable's headsigns, stop and route names (translations.txt).
        public var language: String?
        public var realtimeMaxAge: Duration
        /// Retry spacing after failed realtime polls: the board's refresh interval, doubling
        /// up to its max_backoff.
        public var backoff: RefreshPolicy
        /// The agency's published zip, kept current by a `ScheduleUpdater`; nil: `gtfs import` by hand.
        public var schedule: ScheduleUpdater.Settings?
        /// Cancelled trips and skipped stops show while at most this far ahead; nil hides them.
        public var cancelledWindow: Duration?
        /// A feed matching fewer of the board's trips than this percentage is a warning.
        public var matchWarningPercent: Int
        /// Show calls where no one boards (drop-off only, a trip's last stop), marked as arrivals.
        public var includeArrivals: Bool

        public init(
            storePath: String, stopIDs: Set<String>, filter: GTFSFilter = .all, window: Duration = .seconds(7_200),
            lookBack: Duration = .seconds(30 * 60), zone: TimeZoneRules,
            tripUpdates: TripUpdatesFetcher.Settings? = nil, alerts: TripUpdatesFetcher.Settings? = nil,
            realtimeMaxAge: Duration = RealtimeApplier.defaultStaleLimit,
            backoff: RefreshPolicy = RefreshPolicy(), schedule: ScheduleUpdater.Settings? = nil,
            cancelledWindow: Duration? = RealtimeApplier.defaultCancelledWindow, matchWarningPercent: Int = 50,
            includeArrivals: Bool = false, vehiclePositions: TripUpdatesFetcher.Settings? = nil,
            language: String? = nil
        ) {
            self.vehiclePositions = vehiclePositions
            self.language = language
            self.includeArrivals = includeArrivals
            self.schedule = schedule
            self.cancelledWindow = cancelledWindow
            self.matchWarningPercent = matchWarningPercent
            self.storePath = storePath
            self.stopIDs = stopIDs
            self.filter = filter
            self.window = window
            self.lookBack = lookBack
            self.zone = zone
            self.tripUpdates = tripUpdates
            self.alerts = alerts
            self.realtimeMaxAge = realtimeMaxAge
            self.backoff = backoff
        }
    }

    public let settings: Settings
    private let clock: any BoardClock
    private let fetcher: TripUpdatesFetcher?
    private let storeCache = StoreCache()
    let realtime: RealtimeFeed
    private let alertsFetcher: TripUpdatesFetcher?
    let alertsPolling: RealtimeFeed
    private let vehiclesFetcher: TripUpdatesFetcher?
    let vehiclesPolling: RealtimeFeed
    private let currentNotice = SharedNotice()
    private let healthLog = RealtimeHealthLog()
    /// Keeps the store current when the board names its schedule's URL.
    public let updater: ScheduleUpdater?
    private let logger: Logger

    /// `client` carries the realtime polls and the timetable downloads (with the board's proxy).
    public init(
        settings: Settings, clock: any BoardClock, fetcher: TripUpdatesFetcher? = nil,
        client: any HTTPFetching = HTTPFetchClient(),
        logger: Logger = Logger(label: "departure-board.gtfs", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        self.settings = settings
        self.clock = clock
        self.logger = logger
        self.updater = settings.schedule.map { ScheduleUpdater(settings: $0, client: client, logger: logger) }
        self.fetcher = fetcher ?? settings.tripUpdates.map { TripUpdatesFetcher(settings: $0, client: client) }
        self.alertsFetcher = settings.alerts.map { TripUpdatesFetcher(settings: $0, client: client) }
        self.vehiclesFetcher = settings.vehiclePositions.map { TripUpdatesFetcher(settings: $0, client: client) }
        // Due half a second early, so a refresh that comes back exactly one wait later polls.
        (realtime, alertsPolling, vehiclesPolling) = (
            RealtimeFeed(policy: settings.backoff, clock: clock, dueSlack: .milliseconds(500)),
            RealtimeFeed(policy: settings.backoff, clock: clock, dueSlack: .milliseconds(500)),
            RealtimeFeed(policy: settings.backoff, clock: clock, dueSlack: .milliseconds(500))
        )
    }

    /// The board's service alerts from the last fetch, at most two, joined.
    public func notice() async -> String? {
        currentNotice.value.withLock { $0 }
    }

    public func departures() async throws(DeparturesError) -> [Departure] {
        try await answer().departures
    }

    /// The rows with realtime applied, their vehicles' crowding and the alerts that concern
    /// them. Only the timetable can fail it: a failing or stale feed leaves out what it gave.
    public func answer() async throws(DeparturesError) -> SourceAnswer {
        let now = clock.now
        if let updater {
            // Without a store there is nothing true to show: wait for the first download.
            // With one, the check runs beside the board and a new store is picked up when complete.
            if access(settings.storePath, F_OK) != 0 {
                await updater.update(now: now)
                if access(settings.storePath, F_OK) != 0, case .failed(let reason)? = updater.lastOutcome {
                    if let stop = updater.lastMissingStop {
                        let feed = ScheduleUpdater.redacted(updater.settings.url)
                        throw .misconfigured(
                            message: Self.noSuchStop(stop),
                            detail: "\(feed) has no stop with stop_id '\(stop)'; find the stop's id with "
                                + "`departure-board gtfs stops \(feed) --name NAME`")
                    }
                    throw .failed(detail: "no timetable yet: the download failed: \(reason)")
                }
            } else {
                updater.updateInBackground(now: now)
            }
        }
        let store = try storeCache.store(at: settings.storePath)
        let missing = store.missingStops(settings.stopIDs)
        guard missing.isEmpty else {
            // Otherwise a board whose stops changed since the import would just look empty.
            throw .misconfigured(
                message: Self.noSuchStop(missing[0]),
                detail: "GTFS store \(settings.storePath) was imported for stops "
                    + "\(store.requestedStopIDs.sorted().joined(separator: ", ")), not \(missing.joined(separator: ", ")); "
                    + Self.importHint + " again")
        }
        let scheduled: [ScheduledDeparture]
        let texts = store.translations(for: settings.language)
        do {
            scheduled = try store.scheduledDepartures(
                stopIDs: settings.stopIDs, at: now, window: settings.window, lookBack: settings.lookBack,
                zone: settings.zone, filter: settings.filter, includeDropOffOnly: settings.includeArrivals,
                translations: texts)
        } catch {
            throw .failed(detail: "GTFS store \(error)")
        }
        if scheduled.isEmpty { try checkService(store, now: now) }
        // The feeds at once: a hanging one costs its own timeout, not the sum.
        async let trips: Void = poll(fetcher, realtime, named: "realtime feed", url: settings.tripUpdates?.url)
        async let alerts: Void = poll(alertsFetcher, alertsPolling, named: "service alerts feed", url: settings.alerts?.url)
        async let vehicles: Void = poll(
            vehiclesFetcher, vehiclesPolling, named: "vehicle positions feed",
            url: settings.vehiclePositions?.url)
        _ = await (trips, alerts, vehicles)
        let applier = RealtimeApplier(
            calendar: ServiceDayCalendar(zone: settings.zone), staleLimit: settings.realtimeMaxAge,
            cancelledWindow: settings.cancelledWindow, lookups: lookups(store, texts),
            stopSequence: { trip, stop in store.stopSequence(tripID: trip, stopID: stop) })
        let result = applier.apply(scheduled, feed: realtime.value, now: now, boardStopIDs: boardStops(store))
        if realtime.value != nil, let url = settings.tripUpdates?.url {
            healthLog.record(
                RealtimeHealth(result), warnBelow: settings.matchWarningPercent,
                url: ScheduleUpdater.redacted(url), logger: logger)
        }
        var messages = result.alerts
        if let feed = alertsPolling.value, applier.isFresh(feed, now: now) {
            let stops = settings.stopIDs.union(scheduled.map(\.stopID))
            messages += ServiceAlerts.messages(in: feed, routeIDs: Set(scheduled.map(\.routeID)), stopIDs: stops, now: now)
                .filter { !messages.contains($0) }
        }
        currentNotice.value.withLock { $0 = messages.isEmpty ? nil : messages.prefix(2).joined(separator: " · ") }
        return annotated(
            result.departures, scheduled: scheduled, store: store, texts: texts,
            isFresh: { applier.isFresh($0, now: now) })
    }

    /// Only a TripUpdates feed makes rows live.
    public var providesLiveData: Bool { settings.tripUpdates != nil }

    /// How to fill the store, said the same way in every message that needs it.
    static let importHint = "run `departure-board gtfs import FEED.zip --board BOARD`"

    /// What the panel says of a stop the timetable does not have: short, with the id to check.
    static func noSuchStop(_ stopID: String) -> String { "No stop \(stopID) in timetable" }

    /// The TripUpdates feed's fit to the timetable after the last refresh; nil before a feed arrived.
    public var realtimeHealth: RealtimeHealth? { healthLog.current }

    public func health() async -> SourceHealth? {
        let current = healthLog.current, error = realtime.snapshot.lastError?.description
        guard current != nil || error != nil else { return nil }
        return SourceHealth(realtimeMatchRate: current?.matchRate, realtimeSummary: current?.summary, realtimeError: error)
    }

    /// Why the last TripUpdates, ServiceAlerts and VehiclePositions polls failed (nil: fine
    /// or not configured).
    public var realtimeErrors: (tripUpdates: String?, alerts: String?, vehiclePositions: String?) {
        (
            realtime.snapshot.lastError?.description, alertsPolling.snapshot.lastError?.description,
            vehiclesPolling.snapshot.lastError?.description
        )
    }

    /// One poll of a feed when it is due; failures back off, the last good feed stays.
    /// A failure is logged when its cause changes, and so is the recovery: the board only
    /// marks rows as scheduled, so the journal is where an operator learns why.
    private func poll(_ fetcher: TripUpdatesFetcher?, _ polling: RealtimeFeed, named name: String, url: String?) async {
        guard let fetcher else { return }
        let place: Logger.Metadata = url.map { ["url": "\(ScheduleUpdater.redacted($0))"] } ?? [:]
        let outcome = await polling.poll(ifDue: true, whilePolling: .skip) { () throws(DeparturesError) in
            let feed = try await fetcher.fetch().feed
            // A feed stamped older than the one held (a lagging mirror or cache behind a load
            // balancer) does not replace it: the board keeps the newest data it was given.
            if let held = polling.value, held.header.hasTimestamp, feed.header.hasTimestamp,
                feed.header.timestamp < held.header.timestamp
            {
                return held
            }
            return feed
        }
        switch outcome {
        case .succeeded(let ended?):
            logger.notice("\(name) recovered (it had failed: \(ended.error.description))", metadata: place)
        case .failed(let error, _, newCause: true):
            logger.warning(
                "\(name): \(error.description); rows show the timetable once the last good feed is too old",
                metadata: place)
        default:
            break
        }
    }
}

/// A realtime side feed: the last feed that decoded (the applier judges its age), and when to
/// try again after failures.
typealias RealtimeFeed = Polled<TransitRealtime_FeedMessage, DeparturesError>

/// The notice of the last refresh, shared by the copies of the repository.
final class SharedNotice: Sendable {
    let value = Locked<String?>(nil)
}

/// Opens the store once, and again after `gtfs import` replaced the file (a new inode), so
/// a running board picks up a fresh timetable without a restart.
final class StoreCache: Sendable {
    private let current = Locked<(store: GTFSStore, identity: FileIdentity?)?>(nil)

    func store(at path: String) throws(DeparturesError) -> GTFSStore {
        let identity = FileIdentity(path: path)
        let result: Result<GTFSStore, DeparturesError> = current.withLock { current in
            if let current, identity != nil, current.identity == identity { return .success(current.store) }
            do {
                let store = try GTFSStore(path: path)
                current = (store, identity)
                return .success(store)
            } catch {
                // The last good timetable beats none (a replaced file that does not open).
                if let current { return .success(current.store) }
                let hint = GTFSDeparturesRepository.importHint
                return .failure(.failed(detail: "GTFS store \(error); \(hint)"))
            }
        }
        return try result.get()
    }
}

/// Device and inode of a file, to notice it was replaced.
struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
