public import Observation
public import ZoneInfo

/// The board's view model: keeps the last good departures, refreshes them on a loop, and
/// answers what to show at any instant.
///
/// Rows are stored as instants, not as text, so a board that cannot refresh keeps counting
/// down correctly; `state(at:)` applies the time rules for the frame being drawn.
@MainActor
@Observable
public final class BoardViewModel {
    /// The outcome of the last refresh (loading until the first one ends).
    public private(set) var lastOutcome: BoardStatus = .loading
    /// The message of the last failure, kept while stale or in error.
    public private(set) var message: String?
    /// When the source last answered successfully.
    public private(set) var lastSuccess: Date?
    /// The source's notice (a service alert) from the last successful refresh.
    public private(set) var notice: String?
    /// The last good departures, resolved to instants and sorted.
    public private(set) var departures: [ResolvedDeparture] = []
    /// The detail of the last failure (for logs), nil after a success.
    public private(set) var lastError: DeparturesError?
    /// Failures since the last success; drives the backoff.
    public private(set) var consecutiveFailures = 0
    // For status pages only: not observed, so they never wake the draw loop.
    /// When the last fetch ended, well or badly.
    @ObservationIgnored public private(set) var lastAttempt: Date?
    /// Fetches that ended, and how many of them failed, since the board started.
    @ObservationIgnored public private(set) var fetchCount = 0
    @ObservationIgnored public private(set) var failureCount = 0
    /// The source's own report after the last fetch.
    @ObservationIgnored public private(set) var sourceHealth: SourceHealth?

    public let boardName: String
    @ObservationIgnored private let useCase: LoadDeparturesUseCase
    @ObservationIgnored private let clock: any BoardClock
    @ObservationIgnored public let policy: RefreshPolicy
    @ObservationIgnored private var loop: Task<Void, Never>?
    @ObservationIgnored private var inFlight: Task<Void, Never>?
    @ObservationIgnored private var stopped = false
    /// Decides whether a refresh may fetch at an instant (operating hours); nil: always.
    /// Checked on every refresh, so no timing of other tasks can let a fetch through.
    @ObservationIgnored public var fetchGate: (@Sendable (Date) -> Bool)?

    public init(boardName: String, useCase: LoadDeparturesUseCase,
                clock: any BoardClock = SystemBoardClock(), policy: RefreshPolicy = RefreshPolicy()) {
        self.boardName = boardName
        self.useCase = useCase
        self.clock = clock
        self.policy = policy
    }

    isolated deinit {
        loop?.cancel()
        inFlight?.cancel()
    }

    /// Starts the refresh loop: refresh now, then after each interval (or backoff).
    /// The loop holds the view model weakly, so releasing the board ends it.
    public func start() {
        guard loop == nil else { return }
        stopped = false
        let clock = clock
        loop = Task { [weak self] in
            while !Task.isCancelled {
                guard let delay = await self?.refreshForLoop() else { return }
                do { try await clock.sleep(for: delay) } catch { return }
            }
        }
    }

    /// Ends the loop and any fetch in flight; nothing is fetched after this returns.
    public func stop() {
        stopped = true
        loop?.cancel()
        loop = nil
        inFlight?.cancel()
        inFlight = nil
    }

    public var isRunning: Bool { loop != nil }

    /// True while a fetch is in flight.
    public var isRefreshing: Bool { inFlight != nil }

    /// Refreshes now. A refresh already in flight is joined, never doubled.
    public func refresh() async {
        guard !stopped else { return }
        if let fetchGate, !fetchGate(clock.now) { return }
        if let inFlight {
            await inFlight.value
            return
        }
        let task = Task { [useCase, clock] in
            let outcome: Result<[ResolvedDeparture], DeparturesError>
            var notice: String?
            do throws(DeparturesError) {
                outcome = .success(try await useCase(now: clock.now))
                notice = await useCase.notice()
            } catch {
                outcome = .failure(error)
            }
            let health = await useCase.health()
            guard !Task.isCancelled else { return }
            self.sourceHealth = health
            self.apply(outcome, notice: notice, at: clock.now)
        }
        inFlight = task
        await task.value
        if inFlight == task { inFlight = nil }
    }

    private func refreshForLoop() async -> Duration? {
        guard !stopped else { return nil }
        await refresh()
        return stopped ? nil : policy.delay(afterConsecutiveFailures: consecutiveFailures)
    }

    private func apply(_ outcome: Result<[ResolvedDeparture], DeparturesError>, notice: String?, at now: Date) {
        lastAttempt = now
        fetchCount += 1
        if case .failure = outcome { failureCount += 1 }
        switch outcome {
        case .success(let fresh):
            departures = fresh
            self.notice = notice
            lastSuccess = now
            lastOutcome = fresh.isEmpty ? .empty : .ok
            message = nil
            lastError = nil
            consecutiveFailures = 0
        case .failure(let error):
            consecutiveFailures += 1
            lastError = error
            message = error.userMessage
            lastOutcome = .error
        }
    }

    /// What to show at `now`: the time rules applied to the stored departures.
    public func state(at now: Date) -> BoardState {
        let visible = useCase.rules.visible(departures, now: now)
        let live = useCase.repository.providesLiveData
        let rows = visible.map { DepartureRow($0, now: now, zone: zone, liveDataExpected: live) }
        let status: BoardStatus
        var shownRows = rows
        var shownMessage: String? = nil
        switch lastOutcome {
        case .loading:
            status = .loading
            shownRows = []
        case .ok, .empty:
            status = rows.isEmpty ? .empty : .ok
        case .stale, .error:
            let withinLimit = lastSuccess.map { now.timeIntervalSince($0) <= policy.staleLimit.timeInterval } ?? false
            if withinLimit && !rows.isEmpty {
                status = .stale
            } else {
                status = .error
                shownRows = []
            }
            shownMessage = message
        }
        // A notice belongs beside fresh rows; stale and error boards carry their own message.
        return BoardState(boardName: boardName, now: now, status: status, message: shownMessage,
                          updated: lastSuccess, rows: shownRows, notice: status == .ok ? notice : nil, zone: zone)
    }

    /// The time rules this board shows its departures by.
    public var rules: DepartureRules { useCase.rules }

    /// The board's zone: every time it shows is read in it.
    public var zone: TimeZoneRules { useCase.rules.calendar.zone }

    /// The state at the clock's current instant.
    public var currentState: BoardState { state(at: clock.now) }
}
