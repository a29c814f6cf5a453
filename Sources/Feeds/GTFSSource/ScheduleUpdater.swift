#if canImport(Glibc)
import Glibc
#endif
public import DeparturesCore
public import GTFSSchedule
public import HTTPFetch
public import Logging
import FeedKit
import Locking
import Retry
import SystemFiles

/// Keeps a board's GTFS store current from the agency's published zip (`schedule_url`):
/// downloads it when there is no store, then checks it every `refresh` with a conditional
/// GET and re-imports only when it changed. The download streams to a file beside the store
/// and the import runs on a low-priority thread; the last good store serves until the new
/// one is complete, and a failed download or import changes nothing but the log and the
/// time of the next try.
public final class ScheduleUpdater: Sendable {
    public struct Settings: Sendable {
        public var url: String
        public var apiKey: APIKey?
        public var storePath: String
        public var stopIDs: Set<String>
        /// The zip inside the zip to import, for feeds published several to a file.
        public var member: String?
        /// How often the published zip is checked.
        public var refresh: Duration
        public var limits: FetchLimits
        /// False for a board on a simulated clock (a preview's `--now`): its checks must not
        /// move the real cadence saved beside the store, or a preview dated 2030 would stop
        /// every real check until then.
        public var recordsChecks: Bool

        /// A timetable download: published zips run to hundreds of megabytes on a slow link,
        /// and stream to a file, not memory.
        public static let downloadLimits = FetchLimits(
            requestTimeout: .seconds(30), resourceTimeout: .seconds(1800),
            maxResponseBytes: 1 << 30)

        public init(
            url: String, apiKey: APIKey? = nil, storePath: String, stopIDs: Set<String>, member: String? = nil,
            refresh: Duration = .seconds(86_400), limits: FetchLimits = downloadLimits, recordsChecks: Bool = true
        ) {
            self.url = url
            self.apiKey = apiKey
            self.storePath = storePath
            self.stopIDs = stopIDs
            self.member = member
            self.refresh = refresh
            self.limits = limits
            self.recordsChecks = recordsChecks
        }
    }

    public enum Outcome: Sendable, Equatable {
        /// Not time to check yet (or a check is already under way).
        case notDue
        /// The server said the zip has not changed (304, or the same validators).
        case unchanged
        case imported(GTFSImportSummary)
        /// Why the check failed (the feed could not be fetched); the store is as it was.
        case failed(String)
        /// Why the copy fetched was refused (not a feed, or one without a board's stop); the
        /// store is as it was.
        case refused(String)
    }

    public let settings: Settings
    private let client: any HTTPFetching
    private let logger: Logger
    /// The last check's outcome, failures and the next check's time (its own backoff: 5 min
    /// doubling, never longer than the refresh itself).
    private let polled: Polled<Outcome, DeparturesError>
    /// A stop of the board's that the last refused timetable lacks.
    private let missingStop = Locked<String?>(nil)
    /// The real time, whatever the board's clock says: a saved check later than it was made
    /// under a simulated clock, and is treated as never made.
    private let wallClock: @Sendable () -> Date

    public init(
        settings: Settings, client: any HTTPFetching = HTTPFetchClient(), logger: Logger,
        wallClock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.settings = settings
        self.client = client
        self.logger = logger
        self.wallClock = wallClock
        // Every check is timed by its caller's instant (the board's clock), never by this one.
        polled = Polled(
            policy: RefreshPolicy(
                interval: settings.refresh, backoff: Backoff(first: .seconds(300), cap: settings.refresh),
                staleLimit: settings.refresh),
            clock: SystemBoardClock())
    }

    /// The outcome of the last check, for status pages and tests.
    public var lastOutcome: Outcome? {
        let snapshot = polled.snapshot
        return snapshot.lastError.map { .failed($0.detail) } ?? snapshot.value
    }

    /// A stop of the board's that the last refused timetable does not have; nil after a success.
    public var lastMissingStop: String? { missingStop.withLock { $0 } }

    /// True while a download or import is under way.
    public var isRunning: Bool { polled.snapshot.isPolling }

    /// Starts a check in the background when one is due and returns at once.
    public func updateInBackground(now: Date) {
        guard let claim = claim(now: now) else { return }
        Task.detached(priority: .background) { [self] in
            var missingStop: String?
            let outcome = await check(now: now, conditional: true, missingStop: &missingStop)
            finish(outcome, claim: claim, missingStop: missingStop, at: now)
        }
    }

    /// Checks now and waits: at start-up without a store, and for `gtfs import URL`.
    /// `conditional: false` downloads whatever the validators say.
    @discardableResult
    public func update(now: Date, conditional: Bool = true, force: Bool = false) async -> Outcome {
        guard let claim = claim(now: now, force: force) else { return .notDue }
        var missingStop: String?
        let outcome = await check(now: now, conditional: conditional, missingStop: &missingStop)
        finish(outcome, claim: claim, missingStop: missingStop, at: now)
        return outcome
    }

    /// Claims a check when one is due; nil when not due or already running.
    private func claim(now: Date, force: Bool = false) -> Polled<Outcome, DeparturesError>.Claim? {
        // The saved cadence is read only until this process has one of its own.
        let saved =
            polled.snapshot.nextDue == nil
            ? PublishedFeed.load(for: settings, wallClock: wallClock()).nextCheck(refresh: settings.refresh) : nil
        guard case .claimed(let claim) = polled.begin(force ? .now : .ifDue(firstDue: saved), at: now) else { return nil }
        return claim
    }

    private func finish(_ outcome: Outcome, claim: Polled<Outcome, DeparturesError>.Claim, missingStop: String?, at now: Date) {
        self.missingStop.withLock { $0 = missingStop }
        let result: Result<Outcome, DeparturesError>
        switch outcome {
        case .failed(let reason), .refused(let reason): result = .failure(.failed(detail: reason))
        case .notDue, .unchanged, .imported: result = .success(outcome)
        }
        polled.end(claim, with: result, at: now)
        let wait = polled.delay
        switch outcome {
        case .notDue: break
        case .unchanged:
            logger.info("timetable unchanged", metadata: ["url": "\(Self.redacted(settings.url))"])
        case .imported(let summary):
            logger.notice(
                "timetable updated",
                metadata: [
                    "departures": "\(summary.boardStopTimes)", "trips": "\(summary.trips)", "store": "\(settings.storePath)",
                ])
            if let problem = summary.translationsProblem {
                logger.warning("timetable translations: \(problem)", metadata: ["url": "\(Self.redacted(settings.url))"])
            }
        case .failed(let reason), .refused(let reason):
            let keeping = access(settings.storePath, F_OK) == 0 ? "keeping the current store" : "no store yet"
            logger.error(
                "timetable update failed, \(keeping): \(reason)",
                metadata: ["next_try_s": "\(wait.components.seconds)"])
        }
    }

    /// `missingStop`: set when the timetable was refused for lacking one of the board's stops.
    private func check(now: Date, conditional: Bool, missingStop: inout String?) async -> Outcome {
        let previous = PublishedFeed.load(for: settings, wallClock: wallClock())
        let download = settings.storePath + ".download-\(getpid()).zip"
        // A killed check leaves its half-downloaded zip; a live process's download stays.
        // The zip is never synced: it is read back from the page cache in this process,
        // and after a crash it is only litter (the validators are saved after the store).
        TemporaryFiles.removeOrphans(prefix: settings.storePath + ".download-") { $0 == ".zip" }
        defer { unlink(download) }
        var headers = [HTTPHeader(name: "Accept", value: "application/zip, */*")]
        var url = settings.url
        do {
            try settings.apiKey?.add(to: &url, headers: &headers, queryName: nil)
        } catch {
            return .failed(error.detail)
        }
        let storeExists = access(settings.storePath, F_OK) == 0
        // With no store, only a copy refused for lacking a stop the board still asks for is
        // worth asking after: unchanged, it lacks it still.
        let refused = storeExists ? nil : previous.refusal.flatMap { $0.askedFor == settings.stopIDs ? $0 : nil }
        if conditional, storeExists || refused != nil { headers += previous.validators.conditionalHeaders }
        let request = HTTPRequest(url: url, headers: headers, limits: settings.limits, bodyFile: download)
        let response: HTTPResponse
        do {
            response = try await client.get(request)
        } catch {
            return .failed("\(Self.redacted(settings.url)): \(error)")
        }
        // The validators describe the store whatever the clock; the time of the check only when real.
        var checked = PublishedFeed(
            url: settings.url, validators: HTTPValidators(of: response),
            checkedAt: settings.recordsChecks ? now : previous.checkedAt)
        if response.status == 304 && storeExists {
            checked.validators = previous.validators.updated(by: response)
            checked.save(for: settings)
            return .unchanged
        }
        if response.status == 304, let refused {
            checked.validators = previous.validators.updated(by: response)
            checked.refusal = refused
            checked.save(for: settings)
            missingStop = refused.missingStop
            return .refused("\(Self.redacted(settings.url)) is unchanged and still has no stop with stop_id '\(refused.missingStop)'")
        }
        guard (200..<300).contains(response.status) else {
            return .failed("HTTP \(response.status) from \(Self.redacted(settings.url))\(response.throughProxy)")
        }
        let importer = GTFSImporter(stopIDs: settings.stopIDs, member: settings.member)
        let storePath = settings.storePath
        let (outcome, lacking): (Outcome, String?) = await LowPriorityThread.run {
            do throws(GTFSImportError) {
                return (.imported(try importer.importFeed(zipPath: download, storePath: storePath)), nil)
            } catch {
                return (.refused("the downloaded timetable was refused: \(error)"), error.missingStop)
            }
        }
        missingStop = lacking
        if case .imported = outcome { checked.save(for: settings) }
        if let lacking, !storeExists {
            checked.refusal = PublishedFeed.Refusal(missingStop: lacking, askedFor: settings.stopIDs)
            checked.save(for: settings)
        }
        return outcome
    }

    /// The URL without its query, where agencies sometimes put keys.
    public static func redacted(_ url: String) -> String {
        url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
    }
}
